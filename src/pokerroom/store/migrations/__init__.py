"""The store's schema and stored data under Alembic migrations, driven from Python (no ``alembic.ini``).

Every change to the store's tables or to the form of what they hold is a revision in ``versions/`` beside this
module (its Alembic environment is ``env.py``); the database's revision is the one row of ``alembic_version``.

Revisions, oldest first (:data:`REVISIONS`; :data:`HEAD` is the newest):

* ``0001_baseline`` (:data:`BASELINE`): the ten tables of the release before migrations (commit e9263e5), column
  for column (:mod:`pokerroom.store.migrations.baseline`);
* ``0002_hand_records`` (:data:`HAND_RECORDS`): no column changes; the stored hands converted to the hand
  record's forms: ``hands.status`` ``in_progress``/``settled``/``void`` -> ``incomplete``/``complete``/``voided``,
  ``hands.setup`` -> :func:`~pokerroom.room.record_json.setup_json`, ``journal.entry`` ->
  :func:`~pokerroom.room.decisions.decision_json`, ``hands.record`` -> :func:`~pokerroom.room.record_json.record_json`
  for complete and voided hands, each checked by replaying the hand (:mod:`pokerroom.store.migrations.hand_records`);
* ``0003_server_tables`` (:data:`SERVER_TABLES`): the server's ``logins``, ``sessions`` and ``lobby_tables``, which
  the server made itself before, created where missing;
* ``0004_nights`` (:data:`NIGHTS`): the club's game nights (``nights``), kept as they are played;
* ``0005_night_invites`` (:data:`NIGHT_INVITES`): the invitations to nights hosted in the browser
  (``night_invites``);
* ``0006_roles`` (:data:`ROLES`): the server's roles (``roles``: operators, who moderate the table chat).
* ``0007_admin`` (:data:`ADMIN`): the operators' tools (``audit_log``, ``account_holds``, ``table_status``,
  ``admin_desks``).

A database is in one of these states (:func:`read_state`, :class:`DatabaseState`):

* empty: none of the store's tables and no revision.  :class:`~pokerroom.store.Store` creates it at the head (the
  tables of :mod:`pokerroom.store.schema` and ``alembic_version`` stamped :data:`HEAD`, in one transaction: as
  fast as before migrations; the tests prove it is the schema the migrations make); :func:`upgrade` runs every
  revision instead;
* from the release before migrations: the store's tables but no revision.  Taken as :data:`BASELINE` by
  :func:`upgrade`, once its tables are checked against the baseline's columns (tables that release had not yet
  made are created, as it did itself when it opened a store);
* behind: at a revision older than :data:`HEAD`; current: at :data:`HEAD`; ahead: at a revision this release
  does not know (a newer pokerroom upgraded it).

:func:`prepare` is the store's open path: a current database opens, an empty one is created at the head, any
other raises :class:`SchemaVersionError` saying where the database is and the command to run
(:func:`upgrade_command`: ``pokerroom db upgrade --database URL``, password hidden).  :func:`upgrade` and
:func:`downgrade` run in one database transaction with everything they write (PostgreSQL and SQLite both
roll DDL back), holding PostgreSQL's advisory lock :data:`LOCK_KEY` (SQLite: the write lock), so a failure
leaves the database exactly as it was.  The ``pokerroom db`` command (:mod:`pokerroom.cli.db`) drives them.

A new revision: ``alembic.command.revision(alembic_config(), "what changes", rev_id="0003_...")`` writes
``versions/v0003_....py`` from ``script.py.mako``; add it to :data:`REVISIONS` (a test checks the two agree), and
keep :mod:`pokerroom.store.schema` equal to what the revisions make (a test compares them on SQLite and
PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Column, Engine, MetaData, PrimaryKeyConstraint, String, Table, inspect, select, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import ArgumentError

from pokerroom.errors import StoreError
from pokerroom.store.connect import WRITE, make_engine
from pokerroom.store.migrations.baseline import baseline_metadata
from pokerroom.store.schema import metadata

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = [
    "ADMIN",
    "BASELINE",
    "HAND_RECORDS",
    "HEAD",
    "LOCK_KEY",
    "NIGHTS",
    "NIGHT_INVITES",
    "REVISIONS",
    "ROLES",
    "SERVER_TABLES",
    "VERSION_TABLE",
    "DatabaseState",
    "Migrated",
    "MigrationError",
    "SchemaVersionError",
    "alembic_config",
    "create_at_head",
    "downgrade",
    "ensure_table",
    "prepare",
    "read_state",
    "shown_url",
    "upgrade",
    "upgrade_command",
]

BASELINE = "0001_baseline"
"""The first revision: the tables of the release before migrations."""
HAND_RECORDS = "0002_hand_records"
"""Stored hands in the hand record's forms (status, set-up, journal, record)."""
SERVER_TABLES = "0003_server_tables"
"""The server's log-ins, sessions and lobby tables, made by the migrations instead of the server."""
NIGHTS = "0004_nights"
"""The club's game nights, kept as they are played."""
NIGHT_INVITES = "0005_night_invites"
"""The invitations to club nights hosted in the browser (the server's night page)."""
ROLES = "0006_roles"
"""The server's roles: which accounts are operators (table chat moderation)."""
ADMIN = "0007_admin"
"""The operators' tools: the audit log, suspended and banned players, paused and closed tables, running servers."""
REVISIONS: tuple[str, ...] = (BASELINE, HAND_RECORDS, SERVER_TABLES, NIGHTS, NIGHT_INVITES, ROLES, ADMIN)
"""Every revision of this release, oldest first."""
HEAD = REVISIONS[-1]
"""The revision this release's store reads and writes."""
VERSION_TABLE = "alembic_version"
"""Alembic's table holding the database's revision."""
LOCK_KEY = 0x706F6B6572_01
"""The PostgreSQL advisory lock (transaction-scoped) held while a database is created or migrated."""
SUMMARY = "pokerroom.migrated_hands"
"""The key of :attr:`alembic.config.Config.attributes` where revision 0002 leaves its counts."""

