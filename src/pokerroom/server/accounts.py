"""Sign-up, log-in and sessions for the server, kept in the store's database beside the ledger.

A player has a name and two store accounts: ``NAME`` for real money (chips come in through the cashier) and
``play:NAME`` for play money (:data:`PLAY_CHIPS` on sign-up, topped up again on request when below it).  The
password is hashed with Argon2id (argon2-cffi); a session is a random token in a cookie, kept in the database as
its SHA-256, so a copy of the database gives no way in.  Errors are :class:`AuthError` with what was wrong.

A log-in for a name nobody has checks the password against a dummy hash all the same (made once, with the
hasher's costs), so the time an answer takes does not tell which names exist.  The server runs the hashes
(:meth:`Users.verify`, :meth:`Users.hash`) on its hashing pool (:mod:`pokerroom.server.hashing`) and the rest of a
log-in (:meth:`Users.stored_hash`, :meth:`Users.open_session`) on its worker threads; :meth:`Users.log_in` and
:meth:`Users.sign_up` do all of it in the caller's thread (the command line).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, func, select, update

from pokerroom.errors import PokerroomError, StoreError
from pokerroom.store import Store
from pokerroom.store.audit import refusal, standing_in
from pokerroom.store.ledger import play_account
from pokerroom.store.roles import OPERATOR, has_role
from pokerroom.store.schema import account_holds, logins, sessions

__all__ = [
    "MAX_PASSWORD",
    "MIN_PASSWORD",
    "PLAY_CHIPS",
    "SESSION_DAYS",
    "AuthError",
    "Users",
    "live_sessions",
    "play_account",
]

PLAY_CHIPS = 10_000
"""Play-money chips a new player gets, and what a top-up brings the play account back to."""

SESSION_DAYS = 30
"""How long a session cookie stays good."""

MIN_PASSWORD = 8
"""The fewest characters of a password."""

MAX_PASSWORD = 200
"""The most characters of a password."""

_NAME = re.compile(r"[A-Za-z0-9_.-]{2,24}")


class AuthError(PokerroomError):
    """Sign-up or log-in refused; ``status`` is the HTTP status it maps to."""

    def __init__(self, message: str, *, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def wrong_password() -> AuthError:
    """The one answer to a wrong password and to a name nobody has (401)."""
    return AuthError("wrong name or password", status=401)


def digest(token: str) -> str:
    """The SHA-256 of a session token (hex), as the database keeps it."""
    return hashlib.sha256(token.encode()).hexdigest()


def live_sessions(store: Store, sessions_of: Collection[str]) -> set[str]:
    """Which of the session digests ``sessions_of`` (:func:`digest` of each token) are sessions not ended and not
    expired: a gateway told that another ended a player's sessions ends the sockets of the others only (a session
    opened since, the new password's, keeps its sockets)."""
    wanted = sorted(set(sessions_of))
    if not wanted:
        return set()
    query = select(sessions.c.token).where(sessions.c.token.in_(wanted), sessions.c.expires_at >= _now())
    with store.reading() as conn:
        return {str(token) for token in conn.execute(query).scalars()}


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


@dataclass(frozen=True)
class Balances:
    """A player's chips in the smallest unit: ``real`` money and ``play`` money."""

    real: int
    play: int


