"""The store's migrations (Alembic, :mod:`pokerroom.store.migrations`) and ``pokerroom db``.

A store written by the release before migrations (``fixtures/legacy_store.json``, made once with that release's
own code by ``fixtures/make_legacy_store.py``: hold'em, stud, five-card draw with draws and a draw time-out,
club hold'em carrying odd chips, a raked real-money fixed-limit table with a time-out and disconnect protection
and a void, a hand voided by recovery, a hand left in progress by a crash) is rebuilt on SQLite and PostgreSQL
with that release's DDL, upgraded by ``pokerroom db upgrade`` as an operator would, and checked: every row kept
with its ids and amounts, the ledger balanced, every hand's record read back with the old figures, the hand in
progress recovered with its exact contributions refunded; a second upgrade does nothing; a downgrade gives the
old rows back.  A fresh store has exactly the schema the migrations make.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import MetaData, create_engine, inspect, select, text, update
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.types import DateTime
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.errors import StoreError
from pokerroom.room.journal import replay_journal
from pokerroom.room.record import Status, record_of
from pokerroom.room.record_json import setup_from_json
from pokerroom.room.table import TableConfig
from pokerroom.store import Store, migrations
from pokerroom.store.migrations import hand_records
from pokerroom.store.runner import CRASH_REASON, TableRunner
from storetools import BACKENDS, backend_url, pg_database

FIXTURE = Path(__file__).parent / "fixtures" / "legacy_store.json"
runner = CliRunner()

# The tables whose rows the upgrade must leave exactly as they were (hands and journal are converted).
UNCHANGED = (
    "accounts", "poker_tables", "transactions", "postings", "balances", "hand_players", "table_leases", "protections",
)  # fmt: skip


@cache
def fixture() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def fixture_rows(name: str) -> list[dict[str, Any]]:
    table = fixture()["tables"][name]
    return [dict(zip(table["columns"], row, strict=True)) for row in table["rows"]]


def flat(output: str) -> str:
    for box in "│╭╮╰╯─┃━┏┓┗┛┡┩└┘┌┐├┤┬┴┼":
        output = output.replace(box, " ")
    return " ".join(output.split())


def squashed(output: str) -> str:
    """``output`` without boxes or any white space (Rich wraps long messages anywhere)."""
    return "".join(flat(output).split())


def make_legacy(url: str, *, rows: bool = True) -> None:
    """The database at ``url`` (empty) as the release before migrations left it: its tables made by its own DDL
    (the dialect's statements in the fixture), then, with ``rows``, every row of the fixture."""
    engine = create_engine(url)
    dialect = engine.dialect.name
    try:
        with engine.begin() as conn:
            for statement in fixture()["ddl"][dialect]:
                conn.exec_driver_sql(statement)
            if rows:
                insert_rows(conn)
    finally:
        engine.dispose()


def insert_rows(conn: Connection) -> None:
    tables = MetaData()
    tables.reflect(conn)
    for table in tables.sorted_tables:
        if table.name not in fixture()["tables"]:
            continue
        times = {c.name for c in table.columns if isinstance(c.type, DateTime)}
        rows = [
            {k: datetime.fromisoformat(v) if k in times and v is not None else v for k, v in row.items()}
            for row in fixture_rows(table.name)
        ]
        if rows:
            conn.execute(table.insert(), rows)
        if conn.dialect.name == "postgresql":
            # Rows inserted with their ids: move each serial on past them, as the release's own inserts did.
            for column in table.primary_key.columns:
                if column.autoincrement is True or (column.autoincrement == "auto" and len(table.primary_key) == 1):
                    conn.execute(
                        text(
                            f"SELECT setval(pg_get_serial_sequence('{table.name}', '{column.name}'), "
                            f"(SELECT coalesce(max({column.name}), 1) FROM {table.name}))"
                        )
                    )


def table_rows(url: str, name: str) -> list[dict[str, Any]]:
    """Every row of table ``name`` as the fixture writes rows (times as ISO text), by primary key."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            tables = MetaData()
            tables.reflect(conn, only=[name])
            table = tables.tables[name]
            rows = conn.execute(select(table).order_by(*table.primary_key.columns)).mappings().all()
    finally:
        engine.dispose()
    return [{k: v.isoformat() if isinstance(v, datetime) else v for k, v in row.items()} for row in rows]


def schema(url: str) -> dict[str, Any]:
    """Everything SQLAlchemy's inspector sees of the database at ``url``: per table its columns (type,
    nullability, default, autoincrement), primary key, foreign keys, unique constraints and indexes."""
    engine = create_engine(url)
    try:
        inspector = inspect(engine)
        columns = inspector.get_multi_columns()
        keys = inspector.get_multi_pk_constraint()
        foreign = inspector.get_multi_foreign_keys()
        unique = inspector.get_multi_unique_constraints()
        indexes = inspector.get_multi_indexes()
        out: dict[str, Any] = {}
        for where in sorted(columns, key=lambda w: w[1]):
            out[where[1]] = {
                "columns": [
                    (c["name"], str(c["type"]), c["nullable"], c.get("default"), c.get("autoincrement"))
                    for c in columns[where]
                ],
                "primary_key": keys[where],
                "foreign_keys": sorted(
                    (tuple(f["constrained_columns"]), f["referred_table"], tuple(f["referred_columns"]), f["name"])
                    for f in foreign[where]
                ),
                "unique": sorted((tuple(u["column_names"]), str(u["name"])) for u in unique[where]),
                "indexes": sorted(
                    (str(i["name"]), tuple(str(c) for c in i["column_names"]), bool(i["unique"]))
                    for i in indexes[where]
                ),
            }
        return out
    finally:
        engine.dispose()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def legacy_url(backend: str, tmp_path: Path) -> Iterator[str]:
    """A store of the release before migrations, holding the fixture's rows."""
    with backend_url(backend, tmp_path) as url:
        if backend == "sqlite":
            Path(make_url(url).database or "").touch()
        make_legacy(url)
        yield url


