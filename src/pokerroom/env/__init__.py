"""A PettingZoo AEC environment for every game of the registry (issue 22; docs/env.md).

>>> env = make("stud8", players=3, seed=1)
>>> env.reset()
>>> sorted(env.observe(env.agent_selection))
['action_mask', 'observation']

* :func:`make` builds a :class:`PokerEnv` from a game id, the seats, the limit and the stakes;
* :mod:`pokerroom.env.actions`: the discrete action set and its mask; :mod:`pokerroom.env.observe`: the
  observation vector's layout.
"""

from __future__ import annotations

from pokerroom.env.aec import PokerEnv
from pokerroom.errors import UnsupportedRule
from pokerroom.games import Limit, find
from pokerroom.games.stakes import table_stakes

__all__ = ["PokerEnv", "make"]


def make(
    game_id: str,
    players: int = 2,
    *,
    limit: Limit | str | None = None,
    stakes: str | None = None,
    stack: int | None = None,
    seed: int | None = None,
    auto_showdown: bool = True,
    render_mode: str | None = None,
) -> PokerEnv:
    """An environment for ``game_id`` (an id or alias of :func:`pokerroom.games.find`) at ``players`` seats.

    ``limit``: the betting structure (default: the game's own); ``stakes``: ``"SMALL/BIG"`` as at the command
    line (blinds, or the small and big bet in fixed limit and stud; default: the game's usual stakes, RULES
    §3.9); ``stack``: every seat's starting chips (default 100 table units); ``seed``: the deals' seed;
    ``auto_showdown=False``: the engine asks each seat to show or muck.  Bad input raises
    :class:`~pokerroom.errors.UnsupportedRule` (or ``ValueError`` for unreadable stakes) saying what is allowed."""
    game = find(game_id)
    if not game.min_players <= players <= game.max_players:
        raise UnsupportedRule(f"{game.id} seats {game.min_players} to {game.max_players} players, not {players}")
    structure = game.default_limit if limit is None else limit if isinstance(limit, Limit) else Limit.parse(limit)
    table = table_stakes(game, structure, stakes)
    chips = 100 * table.unit if stack is None else stack
    if chips <= 0:
        raise UnsupportedRule(f"the starting stack is a positive number of chips, not {chips}")
    if render_mode not in (None, "ansi"):
        raise UnsupportedRule(f"render modes: 'ansi' or None, not {render_mode!r}")
    return PokerEnv(game, players, table, chips, seed=seed, auto_showdown=auto_showdown, render_mode=render_mode)
