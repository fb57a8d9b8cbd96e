"""The operators' books (issue 20): the audit log of every admin action, suspended and banned players, paused and
closed tables and the running servers' desks (who is online), kept in the store.

Every admin action, from the API or the command line, is one :func:`record` row in ``audit_log`` written in the
same transaction as what it changes.  A row written by the command line has no ``applied_at`` yet: it is queued for
a running server (:mod:`pokerroom.server.admin_desk` polls :func:`pending` and marks them :func:`mark_applied`); an
API action is applied by the server at once and stored applied.  Either way the server's :func:`mark_applied` adds
what applying did to the row's detail (``"applied": {...}``), so a row reads the same whichever channel wrote it.

:func:`refusal` is the one check of a player's standing (log-in, session look-up, socket connect all reach it);
errors are :class:`AdminError` (a :class:`~pokerroom.errors.StoreError`) with the HTTP ``status`` they map to,
raised before anything is written.  Times are aware UTC ``datetime`` on the way in and out, from
:data:`EARLIEST` to :data:`LATEST` (:func:`utc_time`: a time the calendar cannot hold in UTC is refused, 400).
Every action on a player locks the player's log-in row first, so two operators acting on one player at once take
turns (the later hold replaces the earlier).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Connection

from pokerroom.errors import StoreError
from pokerroom.store.checks import as_utc, to_naive_utc
from pokerroom.store.schema import account_holds, admin_desks, audit_log, lobby_tables, logins, sessions, table_status
from pokerroom.store.store import Store

__all__ = [
    "ACCOUNT_ACTIONS",
    "BANNED",
    "CLAIM_SECONDS",
    "CLOSED",
    "DESK_FRESH",
    "EARLIEST",
    "LATEST",
    "PAUSED",
    "SUSPENDED",
    "TABLE_ACTIONS",
    "AdminError",
    "Desk",
    "Entry",
    "Hold",
    "claim",
    "desk_beat",
    "desk_close",
    "desk_open",
    "desks",
    "entries",
    "hold",
    "hold_of",
    "in_flight",
    "log",
    "mark_applied",
    "pending",
    "record",
    "refusal",
    "reinstate",
    "reset_password",
    "server_running",
    "standing",
    "standing_in",
    "table_action",
    "table_statuses",
    "unclaim",
    "utc_after",
    "utc_time",
]

SUSPENDED = "suspended"
BANNED = "banned"
PAUSED = "paused"
CLOSED = "closed"

ACCOUNT_ACTIONS = ("suspend", "ban", "reinstate", "password")
"""Actions on a player (target: the log-in name); a server applies them by ending the player's sockets and
standing them up."""
TABLE_ACTIONS = ("close", "pause", "resume", "void")
"""Actions on a server table (target: its id); a server applies them to the table's actor."""

CLAIM_SECONDS = 30.0
"""Seconds a claimed table action counts as being applied (:func:`in_flight`) until its server says what applying
did: the later actions of its table wait for it.  A server that died holding a claim holds it no longer."""

DESK_FRESH = 15.0
"""Seconds after its last beat a server's desk counts as running (it beats every few seconds)."""

EARLIEST = datetime.min.replace(tzinfo=UTC)
"""The earliest time an admin action takes (a suspension's end, the audit log's ``since``)."""
LATEST = datetime.max.replace(tzinfo=UTC)
"""The latest time an admin action takes."""
_RANGE = f"times are from {EARLIEST.date().isoformat()} 00:00 to {LATEST.date().isoformat()} 23:59:59 UTC"


class AdminError(StoreError):
    """An admin action refused (nothing written): ``status`` 404 (no such player or table) or 409 (the player or
    table is not in a state the action applies to)."""

    def __init__(self, message: str, *, status: int = 409) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True, slots=True)
