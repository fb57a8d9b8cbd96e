"""``pokerroom admin``: the server's operators, who moderate the table chat (remove messages, mute players).

* ``pokerroom admin create NAME [--database URL] [--password-file FILE]``: make NAME an operator (the store's
  ``roles``, :mod:`pokerroom.store.roles`).  A player who has not signed up yet is signed up first, with the password
  read from FILE (its first line) or typed at a prompt without echo, twice;
* ``pokerroom admin list [--database URL]``: every operator and since when.

The operators' tools (issue 20; docs/server.md, "Operators"), each written to the audit log
(:mod:`pokerroom.store.audit`; ``--by NAME`` says who acted, ``cli:USER`` by default): ``online``, ``suspend NAME
--until TIME | --for 12h``, ``ban NAME``, ``reinstate NAME``, ``password NAME [--password-file FILE]``, ``close ID``,
``pause ID``, ``resume ID``, ``void ID [--hand HAND]``, ``hand ID [--phh]`` and ``audit [--since DATE] [--limit
N]``.  They change the store at once; what only the running server can do (close sockets, stand players up, act on
its tables) is queued for it, and it applies it within about 2 s; each command says which server last checked in
and how long ago (a server on this machine whose process is gone is said to be gone).  With no server running, an
action on a player needs nothing more than the store and is stored applied; a table's action waits queued.

Exit codes: 0 done (an operator made operator again changes nothing); 1 refused (no such player, table or hand, or
not in a state the action applies to, a hand still being played looked up: the reason on standard error); 2 bad
arguments (a database pokerroom cannot open, a name or password the server refuses, a name signed up in another
spelling, an unreadable password file, a duration or time that is none or out of the calendar's range).
"""

from __future__ import annotations

import getpass
import json
import os
import re
import socket
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from pokerroom.cli.database import DEFAULT_DATABASE, Database
from pokerroom.cli.report import open_store
from pokerroom.errors import PokerroomError
from pokerroom.store import Store, audit
from pokerroom.store.roles import OPERATOR, grant, holders
from pokerroom.words import plural

__all__ = ["admin_app", "create", "list_operators"]

admin_app = typer.Typer(
    name="admin",
    help="The server's operators and their tools: players, tables, hands, the audit log.",
    no_args_is_help=True,
    add_completion=False,
)

PasswordFile = Annotated[
    Path | None,
    typer.Option(
        "--password-file",
        help="A new player's password: the first line of this file (else it is asked for, without echo).",
        dir_okay=False,
    ),
]


def _password(path: Path | None) -> str:
    if path is None:
        return str(typer.prompt("Password for the new player", hide_input=True, confirmation_prompt=True))
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise typer.BadParameter(f"cannot read {str(path)!r}: {exc}", param_hint="--password-file") from None
    if not lines or not lines[0]:
        raise typer.BadParameter(f"{str(path)!r} has no password on its first line", param_hint="--password-file")
    return lines[0]


@admin_app.command()
def create(name: str, database: Database = DEFAULT_DATABASE, password_file: PasswordFile = None) -> None:
    """Make NAME an operator, signing NAME up first when there is no such player."""
    from pokerroom.server.accounts import Users  # the server's packages load only for this command (as serve)

    store = open_store(database, create=True)
    try:
        users = Users(store)
        found = users.login_name(name)
        if found is not None and found != name:
            raise typer.BadParameter(f"the player is called {found!r}, not {name!r}; give that name", param_hint="NAME")
        new = found is None
        try:
            if new:
                users.log_out(users.sign_up(name, _password(password_file)))  # an account, no session left open
            granted = grant(store, name, OPERATOR)
        except PokerroomError as exc:
            raise typer.BadParameter(str(exc), param_hint="NAME") from None
    finally:
        store.close()
    if new:
        typer.echo(f"{name}: signed up and made an operator")
    elif granted:
        typer.echo(f"{name}: made an operator")
    else:
        typer.echo(f"{name}: already an operator")


@admin_app.command(name="list")
def list_operators(database: Database = DEFAULT_DATABASE) -> None:
    """Every operator, by name, and since when (UTC)."""
    store = open_store(database)
    try:
        grants = holders(store, OPERATOR)
    finally:
        store.close()
    if not grants:
        typer.echo("no operators; make one with: pokerroom admin create NAME")
    for g in grants:
        typer.echo(f"{g.name}  operator since {g.granted_at:%Y-%m-%d %H:%M} UTC")


# ---------------------------------------------------------------------------------------------- the operators' tools

