"""The lobby's figures of a table, read from its settled hands in the store: average pot, players per flop and
hands per hour (PokerStars' "Avg Pot", "Plrs/Flop" and "H/hr").

The window: the table's settled hands that ended in the last hour (:data:`HOUR`), or its last :data:`MIN_HANDS`
settled hands when the hour has fewer; never more than :data:`MAX_HANDS`.  Only the newest :data:`MAX_HANDS`
settled hands of a table are ever read, newest first along the ``(table_id, number)`` index of ``hands``
(``uq_hands_table_number``), so the query costs the same at a table with 100,000 hands as at one with 200.  Each
hand's figures are worked out from its record once (:class:`TableStatsReader` keeps them by hand id), so a poll
of the lobby reads only the short list of recent hands, and the records of hands it has not seen before.

* ``avg_pot``: the chips in the pot at the end of a hand (every contribution, dead money included, uncalled bets
  excluded, plus chips carried in; the rake included), averaged over the window, rounded half up;
* ``players_per_flop``: the percentage (0-100, rounded half up) of the players dealt in who were still in the
  hand when its second betting round began: the flop at board games; at stud games fourth street, at draw games
  the (first) draw.  A hand that ended in its first round counts its players with none seeing the flop;
* ``hands_per_hour``: the settled hands that ended in the last hour; when all :data:`MAX_HANDS` hands read did,
  the rate over them (hands times 3600 over the seconds since the oldest ended), rounded half up;
* ``hands``: how many hands ``avg_pot`` and ``players_per_flop`` are over (0: both ``None``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import bindparam, select

from pokerroom.engine import Event, EventType
from pokerroom.room.record import HandRecord, Status
from pokerroom.room.record_json import record_from_json
from pokerroom.store.checks import as_utc
from pokerroom.store.schema import hands
from pokerroom.store.store import Store

__all__ = ["HOUR", "MAX_HANDS", "MIN_HANDS", "HandFigures", "TableStats", "TableStatsReader", "hand_figures"]

HOUR = timedelta(hours=1)
"""The span of the figures: the hands of the last hour."""

MIN_HANDS = 20
"""The fewest hands the average pot and players per flop are taken over when the table has played them (a quiet
hour is filled up with older hands)."""

MAX_HANDS = 200
"""The most hands read of one table (the newest settled ones)."""

_SETTLED = Status.COMPLETE.value
_BETTING = frozenset(
    {EventType.BRING_IN, EventType.FOLD, EventType.CHECK, EventType.CALL, EventType.BET, EventType.RAISE}
)

# The newest settled hands of one table, along the (table_id, number) index: no record, no full scan.
_RECENT = (
    select(hands.c.id, hands.c.ended_at)
    .where(hands.c.table_id == bindparam("table"), hands.c.status == _SETTLED)
    .order_by(hands.c.number.desc())
    .limit(bindparam("most"))
)
_RECORDS = select(hands.c.id, hands.c.record).where(hands.c.id.in_(bindparam("ids", expanding=True)))


@dataclass(frozen=True, slots=True)
class HandFigures:
    """One settled hand as the lobby counts it: the ``pot`` (chips, see the module docstring), the players
    ``dealt`` in and how many of them ``saw`` the second betting round (the flop)."""

    pot: int
    dealt: int
    saw: int


@dataclass(frozen=True, slots=True)
class TableStats:
    """A table's lobby figures (see the module docstring); ``None`` where the table has no settled hand."""

    avg_pot: int | None
    players_per_flop: int | None
    hands_per_hour: int
    hands: int

    def json(self) -> dict[str, int | None]:
        """``{"avg_pot", "players_per_flop", "hands_per_hour", "hands"}``."""
        return {
            "avg_pot": self.avg_pot,
            "players_per_flop": self.players_per_flop,
            "hands_per_hour": self.hands_per_hour,
            "hands": self.hands,
        }


