"""``pokerroom convert`` (docs/cli.md, "pokerroom convert"): PokerStars text to PHH and back, each file's format
found from its content; round trips that replay ``ok`` (PokerStars -> PHH -> replay, PHH -> PokerStars -> check);
``--out`` writes one file per input and refuses to overwrite an input; a hand that cannot be read or converted is
reported (file, hand, why) and skipped with exit status 1; issue 21's user trial: ``--out`` keeps the folders, hand
numbers and table sizes kept or made stable, warnings for hands that do not check ``ok``, cancelled hands skipped,
an empty folder, ``--to`` in any case."""

from __future__ import annotations

import hashlib
import os
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.formats import phh
from pokerroom.formats import pokerstars as stars
from pokerroom.formats.replay import replay

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
STARS = SHARED / "handhistories" / "pokerstars"
FLOP = STARS / "cash" / "Stars" / "Flop"
PLO8 = FLOP / "PLO8-6max-USD-0.01-0.02-200911.txt"
EXPORT = FLOP / "NLHE-6max-USD-0.01-0.02-201101.Export.from.PT.or.HEM.trailing.whitespace.txt"
UNCALLED = FLOP / "2025-NL-uncalled-bet.txt"
RUN_TWICE = FLOP / "PLO-6max-USD-200-400-201505.rit.leaves.table.txt"
RIO = FLOP / "NLHE-6max-EUR-0.02-0.04-201902.RIO.txt"  # Table ID '30698037' 6-Max; a call the rules make 0.54
CANCELLED = STARS / "cash" / "Stars" / "Draw" / "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt"
PLURIBUS = SHARED / "phh" / "dataset" / "pluribus" / "30"

pytestmark = pytest.mark.skipif(
    not (STARS.is_dir() and PLURIBUS.is_dir()), reason="../shared/handhistories and ../shared/phh are not here"
)
runner = CliRunner()


def test_pokerstars_to_phhs_with_a_table_per_hand_id_replays_ok(tmp_path: Path) -> None:
    result = runner.invoke(app, ["convert", "--to", "phh", "--out", str(tmp_path / "out"), str(PLO8)])
    assert result.exit_code == 0, result.output
    assert result.stderr == "15 hands converted, 0 failed\n" and result.stdout == ""
    written = tmp_path / "out" / "PLO8-6max-USD-0.01-0.02-200911.phhs"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [written.name]
    hands = phh.read(written)
    assert len(hands) == 15
    assert [h.label for h in hands][:2] == ["35874998500", "35875026976"]
    assert {h.variant for h in hands} == {"omaha8"}  # our game id: PHH has no code for pot-limit Omaha hi/lo
    assert {replay(h).status for h in hands} == {"ok"}
    again = runner.invoke(app, ["replay", str(written)])
    assert again.exit_code == 0, again.output
    assert "15 ok, 0 mismatch, 0 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported" in again.stdout


def test_one_pokerstars_hand_gives_a_phh_file_with_its_amounts(tmp_path: Path) -> None:
    result = runner.invoke(app, ["convert", "--to", "phh", "--out", str(tmp_path), str(UNCALLED)])
    assert result.exit_code == 0, result.output
    [hand] = phh.read(tmp_path / "2025-NL-uncalled-bet.phh")
    assert hand.players == ("Hero", "Player1", "Player2", "Player3", "Player4", "Player5")  # small blind first
    assert [str(x) for x in hand.starting_stacks] == ["5.77", "6.02", "5", "8.84", "2.98", "2.83"]
    done = replay(hand)
    assert done.status == "ok", done.message
    # Hero: 5.77 - 0.15 - 0.48 - 2.20 (2.54 bet, 0.34 returned) + 5.50; Player5 all-in for 2.83
    assert done.computed == [Decimal(x) for x in ("8.44", "5.97", "5", "8.69", "2.98", "0")]


