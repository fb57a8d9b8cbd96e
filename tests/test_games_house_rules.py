"""Every house-rule parameter that changes the play of a hand changes it as RULES says (issue: all fifteen
games), and the draw timer's consequence (RULES §2.5, G11, G12)."""

from __future__ import annotations

import pytest

from pokerroom.engine import Action, DeckSource, EventType, Hand
from pokerroom.errors import IllegalAction, UnsupportedRule
from pokerroom.games import Betting, Opener, find

C, K, PAT = Action.call(), Action.check(), Action.stand_pat()


def check_down_to(h: Hand, phase: str) -> None:
    while h.phase.value != phase and not h.is_complete:
        legal = h.legal_actions()
        assert legal is not None
        if legal.bring_in is not None:
            h.act(Action.post_bring_in(), legal.seat)
        elif legal.draw is not None:
            h.act(PAT, legal.seat)
        else:
            h.act(C if legal.call is not None else K, legal.seat)


def stud_fourth(open_pair: bool) -> Hand:
    from pokerroom.engine import ScriptedCards

    hole = {0: "AhKh2c" + "3d", 1: "9s9c8s" + "8d", 2: "7s6s6h" + "2s"}
    game = find("stud").with_rules(open_pair_big_bet=open_pair)
    h = game.deal(stacks=[500] * 3, button=2, ante=1, bring_in=5, betting=Betting.fixed_limit(10, 20, rounds=5),
                  cards=ScriptedCards(hole))  # fmt: skip
    h.act(Action.post_bring_in(), 0)
    h.act(C, 1)
    h.act(C, 2)
    return h


def test_open_pair_big_bet_on_and_off() -> None:
    on, off = stud_fourth(True), stud_fourth(False)
    assert on.to_act == off.to_act == 1  # the open eights
    assert on.legal_actions().amounts == (10, 20)  # type: ignore[union-attr]
    legal = off.legal_actions()
    assert legal is not None and legal.bet == (10, 10) and legal.amounts is None


def test_common_card_betting_on_and_off() -> None:
    for betting_after, rounds in ((False, 4), (True, 5)):
        game = find("stud").with_rules(common_card_betting=betting_after)
        h = game.deal(stacks=[1000] * 8, button=7, ante=1, bring_in=5,
                      betting=Betting.fixed_limit(10, 20, rounds=5), cards=DeckSource.shuffled(seed=16))  # fmt: skip
        opened = 0
        last_round = -1
        while not h.is_complete:
            if h.round_index != last_round:
                opened, last_round = opened + 1, h.round_index
            legal = h.legal_actions()
            assert legal is not None
            if legal.bring_in is not None:
                h.act(Action.post_bring_in(), legal.seat)
            else:
                h.act(C if legal.call is not None else K, legal.seat)
        assert h.board and opened == rounds


def test_draw_timeout_rest_of_hand_or_next_round() -> None:
    # Five-card draw: a timed-out draw stands pat and may not bet or raise for the rest of the hand (G11).
    h = find("five-card-draw").deal(stacks=[100] * 3, button=2, blinds=(1, 2), limit="no", seed=3)
    check_down_to(h, "draw")
    s = h.to_act
    assert s is not None
    with pytest.raises(IllegalAction, match="stands pat"):
        h.act(Action.draw(tuple(h.hole[s][:1]), timed_out=True), s)
    h.act(Action.draw((), timed_out=True), s)
    assert [e.text for e in h.events if e.type is EventType.DRAW] == ["timed out"]
    while h.phase.value == "draw":
        h.act(PAT, h.to_act)
    while h.to_act != s:
        h.act(K, h.to_act)
    legal = h.legal_actions()
    assert legal is not None and legal.check and legal.bet is None and legal.fold
    # 2-7 triple draw: only the next betting round (G12)
    td = find("27-triple-draw").deal(stacks=[500] * 3, button=2, blinds=(5, 10), seed=4)
    check_down_to(td, "draw")
    t = td.to_act
    assert t is not None
    td.act(Action.draw((), timed_out=True), t)
    while td.phase.value == "draw":
        td.act(PAT, td.to_act)
    while td.to_act != t:
        td.act(K, td.to_act)
    assert td.legal_actions().bet is None  # type: ignore[union-attr]
    while td.phase.value != "draw":
        td.act(K, td.to_act)
    while td.phase.value == "draw":
        td.act(PAT, td.to_act)
    while td.to_act != t:
        td.act(K, td.to_act)
    assert td.legal_actions().bet == (20, 20)  # type: ignore[union-attr]  # the round after that: free again
    assert find("27-triple-draw").rule_value("draw_timeout_rest_of_hand") is False
    assert find("five-card-draw").with_rules(draw_timeout_rest_of_hand=False).draw.timeout_rest_of_hand is False


