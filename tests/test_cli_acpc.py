"""``pokerroom acpc-dealer`` and ``pokerroom acpc-client`` as whole processes: the ports line first, our clients
finish the match, the SCORE line last, the log and the PHH written and replayed; usage errors exit 2."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.formats.acpc.gamedef import AcpcBetting, competition_game, format_gamedef

CLI = [str(Path(sys.executable).parent / "pokerroom")]  # the console script, as a user runs it


def pokerroom(*args: str, cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([*CLI, *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_match_as_processes(tmp_path: Path) -> None:
    game = tmp_path / "nl2.game"
    game.write_text(format_gamedef(competition_game(2, AcpcBetting.NO_LIMIT)))
    dealer = pokerroom(
        "acpc-dealer", str(game), "Ann", "Ben", "--hands", "25", "--seed", "11", "--name", "m", "--host", "127.0.0.1",
        "-q", cwd=tmp_path,
    )  # fmt: skip
    assert dealer.stdout is not None
    ports = dealer.stdout.readline().split()
    assert len(ports) == 2 and all(p.isdigit() for p in ports)
    clients = [
        pokerroom(
            "acpc-client", "127.0.0.1", ports[0], "--bot", "random", "--seed", "1", "--game", str(game), cwd=tmp_path
        ),
        pokerroom("acpc-client", "127.0.0.1", ports[1], "--bot", "simple", cwd=tmp_path),  # the game inferred
    ]
    out, err = dealer.communicate(timeout=120)
    assert dealer.returncode == 0, err
    score = out.strip().splitlines()[-1]
    assert score.startswith("SCORE:") and score.endswith(":Ann|Ben")
    totals = [float(x) for x in score.split(":")[1].split("|")]
    assert sum(totals) == 0
    for k, c in enumerate(clients):
        _, said = c.communicate(timeout=60)
        assert c.returncode == 0, said
        assert said.strip().splitlines()[-1].startswith("hands 25, actions ")
        assert float(said.split("total ")[-1]) == totals[k]
    assert (tmp_path / "m.log").read_text().splitlines()[-1] == score
    check = subprocess.run(
        [*CLI, "replay", "--game", str(game), "m.log", "m.phhs"], cwd=tmp_path, capture_output=True, text=True
    )
    assert check.returncode == 0, check.stderr
    said = check.stdout + check.stderr
    assert score in said and "SCORE matches the log" in said
    assert "50 hands" in said and "50 ok" in said  # 25 log lines and 25 PHH hands


def test_usage_errors_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    game = tmp_path / "l3.game"
    game.write_text(format_gamedef(competition_game(3, AcpcBetting.LIMIT)))
    (tmp_path / "bad.game").write_text("GAMEDEF\nlimit\nnumPlayers = 11\nEND GAMEDEF\n")
    cases = [
        (["acpc-dealer", str(game), "a", "b"], "the game has 3 seats: give 3 names or none"),
        (["acpc-dealer", "bad.game"], "Invalid value for GAMEFILE: bad.game: the game definition needs numRounds"),
        (["acpc-dealer", str(game), "--port", "12x"], "'12x' is not a port"),
        (["acpc-client", "127.0.0.1", "1", "--bot", "shark"], "shark"),
    ]
    for args, needle in cases:
        run = CliRunner().invoke(app, args)
        assert run.exit_code == 2, (args, run.output)
        assert needle in " ".join(run.output.replace("│", " ").split()), run.output
    assert not (tmp_path / "match.log").exists()  # nothing written for a usage error


def test_a_client_with_no_dealer_fails_naming_the_address() -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    run = CliRunner().invoke(app, ["acpc-client", "127.0.0.1", str(port), "--bot", "calling"])
    assert run.exit_code == 1
    assert f"ERROR: could not connect to 127.0.0.1:{port}" in run.output
