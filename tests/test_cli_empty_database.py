"""An empty database before the first ``serve`` (issue 20, the operator's trial): the commands that write
(``cashier``, ``admin create``) make the store in an existing database with no table at all, on PostgreSQL and in
an empty SQLite file, as ``serve`` does, so the house's bankroll can be funded first (docs/operations.md,
"Deploying"); a SQLite file that is not there stays refused (a typo makes no new room), and so does a database
holding other tables; a report on an empty database says it is empty, not which of the store's tables it lacks."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from tests.storetools import pg_database
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.store import Store, migrations

runner = CliRunner(env={"COLUMNS": "1000"})  # Rich's error box never wraps a long temporary path


def flat(output: str) -> str:
    return " ".join(output.replace("│", " ").split())


def house_deposit(url: str) -> str:
    out = runner.invoke(app, ["cashier", "deposit", "--house", "2000", "--database", url], env={"COLUMNS": "400"})
    assert out.exit_code == 0, out.output
    return out.output


def check_made(url: str) -> None:
    with Store(url) as store:
        assert store.house_balance(real_money=True) == 2000
        with store.reading() as conn:
            assert migrations.read_state(conn).current  # made at the head
        store.check_balanced()


def test_an_empty_postgresql_database_is_made_by_the_first_cashier_deposit() -> None:
    with pg_database() as url:
        refused = runner.invoke(app, ["report", "balance", "--database", url], env={"COLUMNS": "400"})
        assert refused.exit_code == 2
        said = flat(refused.output)
        assert "is empty (no tables): no store yet; pokerroom serve, cashier and admin create make the store" in said
        assert "no table" not in said.replace("no tables", "")  # not a list of the store's twenty tables
        assert house_deposit(url) == "house bankroll house:real: deposited 2000; balance 2000\n"
        check_made(url)


def test_an_empty_sqlite_file_is_made_and_a_missing_one_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    house_deposit(f"sqlite:///{empty}")
    check_made(f"sqlite:///{empty}")
    missing = tmp_path / "typo.db"
    out = runner.invoke(app, ["cashier", "deposit", "--house", "2000", "--database", f"sqlite:///{missing}"])
    assert out.exit_code == 2 and f"no SQLite database at '{missing}'" in flat(out.output)
    assert not missing.exists()


@pytest.mark.parametrize("command", [["cashier", "deposit", "--house", "5"], ["admin", "list"]])
def test_a_database_holding_other_tables_stays_refused(tmp_path: Path, command: list[str]) -> None:
    other = tmp_path / "other.db"
    engine = create_engine(f"sqlite:///{other}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE invoices (id INTEGER PRIMARY KEY)"))
    engine.dispose()
    out = runner.invoke(app, [*command, "--database", f"sqlite:///{other}"], env={"COLUMNS": "400"})
    assert out.exit_code == 2 and "not a pokerroom database" in flat(out.output)
    engine = create_engine(f"sqlite:///{other}")
    with engine.connect() as conn:
        names = [r[0] for r in conn.execute(text("SELECT name FROM sqlite_master WHERE type = 'table'"))]
    engine.dispose()
    assert names == ["invoices"]  # nothing made
