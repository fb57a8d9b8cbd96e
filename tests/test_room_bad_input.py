"""Input no layer should trust, refused where it enters and never written down: an action's shape (the one check in
:class:`~pokerroom.engine.Action`), a table seat that is not a whole number, a house clamp given no amount,
disconnect protection the table does not give, a viewer's record holding the deck seed, JSON that is not an
object, and a journal the recovery cannot read to its end (RULES §3.7, §3.8, settled decision 19)."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.engine import Action, ActionKind
from pokerroom.engine.codec import action_from_json
from pokerroom.errors import IllegalAction, IllegalAmount, NotYourTurn, RecordError, RoomError
from pokerroom.room.decisions import Cause, Decision, decision_from_json
from pokerroom.room.record_json import record_from_json, record_json
from pokerroom.room.table import TableConfig
from pokerroom.store import Store
from pokerroom.store.runner import CRASH_REASON, TableRunner, crash_void
from storetools import holder_dies
from tabletools import new_table


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        ((ActionKind.RAISE, 4.5), IllegalAmount, "a raise amount is a whole number of chips, not 4.5"),
        ((ActionKind.BET, True), IllegalAmount, "a bet amount is a whole number of chips, not True"),
        ((ActionKind.RAISE, "10"), IllegalAmount, "not '10'"),
        ((ActionKind.RAISE, float("nan")), IllegalAmount, "not nan"),
        ((ActionKind.FOLD, 3), IllegalAction, "a fold takes no amount (given 3)"),
        ((ActionKind.CALL, None, (0,)), IllegalAction, "a call names no cards"),
        ((ActionKind.DRAW, None, [0, 1]), IllegalAction, "a tuple of card numbers"),
        ((ActionKind.DRAW, None, (52,)), IllegalAction, "not (52,)"),
        ((ActionKind.SHOW, None, (1.5,)), IllegalAction, "not (1.5,)"),
        ((ActionKind.CHECK, None, None, 1), IllegalAction, "'timed_out' is true or false, not 1"),
        (("raise", 10), IllegalAction, "an action's kind is one of bring-in, fold"),
    ],
)
def test_an_action_of_the_wrong_shape_is_refused_when_built(args: tuple[Any, ...], error: type, words: str) -> None:
    with pytest.raises(error) as info:
        Action(*args)
    assert type(info.value) is error and words in str(info.value)


def test_well_formed_actions_are_built() -> None:
    assert Action(ActionKind.RAISE, 10).amount == 10
    assert Action.draw((0, 51)).cards == (0, 51)
    assert Action.show((-1, -1)).cards == (-1, -1)  # a replay's unknown cards
    assert Action(ActionKind.FOLD, timed_out=True).timed_out


def snapshot(t: Any) -> tuple[object, ...]:
    assert t.hand is not None
    return (t.to_act, tuple(t.hand.events), tuple(t.hand.stacks), t.stacks())


@pytest.mark.parametrize("seat", [1.0, True, "1", None])
def test_a_seat_that_is_not_a_whole_number_is_refused_and_nothing_changes(seat: object) -> None:
    t = new_table("holdem", players=(0, 1, 2), stack=200)
    t.start_hand(seed=1)
    before = snapshot(t)
    with pytest.raises(NotYourTurn, match=r"a seat is a whole number; seat \d is to act"):
        t.accept(seat, Action.call())  # type: ignore[arg-type]
    assert snapshot(t) == before


def test_something_that_is_not_an_action_is_refused_naming_the_legal_ones() -> None:
    t = new_table("holdem", players=(0, 1, 2), stack=200, blinds=(1, 2))
    t.start_hand(seed=1)
    seat = t.to_act
    assert seat is not None
    before = snapshot(t)
    with pytest.raises(IllegalAction, match=r"not 'call'; legal: fold, call 2, raise to 4\.\.200"):
        t.accept(seat, "call")  # type: ignore[arg-type]
    assert snapshot(t) == before


def test_the_club_clamp_places_an_amount_but_never_invents_one() -> None:
    # club hold'em, blinds 5/10, stacks 1000: the button opens; raise to 11..1000 (A-G2-3: one chip more).
    t = new_table("club-holdem", players=(0, 1, 2), stack=1000)
    t.start_hand(seed=2)
    seat = t.to_act
    assert seat is not None
    placed = t.accept(seat, Action.raise_to(5000))
    assert placed.action == Action.raise_to(1000) and placed.asked == 5000  # over the stack: all of it
    low = t.accept(seat, Action.raise_to(-3))
    assert low.action == Action.raise_to(11) and low.asked == -3  # under the minimum: the minimum (seed 5.3)
    before = snapshot(t)
    with pytest.raises(IllegalAmount, match=r"a raise needs an amount: raise to 11\.\.1000"):
        t.accept(seat, Action(ActionKind.RAISE))
    assert snapshot(t) == before


def test_disconnect_protection_the_table_does_not_give_is_refused() -> None:
    # A play-money no-limit table gives none (RULES §3.7): facing a raise, a time-out folds.
    t = new_table("holdem", players=(0, 1, 2), stack=200, blinds=(1, 2))
    t.start_hand(seed=1)
    t.act(t.to_act, Action.raise_to(6))  # type: ignore[arg-type]
    seat = t.to_act
    assert seat is not None and t.hand is not None
    assert t.forced(Cause.TIMEOUT).action == Action(ActionKind.FOLD, timed_out=True)
    before = snapshot(t)
    for cause in (Cause.PLAYER, Cause.TIMEOUT, Cause.LEFT):
        sneaky = Decision(seat, None, cause, None, t.hand_number, len(t.hand.events))
        with pytest.raises(RoomError, match=r"cannot be put all-in by disconnect protection now"):
            t.apply(sneaky)
        assert snapshot(t) == before
    assert [e for e in t.events if e.kind == "protected"] == []


def test_a_viewers_record_never_holds_the_deck_seed() -> None:
    t = new_table("holdem", players=(0, 1, 2), stack=200, blinds=(1, 2))
    t.start_hand(seed=11)
    t.act(t.to_act, Action.fold())  # type: ignore[arg-type]
    while t.to_act is not None:
        t.act(t.to_act, Action.check() if t.hand.legal_actions().check else Action.call())  # type: ignore[union-attr]
    record = t.record
    assert record is not None and record.setup.deck.seed is not None
    for seat in (0, 1, 2, None):
        view = record.view(seat)
        assert view.setup.deck.seed is None and view.setup.deck.root == record.setup.deck.root
        assert record_json(view)["setup"]["deck"] == {  # type: ignore[index]
            "stream": "hmac-sha256-v1", "seed": None, "server_seed": None, "client_seeds": [], "seed_hash": None,
            "root": None,
        }
    assert record_from_json(record_json(record)) == record  # the full record keeps it


@pytest.mark.parametrize("data", [None, [1], "call", 3])
def test_json_that_is_not_an_object_is_a_record_error(data: object) -> None:
    with pytest.raises(RecordError, match="an action is a JSON object"):
        action_from_json(data)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="a journal entry is a JSON object"):
        decision_from_json(data)  # type: ignore[arg-type]


def test_a_rake_schedule_of_the_wrong_shape_in_a_record_is_a_record_error() -> None:
    t = new_table("holdem", players=(0, 1), stack=200, blinds=(1, 2), real_money=True)
    t.start_hand(seed=3)
    t.act(t.to_act, Action.fold())  # type: ignore[arg-type]
    assert t.record is not None
    data: Any = record_json(t.record)
    schedule = data["setup"]["rake"]["schedule"]
    for key, bad, words in (
        ("small_pot", [10, 5], "'rake' is not a rake schedule: .* small_pot is \\(threshold, step, rake per step\\)"),
        ("caps", [[2, 3]], "'rake' is not a rake schedule: .* caps are \\(min_dealt, max_dealt, cap\\) rows"),
        ("caps", [[2, 3.5, 1]], "'rake' is not a rake schedule: .* whole numbers"),
        ("unit", 1.5, "'unit' must be a whole number, not 1.5"),
    ):
        broken: Any = record_json(t.record)
        broken["setup"]["rake"]["schedule"] = {**schedule, key: bad}
        with pytest.raises(RecordError, match=words):
            record_from_json(broken)


def test_a_journal_unreadable_from_some_entry_is_voided_up_to_it(store_url: str) -> None:
    """RULES §3.8: a crash never keeps chips at a table, even when the journal stops making sense."""
    with Store(store_url) as first:
        runner = TableRunner(first, "broken", TableConfig("holdem", blinds=(5, 10)))
        accounts = {}
        for seat, player in enumerate(("C", "A", "B")):
            accounts[player] = first.create_account(player, deposit=1000)
            runner.sit(seat, player, 500)
        total = first.total()
        hand_id = runner.start_hand(seed=3)
        runner.act(0, Action.raise_to(30))  # C raises to 30 (blinds 5/10: A 5, B 10)
        first.journal(hand_id, 1, {"seat": 1.5, "cause": "player", "action": "call"})  # written by something else
        first.journal(hand_id, 2, {"seat": 2, "cause": "player", "action": "call"})
        entries = first.journal_entries(hand_id)
        setup = first.hand(hand_id).setup
        holder_dies(first, runner.table_id)
    record = crash_void(setup, entries)
    assert record is not None and record.contributions == (30, 5, 10)
    assert record.reason is not None and record.reason.startswith(CRASH_REASON + "; its journal is read up to entry 2")
    with Store(store_url) as second:
        again = TableRunner(second, "broken")
        assert again.recovered == [hand_id] and second.hand(hand_id).status == "voided"
        assert {p: second.balance(a) for p, a in accounts.items()} == {"C": 1000, "A": 1000, "B": 1000}
        second.check_balanced()
        assert second.total() == total