By = Annotated[
    str | None,
    typer.Option("--by", help="Who does this, as the audit log names them (default: cli:USER, the system user)."),
]
Reason = Annotated[str, typer.Option(help="Why, for the audit log.")]
TableId = Annotated[int, typer.Argument(help="The table's id (as the lobby and `pokerroom report` show it).")]

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def _by(by: str | None) -> str:
    return by or f"cli:{getpass.getuser()}"


def _duration(text: str) -> timedelta:
    """``30m``, ``12h``, ``7d``, ``2w`` or ``90s`` as a :class:`timedelta`; :class:`typer.BadParameter` else."""
    match = re.fullmatch(r"\s*(\d+)\s*([smhdw])\s*", text)
    if match is None or int(match.group(1)) <= 0:
        raise typer.BadParameter(
            f"{text!r} is no duration; give a whole number and a unit: 90s, 30m, 12h, 7d, 2w", param_hint="--for"
        )
    try:
        return timedelta(seconds=int(match.group(1)) * _UNITS[match.group(2)])
    except OverflowError:
        raise typer.BadParameter(
            f"{text!r} is too long: a suspension ends by {audit.LATEST.date().isoformat()} (a ban has no end)",
            param_hint="--for",
        ) from None


def _iso_time(text: str) -> datetime:
    """An option's ISO 8601 time (``2026-12-24``, ``2026-12-24T18:00``, ``2026-12-24 18:00:00+05:00``, ``...Z``);
    exit 2 naming the forms allowed.  Parsed here rather than by Typer, whose own datetime type takes no zone."""
    try:
        return datetime.fromisoformat(text.strip())
    except ValueError:
        raise typer.BadParameter(
            f"{text!r} is not a time: give YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], with a zone (+05:00, Z) or UTC"
        ) from None


def _utc(moment: datetime, option: str) -> datetime:
    """``moment`` (UTC unless it names a zone) in UTC; exit 2 when the calendar cannot hold it in UTC."""
    try:
        return audit.utc_time(moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC), option)
    except audit.AdminError as err:
        raise typer.BadParameter(str(err), param_hint=option) from None


def _when(moment: datetime) -> str:
    return f"{_utc(moment, 'the time'):%Y-%m-%d %H:%M:%S} UTC"


def _refused(err: PokerroomError) -> NoReturn:
    """A refusal: bad input exits 2 (typer's usage error), a player, table or hand not there or in another state
    exits 1, the store's message on standard error either way."""
    if isinstance(err, audit.AdminError) and err.status == 400:
        raise typer.BadParameter(str(err)) from None
    typer.echo(f"refused: {err}", err=True)
    raise typer.Exit(1)


