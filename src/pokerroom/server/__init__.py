"""The server layer: the online card room (seed 004) over HTTP and WebSocket.

* :mod:`~pokerroom.server.protocol` - the JSON messages of a table (docs/protocol.md);
* :mod:`~pokerroom.server.accounts` - sign-up, log-in and sessions (Argon2id password hashes);
* :mod:`~pokerroom.server.actor` - :class:`TableActor`, the single writer of one table;
* :mod:`~pokerroom.server.lobby` - every table of the server, the tables of a first start;
* :mod:`~pokerroom.server.nights` - the club nights hosted in the browser (invite links, the cash-out sheet), each
  played by a :class:`~pokerroom.server.night_actor.NightActor` (:mod:`~pokerroom.server.night_invites`,
  :mod:`~pokerroom.server.night_protocol`);
* :mod:`~pokerroom.server.app` - :func:`create_app`, the FastAPI app, and the web client in ``static/``;
* the defences (docs/server.md, "Security"): :mod:`~pokerroom.server.account_routes` (log-in, log-out everywhere,
  the password change), :mod:`~pokerroom.server.throttle`, :mod:`~pokerroom.server.hashing`,
  :mod:`~pokerroom.server.origins` and :mod:`~pokerroom.server.sockets` (every open WebSocket, capped);
* running the room (docs/operations.md): :mod:`~pokerroom.server.starters` (the starting tables, a TOML file),
  :mod:`~pokerroom.server.operations` (the base path, ``/healthz``, ``/metrics``), :mod:`~pokerroom.server.metrics`
  (the Prometheus figures), :mod:`~pokerroom.server.oplog` (the structured log), and the operators' tools
  (:mod:`~pokerroom.server.admin_routes`, :mod:`~pokerroom.server.admin_desk`; docs/server.md, "Operators").

Only this layer is asynchronous; the engine, room and store below it are synchronous (DESIGN habit 7).
"""

from pokerroom.server.app import COOKIE, create_app
from pokerroom.server.lobby import STARTER_TABLES, Lobby, Starter

__all__ = ["COOKIE", "STARTER_TABLES", "Lobby", "Starter", "create_app"]
