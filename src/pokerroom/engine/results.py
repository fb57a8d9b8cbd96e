"""What a settled hand's showdown means in words: hand names under every share, and each pot's split by share
(high and low halves of a hi/lo pot) as the showdown paid it (RULES §2.4, §6.3).

Used by the terminal narrator and the server's results; the engine's own events stay the record.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.engine.events import Event
from pokerroom.engine.hand import Hand
from pokerroom.errors import PokerroomError
from pokerroom.games import Game

__all__ = ["hand_name", "pot_shares"]


def hand_name(game: Game, hole: Sequence[int], board: Sequence[int]) -> str:
    """The hand's name under every share (``flush, ace high; 8-6-4-3-2``), ``""`` when it cannot be valued."""
    names: list[str] = []
    for share in game.shares:
        try:
            value = share.evaluate(hole, board)
            names.append(share.describe(value) if value else f"no {share.name}")
        except (PokerroomError, KeyError, IndexError):
            return ""
    return "; ".join(names)


def pot_shares(hand: Hand, event: Event) -> list[tuple[str, list[tuple[int, int]]]] | None:
    """Each share's payouts of one pot of ``hand`` (its ``POT`` ``event``) as the showdown paid them (RULES §2.4,
    §6.3): ``[(share name, [(seat, chips), ...]), ...]`` in the game's share order, a share nobody qualified for
    left out; ``None`` when the pot was not split among shares (one contender, a game with one share, a pot split
    by agreement)."""
    if event.shares is None:
        return None
    return [(name, list(payouts)) for name, payouts in event.shares]
