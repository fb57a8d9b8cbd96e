"""The store's revisions, one module each (Alembic loads them by file; see :mod:`pokerroom.store.migrations`)."""
