"""The room's table (pokerroom.room.table): TableConfig and Table settings that no table can play are refused; house
rules changed between hands (RULES §5).  All time is virtual (VirtualClock); every figure is exact.  Shared helpers:
tests/tabletools.py."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.errors import RoomError, UnsupportedRule
from pokerroom.room.layout import Dealer, NewPlayerRule
from pokerroom.room.table import Table, TableConfig
from tabletools import (
    bets,
    new_table,
    positions,
)

# -------------------------------------------------------------------------- regressions: wrong settings are refused


@pytest.mark.parametrize("first_button", ["x", 4, -1, True, 1.0])
def test_first_button_must_be_a_seat(first_button: Any) -> None:
    with pytest.raises(RoomError, match=r"first_button must be a seat from 0 to 3 \(or None\)"):
        Table(TableConfig("holdem", seats=4), first_button=first_button)
    assert Table(TableConfig("holdem", seats=4), first_button=3).button == 3


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


# --------------------------------------------------------------------------- regressions: house rules between hands


def test_5_club_holdem_set_rules_blinds_reach_the_deal() -> None:
    t = new_table("club-holdem", players=range(3), seats=3, stack=500)
    assert t.blinds == (5, 10)
    t.set_rules(blinds=(25, 50))
    assert t.blinds == (25, 50) and t.config.rules == {"blinds": (25, 50)}
    t.start_hand(seed=1)
    assert positions(t) == (0, 1, 2, 0) and bets(t) == {1: 25, 2: 50}


def test_5_set_rules_refuses_a_value_no_hand_can_be_dealt_with() -> None:
    t = new_table("club-lowball", players=(0, 1), seats=2, stack=250)
    before = (t.config, t.game, t.stakes, t.blinds, t.buy_in, len(t.events))
    with pytest.raises(UnsupportedRule, match="cannot be dealt with these settings"):
        t.set_rules(ante=-2)
    with pytest.raises(UnsupportedRule, match="no house rule"):
        t.set_rules(nonsense=1)
    assert (t.config, t.game, t.stakes, t.blinds, t.buy_in, len(t.events)) == before
    t.start_hand(seed=1)  # the table still deals with the old rules
    assert t.hand is not None and t.hand.pot_total == 2 * t.stakes.ante
