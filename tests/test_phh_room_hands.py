"""PHH of hands played at a room table (docs/phh.md): dead money and the big blind in position (``_dead``,
posts as negative blind entries; RULES §3.4-§3.5, TRAPS T07, A-G2-7), the rake (``_rake``; RULES §3.10, §7.7) and
disconnect protection (``pN cc # artificial all-in``; RULES §3.7, GR-14).  Every written hand reads back to the same
record and replays to the hand's final stacks, from the full view and from each seat's (unknown cards ``??``)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.engine import Action, EventType, Hand, ScriptedCards
from pokerroom.errors import RoomError
from pokerroom.formats.phh import PHHHand, dumps, loads
from pokerroom.formats.phh_hand import from_hand
from pokerroom.formats.replay import replay
from pokerroom.games import find
from pokerroom.room.clock import VirtualClock
from pokerroom.room.table import Table, TableConfig

F, K, C = Action.fold(), Action.check(), Action.call()
R, B = Action.raise_to, Action.bet
DAY = 24 * 3600.0


def _table(
    game: str,
    *,
    players: Sequence[int],
    stack: int,
    clock: VirtualClock | None = None,
    first_button: int | None = None,
    **config: Any,
) -> Table:
    """A table of ``game`` with players ``p<seat>`` at ``players`` holding ``stack`` chips each."""
    t = Table(TableConfig(game, **config), clock=clock or VirtualClock(), first_button=first_button)
    for seat in players:
        t.sit(seat, f"p{seat}", stack)
    return t


def _play(t: Table, *moves: tuple[int, Action]) -> None:
    for seat, action in moves:
        assert t.to_act == seat, (t.to_act, seat, action)
        t.act(seat, action)


def _finish(t: Table, *, fold: bool = False) -> Hand:
    """Fold to a bet (``fold``) or call it, else check, until the hand ends (draws stand pat)."""
    h = t.hand
    assert h is not None
    while not h.is_complete:
        seat = t.to_act
        legal = h.legal_actions()
        assert seat is not None and legal is not None
        if legal.draw is not None:
            t.act(seat, Action.stand_pat())
        elif legal.bring_in is not None:
            t.act(seat, Action.post_bring_in())
        else:
            t.act(seat, (F if fold else C) if legal.call else K)
    return h


def _final(hand: Hand) -> list[Decimal]:
    """The hand's final stacks by PHH position (``p1`` first: the seat after the button)."""
    return [Decimal(hand.stacks[(hand.button + 1 + k) % hand.n]) for k in range(hand.n)]


def _round_trip(hand: Hand, *, seat: int | None = None, unit: Decimal = Decimal(1)) -> PHHHand:
    """Write ``hand`` (from ``seat``'s view), read it back and replay it: the same record, the final stacks."""
    record = from_hand(hand, seat=seat, unit=unit)
    (again,) = loads(dumps(record))
    assert again == record
    result = replay(again)
    assert result.status == "ok", (result.message, dumps(record))
    assert result.computed == [unit * x for x in _final(hand)]
    return again


def _every_view(hand: Hand) -> PHHHand:
    """The full record, after checking the round trip from it and from every seat's view."""
    for seat in range(hand.n):
        view = _round_trip(hand, seat=seat)
        assert view.extra == from_hand(hand).extra  # the keys are public: every view has them
    return _round_trip(hand)


def _lines(record: PHHHand) -> list[str]:
    return dumps(record).splitlines()


def _replay_with(record: PHHHand, **extra: Any) -> str:
    """The replay status and message of ``record`` with its extension keys changed (``None``: removed)."""
    keys = {k: v for k, v in {**record.extra, **extra}.items() if v is not None}
    result = replay(dataclasses.replace(record, extra=keys))
    return f"{result.status}: {result.message}"


# ------------------------------------------------------------------------- dead money and the big blind in position


def _t07_table(first_button: int) -> Table:
    """TRAPS T07: NLHE 5/10, p1..p5 at seats 0..4 with 1000; ``first_button``: the button before the first hand."""
    t = Table(TableConfig("holdem", blinds=(5, 10), seats=5), clock=VirtualClock(), first_button=first_button)
    for seat in range(5):
        t.sit(seat, f"p{seat + 1}", 1000)
    return t


