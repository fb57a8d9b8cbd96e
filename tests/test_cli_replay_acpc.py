"""``pokerroom replay`` of ACPC dealer logs (docs/cli.md "pokerroom replay", docs/acpc.md): each ``STATE`` line a
hand replayed through the engine and compared with the log's outcomes, then our ``SCORE`` line and whether it
matches the log's; a log found by content needs ``--game``; the JSON Lines shape."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokerroom.cli import app
from test_formats_acpc import LIMIT_2P  # the heads-up limit game file both test files play

runner = CliRunner()


# Reverse blinds: position 0 posts the big blind (10), position 1 the small (5) and acts first preflop.
HANDS = [
    "STATE:0:cc/cc/cc/cc:AsAh|KsKh/2c7d9h/Tc/3s:10|-10:Alice|Bob",  # aces win a checked-down pot of 20
    "STATE:1:rf:QdJd|8c8s:-10|10:Bob|Alice",  # Alice raises from the small blind, Bob's big blind folds
    "STATE:2:f:2c3d|4h5h:5|-5:Alice|Bob",  # Bob folds his small blind
]
LOG = "# name/game/hands/seed Alice-Bob holdem.limit.2p 3 0\n" + "\n".join(HANDS) + "\nSCORE:25|-25:Alice|Bob\n"


def write(tmp_path: Path, log: str) -> tuple[Path, Path]:
    game = tmp_path / "holdem.limit.2p.game"
    game.write_text(LIMIT_2P)
    path = tmp_path / "match.log"
    path.write_text(log)
    return path, game


def test_a_log_replays_hand_by_hand_and_its_score_matches(tmp_path: Path) -> None:
    path, game = write(tmp_path, LOG)
    result = runner.invoke(app, ["replay", "--format", "ACPC", "--game", str(game), str(path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:5] == [
        f"ok         {path}  #0 [0]  outcomes match",
        f"ok         {path}  #1 [1]  outcomes match",
        f"ok         {path}  #2 [2]  outcomes match",
        "SCORE:25|-25:Alice|Bob",
        "SCORE matches the log",
    ]
    assert lines[5].startswith("3 hands in ")
    assert lines[5].endswith(": 3 ok, 0 mismatch, 0 error, 0 unchecked, 0 incomplete, 0 rake, 0 unsupported")


def test_a_log_is_found_by_content_and_needs_the_game(tmp_path: Path) -> None:
    path, game = write(tmp_path, LOG)
    found = runner.invoke(app, ["replay", "--game", str(game), str(path)])
    assert found.exit_code == 0, found.output
    assert found.stdout.splitlines()[3] == "SCORE:25|-25:Alice|Bob"
    bare = runner.invoke(app, ["replay", str(path)])
    assert bare.exit_code == 2
    words = " ".join(bare.output.replace("│", " ").split())
    assert "is an ACPC dealer log: pass --game GAMEFILE" in words
    forced = runner.invoke(app, ["replay", "--format", "acpc", str(path)])
    assert forced.exit_code == 2
    assert "pass --game GAMEFILE" in " ".join(forced.output.replace("│", " ").split())


def test_a_wrong_outcome_is_a_mismatch_naming_the_position(tmp_path: Path) -> None:
    # Hand 1 again with the outcomes swapped: the log says Bob's folded big blind won 10.
    log = LOG.replace("-10|10:Bob|Alice", "10|-10:Bob|Alice").replace("SCORE:25|-25", "SCORE:5|-5")
    path, game = write(tmp_path, log)
    result = runner.invoke(app, ["replay", "--game", str(game), str(path)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[1] == f"mismatch   {path}  #1 [1]  p1 (Bob): the log's outcome 10, the rules give -10"
    # Our SCORE comes from our replay, not the log: Alice 10 + 10 + 5.
    assert lines[3:5] == ["SCORE:25|-25:Alice|Bob", "SCORE differs from the log's: SCORE:5|-5:Alice|Bob"]


def test_a_wrong_score_line_differs_and_fails(tmp_path: Path) -> None:
    path, game = write(tmp_path, LOG.replace("SCORE:25|-25", "SCORE:30|-30"))
    result = runner.invoke(app, ["replay", "--game", str(game), str(path)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines[:3]] == ["ok", "ok", "ok"]
    assert lines[3:5] == ["SCORE:25|-25:Alice|Bob", "SCORE differs from the log's: SCORE:30|-30:Alice|Bob"]


def test_json_lines_on_stdout_and_the_score_on_stderr(tmp_path: Path) -> None:
    path, game = write(tmp_path, LOG)
    result = runner.invoke(app, ["replay", "--json", "--game", str(game), str(path)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 3
    assert records[1] == {
        "path": str(path), "index": 1, "label": "1", "status": "ok", "expected": [-10, 10], "computed": [-10, 10],
        "allowed": None, "message": "outcomes match", "winnings": None, "computed_winnings": None,
        "players": ["Bob", "Alice"],
    }  # fmt: skip
    err = result.stderr.splitlines()
    assert err[:2] == ["SCORE:25|-25:Alice|Bob", "SCORE matches the log"]
    assert err[2].startswith("3 hands in ")


def test_a_bad_line_and_an_unsupported_game(tmp_path: Path) -> None:
    path, game = write(tmp_path, LOG.replace("STATE:2:f:2c3d|4h5h", "STATE:2:f:2c3d|4h5"))
    result = runner.invoke(app, ["replay", "--game", str(game), str(path)])
    assert result.exit_code == 1
    line = result.stdout.splitlines()[2]
    assert line.startswith(f"error      {path}  #2 [2]  line 4: ")
    kuhn = tmp_path / "kuhn.game"
    kuhn.write_text(LIMIT_2P.replace("numSuits = 4", "numSuits = 1"))
    unsupported = runner.invoke(app, ["replay", "--game", str(kuhn), str(path)])
    # The game is checked once a line is read: the broken line stays an error.
    assert [line.split()[0] for line in unsupported.stdout.splitlines()[:3]] == ["unsupported", "unsupported", "error"]
    bad_game = tmp_path / "bad.game"
    bad_game.write_text("GAMEDEF\nlimit\nnumPlayers = 11\nEND GAMEDEF\n")
    assert runner.invoke(app, ["replay", "--game", str(bad_game), str(path)]).exit_code == 2
