"""The operators' endpoints (issue 20), under ``/api/admin``: 401 logged out, 403 for a player who is not an
operator (:mod:`pokerroom.store.roles`).  Every action is written to the audit log (:mod:`pokerroom.store.audit`)
in the transaction that makes it, applied to the room at once (:class:`~pokerroom.server.admin_desk.AdminDesk`)
and stored applied; a refusal changes nothing (404 no such player, table or hand; 409 not in a state the action
applies to; 400 bad input).

* ``GET /api/admin/online`` → ``{"players": [{"player", "seated": [ids], "watching": [ids]}]}``;
* ``POST /api/admin/players/{name}/suspend`` ``{"until": ISO time | null, "seconds": n | null, "reason"}`` →
  ``{"audit": row, "applied": what it did}``: their sessions end, their sockets close (4423), they stand up after the
  hand they are dealt into (chips back to their account); log-in refused (403) until then;
* ``POST /api/admin/players/{name}/ban`` ``{"reason"}``: the same, for good; ``POST .../reinstate`` lifts either;
* ``POST /api/admin/players/{name}/password`` ``{"password": text | null}`` → ``{"audit", "applied",
  "password"}`` (the one generated, shown this once; ``null`` when given): their sessions end;
* ``POST /api/admin/tables/{id}/close`` | ``pause`` | ``resume`` → ``{"audit", "applied"}``;
* ``POST /api/admin/tables/{id}/void`` ``{"hand": ID}`` (the store's id of the hand being played, as the table's
  state shows it) → ``{"audit", "applied"}``; 409 when that hand is not the one being played (a double click
  voids one hand, never the next);
* ``GET /api/admin/hands/{id}`` → ``{"hand_id", "status", "record"}`` (every card: the record's JSON), or
  ``?format=phh`` the PHH text; audit-logged; 409 for a hand still being played (its deck's seed is secret
  until it is over);
* ``GET /api/admin/audit?since=ISO&limit=N`` → ``[row]``, newest first.

Actions apply in audit order (:meth:`AdminDesk.act`): what the command line queued before an API action is
applied before it.  Times out of the calendar's range are refused (400, :func:`pokerroom.store.audit.utc_time`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Depends, HTTPException, Query
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, Field

from pokerroom.errors import PokerroomError, StoreError
from pokerroom.formats.phh import dumps
from pokerroom.formats.phh_hand import from_record
from pokerroom.room.record import Status
from pokerroom.room.record_json import record_json
from pokerroom.server.accounts import MAX_PASSWORD, AuthError, Users
from pokerroom.server.admin_desk import AdminDesk
from pokerroom.server.lobby import TableUnreachable
from pokerroom.store import Store, audit

__all__ = ["GENERATED_PASSWORD_BYTES", "HoldBody", "PasswordBody", "VoidBody", "admin_routes", "new_password"]

GENERATED_PASSWORD_BYTES = 12
"""Random bytes of a generated password (16 URL-safe characters)."""


def new_password() -> str:
    """A random password for a reset (:data:`GENERATED_PASSWORD_BYTES` bytes, URL-safe text)."""
    return secrets.token_urlsafe(GENERATED_PASSWORD_BYTES)


class HoldBody(BaseModel):
    """A suspension's end (``until``, else ``seconds`` from now; a ban takes neither) and the reason."""

    until: datetime | None = None
    seconds: int | None = Field(default=None, ge=1, le=10 * 365 * 86400)
    reason: str = Field(default="", max_length=500)


class PasswordBody(BaseModel):
    """A reset's new password; ``None``: one is generated."""

    password: str | None = Field(default=None, max_length=MAX_PASSWORD)


class VoidBody(BaseModel):
    """The hand a void is for: the store's id of the hand being played (a table action's body; only a void
    takes one, and needs it)."""

    hand: int | None = Field(default=None, ge=1, le=2**63 - 1)


def _status(err: PokerroomError) -> int:
    if isinstance(err, audit.AdminError):
        return err.status
    if isinstance(err, AuthError):
        return err.status
    return 400


def hand_lookup(store: Store, hand_id: int, operator: str, phh: bool) -> tuple[Any, audit.Entry]:
    """The full record of hand ``hand_id`` (every card, from the unviewed record) as JSON, or its PHH text, and
    the audit row the look-up wrote.  :class:`~pokerroom.errors.StoreError` for an unknown hand,
    :class:`~pokerroom.store.audit.AdminError` (409) for a hand still being played (its deck's server seed and
    undealt cards are secret until it is over); nothing written then."""
    record = store.hand_record(hand_id)
    if record.status is Status.INCOMPLETE:
        raise audit.AdminError(f"hand {hand_id} is still being played; look it up once it is over", status=409)
    out: Any = dumps(from_record(record, hand_id=hand_id)) if phh else record_json(record)
    entry = audit.log(store, operator, "hand", str(hand_id), {"format": "phh" if phh else "json"})
    return out, entry


