"""``pokerroom report``: rake by table and by day, a bot's history and the ledger's balance by currency, read from
a store that a short ``pokerroom simulate --real-money`` filled (RULES §3.10), and small crafted stores."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import select, update
from sqlalchemy.exc import OperationalError
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.store import Store
from pokerroom.store.schema import accounts, balances, metadata

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
    with Store(database) as store, store.engine.connect() as conn:
        # simulate names each bot's account after its table: simulate-holdem-XXXXXXXX-calling-1
        (name,) = [str(n) for (n,) in conn.execute(select(accounts.c.name)) if str(n).endswith("-calling-1")]
        account = store.account_id(name)
        rows = store.account_history(account)
        held = store.balance(account)
    assert re.fullmatch(r"simulate-holdem-[0-9a-f]{8}-calling-1", name)
    result = runner.invoke(app, ["report", "--database", database, "history", name])
    assert result.exit_code == 0, result.output
    text = plain(result.output)
    assert f"Historyofaccount{account}({name})" in squashed(result.output)  # a long title may be wrapped
    assert f"{len(rows)} postings; holdings now {held} chips." in text
    for kind in ("deposit", "buy_in", "settle", "cash_out"):
        assert kind in text
    last = runner.invoke(app, ["report", "--database", database, "history", str(account), "--last", "3"])
    assert last.exit_code == 0, last.output
    assert "(the last 3 shown)" in last.output
    unknown = runner.invoke(app, ["report", "--database", database, "history", "nobody"])
    assert unknown.exit_code == 2 and "no account named 'nobody'" in plain(unknown.output)


def test_balance_per_currency_passes_then_fails_on_a_tampered_ledger(database: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", "--database", database, "balance"])
    assert result.exit_code == 0, result.output
    with Store(database) as store:
        total = store.total()
        rake = sum(r.rake for r in store.rake_report())
        stacks = sum(store.stacks(t).get(a, 0) for t, _n, _g in store.tables() for a in range(1, 10))
    text = plain(result.output)
    # simulate --real-money: every chip is real money (its bots are people to the ledger: no house bots there).
    owed = total - rake
    assert stacks == 0 and rake > 0
    assert f"Real money Book Chips owed to players: their accounts {owed} " in text
    assert f"owed to players {owed} house bankroll (house:real) 0 house bots' chips (accounts and stacks) 0 " in text
    assert f"rake taken by the house {rake} " in text
    assert f"in the room {total} cashier (the outside world) -{total} balances yes" in text
    assert "Play chips Book Chips owed to players: their accounts 0 " in text
    assert f"Real money: the room owes players {owed} chips." in text
    assert "Play chips: the room owes players 0 chips." in text
    assert "The ledger balances: every transaction sums to zero, in one currency" in text
    as_json = runner.invoke(app, ["report", "--database", database, "balance", "--json"])
    assert as_json.exit_code == 0, as_json.output
    figures = json.loads(as_json.output)
    assert figures["balanced"] is True and figures["problems"] == []
    assert figures["currencies"]["real"]["owed_to_players"] == owed
    assert figures["currencies"]["real"]["cashier"] == -total and figures["currencies"]["play"]["in_room"] == 0
    # A copy with one balance row changed behind the ledger's back.
    copy = tmp_path / "tampered.db"
    copy.write_bytes(Path(database.removeprefix("sqlite:///")).read_bytes())
    url = f"sqlite:///{copy}"
    with Store(url) as store, store.engine.begin() as conn:
        conn.execute(update(balances).where(balances.c.book == "rake").values(balance=balances.c.balance + 1))
    tampered = runner.invoke(app, ["report", "--database", url, "balance"])
    assert tampered.exit_code == 1, tampered.output
    assert "the ledger does not balance" in plain(tampered.output)
    assert f"real money: {total + 1} chips in the room but the cashier's side is -{total} (they differ by 1)" in (
        plain(tampered.output)
    )
    assert runner.invoke(app, ["report", "--database", url, "balance", "--json"]).exit_code == 1


def test_house_money_and_play_chips_apart_in_the_balance(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(url) as store:
        store.create_account("ann", deposit=1_250)
        store.create_account("play:ann", deposit=10_000)
        store.house_deposit(40_000, real_money=True)
        bot = store.create_account("bot-1-1")
        store.fund_from_house(bot, 400, real_money=True, memo="house bankroll to bot-1-1")
    result = runner.invoke(app, ["report", "--database", url, "balance"])
    assert result.exit_code == 0, result.output
    text = plain(result.output)
    assert "Real money: the room owes players 1250 chips." in text
    assert "Play chips: the room owes players 10000 chips." in text
    assert "house bankroll (house:real) 39600 house bots' chips (accounts and stacks) 400 " in text
    assert "in the room 41250 cashier (the outside world) -41250 balances yes" in text
    assert "in the room 10000 cashier (the outside world) -10000 balances yes" in text


def test_rake_apart_from_play_money_and_history_in_whole_lines(tmp_path: Path) -> None:
    """Rake at real-money tables only in the totals (play-money rake, never taken under the rules, shown apart
    and labelled); the history shows the table's hand number as the memo does, beside the store's id, and
    piped to a file keeps each line whole."""
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(url) as store:
        real = store.create_table("Real one", game="holdem", config={"real_money": True})
        play = store.create_table("Play one", game="holdem", config={})
        a = store.create_account("a-player-with-a-long-name-for-the-memo-column", deposit=500)
        b = store.create_account("b", deposit=500)
        for table in (real, play):
            store.buy_in(table, a, 100)
            store.buy_in(table, b, 100)
        for number in (1, 2):
            store.begin_hand(play, number, setup={})  # hands 1, 2 at the play table: ids 1 and 2
        hand = store.begin_hand(real, 1, setup={})
        store.settle_hand(hand, contributions={a: 10, b: 10}, payouts={a: 17}, rake=3)
        played = store.begin_hand(play, 3, setup={})
        store.settle_hand(played, contributions={a: 5, b: 5}, payouts={b: 9}, rake=1)
    result = runner.invoke(app, ["report", "--database", url, "rake"])
    assert result.exit_code == 0, result.output
    text = plain(result.output)
    assert f"Rake by table: real-money tables Table Name Hands raked Rake (chips) {real} Real one 1 3 Total 1 3" in text
    assert f"Play-money rake by table (not in the totals) Table Name Hands raked Rake (chips) {play} Play one 1 1" in (
        text
    )
    by_day = plain(runner.invoke(app, ["report", "--database", url, "rake", "--by", "day"]).output)
    assert re.search(r"real-money tables Day \(UTC\) Hands raked Rake \(chips\) \d{4}-\d\d-\d\d 1 3 Total 1 3", by_day)
    history = runner.invoke(app, ["report", "--database", url, "history", "b"])
    assert history.exit_code == 0, history.output
    lines = history.output.splitlines()
    (settled,) = [line for line in lines if "hand 1 settled" in line]
    assert f"table {real}" in settled and f"hand 1 (id {hand})" in settled and "-10" in settled
    put, won = [line for line in lines if "hand 3 settled" in line]
    assert f"hand 3 (id {played})" in put and "-5" in put and f"hand 3 (id {played})" in won and "+9" in won
    long = runner.invoke(app, ["report", "--database", url, "history", "a-player-with-a-long-name-for-the-memo-column"])
    assert any(len(line) > 80 and "hand 1 settled" in line for line in long.output.splitlines())


def test_a_missing_database_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", "--database", f"sqlite:///{tmp_path / 'none.db'}", "balance"])
    assert result.exit_code == 2
    assert "no SQLite database at" in plain(result.output)
    assert not (tmp_path / "none.db").exists()


# ---------------------------------------------------------------------------------------------- not pokerroom's


REPORTS = [["balance"], ["history", "X"], ["rake"], ["rake", "--by", "day"], ["pairs", "--since", "2024-01-01"]]


def tables_of(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return sorted(name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
    finally:
        conn.close()


def squashed(output: str) -> str:
    """The output without Rich's borders and without any whitespace (a long path may be wrapped)."""
    return "".join(plain(output).split())


