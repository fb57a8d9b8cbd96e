"""The game model (DESIGN "games are data"): each game's family declared once and checked against its streets,
the family parts present exactly for their family, house rules as dotted paths into the parts, and the club's
fee and rebuy cap declared once (RULES G2, A-G2-6, A-G2-7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokerroom.errors import RoomError, UnsupportedRule
from pokerroom.games import DrawParts, Family, Limit, Opener, StudParts, all_games, club, find
from pokerroom.room.night import Night, NightConfig

FAMILIES = {
    "club-lowball": Family.DRAW, "club-holdem": Family.BOARD, "a6-lowball": Family.DRAW, "holdem": Family.BOARD,
    "omaha": Family.BOARD, "omaha8": Family.BOARD, "omaha5": Family.BOARD, "omaha5-8": Family.BOARD,
    "stud": Family.STUD, "stud8": Family.STUD,
    "soko": Family.STUD, "americana": Family.STUD, "telesina": Family.STUD, "razz": Family.STUD,
    "five-card-draw": Family.DRAW, "27-triple-draw": Family.DRAW, "27-single-draw": Family.DRAW,
    "draw32": Family.DRAW, "short-deck": Family.BOARD, "omaha6": Family.BOARD, "courchevel": Family.BOARD,
    "courchevel8": Family.BOARD, "6plus": Family.BOARD, "kuhn": Family.BOARD, "leduc": Family.BOARD,
}  # fmt: skip


def test_every_game_declares_its_family() -> None:
    for game in all_games():
        assert game.family is FAMILIES[game.id], game.id
        assert (game.stud is not None) == (game.family is Family.STUD), game.id
        assert (game.draw is not None) == (game.family is Family.DRAW), game.id


def test_blinds_open_only_blind_games() -> None:
    opened = {g.id for g in all_games() if g.blinds_open}
    assert opened == {
        "club-holdem", "holdem", "omaha", "omaha8", "omaha5", "omaha5-8", "five-card-draw", "27-triple-draw",
        "27-single-draw", "draw32", "short-deck", "omaha6", "courchevel", "courchevel8", "6plus",
    }  # fmt: skip


def test_a_family_that_does_not_fit_the_streets_is_refused() -> None:
    holdem = find("holdem")
    with pytest.raises(UnsupportedRule, match="its streets make it a board game, not stud"):
        replace(holdem, family=Family.STUD)
    stud = find("stud")
    assert stud.stud is not None
    with pytest.raises(UnsupportedRule, match="stud parts go with a bring-in street"):
        replace(holdem, stud=stud.stud)
    with pytest.raises(UnsupportedRule, match="stud parts go with a bring-in street"):
        replace(stud, stud=None)
    with pytest.raises(UnsupportedRule, match="draw parts go with a draw street"):
        replace(holdem, draw=DrawParts())
    with pytest.raises(UnsupportedRule, match="draw parts go with a draw street"):
        replace(find("five-card-draw"), draw=None)


def test_house_rules_are_paths_into_the_parts() -> None:
    stud = find("stud").with_rules(open_pair_big_bet=False, common_card_betting=True)
    assert stud.stud == replace(find("stud").stud, open_pair_double=False, common_card_betting=True)  # type: ignore[arg-type]
    assert stud.rule_value("open_pair_big_bet") is False
    assert stud.changed_rules() == {"open_pair_big_bet": False, "common_card_betting": True}
    lowball = find("club-lowball").with_rules(ante=5, ranges=(2, 20, 60))
    assert (lowball.house.ante, lowball.house.ranges) == (5, (2, 20, 60))
    assert find("club-lowball").house.ante == 3  # the registered game is unchanged
    draw32 = find("draw32").with_rules(draw_order="button")
    assert draw32.draw is not None and draw32.draw.order is Opener.BUTTON
    assert find("holdem").changed_rules() == {}


def test_stud8_bring_in_in_antes() -> None:
    stud8 = find("stud8")
    assert isinstance(stud8.stud, StudParts) and stud8.stud.bring_in_antes == 2
    betting = stud8.betting("fixed", big_blind=20)  # small bet 20, big bet 40
    hand = stud8.deal(stacks=[1000, 1000, 1000], ante=3, betting=betting, seed=1)
    assert hand.bring_in == 6  # twice the ante (RULES G10)
    seed003 = stud8.with_rules(bring_in_antes=-1).deal(stacks=[1000, 1000, 1000], ante=3, betting=betting, seed=1)
    assert seed003.bring_in == 10  # half the small bet (RULES G4)
    with pytest.raises(UnsupportedRule, match="choices: 1, 2, 3, -1"):
        stud8.with_rules(bring_in_antes=0)


def test_the_club_rebuy_cap_and_fee_are_declared_once() -> None:
    # A-G2-6: after the rebuy at most X = floor(M / S); the player's own chips count in M and S.
    assert club.rebuy_cap([700, 300, 0], 0) == 333
    assert club.rebuy_cap([700, 300, 0], 300) == 33
    assert club.rebuy_cap([700, 300], 700) == 0  # above the average: nothing, never a negative amount
    with pytest.raises(RoomError, match="undefined"):
        club.rebuy_cap([], 0)
    assert club.new_player_fee((5, 10)) == 5  # A-G2-7: the first blind
    assert club.new_player_fee(()) == 0
    holdem = find("club-holdem").house
    assert holdem.rebuy_to_average and holdem.new_player_fee and holdem.rebuy_when_busted == ()
    lowball = find("club-lowball").house
    assert not lowball.rebuy_to_average and not lowball.new_player_fee and lowball.rebuy_when_busted == (Limit.NO,)


def test_the_night_books_follow_the_game_declarations() -> None:
    import random

    night = Night(NightConfig("club-holdem"), ["A", "B", "C"], rng=random.Random(1))
    for name in night.seats:
        night.buy_in(name, 500)
    with pytest.raises(RoomError, match="at most 0 chips"):
        night.rebuy("A", 1, stacks={"A": 900, "B": 300, "C": 300})
    assert night.rebuy("B", 200, stacks={"A": 900, "B": 300, "C": 300}) == 2000
    night.join("D")
    assert night.fee_due("D")
    lowball = Night(NightConfig("club-lowball", no_limit=True), ["A", "B"], rng=random.Random(1))
    for name in lowball.seats:
        lowball.buy_in(name, 500)
    assert lowball.limit is Limit.NO
    with pytest.raises(RoomError, match="waits until all chips are gone"):
        lowball.rebuy("A", 100, stacks={"A": 10, "B": 990})
    lowball.join("C")
    assert not lowball.fee_due("C")
