"""What equity reads of a game, all of it from the game registry (:mod:`pokerroom.games`, ``pokerroom games``).

Equity keeps no list of its own: :func:`find` takes every id and alias the registry knows (and nothing else) and
returns an :class:`EquityGame`, the registry's :class:`~pokerroom.games.Game` with what equity needs worked out
from its declaration:

* the deck (``Game.deck``);
* the cards each player holds at the end, ``hole``: every street's hole and up cards (``Game.hole_cards``);
* the community cards, ``board``: every street's board cards (a Telesina Vela is a board card);
* the pot shares (``Game.shares``): one, or a high and a qualifying low that split each pot in half (RULES G4,
  G7, G10); each share values its :class:`~pokerroom.games.Selection` of cards with its ranking (the best five of
  the player's cards and the board, or Omaha's two hole and three board cards);
* a share's pot-level rule (``Share.pot_keys``: Telesina's heads-up straight-flush rule, RULES G14), applied in
  its array form (:func:`pokerroom.rankings.batch.batch_pot_rule`).

Draw games are valued with the hands as they stand (no draws to come); stud games with every player's cards, up
and down alike.  Ranges (``QQ+``, ``AAKKds``) are read in the board games (hold'em and Omaha shapes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerroom.errors import UnsupportedRule
from pokerroom.games import Family, Game, Selection, Share
from pokerroom.games import find as find_game

if TYPE_CHECKING:
    from pokerroom.rankings.batch import BatchPotRule

__all__ = ["EquityGame", "find"]


@dataclass(frozen=True)
class EquityGame:
    """One registry game as :func:`pokerroom.equity.equity` deals and settles it.

    ``game``: the registry's :class:`~pokerroom.games.Game`; ``hole``: the cards each player ends with (their
    own, down and up); ``board``: community cards (0 for none); ``shares``: the game's pot shares, one or two (a
    second share is the qualifying low of a hi/lo game); ``pot_rules``: per share, the array form of its
    pot-level rule, or ``None``.  Build one with :meth:`of`.
    """

    game: Game
    hole: int
    board: int
    shares: tuple[Share, ...]
    pot_rules: tuple[BatchPotRule | None, ...]

    @classmethod
    def of(cls, game: Game) -> EquityGame:
        """``game`` read for equity.

        Raises :class:`~pokerroom.errors.UnsupportedRule` naming what equity cannot settle: more than two pot
        shares, Omaha's selection without a board, or a pot-level rule with no array form.
        """
        hole = game.hole_cards
        board = sum(s.board for s in game.streets)
        if not 1 <= len(game.shares) <= 2:
            raise UnsupportedRule(f"equity in {game.id}: {len(game.shares)} pot shares; equity settles one share "
                                  "or a high and a low")  # fmt: skip
        if any(s.selection is Selection.OMAHA for s in game.shares) and (board < 3 or hole < 2):
            raise UnsupportedRule(f"equity in {game.id}: two hole and three board cards need a board of three or "
                                  f"more, and {game.id} deals {board}")  # fmt: skip
        rules = tuple(None if s.pot_keys is None else _array_form(s) for s in game.shares)
        return cls(game, hole, board, game.shares, rules)

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def deck(self) -> tuple[int, ...]:
        return self.game.deck

    @property
    def hi_lo(self) -> bool:
        """Whether each pot is split between a high and a qualifying low."""
        return len(self.shares) == 2

    @property
    def omaha(self) -> bool:
        """Whether some share takes exactly two hole cards and three board cards."""
        return any(s.selection is Selection.OMAHA for s in self.shares)

    @property
    def ranges(self) -> bool:
        """Whether players may be given as ranges: the board games (hold'em and Omaha shapes)."""
        return self.game.family is Family.BOARD

    @property
    def common_card(self) -> bool:
        """Whether the game deals one common card when the deck cannot give every player a last card (stud)."""
        return self.game.stud is not None and self.game.stud.common_card


def _array_form(share: Share) -> BatchPotRule:
    from pokerroom.rankings.batch import batch_pot_rule  # the batch evaluators: loaded where a game needs them

    assert share.pot_keys is not None
    return batch_pot_rule(share.pot_keys)


_READ: dict[str, EquityGame] = {}


def find(name: str) -> EquityGame:
    """The game called ``name``: any id or alias of :func:`pokerroom.games.find` (``pokerroom games``).

    Raises :class:`~pokerroom.errors.UnsupportedRule` naming the known games for any other name, and for what
    :meth:`EquityGame.of` cannot settle.
    """
    game = find_game(name)
    held = _READ.get(game.id)
    if held is None or held.game is not game:
        held = _READ[game.id] = EquityGame.of(game)
    return held
