"""The room's table (pokerroom.room.table): seats, the button and the dealer box, blinds owed by new and returning
players, the club's fee and rebuy cap, table stakes, carried chips, rake, clocks and disconnect protection
(RULES §3.3-§3.11, G1-G3, §5, §7.6 GR-12..GR-17, §7.7; TRAPS T07).  All time is virtual (VirtualClock); every
figure is exact."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.bots import CallingStation, RandomBot
from pokerroom.cards import parse_cards
from pokerroom.engine import Action, EventType, LegalActions, Phase, ScriptedCards
from pokerroom.errors import IllegalAction, PokerroomError, RoomError, UnsupportedRule
from pokerroom.room.clock import VirtualClock
from pokerroom.room.layout import Dealer, NewPlayerRule
from pokerroom.room.stakes import BuyIn
from pokerroom.room.table import HandResult, RoomEvent, Table, TableConfig

F, K, C = Action.fold(), Action.check(), Action.call()
R, B = Action.raise_to, Action.bet
DAY = 24 * 3600.0


def _table(
    game: str,
    *,
    players: Sequence[int] = (),
    stack: int = 1000,
    clock: VirtualClock | None = None,
    first_button: int | None = None,
    **config: object,
) -> Table:
    """A table of ``game`` with players ``p<seat>`` at ``players`` holding ``stack`` chips each."""
    t = Table(TableConfig(game, **config), clock=clock or VirtualClock(), first_button=first_button)  # type: ignore[arg-type]
    for seat in players:
        t.sit(seat, f"p{seat}", stack)
    return t


def _bets(t: Table) -> dict[int, int]:
    """Chips each table seat has in front of it this betting round (blinds and bets; not dead money)."""
    assert t.hand is not None and t.layout is not None
    return {seat: t.hand.bets[i] for i, seat in enumerate(t.layout.dealt) if t.hand.bets[i]}


def _dealt(t: Table) -> tuple[int, ...]:
    """The table seats dealt into the hand being played (or the last one)."""
    assert t.layout is not None
    return t.layout.dealt


def _dead(t: Table) -> dict[int, int]:
    assert t.hand is not None and t.layout is not None
    return {seat: t.hand.dead_posted[i] for i, seat in enumerate(t.layout.dealt) if t.hand.dead_posted[i]}


def _positions(t: Table) -> tuple[int, int | None, int | None, int | None]:
    """(button, small blind, big blind, seat to act) of the hand being played, in table seats."""
    assert t.layout is not None
    return t.layout.button, t.layout.small_blind, t.layout.big_blind, t.to_act


def _play(t: Table, *moves: tuple[int, Action]) -> None:
    for seat, action in moves:
        assert t.to_act == seat, (t.to_act, seat, action)
        t.act(seat, action)


def _play_out(t: Table, choose: Callable[[LegalActions], Action]) -> HandResult:
    """Act for every seat with ``choose(legal)`` until the hand ends."""
    h = t.hand
    assert h is not None
    while not h.is_complete:
        seat = t.to_act
        assert seat is not None
        legal = h.legal_actions()
        assert legal is not None
        t.act(seat, choose(legal))
    assert t.result is not None
    return t.result


def _fold_around(t: Table) -> HandResult:
    """Everyone folds to the last blind (or checks when nothing is to call) until the hand ends."""
    return _play_out(t, lambda legal: F if legal.call else K)


def _check_down(t: Table) -> HandResult:
    """Call or check every action until the hand ends (draws stand pat)."""

    def choose(legal: LegalActions) -> Action:
        if legal.draw is not None:
            return Action.stand_pat()
        if legal.bring_in is not None:
            return Action.post_bring_in()
        return C if legal.call else K

    return _play_out(t, choose)


def _kinds(t: Table, start: int = 0) -> list[tuple[str, int | None, int, str]]:
    return [(e.kind, e.seat, e.amount, e.text) for e in t.events[start:] if e.kind not in ("sit", "stand")]


def _net(result: HandResult) -> dict[str, int]:
    return {name: f - s for (_, name), s, f in zip(result.players, result.starting, result.final, strict=True)}


def _balanced(result: HandResult) -> bool:
    return sum(result.contributions) + result.carried_in == (sum(result.payouts) + result.rake + result.carried_out)


# ---------------------------------------------------------------------------------------------- the button (§3.11)


def test_3_11_moving_button_moves_one_player_each_hand() -> None:
    t = _table("holdem", players=range(6), blinds=(5, 10), seats=6)
    seen = []
    for k in range(7):
        t.start_hand(seed=k)
        seen.append((*_positions(t), _bets(t)))
        result = _fold_around(t)
        assert _balanced(result)
    assert seen == [
        (0, 1, 2, 3, {1: 5, 2: 10}),
        (1, 2, 3, 4, {2: 5, 3: 10}),
        (2, 3, 4, 5, {3: 5, 4: 10}),
        (3, 4, 5, 0, {4: 5, 5: 10}),
        (4, 5, 0, 1, {5: 5, 0: 10}),
        (5, 0, 1, 2, {0: 5, 1: 10}),
        (0, 1, 2, 3, {1: 5, 2: 10}),
    ]
    # every big blind won the small blind once; seat 2 twice (hands 1 and 7), seat 1 paid it twice
    assert t.stacks() == {"p0": 1000, "p1": 995, "p2": 1005, "p3": 1000, "p4": 1000, "p5": 1000}
    assert t.total_chips() == 6000


def test_3_11_a_player_who_left_is_skipped() -> None:
    t = _table("holdem", players=range(6), blinds=(5, 10), seats=6)
    t.start_hand(seed=1)
    assert _positions(t) == (0, 1, 2, 3)
    _fold_around(t)
    assert t.stand("p2") == 1005  # last hand's big blind leaves with the small blind he won
    t.start_hand(seed=2)
    assert _dealt(t) == (0, 1, 3, 4, 5)
    assert _positions(t) == (1, 3, 4, 5) and _bets(t) == {3: 5, 4: 10}
    _fold_around(t)
    assert t.stand("p4") == 1005  # the next big blind leaves too
    t.start_hand(seed=3)
    assert _positions(t) == (3, 5, 0, 1) and _bets(t) == {5: 5, 0: 10}
    _fold_around(t)
    assert t.stacks() == {"p0": 1005, "p1": 995, "p3": 995, "p5": 995}
    assert t.total_chips() == 3990


def test_3_11_a_busted_player_sits_out_and_is_skipped() -> None:
    # p1 goes all-in with 50 and loses to p0; then p1 has no chips, is not dealt in, and the button passes him.
    t = _table("holdem", players=(0, 2, 3), blinds=(5, 10), seats=4, buy_in=BuyIn(50, 1000))
    t.sit(1, "p1", 50)
    cards = ScriptedCards({0: "AsAh", 1: "7c2d", 2: "9c9d", 3: "KcQd"}, "AdKh4s8c3h")
    t.start_hand(cards=cards)
    assert _positions(t) == (0, 1, 2, 3)
    _play(t, (3, F), (0, R(50)), (1, C), (2, F))
    result = _check_down(t)
    assert _net(result) == {"p0": 60, "p1": -50, "p2": -10, "p3": 0}
    assert t.stacks()["p1"] == 0 and t.seats[1] is not None and t.seats[1].busted_at == 1
    assert t.finish_busts() == ["p1"]
    assert t.seats[1].sitting_out
    t.start_hand(seed=4)
    assert _dealt(t) == (0, 2, 3)
    assert _positions(t) == (2, 3, 0, 2)


def test_3_11_going_heads_up_button_posts_small_blind_and_no_big_blind_twice() -> None:
    # Decision 14: the big blind (seat 2) keeps out of the big blind when seat 1 leaves; from then on the button
    # posts the small blind and acts first before the flop, last after it.
    t = _table("holdem", players=range(3), blinds=(5, 10), seats=3)
    t.start_hand(seed=1)
    assert _positions(t) == (0, 1, 2, 0)
    _fold_around(t)
    t.stand("p1")
    t.start_hand(seed=2)
    assert _positions(t) == (2, 2, 0, 2) and _bets(t) == {2: 5, 0: 10}
    _play(t, (2, C), (0, K))
    assert t.hand is not None and t.hand.street == 1 and t.to_act == 0  # the big blind first after the flop
    _check_down(t)
    t.start_hand(seed=3)
    assert _positions(t) == (0, 0, 2, 0) and _bets(t) == {0: 5, 2: 10}
    _fold_around(t)
    t.start_hand(seed=4)
    assert _positions(t) == (2, 2, 0, 2)


@pytest.mark.parametrize("leaver", ["p0", "p1", "p2"])
def test_3_11_heads_up_nobody_posts_the_big_blind_twice_in_a_row(leaver: str) -> None:
    t = _table("holdem", players=range(3), blinds=(5, 10), seats=3)
    t.start_hand(seed=1)
    _fold_around(t)
    big_before = t.layout.big_blind  # type: ignore[union-attr]
    t.stand(leaver)
    bigs = []
    for k in range(4):
        t.start_hand(seed=10 + k)
        assert t.layout is not None and t.layout.button == t.layout.small_blind == t.to_act
        bigs.append(t.layout.big_blind)
        _fold_around(t)
    assert bigs[0] != big_before
    assert all(a != b for a, b in itertools.pairwise(bigs))


def test_a_g2_5_club_holdem_heads_up_keeps_the_literal_layout() -> None:
    # The dealer posts the big blind (10), the non-dealer the small (5) and acts first in every round.
    t = _table("club-holdem", players=(0, 1), stack=500)
    t.start_hand(seed=1)
    assert _positions(t) == (1, 0, 1, 0) and _bets(t) == {1: 10, 0: 5}
    _play(t, (0, C), (1, K))
    assert t.hand is not None and t.hand.street == 1 and t.to_act == 0
    _check_down(t)
    t.start_hand(seed=2)
    assert _positions(t) == (0, 1, 0, 1) and _bets(t) == {0: 10, 1: 5}
    _play(t, (1, C), (0, K))
    assert t.hand is not None and t.hand.street == 1 and t.to_act == 1


def test_3_11_club_holdem_going_heads_up_alternates_the_big_blind() -> None:
    t = _table("club-holdem", players=range(3), stack=500)
    t.start_hand(seed=1)
    assert _positions(t) == (0, 1, 2, 0)
    _fold_around(t)
    t.stand("p0")
    t.start_hand(seed=2)
    # seat 2 was the big blind: now seat 1 deals and posts 10, seat 2 posts 5 and acts first
    assert _positions(t) == (1, 2, 1, 2) and _bets(t) == {1: 10, 2: 5}


# ------------------------------------------------------------------------------------------- the dead button


def test_3_11_dead_button_big_blind_moves_one_seat_small_blind_may_be_dead() -> None:
    t = _table("holdem", players=range(5), blinds=(5, 10), seats=5, dealer=Dealer.DEAD_BUTTON)
    t.start_hand(seed=1)
    assert _positions(t) == (0, 1, 2, 3)
    _fold_around(t)
    t.start_hand(seed=2)
    assert _positions(t) == (1, 2, 3, 4)
    _fold_around(t)
    assert t.stand("p3") == 1005  # last hand's big blind leaves: no small blind this hand
    t.start_hand(seed=3)
    assert _positions(t) == (2, None, 4, 0) and _bets(t) == {4: 10}
    _fold_around(t)  # seat 4 wins nothing but his own big blind back
    t.start_hand(seed=4)
    # the button is on the empty seat 3 (the small blind's position last hand); seat 4 posts the small blind
    assert _positions(t) == (3, 4, 0, 1) and _bets(t) == {4: 5, 0: 10}
    _play(t, (1, C), (2, C), (4, C), (0, K))
    assert t.hand is not None and t.hand.street == 1
    assert t.to_act == 4  # the small blind acts first after the flop, the button's seat being empty
    _check_down(t)
    t.start_hand(seed=5)
    assert _positions(t) == (4, 0, 1, 2) and _bets(t) == {0: 5, 1: 10}


# ------------------------------------------------------------------------------ the dealer box and the club's deal


def test_3_11_stud_box_does_not_move_and_the_deal_starts_left_of_it() -> None:
    t = _table("stud", players=range(5), seats=5, ante=1, bring_in=2, first_button=2)
    firsts = []
    for k in range(3):
        if k == 2:
            t.sit_out("p3")
        h = t.start_hand(seed=k)
        assert t.layout is not None and t.layout.button == 2
        first_deal = next(e for e in h.events if e.type is EventType.DEAL_HOLE)
        assert first_deal.seat is not None
        firsts.append(t.layout.dealt[first_deal.seat])
        assert _balanced(_check_down(t))
    assert firsts == [3, 3, 4]


@pytest.mark.parametrize("game", ["club-lowball", "a6-lowball"])
def test_g1_g3_club_dealer_rotates_one_seat_each_hand(game: str) -> None:
    t = _table(game, players=range(4), seats=4, stack=100)
    dealers, first = [], []
    for k in range(5):
        t.start_hand(seed=k)
        assert t.layout is not None
        dealers.append(t.layout.button)
        first.append(t.to_act)
        _check_down(t)
    assert dealers == [0, 1, 2, 3, 0]
    assert first == [1, 2, 3, 0, 1]  # the player left of the dealer opens


# ---------------------------------------------------------------------------------- new players (§3.4, GR-13)


def test_3_4_new_player_posts_a_live_big_blind_and_has_the_option() -> None:
    t = _table("holdem", players=(0, 1, 2, 3), blinds=(5, 10), seats=6)
    t.start_hand(seed=1)
    assert _positions(t) == (0, 1, 2, 3)
    _fold_around(t)
    t.sit(5, "p5", 1000)  # between the big blind-to-be and the button: an allowed seat
    assert t.seats[5] is not None and t.seats[5].new
    t.start_hand(seed=2)
    # first to act after the big blind in position (seat 3), with his 10 already in
    assert _positions(t) == (1, 2, 3, 5) and _bets(t) == {2: 5, 3: 10, 5: 10}
    legal = t.hand.legal_actions()  # type: ignore[union-attr]
    assert legal is not None and legal.check and not legal.call and legal.raise_ == (20, 1000)
    _play(t, (5, K), (0, C), (1, C), (2, C), (3, K))
    assert t.hand is not None and t.hand.street == 1 and t.hand.pot_total == 50
    assert t.seats[5] is not None and t.seats[5].new is False


def test_3_4_new_player_post_is_live_after_calls() -> None:
    t = _table("holdem", players=range(5), blinds=(5, 10), seats=6)
    t.start_hand(seed=1)
    assert _positions(t) == (0, 1, 2, 3)
    _fold_around(t)
    t.sit(5, "p5", 1000)
    t.start_hand(seed=2)
    assert _positions(t) == (1, 2, 3, 4) and _bets(t) == {2: 5, 3: 10, 5: 10}
    _play(t, (4, C))
    legal = t.hand.legal_actions()  # type: ignore[union-attr]
    assert t.to_act == 5 and legal is not None and legal.check and legal.raise_ == (20, 1000)
    _play(t, (5, R(40)), (0, F), (1, F), (2, F), (3, F), (4, F))
    result = t.result
    assert result is not None and [e.amount for e in result.events if e.type is EventType.UNCALLED] == [30]
    assert _net(result) == {"p0": 0, "p1": 0, "p2": -5, "p3": -10, "p4": -10, "p5": 25}


def test_a_3_4_1_new_player_between_button_and_small_blind_waits() -> None:
    t = _table("holdem", players=(0, 1, 3, 4), blinds=(5, 10), seats=6)
    t.start_hand(seed=1)
    assert _positions(t) == (0, 1, 3, 4)
    _fold_around(t)
    t.sit(2, "p2", 1000)  # right after the next button (seat 1): the small blind's place
    mark = len(t.events)
    t.start_hand(seed=2)
    assert _positions(t) == (1, 3, 4, 0) and _bets(t) == {3: 5, 4: 10}
    assert t.layout is not None and t.layout.waiting == (2,) and 2 not in t.layout.dealt
    assert _kinds(t, mark) == [("wait", 2, 0, "waits for the big blind")]
    _fold_around(t)
    assert t.seats[2] is not None and t.seats[2].new and not t.seats[2].owes_big  # no missed blind for a newcomer
    t.start_hand(seed=3)  # now behind the button: he posts
    assert _positions(t) == (3, 4, 0, 1) and _bets(t) == {4: 5, 0: 10, 2: 10}


def test_3_4_new_player_in_the_big_blind_posts_it_normally() -> None:
    t = _table("holdem", players=(0, 1, 3), blinds=(5, 10), seats=5)
    t.start_hand(seed=1)
    assert _positions(t) == (0, 1, 3, 0)
    _fold_around(t)
    t.sit(4, "p4", 1000)
    t.start_hand(seed=2)
    assert _positions(t) == (1, 3, 4, 0) and _bets(t) == {3: 5, 4: 10}
    assert t.layout is not None and t.layout.cleared == (4,)
    _play(t, (0, C), (1, C), (3, C), (4, K))
    assert t.hand is not None and t.hand.street == 1


def test_3_4_new_player_may_wait_for_the_big_blind() -> None:
    t = _table("holdem", players=(0, 1, 2, 3), blinds=(5, 10), seats=6)
    t.start_hand(seed=1)
    _fold_around(t)
    t.sit(5, "p5", 1000, post=False)
    t.start_hand(seed=2)
    assert _positions(t) == (1, 2, 3, 0) and t.layout is not None and t.layout.waiting == (5,)
    _fold_around(t)
    t.start_hand(seed=3)  # the big blind comes to him: he posts it in position
    assert _positions(t) == (2, 3, 5, 0) and _bets(t) == {3: 5, 5: 10}
    assert t.seats[5] is not None and not t.seats[5].new


def test_gr_13_new_player_on_the_dead_button_waits() -> None:
    t = _table("holdem", players=range(5), blinds=(5, 10), seats=5, dealer=Dealer.DEAD_BUTTON)
    for k in range(2):
        t.start_hand(seed=k)
        _fold_around(t)
    t.stand("p3")
    t.start_hand(seed=3)
    _fold_around(t)
    t.sit(3, "p3b", 1000)  # on the (empty) button
    t.start_hand(seed=4)
    assert _positions(t) == (3, 4, 0, 1) and t.layout is not None and t.layout.waiting == (3,)
    _fold_around(t)
    t.start_hand(seed=5)  # the button has moved on: he posts from behind it
    assert _positions(t) == (4, 0, 1, 2) and _bets(t) == {0: 5, 1: 10, 3: 10}


# ---------------------------------------------------------------------------- missed blinds (§3.5, GR-12, T07)


def _t07_table(first_button: int) -> Table:
    """TRAPS T07: NLHE 5/10, p1..p5 at seats 0..4; ``first_button`` is the button before the first hand."""
    t = Table(TableConfig("holdem", blinds=(5, 10), seats=5), clock=VirtualClock(), first_button=first_button)
    for seat in range(5):
        t.sit(seat, f"p{seat + 1}", 1000)
    return t


def test_t07a_missed_small_blind_only_is_posted_dead() -> None:
    t = _t07_table(1)
    t.start_hand(seed=1)
    assert _positions(t) == (2, 3, 4, 0)  # p5 (seat 4) is the big blind
    _fold_around(t)
    t.sit_out("p5")
    mark = len(t.events)
    t.start_hand(seed=2)
    assert _positions(t) == (3, 0, 1, 2)  # the small blind passes p5
    assert _kinds(t, mark) == [("missed_blind", 4, 5, "small")]
    _fold_around(t)
    t.come_back("p5")
    start = t.stacks()
    t.start_hand(seed=3)
    # p1 BTN, p2 SB, p3 BB, p4 UTG, p5 CO posts 5 dead (no big blind)
    assert _positions(t) == (0, 1, 2, 3) and _bets(t) == {1: 5, 2: 10} and _dead(t) == {4: 5}
    assert t.hand is not None and t.hand.pot_total == 20
    _play(t, (3, R(30)))
    legal = t.hand.legal_actions()
    assert t.to_act == 4 and legal is not None and legal.call == 30
    _play(t, (4, F), (0, F), (1, F), (2, F))
    result = t.result
    assert result is not None and _balanced(result)
    assert [e.amount for e in result.events if e.type is EventType.UNCALLED] == [20]
    assert [e.amount for e in result.events if e.type is EventType.POT] == [30]
    assert _net(result) == {"p1": 0, "p2": -5, "p3": -10, "p4": 20, "p5": -5}
    assert {k: v - start[k] for k, v in t.stacks().items()} == {"p1": 0, "p2": -5, "p3": -10, "p4": 20, "p5": -5}
    assert not t.seats[4].owes_small  # type: ignore[union-attr]


def test_t07b_missed_both_blinds_posts_big_live_and_small_dead() -> None:
    t = _t07_table(0)
    t.start_hand(seed=1)
    assert _positions(t) == (1, 2, 3, 4)
    _fold_around(t)
    t.sit_out("p5")
    mark = len(t.events)
    t.start_hand(seed=2)
    assert _positions(t) == (2, 3, 0, 1)  # the big blind passes p5
    _fold_around(t)
    t.start_hand(seed=3)
    assert _positions(t) == (3, 0, 1, 2)  # then the small blind
    _fold_around(t)
    assert _kinds(t, mark) == [("missed_blind", 4, 10, "big"), ("missed_blind", 4, 5, "small")]
    t.come_back("p5")
    start = t.stacks()
    t.start_hand(seed=4)
    assert _positions(t) == (0, 1, 2, 3)
    assert _bets(t) == {1: 5, 2: 10, 4: 10} and _dead(t) == {4: 5}
    _play(t, (3, F))
    legal = t.hand.legal_actions()  # type: ignore[union-attr]
    assert t.to_act == 4 and legal is not None and legal.check and legal.raise_ == (20, 995)
    _play(t, (4, K), (0, F), (1, F), (2, K))
    h = t.hand
    assert h is not None and h.street == 1 and h.pot_total == 30
    assert [t.layout.dealt[i] for i in range(5) if not h.folded[i]] == [2, 4]  # type: ignore[union-attr]
    assert t.to_act == 2
    _play(t, (2, B(10)), (4, F))
    result = t.result
    assert result is not None and _balanced(result)
    assert {k: v - start[k] for k, v in t.stacks().items()} == {"p1": 0, "p2": -5, "p3": 20, "p4": 0, "p5": -15}


def test_gr_12_missed_both_blinds_may_wait_for_the_big_blind() -> None:
    t = _t07_table(0)
    t.start_hand(seed=1)
    _fold_around(t)
    t.sit_out("p5")
    for k in range(2):
        t.start_hand(seed=2 + k)
        _fold_around(t)
    t.come_back("p5", post=False)
    t.start_hand(seed=4)
    assert _positions(t) == (0, 1, 2, 3) and t.layout is not None and t.layout.waiting == (4,)
    _fold_around(t)
    t.start_hand(seed=5)
    assert _positions(t) == (1, 2, 3, 0) and t.layout is not None and t.layout.waiting == (4,)
    _fold_around(t)
    t.start_hand(seed=6)  # the big blind reaches him: he posts it in position and owes nothing more
    assert _positions(t) == (2, 3, 4, 0) and _bets(t) == {3: 5, 4: 10} and _dead(t) == {}
    st = t.seats[4]
    assert st is not None and not st.owes_big and not st.owes_small


def test_3_5_missing_the_big_blind_is_recorded_alone() -> None:
    # After one hand away only the big blind is owed; the small blind is owed once it has passed too.
    t = _t07_table(0)
    t.start_hand(seed=1)
    _fold_around(t)
    t.sit_out("p5")
    t.start_hand(seed=2)
    _fold_around(t)
    st = t.seats[4]
    assert st is not None and (st.owes_big, st.owes_small) == (True, False)
    t.start_hand(seed=3)
    _fold_around(t)
    assert (st.owes_big, st.owes_small) == (True, True)


def test_3_5_returning_into_the_blinds_gap_waits_and_owes_the_small_blind_too() -> None:
    t = _t07_table(0)
    t.start_hand(seed=1)
    _fold_around(t)
    t.sit_out("p5")
    t.start_hand(seed=2)  # missed the big blind
    _fold_around(t)
    t.come_back("p5")
    t.start_hand(seed=3)
    # p5 is between the button (seat 3) and the small blind (seat 0): he may not post there
    assert _positions(t) == (3, 0, 1, 2) and t.layout is not None and t.layout.waiting == (4,)
    _fold_around(t)
    st = t.seats[4]
    assert st is not None and (st.owes_big, st.owes_small) == (True, True)
    t.start_hand(seed=4)
    assert _bets(t) == {1: 5, 2: 10, 4: 10} and _dead(t) == {4: 5}


# ---------------------------------------------------------------------------- the club's new-player fee (G2)


def test_a_g2_7_new_player_fee_is_dead_money_in_the_first_hand() -> None:
    t = _table("club-holdem", players=(0, 1, 2, 3), stack=500, seats=6)
    t.start_hand(seed=1)
    assert _positions(t) == (0, 1, 2, 3)
    _fold_around(t)
    t.sit(5, "p5", 500)
    assert t.seats[5] is not None and t.seats[5].fee_due and not t.seats[5].new
    t.start_hand(seed=2)
    # not in the blinds: he plays at once and pays the fee of 5 (the first blind) as dead money
    assert _positions(t) == (1, 2, 3, 5) and _bets(t) == {2: 5, 3: 10} and _dead(t) == {5: 5}
    assert t.hand is not None and t.hand.pot_total == 20
    _play(t, (5, F), (0, F), (1, F), (2, F))
    result = t.result
    assert result is not None and _net(result) == {"p0": 0, "p1": 0, "p2": -5, "p3": 10, "p5": -5}
    t.start_hand(seed=3)
    assert _dead(t) == {}  # only in the first hand


def test_a_g2_7_new_player_in_the_big_blind_pays_the_fee_too() -> None:
    t = _table("club-holdem", players=(0, 1, 2), stack=500, seats=4)
    t.start_hand(seed=1)
    _fold_around(t)
    t.sit(3, "p3", 500)
    t.start_hand(seed=2)
    assert _positions(t) == (1, 2, 3, 0) and _bets(t) == {2: 5, 3: 10} and _dead(t) == {3: 5}
    assert t.hand is not None and t.hand.pot_total == 20
    result = _fold_around(t)
    assert _net(result) == {"p0": 0, "p1": 0, "p2": -5, "p3": 5}


def _bust_p1_at_club_holdem() -> Table:
    """Club hold'em, p0 p1 p2 with 500; p1 goes all-in and loses to p0 in hand 1."""
    t = _table("club-holdem", players=(0, 1, 2), stack=500, seats=3)
    t.start_hand(cards=ScriptedCards({0: "AsAh", 1: "KsKh", 2: "7c2d"}, "Ad9c4h3s2c"))
    _play(t, (0, R(500)), (1, C), (2, F))
    assert t.result is not None and t.stacks() == {"p0": 1010, "p1": 0, "p2": 490}
    return t


