"""The store's tables (SQLAlchemy Core): players' accounts, poker tables, hands and their action journal, the
double-entry ledger (``transactions``, ``postings`` and the ``balances`` cache), and the server's log-ins, sessions,
lobby tables and roles.  Every change to them is a migration (:mod:`pokerroom.store.migrations`).

Chips are whole numbers of the smallest unit (``BigInteger``).  Times are naive UTC ``DateTime`` columns: the
same value on SQLite (ISO text) and PostgreSQL (``timestamp``); the store adds the UTC zone when reading.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

__all__ = [
    "account_holds",
    "accounts",
    "admin_desks",
    "audit_log",
    "balances",
    "hand_players",
    "hands",
    "journal",
    "lobby_tables",
    "logins",
    "metadata",
    "night_invites",
    "nights",
    "poker_tables",
    "postings",
    "protections",
    "roles",
    "sessions",
    "table_leases",
    "table_status",
    "transactions",
]

metadata = MetaData()

# SQLite only auto-numbers an ``INTEGER PRIMARY KEY``; PostgreSQL gets a 64-bit identity for the busy tables.
_BigId = BigInteger().with_variant(Integer(), "sqlite")

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False, unique=True),
    Column("created_at", DateTime(), nullable=False),
)

poker_tables = Table(
    "poker_tables",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False, unique=True),
    Column("game", String(100), nullable=False),
    Column("config", JSON(), nullable=False),
    Column("created_at", DateTime(), nullable=False),
)

hands = Table(
    "hands",
    metadata,
    Column("id", _BigId, primary_key=True),
    Column("table_id", Integer, ForeignKey("poker_tables.id"), nullable=False),
    Column("number", BigInteger, nullable=False),
    Column("setup", JSON(), nullable=False),
    Column("status", String(20), nullable=False),  # room.record.Status: incomplete | complete | voided
    Column("record", JSON(none_as_null=True), nullable=True),
    Column("started_at", DateTime(), nullable=False),
    Column("ended_at", DateTime(), nullable=True),
    UniqueConstraint("table_id", "number", name="uq_hands_table_number"),
    Index("ix_hands_status", "status"),
)

# Who was dealt into a hand, by account: a player's hand list is one indexed read.
hand_players = Table(
    "hand_players",
    metadata,
    Column("hand_id", _BigId, ForeignKey("hands.id"), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Index("ix_hand_players_account", "account_id", "hand_id"),
)

# One row per action, keyed by (hand, seq): the primary key is the only index the hot insert maintains.
journal = Table(
    "journal",
    metadata,
    Column("hand_id", _BigId, ForeignKey("hands.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("entry", JSON(), nullable=False),
    Column("created_at", DateTime(), nullable=False),
)

transactions = Table(
    "transactions",
    metadata,
    Column("id", _BigId, primary_key=True),
    Column("created_at", DateTime(), nullable=False),
    Column("kind", String(20), nullable=False),  # deposit | withdrawal | buy_in | cash_out | settle | void
    Column("table_id", Integer, ForeignKey("poker_tables.id"), nullable=True),
    Column("hand_id", _BigId, ForeignKey("hands.id"), nullable=True),
    Column("memo", Text(), nullable=False),
)

# ``account_id`` repeats the player an ``account:`` or ``stack:`` key belongs to, so a player's history is one
# indexed read instead of a pattern match on the key.
postings = Table(
    "postings",
    metadata,
    Column("id", _BigId, primary_key=True),
    Column("transaction_id", _BigId, ForeignKey("transactions.id"), nullable=False, index=True),
    Column("key", String(100), nullable=False, index=True),
    Column("amount", BigInteger, nullable=False),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=True, index=True),
)

# The running balance of every ledger key, kept in the same transaction as its postings.  ``book`` is the key's
# kind (cashier, account, stack, pot, rake, carried) and ``table_id``/``account_id`` its parts, for listing.
balances = Table(
    "balances",
    metadata,
    Column("key", String(100), primary_key=True),
    Column("book", String(20), nullable=False),
    Column("table_id", Integer, nullable=True),
    Column("account_id", Integer, nullable=True),
    Column("balance", BigInteger, nullable=False),
    Index("ix_balances_table", "table_id", "book"),
)

# Which runner plays a table (see :mod:`pokerroom.store.leases`): at most one row per table, written in one
# transaction.  ``owner`` is the runner's random token, ``host`` and ``pid`` its process, ``heartbeat`` the store's
# time of its last hand start, settlement or chip movement.
table_leases = Table(
    "table_leases",
    metadata,
    Column("table_id", Integer, ForeignKey("poker_tables.id"), primary_key=True, autoincrement=False),
    Column("owner", String(64), nullable=False),
    Column("host", String(255), nullable=False),
    Column("pid", BigInteger, nullable=False),
    Column("heartbeat", DateTime(), nullable=False),
)

# Every disconnect protection a player was given (RULES §3.7: a limited number per 24 hours, room-wide), at the
# store's time; the table and hand where it was used, for the record.
protections = Table(
    "protections",
    metadata,
    Column("id", _BigId, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("used_at", DateTime(), nullable=False),
    Column("table_id", Integer, ForeignKey("poker_tables.id"), nullable=True),
    Column("hand_id", _BigId, ForeignKey("hands.id"), nullable=True),
    Index("ix_protections_account_time", "account_id", "used_at"),
)

# The server's players (pokerroom.server.accounts): a log-in name and its password hash; the chips are in
# ``accounts`` (the real-money account of that name, and ``play:NAME``).
logins = Table(
    "logins",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(40), nullable=False, unique=True),
    Column("password", String(200), nullable=False),
    Column("created_at", DateTime(), nullable=False),
)

# A log-in session: the SHA-256 of the cookie's token, whose player, until when.
sessions = Table(
    "sessions",
    metadata,
    Column("token", String(64), primary_key=True),
    Column("name", String(40), nullable=False, index=True),
    Column("expires_at", DateTime(), nullable=False),
)

# What the server's lobby keeps of a table beside its settings (pokerroom.server.lobby): its house bots and who
# made it.
lobby_tables = Table(
    "lobby_tables",
    metadata,
    Column("table_id", Integer, primary_key=True, autoincrement=False),
    Column("bots", Integer, nullable=False),
    Column("created_by", String(40), nullable=True),
)

# The club's game nights (pokerroom.room.night, `pokerroom night`): what was agreed (``config``), the evening's
# books as they stand between hands (``state``, :meth:`Night.to_json` and the table's seats), the store table the
# hands are played at, and ``status`` running | ended.  The chips are in the ledger (the night's accounts).
nights = Table(
    "nights",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("label", String(200), nullable=False),
    Column("game", String(100), nullable=False),
    Column("table_id", Integer, ForeignKey("poker_tables.id"), nullable=False),
    Column("config", JSON(), nullable=False),
    Column("state", JSON(), nullable=False),
    Column("status", String(20), nullable=False),
    Column("created_at", DateTime(), nullable=False),
    Column("updated_at", DateTime(), nullable=False),
    Column("ended_at", DateTime(), nullable=True),
    Index("ix_nights_status", "status"),
)

# The invitations to club nights hosted in the browser (pokerroom.server.night_invites): the unguessable ``token``
# of the invite link, the ``host`` (a log-in name), what was agreed and who took a seat before the start
# (``config``), ``status`` waiting | started | cancelled, and the night it became (``night_id``).
night_invites = Table(
    "night_invites",
    metadata,
    Column("token", String(64), primary_key=True),
    Column("host", String(40), nullable=False),
    Column("config", JSON(), nullable=False),
    Column("status", String(20), nullable=False),
    Column("night_id", Integer, ForeignKey("nights.id"), nullable=True),
    Column("created_at", DateTime(), nullable=False),
    Column("updated_at", DateTime(), nullable=False),
)

# The server's roles (pokerroom.store.roles): one row per account and role granted (``operator``: removes chat
# messages and mutes players, issue 18), and when it was granted.
roles = Table(
    "roles",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True, autoincrement=False),
    Column("role", String(40), primary_key=True),
    Column("granted_at", DateTime(), nullable=False),
)

# The operators' audit log (pokerroom.store.audit, issue 20): every admin action, by whom (``operator``, a log-in
# name or ``cli:USER``), on what (``target``: a player's name, a table or hand id), what it was given (``detail``)
# and when a running server applied it (``applied_at``; NULL: queued for the server, which polls these rows).
audit_log = Table(
    "audit_log",
    metadata,
    Column("id", _BigId, primary_key=True),
    Column("at", DateTime(), nullable=False),
    Column("operator", String(40), nullable=False),
    Column("action", String(40), nullable=False),
    Column("target", String(200), nullable=False),
    Column("detail", JSON(), nullable=False),
    Column("applied_at", DateTime(), nullable=True),
    Index("ix_audit_log_applied", "applied_at"),
    Index("ix_audit_log_at", "at"),
)

# A suspended or banned player (pokerroom.store.audit): ``status`` suspended | banned, ``until`` the end of a
# suspension (NULL for a ban), why and by whom.  No row: the player is in good standing.
account_holds = Table(
    "account_holds",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("status", String(20), nullable=False),
    Column("until", DateTime(), nullable=True),
    Column("reason", Text(), nullable=False),
    Column("operator", String(40), nullable=False),
    Column("at", DateTime(), nullable=False),
)

# A server table an operator paused or closed (``status`` paused | closed); no row: open.  Read when the server
# starts, so a closed table stays closed and a paused one paused.
table_status = Table(
    "table_status",
    metadata,
    Column("table_id", Integer, ForeignKey("poker_tables.id"), primary_key=True, autoincrement=False),
    Column("status", String(20), nullable=False),
    Column("at", DateTime(), nullable=False),
)

# Each running server (pokerroom.server.admin_desk): its random ``owner`` token, process, the last time it polled
# the audit log (``beat_at``, every few seconds) and who is online as it last saw (``presence`` JSON, written when it
# changed, at ``presence_at``), for ``pokerroom admin online``.
admin_desks = Table(
    "admin_desks",
    metadata,
    Column("owner", String(64), primary_key=True),
    Column("host", String(255), nullable=False),
    Column("pid", BigInteger, nullable=False),
    Column("started_at", DateTime(), nullable=False),
    Column("beat_at", DateTime(), nullable=False),
    Column("presence", JSON(), nullable=False),
    Column("presence_at", DateTime(), nullable=False),
)
