"""The command line imports a command's module only when that command runs (pokerroom.cli.lazy): ``--help`` and
``games`` start without the heavy libraries, every command of the table still runs and prints its own help, the
one-line helps the group lists are the commands' own, and a mistyped command is refused with a suggestion."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from pokerroom.cli import COMMANDS, app

runner = CliRunner()

HEAVY = ("numpy", "numba", "fastapi", "sqlalchemy", "dask", "uvicorn", "pokerroom.engine", "pokerroom.store")

PROBE = """
import json, sys
from pokerroom.cli import main
heavy = sys.argv[1].split(",")
sys.argv = ["pokerroom", *sys.argv[2:]]
try:
    main()
except SystemExit as stop:
    code = stop.code
print(json.dumps({"code": code, "loaded": sorted(m for m in heavy if m in sys.modules)}), file=sys.stderr)
"""


def _loaded(*args: str) -> tuple[int, list[str]]:
    command = [sys.executable, "-c", PROBE, ",".join(HEAVY), *args]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return report["code"], report["loaded"]


@pytest.mark.parametrize("args", [("--help",), ("games",), ()])
def test_help_and_games_import_nothing_heavy(args: tuple[str, ...]) -> None:
    code, loaded = _loaded(*args)
    assert code in (0, None, 2)  # no arguments prints the help and exits 2 (Click's no_args_is_help)
    assert loaded == []


def test_a_command_imports_what_it_needs_only_when_run() -> None:
    code, loaded = _loaded("rank", "AsKsQsJsTs")
    assert code in (0, None)
    assert "fastapi" not in loaded and "sqlalchemy" not in loaded


def test_a_piped_replay_never_loads_rich(tmp_path: object) -> None:
    """Rich's console is for a terminal: a replay whose output is piped writes its lines and summary plainly."""
    import pathlib

    folder = pathlib.Path(str(tmp_path))
    (folder / "a.phh").write_text(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 200]\nactions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p2 f']\n"
        "finishing_stacks = [201, 199]\n"
    )
    command = [sys.executable, "-c", PROBE, "rich,rich.console", "replay", str(folder / "a.phh")]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert report == {"code": 0, "loaded": []}
    line, summary = done.stdout.splitlines()
    assert line == f"ok         {folder / 'a.phh'}  #0  final stacks match"
    assert summary.startswith("1 hand in ")
    assert summary.endswith(" hands/s): 1 ok, 0 mismatch, 0 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported")


def test_a_piped_replay_writes_names_as_they_are_and_survives_a_closed_stream(tmp_path: object) -> None:
    """No emoji codes read into a name (Rich made ``:100:`` an emoji), and a closed stderr takes the summary
    silently, as Rich's console did (exit 0 with a good hand, not a traceback)."""
    import pathlib

    script = str(pathlib.Path(sys.executable).parent / "pokerroom")
    folder = pathlib.Path(str(tmp_path)) / "hands:100:day"
    folder.mkdir()
    (folder / "notes.md").write_text("x")
    empty = subprocess.run([script, "replay", str(folder)], capture_output=True, text=True, check=False)
    assert empty.returncode == 1
    assert empty.stderr == f"warning: no hand histories (.phh, .phhs, .txt files) under {folder}\n"
    assert empty.stdout.endswith(" 0 rake, 0 unsupported (1 other file skipped: .md)\n")
    (folder / "a.phh").write_text(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 200]\nactions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p2 f']\n"
        "finishing_stacks = [201, 199]\n"
    )
    closed = subprocess.run(
        ["sh", "-c", 'exec "$0" replay --json "$1" 2>&-', script, str(folder)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert closed.returncode == 0, closed.stderr
    assert json.loads(closed.stdout)["status"] == "ok"


@pytest.mark.parametrize("entry", COMMANDS, ids=[c.name for c in COMMANDS])
def test_each_listed_help_is_the_commands_own(entry: object) -> None:
    from pokerroom.cli.lazy import LazyCommand

    assert isinstance(entry, LazyCommand)
    real = entry.load()
    own = " ".join((real.help or "").split())
    assert own.startswith(entry.short_help.rstrip(".;")), (entry.name, own)
    result = runner.invoke(app, [entry.name, "--help"])
    assert result.exit_code == 0, result.output
    assert f"pokerroom {entry.name}" in result.output


def test_the_group_lists_every_command_once() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    names = [c.name for c in COMMANDS]
    assert len(set(names)) == len(names)
    for name in names:
        assert f" {name} " in result.output


def test_a_mistyped_command_is_refused_with_a_suggestion() -> None:
    result = runner.invoke(app, ["gmes"])
    assert result.exit_code == 2
    assert "No such command 'gmes'" in result.output
    assert "Did you mean 'games'?" in result.output