def test_g2_busted_player_who_rebuys_at_once_is_not_new() -> None:
    t = _bust_p1_at_club_holdem()
    t.add_chips("p1", 500)
    assert t.finish_busts() == []
    t.start_hand(seed=2)
    assert _positions(t) == (1, 2, 0, 1) and _dead(t) == {}


def test_g2_busted_player_who_does_not_rebuy_at_once_pays_the_fee_on_return() -> None:
    t = _bust_p1_at_club_holdem()
    assert t.finish_busts() == ["p1"]
    st = t.seats[1]
    assert st is not None and st.sitting_out and st.fee_due
    t.start_hand(seed=2)  # heads-up without him
    assert _dealt(t) == (0, 2)
    _fold_around(t)
    t.add_chips("p1", 480)
    t.come_back("p1")
    t.start_hand(seed=3)
    assert _dealt(t) == (0, 1, 2) and _dead(t) == {1: 5}


# ----------------------------------------------------------------------------------- rebuys and table stakes


def test_3_3_chips_are_added_only_between_hands() -> None:
    t = _table("holdem", players=(0, 1, 2), blinds=(5, 10), seats=3, stack=500)
    t.start_hand(seed=1)
    _play(t, (0, F))
    for name in ("p0", "p1"):  # p0 has folded but was dealt in; p1 holds cards
        with pytest.raises(RoomError, match="only between hands"):
            t.add_chips(name, 100)
    assert t.stacks() == {"p0": 500, "p1": 500, "p2": 500} and t.total_chips() == 1500
    assert t.hand is not None and t.hand.stacks == [500, 495, 490]
    _fold_around(t)
    t.add_chips("p0", 100)
    assert t.stacks() == {"p0": 600, "p1": 495, "p2": 505}
    assert t.events[-1] == RoomEvent("rebuy", 0, "p0", 100)


