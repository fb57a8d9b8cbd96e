"""Alembic's environment for the store's migrations: runs them on the connection
:func:`pokerroom.store.migrations.alembic_config` passes (see :func:`pokerroom.store.migrations.run_environment`).

Alembic executes this file for each command; imported any other way (a documentation run importing every module)
it does nothing, as :mod:`alembic.context` then holds no ``config``.
"""

from __future__ import annotations

from alembic import context

from pokerroom.store.migrations import run_environment

if hasattr(context, "config"):  # set by Alembic only while it runs an environment
    run_environment(context)