def test_t07a_missed_small_blind_is_written_as_dead_money() -> None:
    t = _t07_table(1)
    t.start_hand(seed=1)
    _finish(t, fold=True)
    t.sit_out("p5")
    t.start_hand(seed=2)
    _finish(t, fold=True)
    t.come_back("p5")
    t.start_hand(seed=3)  # button seat 0; p5 (seat 4, PHH p4) posts 5 dead and no big blind
    _play(t, (3, R(30)), (4, F), (0, F), (1, F), (2, F))
    assert t.hand is not None and t.hand.dead_posted == [0, 0, 0, 0, 5]
    record = _every_view(t.hand)
    lines = _lines(record)
    assert "blinds_or_straddles = [5, 10, 0, 0, 0]" in lines
    assert "_dead = [0, 0, 0, 5, 0]" in lines
    assert "_big_blind_seat" not in record.extra
    assert record.variant == "holdem" and record.extra["_limit"] == "no"
    assert _replay_with(record, _dead=None).startswith("mismatch")  # the dead 5 is in the pot p3 won


def test_t07b_posted_big_blind_out_of_position_names_the_big_blind() -> None:
    t = _t07_table(0)
    t.start_hand(seed=1)
    _finish(t, fold=True)
    t.sit_out("p5")
    for seed in (2, 3):
        t.start_hand(seed=seed)
        _finish(t, fold=True)
    t.come_back("p5")
    t.start_hand(seed=4)  # button seat 0: p5 (seat 4) posts 10 live and 5 dead; seat 2's blind is in position
    _play(t, (3, F), (4, K), (0, F), (1, F), (2, K), (2, B(10)), (4, F))
    h = t.hand
    assert h is not None and h.is_complete and h.big_blind_seat == 2
    record = _every_view(h)
    lines = _lines(record)
    # p4's live big blind is written as PHH's post, a negative entry: the big blind in position stays p2's
    assert "blinds_or_straddles = [5, 10, 0, -10, 0]" in lines
    assert "_dead = [0, 0, 0, 5, 0]" in lines
    assert "_big_blind_seat" not in record.extra
    assert record.actions[5:10] == ("p3 f", "p4 cc", "p5 f", "p1 f", "p2 cc")
    # Written as a plain blind, the last big blind in the list (p4) would be the one in position: p5 would open.
    plain = dataclasses.replace(record, blinds_or_straddles=tuple(abs(b) for b in record.blinds_or_straddles or ()))
    assert "'p3 f': p3 cannot act" in replay(plain).message
    # an older record that names the big blind with _big_blind_seat still replays the same
    old = dataclasses.replace(plain, extra={**plain.extra, "_big_blind_seat": "p2"})
    assert replay(old).status == "ok"


def test_club_new_player_fee_is_written_as_dead_money() -> None:
    t = _table("club-holdem", players=(0, 1, 2, 3), stack=500, seats=6)
    t.start_hand(seed=1)
    _finish(t, fold=True)
    t.sit(5, "p5", 500)
    t.start_hand(seed=2)  # A-G2-7: p5 pays the fee of 5 (the first blind) dead; button seat 1
    _play(t, (5, C), (0, F), (1, F), (2, C), (3, K))
    h = _finish(t)
    record = _every_view(h)
    assert record.variant == "club-holdem"
    assert "_dead = [0, 0, 5, 0, 0]" in _lines(record)  # p1 seat 2, p2 seat 3, p3 seat 5 (the newcomer)


def test_dead_money_heads_up_is_listed_in_reverse_order() -> None:
    """Heads-up every per-player list is in reverse order, ``_dead`` as ``blinds_or_straddles``."""
    hand = find("holdem").deal(stacks=[100, 100], button=0, blinds=(1, 2), dead=[1, 0], seed=4)
    hand.act(R(6), 0)
    hand.act(F, 1)
    record = _every_view(hand)
    # p1 is seat 1 (the big blind), p2 seat 0 (the button, with the dead chip): reversed, p2 first
    assert "blinds_or_straddles = [1, 2]" in _lines(record) and "_dead = [1, 0]" in _lines(record)


# --------------------------------------------------------------------------------------------------------- rake


def _cents_table(players: Sequence[int], stack: int = 5000, **config: Any) -> Table:
    cfg: dict[str, Any] = {"blinds": (50, 100), "real_money": True, "seats": max(players) + 1}
    cfg.update(config)
    return _table("holdem", players=players, stack=stack, **cfg)


