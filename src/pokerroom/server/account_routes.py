"""The account endpoints: sign-up, log-in, log-out, log-out everywhere and the password change.

Each is asynchronous: the store's reads and writes go to the server's worker threads, the password hashes to the
hashing pool (:mod:`pokerroom.server.hashing`, 503 with ``Retry-After`` when full), and the throttle
(:mod:`pokerroom.server.throttle`, 429 with ``Retry-After``) is asked before any hash.  Ending sessions closes the
WebSockets opened under them at once (:class:`~pokerroom.server.sockets.SocketRegistry`).

* ``POST /api/signup`` ``{"name", "password"}`` → 201 ``{"player", "balances"}`` and the cookies;
* ``POST /api/login`` ``{"name", "password"}`` → 200 the same;
* ``POST /api/logout`` → ``{}``: this session ends, its sockets close;
* ``POST /api/logout-everywhere`` → ``{"closed": n}``: every session of the player ends, every socket closes;
* ``POST /api/password`` ``{"old", "new"}`` → ``{"player", "balances"}``: the old password checked, every session
  and socket of the player ended, the caller given a fresh session.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Depends, HTTPException, Request, Response
from pydantic import BaseModel, Field

from pokerroom.server.accounts import MAX_PASSWORD, SESSION_DAYS, AuthError, Users, digest
from pokerroom.server.hashing import HashPool, PoolBusy
from pokerroom.server.metrics import RoomMetrics
from pokerroom.server.oplog import event
from pokerroom.server.sockets import SocketRegistry
from pokerroom.server.throttle import DEVICE_COOKIE, DEVICE_DAYS, LoginThrottle, Throttled, address_key
from pokerroom.store.audit import hold_of

__all__ = ["COOKIE", "AccountRoutes", "Credentials", "NewPassword", "account_routes", "client_address"]

COOKIE = "pokerroom_session"
"""The session cookie's name."""

_DAY = 86400


class Credentials(BaseModel):
    name: str = Field(max_length=100)
    password: str = Field(max_length=MAX_PASSWORD)


class NewPassword(BaseModel):
    """``POST /api/password``: the password now and the one wanted."""

    old: str = Field(max_length=MAX_PASSWORD)
    new: str = Field(max_length=MAX_PASSWORD)


def client_address(request: Any) -> str:
    """The client's address as the server sees it (a request or a WebSocket), keyed for the per-address limits
    by :func:`~pokerroom.server.throttle.address_key` (an IPv6 address as its /64)."""
    client = request.client
    return address_key(client.host) if client is not None else "unknown"


def _too_many(err: Throttled) -> HTTPException:
    return HTTPException(status_code=429, detail=str(err), headers={"Retry-After": str(err.retry_after)})


def _busy(err: PoolBusy) -> HTTPException:
    return HTTPException(status_code=503, detail=str(err), headers={"Retry-After": str(err.retry_after)})


@dataclass
class AccountRoutes:
    """What the account endpoints work with: the players, the throttle, the hashing pool, the open sockets,
    ``me`` (a player's ``{"player", "balances"}``), ``player`` (the dependency naming the logged-in player),
    ``leave_waitlists`` (awaited on the event loop) and whether cookies are ``secure`` (an https public URL)."""

    users: Users
    throttle: LoginThrottle
    pool: HashPool
    sockets: SocketRegistry
    me: Callable[[str], dict[str, object]]
    player: Callable[..., str]
    leave_waitlists: Callable[[str], Awaitable[object]]
    secure: bool = False
    path: str = "/"
    """The cookies' path: the room's base path (``/poker/`` behind a proxy, server/operations.py)."""
    metrics: RoomMetrics | None = None

    def set_cookies(self, response: Response, token: str, name: str, stored: str) -> None:
        response.set_cookie(
            COOKIE, token, httponly=True, samesite="lax", secure=self.secure, max_age=SESSION_DAYS * _DAY,
            path=self.path,
        )
        response.set_cookie(
            DEVICE_COOKIE,
            self.users.device_mark(name, stored),
            httponly=True,
            samesite="lax",
            secure=self.secure,
            max_age=DEVICE_DAYS * _DAY,
            path=self.path,
        )

    def drop_cookie(self, response: Response) -> None:
        response.delete_cookie(COOKIE, httponly=True, samesite="lax", secure=self.secure, path=self.path)

    async def hash(self, fn: Callable[..., Any], *args: object) -> Any:
        try:
            return await self.pool.run(fn, *args)
        except PoolBusy as err:
            raise _busy(err) from None

    async def check(self, name: str, password: str, address: str, device: str | None, *, owner: bool) -> str:
        """``name``'s stored hash when ``password`` is theirs; 429, 503 or 401.  ``device``: the request's device
        cookie (a known device of ``name`` skips the shared buckets for a bucket of its own); ``owner``: the caller
        is logged in as ``name``, so the per-name limit does not apply and a wrong password is a 403, not a lost
        session."""
        stored = await anyio.to_thread.run_sync(self.users.stored_hash, name)
        known = device if device is not None and self.users.known_device(device, name, stored) else None
        try:
            held = self.throttle.log_in(name, address, device=known, owner=owner)
        except Throttled as err:
            raise _too_many(err) from None
        try:
            ok = await self.pool.run(self.users.verify, stored, password)
        except PoolBusy as err:
            held.refund()  # nothing was checked
            raise _busy(err) from None
        if not ok:
            if self.metrics is not None and not owner:
                self.metrics.login(ok=False)
            event("login_failed", level=logging.WARNING, name=name, address=address, password_change=owner)
            if owner:
                raise HTTPException(status_code=403, detail="the old password is wrong")
            raise HTTPException(status_code=401, detail=str(AuthError("wrong name or password")))
        held.refund()  # only failures count
        assert stored is not None
        return stored