_HERE = Path(__file__).resolve().parent

# Alembic's own version table (alembic.ddl.impl.DefaultImpl.version_table_impl), for the fast creation path;
# the schema test proves a database created here equals one the migrations made, this table included.
_version_metadata = MetaData()
_version = Table(
    VERSION_TABLE,
    _version_metadata,
    Column("version_num", String(32), nullable=False),
    PrimaryKeyConstraint("version_num", name=f"{VERSION_TABLE}_pkc"),
)


class SchemaVersionError(StoreError):
    """A database at another revision than this release's :data:`HEAD` (behind, from the release before
    migrations, or ahead), or one whose revision cannot be read.  The message says where it is and what to run;
    ``revision`` is its revision (``None``: none recorded), ``command`` the command that upgrades it (``None``
    when this release cannot)."""

    def __init__(self, message: str, *, revision: str | None = None, command: str | None = None) -> None:
        super().__init__(message)
        self.revision = revision
        self.command = command


class MigrationError(StoreError):
    """A migration that cannot be done (a stored hand that cannot be converted, tables that are not the store's);
    the message names what and why.  Nothing was written: the migration's transaction was rolled back."""


def ensure_table(conn: Connection, table: Table, owner: str = "the store's") -> None:
    """Create ``table`` (a revision's frozen copy) when the database has none of that name; keep one already there
    when it has the columns (a store made at a later head whose revision row was lost, or a table a release before
    the migrations made itself), refuse it with :class:`MigrationError` otherwise."""
    existing = inspect(conn)
    if not existing.has_table(table.name):
        table.create(conn)
        return
    have = {c["name"] for c in existing.get_columns(table.name)}
    missing = [c.name for c in table.columns if c.name not in have]
    if missing:
        raise MigrationError(
            f"the table {table.name!r} is there but has no column {', '.join(missing)}: it is not {owner}; "
            "rename it and upgrade again"
        )