def test_phh_to_pokerstars_on_stdout_checks_ok() -> None:
    """Three Pluribus hands as one PokerStars file: three hands, every card written, each checks ``ok``."""
    paths = [PLURIBUS / f"{n}.phh" for n in (0, 1, 12)]
    result = runner.invoke(app, ["convert", "--to", "pokerstars", *map(str, paths)])
    assert result.exit_code == 0, result.output
    assert result.stderr == "3 hands converted, 0 failed\n"
    assert result.stdout.count(stars.BETWEEN_HANDS) == 2
    hands = list(stars.loads_each(result.stdout))
    assert [h.hand_id for h in hands] == ["0", "1", "12"]
    assert all(isinstance(h, stars.StarsHand) for h in hands)
    assert [stars.check(h).status for h in hands if isinstance(h, stars.StarsHand)] == ["ok", "ok", "ok"]
    showdown = hands[2]
    assert isinstance(showdown, stars.StarsHand)
    assert [(s.name, int(s.stack)) for s in showdown.seats][:2] == [("MrWhite", 10000), ("Gogo", 10000)]
    assert "Gogo collected 3000 from pot" in result.stdout
    assert "Dealt to Pluribus [Tc Jc]" in result.stdout and "Pluribus: raises 125 to 225" in result.stdout


def test_pokerstars_rewritten_as_pokerstars_checks_ok(tmp_path: Path) -> None:
    result = runner.invoke(app, ["convert", "--to", "pokerstars", "--out", str(tmp_path), str(EXPORT)])
    assert result.exit_code == 0, result.output
    text = (tmp_path / EXPORT.name).read_text(encoding="utf-8")
    hands = [h for h in stars.loads_each(text) if isinstance(h, stars.StarsHand)]
    assert [h.hand_id for h in hands] == ["56397699000", "56397717005"]
    assert [stars.check(h).status for h in hands] == ["ok", "ok"]
    assert "Wonderboy_06 collected $0.19 from pot" in text  # the record's money: cents of a dollar table as dollars
    assert "Hold'em No Limit ($0.01/$0.02 USD)" in text