def _second_round(events: Sequence[Event]) -> int | None:
    """The index of the event that opens a hand's second street (its board cards, its first draw, or a card
    dealt to a seat that has had one of that kind already, as stud's fourth street), or ``None`` when the hand
    ended in its first.  Only after the first round's betting: a common card dealt at once does not count."""
    dealt: set[tuple[EventType, int | None]] = set()
    betting = False
    for i, e in enumerate(events):
        if e.type in _BETTING:
            betting = True
        elif e.type in (EventType.DEAL_BOARD, EventType.DRAW) and betting:
            return i
        elif e.type in (EventType.DEAL_HOLE, EventType.DEAL_UP):
            if (e.type, e.seat) in dealt:
                return i
            dealt.add((e.type, e.seat))
    return None


def hand_figures(record: HandRecord) -> HandFigures:
    """``record``'s pot, players dealt in and players who saw the second betting round (the module docstring).
    Nobody acting in the first round (all in from the forced bets) counts every player as seeing it."""
    result = record.result
    pot = (sum(result.contributions) if result is not None else 0) + record.carried_in
    dealt = len(record.setup.seats)
    events = record.events
    start = _second_round(events)
    if start is None:
        if any(e.type in _BETTING for e in events):
            return HandFigures(pot, dealt, 0)
        start = len(events)
    folded = {e.seat for e in events[:start] if e.type is EventType.FOLD}
    return HandFigures(pot, dealt, dealt - len(folded))


def _half_up(numerator: int, denominator: int) -> int:
    return (2 * numerator + denominator) // (2 * denominator)


class TableStatsReader:
    """Reads the figures of tables from ``store`` (see the module docstring), keeping each hand's
    :class:`HandFigures` by hand id (the ``max_hands`` newest of a table).  ``min_hands`` and ``max_hands``:
    :data:`MIN_HANDS` and :data:`MAX_HANDS` unless told.  Safe to call from several threads."""

    def __init__(self, store: Store, *, min_hands: int = MIN_HANDS, max_hands: int = MAX_HANDS) -> None:
        self.store = store
        self.min_hands = min_hands
        self.max_hands = max_hands
        self._figures: dict[int, dict[int, HandFigures]] = {}
        self._lock = threading.Lock()

    def stats(self, tables: Iterable[int], *, now: datetime | None = None) -> dict[int, TableStats]:
        """Each of ``tables``' figures at ``now`` (default: the store's clock), by table id."""
        when = as_utc(now) if now is not None else self.store.now()
        out: dict[int, TableStats] = {}
        with self.store.reading() as conn:
            for table in tables:
                recent = [
                    (int(i), as_utc(ended))
                    for i, ended in conn.execute(_RECENT, {"table": table, "most": self.max_hands})
                ]
                with self._lock:
                    known = dict(self._figures.get(table, {}))
                missing = [i for i, _ in recent if i not in known]
                if missing:
                    for i, raw in conn.execute(_RECORDS, {"ids": missing}):
                        known[int(i)] = hand_figures(record_from_json(raw))
                keep = {i: known[i] for i, _ in recent if i in known}
                with self._lock:
                    self._figures[table] = keep
                out[table] = self._table_stats(recent, keep, when)
        return out

    def _table_stats(
        self, recent: list[tuple[int, datetime]], figures: dict[int, HandFigures], now: datetime
    ) -> TableStats:
        hour = [i for i, ended in recent if ended > now - HOUR]
        window = hour if len(hour) >= self.min_hands else [i for i, _ in recent[: self.min_hands]]
        per_hour = len(hour)
        if recent and len(hour) == self.max_hands:  # busier than the hands read: their rate
            seconds = (now - recent[-1][1]).total_seconds()
            per_hour = _half_up(len(hour) * 3600, max(1, round(seconds)))
        if not window:
            return TableStats(None, None, per_hour, 0)
        got = [figures[i] for i in window]
        dealt = sum(f.dealt for f in got)
        return TableStats(
            avg_pot=_half_up(sum(f.pot for f in got), len(got)),
            players_per_flop=_half_up(100 * sum(f.saw for f in got), dealt) if dealt else None,
            hands_per_hour=per_hour,
            hands=len(got),
        )