def test_a_g2_6_club_rebuy_cap_x_is_m_over_s() -> None:
    t = _table("club-holdem", seats=4)
    t.sit(0, "a", 700)
    t.sit(1, "b", 300)
    t.sit(2, "c", 500)
    # M = 1500, S = 3: X = 500
    assert t.max_rebuy("b") == 200 and t.max_rebuy("a") == 0 and t.max_rebuy("c") == 0
    with pytest.raises(RoomError, match="may add at most 200 chips"):
        t.add_chips("b", 201)
    with pytest.raises(RoomError, match="may add at most 0 chips"):
        t.add_chips("c", 1)
    assert t.stacks() == {"a": 700, "b": 300, "c": 500}
    t.add_chips("b", 200)
    assert t.stacks() == {"a": 700, "b": 500, "c": 500}
    # a newcomer's buy-in: the same cap with M and S before he joins (1700 / 3 = 566)
    with pytest.raises(RoomError, match="at most 566 chips"):
        t.sit(3, "d", 567)
    assert t.seats[3] is None
    t.sit(3, "d", 566)
    assert t.stacks()["d"] == 566


def test_g1_no_limit_lowball_rebuys_only_with_an_empty_stack() -> None:
    t = _table("club-lowball", players=(0, 1), stack=500, limit="no", rebuy_only_busted=True)
    with pytest.raises(RoomError, match="still has 500 chips: in no-limit play a rebuy needs an empty stack"):
        t.add_chips("p0", 100)
    hole = {0: "2c3d4h5s7c", 1: "KcKdKhQsJc"}
    t.start_hand(cards=ScriptedCards(hole))
    _play(t, (1, B(497)), (0, C))
    _check_down(t)
    assert t.stacks() == {"p0": 1000, "p1": 0}
    t.add_chips("p1", 500)
    assert t.stacks() == {"p0": 1000, "p1": 500}


def test_3_3_no_limit_table_maximum() -> None:
    t = _table("holdem", players=(0, 1), blinds=(5, 10), seats=2, stack=900)
    assert t.buy_in == BuyIn(200, 1000) and t.max_rebuy("p0") == 100
    with pytest.raises(RoomError, match="may add at most 100 chips"):
        t.add_chips("p0", 101)
    t.add_chips("p0", 100)
    assert t.max_rebuy("p0") == 0 and t.stacks() == {"p0": 1000, "p1": 900}


def test_3_3_fixed_limit_table_has_no_maximum() -> None:
    t = _table("holdem", players=(0, 1), blinds=(100, 200), limit="fixed", seats=2, stack=2000, real_money=True)
    assert t.buy_in == BuyIn(2000, None) and t.max_rebuy("p0") is None  # €2/€4: €20 minimum (GR-19)
    t.add_chips("p0", 1_000_000)
    assert t.stacks()["p0"] == 1_002_000


