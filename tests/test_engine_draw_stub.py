"""Issue 16, part 1 (RULES §2.5, settled decision 22): a draw always completes while enough eligible cards exist,
the legal range never offers more discards than can be replaced, and a refused draw changes nothing.

Eligible cards for a drawer: the stub, folded hands and every discard so far, less every card this drawer
discarded in the hand.  A stub made by an earlier reshuffle that holds the drawer's own discards puts them back in
the muck as they come and, when it runs out, is reshuffled again with every eligible card.

The decks are dealt in the order given (the ``InOrder`` generator never moves a card, and a reshuffle leaves the
stub, then the muck in the order it was mucked, as it is), so every card dealt is known: the figures below are
worked out by hand from that rule.
"""

from __future__ import annotations

import copy

import pytest

from handtools import InOrder
from pokerroom.cards import format_cards, parse_cards
from pokerroom.engine import Action, DeckSource, Event, EventType, Hand, OutOfCards, ScriptedCards
from pokerroom.errors import IllegalAmount, NotYourCards
from pokerroom.games import find
from tabletools import new_table


def _deck(*hands: str, stub: str) -> list[int]:
    """Hole cards dealt one at a time round the table (seat 0 first: the button is the last seat), then the stub."""
    cards = [parse_cards(h) for h in hands]
    size = len(cards[0])
    return [c for k in range(size) for h in cards for c in h[k : k + 1]] + parse_cards(stub)


def _cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def _state(h: Hand) -> tuple[object, ...]:
    """The hand's cards and chips, and its card source's stub, muck and generator."""
    src = h._cards
    deck = (
        (list(src._cards), src._pos, list(src._muck), src.reshuffled, src._lazy)
        if isinstance(src, DeckSource)
        else None
    )
    return (
        [list(x) for x in h.hole],
        [list(x) for x in h.discards],
        list(h.stacks),
        list(h.bets),
        h.to_act,
        h.phase,
        h.street,
        len(h.events),
        deck,
    )


# --------------------------------------------------------------------------------------------- six-handed triple draw

SIX = _deck(
    "2c3c4c5c6c",
    "2d3d4d5d6d",
    "2h3h4h5h6h",
    "2s3s4s5s6s",
    "7c8c9cTcJc",
    "7d8d9dTdJd",
    stub="7h8h9hThJh7s8s9sTsJsQcKcAcQdKdAdQhKhAhQsKsAs",
)

# (seat, discards, cards dealt, reshuffles before them) in the order drawn, each draw of the hand.
DRAWS = [
    [  # first draw: the 22-card stub gives 20; seat 5 needs the muck (20 discards, its own 4 left out)
        (0, "2c3c4c5c", "7h8h9hTh", ()),
        (1, "2d3d4d5d", "Jh7s8s9s", ()),
        (2, "2h3h4h5h", "TsJsQcKc", ()),
        (3, "2s3s4s5s", "AcQdKdAd", ()),
        (4, "7c8c9cTc", "QhKhAhQs", ()),
        (5, "7d8d9dTd", "KsAs2c3c", (20,)),
    ],
    [  # second draw: the stub is that reshuffle, holding seats 0-4's own first discards
        (0, "7h8h9h", "2d3d4d", ()),  # 4c 5c (its own) go back to the muck
        (1, "8s9s", "2h3h", ()),  # 5d back to the muck
        (2, "TsJsQcKc", "2s3s4s5s", ()),  # 4h 5h back to the muck
        (3, "Ac", "7c", ()),
        (4, "QhKhAhQs", "7d8d9dTd", (19,)),  # 3 left, all its own: reshuffled with 19 eligible cards of the muck
        (5, "KsAs", "7h8h", ()),
    ],
    [  # third draw: seat 2 empties a stub of three of its own cards and one other, then the muck is reshuffled
        (0, "6cTh", "8s9s", ()),  # 9h 4c 5c: its own
        (1, "6dJh7s", "TsJsQc", ()),  # 5d: its own
        (2, "6h2s", "AcQh", (18,)),  # Kc 4h 5h its own, Ac, then 18 eligible cards reshuffled: Qh
        (3, "QdKdAd6s", "KhAhQs8c", ()),
        (4, "7d8d9dTd", "KsAs6cTh", ()),  # 9c Tc: its own
        (5, "Jd7h8h", "9h4c5c", ()),
    ],
]

FINAL = ["2d3d4d8s9s", "2h3hTsJsQc", "3s4s5sAcQh", "7cKhAhQs8c", "JcKsAs6cTh", "2c3c9h4c5c"]