def shown_url(url: str) -> str:
    """``url`` as it may be printed: the password hidden (``***``); the text as given if it is not a URL."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def upgrade_command(url: str) -> str:
    """The command that upgrades the database at ``url``: ``pokerroom db upgrade --database URL`` (password
    hidden)."""
    return f"pokerroom db upgrade --database {shown_url(url)}"


@dataclass(frozen=True)
class DatabaseState:
    """What a database holds: ``revision``, the row of ``alembic_version`` (``None``: no such table or no row;
    ``revisions`` has every row, Alembic's branches); ``tables``, the store's tables present (by name)."""

    revision: str | None
    tables: frozenset[str]
    revisions: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        """No revision and none of the store's tables: a new database."""
        return self.revision is None and not self.revisions and not self.tables

    @property
    def legacy(self) -> bool:
        """The store's tables without a revision: written by the release before migrations."""
        return self.revision is None and not self.revisions and bool(self.tables)

    @property
    def effective(self) -> str | None:
        """The revision the database is at: its own, :data:`BASELINE` for :attr:`legacy`, ``None`` when empty."""
        return BASELINE if self.legacy else self.revision

    @property
    def current(self) -> bool:
        return self.revision == HEAD and len(self.revisions) == 1

    @property
    def ahead(self) -> bool:
        """At a revision this release does not know (or at several: branches this release never makes)."""
        return len(self.revisions) > 1 or (self.revision is not None and self.revision not in REVISIONS)

    @property
    def behind(self) -> bool:
        """At a known revision older than :data:`HEAD` (the release before migrations included)."""
        return not self.ahead and self.effective is not None and self.effective != HEAD

    def describe(self) -> str:
        """One phrase: where the database is."""
        if self.empty:
            return "empty (none of the store's tables)"
        if self.legacy:
            return f"from the release before migrations (no {VERSION_TABLE} table): revision {BASELINE}"
        if len(self.revisions) > 1:
            return f"at several revisions ({', '.join(self.revisions)})"
        if self.ahead:
            return f"at revision {self.revision}, which this release does not know"
        return f"at revision {self.revision}"

    def error(self, url: str) -> SchemaVersionError:
        """The :class:`SchemaVersionError` for opening this database at ``url`` with this release's store."""
        shown = shown_url(url)
        if self.ahead:
            return SchemaVersionError(
                f"the database at {shown} is {self.describe()}: a newer pokerroom has upgraded it (this release "
                f"reads revision {HEAD}). Open it with that release, or downgrade it with that release's "
                f"'pokerroom db downgrade --database {shown} --to {HEAD}' to use this one",
                revision=self.revision,
            )
        command = upgrade_command(url)
        return SchemaVersionError(
            f"the database at {shown} is {self.describe()}; this release needs revision {HEAD}. Back it up, then "
            f"run: {command}",
            revision=self.effective,
            command=command,
        )


def read_state(conn: Connection) -> DatabaseState:
    """The state of the database of ``conn`` (reads the catalogue and ``alembic_version`` only)."""
    names = set(inspect(conn).get_table_names())
    rows: tuple[str, ...] = ()
    if VERSION_TABLE in names:
        rows = tuple(str(r) for r in conn.execute(select(_version.c.version_num)).scalars())
    return DatabaseState(rows[0] if len(rows) == 1 else None, frozenset(names & _store_tables()), rows)


@cache
def _store_tables() -> frozenset[str]:
    """The names of the store's tables, at any revision."""
    return frozenset(t.name for t in metadata.sorted_tables) | {t.name for t in baseline_metadata().sorted_tables}


def _lock(conn: Connection) -> None:
    """Hold the migration lock until ``conn``'s transaction ends (PostgreSQL; SQLite's writer holds its write
    lock from ``BEGIN IMMEDIATE``)."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})


def create_at_head(conn: Connection) -> None:
    """Create the store's tables (:mod:`pokerroom.store.schema`) and ``alembic_version`` stamped :data:`HEAD`
    in ``conn``'s transaction: an empty database made current without running each revision."""
    metadata.create_all(conn, checkfirst=False)
    _version_metadata.create_all(conn, checkfirst=False)
    conn.execute(_version.insert().values(version_num=HEAD))


def prepare(engine: Engine) -> None:
    """The store's open path (see the module docstring): return for a database at :data:`HEAD`, create an empty
    one at the head (one transaction, under the migration lock, so two processes opening the same new database
    create it once), and raise :class:`SchemaVersionError` for any other, naming its revision and the command
    to run.  Database errors (unreachable, not a database) are SQLAlchemy's."""
    url = engine.url.render_as_string(hide_password=False)
    with engine.connect() as conn:
        state = read_state(conn)
    if state.current:
        return
    if state.empty:
        with engine.execution_options(**{WRITE: True}).begin() as conn:
            _lock(conn)
            state = read_state(conn)  # another process may have created it meanwhile
            if state.empty:
                create_at_head(conn)
                return
    if not state.current:
        raise state.error(url)


def alembic_config(connection: Connection | None = None, *, url: str | None = None) -> Config:
    """An Alembic :class:`~alembic.config.Config` for the store's migrations (no ini file): the script location is
    this package; ``connection``, when given, is the one ``env.py`` runs the migrations on (in its transaction),
    else ``url`` (``sqlalchemy.url``) is opened by ``env.py``."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(_HERE).replace("%", "%%"))
    config.set_main_option("path_separator", "os")
    config.set_main_option("file_template", "v%%(rev)s")  # versions/v0003_....py for rev_id "0003_..."
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@dataclass(frozen=True)
class Migrated:
    """What :func:`upgrade` or :func:`downgrade` did: the state ``before`` and ``after``; ``adopted``: a
    database of the release before migrations was stamped :data:`BASELINE` first (``created``: the tables it
    lacked, made as that release did); ``hands``: revision 0002's counts (hands converted by the status they
    got, journal entries, hands already in the forms written), empty when it did not run."""

    before: DatabaseState
    after: DatabaseState
    adopted: bool = False
    created: tuple[str, ...] = ()
    hands: Mapping[str, int] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return self.before.revision != self.after.revision or self.adopted


def _adopt(conn: Connection, state: DatabaseState) -> tuple[str, ...]:
    """Check a database of the release before migrations against :data:`BASELINE`'s tables, create the ones it
    lacks, and stamp it :data:`BASELINE`; returns the tables created.  :class:`MigrationError` when a table has
    other columns than the baseline's: not a pokerroom store this release can upgrade."""
    baseline = baseline_metadata()
    inspector = inspect(conn)
    wrong: list[str] = []
    for table in baseline.sorted_tables:
        if table.name not in state.tables:
            continue
        have = {str(c["name"]) for c in inspector.get_columns(table.name)}
        want = {c.name for c in table.columns}
        if have != want:
            parts = []
            if want - have:
                parts.append(f"lacks {', '.join(sorted(want - have))}")
            if have - want:
                parts.append(f"has {', '.join(sorted(have - want))} too")
            wrong.append(f"table {table.name} {' and '.join(parts)}")
    if wrong:
        raise MigrationError(
            "these are not the tables of a pokerroom store this release can upgrade (" + "; ".join(wrong) + "); "
            "nothing was changed"
        )
    missing = [t for t in baseline.sorted_tables if t.name not in state.tables]
    baseline.create_all(conn, tables=missing, checkfirst=False)
    _version_metadata.create_all(conn, checkfirst=False)
    conn.execute(_version.insert().values(version_num=BASELINE))
    return tuple(t.name for t in missing)