def test_a_g3_4_a6_player_below_13_chips_is_not_dealt_in_until_topped_up() -> None:
    t = _table("a6-lowball", players=(0, 1), stack=20, seats=3)
    with pytest.raises(RoomError, match="the table allows 13 chips or more"):
        t.sit(2, "p2", 12)
    t.sit(2, "p2", 13)
    hole = {0: "6c4h3s2dAc", 1: "KcQdJh9s8c", 2: "KdQhJs9c8d"}
    t.start_hand(cards=ScriptedCards(hole))
    result = _check_down(t)
    assert result.payouts == (3, 0, 0) and t.stacks() == {"p0": 22, "p1": 19, "p2": 12}
    mark = len(t.events)
    t.start_hand(seed=2)
    assert _dealt(t) == (0, 1)
    assert _kinds(t, mark) == [("sit_out", 2, 12, "fewer than 13 chips before the deal")]
    _check_down(t)
    t.add_chips("p2", 1)
    t.start_hand(seed=3)
    assert _dealt(t) == (0, 1, 2)
    assert t.hand is not None and t.hand.pot_total == 3  # ante 1 each


# ------------------------------------------------------------------------------------ carried chips (G1, G2)


def test_g1_odd_chips_are_carried_and_paid_on_the_last_hand() -> None:
    t = _table("club-lowball", players=(0, 1, 2), stack=100)
    tie = {0: "KcQdJh9s8c", 1: "9c8d6h4s2c", 2: "9d8h6s4c2d"}
    t.start_hand(cards=ScriptedCards(tie))
    assert t.layout is not None and t.layout.button == 0
    result = _check_down(t)
    # antes 9: 4 + 4, one chip stays in the pot
    assert t.carried == 1 and result.carried_out == 1 and _balanced(result)
    assert t.stacks() == {"p0": 97, "p1": 101, "p2": 101} and t.total_chips() == 300
    assert t.events[-1] == RoomEvent("carried", None, None, 1, "odd chips carried to the next hand")
    t.last_hand = True
    tie2 = {0: "9c8d6h4s2c", 1: "KcQdJh9s8c", 2: "9d8h6s4c2d"}
    t.start_hand(cards=ScriptedCards(tie2))
    assert t.layout is not None and t.layout.button == 1 and t.carried == 0
    assert t.hand is not None and t.hand.pot_total == 10  # 9 antes and the carried chip
    _play(t, (2, K), (0, K), (1, K))
    for seat in (2, 0, 1):
        _play(t, (seat, Action.stand_pat()))
    _play(t, (2, B(1)), (0, C), (1, C))
    last = t.result
    assert last is not None and last.carried_in == 1 and last.carried_out == 0 and _balanced(last)
    # 13 chips: 6 each and the odd chip to the first tied winner clockwise from the dealer (seat 2, A-G1-7)
    assert last.payouts == (6, 0, 7)
    assert t.stacks() == {"p0": 99, "p1": 97, "p2": 104} and t.carried == 0 and t.total_chips() == 300


def test_g2_club_holdem_carries_odd_chips_into_the_next_pot() -> None:
    t = _table("club-holdem", players=(0, 1, 2), stack=100)
    board = "AsKsQdJcTh"  # a straight on the board: every player still in ties
    t.start_hand(cards=ScriptedCards({0: "2c3d", 1: "7h8h", 2: "2d3c"}, board))
    assert _positions(t) == (0, 1, 2, 0)
    _play(t, (0, C), (1, F), (2, K))
    result = _check_down(t)
    assert result.payouts == (12, 0, 12) and result.carried_out == 1 and _balanced(result)  # 25: 12 + 12, 1 stays
    assert t.stacks() == {"p0": 102, "p1": 95, "p2": 102} and t.carried == 1 and t.total_chips() == 300
    t.start_hand(cards=ScriptedCards({0: "2c3d", 1: "7h8h", 2: "2d3c"}, board))
    assert _positions(t) == (1, 2, 0, 1) and t.hand is not None and t.hand.pot_total == 16
    _play(t, (1, C), (2, C), (0, K))
    result = _check_down(t)
    assert result.carried_in == 1 and result.payouts == (10, 10, 10) and result.carried_out == 1  # 31 three ways
    assert t.carried == 1 and _balanced(result)
    t.last_hand = True
    t.start_hand(cards=ScriptedCards({0: "2c3d", 1: "7h8h", 2: "2d3c"}, board))
    assert _positions(t) == (2, 0, 1, 2)
    _play(t, (2, C), (0, C), (1, K))
    result = _check_down(t)
    # A-G2-8: the odd chip goes to the first tied winner clockwise from the dealer (seat 2): seat 0
    assert result.payouts == (11, 10, 10) and result.carried_out == 0 and _balanced(result)
    assert t.stacks() == {"p0": 103, "p1": 95, "p2": 102} and t.carried == 0 and t.total_chips() == 300


# ----------------------------------------------------------------------------------------- rake (§3.10, §7.7)


def _cents_table(players: Sequence[int], stack: int = 5000, **config: object) -> Table:
    cfg: dict[str, Any] = {"blinds": (50, 100), "real_money": True, "seats": max(players) + 1}
    cfg.update(config)
    return _table("holdem", players=players, stack=stack, **cfg)


def test_rk_1_ten_euro_pot_with_two_dealt_pays_fifty_cents() -> None:
    t = _cents_table((0, 1))
    assert t.buy_in == BuyIn(2000, 10000)
    t.start_hand(cards=ScriptedCards({0: "AsAh", 1: "7c2d"}, "Kd9c4h3s8c"))
    _play(t, (0, R(500)), (1, C))
    result = _check_down(t)
    assert result.rake == 50 and _balanced(result)
    assert t.stacks() == {"p0": 5450, "p1": 4500}
    assert t.events[-1] == RoomEvent("rake", None, None, 50)
    assert t.total_chips() + result.rake == 10000


def test_rk_3_hundred_euro_pot_with_six_dealt_is_capped_at_three_euros() -> None:
    t = _cents_table(range(6), stack=10000)
    hole = {0: "QcQd", 1: "7c2d", 2: "8c3d", 3: "AsAh", 4: "KcKd", 5: "JcJd"}
    t.start_hand(cards=ScriptedCards(hole, "Ad9c4h3s5c"))
    _play(t, (3, R(1990)), (4, C), (5, C), (0, C), (1, F), (2, C))
    assert t.hand is not None and t.hand.pot_total == 10000
    result = _check_down(t)
    assert result.rake == 300
    assert _net(result) == {"p0": -1990, "p1": -50, "p2": -1990, "p3": 7710, "p4": -1990, "p5": -1990}


def test_rk_9_no_flop_no_drop_and_rk_4_small_pot_rule() -> None:
    t = _cents_table((0, 1, 2))
    t.start_hand(cards=ScriptedCards({0: "7c2d", 1: "AsAh", 2: "8c3d"}, "Kd9c4h5s6c"))
    _play(t, (0, R(3000)), (1, F), (2, F))
    assert t.result is not None and t.result.rake == 0
    assert t.stacks() == {"p0": 5150, "p1": 4950, "p2": 4900}
    t.start_hand(cards=ScriptedCards({0: "7c2d", 1: "AsAh", 2: "8c3d"}, "Kd9cJhQs3c"))
    assert _positions(t) == (1, 2, 0, 1)
    _play(t, (1, C), (2, C), (0, K))
    result = _check_down(t)
    # a €3.00 pot that saw the flop: below €4.00, €0.01 per full €0.20 = 15 cents
    assert result.rake == 15 and _net(result) == {"p0": -100, "p1": 185, "p2": -100}
    assert t.total_chips() + 15 == 15000


def test_rk_10_play_money_and_club_games_are_never_raked() -> None:
    for t in (
        _cents_table((0, 1), real_money=False),
        _table("club-holdem", players=(0, 1), stack=5000, blinds=(50, 100), real_money=True),
    ):
        t.start_hand(cards=ScriptedCards({0: "AsAh", 1: "7c2d"}, "Kd9c4h3s8c"))
        assert t.to_act == 0  # the first to act before the flop: the button online, the non-dealer at the club
        _play(t, (0, R(500)), (1, C))
        result = _check_down(t)
        assert result.rake == 0 and sum(t.stacks().values()) == 10000
        assert t.stacks()["p0"] == 5500


# --------------------------------------------------------------------------- clocks and disconnects (§3.7, §2.5)


def test_a_3_7_2_time_out_with_nothing_to_call_checks_after_the_bank() -> None:
    clock = VirtualClock()
    t = _table("holdem", players=(0, 1, 2), blinds=(5, 10), seats=3, clock=clock)
    t.start_hand(seed=1)
    _play(t, (0, C), (1, C))
    assert t.to_act == 2 and not t.expired()
    clock.advance(20.0)
    assert not t.expired()  # the action time is gone; the 30-second bank now runs
    clock.advance(29.5)
    assert not t.expired()
    clock.advance(0.5)
    assert t.expired()
    mark = len(t.events)
    t.time_out()
    assert _kinds(t, mark) == [("timeout", 2, 0, "check")]
    assert t.hand is not None and t.hand.street == 1 and t.timer.bank(2) == 0.0


def test_time_bank_is_charged_for_a_late_action() -> None:
    clock = VirtualClock()
    t = _table("holdem", players=(0, 1, 2), blinds=(5, 10), seats=3, clock=clock)
    t.start_hand(seed=1)
    clock.advance(32.0)
    _play(t, (0, C))
    assert t.timer.bank(0) == 18.0 and t.timer.bank(1) == 30.0
    clock.advance(5.0)
    _play(t, (1, C))
    assert t.timer.bank(1) == 30.0
    clock.advance(20.0 + 18.0)
    assert not t.expired()  # seat 2 has a full bank
    clock.advance(12.0)
    assert t.expired()


def test_a_3_7_2_time_out_facing_a_bet_folds_in_no_limit() -> None:
    clock = VirtualClock()
    t = _table("holdem", players=(0, 1, 2), blinds=(50, 100), seats=3, clock=clock, real_money=True, stack=5000)
    t.start_hand(seed=1)
    _play(t, (0, R(300)))
    clock.advance(50.0)
    assert t.to_act == 1 and t.expired()
    t.time_out()
    assert t.hand is not None and t.hand.folded[1] and t.to_act == 2
    assert t.aai_remaining("p1") == 1  # disconnect protection is not offered at no limit


def _fl_table(clock: VirtualClock, **config: object) -> Table:
    cfg: dict[str, Any] = {"blinds": (100, 200), "limit": "fixed", "real_money": True, "seats": 4}
    cfg.update(config)
    return _table("holdem", players=range(4), stack=5000, clock=clock, **cfg)


