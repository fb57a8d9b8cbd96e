"""The split room (issue 25): table workers (:mod:`~pokerroom.server.split.worker`) and gateways
(:mod:`~pokerroom.server.split.gateway`) talking over NATS (:mod:`~pokerroom.server.split.subjects`), with
PostgreSQL the one ledger.  ``pokerroom serve`` without ``--nats`` never imports this package."""
