"""``pokerroom simulate --hands-out FILE``: one row per hand and seat, for research (issue 23).

A row (:data:`COLUMNS`): ``game``, ``stakes`` (the table's stakes text), ``hand`` (the run's hand number, 1 up, in
shard order), ``shard``, ``seat`` (the table seat, 1 up), ``bot`` (the seat's label, ``simple-1``), ``kind`` (its
bot spec), ``cards`` (every card the seat held, its own view), ``shown`` (the cards it showed at the showdown, empty
when it did not), ``board``, ``actions`` (its actions street by street, streets separated by ``/``: ``f`` fold,
``x`` check, ``c`` call, ``bN``/``rN`` bet or raise to ``N`` chips this street, ``iN`` the bring-in, ``dN`` a draw
of ``N`` cards), ``start`` (chips at the deal), ``net`` (chips won or lost) and ``net_units`` (``net`` in the
table's bet unit: the big blind, or the small bet in stud and fixed limit, :attr:`Stakes.unit`).

Written as CSV (``.csv``) or Parquet (``.parquet``; it needs ``pyarrow``: ``pip install 'pokerroom[research]'``).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pokerroom.cards import format_cards
from pokerroom.engine.events import EventType
from pokerroom.errors import UnsupportedRule
from pokerroom.room.record import HandRecord

__all__ = ["COLUMNS", "FORMATS", "check_rows_path", "hand_rows", "write_rows"]

COLUMNS = (
    "game", "stakes", "hand", "shard", "seat", "bot", "kind", "cards", "shown", "board", "actions", "start", "net",
    "net_units",
)  # fmt: skip
"""The columns of a row, in order."""

FORMATS = (".csv", ".parquet")
"""The file extensions ``--hands-out`` takes."""

PARQUET_HINT = "pip install 'pokerroom[research]' (pyarrow)"

_CODES = {EventType.FOLD: "f", EventType.CHECK: "x", EventType.CALL: "c"}
_SIZED = {EventType.BET: "b", EventType.RAISE: "r", EventType.BRING_IN: "i"}


def check_rows_path(path: Path) -> None:
    """Refuse a path ``--hands-out`` cannot write: an extension other than :data:`FORMATS`, or Parquet without
    ``pyarrow`` (:class:`~pokerroom.errors.UnsupportedRule` saying what is allowed)."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise UnsupportedRule(f"{path}: the rows are written as .csv or .parquet, not {suffix or 'no extension'!r}")
    if suffix == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise UnsupportedRule(f"{path}: Parquet needs pyarrow: {PARQUET_HINT}") from None


_DEALS = (EventType.DEAL_HOLE, EventType.DEAL_UP, EventType.DEAL_BOARD)
_ACTS = (*_CODES, *_SIZED, EventType.DRAW)


def _actions(record: HandRecord, seat: int) -> str:
    """The seat's actions street by street: a street starts at a deal, or at a draw, that follows an action."""
    streets: list[list[str]] = [[]]
    acted = False  # anyone acted since the street began
    last = None
    for e in record.events:
        boundary = e.type in _DEALS or (e.type is EventType.DRAW and last is not EventType.DRAW)
        if boundary and acted:
            streets.append([])
            acted = False
        if e.type in _ACTS:
            acted = True
            last = e.type
        if e.seat != seat:
            continue
        if e.type in _CODES:
            streets[-1].append(_CODES[e.type])
        elif e.type in _SIZED:
            streets[-1].append(f"{_SIZED[e.type]}{e.amount}")
        elif e.type is EventType.DRAW:
            streets[-1].append(f"d{len(e.cards or ())}")
    while len(streets) > 1 and not streets[-1]:
        streets.pop()
    return "/".join(" ".join(s) for s in streets)


def hand_rows(
    record: HandRecord, *, game: str, shard: int, hand: int, labels: Mapping[str, str], kinds: Mapping[str, str],
    unit: int,
) -> list[dict[str, Any]]:  # fmt: skip
    """The rows of one finished hand (:data:`COLUMNS`), one per seat dealt in; ``labels`` and ``kinds`` map a
    seat's player name to its bot label and spec, ``unit`` is the bet unit in chips."""
    held: dict[int, list[int]] = {}
    shown: dict[int, tuple[int, ...]] = {}
    board: list[int] = []
    for e in record.events:
        if e.type in (EventType.DEAL_HOLE, EventType.DEAL_UP) and e.seat is not None:
            held.setdefault(e.seat, []).extend(e.cards or ())
        elif e.type is EventType.DEAL_BOARD:
            board.extend(e.cards or ())
        elif e.type is EventType.DRAW and e.seat is not None and e.cards:
            kept = [c for c in held.get(e.seat, []) if c not in e.cards]
            held[e.seat] = kept
        elif e.type is EventType.SHOW and e.seat is not None:
            shown[e.seat] = tuple(e.cards or ())
    rows = []
    stakes = record.setup.stakes
    for engine_seat, ((table_seat, name), first, last) in enumerate(
        zip(record.players, record.starting, record.final, strict=True)
    ):
        net = last - first
        rows.append(
            {
                "game": game, "stakes": stakes, "hand": hand, "shard": shard, "seat": table_seat + 1,
                "bot": labels.get(name, name), "kind": kinds.get(name, ""),
                "cards": format_cards(held.get(engine_seat, [])), "shown": format_cards(shown.get(engine_seat, ())),
                "board": format_cards(board), "actions": _actions(record, engine_seat), "start": first, "net": net,
                "net_units": net / unit if unit else None,
            }
        )  # fmt: skip
    return rows


def write_rows(path: Path, rows: Iterable[Mapping[str, Any]]) -> int:
    """Write ``rows`` to ``path`` (CSV or Parquet by its extension, :func:`check_rows_path`); returns how many."""
    check_rows_path(path)
    items: Sequence[Mapping[str, Any]] = list(rows)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() == ".parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.table({c: [r[c] for r in items] for c in COLUMNS})
        pq.write_table(table, path)
    else:
        with path.open("w", newline="", encoding="utf-8") as f:
            out = csv.DictWriter(f, fieldnames=COLUMNS)
            out.writeheader()
            out.writerows(items)
    return len(items)
