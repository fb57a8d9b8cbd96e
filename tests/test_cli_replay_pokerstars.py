"""``pokerroom replay`` of PokerStars-style text (docs/cli.md, "pokerroom replay"): each file's format found from
its content or forced with ``--format`` (any case); the statuses of real files counted exactly (``unsupported``
included, which leaves the exit status 0); the JSON Lines of a PokerStars hand; a bad hand an ``error`` line naming
its hand and line while the rest of the file replays; a folder of ``.phh`` and ``.txt`` files (any case), its other
files counted; a ``.txt`` in neither format; issue 21's user trial: UTF-16 files over 64 KiB, empty files,
archives, ``--max-size`` in MiB."""

from __future__ import annotations

import gzip
import json
import os
import random
import shutil
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.cli.histories import SNIFF_BYTES, Format, detect, read_hands
from pokerroom.errors import PokerroomError

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
STARS = SHARED / "handhistories" / "pokerstars"
FLOP = STARS / "cash" / "Stars" / "Flop"
REBUY = STARS / "tour" / "Stars" / "Flop" / "NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt"
EXPORT = FLOP / "NLHE-6max-USD-0.01-0.02-201101.Export.from.PT.or.HEM.trailing.whitespace.txt"
RUN_TWICE = FLOP / "PLO-6max-USD-200-400-201505.rit.leaves.table.txt"
ODD_CHIP = SHARED / "phh" / "synthetic" / "synthetic-nt-odd-chip-split.phh"
KEYS = {
    "path", "index", "label", "status", "expected", "computed", "allowed", "message", "winnings", "computed_winnings",
    "players"
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
    assert first["players"] == ["shedelf", "Hero", "kotpan", "sergelev", "Wonderboy_06"]  # from the button's left
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


def test_a_bad_format_name_is_refused_and_the_format_is_read_in_any_case() -> None:
    result = runner.invoke(app, ["replay", "--format", "stars", str(EXPORT)])
    assert result.exit_code == 2
    words = " ".join(result.output.replace("│", " ").split())  # the message wraps inside Rich's box
    assert "Invalid value for --format: 'stars' is not a format: use auto, phh or pokerstars" in words
    assert "Value error" not in words
    upper = runner.invoke(app, ["replay", "--format", "PokerStars", str(EXPORT)])
    assert upper.exit_code == 0, upper.output
    assert summary(upper.stdout) == "2 ok, 0 mismatch, 0 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported"


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
    assert summary(result.stdout) == (
        "3 ok, 0 mismatch, 1 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported (1 other file skipped: .md)"
    )


def utf16_history(folder: Path, encoding: str, copies: int = 40) -> Path:
    """The two-hand export ``copies`` times over (80 hands, 167 KiB: past :data:`SNIFF_BYTES`) in UTF-16 with its
    byte-order mark (``utf-16-le`` or ``utf-16-be``)."""
    text = EXPORT.read_text(encoding="utf-8-sig").strip() + "\n\n\n"
    path = folder / f"{encoding}.txt"
    path.write_bytes("\ufeff".encode(encoding) + (text * copies).encode(encoding))
    assert path.stat().st_size > SNIFF_BYTES
    return path


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_a_utf16_file_over_64_kib_replays_every_hand(tmp_path: Path, encoding: str) -> None:
    """The first 64 KiB cut at a line's last byte split a UTF-16 character (a traceback before the fix)."""
    path = utf16_history(tmp_path, encoding)
    assert detect(path) is Format.POKERSTARS
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert summary(result.stdout) == "80 ok, 0 mismatch, 0 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported"
    assert result.stdout.splitlines()[79] == (
        f"ok         {path}  #79 [56397717005]  every amount, pot, side pot and the rake match"
    )


def test_broken_utf16_forced_as_pokerstars_is_one_error_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.txt"
    path.write_bytes(b"\xff\xfe" + b"\x00\xd8" * 10)  # a byte-order mark, then lone high surrogates
    result = runner.invoke(app, ["replay", "--format", "pokerstars", str(path)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    [line, _summary] = result.stdout.splitlines()
    # decode() never raises: a broken character reads as U+FFFD, and the reader names the line it cannot read
    assert line.startswith(f"error      {path}  #0  line 1: '\ufffd")
    assert line.endswith("comes before any hand's first line (not a PokerStars hand history?)")


@pytest.mark.parametrize("seed", range(40))
def test_any_bytes_give_hands_or_a_typed_error_never_a_traceback(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    head = rng.choice([b"", b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf", b"PokerStars Hand #1: "])
    size = rng.choice([1, 7, SNIFF_BYTES - 1, SNIFF_BYTES + 1])
    path = tmp_path / "noise.txt"
    path.write_bytes(head + rng.randbytes(size))
    for fmt in Format:
        try:
            items = list(read_hands(path, fmt))
        except PokerroomError as exc:
            assert str(exc).startswith(str(path))
        else:
            assert all(item.path == str(path) for item in items)


def test_an_empty_file_is_one_clear_error_line(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    blank = tmp_path / "blank.phh"
    blank.write_bytes(b"\xef\xbb\xbf \n\r\n\t\n")
    result = runner.invoke(app, ["replay", str(empty), str(blank)])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:2] == [
        f"error      {empty}  #0  cannot read: {empty}: the file is empty",
        f"error      {blank}  #0  cannot read: {blank}: the file is empty",
    ]
    assert summary(result.stdout) == "0 ok, 0 mismatch, 2 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported"


def test_an_archive_is_named_and_a_folder_counts_its_other_files(tmp_path: Path) -> None:
    """Archives given by name are refused as archives; in a folder, upper-case extensions are read and every
    other file (the archives too) is counted in the summary by extension."""
    shutil.copy(EXPORT, tmp_path / "HANDS.TXT")
    shutil.copy(ODD_CHIP, tmp_path / "ODD.PHH")
    with zipfile.ZipFile(tmp_path / "hands.zip", "w") as archive:
        archive.write(EXPORT, "hands.txt")
    (tmp_path / "hands.txt.gz").write_bytes(gzip.compress(EXPORT.read_bytes()))
    (tmp_path / "notes.md").write_text("pot odds\n", encoding="utf-8")
    gz = tmp_path / "hands.txt.gz"
    zipped = tmp_path / "hands.zip"
    named = runner.invoke(app, ["replay", str(zipped), str(gz)])
    assert named.exit_code == 1
    assert named.stdout.splitlines()[:2] == [
        f"error      {zipped}  #0  cannot read: {zipped}: a zip archive: unpack it first",
        f"error      {gz}  #0  cannot read: {gz}: a gzip archive: unpack it first",
    ]
    folder = runner.invoke(app, ["replay", str(tmp_path)])
    assert folder.exit_code == 0, folder.output
    assert [line.split()[:3] for line in folder.stdout.splitlines()[:-1]] == [
        ["ok", str(tmp_path / "HANDS.TXT"), "#0"],
        ["ok", str(tmp_path / "HANDS.TXT"), "#1"],
        ["ok", str(tmp_path / "ODD.PHH"), "#0"],
    ]
    assert summary(folder.stdout) == (
        "3 ok, 0 mismatch, 0 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported "
        "(3 other files skipped: .gz, .md, .zip)"
    )


def sparse(path: Path, head: bytes, size: int) -> Path:
    """A file of ``size`` bytes starting with ``head``, the rest a hole (no disk used)."""
    with open(path, "wb") as f:
        f.write(head)
        f.truncate(size)
    return path


def test_max_size_is_said_in_mib_naming_the_option_and_each_format_has_its_default(tmp_path: Path) -> None:
    first_line = b"PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2011/01/01 0:00:00 ET\n"
    stars_big = sparse(tmp_path / "big.txt", first_line, (64 << 20) + 1)
    phh_big = sparse(tmp_path / "big.phh", b"variant = 'NT'\n", 257 << 20)
    small = sparse(tmp_path / "small.phh", b"variant = 'NT'\n", 90_000_000)  # 85.8 MiB
    result = runner.invoke(app, ["replay", str(stars_big), str(phh_big)])
    assert result.stdout.splitlines()[:2] == [
        f"error      {stars_big}  #0  cannot read: {stars_big} is 64.0 MiB (67,108,865 bytes), over --max-size 64 MiB "
        "(the default for PokerStars text)",
        f"error      {phh_big}  #0  cannot read: {phh_big} is 257.0 MiB, over --max-size 256 MiB (the default for PHH)",
    ]
    given = runner.invoke(app, ["replay", "--max-size", "64", str(small)])
    assert (
        given.stdout.splitlines()[0]
        == f"error      {small}  #0  cannot read: {small} is 85.8 MiB, over --max-size 64 MiB"
    )
    assert os.path.getsize(small) == 90_000_000