def test_rk_1_rake_is_written_with_its_schedule_and_amount() -> None:
    t = _cents_table((0, 1))
    t.start_hand(cards=ScriptedCards({0: "AsAh", 1: "7c2d"}, "Kd9c4h3s8c"))
    _play(t, (0, R(500)), (1, C))
    h = _finish(t)
    assert h.rake == 50
    record = _every_view(h)
    assert "_rake = {schedule = 'R-NL', amount = 50}" in _lines(record)
    assert record.finishing_stacks == (Decimal(4500), Decimal(5450))
    # the amounts in euros: a unit in the file is worth 100 cents
    euros = _round_trip(h, unit=Decimal("0.01"))
    assert "_rake = {schedule = 'R-NL', cents_per_unit = 100, amount = 0.50}" in _lines(euros)
    assert _round_trip(h, seat=1, unit=Decimal("0.01")).extra["_rake"] == euros.extra["_rake"]
    # a hand-written file may give the amount alone (taken from the pots in proportion) or the schedule alone
    assert _replay_with(record, _rake={"amount": 50}).startswith("ok")
    assert _replay_with(record, _rake={"schedule": "R-NL"}).startswith("ok")
    assert _replay_with(record, _rake={"schedule": "R-NL", "amount": 49}) == (
        "mismatch: rake: 49 expected, 50 computed"
    )
    # without the key the replay takes no rake: the difference is exactly the rake the record implies
    assert _replay_with(record, _rake=None) == "rake: a rake of 50 is implied (final stacks: p2 1000 -> 950)"


def test_rk_9_no_flop_no_drop_and_the_small_pot_rule() -> None:
    t = _cents_table((0, 1, 2))
    t.start_hand(cards=ScriptedCards({0: "7c2d", 1: "AsAh", 2: "8c3d"}, "Kd9c4h5s6c"))
    _play(t, (0, R(3000)), (1, F), (2, F))
    assert t.hand is not None and t.hand.rake == 0
    assert "_rake = {schedule = 'R-NL', amount = 0}" in _lines(_every_view(t.hand))
    t.start_hand(cards=ScriptedCards({0: "7c2d", 1: "AsAh", 2: "8c3d"}, "Kd9cJhQs3c"))
    _play(t, (1, C), (2, C), (0, K))
    h = _finish(t)
    assert h.rake == 15  # a €3.00 pot below €4.00: €0.01 per full €0.20
    assert "_rake = {schedule = 'R-NL', amount = 15}" in _lines(_every_view(h))


def test_play_money_tables_write_no_rake() -> None:
    t = _cents_table((0, 1), real_money=False)
    t.start_hand(seed=3)
    _play(t, (0, R(500)), (1, C))
    record = _every_view(_finish(t))
    assert "_rake" not in record.extra and record.variant == "NT"


def _last_pot_rake(pots: Sequence[int], dealt: int) -> list[int]:
    """A house that takes 10 chips from the last pot only (not in proportion, A-3.10-4)."""
    return [0] * (len(pots) - 1) + [min(10, pots[-1])]


