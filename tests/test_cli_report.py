"""``pokerroom report``: rake by table and by day, a bot's history and the ledger's balance, read from a store that
a short ``pokerroom simulate --real-money`` filled (RULES §3.10)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlalchemy import update
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.store import Store
from pokerroom.store.schema import balances

runner = CliRunner()


def plain(output: str) -> str:
    """The output with Rich's box characters gone and whitespace collapsed."""
    for box in "│┃┏┓┗┛┡┩└┘┳┻╇╈━─┯┷╭╮╰╯":
        output = output.replace(box, " ")
    return " ".join(output.split())


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('report') / 'room.db'}"
    args = ["simulate", "holdem", "--players", "3", "--hands", "60", "--seed", "7", "--real-money"]
    result = runner.invoke(app, [*args, "--bots", "calling,random", "--database", url])
    assert result.exit_code == 0, result.output
    return url


def test_rake_by_table_and_by_day(database: str) -> None:
    with Store(database) as store:
        rows = store.rake_report()
    assert len(rows) == 1 and rows[0].rake > 0
    result = runner.invoke(app, ["report", "--database", database, "rake"])
    assert result.exit_code == 0, result.output
    text = plain(result.output)
    assert "Rake by table" in text and rows[0].name in text
    assert f"{rows[0].table} {rows[0].name} {rows[0].hands} {rows[0].rake}" in text
    assert f"Total {rows[0].hands} {rows[0].rake}" in text
    by_day = runner.invoke(app, ["report", "--database", database, "rake", "--by", "day"])
    assert by_day.exit_code == 0, by_day.output
    assert re.search(rf"\d{{4}}-\d\d-\d\d {rows[0].hands} {rows[0].rake}", plain(by_day.output))
    bad = runner.invoke(app, ["report", "--database", database, "rake", "--by", "week"])
    assert bad.exit_code == 2 and "table" in bad.output and "day" in bad.output


def test_history_of_a_bot(database: str) -> None:
    with Store(database) as store:
        account = store.account_id("calling-1")
        rows = store.account_history(account)
        held = store.balance(account)
    result = runner.invoke(app, ["report", "--database", database, "history", "calling-1"])
    assert result.exit_code == 0, result.output
    text = plain(result.output)
    assert f"History of account {account} (calling-1)" in text
    assert f"{len(rows)} postings; holdings now {held} chips." in text
    for kind in ("deposit", "buy_in", "settle", "cash_out"):
        assert kind in text
    last = runner.invoke(app, ["report", "--database", database, "history", str(account), "--last", "3"])
    assert last.exit_code == 0, last.output
    assert "(the last 3 shown)" in last.output
    unknown = runner.invoke(app, ["report", "--database", database, "history", "nobody"])
    assert unknown.exit_code == 2 and "no account named 'nobody'" in plain(unknown.output)


def test_balance_passes_then_fails_on_a_tampered_ledger(database: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", "--database", database, "balance"])
    assert result.exit_code == 0, result.output
    with Store(database) as store:
        total = store.total()
    text = plain(result.output)
    assert f"In the room {total}" in text and f"cashier (the outside world) -{total}" in text
    assert f"The ledger balances: every transaction sums to zero; {total} chips in the room." in text
    # A copy with one balance row changed behind the ledger's back.
    copy = tmp_path / "tampered.db"
    copy.write_bytes(Path(database.removeprefix("sqlite:///")).read_bytes())
    url = f"sqlite:///{copy}"
    with Store(url) as store, store.engine.begin() as conn:
        conn.execute(update(balances).where(balances.c.book == "rake").values(balance=balances.c.balance + 1))
    tampered = runner.invoke(app, ["report", "--database", url, "balance"])
    assert tampered.exit_code == 1, tampered.output
    assert "the ledger does not balance" in plain(tampered.output)


def test_a_missing_database_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", "--database", f"sqlite:///{tmp_path / 'none.db'}", "balance"])
    assert result.exit_code == 2
    assert "no SQLite database at" in plain(result.output)
    assert not (tmp_path / "none.db").exists()
