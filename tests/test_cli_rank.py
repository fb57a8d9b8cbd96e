"""``pokerroom compare`` and ``pokerroom rank`` (issue: every hand ranking)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pokerroom.cli import app

runner = CliRunner()


def test_compare_t17_deuce_to_seven() -> None:
    args = ["compare", "--ranking", "27-low", "--json", "Ac 2d 3h 4s 5c", "Kh6d4d3s2c", "2h 2s 7d 8c 9h", "3d4h5s6c7c"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["winners"] == [1]
    assert data["names"][3] == "straight, seven high"
    assert data["values"][1] > data["values"][0] > data["values"][2] > data["values"][3]


def test_compare_board_split_t20c() -> None:
    result = runner.invoke(app, ["compare", "--json", "--board", "Jd 7h Jc Kh Ks", "Ah8h", "AsQc"])
    assert json.loads(result.stdout)["winners"] == [0, 1]
    text = runner.invoke(app, ["compare", "--board", "Jd 7h Jc Kh Ks", "Ah8h", "AsQc"])
    assert "split between hands 0, 1" in text.stdout


def test_compare_omaha_no_low_gives_no_winner_t13b() -> None:
    board = ["--board", "Ks Qd 9c 7h 2d"]
    args = ["compare", "--ranking", "a5-low-8", "--omaha", "--json", *board, "AsKcKhQs", "3s8cJdJc"]
    data = json.loads(runner.invoke(app, args).stdout)
    assert data["winners"] == [] and data["names"] == ["no low", "no low"]


def test_compare_omaha_t12() -> None:
    args = ["compare", "--omaha", "--json", "--board", "Ah Kh 7h 4h 2c", "Qh Js Jd 9c", "5s 3d 8c 8d"]
    data = json.loads(runner.invoke(app, args).stdout)
    assert data["winners"] == [1] and data["names"] == ["one pair, jacks", "straight, five high"]


def test_rank_prints_value_name_and_cards() -> None:
    result = runner.invoke(app, ["rank", "--json", "Qh Qd 4s Qc 4c 9d 2h"])
    data = json.loads(result.stdout)
    assert data["name"] == "full house, queens full of fours"
    assert data["cards"] == ["Qh", "Qd", "Qc", "4s", "4c"]
    plain = runner.invoke(app, ["rank", "--ranking", "americana", "7h 9h Jh Qh Ah"])
    assert "flush" in plain.stdout


def test_bad_input_exits_2_with_the_reason() -> None:
    bad_card = runner.invoke(app, ["rank", "Ax Kd Qd Jd Td"])
    assert bad_card.exit_code == 2 and "'x' is not a suit" in bad_card.output
    unknown = runner.invoke(app, ["compare", "--ranking", "nope", "AsKsQsJsTs", "2c3c4c5c7d"])
    assert unknown.exit_code == 2 and "no ranking called 'nope'" in unknown.output
    dup = runner.invoke(app, ["compare", "AsKsQsJsTs", "AsKdQdJdTd"])
    assert dup.exit_code == 2 and "duplicate card 'As'" in dup.output