def test_gr_14_artificial_all_in_after_four_euros_in() -> None:
    clock = VirtualClock()
    t = _fl_table(clock)
    hole = {0: "KsKh", 1: "7c2d", 2: "QsQh", 3: "AsAh"}
    t.start_hand(cards=ScriptedCards(hole, "Ad9c4h3s8c"))
    assert _positions(t) == (0, 1, 2, 3)
    _play(t, (3, R(400)), (0, C), (1, F), (2, R(600)))
    t.disconnect("p3")
    clock.advance(50.0)
    mark = len(t.events)
    t.time_out()
    assert _kinds(t, mark) == [
        ("protected", 3, 400, "disconnect protection: all-in"),
        ("warning", 3, 0, "disconnect protection used up for 24 hours"),
    ]
    assert t.aai_remaining("p3") == 0
    _play(t, (0, C))
    h = t.hand
    assert h is not None and h.street == 1
    assert [(p.amount, p.eligible) for p in h.current_pots()] == [(1300, (0, 2, 3)), (400, (0, 2))]
    _play(t, (2, B(200)), (0, C))  # later bets: the side pot p3 cannot win
    result = _check_down(t)
    pots = [(e.amount, e.winners) for e in result.events if e.type is EventType.POT]
    # FL €2/€4 (R-FL-2), 4 dealt: €0.50 per full €10 of €21.00 = €1.00, taken from the pots in proportion
    # (61 + 38, the leftover cent from the main pot, A-3.10-4)
    assert result.rake == 100
    assert pots == [(1238, ((3, 1238),)), (762, ((0, 762),))]
    assert _net(result) == {"p0": -38, "p1": -100, "p2": -800, "p3": 838}
    assert t.stacks()["p3"] == 5838 and t.total_chips() + result.rake == 20000


def test_gr_16_nothing_in_the_pot_folds_and_keeps_the_allowance() -> None:
    clock = VirtualClock()
    t = _fl_table(clock)
    t.start_hand(seed=1)
    clock.advance(50.0)
    assert t.to_act == 3
    t.time_out()
    assert t.hand is not None and t.hand.folded[3] and t.aai_remaining("p3") == 1


@pytest.mark.parametrize("config", [{"limit": "pot"}, {"real_money": False}])
def test_gr_15_pot_limit_or_play_money_folds(config: dict[str, object]) -> None:
    clock = VirtualClock()
    t = _fl_table(clock, **config)
    t.start_hand(seed=1)
    _play(t, (3, C), (0, C), (1, C), (2, R(400)))
    clock.advance(50.0)
    mark = len(t.events)
    t.time_out()
    assert _kinds(t, mark) == [("timeout", 3, 0, "fold")]
    assert t.hand is not None and t.hand.folded[3] and t.aai_remaining("p3") == 1


def test_3_7_allowance_is_once_per_24_hours_with_a_warning() -> None:
    clock = VirtualClock()
    t = _fl_table(clock)
    t.start_hand(seed=1)
    assert _positions(t) == (0, 1, 2, 3)
    _play(t, (3, R(400)), (0, C), (1, F), (2, R(600)))
    clock.advance(50.0)
    mark = len(t.events)
    t.time_out()
    assert [e.kind for e in t.events[mark:]] == ["protected", "warning"]
    _fold_around(t)
    clock.advance(3600.0)
    t.start_hand(seed=2)  # p3 is the big blind: 200 in, facing a raise, but the allowance is used
    assert _positions(t) == (1, 2, 3, 0)
    _play(t, (0, R(400)), (1, F), (2, F))
    clock.advance(50.0)
    mark = len(t.events)
    t.time_out()
    assert _kinds(t, mark) == [("timeout", 3, 0, "fold")] and t.result is not None
    assert t.aai_remaining("p3") == 0
    clock.advance(DAY - 3600.0)  # 24 hours after the first protection
    assert t.aai_remaining("p3") == 1
    t.start_hand(seed=3)  # p3 is the small blind: 100 in
    assert _positions(t) == (2, 3, 0, 1)
    _play(t, (1, R(400)), (2, F))
    clock.advance(50.0)
    mark = len(t.events)
    t.time_out()
    assert _kinds(t, mark) == [
        ("protected", 3, 100, "disconnect protection: all-in"),
        ("warning", 3, 0, "disconnect protection used up for 24 hours"),
    ]


def test_2_5_draw_time_out_stands_pat_and_may_not_bet_or_raise() -> None:
    clock = VirtualClock()
    t = _table("five-card-draw", players=(0, 1, 2), blinds=(5, 10), seats=3, clock=clock, limit="fixed")
    hole = {0: "2c3d4h5s7c", 1: "KcKdKhQsJc", 2: "9c9d8h8s2d"}
    t.start_hand(cards=ScriptedCards(hole))
    _play(t, (0, C), (1, C), (2, K))
    h = t.hand
    assert h is not None and h.phase is Phase.DRAW and t.to_act == 1
    _play(t, (1, Action.stand_pat()))
    assert t.to_act == 2
    clock.advance(29.5)
    assert not t.expired()
    clock.advance(0.5)
    assert t.expired()  # 30 seconds to draw, no time bank (RULES §2.5)
    t.time_out()
    assert t.timer.bank(2) == 30.0  # the betting clock's bank was not touched
    assert h.hole[2] == parse_cards("9c9d8h8s2d") and h.discards[2] == []
    _play(t, (0, Action.stand_pat()))
    assert t.hand is not None and t.hand.phase is Phase.BETTING and t.to_act == 1
    _play(t, (1, B(20)))
    legal = h.legal_actions()
    assert t.to_act == 2 and legal is not None and legal.call == 20 and legal.raise_ is None and legal.fold
    _play(t, (2, C), (0, F))
    assert h.is_complete


# ---------------------------------------------------------------------- sitting, standing and refused requests


def test_stand_during_a_hand_is_refused_and_sit_out_waits_for_the_next() -> None:
    t = _table("holdem", players=(0, 1, 2, 3), blinds=(5, 10), seats=4)
    t.sit_out("p3")
    t.start_hand(seed=1)
    assert _dealt(t) == (0, 1, 2)
    _play(t, (0, F))
    for name in ("p0", "p1"):
        with pytest.raises(RoomError, match="in the hand being played; they may leave when it ends"):
            t.stand(name)
    assert t.stand("p3") == 1000  # not dealt in: free to go
    t.sit_out("p1")  # takes effect from the next hand
    assert t.to_act == 1
    _play(t, (1, C), (2, K))
    assert t.hand is not None and t.hand.street == 1
    _fold_around(t)
    t.start_hand(seed=2)
    assert _dealt(t) == (0, 2)
    assert [(e.kind, e.player) for e in t.events if e.kind in ("sit_out", "stand")] == [
        ("sit_out", "p3"),
        ("stand", "p3"),
        ("sit_out", "p1"),
    ]


def test_refused_requests_name_the_limits_and_change_nothing() -> None:
    t = _table("holdem", players=(0, 1), blinds=(5, 10), seats=6)
    before = (list(t.seats), len(t.events))
    with pytest.raises(RoomError, match=r"seat 6 does not exist; this table has seats 0 to 5"):
        t.sit(6, "x", 500)
    with pytest.raises(RoomError, match=r"seat -1 does not exist"):
        t.sit(-1, "x", 500)
    with pytest.raises(RoomError, match=r"seat 1 is taken by 'p1'"):
        t.sit(1, "x", 500)
    with pytest.raises(RoomError, match=r"'p0' is already seated at this table \(seat 0\)"):
        t.sit(2, "p0", 500)
    with pytest.raises(RoomError, match=r"a buy-in of 199 chips .* the table allows 200 to 1000 chips"):
        t.sit(2, "x", 199)
    with pytest.raises(RoomError, match=r"a buy-in of 1001 chips .* the table allows 200 to 1000 chips"):
        t.sit(2, "x", 1001)
    with pytest.raises(RoomError, match=r"'nobody' is not seated"):
        t.stand("nobody")
    with pytest.raises(RoomError, match="positive number of chips"):
        t.add_chips("p0", 0)
    assert (list(t.seats), len(t.events)) == before
    with pytest.raises(RoomError, match="holdem tables have 2 to 10 seats, not 11"):
        Table(TableConfig("holdem", seats=11))
    with pytest.raises(RoomError, match="draw32 tables have 2 to 5 seats, not 6"):
        Table(TableConfig("draw32", seats=6))
    t.start_hand(seed=1)
    with pytest.raises(RoomError, match="a hand is being played"):
        t.start_hand(seed=2)
    lone = _table("holdem", players=(0,), blinds=(5, 10), seats=2)
    with pytest.raises(RoomError, match="fewer than two players"):
        lone.start_hand(seed=1)
    assert lone.hand is None and lone.hand_number == 0


def test_illegal_actions_at_the_table_change_nothing() -> None:
    t = _table("holdem", players=(0, 1, 2), blinds=(5, 10), seats=3)
    with pytest.raises(IllegalAction, match="no hand is being played"):
        t.act(0, C)
    t.start_hand(seed=1)
    with pytest.raises(IllegalAction):
        t.act(0, K)
    assert t.to_act == 0 and t.hand is not None and t.hand.pot_total == 15


def test_club_amounts_out_of_range_are_clamped() -> None:
    t = _table("club-holdem", players=(0, 1, 2), stack=500)
    t.start_hand(seed=1)
    t.act(0, R(900))  # decision 19: the room places the nearest legal amount (all-in 500)
    assert t.hand is not None and t.hand.bets[0] == 500


# -------------------------------------------------------------------------------------- server crash (GR-17)


def test_gr_17_void_hand_refunds_and_the_hand_is_dealt_again() -> None:
    clock = VirtualClock()
    t = _table("holdem", players=(0, 1, 2, 3), blinds=(5, 10), seats=5, clock=clock)
    t.start_hand(seed=1)
    _fold_around(t)
    t.sit(4, "p4", 1000)
    before = t.stacks()
    t.start_hand(seed=2)
    assert _positions(t) == (1, 2, 3, 4) and _bets(t) == {2: 5, 3: 10, 4: 10}
    _play(t, (4, R(30)), (0, C), (1, C))
    clock.advance(5.0)
    result = t.void_hand()
    assert result.voided and result.rake == 0
    assert result.contributions == result.payouts
    assert dict(zip([n for _, n in result.players], result.contributions, strict=True)) == {
        "p0": 30,
        "p1": 30,
        "p2": 5,
        "p3": 10,
        "p4": 30,
    }
    assert t.stacks() == before and t.hand is None and t.to_act is None
    t.start_hand(seed=3)  # the same positions again, and the newcomer posts again
    assert _positions(t) == (1, 2, 3, 4) and _bets(t) == {2: 5, 3: 10, 4: 10}


