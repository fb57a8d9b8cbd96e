"""Sign-up, log-in and sessions for the server, kept in the store's database beside the ledger.

A player has a name and two store accounts: ``NAME`` for real money (chips come in through the cashier) and
``play:NAME`` for play money (:data:`PLAY_CHIPS` on sign-up, topped up again on request when below it).  The
password is hashed with Argon2id (argon2-cffi); a session is a random token in a cookie, kept in the database as
its SHA-256, so a copy of the database gives no way in.  Errors are :class:`AuthError` with what was wrong.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import threading
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, func, select

from pokerroom.errors import PokerroomError, StoreError
from pokerroom.store import Store
from pokerroom.store.ledger import play_account
from pokerroom.store.roles import OPERATOR, has_role
from pokerroom.store.schema import logins, sessions

__all__ = ["PLAY_CHIPS", "SESSION_DAYS", "AuthError", "Users", "play_account"]

PLAY_CHIPS = 10_000
"""Play-money chips a new player gets, and what a top-up brings the play account back to."""

SESSION_DAYS = 30
"""How long a session cookie stays good."""

_NAME = re.compile(r"[A-Za-z0-9_.-]{2,24}")
_MIN_PASSWORD = 8

class AuthError(PokerroomError):
    """Sign-up or log-in refused; ``status`` is the HTTP status it maps to."""

    def __init__(self, message: str, *, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


@dataclass(frozen=True)
class Balances:
    """A player's chips in the smallest unit: ``real`` money and ``play`` money."""

    real: int
    play: int


class Users:
    """Players of one store: :meth:`sign_up`, :meth:`log_in`, :meth:`player` (the name behind a session
    token), :meth:`log_out`, :meth:`balances`, :meth:`top_up`, :meth:`is_operator`."""

    def __init__(self, store: Store, *, hasher: PasswordHasher | None = None) -> None:
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self._top_up = threading.Lock()

    def _check_name(self, name: object) -> str:
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise AuthError("a name is 2 to 24 letters, digits, '.', '_' or '-'")
        if name.lower().startswith(("bot", "play")):
            raise AuthError(f"names starting 'bot' or 'play' are the house's; choose another than {name!r}")
        return name

    def sign_up(self, name: object, password: object) -> str:
        """Open ``name``'s accounts (play money: :data:`PLAY_CHIPS`) and return a session token.  Raises
        :class:`AuthError` for a bad or taken name or a password under 8 characters."""
        name = self._check_name(name)
        if not isinstance(password, str) or len(password) < _MIN_PASSWORD or len(password) > 200:
            raise AuthError(f"a password is {_MIN_PASSWORD} to 200 characters")
        hashed = self.hasher.hash(password)
        taken = AuthError(f"the name {name!r} is taken", status=409)
        if self._taken(name):
            raise taken
        # The accounts first, the log-in last: a sign-up that fails on the way leaves the name free (accounts
        # opened by a failed attempt, or by a sign-up of the same name at the same moment, are taken over).
        for account, chips in ((name, 0), (play_account(name), PLAY_CHIPS)):
            try:
                self.store.account_id(account)
            except StoreError:
                try:
                    self.store.create_account(account, deposit=chips)
                except StoreError:
                    self.store.account_id(account)  # opened meanwhile: fine; otherwise the store's refusal
        try:
            with self.store.writing() as conn:
                if self._taken(name, conn):
                    raise taken  # taken meanwhile
                conn.execute(logins.insert().values(name=name, password=hashed, created_at=_now()))
        except StoreError:
            raise taken from None  # the unique name: another sign-up won the race
        return self._session(name)

    def _taken(self, name: str, conn: Any = None) -> bool:
        """Whether ``name`` is taken, ignoring case (``Alice`` and ``alice`` are one player to the eye)."""
        query = select(logins.c.id).where(func.lower(logins.c.name) == name.lower())
        if conn is not None:
            return conn.execute(query).first() is not None
        with self.store.reading() as c:
            return c.execute(query).first() is not None

    def login_name(self, name: str) -> str | None:
        """The name a player signed up with that is ``name`` ignoring case (``None``: no such player)."""
        with self.store.reading() as conn:
            found = conn.execute(select(logins.c.name).where(func.lower(logins.c.name) == name.lower())).first()
        return None if found is None else str(found.name)

    def _session(self, name: str) -> str:
        token = secrets.token_urlsafe(32)
        with self.store.writing() as conn:
            conn.execute(
                sessions.insert().values(
                    token=_digest(token), name=name, expires_at=_now() + timedelta(days=SESSION_DAYS)
                )
            )
        return token

    def log_in(self, name: object, password: object) -> str:
        """A new session token for the right password; :class:`AuthError` (401) otherwise, the same message
        for an unknown name and a wrong password."""
        wrong = AuthError("wrong name or password", status=401)
        if not isinstance(name, str) or not isinstance(password, str):
            raise wrong
        with self.store.reading() as conn:
            row = conn.execute(select(logins.c.password).where(logins.c.name == name)).first()
        if row is None:
            raise wrong
        try:
            self.hasher.verify(row.password, password)
        except (VerificationError, InvalidHashError):
            raise wrong from None
        return self._session(name)

    def player(self, token: str | None) -> str | None:
        """The player logged in with session ``token``, or ``None`` (no, unknown or expired token)."""
        if not token:
            return None
        with self.store.reading() as conn:
            row = conn.execute(
                select(sessions.c.name, sessions.c.expires_at).where(sessions.c.token == _digest(token))
            ).first()
        if row is None or row.expires_at < _now():
            return None
        return str(row.name)

    def log_out(self, token: str) -> None:
        """End the session ``token`` (the player's other sessions stay)."""
        with self.store.writing() as conn:
            conn.execute(delete(sessions).where(sessions.c.token == _digest(token)))

    def logged_in(self, name: str) -> bool:
        """Whether ``name`` still has a session that has not expired (on any device)."""
        with self.store.reading() as conn:
            row = conn.execute(
                select(sessions.c.token).where(sessions.c.name == name, sessions.c.expires_at >= _now()).limit(1)
            ).first()
        return row is not None

    def is_operator(self, name: str) -> bool:
        """Whether ``name`` is an operator (the store's ``roles``, granted by ``pokerroom admin create``)."""
        return has_role(self.store, name, OPERATOR)

    def balances(self, name: str) -> Balances:
        """``name``'s chips in their accounts (not counting chips on tables)."""
        return Balances(
            real=self.store.balance(self.store.account_id(name)),
            play=self.store.balance(self.store.account_id(play_account(name))),
        )

    def top_up(self, name: str) -> int:
        """Bring ``name``'s play money back up to :data:`PLAY_CHIPS`; returns the chips added (0 when at or
        above it)."""
        account = self.store.account_id(play_account(name))
        with self._top_up:  # one top-up at a time: two at once would each add the difference
            missing = PLAY_CHIPS - self.store.balance(account)
            if missing > 0:
                self.store.deposit(account, missing, memo="play-money top-up")
        return max(0, missing)