def admin_routes(store: Store, users: Users, desk: AdminDesk, player: Callable[..., str]) -> APIRouter:
    """The endpoints of the module docstring; ``player`` is the dependency naming the logged-in player."""
    router = APIRouter(prefix="/api/admin")

    async def run(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        try:
            return await anyio.to_thread.run_sync(lambda: fn(*args, **kwargs))
        except PokerroomError as err:
            raise HTTPException(status_code=_status(err), detail=str(err)) from None

    async def operator(name: str = Depends(player)) -> str:
        if not await anyio.to_thread.run_sync(users.is_operator, name):
            raise HTTPException(status_code=403, detail=f"{name} is not an operator; this is the operators' page")
        return name

    async def applied(fn: Callable[..., audit.Entry], *args: Any, **kwargs: Any) -> dict[str, object]:
        # The action stored and applied after what the command line queued before it (audit order).
        try:
            entry, done = await desk.act(lambda: fn(*args, **kwargs))
        except PokerroomError as err:
            raise HTTPException(status_code=_status(err), detail=str(err)) from None
        return {"audit": entry.json(), "applied": done}

    @router.get("/online")
    async def online(name: str = Depends(operator)) -> dict[str, object]:
        return {"players": desk.presence()}

    @router.post("/players/{target}/suspend")
    async def suspend(target: str, body: HoldBody, name: str = Depends(operator)) -> dict[str, object]:
        if (body.until is None) == (body.seconds is None):
            raise HTTPException(status_code=400, detail="give the suspension's end: until (a time) or seconds")
        until = body.until
        if until is None:
            assert body.seconds is not None
            until = store.now() + timedelta(seconds=body.seconds)
        elif until.tzinfo is None:
            until = until.replace(tzinfo=UTC)
        return await applied(
            audit.hold, store, target, audit.SUSPENDED, until=until, reason=body.reason, operator=name, applied=True
        )

    @router.post("/players/{target}/ban")
    async def ban(target: str, body: HoldBody | None = None, name: str = Depends(operator)) -> dict[str, object]:
        reason = body.reason if body is not None else ""
        return await applied(audit.hold, store, target, audit.BANNED, reason=reason, operator=name, applied=True)

    @router.post("/players/{target}/reinstate")
    async def reinstate(target: str, name: str = Depends(operator)) -> dict[str, object]:
        return await applied(audit.reinstate, store, target, operator=name, applied=True)

    @router.post("/players/{target}/password")
    async def password(
        target: str, body: PasswordBody | None = None, name: str = Depends(operator)
    ) -> dict[str, object]:
        given = body.password if body is not None else None
        secret = given if given is not None else new_password()
        try:
            users.check_password(secret)
        except AuthError as err:
            raise HTTPException(status_code=400, detail=f"the new password: {err}") from None
        hashed = await anyio.to_thread.run_sync(users.hash, secret)
        done = await applied(
            audit.reset_password, store, target, hashed, generated=given is None, operator=name, applied=True
        )
        return {**done, "password": None if given is not None else secret}

    @router.post("/tables/{table_id}/{action}")
    async def table(
        table_id: int, action: str, body: VoidBody | None = None, name: str = Depends(operator)
    ) -> dict[str, object]:
        if action not in audit.TABLE_ACTIONS:
            actions = ", ".join(audit.TABLE_ACTIONS)
            raise HTTPException(status_code=404, detail=f"no table action {action!r}; the actions are {actions}")
        try:
            state = await desk.lobby.table_state(table_id)
        except TableUnreachable as err:  # a split room's table being taken over: a moment later it answers
            raise HTTPException(status_code=503, detail=str(err)) from None
        if state is None or state["closing"]:
            raise HTTPException(status_code=404, detail=f"no open table with id {table_id}")
        detail: dict[str, object] = {}
        wanted = body.hand if body is not None else None
        if action != "void" and wanted is not None:
            raise HTTPException(status_code=400, detail=f"hand: only a void names a hand, not a {action}")
        if action == "void":
            playing = state["hand_playing"]
            if wanted is None:
                raise HTTPException(
                    status_code=400,
                    detail='give the hand to void: {"hand": ID}, the id of the hand being played (the table shows it)',
                )
            if wanted != playing:
                now = "no hand is" if playing is None else f"hand {playing} is"
                raise HTTPException(
                    status_code=409, detail=f"hand {wanted} is not being played at table {table_id}; {now}"
                )
            detail["hand"] = wanted
        return await applied(audit.table_action, store, table_id, action, operator=name, applied=True, detail=detail)

    @router.get("/hands/{hand_id}", response_model=None)
    async def hand(
        hand_id: int, format: str = Query(default="json", pattern="^(json|phh)$"), name: str = Depends(operator)
    ) -> Response | dict[str, object]:
        try:
            out, entry = await anyio.to_thread.run_sync(hand_lookup, store, hand_id, name, format == "phh")
        except audit.AdminError as err:
            raise HTTPException(status_code=err.status, detail=str(err)) from None
        except StoreError as err:
            said = str(err)  # "no hand with id N" names the hand once; any other reason is given its id
            detail = said if str(hand_id) in said else f"hand {hand_id}: {said}"
            raise HTTPException(status_code=404, detail=detail) from None
        except PokerroomError as err:
            raise HTTPException(status_code=422, detail=f"hand {hand_id} cannot be written: {err}") from None
        await desk.apply(entry, via="api")
        if format == "phh":
            return PlainTextResponse(out)
        return {"hand_id": hand_id, "status": out["status"], "record": out}

    @router.get("/audit")
    async def audit_log(
        since: datetime | None = None, limit: int = Query(default=100, ge=1, le=10_000), name: str = Depends(operator)
    ) -> list[dict[str, object]]:
        rows = await run(audit.entries, store, since=since, limit=limit)
        return [e.json() for e in rows]

    return router