def test_gr_17_void_hand_keeps_the_debts_it_cancelled() -> None:
    t = _t07_table(1)
    t.start_hand(seed=1)
    _fold_around(t)
    t.sit_out("p5")
    t.start_hand(seed=2)
    _fold_around(t)
    t.come_back("p5")
    t.start_hand(seed=3)
    assert _dead(t) == {4: 5}
    t.void_hand()
    assert t.seats[4] is not None and t.seats[4].owes_small
    t.start_hand(seed=4)
    assert _positions(t) == (0, 1, 2, 3) and _dead(t) == {4: 5}
    _fold_around(t)
    with pytest.raises(RoomError, match="no hand is being played"):
        t.void_hand()


# ---------------------------------------------------------------------------- corners of the table's bookkeeping


def test_a_hand_decided_by_the_forced_bets_is_settled_at_once() -> None:
    t = _table("holdem", players=(), blinds=(5, 10), seats=2, buy_in=BuyIn(1, 1000))
    t.sit(0, "a", 5)
    t.sit(1, "b", 10)
    h = t.start_hand(cards=ScriptedCards({0: "AsAh", 1: "7c2d"}, "Kd9c4h3s8c"))
    assert h.is_complete and t.to_act is None
    assert t.result is not None and t.result.number == 1 and _balanced(t.result)
    assert t.stacks() == {"a": 10, "b": 5} and t.total_chips() == 15


def test_a_new_game_starts_when_everyone_who_played_has_left() -> None:
    t = _table("holdem", players=(0, 1, 2), blinds=(5, 10), seats=4)
    t.start_hand(seed=1)
    _fold_around(t)
    for name in ("p0", "p1", "p2"):
        t.stand(name)
    t.sit(1, "x", 500)
    t.sit(3, "y", 500)
    assert t.seats[1] is not None and t.seats[1].new
    t.start_hand(seed=2)
    assert _dealt(t) == (1, 3) and _dead(t) == {}
    assert _bets(t) == {1: 5, 3: 10} and _positions(t) == (1, 1, 3, 1)


def test_3_7_leaving_does_not_renew_the_allowance() -> None:
    clock = VirtualClock()
    t = _fl_table(clock)
    t.start_hand(seed=1)
    _play(t, (3, R(400)), (0, C), (1, F), (2, R(600)))
    clock.advance(50.0)
    t.time_out()
    _fold_around(t)
    t.stand("p3")
    t.sit(3, "p3", 5000)
    assert t.aai_remaining("p3") == 0
    clock.advance(DAY)
    assert t.aai_remaining("p3") == 1


# ------------------------------------------------------------------------------ chips are never made or lost


_TABLES: list[tuple[str, dict[str, object]]] = [
    ("holdem", {"blinds": (5, 10), "seats": 6}),
    ("holdem", {"blinds": (50, 100), "real_money": True, "seats": 6}),
    ("holdem", {"blinds": (100, 200), "limit": "fixed", "real_money": True, "seats": 4, "aai_per_24h": 2}),
    ("holdem", {"blinds": (5, 10), "seats": 5, "dealer": Dealer.DEAD_BUTTON}),
    ("omaha", {"blinds": (5, 10), "seats": 4, "real_money": True}),
    ("club-holdem", {"seats": 5}),
    ("club-lowball", {"seats": 5}),
    ("club-lowball", {"seats": 4, "limit": "no", "rebuy_only_busted": True}),
    ("a6-lowball", {"seats": 4}),
    ("stud", {"ante": 1, "bring_in": 2, "seats": 5, "real_money": True}),
    ("five-card-draw", {"blinds": (5, 10), "limit": "fixed", "seats": 4, "real_money": True}),
    ("draw32", {"blinds": (5, 10), "seats": 4}),
]

_OPS = st.lists(
    st.tuples(
        st.sampled_from(["sit", "stand", "sit_out", "come_back", "add", "hand", "hand", "hand", "timeout", "void"]),
        st.integers(0, 9),
        st.integers(0, 10_000),
    ),
    min_size=5,
    max_size=30,
)


