"""The starting tables from a TOML file (issue 20, part 4): ``pokerroom serve --tables FILE``, the packaged
defaults, and every refusal naming the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import servertools
from pokerroom.cli import app as cli
from pokerroom.server import STARTER_TABLES
from pokerroom.server.starters import DEFAULT_FILE, Starter, StarterError, parse, read
from servertools import serve

db_fixture = servertools.db_fixture

TWO = """
[[table]]
name = "Club hold'em"
game = "holdem"
stakes = "5/10"
limit = "no"
seats = 9
money = "real"
bots = 2
showdown = "choose"

[[table]]
name = "Stud"
game = "stud"
"""


def test_a_file_of_tables(tmp_path: Path) -> None:
    path = tmp_path / "tables.toml"
    path.write_text(TWO, encoding="utf-8")
    assert read(path) == (
        Starter("Club hold'em", "holdem", "5/10", "no", bots=2, real_money=True, seats=9, auto_showdown=False),
        Starter("Stud", "stud", None, None, bots=0, real_money=False, seats=None),
    )


def test_the_defaults_are_the_packaged_file() -> None:
    """Ten tables, each game of the room; the real-money table has no house bots (the operator's file puts
    them there, never the defaults), every play-money one three."""
    assert read(DEFAULT_FILE) == STARTER_TABLES
    assert len(STARTER_TABLES) == 10
    real = [s for s in STARTER_TABLES if s.real_money]
    assert [(s.name, s.bots) for s in real] == [("Hold'em 2/4 real money", 0)]
    assert {s.bots for s in STARTER_TABLES if not s.real_money} == {3}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[table]]\ngame = 'holdem'", "F: table 1: name is missing; every table has a name and a game"),
        (
            "[[table]]\nname = 'A'\ngame = 'holdem'\nmoney = 'fake'",
            "F: table 1 ('A'): money = 'fake' is not allowed; money is \"play\" or \"real\"",
        ),
        (
            "[[table]]\nname = 'A'\ngame = 'holdem'\nbots = -1",
            "F: table 1 ('A'): bots = -1 is not allowed; bots is a whole number from 0 (none) to 9",
        ),
        (
            "[[table]]\nname = 'A'\ngame = 'holdem'\nseats = 11",
            "F: table 1 ('A'): seats = 11 is not allowed; seats is a whole number from 2 to 10 (left out: the "
            "game's most)",
        ),
        (
            "[[table]]\nname = 'A'\ngame = 'holdem'\nshowdown = 'never'",
            "F: table 1 ('A'): showdown = 'never' is not allowed; showdown is \"auto\" or \"choose\"",
        ),
        (
            "[[table]]\nname = 'A'\ngame = 'holdem'\nseat = 6",
            "F: table 1 ('A'): no field 'seat'; the fields are name, game, stakes, limit, seats, money, bots, "
            "rules, showdown",
        ),
        (
            "[[table]]\nname = 'A'\ngame = 'holdem'\n[[table]]\nname = 'A'\ngame = 'stud'",
            "F: table 2 ('A'): the name is used by an earlier table",
        ),
        (
            "[[table]]\nname = 'Duel'\ngame = 'holdem'\n[[table]]\nname = 'duel'\ngame = 'stud'",
            "F: table 2 ('duel'): the name is used by an earlier table",
        ),
        ("[table]\nname = 'A'", "F: table is a list of [[table]] entries, not a single [table]"),
        ("tables = 1", "F: 'tables' is not allowed at the top; the file holds [[table]] entries only"),
    ],
)
def test_a_bad_entry_is_named(text: str, message: str) -> None:
    with pytest.raises(StarterError) as err:
        parse(text, "F")
    assert str(err.value) == message


def test_settings_are_checked_by_the_lobby(tmp_path: Path) -> None:
    """A game or stakes no table can play with is refused by the lobby's own check, naming the entry."""
    path = tmp_path / "t.toml"
    path.write_text("[[table]]\nname = 'Ok'\ngame = 'holdem'\n[[table]]\nname = 'Nope'\ngame = 'holdem'\n"
                    "limit = 'sideways'\n", encoding="utf-8")  # fmt: skip
    with pytest.raises(StarterError, match=rf"^{path}: table 2 \('Nope'\): .*sideways"):
        read(path)
    path.write_text("[[table]]\nname = 'Two'\ngame = 'holdem'\nseats = 2\nbots = 5\n", encoding="utf-8")
    with pytest.raises(StarterError) as err:
        read(path)
    assert str(err.value) == (
        f"{path}: table 1 ('Two'): a table of 2 seats takes at most 1 house bot (one seat is a person's), not 5"
    )
    path.write_text("[[table]]\nname = 'X'\ngame = 'no-such-game'\n", encoding="utf-8")
    with pytest.raises(StarterError, match=rf"^{path}: table 1 \('X'\): .*no-such-game"):
        read(path)


def test_tables_not_stored_are_created_and_stored_ones_kept(db: str) -> None:
    """Each start creates the file's tables the store has none of; a table already stored keeps its settings
    (a changed entry does not change it) and tables not in the file stay open."""
    first = (Starter("A", "holdem", "1/2", "no", bots=0, seats=2),)
    with serve(db, *first) as client:
        assert [t["name"] for t in client.get("/api/tables").json()] == ["A"]
    second = (Starter("A", "holdem", "5/10", "no", bots=0, seats=2), Starter("B", "stud", None, None, bots=0))
    with serve(db, *second) as client:
        rows = {t["name"]: t for t in client.get("/api/tables").json()}
        assert sorted(rows) == ["A", "B"]
        assert rows["A"]["stakes"] == "blinds 1/2"


def test_serve_refuses_a_bad_file_with_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("[[table]]\nname = 'A'\ngame = 'holdem'\nmoney = 'fake'\n", encoding="utf-8")
    out = CliRunner().invoke(cli, ["serve", "--database", f"sqlite:///{tmp_path / 'r.db'}", "--tables", str(path)])
    assert out.exit_code == 2
    said = " ".join(out.output.replace("│", " ").split())
    assert "Invalid value for --tables:" in said and "table 1 ('A'): money = 'fake' is not allowed" in said
    missing = CliRunner().invoke(cli, ["serve", "--tables", str(tmp_path / "none.toml")])
    assert missing.exit_code == 2 and "cannot read the tables file" in missing.output
