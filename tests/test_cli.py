"""The command line (pokerroom.cli): ``replay`` statuses, JSON Lines and exit codes; ``play`` with piped input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.cli.play import QUIT, parse_input, parse_stakes, table_rules
from pokerroom.engine import Action, DeckSource
from pokerroom.games import Limit, find

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PHH = SHARED / "phh"
SYNTHETIC = PHH / "synthetic"
KEYS = {
    "path", "index", "label", "status", "expected", "computed", "allowed", "message", "winnings", "computed_winnings",
    "players"
}  # fmt: skip

needs_shared = pytest.mark.skipif(not SYNTHETIC.is_dir(), reason="../shared/phh is not here")
runner = CliRunner()


def statuses(stdout: str) -> dict[str, str]:
    """File name -> status, from the text lines of ``pokerroom replay``."""
    out: dict[str, str] = {}
    for line in stdout.splitlines():
        words = line.split()
        if len(words) >= 2 and words[0] in ("ok", "mismatch", "error", "unchecked"):
            out[Path(words[1]).name] = words[0]
    return out


# ---------------------------------------------------------------------------------------------- replay


@needs_shared
def test_replay_synthetic_folder_statuses_and_exit_code() -> None:
    result = runner.invoke(app, ["replay", str(SYNTHETIC)])
    assert result.exit_code == 0, result.output
    assert statuses(result.stdout) == {
        "synthetic-nt-3way-chop-board.phh": "ok",
        "synthetic-nt-4way-side-pots.phh": "ok",
        "synthetic-nt-odd-chip-split.phh": "ok",
        "synthetic-nt-run-four-times.phh": "error",  # allow-listed: keeps its status, carries the reason
    }
    four = next(line for line in result.stdout.splitlines() if "run-four-times" in line)
    assert "allow-listed: the board was run four times" in four
    assert "4 hands in" in result.stdout
    assert (
        "3 ok, 0 mismatch, 1 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported; 1 allow-listed" in result.stdout
    )


@needs_shared
def test_replay_json_lines() -> None:
    paths = [
        SYNTHETIC / "synthetic-nt-odd-chip-split.phh",
        SYNTHETIC / "synthetic-nt-run-four-times.phh",
        PHH / "dataset" / "dwan-ivey-2009.phh",
        PHH / "dataset" / "handhq",
    ]
    result = runner.invoke(app, ["replay", "--json", *map(str, paths)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]  # stdout is JSON Lines only
    assert all(set(r) == KEYS for r in records)
    assert [r["status"] for r in records] == ["ok", "error", "unchecked", "rake", "unchecked", "rake", "unchecked"]
    odd = records[0]
    assert odd["expected"] == odd["computed"] == [101, 100, 99] and odd["allowed"] is None
    assert records[1]["allowed"] and records[1]["computed"] is None
    assert [r["label"] for r in records[3:]] == ["1", "6", "9", "10"]
    assert [r["index"] for r in records[3:]] == [0, 1, 2, 3]
    assert "7 hands in" in result.stderr and "hands/s" in result.stderr


@needs_shared
def test_replay_broken_file_is_one_error_line_and_the_run_goes_on(tmp_path: Path) -> None:
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT'\nactions = [\n", encoding="utf-8")
    good = SYNTHETIC / "synthetic-nt-odd-chip-split.phh"
    result = runner.invoke(app, ["replay", "--json", str(broken), str(good)])
    assert result.exit_code == 1
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(Path(r["path"]).name, r["status"]) for r in records] == [
        ("broken.phh", "error"),
        ("synthetic-nt-odd-chip-split.phh", "ok"),
    ]
    assert "not valid TOML" in records[0]["message"]
    text = runner.invoke(app, ["replay", str(tmp_path)])
    assert text.exit_code == 1
    assert statuses(text.stdout) == {"broken.phh": "error"}


@needs_shared
def test_replay_mismatch_exits_1(tmp_path: Path) -> None:
    source = SYNTHETIC / "synthetic-nt-odd-chip-split.phh"
    changed = tmp_path / "changed.phh"
    changed.write_text(source.read_text(encoding="utf-8").replace("[101, 100, 99]", "[100, 101, 99]"), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(changed)])
    assert result.exit_code == 1
    assert statuses(result.stdout) == {"changed.phh": "mismatch"}
    assert "p1 100 vs 101" in result.stdout


@needs_shared
def test_replay_unit_and_missing_path(tmp_path: Path) -> None:
    copy = tmp_path / "hand.phh"
    shutil.copy(SYNTHETIC / "synthetic-nt-4way-side-pots.phh", copy)
    assert runner.invoke(app, ["replay", "--unit", "1", str(copy)]).exit_code == 0
    assert runner.invoke(app, ["replay", "--unit", "0.5", str(copy)]).exit_code == 0
    bad_unit = runner.invoke(app, ["replay", "--unit", "abc", str(copy)])
    assert bad_unit.exit_code == 2 and "not a decimal" in bad_unit.output
    missing = runner.invoke(app, ["replay", str(tmp_path / "nope")])
    assert missing.exit_code == 1 and "no such file or folder" in missing.stdout
    # A path through a file, a link to nowhere and a name with a NUL byte are not there either, as Path.exists says.
    (tmp_path / "dangling").symlink_to(tmp_path / "gone")
    for name in (str(copy / "inside.phh"), str(tmp_path / "dangling"), f"{tmp_path}/a\0b.phh"):
        gone = runner.invoke(app, ["replay", name])
        assert gone.exit_code == 1 and f"{name}: no such file or folder" in gone.stdout, name


# ---------------------------------------------------------------------------------------------- play


def test_play_folding_then_quit_finishes_cleanly() -> None:
    result = runner.invoke(app, ["play", "holdem", "--seed", "5", "--players", "4"], input="f\n" * 6 + "q\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "=== Hand 1:" in out and "Your turn:" in out
    assert "You fold" in out
    assert "You leave after" in out
    assert "Not accepted" not in out


def test_play_shows_the_table_at_each_prompt() -> None:
    result = runner.invoke(app, ["play", "holdem", "--seed", "1", "--players", "3"], input="q\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "You are dealt" in out
    assert "Board: (none yet)" in out and "Pot: 3" in out
    assert "button" in out and "to act" in out
    assert "[f]old  [c]all 2  [r]aise 4..200  [a]ll-in 200" in out


def test_play_bad_input_reprompts_with_the_reason() -> None:
    result = runner.invoke(app, ["play", "holdem", "--seed", "1", "--players", "3"], input="k\nr 1\nzz\nq\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Not accepted: seat 0 cannot check now; legal: fold, call 2, raise to 4..200" in out
    assert "cannot raise to 1: the legal range is 4..200" in out
    assert "Not accepted: unknown input 'zz'" in out
    assert out.count("Your turn:") == 4  # the first prompt and one after each refusal


def test_play_is_reproducible_with_a_seed() -> None:
    args = ["play", "omaha", "--seed", "11", "--players", "5", "--bots", "random"]
    moves = "c\nk\nk\nk\n" * 5 + "q\n"
    first = runner.invoke(app, args, input=moves)
    second = runner.invoke(app, args, input=moves)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout


def test_play_until_somebody_has_every_chip() -> None:
    result = runner.invoke(
        app, ["play", "holdem", "--seed", "3", "--players", "2", "--bots", "calling"], input="a\n" * 200
    )
    assert result.exit_code == 0, result.output
    assert "You are out of chips" in result.stdout or "You have won every chip" in result.stdout


def test_play_fixed_limit_stakes() -> None:
    result = runner.invoke(
        app, ["play", "holdem", "--limit", "fixed", "--stakes", "2/4", "--seed", "2", "--players", "3"], input="q\n"
    )
    assert result.exit_code == 0, result.output
    assert "fixed limit 2/4, blinds 1/2" in result.stdout
    assert "200 chips each" in result.stdout


def test_play_rejects_bad_options() -> None:
    assert runner.invoke(app, ["play", "holdem", "--players", "1"]).exit_code == 2
    assert runner.invoke(app, ["play", "holdem", "--players", "10"], input="q\n").exit_code == 0
    assert runner.invoke(app, ["play", "omaha", "--players", "10"]).exit_code == 2
    assert runner.invoke(app, ["play", "badugi"]).exit_code == 2
    assert runner.invoke(app, ["play", "holdem", "--stakes", "2/1"]).exit_code == 2
    assert runner.invoke(app, ["play", "holdem", "--bots", "shark"]).exit_code == 2


def test_parse_input_and_table_rules() -> None:
    hand = find("holdem").deal(stacks=[100, 100, 100], button=0, cards=DeckSource.shuffled(seed=1))
    legal = hand.legal_actions()
    assert legal is not None
    assert parse_input("a", legal) == Action.raise_to(100)
    assert parse_input(" R 10 ", legal) == Action.raise_to(10)
    assert parse_input("b 10", legal) == Action.raise_to(10)  # b and r are the same wish
    assert parse_input("c", legal) == Action.call()
    assert parse_input("q", legal) == QUIT
    with pytest.raises(ValueError, match="not a whole number"):
        parse_input("r ten", legal)
    assert parse_stakes("1/2") == (1, 2)
    betting, blinds = table_rules(find("holdem"), Limit.FIXED, (1, 2))
    assert blinds == (1, 1) and betting.bet_sizes == (1, 1, 2, 2)
    fixed_betting, _ = table_rules(find("holdem"), Limit.FIXED, (2, 4))
    fixed = find("holdem").deal(stacks=[50, 50], blinds=(1, 2), betting=fixed_betting)
    fixed_legal = fixed.legal_actions()
    assert fixed_legal is not None
    assert parse_input("r", fixed_legal) == Action.raise_to(4)  # the only legal amount


def test_replay_of_a_folder_without_hand_histories_warns_and_exits_1(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("not a hand history\n")  # a .txt is read: test_cli_replay_pokerstars.py
    result = runner.invoke(app, ["replay", str(tmp_path)])
    assert result.exit_code == 1
    assert "0 hands in" in result.output
    assert f"warning: no hand histories (.phh, .phhs, .txt files) under {tmp_path}" in " ".join(result.output.split())