@pytest.mark.parametrize("table", _TABLES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(_TABLES)])
@settings(max_examples=40, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), ops=_OPS)
def test_chips_balance_over_random_room_activity(
    table: tuple[str, dict[str, object]], players: int, ops: list[tuple[str, int, int]]
) -> None:
    """Seats, leaving, sitting out, coming back, rebuys, hands played by random bots and timed-out actions:
    ``total_chips() + rake + cashed out == bought in`` after every step, no stack below 0, every hand balanced
    (``sum(contributions) + carried_in == sum(payouts) + rake + carried_out``)."""
    game, config = table
    clock = VirtualClock()
    t = Table(TableConfig(game, **config), clock=clock)  # type: ignore[arg-type]
    bots: dict[str, RandomBot] = {}
    bought = cashed = raked = 0
    names = iter(range(1000))
    for seat in range(min(players, t.size)):
        amount = t.buy_in.minimum * (2 + seat)
        if t.buy_in.maximum is not None:
            amount = min(amount, t.buy_in.maximum)
        if t.rebuy_cap and seat:
            amount = min(amount, t.total_chips() // seat)
        t.sit(seat, f"s{seat}", amount)
        bots[f"s{seat}"] = RandomBot(seed=seat)
        bought += amount
    ops = [*ops[:2], ("hand", 0, 1), *ops[2:]]

    def check() -> None:
        assert t.total_chips() + raked + cashed == bought
        assert all(s.stack >= 0 for s in t.seats if s is not None)

    for op, x, y in ops:
        seat = x % t.size
        st_ = t.seats[seat]
        before = (t.stacks(), t.total_chips())
        try:
            if op == "sit":
                low, high = t.buy_in.minimum, t.buy_in.maximum or t.buy_in.minimum * 5
                amount = low + y % (high - low + 1)
                name = f"n{next(names)}"
                t.sit(seat, name, amount)
                bots[name] = RandomBot(seed=y)
                bought += amount
            elif op == "stand" and st_ is not None:
                cashed += t.stand(st_.player)
            elif op == "sit_out" and st_ is not None:
                t.sit_out(st_.player)
            elif op == "come_back" and st_ is not None:
                t.come_back(st_.player, post=y % 3 != 0)
            elif op == "add" and st_ is not None:
                amount = 1 + y % 500
                t.add_chips(st_.player, amount)
                bought += amount
            elif op == "void":
                h = t.start_hand(seed=y)
                for _ in range(y % 4):
                    seat_to_act = t.to_act
                    if seat_to_act is None:
                        break
                    player = t.seats[seat_to_act]
                    assert player is not None
                    t.act(seat_to_act, bots[player.player].act(h.view(t.layout.dealt.index(seat_to_act))))  # type: ignore[union-attr]
                if not h.is_complete:
                    voided = t.void_hand()
                    assert voided.voided and voided.payouts == voided.contributions
                    assert t.stacks() == before[0]
                else:
                    assert t.result is not None
                    raked += t.result.rake
            elif op in ("hand", "timeout"):
                t.last_hand = y % 7 == 0
                if op == "hand":
                    t.finish_busts()
                h = t.start_hand(seed=y)
                while not h.is_complete:
                    seat_to_act = t.to_act
                    assert seat_to_act is not None
                    player = t.seats[seat_to_act]
                    assert player is not None
                    if op == "timeout" and len(h.events) % 3 == 0:
                        clock.advance(100.0)
                        assert t.expired()
                        t.time_out()
                    else:
                        clock.advance(1.0)
                        t.act(seat_to_act, bots[player.player].act(h.view(t.layout.dealt.index(seat_to_act))))  # type: ignore[union-attr]
                result = t.result
                assert result is not None and not result.voided
                assert _balanced(result)
                assert all(c >= 0 for c in result.contributions) and all(p >= 0 for p in result.payouts)
                raked += result.rake
                if t.game.odd_chips_carry is False:
                    assert result.carried_out == 0
        except RoomError:
            assert (t.stacks(), t.total_chips()) == before  # a refused request changes nothing
        check()
    t.last_hand = True
    check()


def test_3_7_allowance_counts_per_player_across_the_room_tables() -> None:
    clock = VirtualClock()
    shared: dict[str, list[float]] = {}
    config = TableConfig("holdem", blinds=(100, 200), limit="fixed", real_money=True, seats=4)
    one = Table(config, clock=clock, protections=shared)
    two = Table(config, clock=clock, protections=shared)
    for t in (one, two):
        for seat in range(4):
            t.sit(seat, f"p{seat}", 5000)
    one.start_hand(seed=1)
    _play(one, (3, R(400)), (0, C), (1, F), (2, R(600)))
    clock.advance(50.0)
    one.time_out()
    assert shared["p3"] == [50.0] and one.aai_remaining("p3") == 0
    two.start_hand(seed=1)
    _play(two, (3, R(400)), (0, C), (1, F), (2, R(600)))
    clock.advance(50.0)
    mark = len(two.events)
    two.time_out()  # the allowance was used at the other table an instant ago
    assert _kinds(two, mark) == [("timeout", 3, 0, "fold")]
    assert two.hand is not None and two.hand.folded[3] and two.aai_remaining("p3") == 0


@pytest.mark.parametrize("game", ["club-lowball", "club-holdem", "a6-lowball"])
def test_3_10_home_games_are_never_raked(game: str) -> None:
    t = _table(game, players=range(3), stack=200, real_money=True, seats=3)
    for seed in range(20):
        assert t.play_bots({f"p{s}": CallingStation().act for s in range(3)}, seed=seed).rake == 0
    assert t.total_chips() == 600


# ------------------------------------------------------------------ regressions: the layout between hands (§3.11)


def _preflop_order(t: Table) -> list[int]:
    """Everyone calls or checks the first betting round; the table seats in the order they acted."""
    h = t.hand
    assert h is not None
    order = []
    while h.street == 0 and not h.is_complete:
        seat = t.to_act
        assert seat is not None
        order.append(seat)
        legal = h.legal_actions()
        assert legal is not None
        t.act(seat, C if legal.call else K)
    return order


def test_3_11_newcomer_at_a_heads_up_table_waits_then_posts_the_big_blind_in_position() -> None:
    t = _table("holdem", players=(0, 1), blinds=(5, 10), seats=3)
    t.start_hand(seed=0)
    assert _positions(t) == (0, 0, 1, 0) and _bets(t) == {0: 5, 1: 10}
    _fold_around(t)
    t.sit(2, "p2", 1000)
    mark = len(t.events)
    t.start_hand(seed=1)
    # the button moves to seat 1; seat 2 is the small blind's position: the newcomer waits; heads-up, seat 1
    # (the big blind last hand) is the button and posts the small blind, seat 0 the big blind
    assert _dealt(t) == (0, 1) and _positions(t) == (1, 1, 0, 1) and _bets(t) == {1: 5, 0: 10}
    assert _kinds(t, mark) == [("wait", 2, 0, "waits for the big blind")]
    assert t.seats[2] is not None and t.seats[2].new
    assert _preflop_order(t) == [1, 0]
    _fold_around(t)
    t.start_hand(seed=2)
    assert _dealt(t) == (0, 1, 2) and _positions(t) == (0, 1, 2, 0) and _bets(t) == {1: 5, 2: 10}
    assert t.seats[2] is not None and not t.seats[2].new
    assert _preflop_order(t) == [0, 1, 2]
    _fold_around(t)
    assert t.total_chips() == 3000


def test_3_11_newcomer_right_after_the_button_at_three_handed_waits() -> None:
    # seats 0 and 4 heads-up, a newcomer in seat 3: never button 0, BB 3, SB 4 (the small blind after the big)
    t = _table("holdem", players=(0, 4), blinds=(5, 10), seats=5)
    t.start_hand(seed=0)
    assert _positions(t) == (0, 0, 4, 0)
    _fold_around(t)
    t.start_hand(seed=1)
    assert _positions(t) == (4, 4, 0, 4)
    _fold_around(t)
    t.sit(3, "p3", 1000)
    t.start_hand(seed=2)
    assert _dealt(t) == (0, 4) and _positions(t) == (0, 0, 4, 0) and t.layout is not None
    assert t.layout.waiting == (3,)
    _fold_around(t)
    t.start_hand(seed=3)
    assert _positions(t) == (4, 0, 3, 4) and _bets(t) == {0: 5, 3: 10}
    assert _preflop_order(t) == [4, 0, 3]


def test_3_11_dead_button_back_from_heads_up_keeps_the_big_blind_off_the_button() -> None:
    t = _table("holdem", players=range(3), blinds=(5, 10), seats=3, dealer=Dealer.DEAD_BUTTON)
    bigs = []
    for k in range(2):
        t.start_hand(seed=k)
        bigs.append(t.layout.big_blind)  # type: ignore[union-attr]
        _fold_around(t)
    t.sit_out("p0")
    t.start_hand(seed=5)
    assert _positions(t) == (2, 2, 1, 2) and _bets(t) == {2: 5, 1: 10}
    _fold_around(t)
    t.come_back("p0")
    t.start_hand(seed=6)
    assert _positions(t) == (0, 1, 2, 0) and _bets(t) == {1: 5, 2: 10}
    assert _preflop_order(t) == [0, 1, 2]
    assert bigs == [2, 0]


def test_3_11_dead_button_given_as_text_plays_the_dead_button() -> None:
    t = _table("holdem", players=range(4), blinds=(5, 10), seats=4, dealer="dead_button")
    assert t.dealer is Dealer.DEAD_BUTTON and t.config.dealer is Dealer.DEAD_BUTTON
    t.start_hand(seed=0)
    _fold_around(t)
    t.stand("p2")  # last hand's big blind: no small blind now
    t.start_hand(seed=1)
    assert _positions(t) == (1, None, 3, 0) and _bets(t) == {3: 10}


def _walk_the_room(dealer: Dealer, trial: int) -> None:
    """Random sitting, leaving, sitting out and coming back between hands; every hand's layout is checked."""
    rng = random.Random(trial)
    size = rng.randint(2, 8)
    t = Table(
        TableConfig("holdem", blinds=(5, 10), seats=size, buy_in=BuyIn(1, 10**6), dealer=dealer), clock=VirtualClock()
    )
    names = (f"n{i}" for i in itertools.count())
    for seat in rng.sample(range(size), rng.randint(0, size)):
        t.sit(seat, next(names), 1000)
    last_big: str | None = None

    def cw(a: int, b: int) -> int:
        return (b - a) % size

    for step in range(40):
        op = rng.choice(["hand"] * 4 + ["sit", "stand", "out", "back"])
        seated = [s for s in t.seats if s is not None]
        if op == "sit":
            free = [i for i, s in enumerate(t.seats) if s is None]
            if free:
                t.sit(rng.choice(free), next(names), 1000, post=rng.random() < 0.7)
        elif op == "stand" and seated:
            t.stand(rng.choice(seated).player)
        elif op == "out" and seated:
            t.sit_out(rng.choice(seated).player)
        elif op == "back" and seated:
            t.come_back(rng.choice(seated).player, post=rng.random() < 0.7)
        elif op == "hand":
            owing = {i for i, s in enumerate(t.seats) if s is not None and (s.new or s.owes_big or s.owes_small)}
            try:
                t.start_hand(seed=step)
            except RoomError:
                continue
            layout = t.layout
            assert layout is not None and layout.big_blind is not None
            where = (dealer, trial, step, layout)
            big = t.seats[layout.big_blind].player  # type: ignore[union-attr]
            assert big != last_big, where  # nobody posts the big blind twice in a row
            last_big = big
            sb, bb, button = layout.small_blind, layout.big_blind, layout.button
            if len(layout.dealt) == 2:
                assert button == sb and button in layout.dealt and bb != button, where
            else:
                assert bb != button, where
                if sb is not None:
                    assert 0 < cw(button, sb) < cw(button, bb), where  # clockwise button -> SB -> BB
                if dealer is Dealer.MOVING_BUTTON:
                    assert sb is not None, where
                    assert not [s for s in layout.dealt if 0 < cw(button, s) < cw(button, bb) and s != sb], where
                square = [s for s in layout.dealt if s not in owing]
                for s in owing & set(layout.dealt):  # owing players are dealt in as the big blind or posting
                    assert s in layout.cleared, where
                    if len(square) >= 2:  # else a new game: nobody owes anything
                        assert s == bb or (s not in (button, sb) and s in {*layout.posts, *layout.dead}), where
            _fold_around(t)


@pytest.mark.parametrize("dealer", [Dealer.MOVING_BUTTON, Dealer.DEAD_BUTTON])
def test_3_11_random_seating_keeps_the_blinds_in_order(dealer: Dealer) -> None:
    for trial in range(300):
        _walk_the_room(dealer, trial)


# ------------------------------------------------ regressions: short stacks owing blinds (§3.5, §3.6, TRAPS T07)


def test_3_6_short_returning_player_owing_both_blinds_posts_live_first() -> None:
    # p4 has 3 chips and owes both blinds: the 3 go in live (not dead), so with the nuts he wins 3 from each
    t = _table("holdem", players=range(4), blinds=(5, 10), seats=5, buy_in=BuyIn(1, 10_000))
    t.sit(4, "p4", 3)
    t.start_hand(seed=0)
    _fold_around(t)
    t.sit_out("p4")
    for k in (1, 2, 3):
        t.start_hand(seed=k)
        _fold_around(t)
    assert t.seats[4] is not None and t.seats[4].owes_big and t.seats[4].owes_small
    t.come_back("p4")
    t.start_hand(cards=ScriptedCards({0: "2c3d", 1: "2h3s", 2: "4c5d", 3: "4h5s", 4: "AsAh"}, "AdAcKd9c8h"))
    assert _positions(t) == (0, 1, 2, 3) and _bets(t) == {1: 5, 2: 10, 4: 3} and _dead(t) == {}
    result = _fold_around(t)
    assert result.contributions == (0, 5, 5, 0, 3) and result.payouts == (0, 0, 4, 0, 9)
    assert t.stacks() == {"p0": 1000, "p1": 995, "p2": 999, "p3": 1000, "p4": 9}
    assert t.seats[4] is not None and not (t.seats[4].owes_big or t.seats[4].owes_small)


# ------------------------------------------------------------------------ regressions: house rules between hands


def test_5_club_holdem_set_rules_blinds_reach_the_deal() -> None:
    t = _table("club-holdem", players=range(3), seats=3, stack=500)
    assert t.blinds == (5, 10)
    t.set_rules(blinds=(25, 50))
    assert t.blinds == (25, 50) and t.config.rules == {"blinds": (25, 50)}
    t.start_hand(seed=1)
    assert _positions(t) == (0, 1, 2, 0) and _bets(t) == {1: 25, 2: 50}


def test_5_set_rules_refuses_a_value_no_hand_can_be_dealt_with() -> None:
    t = _table("club-lowball", players=(0, 1), seats=2, stack=250)
    before = (t.config, t.game, t.stakes, t.blinds, t.buy_in, len(t.events))
    with pytest.raises(UnsupportedRule, match="cannot be dealt with these settings"):
        t.set_rules(ante=-2)
    with pytest.raises(UnsupportedRule, match="no house rule"):
        t.set_rules(nonsense=1)
    assert (t.config, t.game, t.stakes, t.blinds, t.buy_in, len(t.events)) == before
    t.start_hand(seed=1)  # the table still deals with the old rules
    assert t.hand is not None and t.hand.pot_total == 2 * t.stakes.ante


# ---------------------------------------------------------------------------------- regressions: time-outs (§3.7)


def test_3_7_time_out_is_refused_while_the_player_has_time() -> None:
    clock = VirtualClock()
    t = _fl_table(clock)
    t.start_hand(seed=1)
    _play(t, (3, R(400)), (0, C), (1, F), (2, R(600)))
    mark = len(t.events)
    with pytest.raises(RoomError, match="seat 3 still has 50 s to act"):
        t.time_out()
    clock.advance(49.5)
    with pytest.raises(RoomError, match=r"seat 3 still has 0\.5 s to act"):
        t.time_out()
    assert t.aai_remaining("p3") == 1 and t.to_act == 3 and len(t.events) == mark
    assert t.hand is not None and t.hand.contributions[3] == 400 and not t.hand.folded[3]
    assert t.run_out_clock() == 1.0 and t.expired()
    t.time_out()
    assert _kinds(t, mark)[0] == ("protected", 3, 400, "disconnect protection: all-in")


def test_3_7_run_out_clock_needs_someone_to_act_and_a_virtual_clock() -> None:
    t = _table("holdem", players=(0, 1), blinds=(5, 10), seats=2)
    with pytest.raises(IllegalAction, match="nobody is to act"):
        t.run_out_clock()
    t.start_hand(seed=1)
    assert t.run_out_clock() == 50.0
    t.time_out()
    assert t.hand is not None and t.hand.is_complete


# --------------------------------------------------------------------------- regressions: chips (§3.3, G2)


def test_3_3_top_up_must_reach_the_table_minimum() -> None:
    t = _table("holdem", players=(), blinds=(5, 10), seats=3)
    t.sit(0, "a", 200)
    t.sit(1, "b", 1000)
    t.start_hand(cards=ScriptedCards({0: "2c3d", 1: "AsAh"}, "AdAcKd9c8h"))
    _play(t, (0, R(195)), (1, C))
    _check_down(t)
    assert t.stacks() == {"a": 5, "b": 1195} and t.buy_in == BuyIn(200, 1000)
    mark = len(t.events)
    with pytest.raises(RoomError, match="a has 5 chips and the table minimum is 200: add at least 195 chips, not 1"):
        t.add_chips("a", 1)
    with pytest.raises(RoomError, match="add at least 195 chips, not 194"):
        t.add_chips("a", 194)
    assert t.stacks() == {"a": 5, "b": 1195} and len(t.events) == mark
    t.add_chips("a", 195)
    assert t.stacks() == {"a": 200, "b": 1195}


def test_3_3_no_chips_are_added_at_the_table_while_a_hand_is_played() -> None:
    t = _table("holdem", players=(0, 1, 2), blinds=(5, 10), seats=4, stack=500)
    t.sit_out("p2")  # seated, not dealt in
    t.start_hand(seed=1)
    with pytest.raises(RoomError, match="p2 may add chips when the hand being played ends"):
        t.add_chips("p2", 100)
    t.sit(3, "p3", 500)  # sitting down is allowed: the newcomer's chips are not in the hand
    with pytest.raises(RoomError, match="only between hands"):
        t.add_chips("p3", 100)
    assert t.stacks() == {"p0": 500, "p1": 500, "p2": 500, "p3": 500}
    _fold_around(t)
    t.add_chips("p2", 100)
    assert t.stacks()["p2"] == 600


def test_club_rebuy_cap_uses_the_stacks_after_the_hand() -> None:
    t = _table("club-holdem", players=range(3), seats=4, stack=500)
    t.sit_out("p2")
    t.start_hand(seed=1)
    with pytest.raises(RoomError, match="only between hands"):
        t.add_chips("p2", 1)  # X = M/S would count stacks the hand is still changing
    _fold_around(t)
    assert t.stacks() == {"p0": 495, "p1": 505, "p2": 500}


# ------------------------------------------------------------ regressions: wrong types and values are refused


@pytest.mark.parametrize(
    ("seat", "name", "chips", "message"),
    [
        ("3", "x", 300, r"a seat is a whole number from 0 to 3, not '3'"),
        (2.0, "x", 300, r"a seat is a whole number from 0 to 3, not 2\.0"),
        (True, "x", 300, r"a seat is a whole number from 0 to 3, not True"),
        (None, "x", 300, r"a seat is a whole number from 0 to 3, not None"),
        (2, "x", "300", r"a buy-in must be a positive number of chips \(a whole number, 1 or more\), not '300'"),
        (2, "x", 200.5, r"not 200\.5"),
        (2, "x", float("nan"), r"not nan"),
        (2, "x", None, r"a buy-in must be a positive number of chips .* not None"),
        (2, "x", True, r"a buy-in must be a positive number of chips .* not True"),
        (2, "", 300, r"a player's name must be a non-empty string, not ''"),
        (2, "  ", 300, r"a player's name must be a non-empty string, not '  '"),
        (2, None, 300, r"a player's name must be a non-empty string, not None"),
        (2, 7, 300, r"a player's name must be a non-empty string, not 7"),
    ],
)
def test_3_3_sit_refuses_wrong_types_and_changes_nothing(seat: Any, name: Any, chips: Any, message: str) -> None:
    t = _table("holdem", players=(0, 1), blinds=(5, 10), seats=4)
    before = (list(t.seats), len(t.events), t.stacks())
    with pytest.raises(RoomError, match=message):
        t.sit(seat, name, chips)
    assert (list(t.seats), len(t.events), t.stacks()) == before


@pytest.mark.parametrize(
    ("name", "chips", "message"),
    [
        ("a", "5", r"'a' is not seated"),
        ("p0", "5", r"a rebuy must be a positive number of chips \(a whole number, 1 or more\), not '5'"),
        ("p0", True, r"not True"),
        ("p0", float("nan"), r"not nan"),
        ("p0", 10.0, r"not 10\.0"),
        ("p0", -5, r"not -5"),
        (None, 5, r"a player's name must be a non-empty string, not None"),
    ],
)
def test_3_3_add_chips_refuses_wrong_types_and_changes_nothing(name: Any, chips: Any, message: str) -> None:
    t = _table("holdem", players=(0, 1), blinds=(5, 10), seats=4, stack=500)
    before = (t.stacks(), len(t.events))
    with pytest.raises(RoomError, match=message):
        t.add_chips(name, chips)
    assert (t.stacks(), len(t.events)) == before


@pytest.mark.parametrize("first_button", ["x", 4, -1, True, 1.0])
def test_first_button_must_be_a_seat(first_button: Any) -> None:
    with pytest.raises(RoomError, match=r"first_button must be a seat from 0 to 3 \(or None\)"):
        Table(TableConfig("holdem", seats=4), first_button=first_button)
    assert Table(TableConfig("holdem", seats=4), first_button=3).button == 3


def test_post_must_be_a_flag() -> None:
    t = _table("holdem", players=(0, 1), blinds=(5, 10), seats=4)
    with pytest.raises(RoomError, match="post must be True or False, not 'no'"):
        t.sit(2, "x", 300, post="no")  # type: ignore[arg-type]
    with pytest.raises(RoomError, match="post must be True or False, not 0"):
        t.come_back("p0", post=0)  # type: ignore[arg-type]
    assert t.seats[2] is None and t.seats[0] is not None and t.seats[0].post


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"seats": 0}, r"seats must be a whole number of seats, 2 or more .* not 0"),
        ({"seats": 1}, r"not 1"),
        ({"seats": True}, r"not True"),
        ({"seats": "6"}, r"not '6'"),
        ({"min_stack": 0}, r"min_stack must be a whole number of chips, 1 or more .* not 0"),
        ({"min_stack": -3}, r"not -3"),
        ({"aai_per_24h": -1}, r"aai_per_24h must be a whole number, 0 or more, not -1"),
        ({"action_seconds": -1.0}, r"action_seconds must be a number of seconds, 0 or more, not -1\.0"),
        ({"bank_seconds": float("nan")}, r"bank_seconds must be a number of seconds, 0 or more, not nan"),
        ({"cents_per_chip": 0}, r"cents_per_chip must be a whole number of cents, 1 or more, not 0"),
        ({"dealer": "button"}, r"dealer must be one of moving_button, dead_button, rotating, box .* not 'button'"),
        ({"new_player_rule": 3}, r"new_player_rule must be one of post_or_wait, fee, none .* not 3"),
        ({"blinds": (10, 5)}, r"blinds must be \(small, big\) in whole chips"),
        ({"blinds": (5, 10.0)}, r"blinds must be \(small, big\)"),
        ({"ante": -1}, r"the ante must be a whole number of chips, 0 or more, not -1"),
        ({"bring_in": -1}, r"the bring-in must be a whole number of chips, 0 or more, not -1"),
        ({"real_money": "yes"}, r"real_money must be True or False, not 'yes'"),
        ({"buy_in": (200, 1000)}, r"buy_in must be a BuyIn\(minimum, maximum\)"),
    ],
)
def test_table_config_refuses_settings_no_table_can_play(config: dict[str, Any], message: str) -> None:
    with pytest.raises(RoomError, match=message):
        TableConfig("holdem", **config)