def test_phh_rewritten_as_phh_is_phh_dumps() -> None:
    path = PLURIBUS / "12.phh"
    result = runner.invoke(app, ["convert", "--to", "phh", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == phh.dumps(phh.read(path)[0])


def test_hands_of_several_files_on_stdout_get_one_table_name_each(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    shutil.copy(UNCALLED, tmp_path / "a" / "x.txt")
    shutil.copy(UNCALLED, tmp_path / "b" / "x.txt")
    result = runner.invoke(app, ["convert", "--to", "phh", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert [h.label for h in phh.loads(result.stdout)] == ["255867983097", "255867983097-2"]


def test_out_refuses_to_overwrite_an_input(tmp_path: Path) -> None:
    source = tmp_path / "hands.phh"
    shutil.copy(PLURIBUS / "12.phh", source)
    before = source.read_text()
    result = runner.invoke(app, ["convert", "--to", "phh", "--out", str(tmp_path), str(source)])
    assert result.exit_code == 1
    assert source.read_text() == before
    assert result.stderr.splitlines() == [
        f"failed: {source}: not written: {source} is an input file; choose another --out",
        "0 hands converted, 1 failed",
    ]


def test_two_inputs_with_one_stem_do_not_overwrite_each_other(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    shutil.copy(UNCALLED, tmp_path / "a" / "x.txt")
    shutil.copy(EXPORT, tmp_path / "b" / "x.txt")
    out = tmp_path / "out"
    result = runner.invoke(app, ["convert", "--to", "phh", "--out", str(out), str(tmp_path / "a"), str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["x.phh", "x.phhs"]  # one hand, two hands: two names
    third = runner.invoke(app, ["convert", "--to", "phh", "--out", str(out), str(tmp_path / "a"), str(tmp_path / "a")])
    assert third.exit_code == 1
    assert f"{out / 'x.phh'} was written from {tmp_path / 'a' / 'x.txt'} already" in third.stderr
    assert third.stderr.splitlines()[-1] == "1 hand converted, 1 failed"


def test_a_broken_hand_is_reported_and_skipped_with_exit_1(tmp_path: Path) -> None:
    broken = tmp_path / "broken.txt"
    text = EXPORT.read_text(encoding="utf-8-sig").replace("kotpan: folds\n", "kotpan: juggles $0.02\n", 1)
    broken.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["convert", "--to", "phh", "--out", str(tmp_path / "out"), str(broken)])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"failed: {broken}, hand #56397699000: line 12: 'kotpan' does something this reader does not know: "
        "'kotpan: juggles $0.02'",
        "1 hand converted, 1 failed",
    ]
    [hand] = phh.read(tmp_path / "out" / "broken.phh")  # the other hand is written, alone: a .phh
    assert hand.extra["hand"] == 56397717005 and replay(hand).status == "ok"


def test_a_hand_the_engine_cannot_deal_is_reported_and_nothing_is_written(tmp_path: Path) -> None:
    result = runner.invoke(app, ["convert", "--to", "pokerstars", "--out", str(tmp_path / "out"), str(RUN_TWICE)])
    assert result.exit_code == 1
    [failed, last] = result.stderr.splitlines()
    assert failed.startswith(f"failed: {RUN_TWICE}, hand #134782498345: ") and "run twice" in failed
    assert last == "0 hands converted, 1 failed"
    assert not (tmp_path / "out").exists()


def test_unreadable_input_and_bad_options(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["convert", "--to", "phh", str(tmp_path / "nope.txt")])
    assert missing.exit_code == 1
    assert missing.stderr.splitlines() == [
        f"failed: {tmp_path / 'nope.txt'}: no such file or folder",
        "0 hands converted, 0 failed, 1 file not read",
    ]
    auto = runner.invoke(app, ["convert", "--to", "auto", str(EXPORT)])
    assert auto.exit_code == 2
    words = " ".join(auto.output.replace("│", " ").split())  # the message wraps inside Rich's box
    assert "Invalid value for --to: 'auto' is not a format: use phh or pokerstars" in words
    assert "Value error" not in words
    assert runner.invoke(app, ["convert", str(EXPORT)]).exit_code == 2  # --to is required
    (tmp_path / "file").write_text("")
    assert runner.invoke(app, ["convert", "--to", "phh", "--out", str(tmp_path / "file"), str(EXPORT)]).exit_code == 2


def test_to_is_read_in_any_case() -> None:
    result = runner.invoke(app, ["convert", "--to", "PokerStars", str(PLURIBUS / "12.phh")])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("PokerStars Hand #12:  Hold'em No Limit (50/100)\n")


def test_out_keeps_each_file_under_its_folder(tmp_path: Path) -> None:
    """pluribus/100/0.phh and pluribus/101/0.phh once collided as out/0.txt; a file argument goes in out itself;
    upper-case extensions are found; other files are counted."""
    root = tmp_path / "pluribus"
    (root / "100").mkdir(parents=True)
    (root / "101").mkdir()
    shutil.copy(PLURIBUS / "0.phh", root / "100" / "0.phh")
    shutil.copy(PLURIBUS / "1.phh", root / "101" / "0.PHH")
    (root / "hands.zip").write_bytes(b"PK\x03\x04")
    (root / "README.md").write_text("Pluribus hands\n", encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["convert", "--to", "pokerstars", "--out", str(out), str(root), str(PLURIBUS / "12.phh")]
    )
    assert result.exit_code == 0, result.output
    assert result.stderr == "3 hands converted, 0 failed (2 other files skipped: .md, .zip)\n"
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*.txt")) == ["100/0.txt", "101/0.txt", "12.txt"]
    ids = {
        name: [h.hand_id for h in stars.loads_each((out / name).read_text(encoding="utf-8"))]
        for name in ("100/0.txt", "101/0.txt", "12.txt")
    }
    assert ids == {"100/0.txt": ["0"], "101/0.txt": ["1"], "12.txt": ["12"]}  # the PHH's own hand numbers


def without_hand_number(source: Path, target: Path, extra: str = "") -> Path:
    """``source`` with its ``hand = N`` line taken out (and ``extra`` lines added)."""
    lines = [line for line in source.read_text(encoding="utf-8").splitlines() if not line.startswith("hand =")]
    target.write_text("\n".join(lines) + "\n" + extra, encoding="utf-8")
    return target


def test_a_hand_without_a_number_gets_a_stable_id_from_its_path_and_index(tmp_path: Path) -> None:
    """73 hands once all came out as ``Hand #0``: each now gets the first 12 hex digits of
    sha256(ABSOLUTE_PATH#INDEX), the same on every run."""
    a = without_hand_number(PLURIBUS / "0.phh", tmp_path / "a.phh")
    b = without_hand_number(PLURIBUS / "1.phh", tmp_path / "b.phh")
    expected = [int(hashlib.sha256(os.fsencode(os.path.realpath(p)) + b"#0").hexdigest()[:12], 16) for p in (a, b)]
    first = runner.invoke(app, ["convert", "--to", "pokerstars", str(a), str(b)])
    assert first.exit_code == 0, first.output
    ids = [h.hand_id for h in stars.loads_each(first.stdout)]
    assert ids == [str(n) for n in expected] and ids[0] != ids[1]
    assert all(0 < n < 2**48 for n in expected)
    again = runner.invoke(app, ["convert", "--to", "pokerstars", str(a), str(b)])
    assert again.stdout == first.stdout


def test_the_table_size_is_kept(tmp_path: Path) -> None:
    """A PokerStars header's ``6-Max`` (once written ``10-max``, the game's most players) and a PHH's
    ``seat_count``; a ``seat_count`` smaller than the hand's players is refused by name."""
    rio = runner.invoke(app, ["convert", "--to", "pokerstars", str(RIO)])
    assert rio.stdout.splitlines()[1] == "Table '30698037' 6-max Seat #4 is the button"
    nine = without_hand_number(PLURIBUS / "12.phh", tmp_path / "nine.phh", "seat_count = 9\n")
    result = runner.invoke(app, ["convert", "--to", "pokerstars", str(nine)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1] == "Table 'pokerroom' 9-max Seat #6 is the button"
    two = without_hand_number(PLURIBUS / "12.phh", tmp_path / "two.phh", "seat_count = 2\n")
    refused = runner.invoke(app, ["convert", "--to", "pokerstars", str(two)])
    assert refused.exit_code == 1
    assert refused.stderr.splitlines() == [
        f"failed: {two}, hand 0: seat_count 2 is not a table size: a whole number of seats, at least the hand's 6 "
        "players",
        "0 hands converted, 1 failed",
    ]


def test_a_hand_that_does_not_check_ok_is_converted_with_a_warning(tmp_path: Path) -> None:
    """The written hand follows the rules' amounts: the call of 0.73 the file writes is the rules' 0.54."""
    out = tmp_path / "out"
    result = runner.invoke(app, ["convert", "--to", "pokerstars", "--out", str(out), str(RIO)])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        f"warning: {RIO}, hand #30702949: converted with status mismatch: line 22: Barre calls 0.73; the rules make "
        "the call 0.54",
        "1 hand converted (1 with warnings), 0 failed",
    ]
    text = (out / RIO.with_suffix(".txt").name).read_text(encoding="utf-8")
    assert "Barre: calls €0.54" in text and "€0.73" not in text
    changed = tmp_path / "changed.phh"
    changed.write_text(
        (PLURIBUS / "0.phh")
        .read_text(encoding="utf-8")
        .replace("finishing_stacks = [9950,", "finishing_stacks = [9951,"),
        encoding="utf-8",
    )
    phh_result = runner.invoke(app, ["convert", "--to", "phh", str(changed)])
    assert phh_result.exit_code == 0, phh_result.output
    assert phh_result.stderr.splitlines() == [
        f"warning: {changed}, hand 0: converted with status mismatch: final stacks (expected vs computed): "
        "p1 9951 vs 9950",
        "1 hand converted (1 with warnings), 0 failed",
    ]


def test_a_hand_cancelled_before_it_was_played_is_skipped_not_failed() -> None:
    result = runner.invoke(app, ["convert", "--to", "phh", str(CANCELLED), str(UNCALLED)])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        f"skipped: {CANCELLED}, hand #20349633663: hand cancelled before it could be played: 1 player dealt in; "
        "a hand needs two",
        "1 hand converted, 0 failed, 1 skipped",
    ]


def test_an_empty_folder_warns_and_exits_1(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("not a hand history\n", encoding="utf-8")
    result = runner.invoke(app, ["convert", "--to", "phh", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "0 hands converted, 0 failed (1 other file skipped: .md)",
        f"warning: no hand histories (.phh, .phhs, .txt files) under {tmp_path}",
    ]