class Users:
    """Players of one store: :meth:`sign_up`, :meth:`log_in`, :meth:`player` (the name behind a session
    token), :meth:`log_out`, :meth:`end_sessions`, :meth:`set_password`, :meth:`balances`, :meth:`top_up`,
    :meth:`is_operator`."""

    def __init__(self, store: Store, *, hasher: PasswordHasher | None = None) -> None:
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self._top_up = threading.Lock()
        self._dummy = self.hasher.hash(secrets.token_urlsafe(24))
        """What an unknown name's password is checked against (no password matches it)."""

    def _check_name(self, name: object) -> str:
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise AuthError("a name is 2 to 24 letters, digits, '.', '_' or '-'")
        if name.lower().startswith(("bot", "play")):
            raise AuthError(f"names starting 'bot' or 'play' are the house's; choose another than {name!r}")
        return name

    def check_sign_up(self, name: object, password: object) -> tuple[str, str]:
        """``(name, password)`` when a sign-up may hash them; :class:`AuthError` for a bad name or password."""
        return self._check_name(name), self.check_password(password)

    @staticmethod
    def check_password(password: object) -> str:
        """``password`` when it is one (:data:`MIN_PASSWORD` to :data:`MAX_PASSWORD` characters); else
        :class:`AuthError`."""
        if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise AuthError(f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
        return password

    def hash(self, password: str) -> str:
        """The Argon2id hash of ``password`` (about a tenth of a second of one core)."""
        return self.hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches the hash ``stored``; ``None`` (no such player) is checked against the
        dummy hash, taking as long, and never matches."""
        try:
            self.hasher.verify(self._dummy if stored is None else stored, password)
        except (VerificationError, InvalidHashError):
            return False
        return stored is not None

    def sign_up(self, name: object, password: object) -> str:
        """Open ``name``'s accounts (play money: :data:`PLAY_CHIPS`) and return a session token.  Raises
        :class:`AuthError` for a bad or taken name or a password under 8 characters."""
        name, password = self.check_sign_up(name, password)
        return self.register(name, self.hash(password))

    def register(self, name: str, hashed: str) -> str:
        """Open the accounts of ``name`` (checked by :meth:`check_sign_up`) with the password hash ``hashed`` and
        return a session token; :class:`AuthError` (409) for a taken name."""
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

    def open_session(self, name: str) -> str:
        """A new session token for ``name``."""
        return self._session(name)

    def _session(self, name: str) -> str:
        token = secrets.token_urlsafe(32)
        with self.store.writing() as conn:
            self._check_standing(conn, name)  # a suspended or banned player gets no session (403)
            conn.execute(
                sessions.insert().values(
                    token=digest(token), name=name, expires_at=_now() + timedelta(days=SESSION_DAYS)
                )
            )
        return token

    def log_in(self, name: object, password: object) -> str:
        """A new session token for the right password; :class:`AuthError` (401) otherwise, the same message
        for an unknown name and a wrong password."""
        if not isinstance(name, str) or not isinstance(password, str):
            raise wrong_password()
        if not self.verify(self.stored_hash(name), password):
            raise wrong_password()
        return self._session(name)

    def stored_hash(self, name: str) -> str | None:
        """The password hash of the player ``name`` (exactly as signed up), or ``None``: no such player."""
        with self.store.reading() as conn:
            row = conn.execute(select(logins.c.password).where(logins.c.name == name)).first()
        return None if row is None else str(row.password)

    def set_password(self, name: str, hashed: str) -> None:
        """Give ``name`` the password hash ``hashed`` and end every session of theirs."""
        with self.store.writing() as conn:
            conn.execute(update(logins).where(logins.c.name == name).values(password=hashed))
            conn.execute(delete(sessions).where(sessions.c.name == name))

    def end_sessions(self, name: str) -> None:
        """End every session of ``name`` (on every device)."""
        with self.store.writing() as conn:
            conn.execute(delete(sessions).where(sessions.c.name == name))

    @staticmethod
    def device_mark(name: str, stored: str) -> str:
        """The device cookie of a browser that logged in as ``name`` (whose password hash is ``stored``): the name
        and an HMAC of it keyed by the hash, so only the server can make one and a new password voids them."""
        mac = hmac.new(stored.encode(), f"device:{name}".encode(), hashlib.sha256).hexdigest()
        return f"{name}:{mac}"

    @classmethod
    def known_device(cls, mark: str | None, name: str, stored: str | None) -> bool:
        """Whether the device cookie ``mark`` is one :meth:`device_mark` made for ``name`` (and its hash)."""
        if not mark or stored is None:
            return False
        return hmac.compare_digest(mark.encode(), cls.device_mark(name, stored).encode())

    def player(self, token: str | None) -> str | None:
        """The player logged in with session ``token``, or ``None`` (no, unknown or expired token, or a player
        suspended or banned since: :func:`~pokerroom.store.audit.refusal`)."""
        if not token:
            return None
        query = (
            select(sessions.c.name, sessions.c.expires_at, account_holds.c.status, account_holds.c.until)
            .select_from(sessions.outerjoin(account_holds, account_holds.c.name == sessions.c.name))
            .where(sessions.c.token == digest(token))
        )
        with self.store.reading() as conn:
            row = conn.execute(query).first()
        if row is None or row.expires_at < _now():
            return None
        if refusal(str(row.name), row.status, row.until, self.store.now()) is not None:
            return None
        return str(row.name)

    def _check_standing(self, conn: Any, name: str) -> None:
        """Raise :class:`AuthError` (403) saying why when ``name`` is suspended or banned (the one check:
        :func:`~pokerroom.store.audit.refusal`)."""
        why = standing_in(conn, name, self.store.now())
        if why is not None:
            raise AuthError(why, status=403)

    def log_out(self, token: str) -> None:
        """End the session ``token`` (the player's other sessions stay)."""
        with self.store.writing() as conn:
            conn.execute(delete(sessions).where(sessions.c.token == digest(token)))

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