def second_url(backend: str, tmp_path: Path) -> Any:
    """Another empty database on ``backend`` (a context manager)."""
    (tmp_path / "second").mkdir(exist_ok=True)
    return backend_url(backend, tmp_path / "second")


def upgrade_cli(url: str) -> str:
    result = runner.invoke(app, ["db", "upgrade", "--database", url])
    assert result.exit_code == 0, result.output
    return flat(result.output)


# --- the revisions -------------------------------------------------------------------------------------------------


def test_revisions_are_the_scripts_in_order() -> None:
    scripts = ScriptDirectory.from_config(migrations.alembic_config())
    walked = [s.revision for s in scripts.walk_revisions()]
    assert tuple(reversed(walked)) == migrations.REVISIONS
    assert scripts.get_current_head() == migrations.HEAD
    for script in scripts.walk_revisions():
        assert script.module.__doc__ and script.module.upgrade.__doc__ and script.module.downgrade.__doc__


def test_a_fresh_store_has_exactly_the_schema_the_migrations_make(backend: str, tmp_path: Path) -> None:
    with backend_url(backend, tmp_path) as fast, second_url(backend, tmp_path) as slow:
        Store(fast).close()  # an empty database: tables from the schema, stamped at the head
        if backend == "sqlite":
            Path(make_url(slow).database or "").touch()
        out = upgrade_cli(slow)  # every revision, one after the other
        assert f"the store's tables made (beside any others it holds), it is at {migrations.HEAD}" in out
        made, migrated = schema(fast), schema(slow)
        server = {"logins", "sessions", "lobby_tables"}  # revision 0003: the server's, made by the migrations too
        later = {"nights", "night_invites", "roles"}  # revisions 0004 to 0006: the nights, their invites, roles
        later |= {"audit_log", "account_holds", "table_status", "admin_desks"}  # revision 0007: the operators' tools
        assert set(made) == {*(t for t in fixture()["tables"]), *server, *later, migrations.VERSION_TABLE}
        assert made == migrated
        assert table_rows(fast, migrations.VERSION_TABLE) == [{"version_num": migrations.HEAD}]
        assert table_rows(slow, migrations.VERSION_TABLE) == [{"version_num": migrations.HEAD}]
        Store(slow).close()  # at the head: opens