def test_six_handed_triple_draw_completes_every_draw_at_a_table() -> None:
    # The table: six players who draw one to four cards on every draw.  Every draw completes, the stub
    # reshuffled as often as needed (twice within the second and third draws' drawers), nobody gets their own
    # discards back, and the hand reaches its showdown and settles.
    t = new_table("27-triple-draw", players=range(6), stack=100, blinds=(1, 2), first_button=4)
    h = t.start_hand(cards=DeckSource(SIX, stream=InOrder()))
    assert t.layout is not None and t.layout.button == 5 and t.layout.dealt == (0, 1, 2, 3, 4, 5)
    assert h.hole[2] == parse_cards("2h3h4h5h6h") and h._cards.remaining == 22
    assert t.to_act == 2  # left of the big blind (seat 1)
    for seat in (2, 3, 4, 5, 0):
        t.act(seat, Action.call())
    t.act(1, Action.check())
    assert h.pot_total == 12 and h.stacks == [98] * 6
    for k, draws in enumerate(DRAWS):
        for seat, out, dealt, reshuffles in draws:
            assert t.to_act == seat
            legal = h.legal_actions()
            assert legal is not None and legal.seat == seat and legal.draw == 5
            start = len(h.events)
            t.act(seat, Action.draw(_cards(out)))
            expected = [Event(EventType.DRAW, seat, len(_cards(out)), None, _cards(out))]
            expected += [Event(EventType.RESHUFFLE, None, n) for n in reshuffles]
            expected.append(Event(EventType.DEAL_HOLE, seat, cards=_cards(dealt)))
            assert h.events[start:] == expected, (k, seat)
            assert len(h.hole[seat]) == 5
            assert not set(h.hole[seat]) & set(h.discards[seat][: -len(_cards(out))]), "own discards dealt back"
        for seat in (0, 1, 2, 3, 4, 5):  # the betting round after the draw: checked through, left of the button
            assert t.to_act == seat
            t.act(seat, Action.check())
    assert [format_cards(x) for x in h.hole] == FINAL
    assert h.is_complete and t.hand is h and t.record is not None and not t.record.voided
    # Seat 5's 9-5-4-3-2 is the best deuce-to-seven low: it takes the 12 chips.
    assert h.stacks == [98, 98, 98, 98, 98, 110]
    assert t.stacks() == {"p0": 98, "p1": 98, "p2": 98, "p3": 98, "p4": 98, "p5": 110}
    t.start_hand(seed=1)  # the table deals on
    assert t.hand_number == 2


def test_the_stub_muck_and_hands_always_hold_the_whole_deck() -> None:
    # Folded hands go to the muck: a seat that folds before the first draw gives its five cards to the reshuffle.
    h = find("27-triple-draw").deal(
        stacks=[100] * 6, button=5, blinds=(1, 2), cards=DeckSource(SIX, stream=InOrder())
    )
    h.act(Action.fold(), 2)  # 2h..6h to the muck
    for seat in (3, 4, 5, 0):
        h.act(Action.call(), seat)
    h.act(Action.check(), 1)
    assert h.to_act == 0 and h.legal_actions() is not None
    for seat, out in ((0, "2c3c4c5c6c"), (1, "2d3d4d5d6d"), (3, "2s3s4s5s6s"), (4, "7c8c9cTcJc")):
        h.act(Action.draw(_cards(out)), seat)
    # 22 - 20 = 2 left in the stub; seat 5 discards 5: the muck gives the folded 2h..6h first, then the others.
    start = len(h.events)
    h.act(Action.draw(_cards("7d8d9dTdJd")), 5)
    assert h.events[start + 1 :] == [
        Event(EventType.RESHUFFLE, None, 25),
        Event(EventType.DEAL_HOLE, 5, cards=_cards("KsAs2h3h4h")),
    ]
    src = h._cards
    assert isinstance(src, DeckSource)
    held = [c for s in range(6) if not h.folded[s] for c in h.hole[s]]
    stub = src._cards[src._pos :]
    assert sorted(held + stub + src._muck) == list(range(52))


# --------------------------------------------------------------------------------------------- the legal range