def test_table_config_takes_enums_as_text_and_round_trips() -> None:
    config = TableConfig("holdem", blinds=[5, 10], dealer="dead_button", new_player_rule="post_or_wait")  # type: ignore[arg-type]
    assert config.blinds == (5, 10)
    assert config.dealer is Dealer.DEAD_BUTTON and config.new_player_rule is NewPlayerRule.POST_OR_WAIT
    assert TableConfig.from_dict(config.to_dict()) == config
    with pytest.raises(UnsupportedRule, match="unknown limit structure 'huge'"):
        TableConfig("holdem", limit="huge")


@pytest.mark.parametrize(
    ("game", "dealer", "message"),
    [
        ("holdem", "box", "holdem is a blind game: its dealer is moving_button or dead_button, not box"),
        ("holdem", "rotating", "holdem is a blind game: its dealer is moving_button or dead_button, not rotating"),
        ("stud", "moving_button", "stud is played without blinds: its dealer is box or rotating, not moving_button"),
    ],
)
def test_the_dealer_must_fit_the_game(game: str, dealer: str, message: str) -> None:
    with pytest.raises(RoomError, match=message):
        Table(TableConfig(game, dealer=dealer))  # type: ignore[arg-type]


def test_a_negative_ante_in_the_config_is_refused_when_the_table_is_built() -> None:
    with pytest.raises(UnsupportedRule, match="cannot be dealt with these settings"):
        Table(TableConfig("club-lowball", rules={"ante": -2}, seats=2))


# ---------------------------------------------------------------- regressions: a refused deal changes nothing


def test_a_refused_start_hand_logs_nothing() -> None:
    t = _table("a6-lowball", seats=3)
    t.sit(0, "a", 13)
    t.sit(1, "b", 100)
    t.seats[0].stack = 12  # type: ignore[union-attr]
    mark = len(t.events)
    for _ in range(2):
        with pytest.raises(RoomError, match="fewer than two players"):
            t.start_hand(seed=2)
    assert t.events[mark:] == [] and t.hand is None and t.hand_number == 0


def test_a_failed_deal_records_no_missed_blinds() -> None:
    t = _t07_table(0)
    t.start_hand(seed=1)
    _fold_around(t)
    t.sit_out("p5")
    mark = len(t.events)
    state = [(s.new, s.owes_big, s.owes_small) for s in t.seats if s is not None]
    with pytest.raises(PokerroomError, match="cards"):
        t.start_hand(cards=ScriptedCards({0: "As"}))  # one card for a two-card hand: the engine refuses
    assert t.events[mark:] == [] and t.hand_number == 1 and t.button == 1
    assert [(s.new, s.owes_big, s.owes_small) for s in t.seats if s is not None] == state
    t.start_hand(seed=2)
    assert _positions(t) == (2, 3, 0, 1)
    assert _kinds(t, mark) == [("missed_blind", 4, 10, "big")]


def test_gr_17_a_voided_hand_keeps_its_number() -> None:
    t = _table("holdem", players=range(3), blinds=(5, 10), seats=3)
    t.start_hand(seed=1)
    _fold_around(t)
    t.start_hand(seed=2)
    assert t.void_hand().number == 2 and t.hand_number == 2
    t.start_hand(seed=3)
    assert t.hand_number == 3 and _positions(t) == (1, 2, 0, 1)  # the voided hand's positions again
    assert _fold_around(t).number == 3


def test_play_bots_takes_bot_objects_or_callables() -> None:
    t = _table("holdem", players=range(3), stack=1000, blinds=(5, 10), seats=3)
    objects = t.play_bots({f"p{s}": CallingStation() for s in range(3)}, seed=4)
    t2 = _table("holdem", players=range(3), stack=1000, blinds=(5, 10), seats=3)
    callables = t2.play_bots({f"p{s}": CallingStation().act for s in range(3)}, seed=4)
    assert objects.payouts == callables.payouts and sum(objects.payouts) == sum(objects.contributions)