def test_the_baseline_is_the_old_release_schema(backend: str, tmp_path: Path) -> None:
    with backend_url(backend, tmp_path) as old, second_url(backend, tmp_path) as baseline:
        if backend == "sqlite":
            Path(make_url(old).database or "").touch()
        make_legacy(old, rows=False)
        migrations.upgrade(baseline, to=migrations.BASELINE)
        made = schema(baseline)
        assert made.pop(migrations.VERSION_TABLE)
        assert schema(old) == made


# --- the upgrade of a store of the release before migrations ----------------------------------------------------


def test_the_old_release_store_upgrades_with_everything_kept(legacy_url: str, backend: str) -> None:
    shown = migrations.shown_url(legacy_url)
    with pytest.raises(StoreError, match="is from the release before migrations") as refused:
        Store(legacy_url)
    assert f"pokerroom db upgrade --database {shown}" in str(refused.value)
    assert isinstance(refused.value, migrations.SchemaVersionError) and refused.value.revision == migrations.BASELINE

    status = runner.invoke(app, ["db", "status", "--database", legacy_url])
    assert status.exit_code == 0, status.output
    assert "yes: back it up, then run pokerroom db upgrade --database" in flat(status.output)

    out = upgrade_cli(legacy_url)
    assert "written by the release before migrations" in out
    assert f"Upgraded from {migrations.BASELINE} to {migrations.HEAD}" in out
    old_hands = fixture_rows("hands")
    by_status = {s: sum(1 for h in old_hands if h["status"] == s) for s in ("settled", "void", "in_progress")}
    assert by_status == {"settled": 22, "void": 2, "in_progress": 1}
    entries = len(fixture_rows("journal"))
    assert (
        f"Hands converted: {by_status['settled']} complete, {by_status['void']} voided, "
        f"{by_status['in_progress']} incomplete; {entries} journal entries." in out
    )

    # Every account, table, transaction, posting, balance, lease and protection as it was, ids and amounts.
    for name in UNCHANGED:
        assert table_rows(legacy_url, name) == fixture_rows(name), name
    hands = table_rows(legacy_url, "hands")
    assert [(h["id"], h["table_id"], h["number"], h["started_at"], h["ended_at"]) for h in hands] == [
        (h["id"], h["table_id"], h["number"], h["started_at"], h["ended_at"]) for h in old_hands
    ]
    assert [h["status"] for h in hands] == [hand_records.OLD_STATUS[h["status"]].value for h in old_hands]
    assert [(j["hand_id"], j["seq"]) for j in table_rows(legacy_url, "journal")] == [
        (j["hand_id"], j["seq"]) for j in fixture_rows("journal")
    ]

    memos = {t["hand_id"]: t["memo"] for t in fixture_rows("transactions") if t["kind"] == "void"}
    games = {t["id"]: t["game"] for t in fixture_rows("poker_tables")}
    with Store(legacy_url) as store:
        store.check_balanced()
        seen: dict[tuple[str, str], int] = {}
        for old in old_hands:
            record = store.hand_record(old["id"])
            assert record.setup.table_id == old["table_id"] and record.setup.number == old["number"]
            assert record.setup.deck.seed == old["setup"]["seed"]
            assert [[s.seat, s.player, s.stack] for s in record.setup.seats] == old["setup"]["players"]
            key = (games[old["table_id"]], record.status.value)
            seen[key] = seen.get(key, 0) + 1
            if old["status"] == "settled":
                was = old["record"]
                assert record.status is Status.COMPLETE
                assert list(record.contributions) == was["contributions"]
                assert list(record.payouts) == was["payouts"]
                assert list(record.final) == was["final"]
                assert record.rake == was["rake"]
                assert (record.carried_in, record.carried_out) == (was["carried_in"], was["carried_out"])
            elif old["status"] == "void":
                assert record.status is Status.VOIDED and record.reason == memos[old["id"]]
                assert record.payouts == record.contributions and sum(record.contributions) > 0
            else:
                assert record.status is Status.INCOMPLETE and record.result is None
        assert seen == {
            ("holdem", "complete"): 12, ("holdem", "voided"): 2, ("stud", "complete"): 4,
            ("five-card-draw", "complete"): 3, ("five-card-draw", "incomplete"): 1, ("club-holdem", "complete"): 3,
        }  # fmt: skip
        complete = [store.hand_record(h["id"]) for h in old_hands if h["status"] == "settled"]
        assert sum(r.rake for r in complete) > 0 and any(r.carried_out for r in complete)
        assert any(r.carried_in for r in complete) and any(r.setup.rake is not None for r in complete)

        # The hand the crash left in progress: a runner on its table voids it, refunding exactly what was put in.
        (pending,) = store.hands_in_progress()
        setup = setup_from_json(pending.setup)
        hand = replay_journal(pending.setup, store.journal_entries(pending.id), rake=False)
        put = record_of(hand, status=Status.VOIDED, seats=setup.seats).contributions
        assert sum(put) > 0
        accounts = {s.player: store.account_id(s.player) for s in setup.seats}
        before = {name: store.balance(a) + store.stack(pending.table, a) for name, a in accounts.items()}
        store.release_lease(pending.table)  # the crashed server is known to be gone (an operator's step)
        with TableRunner(store, "Draw") as table:
            assert table.recovered == [pending.id]
        voided = store.hand_record(pending.id)
        assert voided.status is Status.VOIDED and voided.reason == CRASH_REASON
        assert voided.contributions == put and voided.payouts == put
        for name, account in accounts.items():  # refunded, then the stack went home: nothing lost, nothing made
            assert store.balance(account) == before[name] and store.stack(pending.table, account) == 0
        store.check_balanced()
        # The table plays on at the new revision.
        with TableRunner(store, "Stud") as stud:
            for seat, name in enumerate(("bob", "carol")):
                stud.sit(seat, name, 100)
            stud.play_hand({"bob": lambda v: None, "carol": lambda v: None}, seed=1)
            stud.stand_all()
        store.check_balanced()


