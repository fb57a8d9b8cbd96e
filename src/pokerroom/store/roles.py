"""The server's roles, kept in the store (``roles``: one row per account and role, with when it was granted).

:data:`OPERATOR` is the one role so far: an operator removes table chat messages and mutes players in the chat
(issue 18; :mod:`pokerroom.server.chat`) and uses the admin endpoints (issue 20;
:mod:`pokerroom.server.admin_routes`).  Roles belong to a player's real-money account (``NAME``, the account
every server player has); ``pokerroom admin create NAME`` grants it (:mod:`pokerroom.cli.admin`).  Each function
opens its own transaction on the :class:`~pokerroom.store.Store`; an unknown account is a
:class:`~pokerroom.errors.StoreError` naming it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select

from pokerroom.errors import StoreError
from pokerroom.store.checks import as_utc, to_naive_utc
from pokerroom.store.schema import accounts, roles
from pokerroom.store.store import Store

__all__ = ["OPERATOR", "ROLES", "Grant", "grant", "has_role", "holders", "revoke"]

OPERATOR = "operator"
"""The operator's role: moderates the table chat (removes messages, mutes players), runs the room (``/api/admin``)."""
ROLES = (OPERATOR,)
"""Every role the server knows."""


@dataclass(frozen=True, slots=True)
class Grant:
    """A role held: the account's ``name``, the ``role`` and when it was granted (UTC, aware)."""

    name: str
    role: str
    granted_at: datetime


def _role(role: str) -> str:
    if role not in ROLES:
        raise StoreError(f"no role {role!r}; the roles are {', '.join(ROLES)}")
    return role


def grant(store: Store, name: str, role: str = OPERATOR) -> bool:
    """Give account ``name`` the ``role``; ``False`` when it held it already (nothing changes then)."""
    role = _role(role)
    account = store.account_id(name)
    with store.writing() as conn:
        held = conn.execute(select(roles.c.role).where(roles.c.account_id == account, roles.c.role == role)).first()
        if held is not None:
            return False
        conn.execute(roles.insert().values(account_id=account, role=role, granted_at=to_naive_utc(store.now())))
    return True


def revoke(store: Store, name: str, role: str = OPERATOR) -> bool:
    """Take ``role`` from account ``name``; ``False`` when it did not hold it."""
    role = _role(role)
    account = store.account_id(name)
    with store.writing() as conn:
        gone = conn.execute(delete(roles).where(roles.c.account_id == account, roles.c.role == role))
    return bool(gone.rowcount)


def has_role(store: Store, name: str, role: str = OPERATOR) -> bool:
    """Whether account ``name`` holds ``role`` (``False`` for a name with no account)."""
    role = _role(role)
    query = (
        select(roles.c.role)
        .select_from(roles.join(accounts, accounts.c.id == roles.c.account_id))
        .where(accounts.c.name == name, roles.c.role == role)
    )
    with store.reading() as conn:
        return conn.execute(query).first() is not None


def holders(store: Store, role: str = OPERATOR) -> list[Grant]:
    """Every account holding ``role``, by name."""
    role = _role(role)
    query = (
        select(accounts.c.name, roles.c.role, roles.c.granted_at)
        .select_from(roles.join(accounts, accounts.c.id == roles.c.account_id))
        .where(roles.c.role == role)
        .order_by(accounts.c.name)
    )
    with store.reading() as conn:
        return [Grant(str(r.name), str(r.role), as_utc(r.granted_at)) for r in conn.execute(query)]