@pytest.mark.parametrize("report", REPORTS)
def test_a_foreign_sqlite_file_is_refused_and_left_alone(tmp_path: Path, report: list[str]) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE balances (key TEXT PRIMARY KEY, balance INTEGER)")
    conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
    conn.commit()
    conn.close()
    before, size = tables_of(path), path.stat().st_size
    result = runner.invoke(app, ["report", "--database", f"sqlite:///{path}", *report])
    # Was: OperationalError: no such column: balances.book (balance, history), an empty report (rake), and
    # pokerroom's tables written into the file.
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "notapokerroomdatabase" in squashed(result.output) and str(path) in squashed(result.output)
    assert "tablebalanceslacksthecolumnsbook,table_id,account_id" in squashed(result.output)
    assert tables_of(path) == before and path.stat().st_size == size  # no table created, nothing written


@pytest.mark.parametrize("report", REPORTS)
def test_an_empty_or_garbage_file_is_refused(tmp_path: Path, report: list[str]) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    result = runner.invoke(app, ["report", "--database", f"sqlite:///{empty}", *report])
    assert result.exit_code == 2, result.output  # was: accepted, and filled with pokerroom's tables
    assert f"thedatabaseatsqlite:///{empty}isempty(notables):nostoreyet;pokerroomserve,cashierandadmincreate" in (
        squashed(result.output)
    )  # said empty, not a list of the store's tables it lacks
    assert empty.stat().st_size == 0
    garbage = tmp_path / "notes.db"
    garbage.write_text("not a database\n" * 200)
    result = runner.invoke(app, ["report", "--database", f"sqlite:///{garbage}", *report])
    assert result.exit_code == 2, result.output
    assert "notapokerroomdatabase" in squashed(result.output) and "fileisnotadatabase" in squashed(result.output)


