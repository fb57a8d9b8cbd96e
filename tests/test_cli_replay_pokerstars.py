"""``pokerroom replay`` of PokerStars-style text (docs/cli.md, "pokerroom replay"): each file's format found from its
content or forced with ``--format``; the statuses of real files counted exactly (``unsupported`` included, which
leaves the exit status 0); the JSON Lines of a PokerStars hand; a bad hand an ``error`` line naming its hand and
line while the rest of the file replays; a folder of ``.phh`` and ``.txt`` files; a ``.txt`` in neither format."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
STARS = SHARED / "handhistories" / "pokerstars"
FLOP = STARS / "cash" / "Stars" / "Flop"
REBUY = STARS / "tour" / "Stars" / "Flop" / "NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt"
EXPORT = FLOP / "NLHE-6max-USD-0.01-0.02-201101.Export.from.PT.or.HEM.trailing.whitespace.txt"
RUN_TWICE = FLOP / "PLO-6max-USD-200-400-201505.rit.leaves.table.txt"
ODD_CHIP = SHARED / "phh" / "synthetic" / "synthetic-nt-odd-chip-split.phh"
KEYS = {
    "path", "index", "label", "status", "expected", "computed", "allowed", "message", "winnings", "computed_winnings"
}  # fmt: skip

pytestmark = pytest.mark.skipif(
    not (STARS.is_dir() and ODD_CHIP.is_file()), reason="../shared/handhistories and ../shared/phh are not here"
)
runner = CliRunner()


def summary(output: str) -> str:
    """The summary line without its timing: ``3 ok, 0 mismatch, ...``."""
    line = next(x for x in output.splitlines() if " in " in x and "hands/s" in x)
    return line.split("): ", 1)[1]


def broken_export(folder: Path) -> Path:
    """The two-hand export with a move the reader does not know on line 12 of its first hand."""
    text = EXPORT.read_text(encoding="utf-8-sig").replace("kotpan: folds\n", "kotpan: juggles $0.02\n", 1)
    path = folder / "broken.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_tournament_file_counts_31_ok_and_1_unsupported_and_exits_0() -> None:
    result = runner.invoke(app, ["replay", str(REBUY)])
    assert result.exit_code == 0, result.output  # unsupported is named, not a fault
    assert summary(result.stdout) == "31 ok, 0 mismatch, 0 error, 0 unchecked, 0 incomplete, 0 rake, 1 unsupported"
    assert result.stdout.splitlines()[-1].startswith("32 hands in ")
    odd = [line for line in result.stdout.splitlines() if not line.startswith(("ok ", "32 hands"))]
    assert odd == [
        f"unsupported  {REBUY}  #19 [25234313412]  line 979: Player7 calls 180, matching what was put in; with the "
        "big blind all-in for 360 the engine makes the call the level's 600"
    ]
    assert result.stdout.splitlines()[1] == (
        f"ok         {REBUY}  #1 [26543131325]  every amount, pot, side pot and the rake match; Player6 raises when "
        "nobody can call more: the rules make it a call"
    )


def test_json_lines_of_pokerstars_hands() -> None:
    result = runner.invoke(app, ["replay", "--json", str(EXPORT), str(RUN_TWICE)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]  # stdout is JSON Lines only
    assert all(set(r) == KEYS for r in records)
    assert [(r["index"], r["label"], r["status"]) for r in records] == [
        (0, "56397699000", "ok"),
        (1, "56397717005", "ok"),
        (0, "134782498345", "unsupported"),
    ]
    first = records[0]
    assert first["path"] == str(EXPORT) and first["allowed"] is None
    assert first["expected"] == first["computed"] == [0.65, 1.98, 0.58, 1.26, 2.34]  # dollars, as the file writes
    assert first["winnings"] == first["computed_winnings"] == [0, 0, 0, 0, 0.19]
    assert first["message"] == "every amount, pot, side pot and the rake match"
    assert records[2]["message"] == "the board was run twice; the engine deals one board"
    assert records[2]["expected"] is None and records[2]["computed"] is None
    assert summary(result.stderr) == "2 ok, 0 mismatch, 0 error, 0 unchecked, 0 incomplete, 0 rake, 1 unsupported"


def test_a_bad_hand_is_an_error_line_naming_its_hand_and_line_and_the_file_goes_on(tmp_path: Path) -> None:
    path = broken_export(tmp_path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:2] == [
        f"error      {path}  #0 [56397699000]  line 12: 'kotpan' does something this reader does not know: "
        "'kotpan: juggles $0.02'",
        f"ok         {path}  #1 [56397717005]  every amount, pot, side pot and the rake match",
    ]
    assert summary(result.stdout) == "1 ok, 0 mismatch, 1 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported"


def test_the_format_is_found_from_the_content_not_the_name(tmp_path: Path) -> None:
    disguised = tmp_path / "hands.phh"
    shutil.copy(EXPORT, disguised)
    result = runner.invoke(app, ["replay", str(disguised)])
    assert result.exit_code == 0, result.output
    assert summary(result.stdout) == "2 ok, 0 mismatch, 0 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported"


def test_format_forced_pokerstars_on_phh_gives_error_lines_not_a_traceback() -> None:
    result = runner.invoke(app, ["replay", "--format", "pokerstars", str(ODD_CHIP)])
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output
    hand_lines = result.stdout.splitlines()[:-1]
    assert hand_lines == [  # the file's 9 lines, none a hand's first line: one error for the run of them
        f"error      {ODD_CHIP}  #0  lines 1-9: '# Synthetic hand (not from the dataset), checked against an "
        "independent engine.' comes before any hand's first line (not a PokerStars hand history?)"
    ]
    assert summary(result.stdout) == "0 ok, 0 mismatch, 1 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported"


def test_format_forced_phh_on_pokerstars_text_is_one_error_line() -> None:
    result = runner.invoke(app, ["replay", "--format", "phh", str(EXPORT)])
    assert result.exit_code == 1
    [line, _summary] = result.stdout.splitlines()
    assert line.startswith(f"error      {EXPORT}  #0  cannot read: {EXPORT}: not valid TOML: ")
    assert summary(result.stdout) == "0 ok, 0 mismatch, 1 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported"


def test_a_bad_format_name_is_refused() -> None:
    result = runner.invoke(app, ["replay", "--format", "hem", str(EXPORT)])
    assert result.exit_code == 2
    words = " ".join(result.output.replace("│", " ").split())  # the message wraps inside Rich's box
    assert "'hem' is not one of 'auto', 'phh', 'pokerstars'" in words


def test_a_folder_of_phh_and_txt_files(tmp_path: Path) -> None:
    """The folder's .phh and .txt files replay, each in its own format; a .txt in neither format is one error
    line naming both; other files are not read."""
    (tmp_path / "sub").mkdir()
    shutil.copy(ODD_CHIP, tmp_path / "a.phh")
    shutil.copy(EXPORT, tmp_path / "sub" / "b.txt")
    (tmp_path / "c.txt").write_text("my notes: pot odds\n", encoding="utf-8")
    (tmp_path / "d.md").write_text("PokerStars Hand #1: not read, not a history's name\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(tmp_path)])
    assert result.exit_code == 1
    out = result.stdout.splitlines()
    assert [line.split()[:2] for line in out[:-1]] == [
        ["ok", str(tmp_path / "a.phh")],
        ["error", str(tmp_path / "c.txt")],
        ["ok", str(tmp_path / "sub" / "b.txt")],
        ["ok", str(tmp_path / "sub" / "b.txt")],
    ]
    assert out[1].startswith(
        f"error      {tmp_path / 'c.txt'}  #0  cannot read: {tmp_path / 'c.txt'}: neither PokerStars text (no "
        "hand's first line, such as 'PokerStars Hand #...:') nor PHH: "
    )
    assert summary(result.stdout) == "3 ok, 0 mismatch, 1 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported"
