"""The room's Prometheus metrics (``GET /metrics``), one :class:`RoomMetrics` per app on a registry of its own.

The tables' actors, the account endpoints and the app call its methods; what is counted (every name is
prefixed ``pokerroom_``):

=====================================  =========  =======================================================
metric                                 type       what
=====================================  =========  =======================================================
``tables_open``                        gauge      tables in the lobby
``players_connected``                  gauge      players with a socket open at a table
``sockets_open``                       gauge      WebSockets open (tables and club nights)
``hands_dealt_total``                  counter    hands dealt at the lobby's tables
``hands_settled_total``                counter    hands played to the end and settled
``hands_voided_total``                 counter    hands voided (RULES §3.8: a crash, a stop, an error)
``actions_total{by}``                  counter    actions carried out, ``by`` ``player`` (a player's command
                                                  the table took) or ``bot`` (a house bot's)
``action_latency_seconds``             histogram  a player's action carried out (each one
                                                  ``actions_total{by="player"}`` counts; refused ones and
                                                  the clock's time-outs are not): from the actor taking
                                                  the command to the tables' states sent
``errors_total{kind}``                 counter    unexpected errors: ``table`` (an actor's), ``request``
``logins_total{result}``               counter    log-ins, ``result`` ``ok``, ``failed`` (a wrong name or
                                                  password) or ``held`` (the right password of a
                                                  suspended or banned player: refused, 403)
``signups_total``                      counter    sign-ups
=====================================  =========  =======================================================
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

__all__ = ["CONTENT_TYPE", "ERROR_KINDS", "LATENCY_BUCKETS", "LOGIN_RESULTS", "RoomMetrics"]

CONTENT_TYPE = CONTENT_TYPE_LATEST
"""The ``Content-Type`` of :meth:`RoomMetrics.text` (the Prometheus text format of ``prometheus_client``)."""

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""The action latency histogram's buckets (seconds): a table answers in milliseconds."""

ERROR_KINDS = ("table", "request")
"""The ``kind`` labels of ``errors_total``, each made at 0 when the metrics are."""

LOGIN_RESULTS = ("ok", "failed", "held")
"""The ``result`` labels of ``logins_total``, each made at 0 when the metrics are."""


class RoomMetrics:
    """The metrics of the module docstring on ``registry`` (a new :class:`CollectorRegistry` by default: never
    the global one, so two apps in one process count apart)."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry if registry is not None else CollectorRegistry()
        r = self.registry
        self.tables = Gauge("pokerroom_tables_open", "Tables in the lobby.", registry=r)
        self.players = Gauge("pokerroom_players_connected", "Players with a socket open at a table.", registry=r)
        self.sockets = Gauge("pokerroom_sockets_open", "WebSockets open (tables and club nights).", registry=r)
        self.dealt = Counter("pokerroom_hands_dealt", "Hands dealt.", registry=r)
        self.settled = Counter("pokerroom_hands_settled", "Hands played to the end and settled.", registry=r)
        self.voided = Counter("pokerroom_hands_voided", "Hands voided (RULES 3.8).", registry=r)
        self.actions = Counter("pokerroom_actions", "Actions carried out at the tables.", ["by"], registry=r)
        self.latency = Histogram(
            "pokerroom_action_latency_seconds",
            "A player's action: from the actor taking the command to the states sent.",
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.errors = Counter("pokerroom_errors", "Unexpected errors by kind.", ["kind"], registry=r)
        self.logins = Counter("pokerroom_logins", "Log-ins by result (ok, failed, held).", ["result"], registry=r)
        self.signups = Counter("pokerroom_signups", "Sign-ups.", registry=r)
        for by in ("player", "bot"):
            self.actions.labels(by=by)
        for result in LOGIN_RESULTS:
            self.logins.labels(result=result)
        for kind in ERROR_KINDS:  # a series at 0 from the start: an alert on its rate has data before an error
            self.errors.labels(kind=kind)

    def watch(self, *, tables: Callable[[], int], players: Callable[[], int], sockets: Callable[[], int]) -> None:
        """Read the gauges from these functions at each scrape (the lobby's tables, the connected players and
        the open sockets)."""
        self.tables.set_function(tables)
        self.players.set_function(players)
        self.sockets.set_function(sockets)

    def hand_dealt(self) -> None:
        """A hand was dealt."""
        self.dealt.inc()

    def hand_ended(self, *, voided: bool) -> None:
        """A hand was settled, or voided."""
        (self.voided if voided else self.settled).inc()

    def action(self, *, bot: bool) -> None:
        """An action was carried out, by a player or a house bot."""
        self.actions.labels(by="bot" if bot else "player").inc()

    def action_latency(self, seconds: float) -> None:
        """A player's action took ``seconds`` from the actor taking it to the states sent."""
        self.latency.observe(seconds)

    def error(self, kind: str) -> None:
        """An unexpected error of ``kind`` (one of :data:`ERROR_KINDS`)."""
        self.errors.labels(kind=kind).inc()

    def login(self, *, ok: bool) -> None:
        """A log-in succeeded, or failed (a wrong name or password)."""
        self.logins.labels(result="ok" if ok else "failed").inc()

    def login_refused(self) -> None:
        """A held (suspended or banned) player's log-in with the right password was refused."""
        self.logins.labels(result="held").inc()

    def signup(self) -> None:
        """A player signed up."""
        self.signups.inc()

    def text(self) -> bytes:
        """Every metric in the Prometheus text format (:data:`CONTENT_TYPE`)."""
        return generate_latest(self.registry)
