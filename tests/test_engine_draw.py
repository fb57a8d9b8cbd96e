"""RULES §2.5 and settled decision 22: when the stub runs out in a draw, the muck less the drawer's own discards is
shuffled into it, as often as the draw needs, and the hand records each reshuffle as a ``RESHUFFLE`` event (amount:
the cards put into the stub) between the draw and the cards it deals."""

from __future__ import annotations

from handtools import InOrder
from pokerroom.cards import parse_cards
from pokerroom.cli.play_text import Narrator
from pokerroom.engine import Action, DeckSource, Event, EventType, Hand
from pokerroom.engine.codec import event_from_json, event_json
from pokerroom.formats.phh_hand import from_hand
from pokerroom.games import find


def _deck(*hands: str, stub: str) -> list[int]:
    """Hole cards dealt one at a time round the table (seat 0 first: the button is the last seat), then the stub."""
    cards = [parse_cards(h) for h in hands]
    return [c for k in range(5) for h in cards for c in h[k : k + 1]] + parse_cards(stub)


def _draw(h: Hand, seat: int, cards: str) -> Event:
    return h.act(Action.draw(tuple(parse_cards(cards))), seat)


def _triple_draw_to_the_reshuffle() -> Hand:
    # Three players, 18 cards: 15 dealt, a stub of 3.  Seat 2 folds (its cards go to the muck), seat 0 draws the
    # whole stub, seat 1 then needs a reshuffle.
    deck = _deck("2c3c4c5c7d", "2d3d4d5d8h", "9sTsJsQsKs", stub="6h7h9h")
    h = find("27-triple-draw").deal(stacks=[100] * 3, button=2, blinds=(1, 2), cards=DeckSource(deck, stream=InOrder()))
    h.act(Action.fold(), 2)
    h.act(Action.call(), 0)
    h.act(Action.check(), 1)
    _draw(h, 0, "2c3c4c")
    return h


def test_stub_runs_out_the_muck_less_own_discards_is_reshuffled_and_recorded() -> None:
    h = _triple_draw_to_the_reshuffle()
    assert h.events[-1] == Event(EventType.DEAL_HOLE, 0, cards=tuple(parse_cards("6h7h9h")))  # the stub, no reshuffle
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 1 and legal.draw == 5  # 8 cards in the muck are not its own
    start = len(h.events)
    _draw(h, 1, "2d3d")
    # The muck: seat 2's folded 9s..Ks, seat 0's 2c3c4c (8 cards); seat 1's own 2d3d stay out.
    assert h.events[start:] == [
        Event(EventType.DRAW, 1, 2, None, tuple(parse_cards("2d3d"))),
        Event(EventType.RESHUFFLE, None, 8),
        Event(EventType.DEAL_HOLE, 1, cards=tuple(parse_cards("9sTs"))),
    ]
    assert h.hole[1] == parse_cards("4d5d8h9sTs")


def test_a_stub_holding_own_discards_is_reshuffled_again_with_the_muck() -> None:
    # Decision 22: the stub made by seat 1's reshuffle holds seat 0's own 2c3c4c; seat 0 may draw 4 (3 others in
    # the stub and 2d3d in the muck) and gets them: the stub runs out and the muck's 2d3d are shuffled in.
    h = _triple_draw_to_the_reshuffle()
    _draw(h, 1, "2d3d")
    h.act(Action.check(), 0)
    h.act(Action.check(), 1)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 0 and legal.draw == 5
    start = len(h.events)
    _draw(h, 0, "5c7d6h7h")
    assert h.events[start:] == [
        Event(EventType.DRAW, 0, 4, None, tuple(parse_cards("5c7d6h7h"))),
        Event(EventType.RESHUFFLE, None, 2),
        Event(EventType.DEAL_HOLE, 0, cards=tuple(parse_cards("JsQsKs2d"))),
    ]
    assert h.hole[0] == parse_cards("9hJsQsKs2d")
    assert h.total_chips == 300


def test_the_draw_limit_counts_only_cards_the_drawer_may_get() -> None:
    # Seat 1 draws five after seat 0's reshuffle-free draw... then seat 0, holding its own discards in the stub,
    # is offered only what the stub's other cards and the muck can give.
    deck = _deck("2c3c4c5c7d", "2d3d4d5d8h", stub="6h7h9h")
    h = find("27-triple-draw").deal(stacks=[100] * 2, button=1, blinds=(1, 2), cards=DeckSource(deck, stream=InOrder()))
    h.act(Action.call(), 1)
    h.act(Action.check(), 0)
    # Heads-up: the big blind (seat 0) draws first, left of the button.
    _draw(h, 0, "2c3c4c")  # the stub
    _draw(h, 1, "2d")  # reshuffles seat 0's 2c3c4c into the stub, gets 2c
    assert [e.amount for e in h.events if e.type is EventType.RESHUFFLE] == [3]
    h.act(Action.check(), 0)
    h.act(Action.check(), 1)
    legal = h.legal_actions()
    # The stub is 3c4c (seat 0's own), the muck 2d (seat 1's): seat 0 can get one card at most.
    assert legal is not None and legal.seat == 0 and legal.draw == 1


def test_a_reshuffle_reads_in_histories() -> None:
    h = _triple_draw_to_the_reshuffle()
    _draw(h, 1, "2d3d")
    reshuffle = h.events[-2]
    assert event_json(reshuffle) == {"type": "reshuffle", "amount": 8}
    assert event_from_json(event_json(reshuffle)) == reshuffle
    lines = Narrator(h, ["Ann", "You", "Cy"], 1).lines(h.events)
    at = lines.index("The dealer reshuffles 8 discards into the stub")
    assert lines[at - 1 : at + 2] == [
        "You discard 2d 3d",
        "The dealer reshuffles 8 discards into the stub",
        "You draw 9s Ts",
    ]
    # PHH has no notation for it: the cards dealt after it say what came.
    actions = from_hand(h).actions
    assert actions[-2:] == ("p2 sd 2d3d", "d dh p2 9sTs")


def _draw_everything(game_id: str, seed: int) -> list[Event]:
    """Six players who each draw as many cards as they may, check and call."""
    h = find(game_id).deal(stacks=[500] * 6, button=5, blinds=(1, 2), seed=seed)
    while h.to_act is not None:
        legal = h.legal_actions()
        assert legal is not None
        if legal.draw is not None:
            h.act(Action.draw(tuple(h.hole[legal.seat][: legal.draw])))
        else:
            h.act(Action.check() if legal.check else Action.call())
    return h.events


def test_a_seeded_reshuffle_deals_the_same_cards_again() -> None:
    events = _draw_everything("five-card-draw", 3)
    # Four drawers take 20 of the 22-card stub; the fifth needs the 20 cards they discarded.
    assert [e.amount for e in events if e.type is EventType.RESHUFFLE] == [20]
    assert _draw_everything("five-card-draw", 3) == events


def test_every_reshuffle_of_a_seeded_hand_follows_from_the_seed() -> None:
    # RULES §2.5: every card of a seeded hand, reshuffles included, follows from the seed alone.
    events = _draw_everything("27-triple-draw", 5)
    assert len([e for e in events if e.type is EventType.RESHUFFLE]) >= 3
    assert _draw_everything("27-triple-draw", 5) == events