def test_a_second_upgrade_does_nothing(legacy_url: str) -> None:
    upgrade_cli(legacy_url)
    hands, journal = table_rows(legacy_url, "hands"), table_rows(legacy_url, "journal")
    again = upgrade_cli(legacy_url)
    assert f"is at revision {migrations.HEAD} already: nothing to do" in again
    assert table_rows(legacy_url, "hands") == hands and table_rows(legacy_url, "journal") == journal
    status = runner.invoke(app, ["db", "status", "--database", legacy_url])
    assert status.exit_code == 0 and "no: up to date" in flat(status.output)


def test_a_downgrade_gives_the_old_rows_back(legacy_url: str) -> None:
    upgrade_cli(legacy_url)
    upgraded = table_rows(legacy_url, "hands"), table_rows(legacy_url, "journal")
    result = runner.invoke(app, ["db", "downgrade", "--database", legacy_url, "--to", migrations.BASELINE])
    assert result.exit_code == 0, result.output
    assert f"from {migrations.HEAD} to {migrations.BASELINE}" in flat(result.output)
    for name in ("hands", "journal", *UNCHANGED):
        assert table_rows(legacy_url, name) == fixture_rows(name), name
    with pytest.raises(StoreError, match=f"at revision {migrations.BASELINE}; this release needs"):
        Store(legacy_url)
    upgrade_cli(legacy_url)  # and up again: the same rows as the first upgrade wrote
    assert (table_rows(legacy_url, "hands"), table_rows(legacy_url, "journal")) == upgraded


def test_a_hand_that_does_not_replay_stops_the_upgrade_and_nothing_changes(legacy_url: str) -> None:
    settled = next(h for h in fixture_rows("hands") if h["status"] == "settled" and h["record"]["rake"])
    payouts = list(settled["record"]["payouts"])
    payouts[0] += 1  # an old record that the replay does not give
    engine = create_engine(legacy_url)
    with engine.begin() as conn:
        tables = MetaData()
        tables.reflect(conn, only=["hands"])
        hands = tables.tables["hands"]
        record = dict(settled["record"], payouts=payouts)
        conn.execute(update(hands).where(hands.c.id == settled["id"]).values(record=record))
    engine.dispose()
    hands = table_rows(legacy_url, "hands")
    result = runner.invoke(app, ["db", "upgrade", "--database", legacy_url])
    assert result.exit_code == 1, result.output
    out = flat(result.output)
    assert f"hand {settled['id']} (table {settled['table_id']}, number {settled['number']}, status settled)" in out
    assert "its payouts is" in out and "Nothing was changed" in out
    assert table_rows(legacy_url, "hands") == hands
    assert table_rows(legacy_url, "journal") == fixture_rows("journal")
    engine = create_engine(legacy_url)
    with engine.connect() as conn:
        assert migrations.read_state(conn).legacy  # not even stamped: the one transaction was rolled back
    engine.dispose()