def _open(url: str) -> Engine:
    """The store's engine for ``url``; :class:`StoreError` for a URL that is not one."""
    try:
        return make_engine(url)
    except ArgumentError as exc:
        raise StoreError(f"not a database URL: {url!r} ({exc})") from None


def _revision(target: str) -> str:
    if target == "head":
        return HEAD
    if target not in REVISIONS:
        raise MigrationError(f"no revision {target!r} in this release; its revisions are {', '.join(REVISIONS)}")
    return target


def upgrade(url: str, *, to: str = "head") -> Migrated:
    """Upgrade the database at ``url`` to revision ``to`` (default :data:`HEAD`), in one transaction (see the
    module docstring): an empty database gets every revision; one of the release before migrations is checked
    and stamped :data:`BASELINE` first; one already there is left as it is.  Raises :class:`MigrationError`
    (a hand that cannot be converted, tables that are not the store's, an unknown ``to``) or
    :class:`SchemaVersionError` (a database ahead of this release, or past ``to``), nothing written; database
    errors are SQLAlchemy's."""
    from alembic import command

    target = _revision(to)
    engine = _open(url)
    try:
        with engine.execution_options(**{WRITE: True}).begin() as conn:
            _lock(conn)
            before = read_state(conn)
            if before.ahead:
                raise before.error(url)
            effective = before.effective
            if effective is not None and REVISIONS.index(effective) > REVISIONS.index(target):
                raise SchemaVersionError(
                    f"the database at {shown_url(url)} is {before.describe()}, past {target}: an upgrade does not "
                    f"go back (pokerroom db downgrade does)",
                    revision=effective,
                )
            created: tuple[str, ...] = ()
            if before.legacy:
                created = _adopt(conn, before)
            config = alembic_config(conn)
            command.upgrade(config, target)
            after = read_state(conn)
            hands: dict[str, int] = dict(config.attributes.get(SUMMARY, {}))
    finally:
        engine.dispose()
    return Migrated(before, after, adopted=before.legacy, created=created, hands=hands)