def test_a_store_missing_some_tables_is_refused_not_completed(database: str, tmp_path: Path) -> None:
    copy = tmp_path / "partial.db"
    copy.write_bytes(Path(database.removeprefix("sqlite:///")).read_bytes())
    last = metadata.sorted_tables[-1].name
    conn = sqlite3.connect(copy)
    conn.execute("PRAGMA foreign_keys=OFF")
    conn.execute(f"DROP TABLE {last}")
    conn.commit()
    conn.close()
    result = runner.invoke(app, ["report", "--database", f"sqlite:///{copy}", "balance"])
    assert result.exit_code == 2, result.output
    assert f"notable{last}" in squashed(result.output)
    assert last not in tables_of(copy)  # a report never creates a table


@pytest.mark.parametrize("report", REPORTS)
def test_a_database_without_a_driver_exits_2(report: list[str]) -> None:
    result = runner.invoke(app, ["report", "--database", "mysql://u:secret@db.example/room", *report])
    assert result.exit_code == 2, result.output  # was: ModuleNotFoundError: No module named 'MySQLdb'
    assert "no driver for mysql; pokerroom supports sqlite and postgresql (postgresql+psycopg)" in plain(result.output)
    assert "secret" not in result.output


def test_a_database_error_while_reading_is_refused_not_raised(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(self: Store) -> int:
        raise OperationalError("SELECT ...", {}, Exception("disk I/O error"))

    monkeypatch.setattr(Store, "currency_books", failing)
    result = runner.invoke(app, ["report", "--database", database, "balance"])
    assert result.exit_code == 2, result.output
    assert "cannot read the store" in plain(result.output) and "disk I/O error" in plain(result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_the_database_is_taken_after_the_subcommand_too_and_wins_there(database: str, tmp_path: Path) -> None:
    missing = f"sqlite:///{tmp_path / 'missing.db'}"
    after = runner.invoke(app, ["report", "balance", "--database", database])
    assert after.exit_code == 0, after.output
    both = runner.invoke(app, ["report", "--database", missing, "balance", "--database", database])
    assert both.exit_code == 0 and both.output == after.output
    wrong = runner.invoke(app, ["report", "--database", database, "balance", "--database", missing])
    assert wrong.exit_code == 2 and "no SQLite database at" in plain(wrong.output)
    for command in ("rake", "history", "balance", "pairs"):
        shown = plain(runner.invoke(app, ["report", command, "--help"], env={"COLUMNS": "200"}).output)
        assert "--database" in shown and "it wins over one given before it" in shown, command
    group = plain(runner.invoke(app, ["report", "--help"], env={"COLUMNS": "200"}).output)
    assert "--database goes before the subcommand or after it (after it wins)" in group


def test_a_piped_history_pads_no_line_past_its_text(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(url) as store:
        table = store.create_table("Main", game="holdem", config={})
        a = store.create_account("a", deposit=500)
        store.create_account("b", deposit=500)
        store.buy_in(table, a, 100)
        hand = store.begin_hand(table, 1, setup={})
        store.void_hand(hand, contributions={a: 10}, reason="voided by operator opal: " + "a long reason " * 10)
    out = runner.invoke(app, ["report", "--database", url, "history", "a"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert all(line == line.rstrip() for line in lines)
    (deposit,) = [line for line in lines if "deposit" in line]
    assert len(deposit) < 100  # the long memo of another row pads it not at all
    assert any(line.endswith("a long reason a long reason") for line in lines)  # never cut
