"""The engine's hooks for the room: dead money and posted big blinds (TRAPS T07, RULES §3.4-§3.5), disconnect
protection (RULES §3.7, GR-14-GR-16) and the rake taken at settlement (RULES §3.10, RK-9)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pokerroom.engine import Action, EventType, Hand
from pokerroom.errors import IllegalAction, NotYourTurn
from pokerroom.games import find


def _play(h: Hand, *moves: tuple[int, Action]) -> None:
    for seat, action in moves:
        assert h.to_act == seat, (h.to_act, seat, action)
        h.act(action, seat)


def test_t07a_missed_small_blind_only_is_posted_dead() -> None:
    # p1 BTN, p2 SB, p3 BB, p4 UTG, p5 CO (back, owing only the small blind): seats 0..4.
    h = find("holdem").deal(stacks=[1000] * 5, button=0, blinds=(5, 10), dead=[0, 0, 0, 0, 5], seed=1)
    assert h.dead_posted == [0, 0, 0, 0, 5]
    assert h.pot_total == 20 and h.bets == [0, 5, 10, 0, 0]
    assert h.to_act == 3
    legal = h.legal_actions()
    assert legal is not None and legal.raise_ == (20, 1000)
    _play(h, (3, Action.raise_to(30)))
    legal = h.legal_actions()
    assert legal is not None and legal.call == 30  # the dead 5 never counts toward a call
    _play(h, (4, Action.fold()), (0, Action.fold()), (1, Action.fold()), (2, Action.fold()))
    assert h.is_complete
    assert [e.amount for e in h.events if e.type is EventType.UNCALLED] == [20]
    assert h.outcome() == [0, -5, -10, 20, -5]


def test_t07b_missed_both_blinds_posts_big_live_and_small_dead() -> None:
    h = find("holdem").deal(
        stacks=[1000] * 5, button=0, blinds=(5, 10), posts=[0, 5, 10, 0, 10], dead=[0, 0, 0, 0, 5],
        big_blind_seat=2, seed=2,
    )
    assert h.to_act == 3  # UTG still opens: the posted big blind is not the big blind in position
    names = [(e.seat, e.text) for e in h.events if e.type is EventType.POST_BLIND]
    assert names == [(1, "small blind"), (2, "big blind"), (4, "posted big blind")]
    _play(h, (3, Action.fold()))
    legal = h.legal_actions()
    assert h.to_act == 4 and legal is not None and legal.check and legal.raise_ == (20, 995)
    _play(h, (4, Action.check()), (0, Action.fold()), (1, Action.fold()), (2, Action.check()))
    assert h.street == 1 and h.pot_total == 30
    assert [s for s in range(5) if not h.folded[s]] == [2, 4]
    assert h.to_act == 2  # first live seat left of the button after the flop


def test_posted_big_blind_bad_setup_is_refused() -> None:
    with pytest.raises(IllegalAction, match="big blind seat 3 posts no blind"):
        find("holdem").deal(stacks=[100] * 4, button=0, blinds=(1, 2), big_blind_seat=3, seed=1)
    with pytest.raises(IllegalAction, match="dead money needs one non-negative entry per seat"):
        find("holdem").deal(stacks=[100] * 4, button=0, blinds=(1, 2), dead=[0, 1], seed=1)


def _fixed_holdem(stacks: Sequence[int]) -> Hand:
    return find("holdem").deal(stacks=stacks, button=0, blinds=(100, 200), limit="fixed", seed=7)


def test_gr14_artificial_all_in_freezes_the_contribution() -> None:
    # FL 2/4 (in euros; chips are cents): seat 3 has put in 4 euros and times out facing a raise.
    h = _fixed_holdem([5000, 5000, 5000, 5000])
    _play(h, (3, Action.raise_to(400)), (0, Action.call()), (1, Action.fold()), (2, Action.raise_to(600)))
    assert h.to_act == 3 and h.contributions[3] == 400
    event = h.artificial_all_in(3)
    assert event.type is EventType.ARTIFICIAL_ALL_IN and event.to == 400
    assert h.stacks[3] == 0 and h.protected[3] == 4600
    assert h.total_chips == 20000
    _play(h, (0, Action.call()))
    assert h.street == 1
    pots = h.current_pots()
    assert [(p.amount, p.eligible) for p in pots] == [(100 + 3 * 400, (0, 2, 3)), (2 * 200, (0, 2))]
    while not h.is_complete:
        h.act(Action.check(), h.to_act)
    assert h.stacks[3] >= 4600 and sum(h.stacks) == 20000


def test_gr16_no_chips_in_the_pot_cannot_be_protected() -> None:
    h = _fixed_holdem([5000, 5000, 5000, 5000])
    _play(h, (3, Action.raise_to(400)))
    with pytest.raises(IllegalAction, match="has put no chips in this hand"):
        h.artificial_all_in(0)
    with pytest.raises(NotYourTurn):
        h.artificial_all_in(2)
    assert h.stacks == [5000, 4900, 4800, 4600] and h.to_act == 0  # the refusals changed nothing


def test_gr15_timed_out_big_blind_with_nothing_to_call_is_not_protected() -> None:
    h = _fixed_holdem([5000, 5000, 5000, 5000])
    _play(h, (3, Action.call()), (0, Action.call()), (1, Action.call()))
    with pytest.raises(IllegalAction, match="faces no bet"):
        h.artificial_all_in(2)  # the big blind's option: a timed-out big blind checks
    assert h.to_act == 2


def _rake_5_percent(pots: Sequence[int], dealt: int) -> list[int]:
    total = sum(pots) * 5 // 100
    out = [p * total // sum(pots) for p in pots]
    out[0] += total - sum(out)
    return out


@pytest.mark.parametrize(("game", "kwargs"), [
    ("holdem", {"blinds": (50, 100)}),
    ("stud", {"ante": 10, "bring_in": 20, "limit": "pot"}),
    ("soko", {"ante": 10}),
    ("five-card-draw", {"blinds": (50, 100)}),
])
def test_rk9_no_rake_before_the_raking_street(game: str, kwargs: dict[str, object]) -> None:
    h = find(game).deal(stacks=[10_000] * 3, button=0, seed=3, rake=_rake_5_percent, **kwargs)  # type: ignore[arg-type]
    while h.street == 0 and not h.is_complete:
        legal = h.legal_actions()
        assert legal is not None
        if legal.bring_in is not None:
            h.act(Action.post_bring_in(), h.to_act)
        elif legal.raise_ is not None and h.raises < 2:
            h.act(Action.raise_to(legal.raise_[0]), h.to_act)
        elif legal.bet is not None:
            h.act(Action.bet(legal.bet[0]), h.to_act)
        else:
            h.act(Action.fold(), h.to_act)
    assert h.is_complete and h.street == 0
    assert h.rake == 0 and sum(h.stacks) == 30_000


def test_rake_after_the_flop_comes_from_every_pot_and_never_from_uncalled_bets() -> None:
    h = find("holdem").deal(stacks=[1000, 3000, 3000], button=0, blinds=(50, 100), seed=5, rake=_rake_5_percent)
    _play(h, (0, Action.raise_to(1000)), (1, Action.call()), (2, Action.call()))
    assert h.street == 1
    _play(h, (1, Action.bet(2000)), (2, Action.fold()))
    assert h.is_complete
    # seat 1's 2000 was uncalled; pots: main 3000 (0 and 1 eligible) -> rake 150
    assert h.rake == 150
    assert [e.amount for e in h.events if e.type is EventType.UNCALLED] == [2000]
    assert [e.amount for e in h.events if e.type is EventType.POT] == [2850]
    assert sum(h.stacks) + h.rake == 7000


def test_rake_with_side_pots_is_taken_in_proportion() -> None:
    h = find("holdem").deal(stacks=[400, 1000, 3000], button=0, blinds=(50, 100), seed=9, rake=_rake_5_percent)
    _play(h, (0, Action.raise_to(400)), (1, Action.raise_to(1000)), (2, Action.call()))
    assert h.is_complete
    pots = [e.amount for e in h.events if e.type is EventType.POT]
    # pots 1200 and 1200 -> rake 120 taken 60/60
    assert pots == [1140, 1140] and h.rake == 120
    assert sum(h.stacks) + h.rake == 4400


def test_3_6_live_blinds_before_dead_money_for_a_short_stack() -> None:
    # seat 4 owes both blinds (10 live + 5 dead) but holds 3: the 3 are live, nothing is dead, and seat 4 can
    # win 3 from each opponent (RULES §3.6).  Posting order: antes, then blinds, then dead money.
    h = find("holdem").deal(
        stacks=[1000, 1000, 1000, 1000, 3], button=0, blinds=(5, 10), posts=[0, 5, 10, 0, 10],
        dead=[0, 0, 0, 0, 5], big_blind_seat=2, seed=3,
    )
    assert h.bets == [0, 5, 10, 0, 3] and h.contributions == [0, 5, 10, 0, 3] and h.dead_posted == [0] * 5
    forced = (EventType.POST_BLIND, EventType.POST_DEAD)
    posts = [(e.type, e.seat, e.amount, e.all_in) for e in h.events if e.type in forced]
    assert posts == [
        (EventType.POST_BLIND, 1, 5, False),
        (EventType.POST_BLIND, 2, 10, False),
        (EventType.POST_BLIND, 4, 3, True),
    ]
    # 12 chips: the live 10 first, then 2 of the 5 dead
    h = find("holdem").deal(
        stacks=[1000, 1000, 1000, 1000, 12], button=0, blinds=(5, 10), posts=[0, 5, 10, 0, 10],
        dead=[0, 0, 0, 0, 5], big_blind_seat=2, seed=3,
    )
    assert h.bets[4] == 10 and h.dead_posted == [0, 0, 0, 0, 2] and h.stacks[4] == 0
    kinds = [(e.type, e.seat) for e in h.events if e.type in (EventType.POST_BLIND, EventType.POST_DEAD)]
    assert kinds[-2:] == [(EventType.POST_BLIND, 4), (EventType.POST_DEAD, 4)]


def test_3_6_antes_come_before_blinds_and_dead_money() -> None:
    h = find("holdem").deal(
        stacks=[1000, 1000, 1000, 14], button=0, blinds=(5, 10), ante=2, posts=[0, 5, 10, 10],
        dead=[0, 0, 0, 5], big_blind_seat=2, seed=4,
    )
    kinds = [(e.type, e.seat, e.amount) for e in h.events if e.seat == 3 and e.amount]
    assert kinds == [(EventType.POST_ANTE, 3, 2), (EventType.POST_BLIND, 3, 10), (EventType.POST_DEAD, 3, 2)]
    assert h.stacks[3] == 0 and h.dead_posted[3] == 2