def _five_percent(pots: Sequence[int], dealt: int) -> list[int]:
    total = sum(pots) * 5 // 100
    out = [p * total // sum(pots) for p in pots]
    out[0] += total - sum(out)
    return out


def test_another_rake_hook_writes_the_amount_and_each_pots_part() -> None:
    def side_pots(rake: Any) -> Hand:
        h = find("holdem").deal(stacks=[400, 1000, 3000], button=0, blinds=(50, 100), seed=9, rake=rake)
        h.act(R(400), 0)
        h.act(R(1000), 1)
        h.act(C, 2)
        assert h.is_complete
        return h

    uneven = side_pots(_last_pot_rake)
    assert uneven.rake == 10
    record = _every_view(uneven)
    assert "_rake = {amount = 10, pots = [0, 10]}" in _lines(record)
    assert _replay_with(record, _rake={"amount": 10, "pots": [0, 10, 0]}) == (
        "error: action 5 'p2 cc': _rake pots lists 3 pots; the hand has 2"
    )
    even = side_pots(_five_percent)
    assert even.rake == 120
    assert "_rake = {amount = 120}" in _lines(_every_view(even))


def test_a_rake_hook_is_written_as_it_took() -> None:
    """A rake hook whose answer changes from call to call: the record keeps what it took from each pot at
    settlement, so the history says that, not what the hook would take now."""
    calls: list[int] = []

    def moody(pots: Sequence[int], dealt: int) -> list[int]:
        calls.append(1)
        return [len(calls)] + [0] * (len(pots) - 1)

    h = find("holdem").deal(stacks=[400, 1000], button=0, blinds=(50, 100), seed=9, rake=moody)
    h.act(C, 0)
    h.act(K, 1)
    _finish_hand(h)
    assert h.rake == 1 and h.rake_by_pot == (1,)
    moody([800], 2)  # the hook would take 2 now
    written = from_hand(h)
    assert written.extra["_rake"] == {"amount": Decimal(1)}
    again = replay(written)
    assert again.status == "ok" and again.hand is not None and again.hand.rake == 1


def _finish_hand(h: Hand) -> None:
    while not h.is_complete:
        legal = h.legal_actions()
        assert legal is not None
        h.act(K if legal.check else C, legal.seat)


# ------------------------------------------------------------------------------------------ disconnect protection


def _fl_table(clock: VirtualClock) -> Table:
    return _table(
        "holdem", players=range(4), stack=5000, clock=clock, blinds=(100, 200), limit="fixed", real_money=True, seats=4
    )


def test_gr_14_artificial_all_in_is_a_marked_action() -> None:
    clock = VirtualClock()
    t = _fl_table(clock)
    t.start_hand(cards=ScriptedCards({0: "KsKh", 1: "7c2d", 2: "QsQh", 3: "AsAh"}, "Ad9c4h3s8c"))
    _play(t, (3, R(400)), (0, C), (1, F), (2, R(600)))
    t.disconnect("p3")
    clock.advance(50.0)
    event = t.time_out()
    assert event.type is EventType.ARTIFICIAL_ALL_IN
    _play(t, (0, C), (2, B(200)), (0, C))
    h = _finish(t)
    assert h.rake == 100 and h.stacks == [4962, 4900, 4200, 5838]
    record = _every_view(h)
    assert record.actions[4:10] == ("p3 cbr 400", "p4 cc", "p1 f", "p2 cbr 600", "p3 cc # artificial all-in", "p4 cc")
    assert "_rake = {schedule = 'R-FL-2', amount = 100}" in _lines(record)
    result = replay(record)
    assert result.hand is not None
    assert [e.seat for e in result.hand.events if e.type is EventType.ARTIFICIAL_ALL_IN] == [2]  # p3
    # Read as a call, p3 would put in 200 more and have to act again: the replay stops.
    plain = dataclasses.replace(record, actions=tuple(a.replace(" # artificial all-in", "") for a in record.actions))
    assert replay(plain).status == "error"


def test_artificial_all_in_from_a_seats_view_keeps_unknown_cards() -> None:
    clock = VirtualClock()
    t = _fl_table(clock)
    t.start_hand(cards=ScriptedCards({0: "KsKh", 1: "7c2d", 2: "QsQh", 3: "AsAh"}, "Ad9c4h3s8c"))
    _play(t, (3, R(400)), (0, C), (1, F), (2, R(600)))
    clock.advance(50.0)
    t.time_out()
    _play(t, (0, F))  # p4 folds: p2 wins the side pot uncontested, the main pot at the showdown
    h = _finish(t)
    view = _round_trip(h, seat=0)  # the button (p4) folded: the folded p1's cards stay unknown to him
    assert "d dh p1 ????" in view.actions and "p3 cc # artificial all-in" in view.actions


# ------------------------------------------------------------------------------------------------ random tables


_CONFIGS: dict[str, tuple[dict[str, Any], float]] = {
    "holdem no limit, raked": ({"game": "holdem", "blinds": (50, 100), "real_money": True, "seats": 6}, 0.05),
    "holdem fixed limit, protected": (
        {"game": "holdem", "blinds": (100, 200), "limit": "fixed", "real_money": True, "seats": 5},
        0.2,
    ),
    "stud8, raked and protected": ({"game": "stud8", "real_money": True, "seats": 5}, 0.15),
}
"""Room tables for the random hands: (config, how often the player to act lets the clock run out)."""


def _random_action(t: Table, rng: random.Random) -> None:
    h = t.hand
    seat = t.to_act
    assert h is not None and seat is not None
    legal = h.legal_actions()
    assert legal is not None
    if legal.draw is not None:
        t.act(seat, Action.stand_pat())
        return
    if legal.bring_in is not None:  # bring in, or complete
        complete = legal.bet is not None and rng.random() < 0.3
        t.act(seat, B(legal.bet[0]) if complete and legal.bet is not None else Action.post_bring_in())
        return
    options = [K if legal.check else C, K if legal.check else C]
    if legal.call is not None:
        options.append(F)
    for span, make in ((legal.bet, B), (legal.raise_, R)):
        if span is not None:
            lo, hi = span
            options.append(make(rng.choice([lo, hi, (lo + hi) // 2])))
    t.act(seat, rng.choice(options))


def _seat_and_leave(t: Table, rng: random.Random, names: list[str]) -> None:
    """Between hands: players sit out, come back posting (or waiting), rebuy, or sit down late."""
    for i, state in enumerate(t.seats):
        if state is None:
            if rng.random() < 0.3:
                name = f"late{len(names)}"
                names.append(name)
                t.sit(i, name, t.buy_in.minimum * rng.choice([1, 2, 3]), post=rng.random() < 0.7)
            continue
        if state.stack == 0:
            top = t.buy_in.minimum
            t.add_chips(state.player, top)
            t.come_back(state.player)
        elif state.sitting_out and rng.random() < 0.5:
            t.come_back(state.player, post=rng.random() < 0.7)
        elif not state.sitting_out and rng.random() < 0.12:
            t.sit_out(state.player)


def _play_table(name: str, seed: int, hands: int, seen: dict[str, int] | None = None) -> None:
    """Play ``hands`` hands at a table of :data:`_CONFIGS` ``name``; write and replay each settled hand from the
    full view and from a random seat's view.  ``seen`` counts the room features written."""
    config, timeouts = _CONFIGS[name]
    rng = random.Random(seed)
    clock = VirtualClock()
    t = Table(TableConfig(**config), clock=clock, first_button=rng.randrange(config["seats"]))
    minimum = t.buy_in.minimum
    names: list[str] = []
    for seat in range(config["seats"] - 1):
        names.append(f"p{seat}")
        t.sit(seat, f"p{seat}", minimum * rng.choice([1, 1, 2, 4]))
    for _ in range(hands):
        clock.advance(DAY * rng.choice([0, 1]))  # a new day: disconnect protection is allowed again
        _seat_and_leave(t, rng, names)
        t.finish_busts()
        try:
            hand = t.start_hand(seed=rng.randrange(2**32))
        except RoomError:
            continue  # fewer than two players to deal in
        while not hand.is_complete:
            if rng.random() < timeouts:
                t.run_out_clock()
                t.time_out()
            else:
                _random_action(t, rng)
        record = _round_trip(hand)
        _round_trip(hand, seat=rng.randrange(hand.n))
        if seen is not None:
            for key in record.extra:
                seen[key] = seen.get(key, 0) + 1
            if any(a.endswith("# artificial all-in") for a in record.actions):
                seen["artificial all-in"] = seen.get("artificial all-in", 0) + 1
            if hand.rake:
                seen["raked"] = seen.get("raked", 0) + 1
            if any(b < 0 for b in record.blinds_or_straddles or ()):
                seen["posted big blind"] = seen.get("posted big blind", 0) + 1


@settings(max_examples=36, derandomize=True, deadline=None)
@given(name=st.sampled_from(sorted(_CONFIGS)), seed=st.integers(0, 2**32 - 1))
def test_every_settled_room_hand_replays_to_its_final_stacks(name: str, seed: int) -> None:
    _play_table(name, seed, hands=6)


def test_random_tables_write_every_room_feature() -> None:
    """The random tables above do produce what this file is about (so the property test covers it)."""
    seen: dict[str, int] = {}
    for k, name in enumerate(sorted(_CONFIGS)):
        _play_table(name, 1000 + k, hands=25, seen=seen)
    for feature in ("_dead", "posted big blind", "_rake", "raked", "artificial all-in"):
        assert seen.get(feature, 0) > 0, (feature, seen)


# ------------------------------------------------------------------------------------------------- bad keys


@pytest.mark.parametrize(
    ("extra", "why"),
    [
        ({"_dead": [0, 5]}, "_dead must list one amount per player (3)"),
        ({"_dead": [0, 0, -1]}, "_dead must list"),
        ({"_big_blind_seat": "p4"}, "_big_blind_seat must name a player p1..p3"),
        ({"_big_blind_seat": 2}, "_big_blind_seat must name a player"),
        ({"_big_blind_seat": "p3"}, "big blind p3 posts no blind"),
        ({"_rake": {"colour": 1}}, "_rake must be a table of"),
        ({"_rake": {"cents_per_unit": 1}}, "_rake must be a table of"),
        ({"_rake": {"schedule": "R-XX"}}, "_rake schedule must be one of R-NL, R-FL-LOW, R-FL-1, R-FL-2"),
        ({"_rake": {"schedule": "R-NL", "cents_per_unit": Decimal("0.5")}}, "a whole number of cents"),
        ({"_rake": {"amount": True}}, "_rake amount must be an amount"),
        ({"_rake": {"pots": 3}}, "_rake pots must list an amount per pot"),
    ],
)
def test_bad_room_keys_are_refused_with_the_reason(extra: dict[str, Any], why: str) -> None:
    (record,) = loads(
        "variant = 'holdem'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        "starting_stacks = [100, 100, 100]\nactions = ['p3 f', 'p1 f']\nfinishing_stacks = [99, 101, 100]\n"
    )
    assert replay(record).status == "ok"
    result = replay(dataclasses.replace(record, extra=extra))
    assert result.status == "error" and why in result.message, result.message