def test_a_journal_that_does_not_replay_names_its_hand(legacy_url: str) -> None:
    entry = next(j for j in fixture_rows("journal") if j["entry"]["kind"] == "raise")
    engine = create_engine(legacy_url)
    with engine.begin() as conn:
        tables = MetaData()
        tables.reflect(conn, only=["journal"])
        journal = tables.tables["journal"]
        bad = dict(entry["entry"], amount=10**9)
        where = (journal.c.hand_id == entry["hand_id"], journal.c.seq == entry["seq"])
        conn.execute(update(journal).where(*where).values(entry=bad))
    engine.dispose()
    result = runner.invoke(app, ["db", "upgrade", "--database", legacy_url])
    assert result.exit_code == 1
    assert f"hand {entry['hand_id']} (table" in flat(result.output) and "does not replay" in flat(result.output)
    assert table_rows(legacy_url, "hands") == fixture_rows("hands")


def test_hands_already_in_the_record_forms_are_kept(tmp_path: Path) -> None:
    """A store the hand-record release wrote before it had migrations (no alembic_version) upgrades, its hands
    kept as they are."""
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(url) as store:
        for name in ("ann", "ben"):
            store.create_account(name, deposit=500)
        with TableRunner(store, "t", TableConfig("holdem", stakes="1/2")) as table:
            table.sit(0, "ann", 100)
            table.sit(1, "ben", 100)
            table.play_hand({"ann": lambda v: None, "ben": lambda v: None}, seed=4)
            table.start_hand(seed=5)  # left in progress
        hands = [store.hand_record(h) for h in (1, 2)]
        with store.engine.begin() as conn:
            conn.execute(text(f"DROP TABLE {migrations.VERSION_TABLE}"))
    with pytest.raises(StoreError, match="before migrations"):
        Store(url)
    out = upgrade_cli(url)
    assert "0 complete, 0 voided, 0 incomplete; 0 journal entries; 2 already in that form" in out
    with Store(url) as store:
        assert [store.hand_record(h) for h in (1, 2)] == hands


# --- refusals --------------------------------------------------------------------------------------------------