def _gone(desk: audit.Desk) -> bool:
    """Whether ``desk``'s server ran on this machine and its process is gone (killed: its desk row stays)."""
    if desk.host != socket.gethostname():
        return False  # another machine's process cannot be looked at from here
    try:
        os.kill(desk.pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # there, another user's: alive
        return False
    return False


def _no_server(store: Store) -> bool:
    """Whether no server is running (none checked in lately, or its process here is gone): an action on a
    player then needs nothing more than the store, and is stored applied (no server start applies it later)."""
    desk = audit.server_running(store)
    return desk is None or _gone(desk)


def _ended(entry: audit.Entry) -> str:
    return f"{plural(int(entry.detail['sessions_ended']), 'session')} ended"


def _server(store: Store, queued: str, no_server: str) -> str:
    """What becomes of an action queued for the running server: ``queued`` (a prefix; none when empty) and when it
    applies it, when one checked in lately (with how long ago); ``no_server`` else."""
    running = audit.servers_running(store)
    if not running:
        return f"no server is running: {no_server}"
    said = f"{queued}: " if queued else ""  # "" when the first line says it is queued already
    live = [d for d in running if not _gone(d)]
    if len(live) > 1:  # the gateways of a split room: whichever polls first claims it
        names = ", ".join(f"{d.host} pid {d.pid}" for d in live)
        return f"{said}one of the room's {len(live)} servers ({names}) applies it within about 2 s"
    desk = live[0] if live else running[0]
    ago = f"last heard from {(store.now() - desk.beat_at).total_seconds():.0f} s ago"
    if not live:
        return f"the server ({desk.host}, pid {desk.pid}; {ago}) is gone: {no_server}"
    return f"{said}the server ({desk.host}, pid {desk.pid}; {ago}) applies it within about 2 s if it still runs"


@admin_app.command()
def online(database: Database = DEFAULT_DATABASE) -> None:
    """Who is online and where, as the running server last wrote it (and how fresh that is)."""
    store = open_store(database)
    try:
        desk = audit.server_running(store)
        now = store.now()
        names = {table_id: name for table_id, name, _game in store.tables()}
    finally:
        store.close()
    if desk is None:
        typer.echo(f"no server is running (none has checked in within {audit.DESK_FRESH:g} s): nobody is online")
        return
    age = (now - desk.presence_at).total_seconds()
    beat = (now - desk.beat_at).total_seconds()
    typer.echo(
        f"online at {desk.host} (pid {desk.pid}) as of {_when(desk.presence_at)}, {age:.0f} s ago (rewritten when "
        f"someone comes or goes; the server last checked in {beat:.0f} s ago)"
    )
    if not desk.presence:
        typer.echo("nobody is online")

    def shown(ids: list[int]) -> str:
        return ", ".join(f"#{t} {names[t]}" if t in names else f"#{t}" for t in ids) or "-"

    for p in desk.presence:
        seated, watching = shown(p["seated"]), shown(p["watching"])
        typer.echo(f"{p['player']}  seated at: {seated}  watching: {watching}")


@admin_app.command()
def suspend(
    name: str,
    until: Annotated[
        datetime | None,
        typer.Option(
            parser=_iso_time,
            metavar="TIME",
            help="The suspension's end (UTC unless a zone is given), e.g. 2026-12-24T18:00.",
        ),
    ] = None,
    for_: Annotated[str | None, typer.Option("--for", help="The suspension's length: 90s, 30m, 12h, 7d, 2w.")] = None,
    reason: Reason = "",
    by: By = None,
    database: Database = DEFAULT_DATABASE,
) -> None:
    """Suspend NAME until a time (--until) or for a while (--for): sessions end, log-in refused until then."""
    if (until is None) == (for_ is None):
        raise typer.BadParameter("give the suspension's end: --until TIME or --for DURATION (one of them)")
    length = _duration(for_) if for_ is not None else None
    end_at = _utc(until, "--until") if until is not None else None
    store = open_store(database)
    try:
        try:
            end = end_at if end_at is not None else audit.utc_after(store.now(), length or timedelta(), "--for")
        except audit.AdminError as err:
            raise typer.BadParameter(str(err), param_hint="--for") from None
        try:
            entry = audit.hold(
                store, name, audit.SUSPENDED, until=end, reason=reason, operator=_by(by), applied=_no_server(store)
            )
        except PokerroomError as err:
            _refused(err)
        note = _server(store, "their sockets close and they stand up", "nothing more to do")
    finally:
        store.close()
    typer.echo(
        f"{name}: suspended until {_when(end)}; {_ended(entry)} (audit #{entry.id})"
    )
    typer.echo(note)


@admin_app.command()
def ban(name: str, reason: Reason = "", by: By = None, database: Database = DEFAULT_DATABASE) -> None:
    """Ban NAME for good: sessions end, log-in refused; their chips stay in their accounts."""
    store = open_store(database)
    try:
        try:
            entry = audit.hold(store, name, audit.BANNED, reason=reason, operator=_by(by), applied=_no_server(store))
        except PokerroomError as err:
            _refused(err)
        note = _server(store, "their sockets close and they stand up", "nothing more to do")
    finally:
        store.close()
    typer.echo(f"{name}: banned; {_ended(entry)} (audit #{entry.id})")
    typer.echo(note)


@admin_app.command()
def reinstate(name: str, by: By = None, database: Database = DEFAULT_DATABASE) -> None:
    """Lift NAME's suspension or ban: they may log in again."""
    store = open_store(database)
    try:
        try:
            entry = audit.reinstate(store, name, operator=_by(by), applied=_no_server(store))
        except PokerroomError as err:
            _refused(err)
    finally:
        store.close()
    typer.echo(f"{name}: reinstated (was {entry.detail['was']}; audit #{entry.id})")


@admin_app.command()
def password(
    name: str, password_file: PasswordFile = None, by: By = None, database: Database = DEFAULT_DATABASE
) -> None:
    """Reset NAME's password: the first line of --password-file, else a generated one printed once; every
    session of theirs ends."""
    from pokerroom.server.accounts import AuthError, Users  # the server's packages load only for this command
    from pokerroom.server.admin_routes import new_password

    secret = _password(password_file) if password_file is not None else new_password()
    try:
        Users.check_password(secret)
    except AuthError as err:
        raise typer.BadParameter(str(err), param_hint="--password-file") from None
    store = open_store(database)
    try:
        hashed = Users(store).hash(secret)
        try:
            entry = audit.reset_password(
                store, name, hashed, generated=password_file is None, operator=_by(by), applied=_no_server(store)
            )
        except PokerroomError as err:
            _refused(err)
        note = _server(store, "their sockets close", "nothing more to do")
    finally:
        store.close()
    if password_file is None:
        typer.echo(f"{name}: new password {secret}  (shown this once)")
    typer.echo(f"{name}: password reset; {_ended(entry)} (audit #{entry.id})")
    typer.echo(note)


def _table_action(
    database: str, table: int, action: str, by: str | None, *, no_server: str, hand: int | None = None
) -> None:
    store = open_store(database)
    try:
        detail: dict[str, object] = {}
        if action == "void":
            try:
                playing = [h.id for h in store.hands_in_progress(table)]
            except PokerroomError as err:
                _refused(err)
            if not playing:
                _refused(audit.AdminError(f"no hand is being played at table {table}"))
            if hand is not None and hand not in playing:
                _refused(audit.AdminError(f"hand {hand} is not being played at table {table}; hand {playing[-1]} is"))
            detail["hand"] = hand if hand is not None else playing[-1]
        try:
            entry = audit.table_action(store, table, action, operator=_by(by), applied=False, detail=detail)
        except PokerroomError as err:
            _refused(err)
        note = _server(store, "" if action == "void" else "queued", no_server)
    finally:
        store.close()
    what = {
        "close": "closed", "pause": "paused", "resume": "resumed",
        "void": f"hand {detail.get('hand')} queued for the server to void",  # only a server voids it: not done yet
    }  # fmt: skip
    typer.echo(f"table {table}: {what[action]} (audit #{entry.id})")
    typer.echo(note)


@admin_app.command()
def close(table: TableId, by: By = None, database: Database = DEFAULT_DATABASE) -> None:
    """Close TABLE: no more deals; after the hand being played everyone stands up, cashed out to their accounts;
    the table leaves the lobby for good."""
    _table_action(database, table, "close", by, no_server="the table is stored closed; no server will open it again")


@admin_app.command()
def pause(table: TableId, by: By = None, database: Database = DEFAULT_DATABASE) -> None:
    """Pause TABLE: no new deal until resumed (the hand being played plays on)."""
    _table_action(database, table, "pause", by, no_server="the table is stored paused; a server starting deals none")


@admin_app.command()
def resume(table: TableId, by: By = None, database: Database = DEFAULT_DATABASE) -> None:
    """Resume a paused TABLE: it deals again."""
    _table_action(database, table, "resume", by, no_server="the table is stored open again")


@admin_app.command()
def void(
    table: TableId,
    hand: Annotated[
        int | None,
        typer.Option(help="The hand to void (the store's id, as the table shows it); refused when another is played."),
    ] = None,
    by: By = None,
    database: Database = DEFAULT_DATABASE,
) -> None:
    """Void the hand being played at TABLE under the crash rule (RULES §3.8: every contribution back); without
    --hand, the one being played now (its id printed)."""
    _table_action(
        database, table, "void", by, hand=hand,
        no_server="the action waits queued; a server opening the table voids that hand by the crash rule anyway",
    )  # fmt: skip


@admin_app.command()
def hand(
    hand_id: Annotated[int, typer.Argument(metavar="ID", help="The hand's id (the store's).")],
    phh: Annotated[bool, typer.Option("--phh", help="The PHH text instead of the record's JSON.")] = False,
    by: By = None,
    database: Database = DEFAULT_DATABASE,
) -> None:
    """Hand ID with every card (all hole cards, the deck): the record's JSON, or PHH with --phh.  Audit-logged."""
    from pokerroom.server.admin_routes import hand_lookup  # the server's packages load only for this command

    store = open_store(database)
    try:
        try:
            out, _entry = hand_lookup(store, hand_id, _by(by), phh)
        except PokerroomError as err:
            _refused(err)
    finally:
        store.close()
    typer.echo(out if phh else json.dumps(out, indent=1))


@admin_app.command(name="audit")
def audit_log(
    since: Annotated[
        datetime | None,
        typer.Option(
            parser=_iso_time, metavar="TIME", help="Only rows at or after this time (UTC unless a zone is given)."
        ),
    ] = None,
    limit: Annotated[int, typer.Option(min=1, help="The most rows shown, newest first.")] = 50,
    database: Database = DEFAULT_DATABASE,
) -> None:
    """The audit log, newest first: every admin action, by whom, on what, and when a server applied it."""
    store = open_store(database)
    try:
        rows = audit.entries(store, since=None if since is None else _utc(since, "--since"), limit=limit)
    finally:
        store.close()
    if not rows:
        typer.echo("no admin actions logged")
    for e in rows:
        applied = "queued" if e.applied_at is None else f"applied {_when(e.applied_at)}"
        detail = json.dumps(e.detail, sort_keys=True)
        typer.echo(f"#{e.id}  {_when(e.at)}  {e.operator}  {e.action} {e.target}  {detail}  {applied}")
