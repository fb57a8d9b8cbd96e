"""A finished hand's result as data for the felt: who won how much, with which hand (issue 18).

The page turns each item into a line in the reader's language ("alice wins 62 with two pair, tens and eights",
"bob wins 12, uncontested"), so a hand is given as a stable category id (:data:`CATEGORY_IDS`) and the ranks its
name is made of, besides the English ``name`` and the five cards used (``best``, to raise them on the felt).
Categories, names and the five cards come from the rankings themselves (:meth:`Ranking.classified`,
:meth:`Share.describe`, :meth:`Share.cards`); nothing here values a hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import RANKS, SUITS
from pokerroom.engine import EventType
from pokerroom.engine.codec import card_text
from pokerroom.engine.hand import Hand
from pokerroom.errors import PokerroomError
from pokerroom.games.base import Game, Share
from pokerroom.rankings import Category, Classified
from pokerroom.room.record import HandRecord

__all__ = ["CATEGORY_IDS", "NO_PAIR", "hand_json", "shown_hands", "summary", "uncontested"]

CATEGORY_IDS: dict[Category, str] = {
    Category.STRAIGHT_FLUSH: "straight-flush",
    Category.FOUR_OF_A_KIND: "four-of-a-kind",
    Category.FULL_HOUSE: "full-house",
    Category.FLUSH: "flush",
    Category.STRAIGHT: "straight",
    Category.THREE_OF_A_KIND: "three-of-a-kind",
    Category.TWO_PAIR: "two-pair",
    Category.FOUR_FLUSH: "four-flush",
    Category.FOUR_STRAIGHT: "four-straight",
    Category.ONE_PAIR: "one-pair",
    Category.HIGH_CARD: "high-card",
    Category.NO_HAND: "no-hand",
}
"""The machine id of each hand category (docs/protocol.md, "Hand categories"); a low with no pair is
:data:`NO_PAIR` instead of ``high-card``.  Page translators key their hand names on these: never rename one."""

NO_PAIR = "no-pair"
"""The category id of a low hand (share ``low``) with no pair: ``8-6-4-3-2``, the wheel, ``7-5-4-3-2``."""

_NAMED: dict[Category, tuple[int, ...]] = {
    Category.TWO_PAIR: (0, 2),
    Category.FULL_HOUSE: (0, 3),
}
"""Which of the five display ranks a category's name is made of (the largest group first): both pairs, the
trips and the pair; every other category names its first rank (the pair, the top of a straight or flush).  A low
with no pair names all five."""


def _ranks(hand: Classified, category: str) -> list[str]:
    picks = range(len(hand.ranks)) if category == NO_PAIR else _NAMED.get(hand.category, (0,))
    return [RANKS[hand.ranks[i]] for i in picks]


def hand_json(share: Share, cards: Sequence[int], board: Sequence[int]) -> dict[str, object] | None:
    """One player's hand under one share: ``{"share", "category", "ranks", "suit", "name", "best"}``, or
    ``None`` when it does not qualify (no eight-or-better low).  ``ranks``: the ranks the name is made of, as
    rank letters (``["T", "8"]`` for two pair, tens and eights; a low with no pair all five, highest first);
    ``suit``: the suit letter that breaks ties in a suit-ranked game (Telesina, 32-card draw: the flush's suit in
    ``"flush, hearts"``, the top pair's), else ``None``;
    ``name``: the English name; ``best``: the five cards used, as text, in display order."""
    value = share.evaluate(cards, board)
    if value is None:
        return None
    hand = share.ranking.classified(value)
    category = NO_PAIR if share.name == "low" and hand.category is Category.HIGH_CARD else CATEGORY_IDS[hand.category]
    return {
        "share": share.name,
        "category": category,
        "ranks": _ranks(hand, category),
        "suit": None if hand.suit is None else SUITS[hand.suit],
        "name": share.describe(value),
        "best": [card_text(c) for c in share.cards(cards, board)],
    }


def shown_hands(game: Game, cards: Sequence[int], board: Sequence[int]) -> list[dict[str, object]]:
    """The hand of ``cards`` shown at a showdown under each of ``game``'s shares, for the page to name in its
    language: :func:`hand_json` per share, and for a share the cards do not qualify for (no eight-or-better low)
    ``{"share", "category": "no-hand", "ranks": [], "suit": None, "name": "no low", "best": []}``.  ``[]`` when
    the cards cannot be valued (too few, as :func:`pokerroom.engine.results.hand_name` gives ``""``)."""
    out: list[dict[str, object]] = []
    for share in game.shares:
        try:
            described = hand_json(share, cards, board)
        except (PokerroomError, KeyError, IndexError):
            return []
        if described is None:
            described = {"share": share.name, "category": CATEGORY_IDS[Category.NO_HAND], "ranks": [], "suit": None}
            described |= {"name": f"no {share.name}", "best": []}
        out.append(described)
    return out


def uncontested(hand: Hand) -> bool:
    """Whether the hand ended with one player left, everyone else having folded (no showdown)."""
    return hand.folded.count(False) == 1


def summary(record: HandRecord, hand: Hand) -> list[dict[str, object]]:
    """Who won chips in the settled ``hand`` (``record`` its record), in table seat order: ``[{"seat", "player",
    "amount", "uncontested", "hands"}]``.  ``amount``: chips won from every pot (rake already taken);
    ``uncontested``: everyone else folded; ``hands``: for each share the player won a contested pot with (in the
    game's share order), :func:`hand_json` of the cards shown.  A voided hand has no winners: ``[]``."""
    if record.voided:
        return []
    game = hand.game
    seat_of = [seat for seat, _ in record.players]
    won: dict[int, int] = {}
    shares_won: dict[int, set[str]] = {}
    shown: dict[int, tuple[int, ...]] = {}
    for e in record.events:
        if e.type is EventType.SHOW and e.seat is not None and e.cards is not None:
            shown[e.seat] = e.cards
        if e.type is not EventType.POT or e.winners is None:
            continue
        for s, chips in e.winners:
            won[s] = won.get(s, 0) + chips
        if e.text == "split" or e.eligible is None or len(e.eligible) < 2:
            continue  # split by agreement (32-card draw) or nobody to beat: no hand won it
        paid = e.shares if e.shares is not None else ((game.shares[0].name, e.winners),)
        for name, payouts in paid:
            for s, _ in payouts:
                shares_won.setdefault(s, set()).add(name)
    alone = uncontested(hand)
    out: list[dict[str, object]] = []
    for s in sorted((k for k in won if won[k] > 0), key=lambda k: seat_of[k]):
        hands = []
        for share in game.shares:
            if share.name in shares_won.get(s, ()) and s in shown:
                described = hand_json(share, shown[s], hand.board)
                if described is not None:
                    hands.append(described)
        out.append(
            {
                "seat": seat_of[s],
                "player": record.players[s][1],
                "amount": won[s],
                "uncontested": alone,
                "hands": hands,
            }
        )
    return out