def _ten_handed_lowball() -> Hand:
    # Club lowball (RULES G1): ten players dealt 50 cards, a stub of 2; seven or more players draw at most 3.
    deck = parse_cards(
        "2c2d2h2s3c3d3h3s4c4d 4h4s5c5d5h5s6c6d6h6s 7c7d7h7s8c8d8h8s9c9d 9h9sTcTdThTsJcJdJhJs QcQdQhQsKcKdKhKsAcAd AhAs"
    )
    h = find("club-lowball").deal(stacks=[100] * 10, button=9, cards=DeckSource(deck, stream=InOrder()))
    for seat in range(10):  # "rundpass": everyone checks to the draw
        h.act(Action.check(), seat)
    return h


def test_the_legal_draw_range_is_what_can_be_replaced() -> None:
    # Decision 22: 0..min(max_draw, eligible).  With ten players the bound binds: the stub holds 2 cards.
    h = _ten_handed_lowball()
    assert h.to_act == 0 and h.hole[0] == parse_cards("2c4h7c9hQc")
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 0 and legal.draw == 2
    before = _state(h)
    with pytest.raises(IllegalAmount, match="at most 2") as err:
        h.act(Action.draw(_cards("4h7c9h")), 0)
    assert err.value.nearest == 2 and _state(h) == before
    h.act(Action.draw(_cards("9hQc")), 0)
    assert h.hole[0] == parse_cards("2c4h7cAhAs")
    # Seat 1 may get seat 0's two discards, nothing else (the stub is empty).
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 1 and legal.draw == 2
    start = len(h.events)
    h.act(Action.draw(_cards("2d4s")), 1)
    assert h.events[start + 1 :] == [
        Event(EventType.RESHUFFLE, None, 2),
        Event(EventType.DEAL_HOLE, 1, cards=_cards("9hQc")),
    ]
    # Seat 2: only seat 1's 2d 4s are left; seat 3 then gets seat 2's; seat 3 stands pat, so seat 4 has none.
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 2 and legal.draw == 2
    h.act(Action.draw(_cards("2h")), 2)
    assert h.hole[2] == parse_cards("5c7hTcQh2d") and h.events[-2] == Event(EventType.RESHUFFLE, None, 2)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 3 and legal.draw == 2  # 4s (seat 1's) and 2h (seat 2's)
    h.act(Action.stand_pat(), 3)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 4 and legal.draw == 2
    assert h.total_chips == 1000


# --------------------------------------------------------------------------------------------- refusals change nothing


def test_a_refused_draw_changes_nothing() -> None:
    # A script that gives seat 0 no cards to draw: the draw is refused (OutOfCards) and seat 0 still holds
    # Jc3hJhTs4s (the issue: it kept 3hTs, its discards gone and nothing dealt back).
    h = find("five-card-draw").deal(
        stacks=[100, 100], button=1, blinds=(1, 2), cards=ScriptedCards({0: "Jc3hJhTs4s", 1: "2c3c4c5c7d"})
    )
    h.act(Action.call(), 1)
    h.act(Action.check(), 0)
    assert h.to_act == 0
    before = _state(h)
    with pytest.raises(OutOfCards):
        h.act(Action.draw(_cards("JcJh4s")), 0)
    assert _state(h) == before and format_cards(h.hole[0]) == "Jc3hJhTs4s" and h.discards[0] == []
    with pytest.raises(NotYourCards):
        h.act(Action.draw(_cards("Jc2c")), 0)  # 2c is seat 1's
    assert _state(h) == before
    h.act(Action.stand_pat(), 0)
    assert h.to_act == 1 and format_cards(h.hole[0]) == "Jc3hJhTs4s"


def test_a_deck_refuses_a_draw_it_cannot_complete_before_anything_moves() -> None:
    src = DeckSource(parse_cards("AsKsQsJsTs 2c3c"), stream=InOrder())
    assert src.deal_hole([0], 5) == [parse_cards("AsKsQsJsTs")]
    src.discard(parse_cards("AsKs"))
    assert src.deal_draw(0, 2, parse_cards("AsKs")) == parse_cards("2c3c")  # the stub
    twin = copy.deepcopy(src)
    assert src.draw_capacity(parse_cards("AsKsQs")) == 0
    src.discard(parse_cards("Qs"))
    frozen = (list(src._cards), src._pos, list(src._muck), src.reshuffled, src._stream)
    with pytest.raises(OutOfCards, match="cannot draw 1"):
        src.deal_draw(0, 1, parse_cards("AsKsQs"))
    assert (list(src._cards), src._pos, list(src._muck), src.reshuffled, src._stream) == frozen
    # Another seat may have them: As Ks Qs.
    twin.discard(parse_cards("Qs"))
    assert sorted(twin.deal_draw(1, 3, parse_cards("2c3c"))) == sorted(parse_cards("AsKsQs"))