class Entry:
    """One audit row: ``id``, ``at``, ``operator``, ``action``, ``target``, ``detail`` (a JSON object) and when
    a server applied it (``applied_at``; ``None``: queued)."""

    id: int
    at: datetime
    operator: str
    action: str
    target: str
    detail: dict[str, Any]
    applied_at: datetime | None

    def json(self) -> dict[str, object]:
        """The row as JSON: times in ISO 8601 UTC."""
        return {
            "id": self.id, "at": self.at.isoformat(), "operator": self.operator, "action": self.action,
            "target": self.target, "detail": self.detail,
            "applied_at": None if self.applied_at is None else self.applied_at.isoformat(),
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class Hold:
    """A player's suspension or ban: ``status`` (:data:`SUSPENDED` or :data:`BANNED`), ``until`` (a suspension's
    end, aware UTC; ``None`` for a ban), ``reason``, by ``operator``, ``at``."""

    name: str
    status: str
    until: datetime | None
    reason: str
    operator: str
    at: datetime


@dataclass(frozen=True, slots=True)
class Desk:
    """A running server as the store last heard of it: ``owner`` token, ``host``, ``pid``, ``started_at``,
    ``beat_at`` (its last poll), ``presence`` (``[{"player", "seated": [table ids], "watching": [table ids]}]``)
    written at ``presence_at``."""

    owner: str
    host: str
    pid: int
    started_at: datetime
    beat_at: datetime
    presence: list[dict[str, Any]]
    presence_at: datetime


def utc_time(moment: datetime, what: str) -> datetime:
    """``moment`` as an aware UTC time (a naive one is UTC already); :class:`AdminError` (400) naming ``what`` and
    the range (:data:`EARLIEST` to :data:`LATEST`) when UTC cannot hold it."""
    try:
        return as_utc(moment)
    except (OverflowError, ValueError):
        raise AdminError(f"{what} {moment.isoformat()} is out of range: {_RANGE}", status=400) from None


def utc_after(now: datetime, length: timedelta, what: str) -> datetime:
    """``now`` plus ``length``; :class:`AdminError` (400) naming ``what`` when that is past :data:`LATEST`."""
    try:
        return as_utc(now) + length
    except OverflowError:
        raise AdminError(f"{what} ends after {LATEST.date().isoformat()}: {_RANGE}", status=400) from None


def _text(moment: datetime) -> str:
    return f"{as_utc(moment):%Y-%m-%d %H:%M} UTC"


def refusal(name: str, status: str | None, until: datetime | None, now: datetime) -> str | None:
    """The one check of a player's standing: why ``name`` may not log in or play (``status``/``until`` as held,
    ``now`` the store's time), or ``None`` when they may (no hold, or a suspension that has run out)."""
    if status == BANNED:
        return f"{name} is banned from this room"
    if status == SUSPENDED and until is not None and as_utc(until) > as_utc(now):
        return f"{name} is suspended until {_text(until)}"
    return None


def _entry(row: Any) -> Entry:
    return Entry(
        int(row.id), as_utc(row.at), str(row.operator), str(row.action), str(row.target), dict(row.detail or {}),
        None if row.applied_at is None else as_utc(row.applied_at),
    )  # fmt: skip


def record(
    conn: Connection,
    now: datetime,
    operator: str,
    action: str,
    target: str,
    detail: Mapping[str, Any],
    *,
    applied: bool,
) -> Entry:
    """Write one audit row on ``conn`` (inside the action's transaction) at ``now``; returns it."""
    at = to_naive_utc(now)
    values = {
        "at": at, "operator": operator[:40], "action": action, "target": target[:200], "detail": dict(detail),
        "applied_at": at if applied else None,
    }  # fmt: skip
    new = conn.execute(insert(audit_log).values(**values)).inserted_primary_key
    assert new is not None
    stored = as_utc(at)
    return Entry(int(new[0]), stored, operator[:40], action, target[:200], dict(detail), stored if applied else None)


def _login(conn: Connection, name: str) -> str:
    """``name``'s log-in, its row locked to the end of the transaction (PostgreSQL: two operators acting on one
    player at once take turns; SQLite's write lock does it already)."""
    found = conn.execute(select(logins.c.name).where(func.lower(logins.c.name) == name.lower())).first()
    if found is None:
        raise AdminError(f"no player called {name!r}", status=404)
    if str(found.name) != name:
        raise AdminError(f"the player is called {found.name!r}, not {name!r}; give that name", status=404)
    conn.execute(select(logins.c.name).where(logins.c.name == name).with_for_update())
    return name


def hold(
    store: Store,
    name: str,
    status: str,
    *,
    until: datetime | None = None,
    reason: str = "",
    operator: str,
    applied: bool,
) -> Entry:
    """Suspend ``name`` until ``until`` (``status`` :data:`SUSPENDED`, ``until`` in the future) or ban them
    (:data:`BANNED`, no ``until``): the hold stored, every session of theirs deleted, the audit row written, in one
    transaction; returns the row (action ``suspend`` or ``ban``).  Raises :class:`AdminError` for an unknown
    player, a suspension that ends in the past or a time out of range (:func:`utc_time`)."""
    if until is not None:
        until = utc_time(until, "the suspension's end")
    if name == operator:  # an operator who locks themselves out cannot lift it through the API
        raise AdminError(f"{name} cannot suspend or ban themselves; another operator or the CLI can", status=409)
    now = store.now()
    if status == SUSPENDED:
        if until is None or as_utc(until) <= now:
            raise AdminError(f"a suspension ends in the future (now is {_text(now)}), not {until}", status=400)
    elif status == BANNED:
        until = None
    else:
        raise AdminError(f"no hold {status!r}; a player is {SUSPENDED} or {BANNED}", status=400)
    with store.writing() as conn:
        _login(conn, name)  # locked: a hold made meanwhile is committed, and this one replaces it
        conn.execute(delete(account_holds).where(account_holds.c.name == name))
        conn.execute(
            insert(account_holds).values(
                name=name, status=status, until=None if until is None else to_naive_utc(until), reason=reason,
                operator=operator[:40], at=to_naive_utc(now),
            )
        )  # fmt: skip
        ended = conn.execute(delete(sessions).where(sessions.c.name == name)).rowcount
        detail: dict[str, Any] = {"reason": reason, "sessions_ended": int(ended or 0)}
        if until is not None:
            detail["until"] = as_utc(until).isoformat()
        action = "suspend" if status == SUSPENDED else "ban"
        return record(conn, now, operator, action, name, detail, applied=applied)


def reinstate(store: Store, name: str, *, operator: str, applied: bool) -> Entry:
    """Lift ``name``'s suspension or ban; :class:`AdminError` (409) when they have none, 404 for no such player."""
    now = store.now()
    with store.writing() as conn:
        _login(conn, name)
        row = conn.execute(select(account_holds).where(account_holds.c.name == name)).first()
        if row is None:
            raise AdminError(f"{name} is neither suspended nor banned")
        conn.execute(delete(account_holds).where(account_holds.c.name == name))
        return record(conn, now, operator, "reinstate", name, {"was": str(row.status)}, applied=applied)


def reset_password(store: Store, name: str, hashed: str, *, generated: bool, operator: str, applied: bool) -> Entry:
    """Give ``name`` the password hash ``hashed`` and end every session of theirs, with the audit row (which says
    whether the password was ``generated``, never the password)."""
    now = store.now()
    with store.writing() as conn:
        _login(conn, name)
        conn.execute(update(logins).where(logins.c.name == name).values(password=hashed))
        ended = conn.execute(delete(sessions).where(sessions.c.name == name)).rowcount
        detail = {"generated": generated, "sessions_ended": int(ended or 0)}
        return record(conn, now, operator, "password", name, detail, applied=applied)


def hold_of(store: Store, name: str) -> Hold | None:
    """``name``'s hold as stored (a suspension that ran out included), or ``None``."""
    with store.reading() as conn:
        row = conn.execute(select(account_holds).where(account_holds.c.name == name)).first()
    if row is None:
        return None
    until = None if row.until is None else as_utc(row.until)
    return Hold(str(row.name), str(row.status), until, str(row.reason), str(row.operator), as_utc(row.at))


def standing(store: Store, name: str) -> str | None:
    """Why ``name`` may not play now (:func:`refusal` of their stored hold), or ``None`` (one indexed read)."""
    with store.reading() as conn:
        return standing_in(conn, name, store.now())


def standing_in(conn: Connection, name: str, now: datetime) -> str | None:
    """:func:`standing` read on ``conn`` (inside the caller's transaction, e.g. a log-in's) at the store's ``now``."""
    row = conn.execute(
        select(account_holds.c.status, account_holds.c.until).where(account_holds.c.name == name)
    ).first()
    if row is None:
        return None
    return refusal(name, str(row.status), None if row.until is None else as_utc(row.until), now)


def table_statuses(store: Store) -> dict[int, str]:
    """Every paused or closed table: table id -> :data:`PAUSED` or :data:`CLOSED`."""
    with store.reading() as conn:
        return {int(r.table_id): str(r.status) for r in conn.execute(select(table_status))}


def table_action(
    store: Store, table_id: int, action: str, *, operator: str, applied: bool, detail: Mapping[str, Any] | None = None
) -> Entry:
    """Store the operator's ``action`` (:data:`TABLE_ACTIONS`) on server table ``table_id``: ``close`` and
    ``pause`` store the table's status (a server starting later honours it), ``resume`` clears a pause, ``void``
    changes nothing stored (the server voids the hand); with the audit row.  Raises :class:`AdminError`: 404 no
    such server table; 409 a closed table, a pause of a paused table, a resume of one not paused."""
    if action not in TABLE_ACTIONS:
        raise AdminError(f"no table action {action!r}; the actions are {', '.join(TABLE_ACTIONS)}", status=400)
    now = store.now()
    with store.writing() as conn:
        if conn.execute(select(lobby_tables.c.table_id).where(lobby_tables.c.table_id == table_id)).first() is None:
            raise AdminError(f"no server table with id {table_id}", status=404)
        row = conn.execute(select(table_status.c.status).where(table_status.c.table_id == table_id)).first()
        status = None if row is None else str(row.status)
        if status == CLOSED:
            raise AdminError(f"table {table_id} is closed; nothing more is done at it")
        if action == "pause" and status == PAUSED:
            raise AdminError(f"table {table_id} is paused already; resume it with 'resume'")
        if action == "resume" and status != PAUSED:
            raise AdminError(f"table {table_id} is not paused")
        wanted = {"close": CLOSED, "pause": PAUSED}.get(action)
        if action in ("close", "pause", "resume"):
            conn.execute(delete(table_status).where(table_status.c.table_id == table_id))
        if wanted is not None:
            conn.execute(insert(table_status).values(table_id=table_id, status=wanted, at=to_naive_utc(now)))
        return record(conn, now, operator, action, str(table_id), detail or {}, applied=applied)


def log(store: Store, operator: str, action: str, target: str, detail: Mapping[str, Any]) -> Entry:
    """Write an audit row for an action that changes nothing (a hand looked up), applied at once."""
    with store.writing() as conn:
        return record(conn, store.now(), operator, action, target, detail, applied=True)


def pending(store: Store) -> list[Entry]:
    """The rows no server has applied yet, oldest first (one indexed read: the server's poll)."""
    query = select(audit_log).where(audit_log.c.applied_at.is_(None)).order_by(audit_log.c.id)
    with store.reading() as conn:
        return [_entry(r) for r in conn.execute(query)]


def in_flight(store: Store) -> list[Entry]:
    """The table actions a server claimed (:func:`claim`) within the last :data:`CLAIM_SECONDS` and has not marked
    applied (:func:`mark_applied`) yet, oldest first: a table's later queued actions wait for them (audit order)."""
    since = to_naive_utc(store.now() - timedelta(seconds=CLAIM_SECONDS))
    query = (
        select(audit_log)
        .where(audit_log.c.applied_at >= since, audit_log.c.action.in_(TABLE_ACTIONS))
        .order_by(audit_log.c.id)
    )
    with store.reading() as conn:
        rows = [_entry(r) for r in conn.execute(query)]
    return [e for e in rows if "applied" not in e.detail]


def claim(store: Store, entry_id: int) -> bool:
    """Mark row ``entry_id`` applied now unless a server has already; whether this call did.  Where several
    servers poll the queue (the gateways of a split room), a table action is applied by the one that claims it
    (:func:`mark_applied` then adds what applying did, keeping the time of the claim)."""
    now = to_naive_utc(store.now())
    with store.writing() as conn:
        done = conn.execute(
            update(audit_log)
            .where(audit_log.c.id == entry_id, audit_log.c.applied_at.is_(None))
            .values(applied_at=now)
        )
        return bool(done.rowcount)


def unclaim(store: Store, entry_id: int) -> None:
    """Put row ``entry_id`` back in the queue (its server claimed it and could not apply it yet: a split room's
    table changing hands); the next poll tries it again."""
    with store.writing() as conn:
        conn.execute(update(audit_log).where(audit_log.c.id == entry_id).values(applied_at=None))


def mark_applied(store: Store, done: Mapping[int, Mapping[str, Any]]) -> None:
    """Mark the rows ``done`` (id -> what a server's applying did, merged into the row's detail as ``applied``)
    applied: now, or when they were stored applied (an API action).  Every row a server applied says so alike,
    whichever channel wrote it."""
    if not done:
        return
    now = to_naive_utc(store.now())
    with store.writing() as conn:
        for entry_id, result in done.items():
            row = conn.execute(select(audit_log.c.detail).where(audit_log.c.id == entry_id)).first()
            if row is None:
                continue
            detail = {**dict(row.detail or {}), "applied": dict(result)}
            conn.execute(
                update(audit_log)
                .where(audit_log.c.id == entry_id)
                .values(applied_at=func.coalesce(audit_log.c.applied_at, now), detail=detail)
            )


def entries(store: Store, *, since: datetime | None = None, limit: int = 100) -> list[Entry]:
    """The audit log, newest first: rows at or after ``since``, at most ``limit`` (1 or more); :class:`AdminError`
    (400) for a limit under 1 or a ``since`` out of range (:func:`utc_time`)."""
    if limit < 1:
        raise AdminError(f"the limit is 1 or more rows, not {limit}", status=400)
    if since is not None:
        since = utc_time(since, "since")
    query = select(audit_log).order_by(audit_log.c.id.desc()).limit(limit)
    if since is not None:
        query = query.where(audit_log.c.at >= to_naive_utc(since))
    with store.reading() as conn:
        return [_entry(r) for r in conn.execute(query)]


# ------------------------------------------------------------------ the servers' desks


def desk_open(store: Store, owner: str, host: str, pid: int) -> None:
    """Register a starting server's desk (no one online yet)."""
    now = to_naive_utc(store.now())
    with store.writing() as conn:
        conn.execute(
            insert(admin_desks).values(
                owner=owner, host=host[:255], pid=pid, started_at=now, beat_at=now, presence=[], presence_at=now
            )
        )


def desk_beat(store: Store, owner: str, presence: Iterable[Mapping[str, Any]] | None = None) -> None:
    """The server ``owner`` is alive; ``presence``: who is online now (``None``: unchanged, not rewritten)."""
    now = to_naive_utc(store.now())
    values: dict[str, Any] = {"beat_at": now}
    if presence is not None:
        values.update(presence=[dict(p) for p in presence], presence_at=now)
    with store.writing() as conn:
        conn.execute(update(admin_desks).where(admin_desks.c.owner == owner).values(**values))


def desk_close(store: Store, owner: str) -> None:
    """The server ``owner`` stopped: its desk goes."""
    with store.writing() as conn:
        conn.execute(delete(admin_desks).where(admin_desks.c.owner == owner))


def desks(store: Store) -> list[Desk]:
    """Every server desk in the store, newest beat first (stale ones too: see :func:`server_running`)."""
    with store.reading() as conn:
        rows = list(conn.execute(select(admin_desks).order_by(admin_desks.c.beat_at.desc())))
    return [
        Desk(
            str(r.owner),
            str(r.host),
            int(r.pid),
            as_utc(r.started_at),
            as_utc(r.beat_at),
            list(r.presence or []),
            as_utc(r.presence_at),
        )
        for r in rows
    ]


def servers_running(store: Store) -> list[Desk]:
    """The desks of the servers that beat within :data:`DESK_FRESH` seconds, newest beat first (the gateways of a
    split room; one for the single process)."""
    now = store.now()
    return [desk for desk in desks(store) if (now - desk.beat_at).total_seconds() <= DESK_FRESH]


def server_running(store: Store) -> Desk | None:
    """The desk of a server that beat within :data:`DESK_FRESH` seconds (the newest beat), or ``None`` (no server
    runs)."""
    running = servers_running(store)
    return running[0] if running else None