def test_odd_chips_carry_on_and_off() -> None:
    game = find("club-holdem")
    assert game.rule_value("odd_chips_carry") is True
    assert game.with_rules(odd_chips_carry=False).house.odd_chips_carry is False


def test_ranges_and_ante_house_rules_change_the_club_lowball_hand() -> None:
    game = find("club-lowball").with_rules(ranges=(2, 20, 40), ante=5)
    h = game.deal(stacks=[200] * 3, button=2, seed=5)
    assert h.pot_total == 15
    assert h.legal_actions().bet == (2, 20)  # type: ignore[union-attr]


def test_split_offer_off_removes_the_split_button() -> None:
    for offer in (True, False):
        h = find("draw32").with_rules(split_offer=offer).deal(stacks=[200] * 3, button=2, blinds=(5, 10), seed=6)
        check_down_to(h, "draw")
        while h.phase.value == "draw":
            h.act(PAT, h.to_act)
        assert h.legal_actions().split is offer  # type: ignore[union-attr]


def test_draw_order_house_rule() -> None:
    after_bb = find("draw32").deal(stacks=[200] * 4, button=3, blinds=(5, 10), seed=7)
    left_of_button = find("draw32").with_rules(draw_order=Opener.BUTTON).deal(
        stacks=[200] * 4, button=3, blinds=(5, 10), seed=7
    )
    for h in (after_bb, left_of_button):
        check_down_to(h, "draw")
    assert (after_bb.to_act, left_of_button.to_act) == (2, 0)


def test_hu_literal_layout_house_rule() -> None:
    literal = find("club-holdem").deal(stacks=[100, 100], button=0, seed=8)
    online = find("club-holdem").with_rules(hu_button_posts_sb=True).deal(stacks=[100, 100], button=0, seed=8)
    assert literal.bets == [10, 5] and online.bets == [5, 10]


def test_unknown_rule_and_bad_value_are_refused() -> None:
    with pytest.raises(UnsupportedRule, match="no house rule"):
        find("stud").with_rules(nope=True)
    with pytest.raises(UnsupportedRule, match="takes a bool"):
        find("stud").with_rules(open_pair_big_bet="yes")


def test_stud8_seed_003_bring_in_is_half_the_small_bet() -> None:
    seed004 = find("stud8").deal(stacks=[500] * 3, button=2, ante=1, limit="fixed", seed=9,
                                 betting=Betting.fixed_limit(20, 40, rounds=5))  # fmt: skip
    seed003 = find("stud8").with_rules(bring_in_antes=-1).deal(
        stacks=[500] * 3, button=2, ante=1, betting=Betting.fixed_limit(20, 40, rounds=5), seed=9
    )
    # G4: "typically half the small bet" (its own example posts 5 at 20/40: a table sets bring_in= for that)
    assert (seed004.bring_in, seed003.bring_in) == (2, 10)
    legal = seed003.legal_actions()
    assert legal is not None and legal.bring_in == 10 and legal.bet == (20, 20)
