"""The hand record (pokerroom.room.record, .record_json) and the one codec of actions and events
(pokerroom.engine.codec): every game's record reads back as written, a viewer's form hides exactly what a live view
hides, the set-up deals the same hand again, a void refunds contributions, and bad JSON is refused naming the
field."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import UNKNOWN, parse_cards
from pokerroom.engine import Action, ActionKind, EventType, Hand, ScriptedCards
from pokerroom.engine.codec import action_from_json, action_json, event_from_json, event_json
from pokerroom.errors import DuplicateCard, InvalidCard, RecordError, UnsupportedRule
from pokerroom.games import Limit, all_games, find
from pokerroom.room.decisions import Cause, Decision, decision_from_json, decision_json
from pokerroom.room.rake import R_NL, TableRake
from pokerroom.room.record import Deck, HandRecord, SeatRecord, Status, record_of
from pokerroom.room.record_json import VERSION, record_from_json, record_json, setup_from_json, setup_json


def _play(hand: Hand, rng: random.Random) -> None:
    """Random legal play to the end (showdowns shown)."""
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None
        kinds = legal.kinds()
        kind = rng.choice(kinds)
        if kind in (ActionKind.BET, ActionKind.RAISE):
            lo, hi = legal.bet if kind is ActionKind.BET else legal.raise_  # type: ignore[misc]
            action = Action(kind, rng.choice(legal.amounts) if legal.amounts else rng.randint(lo, hi))
        elif kind is ActionKind.DRAW:
            mine = [c for c in hand.hole[legal.seat] if c != UNKNOWN]
            action = Action.draw(tuple(rng.sample(mine, rng.randint(0, min(legal.draw or 0, len(mine))))))
        else:
            action = Action(kind)
        hand.act(action, legal.seat)


def _through_json(data: dict[str, Any]) -> Any:
    return json.loads(json.dumps(data))


@settings(max_examples=60, deadline=None)
@given(index=st.integers(0, len(all_games()) - 1), seed=st.integers(0, 10**6), viewer=st.integers(-1, 3))
def test_every_games_record_reads_back_as_written(index: int, seed: int, viewer: int) -> None:
    game = all_games()[index]
    rng = random.Random(seed)
    players = rng.randint(game.min_players, min(4, game.max_players))
    hand = game.deal(stacks=[rng.randint(20, 400) for _ in range(players)], button=rng.randrange(players), ante=1,
                     seed=seed)
    _play(hand, rng)
    record = record_of(hand, deck=Deck(seed=seed), number=seed, table_name="t")
    assert record.status is Status.COMPLETE and record.result is not None
    assert record_from_json(_through_json(record_json(record))) == record
    assert sum(record.net) == -record.rake - record.carried_out + record.carried_in
    # The set-up deals the very same hand again from its deck seed.
    again = record.setup.deal()
    assert again.events[: len(again.events)] == hand.events[: len(again.events)]
    seat = None if viewer < 0 or viewer >= players else viewer
    view = record.view(seat)
    assert record_from_json(_through_json(record_json(view))) == view
    live = hand.view(seat)
    assert view.events == live.events  # the one redaction rule: the record's view is the live view's


def test_a_view_hides_other_seats_down_cards_unless_shown() -> None:
    hand = find("27-triple-draw").deal(
        stacks=[100, 100], button=0, blinds=(1, 2),
        cards=ScriptedCards({0: "2c 3d 4h 5s 9c", 1: "7c 7d 8h 8s Kc"}, ""),
    )
    record_cards = {0: parse_cards("2c 3d 4h 5s 9c"), 1: parse_cards("7c 7d 8h 8s Kc")}
    hand.act(Action.fold(), 0)  # the button folds before the first draw: nothing is shown
    record = record_of(hand)
    view = record.view(0)
    dealt = [e for e in view.events if e.type is EventType.DEAL_HOLE]
    assert [e.cards for e in dealt if e.seat == 0] == [tuple(record_cards[0])]
    assert [e.cards for e in dealt if e.seat == 1] == [(UNKNOWN,) * 5]
    spectator = record.view(None)
    assert all(e.cards == (UNKNOWN,) * 5 for e in spectator.events if e.type is EventType.DEAL_HOLE)
    assert spectator.viewer == HandRecord.SPECTATOR and view.view(0) is view
    with pytest.raises(RecordError, match="already seat 0's view"):
        view.view(1)
    with pytest.raises(RecordError, match="seat 2 was not dealt in; seats 0 to 1 were"):
        record.view(2)


def test_a_shown_hand_is_seen_in_its_deal_too() -> None:
    hand = find("holdem").deal(
        stacks=[100, 100], button=0, blinds=(1, 2), cards=ScriptedCards({0: "AsAh", 1: "7c2d"}, "KdQd3s4h9c")
    )
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None
        hand.act(Action.check() if legal.check else Action.call(), legal.seat)
    view = record_of(hand).view(1)
    deals = {e.seat: e.cards for e in view.events if e.type is EventType.DEAL_HOLE}
    assert deals == {0: tuple(parse_cards("AsAh")), 1: tuple(parse_cards("7c2d"))}  # seat 0 showed its hand


def test_a_voided_record_refunds_every_contribution() -> None:
    hand = find("holdem").deal(stacks=[100, 100, 100], button=0, blinds=(1, 2), dead=[0, 0, 1], seed=3)
    hand.act(Action.raise_to(6), 0)
    record = record_of(hand, status=Status.VOIDED, reason="server crash")
    assert record.voided and record.reason == "server crash"
    assert record.contributions == (6, 1, 3) and record.payouts == (6, 1, 3)  # dead money is refunded too
    assert record.final == (100, 100, 100) and record.rake == 0 and record.net == (0, 0, 0)
    assert record.carried_in == 0  # a void takes nothing from the carried pot
    assert record_from_json(_through_json(record_json(record))) == record
    incomplete = record_of(hand)
    assert incomplete.status is Status.INCOMPLETE and incomplete.result is None
    with pytest.raises(RecordError, match="is incomplete: it has no result yet"):
        _ = incomplete.payouts
    with pytest.raises(RecordError, match="the hand is not complete"):
        record_of(hand, status=Status.COMPLETE)


def test_the_record_keeps_the_rake_of_each_pot() -> None:
    rake = TableRake(R_NL)
    hand = find("holdem").deal(stacks=[100, 400, 400], button=0, blinds=(5, 10), rake=rake,
                               cards=ScriptedCards({0: "AsAh", 1: "KsKh", 2: "QsQh"}, "2c3d8h9sTc"))
    hand.act(Action.raise_to(100), 0)
    hand.act(Action.raise_to(400), 1)
    hand.act(Action.call(), 2)
    record = record_of(hand)
    assert record.result is not None
    # RULES §3.10 R-NL: 5 a full 100 of the 900 in the pots, 45 (under the 3-player cap), split 15/30 in
    # proportion to the main pot of 300 and the side pot of 600 (A-3.10-4).
    pots = record.result.pots
    assert [(p.amount, p.rake, p.winners) for p in pots] == [(285, 15, ((0, 285),)), (570, 30, ((1, 570),))]
    assert record.rake == hand.rake == 45
    assert record.setup.rake == rake
    assert record_from_json(_through_json(record_json(record))).setup.rake == rake


def test_house_rules_and_table_fields_read_back() -> None:
    game = find("club-lowball").with_rules(ante=5, ranges=(2, 20, 60))
    hand = game.deal(stacks=[200, 200, 200], button=1, seed=1)
    seats = [SeatRecord(4, "Ann", 200), SeatRecord(6, "Bo", 200), SeatRecord(9, "Cy", 200)]
    record = record_of(hand, seats=seats, unit=Decimal("0.2"), currency="SEK", table_id=3, table_name="club",
                       number=12, deck=Deck(seed_hash="ab" * 32, root="cd" * 32))
    back = setup_from_json(_through_json(setup_json(record.setup)))
    assert back == record.setup and back.rules == {"ante": 5, "ranges": (2, 20, 60)}
    assert back.the_game() == game and back.players == ("Ann", "Bo", "Cy") and back.unit == Decimal("0.2")
    with pytest.raises(RecordError, match="records no deck seed"):
        back.deal()


def test_a_game_changed_beyond_its_house_rules_has_no_record() -> None:
    game = replace(find("holdem"), max_players=4)
    hand = game.deal(stacks=[100, 100], button=0, blinds=(1, 2), seed=1)
    with pytest.raises(UnsupportedRule, match="differs from the registered game in more than its house rules"):
        record_of(hand)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.pop("version"), "version"),
        (lambda d: d.update(version=VERSION + 1), "version"),
        (lambda d: d.update(status="won"), "status"),
        (lambda d: d["setup"].pop("game"), "game"),
        (lambda d: d["setup"].update(unit="a penny"), "unit"),
        (lambda d: d["setup"].update(seats=[[0, "a"]]), "seats"),
        (lambda d: d["setup"].update(started_at="yesterday"), "started_at"),
        (lambda d: d["setup"]["betting"].update(limit="huge"), "betting"),
        (lambda d: d["events"].append({"type": "dance"}), "type"),
        (lambda d: d["events"].append({"type": "fold", "seat": "one"}), "seat"),
        (lambda d: d["result"]["pots"][0].update(winners=[[0]]), "winners"),
    ],
)
def test_bad_record_json_names_the_field(change: Any, field: str) -> None:
    hand = find("holdem").deal(stacks=[100, 100], button=0, blinds=(1, 2), seed=1)
    hand.act(Action.fold(), 0)
    data = _through_json(record_json(record_of(hand)))
    change(data)
    with pytest.raises(RecordError) as err:
        record_from_json(data)
    assert err.value.field == field, err.value


def test_action_and_event_codec() -> None:
    actions = [
        Action.fold(), Action.check(), Action.call(), Action.bet(7), Action.raise_to(40), Action.post_bring_in(),
        Action.split(), Action.muck(), Action.show(), Action.show(tuple(parse_cards("As Kd"))),
        Action.draw(tuple(parse_cards("7h 2c"))), Action.stand_pat(), Action.draw((), timed_out=True),
    ]  # fmt: skip
    for action in actions:
        assert action_from_json(_through_json(action_json(action))) == action
    assert action_json(Action.draw(tuple(parse_cards("7h 2c")))) == {"action": "draw", "cards": ["7h", "2c"]}
    with pytest.raises(RecordError, match="'action' must be one of") as err:
        action_from_json({"action": "dance"})
    assert err.value.field == "action" and "fold" in err.value.allowed  # type: ignore[operator]
    with pytest.raises(RecordError, match="'amount' must be 1 or more"):
        action_from_json({"action": "raise", "amount": 0})
    with pytest.raises(RecordError, match="'amount' must be a whole number"):
        action_from_json({"action": "bet", "amount": True})
    with pytest.raises(InvalidCard):
        action_from_json({"action": "draw", "cards": ["Zz"]})
    with pytest.raises(InvalidCard):
        action_from_json({"action": "draw", "cards": ["??"]}, unknown=False)
    with pytest.raises(DuplicateCard):
        action_from_json({"action": "draw", "cards": ["As", "As"]})
    with pytest.raises(RecordError, match="up to 10 cards"):
        action_from_json({"action": "show", "cards": ["As"] * 11})
    hand = find("stud8").deal(stacks=[300, 300, 300], ante=2, seed=4, betting=find("stud8").betting(
        Limit.FIXED, big_blind=10))
    _play(hand, random.Random(4))
    for event in hand.events:
        assert event_from_json(_through_json(event_json(event))) == event
    mapped = event_json(hand.events[-2], seat_of=[3, 5, 8])
    assert all(seat in (3, 5, 8) for seat, _ in mapped.get("winners", []))  # type: ignore[union-attr]


def test_decision_journal_form() -> None:
    for decision in (
        Decision(4, Action.raise_to(40), Cause.PLAYER, asked=45),
        Decision(2, None, Cause.TIMEOUT),
        Decision(0, Action.draw((), timed_out=True), Cause.TIMEOUT),
        Decision(1, Action.fold(), Cause.LEFT),
    ):
        assert decision_from_json(_through_json(decision_json(decision))) == decision
    assert decision_json(Decision(2, None, Cause.TIMEOUT)) == {"seat": 2, "cause": "timeout", "protection": True}
    with pytest.raises(RecordError, match="needs its table 'seat'"):
        decision_from_json({"action": "fold"})
    with pytest.raises(RecordError, match="'cause' must be one of player, timeout, left"):
        decision_from_json({"seat": 1, "cause": "boredom", "action": "fold"})
    with pytest.raises(RecordError, match="'asked' must be a whole number"):
        decision_from_json({"seat": 1, "action": "bet", "amount": 5, "asked": "lots"})