def downgrade(url: str, *, to: str) -> Migrated:
    """Take the database at ``url`` back to revision ``to`` (one of :data:`REVISIONS`; never below
    :data:`BASELINE`, which would drop every table), in one transaction.  A database of the release before
    migrations is at :data:`BASELINE` already.  Raises :class:`MigrationError` (a hand the older form cannot
    hold, an unknown ``to``) or :class:`SchemaVersionError` (a database ahead of this release, or below
    ``to``), nothing written."""
    from alembic import command

    target = _revision(to)
    engine = _open(url)
    try:
        with engine.execution_options(**{WRITE: True}).begin() as conn:
            _lock(conn)
            before = read_state(conn)
            if before.ahead:
                raise before.error(url)
            if before.empty:
                raise SchemaVersionError(
                    f"the database at {shown_url(url)} is {before.describe()}: nothing to downgrade"
                )
            effective = before.effective
            assert effective is not None
            if REVISIONS.index(effective) < REVISIONS.index(target):
                raise SchemaVersionError(
                    f"the database at {shown_url(url)} is {before.describe()}, below {target}: a downgrade does not "
                    f"go forward ({upgrade_command(url)} does)",
                    revision=effective,
                )
            config = alembic_config(conn)
            if not before.legacy:
                command.downgrade(config, target)
            after = read_state(conn)
            hands: dict[str, int] = dict(config.attributes.get(SUMMARY, {}))
    finally:
        engine.dispose()
    return Migrated(before, after, hands=hands)


def run_environment(context: Any) -> None:
    """The body of ``env.py``: run the migrations Alembic asks for on the connection in
    ``config.attributes["connection"]`` (inside its transaction), or on an engine for ``sqlalchemy.url`` in
    one transaction.  ``context`` is :mod:`alembic.context`.  Offline mode (``--sql``) is refused: revision 0002
    converts stored rows, which needs the database."""
    config = context.config
    if context.is_offline_mode():
        raise MigrationError("the store's migrations run against the database, not as SQL scripts (--sql)")
    connection: Connection | None = config.attributes.get("connection")
    if connection is not None:
        _run(context, connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise MigrationError("no database: give alembic_config(connection) or alembic_config(url=...)")
    engine = make_engine(url)
    try:
        with engine.execution_options(**{WRITE: True}).begin() as conn:
            _lock(conn)
            _run(context, conn)
    finally:
        engine.dispose()


def _run(context: Any, connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, transactional_ddl=True, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()
