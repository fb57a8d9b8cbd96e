"""Kuhn poker, a research game (H. W. Kuhn, "A simplified two-person poker", Contributions to the Theory of Games
I, 1950; OpenSpiel's ``kuhn_poker``, the ACPC's ``kuhn.limit.2p.game``): the smallest poker game whose tree is
walked exactly in the literature.  Not a rulebook game; the room never offers it (``Game.research``).

* the deck: three cards, the jack, queen and king of spades (:data:`KUHN_DECK`; the literature names only the
  ranks, the suit is ours and never matters);
* two players; each antes 1 and is dealt one card face down;
* one betting round at fixed limit: a bet of 1 and no raise (the cap is one bet), opened by the player left of
  the button (heads-up the player without it: OpenSpiel's player 0 with the button on player 1); with no bet
  pending a player checks (PASS) or bets, facing the bet calls or folds (PASS), and folding with nothing to
  call is refused, as in the literature's two actions;
* the showdown: the higher card takes the pot (a pot of 2 after check, check; 4 after bet, call).

Three-player Kuhn poker (the ACPC's ``kuhn.limit.3p.game``, OpenSpiel's ``players=3``) deals from a four-card deck
(J, Q, K, A), so it is another game, not this one at another table size; it is not registered, and this game
seats exactly two.
"""

from __future__ import annotations

from pokerroom.cards import make_card
from pokerroom.games.base import Family, Game, HouseDefaults, Opener, Share, Street
from pokerroom.games.structures import Limit
from pokerroom.rankings.few import FEW_HIGH

__all__ = ["KUHN", "KUHN_DECK"]

KUHN_DECK: tuple[int, ...] = tuple(make_card(rank, 3) for rank in (9, 10, 11))
"""Js, Qs, Ks (card ints 39, 43, 47)."""

KUHN = Game(
    id="kuhn",
    name="Kuhn poker",
    family=Family.BOARD,
    deck=KUHN_DECK,
    streets=(Street("deal", hole=1, opener=Opener.BUTTON),),
    shares=(Share("high", FEW_HIGH),),
    limits=(Limit.FIXED,),
    default_limit=Limit.FIXED,
    min_players=2,
    max_players=2,
    aliases=("kuhn-poker", "kuhn_poker"),
    house=HouseDefaults(ante=1, fixed_bets=(1, 1), fixed_cap=1, fold_without_bet=False),
    research=True,
)