def account_routes(a: AccountRoutes) -> APIRouter:
    """The endpoints of the module docstring over ``a``."""
    router = APIRouter()
    users = a.users

    async def run(fn: Callable[..., Any], *args: object) -> Any:
        try:
            return await anyio.to_thread.run_sync(fn, *args)
        except AuthError as err:
            raise HTTPException(status_code=err.status, detail=str(err)) from None

    @router.post("/api/signup", status_code=201)
    async def signup(body: Credentials, request: Request, response: Response) -> dict[str, object]:
        try:
            name, password = users.check_sign_up(body.name, body.password)
            held = a.throttle.sign_up(client_address(request))
        except AuthError as err:
            raise HTTPException(status_code=err.status, detail=str(err)) from None
        except Throttled as err:
            raise _too_many(err) from None
        try:
            hashed = await a.pool.run(users.hash, password)
        except PoolBusy as err:
            held.refund()
            raise _busy(err) from None
        token = await run(users.register, name, hashed)
        a.set_cookies(response, token, name, hashed)
        if a.metrics is not None:
            a.metrics.signup()
        event("signup", name=name, address=client_address(request))
        return await run(a.me, name)  # type: ignore[no-any-return]

    @router.post("/api/login")
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, object]:
        device = request.cookies.get(DEVICE_COOKIE)
        address = client_address(request)
        stored = await a.check(body.name, body.password, address, device, owner=False)
        try:
            token = await anyio.to_thread.run_sync(users.open_session, body.name)
        except AuthError as err:
            if err.status == 403:  # the right password of a held player: counted and logged, no session
                hold = await anyio.to_thread.run_sync(hold_of, users.store, body.name)
                why = None if hold is None else hold.status  # suspended or banned
                if a.metrics is not None:
                    a.metrics.login_refused()
                event("login_refused", level=logging.WARNING, name=body.name, address=address, why=why)
            raise HTTPException(status_code=err.status, detail=str(err)) from None
        a.set_cookies(response, token, body.name, stored)
        if a.metrics is not None:
            a.metrics.login(ok=True)
        event("login", name=body.name, address=address)
        return await run(a.me, body.name)  # type: ignore[no-any-return]

    @router.post("/api/logout")
    async def logout(request: Request, response: Response) -> dict[str, object]:
        # Async: the waiting lists are changed on the event loop, beside their actors; the store's reads and
        # writes go to a worker thread.
        token = request.cookies.get(COOKIE)
        if token:
            name = await run(users.player, token)
            await run(users.log_out, token)
            a.sockets.end("logged out", session=digest(token))
            event("logout", name=name, address=client_address(request))
            if name is not None and not await run(users.logged_in, name):
                await a.leave_waitlists(name)  # off every waiting list once no session of theirs is left (issue 18)
        a.drop_cookie(response)
        return {}

    @router.post("/api/logout-everywhere")
    async def logout_everywhere(response: Response, name: str = Depends(a.player)) -> dict[str, object]:
        await run(users.end_sessions, name)
        closed = a.sockets.end("logged out everywhere", player=name)
        await a.leave_waitlists(name)
        a.drop_cookie(response)
        return {"closed": closed}

    @router.post("/api/password")
    async def change_password(
        body: NewPassword, request: Request, response: Response, name: str = Depends(a.player)
    ) -> dict[str, object]:
        try:
            new = users.check_password(body.new)
        except AuthError as err:
            raise HTTPException(status_code=err.status, detail=f"the new password: {err}") from None
        device = request.cookies.get(DEVICE_COOKIE)
        await a.check(name, body.old, client_address(request), device, owner=True)
        hashed = await a.hash(users.hash, new)
        await run(users.set_password, name, hashed)
        a.sockets.end("password changed", player=name)
        token = await run(users.open_session, name)
        a.set_cookies(response, token, name, hashed)
        return await run(a.me, name)  # type: ignore[no-any-return]

    return router
