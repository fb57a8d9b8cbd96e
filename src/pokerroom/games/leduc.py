"""Leduc hold'em, a research game (F. Southey, M. Bowling, B. Larson, C. Piccione, N. Burch, D. Billings and C.
Rayner, "Bayes' Bluff: Opponent Modelling in Poker", UAI 2005; RLCard's ``leduc-holdem``, OpenSpiel's
``leduc_poker``): hold'em cut down until its tree can be walked exactly.  Not a rulebook game; the room never
offers it (``Game.research``).

* the deck: six cards, the jack, queen and king in two suits, hearts and spades (:data:`LEDUC_DECK`; RLCard's
  suits, OpenSpiel names none; suits never matter);
* two players; each antes 1 and is dealt one card face down;
* two betting rounds at fixed limit, a bet of 2 in the first and 4 in the second, at most a bet and one raise in
  each (the cap is two bets); each round is opened by the player left of the button (heads-up the player without
  it), and folding with nothing to call is refused (the literature's fold, call/check and raise);
* one board card after the first round;
* the showdown: a card that pairs the board beats any other, else the higher card wins; equal ranks split the pot
  (:data:`~pokerroom.rankings.few.FEW_HIGH` on the card and the board card).
"""

from __future__ import annotations

from pokerroom.cards import make_card
from pokerroom.games.base import Family, Game, HouseDefaults, Opener, Share, Street
from pokerroom.games.structures import Limit
from pokerroom.rankings.few import FEW_HIGH

__all__ = ["LEDUC", "LEDUC_DECK"]

LEDUC_DECK: tuple[int, ...] = tuple(make_card(rank, suit) for rank in (9, 10, 11) for suit in (2, 3))
"""Jh, Js, Qh, Qs, Kh, Ks (card ints 38, 39, 42, 43, 46, 47)."""

LEDUC = Game(
    id="leduc",
    name="Leduc hold'em",
    family=Family.BOARD,
    deck=LEDUC_DECK,
    streets=(Street("preflop", hole=1, opener=Opener.BUTTON), Street("flop", board=1, opener=Opener.BUTTON)),
    shares=(Share("high", FEW_HIGH),),
    limits=(Limit.FIXED,),
    default_limit=Limit.FIXED,
    min_players=2,
    max_players=2,
    aliases=("leduc-holdem", "leduc-hold'em", "leduc_poker"),
    house=HouseDefaults(ante=1, fixed_bets=(2, 4), fixed_cap=2, fold_without_bet=False),
    research=True,
)