def test_every_command_refuses_a_database_behind_without_a_traceback(legacy_url: str, backend: str) -> None:
    command = migrations.upgrade_command(legacy_url)
    for args in (
        ["report", "--database", legacy_url, "balance"],
        ["cashier", "deposit", "alice", "5", "--database", legacy_url],
        ["recover", "--database", legacy_url],
        ["simulate", "holdem", "--hands", "2", "--players", "2", "--database", legacy_url],
        ["serve", "--database", legacy_url, "--port", "1"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert isinstance(result.exception, SystemExit), (args, result.exception)
        assert "Traceback" not in result.output
        assert squashed(command) in squashed(result.output), (args, result.output)
        # Every command says the same: which revision the store is at, which this release needs.
        words = f"revision {migrations.BASELINE}; this release needs revision {migrations.HEAD}"
        assert squashed(words) in squashed(result.output), (args, result.output)
        assert "not a pokerroom database" not in result.output
    assert table_rows(legacy_url, "hands") == fixture_rows("hands")


def test_the_password_is_hidden_in_the_refusal() -> None:
    with pg_database() as url:
        secret = make_url(url).set(password="s3cret-pw").render_as_string(hide_password=False)
        make_legacy(url, rows=False)
        with pytest.raises(StoreError) as refused:
            Store(secret)
        message = str(refused.value)
        assert "s3cret-pw" not in message and "***" in message
        assert f"pokerroom db upgrade --database {make_url(secret).render_as_string(hide_password=True)}" in message


def test_a_database_ahead_of_this_release_is_refused(backend: str, tmp_path: Path) -> None:
    with backend_url(backend, tmp_path) as url:
        Store(url).close()
        engine = create_engine(url)
        with engine.begin() as conn:
            conn.execute(text(f"UPDATE {migrations.VERSION_TABLE} SET version_num = '0099_future'"))
        engine.dispose()
        with pytest.raises(migrations.SchemaVersionError, match="a newer pokerroom has upgraded it"):
            Store(url)
        status = runner.invoke(app, ["db", "status", "--database", url])
        assert status.exit_code == 0 and "which this release does not know" in flat(status.output)
        up = runner.invoke(app, ["db", "upgrade", "--database", url])
        assert up.exit_code == 1 and "a newer pokerroom has upgraded it" in flat(up.output)


def test_db_arguments_are_checked(tmp_path: Path) -> None:
    for args, expected in (
        (["db", "status", "--database", "nonsense"], "not a database URL"),
        (["db", "upgrade", "--database", f"sqlite:///{tmp_path / 'missing.db'}"], "no SQLite database at"),
        (["db", "upgrade", "--database", "mysql://u@h/db"], "no driver for mysql"),
        (["db", "downgrade", "--database", f"sqlite:///{tmp_path / 'x.db'}", "--to", "base"], "no revision 'base'"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert expected in flat(result.output), (args, result.output)
    assert not (tmp_path / "missing.db").exists()


def test_an_empty_database(backend: str, tmp_path: Path) -> None:
    with backend_url(backend, tmp_path) as url:
        if backend == "sqlite":
            Path(make_url(url).database or "").touch()
        status = runner.invoke(app, ["db", "status", "--database", url])
        assert status.exit_code == 0 and "empty" in flat(status.output)
        # Several processes opening one new database create it once (the migration lock).
        with ThreadPoolExecutor(4) as pool:
            for store in pool.map(lambda _: Store(url), range(4)):
                store.close()
        assert table_rows(url, migrations.VERSION_TABLE) == [{"version_num": migrations.HEAD}]


# --- revision 0003: the server's tables -------------------------------------------------------------------------


def test_a_server_database_keeps_its_log_ins_and_the_tables_are_made_where_missing(
    legacy_url: str, backend: str
) -> None:
    """A store the release before ran a server on has the server's tables as that server made them: the upgrade
    keeps them and their rows (a player logs in with the old password); a store only ``simulate`` wrote gets
    them made."""
    from pokerroom.server.accounts import Users

    engine = create_engine(legacy_url)
    try:
        with engine.begin() as conn:  # the old server's own create_all, and a player who signed up then
            conn.exec_driver_sql(
                "CREATE TABLE logins (id INTEGER NOT NULL PRIMARY KEY, name VARCHAR(40) NOT NULL UNIQUE, "
                "password VARCHAR(200) NOT NULL, created_at TIMESTAMP NOT NULL)"
            )
            conn.exec_driver_sql(
                "CREATE TABLE sessions (token VARCHAR(64) NOT NULL PRIMARY KEY, name VARCHAR(40) NOT NULL, "
                "expires_at TIMESTAMP NOT NULL)"
            )
        with Store("sqlite://") as scratch:  # the password hash as the server writes it
            users = Users(scratch)
            users.sign_up("olduser", "password1")
            with scratch.engine.connect() as c:
                hashed = c.execute(text("SELECT password FROM logins WHERE name = 'olduser'")).scalar_one()
        with engine.begin() as conn:
            conn.execute(
                text("INSERT INTO logins (id, name, password, created_at) VALUES (1, 'olduser', :p, :t)"),
                {"p": hashed, "t": datetime(2026, 11, 1)},
            )
    finally:
        engine.dispose()
    assert f"to {migrations.HEAD}" in upgrade_cli(legacy_url)
    with Store(legacy_url) as store:
        assert set(inspect(store.engine).get_table_names()) >= {"logins", "sessions", "lobby_tables"}
        assert Users(store).log_in("olduser", "password1")  # the old log-in works
    assert migrations.HEAD == migrations.ADMIN
