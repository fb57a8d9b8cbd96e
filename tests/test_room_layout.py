"""The hand planner (pokerroom.room.layout.plan_hand): who is dealt in, the button or the dealer box, the blinds, live
posts and dead money, and the missed blinds it records (RULES §3.4, §3.5, §3.11, A-3.4-1, A-3.5-1, A-G2-5, decision
14, GR-12, GR-13; TRAPS T07).  Seats are table seats, clockwise from 0."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from pokerroom.room.layout import Candidate, Dealer, Layout, NewPlayerRule, plan_hand

BLINDS = (5, 10)
POST = NewPlayerRule.POST_OR_WAIT


def _c(*seats: int) -> list[Candidate]:
    return [Candidate(s) for s in seats]


def _moving(
    cands: Iterable[Candidate],
    *,
    size: int = 6,
    button: int | None,
    bb: int | None = None,
    sb: int | None = None,
    sitting_out: tuple[int, ...] = (),
    hu_button_posts_sb: bool = True,
    dealer: Dealer = Dealer.MOVING_BUTTON,
) -> Layout:
    layout = plan_hand(
        list(cands),
        size=size,
        dealer=dealer,
        previous_button=button,
        previous_big_blind=bb,
        previous_small_blind=sb,
        blinds=BLINDS,
        new_player_rule=POST,
        sitting_out=sitting_out,
        hu_button_posts_sb=hu_button_posts_sb,
    )
    assert layout is not None
    return layout


def _dead_button(
    cands: Iterable[Candidate],
    *,
    size: int = 6,
    button: int,
    bb: int,
    sb: int | None,
    sitting_out: tuple[int, ...] = (),
) -> Layout:
    return _moving(cands, size=size, button=button, bb=bb, sb=sb, sitting_out=sitting_out, dealer=Dealer.DEAD_BUTTON)


def _where(layout: Layout) -> tuple[int, int | None, int | None]:
    return layout.button, layout.small_blind, layout.big_blind


# --------------------------------------------------------------------------------------------- moving button


def test_3_11_first_hand_button_on_the_first_player() -> None:
    layout = _moving(_c(1, 3, 4, 5), button=None)
    assert layout == Layout(dealt=(1, 3, 4, 5), button=1, small_blind=3, big_blind=4, posts={3: 5, 4: 10})
    assert layout.engine_button() == 0


def test_3_11_button_moves_to_the_next_player() -> None:
    layouts = []
    button: int | None = None
    for _ in range(7):
        layout = _moving(_c(0, 1, 2, 3, 4, 5), button=button)
        layouts.append(_where(layout))
        button = layout.button
    assert layouts == [(0, 1, 2), (1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 0), (5, 0, 1), (0, 1, 2)]


def test_3_11_empty_seats_are_skipped() -> None:
    # seats 2 and 3 are empty: from button 1 the button goes to 4, the blinds to 5 and 0
    layout = _moving(_c(0, 1, 4, 5), button=1, bb=4, sb=2)
    assert _where(layout) == (4, 5, 0) and layout.posts == {5: 5, 0: 10} and layout.dealt == (0, 1, 4, 5)


def test_3_11_a_seat_sitting_out_in_the_big_blind_misses_it() -> None:
    layout = _moving(_c(0, 1, 3, 4), button=5, sitting_out=(2,))
    assert _where(layout) == (0, 1, 3) and layout.missed == {2: "big"}


def test_3_11_a_seat_sitting_out_behind_the_button_misses_the_small_blind() -> None:
    layout = _moving(_c(0, 1, 3, 4), button=0, sitting_out=(2,))
    assert _where(layout) == (1, 3, 4) and layout.missed == {2: "small"}
    nxt = _moving(_c(0, 1, 3, 4), button=1, sitting_out=(2,))
    assert _where(nxt) == (3, 4, 0) and nxt.missed == {}  # passed only by the button


# ------------------------------------------------------------------------------------------------ heads-up


def test_3_11_heads_up_first_hand_button_posts_the_small_blind() -> None:
    layout = _moving(_c(0, 3), button=None)
    assert _where(layout) == (0, 0, 3) and layout.posts == {0: 5, 3: 10}
    assert layout.engine_button() == 0


@pytest.mark.parametrize(
    ("left", "expected"),
    [
        (0, (2, 2, 1)),  # the button leaves: the old big blind takes the button and the small blind
        (1, (2, 2, 0)),  # the small blind leaves
        (2, (1, 1, 0)),  # the big blind leaves
    ],
)
def test_decision_14_going_heads_up_no_big_blind_twice(left: int, expected: tuple[int, int, int]) -> None:
    # last hand: button 0, small blind 1, big blind 2
    seats = [s for s in (0, 1, 2) if s != left]
    layout = _moving(_c(*seats), size=3, button=0, sb=1, bb=2)
    assert _where(layout) == expected
    assert layout.big_blind != 2 or left == 2
    assert layout.posts == {expected[0]: 5, expected[2]: 10}


def test_decision_14_heads_up_alternates() -> None:
    button, bb = 0, 3
    seen = []
    for _ in range(4):
        layout = _moving(_c(0, 3), button=button, bb=bb, sb=button)
        seen.append(_where(layout))
        button, bb = layout.button, layout.big_blind  # type: ignore[assignment]
    assert seen == [(3, 3, 0), (0, 0, 3), (3, 3, 0), (0, 0, 3)]


def test_a_g2_5_club_heads_up_the_dealer_posts_the_big_blind() -> None:
    layout = _moving(_c(0, 3), button=None, hu_button_posts_sb=False)
    assert _where(layout) == (3, 0, 3) and layout.posts == {0: 5, 3: 10}
    assert layout.engine_button() == 1  # the engine's button is the dealer: the non-dealer acts first
    nxt = _moving(_c(0, 3), button=3, bb=3, sb=0, hu_button_posts_sb=False)
    assert _where(nxt) == (0, 3, 0) and nxt.posts == {3: 5, 0: 10}


def test_heads_up_owing_players_owe_nothing() -> None:
    layout = _moving([Candidate(0), Candidate(4, owes_big=True, owes_small=True)], button=0, bb=2, sb=1)
    assert layout.dealt == (0, 4) and layout.dead == {} and layout.posts == {0: 5, 4: 10}
    assert layout.cleared == (4,) and layout.missed == {}


# --------------------------------------------------------------------------------------------- dead button


def test_3_11_dead_button_big_blind_moves_one_player() -> None:
    layout = _dead_button(_c(0, 1, 2, 3, 4), size=5, button=0, sb=1, bb=2)
    assert _where(layout) == (1, 2, 3) and layout.posts == {2: 5, 3: 10}


def test_3_11_dead_button_no_small_blind_when_last_big_blind_left() -> None:
    layout = _dead_button(_c(0, 1, 2, 4), size=5, button=1, sb=2, bb=3)
    assert _where(layout) == (2, None, 4) and layout.posts == {4: 10}
    assert layout.engine_button() == 2  # seat 2: the first to act after the flop is seat 4


def test_3_11_dead_button_stays_on_an_empty_seat() -> None:
    # the next hand: the small-blind position of last hand (seat 3, now empty) holds the button
    layout = _dead_button(_c(0, 1, 2, 4), size=5, button=2, sb=3, bb=4)
    assert _where(layout) == (3, 4, 0) and layout.posts == {4: 5, 0: 10} and 3 not in layout.dealt
    assert layout.engine_button() == 2  # the last seat dealt in before the empty button: seat 2
    assert layout.dealt[(layout.engine_button() + 1) % 4] == 4  # so the small blind acts first after the flop


def test_3_11_dead_button_small_blind_position_sitting_out_misses_the_small_blind() -> None:
    # last hand's big blind (seat 3) sits out: no small blind, and he owes only the small blind
    layout = _dead_button(_c(0, 1, 2, 4), size=5, button=1, sb=2, bb=3, sitting_out=(3,))
    assert _where(layout) == (2, None, 4) and layout.missed == {3: "small"}


def test_3_11_dead_button_without_a_small_blind_last_hand_uses_last_button() -> None:
    layout = _dead_button(_c(0, 1, 2, 3), size=5, button=0, sb=None, bb=1)
    assert _where(layout) == (0, 1, 2)


# ------------------------------------------------------------------------------------- the box and the club


def test_3_11_stud_box_never_moves() -> None:
    for previous in (None, 0, 3):
        layout = plan_hand(_c(0, 1, 3, 4), size=5, dealer=Dealer.BOX, previous_button=previous)
        assert layout is not None
        assert layout.button == (previous or 0) and layout.posts == {} and layout.small_blind is None
    layout = plan_hand(_c(0, 1, 3, 4), size=5, dealer=Dealer.BOX, previous_button=2)
    assert layout is not None and layout.button == 2
    assert layout.dealt[(layout.engine_button() + 1) % 4] == 3  # the deal starts at the first seat after the box
    layout = plan_hand(_c(1, 3), size=5, dealer=Dealer.BOX, previous_button=4)
    assert layout is not None and layout.dealt[(layout.engine_button() + 1) % 2] == 1  # round the corner


def test_g1_g3_club_dealer_rotates_to_the_next_player() -> None:
    dealers = []
    previous: int | None = None
    for _ in range(5):
        layout = plan_hand(_c(0, 2, 3), size=5, dealer=Dealer.ROTATING, previous_button=previous)
        assert layout is not None and layout.posts == {} and layout.dead == {}
        dealers.append(layout.button)
        previous = layout.button
    assert dealers == [0, 2, 3, 0, 2]


def test_fewer_than_two_players_is_no_hand() -> None:
    for dealer in Dealer:
        assert plan_hand(_c(3), size=6, dealer=dealer, previous_button=None, blinds=BLINDS) is None
        assert plan_hand([], size=6, dealer=dealer, previous_button=2, blinds=BLINDS) is None


def test_one_player_left_and_a_newcomer_play_heads_up() -> None:
    # the newcomer is the big blind in position even when he would rather wait for it
    layout = _moving([Candidate(0), Candidate(4, new=True, post=False)], button=0, sb=1, bb=2)
    assert layout.dealt == (0, 4) and _where(layout) == (0, 0, 4) and layout.posts == {0: 5, 4: 10}


# ------------------------------------------------------------------------------- new players (§3.4, GR-13)


def test_3_4_new_player_posts_a_big_blind_from_an_allowed_seat() -> None:
    cands = [*_c(0, 1, 2, 3), Candidate(5, new=True)]
    layout = _moving(cands, button=0, sb=1, bb=2)
    assert _where(layout) == (1, 2, 3) and layout.posts == {2: 5, 3: 10, 5: 10}
    assert layout.dealt == (0, 1, 2, 3, 5) and layout.cleared == (5,) and layout.dead == {}


def test_a_3_4_1_new_player_between_the_button_and_the_small_blind_waits() -> None:
    cands = [*_c(0, 1, 3, 4), Candidate(2, new=True)]
    layout = _moving(cands, button=0, sb=1, bb=3)
    assert _where(layout) == (1, 3, 4) and layout.waiting == (2,) and 2 not in layout.dealt
    assert layout.missed == {} and layout.cleared == ()  # a newcomer owes nothing yet


def test_3_4_new_player_in_the_big_blind_posts_it() -> None:
    cands = [*_c(0, 1, 3), Candidate(4, new=True)]
    layout = _moving(cands, size=5, button=0, sb=1, bb=3)
    assert _where(layout) == (1, 3, 4) and layout.posts == {3: 5, 4: 10} and layout.cleared == (4,)


def test_3_4_new_player_may_wait_for_the_big_blind() -> None:
    cands = [*_c(0, 1, 2, 3), Candidate(5, new=True, post=False)]
    layout = _moving(cands, button=0, sb=1, bb=2)
    assert layout.waiting == (5,) and layout.posts == {2: 5, 3: 10}
    nxt = _moving(cands, button=1, sb=2, bb=3)
    assert _where(nxt) == (2, 3, 5) and nxt.posts == {3: 5, 5: 10} and nxt.cleared == (5,)


def test_gr_13_on_the_dead_button_a_new_player_waits() -> None:
    cands = [*_c(0, 1, 2, 4), Candidate(3, new=True)]
    layout = _dead_button(cands, size=5, button=2, sb=3, bb=4)
    assert _where(layout) == (3, 4, 0) and layout.waiting == (3,)


def test_fee_rule_deals_new_players_in_at_once() -> None:
    # the club's hold'em: no post or wait; the fee is the table's (dead money), not the layout's
    cands = [*_c(0, 1, 3, 4), Candidate(2, new=True)]
    layout = plan_hand(
        cands,
        size=6,
        dealer=Dealer.MOVING_BUTTON,
        previous_button=0,
        blinds=BLINDS,
        new_player_rule=NewPlayerRule.FEE,
        hu_button_posts_sb=False,
    )
    assert layout is not None and layout.dealt == (0, 1, 2, 3, 4) and _where(layout) == (1, 2, 3)
    assert layout.posts == {2: 5, 3: 10} and layout.waiting == () and layout.dead == {}


# ------------------------------------------------------------------------------- missed blinds (§3.5, GR-12)


def test_t07a_missed_small_blind_only_is_dead_money() -> None:
    cands = [*_c(0, 1, 2, 3), Candidate(4, owes_small=True)]
    layout = _moving(cands, size=5, button=3, sb=0, bb=1)
    assert _where(layout) == (0, 1, 2) and layout.posts == {1: 5, 2: 10} and layout.dead == {4: 5}
    assert layout.cleared == (4,)


def test_t07b_missed_both_blinds_big_live_small_dead() -> None:
    cands = [*_c(0, 1, 2, 3), Candidate(4, owes_big=True, owes_small=True)]
    layout = _moving(cands, size=5, button=3, sb=0, bb=1)
    assert layout.posts == {1: 5, 2: 10, 4: 10} and layout.dead == {4: 5} and layout.cleared == (4,)


def test_3_5_missed_big_blind_only_is_posted_live() -> None:
    cands = [*_c(0, 1, 2, 3), Candidate(4, owes_big=True)]
    layout = _moving(cands, size=5, button=3, sb=0, bb=1)
    assert layout.posts == {1: 5, 2: 10, 4: 10} and layout.dead == {}


def test_gr_12_owing_player_may_wait_and_keeps_missing() -> None:
    cands = [*_c(0, 1, 2, 3), Candidate(4, owes_big=True, owes_small=True, post=False)]
    layout = _moving(cands, size=5, button=3, sb=0, bb=1)
    assert layout.waiting == (4,) and layout.posts == {1: 5, 2: 10} and layout.missed == {}
    # waiting where the small blind passes him: it is recorded again (the table keeps it once)
    cands2 = [*_c(0, 1, 2, 3), Candidate(4, owes_big=True, post=False)]
    assert _moving(cands2, size=5, button=2, sb=3, bb=0).missed == {4: "small"}
    # the big blind in position settles everything
    bb = _moving(cands, size=5, button=1, sb=2, bb=3)
    assert _where(bb) == (2, 3, 4) and bb.posts == {3: 5, 4: 10} and bb.dead == {} and bb.cleared == (4,)


def test_3_5_owing_player_between_the_button_and_the_small_blind_waits() -> None:
    cands = [*_c(0, 1, 2, 3), Candidate(4, owes_big=True)]
    layout = _moving(cands, size=5, button=2, sb=3, bb=0)
    assert _where(layout) == (3, 0, 1) and layout.waiting == (4,) and layout.missed == {4: "small"}


def test_everyone_owing_starts_a_new_game() -> None:
    cands = [Candidate(1, new=True), Candidate(3, new=True), Candidate(4, owes_big=True, owes_small=True)]
    layout = _moving(cands, button=0, sb=1, bb=2)
    assert layout.dealt == (1, 3, 4) and layout.waiting == () and layout.dead == {}
    assert _where(layout) == (1, 3, 4) and layout.posts == {3: 5, 4: 10} and layout.cleared == (1, 3, 4)


# --------------------------------------------------------------------------------------------- the engine's button


def test_engine_button_is_the_last_seat_dealt_in_at_or_before_the_button() -> None:
    assert Layout(dealt=(1, 3, 5), button=3).engine_button() == 1
    assert Layout(dealt=(1, 3, 5), button=4).engine_button() == 1
    assert Layout(dealt=(1, 3, 5), button=0).engine_button() == 2  # round the corner: seat 5


# ----------------------------------------------------- heads-up <-> three-handed (RULES §3.11, decision 14)


def test_3_11_new_player_joining_heads_up_never_puts_the_small_blind_after_the_big_blind() -> None:
    # heads-up: seat 0 was the button and small blind, seat 1 the big blind; a newcomer sits in seat 2.  The
    # button moves to seat 1, so seat 2 is the small blind's position: the newcomer waits (A-3.4-1) and the two
    # play heads-up with seat 0 in the big blind, never seat 1 twice.  (It used to be button 1, SB 0, BB 2: the
    # small blind after the big blind and seat 0 in the small blind twice.)
    cands = [*_c(0, 1), Candidate(2, new=True)]
    layout = _moving(cands, size=3, button=0, sb=0, bb=1)
    assert layout == Layout(dealt=(0, 1), button=1, small_blind=1, big_blind=0, posts={1: 5, 0: 10}, waiting=(2,))
    nxt = _moving(cands, size=3, button=1, sb=1, bb=0)
    assert nxt == Layout(dealt=(0, 1, 2), button=0, small_blind=1, big_blind=2, posts={1: 5, 2: 10}, cleared=(2,))


def test_3_11_new_player_right_after_the_heads_up_button_waits() -> None:
    # seats 0 and 4 heads-up (seat 4 the button last hand), a newcomer in seat 3: the button moves to seat 0 and
    # seat 4 is the small blind; the newcomer sits between them and the button: he waits, nobody posts the big
    # blind twice.  (It used to be button 0, SB 4, BB 3.)
    cands = [Candidate(0), Candidate(3, new=True), Candidate(4)]
    layout = _moving(cands, size=5, button=4, sb=4, bb=0)
    assert layout == Layout(dealt=(0, 4), button=0, small_blind=0, big_blind=4, posts={0: 5, 4: 10}, waiting=(3,))
    nxt = _moving(cands, size=5, button=0, sb=0, bb=4)
    assert nxt == Layout(dealt=(0, 3, 4), button=4, small_blind=0, big_blind=3, posts={0: 5, 3: 10}, cleared=(3,))


def test_3_11_new_player_in_the_big_blind_position_after_heads_up_posts_it() -> None:
    # heads-up 0 (button) and 2; a newcomer in seat 1 is in the big blind's position once the button moves to 2
    cands = [Candidate(0), Candidate(1, new=True), Candidate(2)]
    layout = _moving(cands, size=3, button=0, sb=0, bb=2)
    assert layout == Layout(dealt=(0, 1, 2), button=2, small_blind=0, big_blind=1, posts={0: 5, 1: 10}, cleared=(1,))


def test_3_11_three_handed_after_heads_up_when_a_player_comes_back_square() -> None:
    # heads-up 1 (button) and 2, seat 0 sat out (heads-up records no missed blinds) and comes back
    layout = _moving(_c(0, 1, 2), size=3, button=1, sb=1, bb=2)
    assert _where(layout) == (2, 0, 1) and layout.posts == {0: 5, 1: 10}


def test_3_11_one_player_left_and_two_newcomers_start_a_new_game_without_a_second_big_blind() -> None:
    # seat 5 was the big blind heads-up; its opponent left and two players sat down: a new game, nobody owes,
    # and the button goes one seat further so that seat 5 does not post the big blind again
    cands = [Candidate(1, new=True), Candidate(2, new=True), Candidate(5)]
    layout = _moving(cands, size=7, button=0, sb=0, bb=5)
    assert layout == Layout(dealt=(1, 2, 5), button=2, small_blind=5, big_blind=1, posts={5: 5, 1: 10}, cleared=(1, 2))


def test_3_11_dead_button_back_from_heads_up_never_puts_the_big_blind_on_the_button() -> None:
    # heads-up: seat 2 button and small blind, seat 1 big blind; seat 0 comes back.  The big blind moves to 2 and
    # the small blind is last hand's big blind (1): the button goes before it, to seat 0, not to seat 2.
    layout = _dead_button(_c(0, 1, 2), size=3, button=2, sb=2, bb=1)
    assert layout == Layout(dealt=(0, 1, 2), button=0, small_blind=1, big_blind=2, posts={1: 5, 2: 10})
    # with empty seats: the button goes to the last player before the small blind's position (seat 0, not 1)
    layout = _dead_button(_c(0, 2, 4), size=5, button=4, sb=4, bb=2)
    assert _where(layout) == (0, 2, 4) and layout.posts == {2: 5, 4: 10}


def test_3_11_dead_button_newcomer_between_the_heads_up_players_waits() -> None:
    # heads-up: seat 0 button and small blind, seat 2 big blind; a newcomer in seat 1 would hold the button
    cands = [Candidate(0), Candidate(1, new=True), Candidate(2)]
    layout = _dead_button(cands, size=3, button=0, sb=0, bb=2)
    assert layout == Layout(dealt=(0, 2), button=2, small_blind=2, big_blind=0, posts={2: 5, 0: 10}, waiting=(1,))
    nxt = _dead_button(cands, size=3, button=2, sb=2, bb=0)
    assert nxt == Layout(dealt=(0, 1, 2), button=2, small_blind=0, big_blind=1, posts={0: 5, 1: 10}, cleared=(1,))
