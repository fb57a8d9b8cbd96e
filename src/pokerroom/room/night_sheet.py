"""The end of a club night as files that leave the program: the cash-out sheet as CSV, JSON or a printable HTML page
(:func:`write_sheet`), and the evening's hands as one PHH ``.phhs`` file (:func:`write_hands_phh`).

Money is in **öre** (1 kr = 100 öre) and chips are whole chips, as in :mod:`pokerroom.room.night`.  The sheet
itself is a :class:`~pokerroom.room.night.CashOut` (:meth:`Night.cash_out_sheet
<pokerroom.room.night.Night.cash_out_sheet>`); :class:`SheetInfo` says what else the page tells about the evening
(:meth:`SheetInfo.from_night` fills it from the night's books).  Files are written atomically (a temporary file in
the same folder, then :func:`os.replace`), in UTF-8.

>>> print(_kr(1240), _kr(-5), _kr(0))
12.40 -0.05 0.00
"""

from __future__ import annotations

import contextlib
import csv
import html
import io
import json
import math
import os
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path

from pokerroom.errors import RoomError
from pokerroom.games import find
from pokerroom.games.base import format_rule_value
from pokerroom.room.night import CashOut, CashOutRow, Night, format_kronor
from pokerroom.room.record import HandRecord, Status
from pokerroom.words import plural

__all__ = [
    "EVENT_KINDS", "SUFFIXES", "SheetEvent", "SheetInfo", "sheet_csv", "sheet_html", "sheet_json", "write_hands_phh",
    "write_sheet",
]  # fmt: skip

EVENT_KINDS: dict[str, str] = {
    "buy_in": "Buy-in", "rebuy": "Rebuy", "join": "Arrived", "leave": "Left", "fee": "New-player fee",
    "rule": "Rule change", "void": "Voided hand",
}  # fmt: skip
"""The kinds of :class:`SheetEvent`, each with the label the HTML page gives it."""


@dataclass(frozen=True, kw_only=True)
class SheetEvent:
    """Something that happened during the evening: ``hand`` is the number of the hand it came before (1: before
    the first deal; a fee is posted as that hand starts), for ``kind`` ``"void"`` the voided hand's own number;
    ``kind`` one of :data:`EVENT_KINDS`; ``text`` says it in words (shown escaped).  Raises :class:`RoomError`
    for an unknown kind or a hand below 1."""

    hand: int
    kind: str
    text: str

    def __post_init__(self) -> None:
        if self.kind not in EVENT_KINDS:
            raise RoomError(f"an evening's event is one of {', '.join(EVENT_KINDS)}, not {self.kind!r}")
        if isinstance(self.hand, bool) or not isinstance(self.hand, int) or self.hand < 1:
            raise RoomError(f"an event's hand is a hand number, 1 or more, not {self.hand!r}")


@dataclass(frozen=True, kw_only=True)
class SheetInfo:
    """What the sheet says about the evening besides the money.

    * ``game``: the game id (``"club-lowball"``); ``game_name``: its display name; ``limit``: the betting
      structure's value (``"spread"``, ``"no"``, ...);
    * ``price_per_chip``: öre per chip; ``first_buyin``: chips in everyone's first buy-in;
    * ``hands_played``; ``agreed_hands`` and ``agreed_minutes``: the agreed length (``None``: not agreed);
    * ``house_rules``: the variations agreed for the evening, by name;
    * ``started_at`` / ``ended_at``: timezone-aware times (written in UTC), or ``None``; ``night_id``: the
      store's id of the night, or ``None``;
    * ``deals``: hands dealt by each player; ``events``: :class:`SheetEvent` in order.

    Raises :class:`RoomError` for a naive time, or agreed minutes that are negative, NaN or infinite.
    """

    game: str
    game_name: str
    limit: str
    price_per_chip: int
    first_buyin: int
    hands_played: int
    agreed_hands: int | None = None
    agreed_minutes: float | None = None
    house_rules: dict[str, object] = field(default_factory=dict, hash=False)
    started_at: datetime | None = None
    ended_at: datetime | None = None
    night_id: int | None = None
    deals: dict[str, int] = field(default_factory=dict, hash=False)
    events: list[SheetEvent] = field(default_factory=list, hash=False)

    def __post_init__(self) -> None:
        for name in ("started_at", "ended_at"):
            when = getattr(self, name)
            if when is not None and when.utcoffset() is None:
                raise RoomError(f"{name} needs a time zone (UTC), not the naive time {when.isoformat()}")
        minutes = self.agreed_minutes
        if minutes is not None and not (math.isfinite(minutes) and minutes >= 0):
            raise RoomError(f"agreed_minutes must be finite and 0 or more, not {minutes!r}")

    @classmethod
    def from_night(
        cls,
        night: Night,
        *,
        voided: Iterable[HandRecord] = (),
        events: Iterable[SheetEvent] = (),
        started_at: datetime | None = None,
        ended_at: datetime | None = None,
        night_id: int | None = None,
    ) -> SheetInfo:
        """The evening as ``night``'s books tell it: its config, :attr:`Night.hand` hands played, the deals, and
        the events the books hold (every buy-in and rebuy, every arrival and departure, every rule change), the
        ``voided`` hands (their records) and any other ``events``, ordered by hand, the books' first."""
        config = night.config
        booked = [
            SheetEvent(
                hand=b.hand + 1,
                kind="rebuy" if b.rebuy else "buy_in",
                text=(
                    f"{b.name} {'rebought' if b.rebuy else 'bought in:'} {plural(b.chips, 'chip')} "
                    f"for {format_kronor(b.ore)}"
                ),
            )
            for b in night.buys
        ]
        booked += [
            SheetEvent(hand=start, kind="rule", text=f"{key} = {format_rule_value(value)}")
            for start, key, value in night.rule_changes
        ]
        booked += [
            SheetEvent(
                hand=m.hand + 1,
                kind=m.kind,
                text=f"{m.name} arrives" if m.kind == "join" else f"{m.name} leaves with {plural(m.chips, 'chip')}",
            )
            for m in night.moves
        ]
        booked += [
            SheetEvent(hand=max(1, r.number or 1), kind="void", text=f"hand {r.number} void: {r.reason or 'void'}")
            for r in voided
        ]
        merged = sorted([*booked, *events], key=lambda e: e.hand)  # stable: same hand keeps the order given
        return cls(
            game=config.game, game_name=find(config.game).name, limit=night.limit.value,
            price_per_chip=config.price_per_chip, first_buyin=config.first_buyin, hands_played=night.hand,
            agreed_hands=config.agreed_hands, agreed_minutes=config.agreed_minutes,
            house_rules=dict(config.house_rules), started_at=started_at, ended_at=ended_at, night_id=night_id,
            deals=night.deals, events=merged,
        )  # fmt: skip


def _kr(ore: int) -> str:
    """``ore`` as kronor with a decimal point (machine-readable, for CSV)."""
    sign = "-" if ore < 0 else ""
    kr, rest = divmod(abs(ore), 100)
    return f"{sign}{kr}.{rest:02d}"


def _plain(value: object) -> object:
    """A house-rule value as JSON holds it: enums as their value, sequences as lists, other objects as text."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return str(value)


def _utc(when: datetime | None) -> str | None:
    return None if when is None else when.astimezone(UTC).isoformat()


def _check(sheet: CashOut, info: SheetInfo) -> None:
    if sheet.price_per_chip != info.price_per_chip:
        raise RoomError(
            f"the sheet counts {sheet.price_per_chip} öre per chip but the evening's price is {info.price_per_chip}"
        )


_COLUMNS = ("deals", "chips_bought", "paid_ore", "chips_out", "value_ore", "net_ore")


def _figures(row: CashOutRow, info: SheetInfo) -> dict[str, int]:
    """A row's figures by :data:`_COLUMNS`: deals and chips, money in öre."""
    values = (info.deals.get(row.name, 0), row.chips_bought, row.paid, row.chips_out, row.value, row.net)
    return dict(zip(_COLUMNS, values, strict=True))


def _totals(sheet: CashOut, info: SheetInfo) -> dict[str, int]:
    rows = [_figures(r, info) for r in sheet.rows]
    return {c: sum(r[c] for r in rows) for c in _COLUMNS}


_CSV_HEADER = (
    "player", "deals", "chips_bought", "paid_ore", "paid_kr", "chips_out", "value_ore", "value_kr", "net_ore", "net_kr",
)  # fmt: skip
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    """Player text made safe for a spreadsheet (CSV injection): a leading ``= + - @``, tab or carriage return
    gets a ``'`` in front, so the cell is read as text, never as a formula."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def sheet_csv(sheet: CashOut, info: SheetInfo) -> str:
    """The sheet as CSV (RFC 4180, ``\\r\\n`` line ends): a header, one row per player
    (``player, deals, chips_bought, paid_ore, paid_kr, chips_out, value_ore, value_kr, net_ore, net_kr``; öre as
    integers, kronor with a decimal point such as ``12.40``), a ``Total`` row, a blank line, then the transfers
    (``payer, payee, ore, kr``).  Names that a spreadsheet would take for a formula (starting with ``= + - @`` or
    a tab) get a ``'`` in front.  Raises :class:`RoomError` when the sheet's price per chip is not the
    evening's."""
    _check(sheet, info)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")

    def money_row(label: str, f: Mapping[str, int]) -> list[object]:
        return [
            label, f["deals"], f["chips_bought"], f["paid_ore"], _kr(f["paid_ore"]),
            f["chips_out"], f["value_ore"], _kr(f["value_ore"]), f["net_ore"], _kr(f["net_ore"]),
        ]  # fmt: skip

    w.writerow(_CSV_HEADER)
    for row in sheet.rows:
        w.writerow(money_row(_cell(row.name), _figures(row, info)))
    w.writerow(money_row("Total", _totals(sheet, info)))
    w.writerow(())
    w.writerow(("payer", "payee", "ore", "kr"))
    for payer, payee, ore in sheet.transfers:
        w.writerow((_cell(payer), _cell(payee), ore, _kr(ore)))
    return out.getvalue()


def sheet_json(sheet: CashOut, info: SheetInfo) -> str:
    """The sheet as a JSON document (keys sorted, indent 2, non-ASCII kept, a final newline)::

        {"version": 1,
         "evening": {game, game_name, limit, price_per_chip (öre), first_buyin (chips), hands_played,
                     agreed_hands, agreed_minutes, house_rules, started_at, ended_at (ISO 8601, UTC, or null),
                     night_id, deals},
         "players": [{name, deals, chips_bought, paid_ore, chips_out, value_ore, net_ore}, ...],
         "totals": {deals, chips_bought, paid_ore, chips_out, value_ore, net_ore},
         "transfers": [{payer, payee, ore}, ...],
         "events": [{hand, kind, text}, ...]}

    Players are in the sheet's order, money in öre as integers; house-rule values as JSON holds them (enums as
    their value, other objects as text).  Raises :class:`RoomError` when the sheet's price per chip is not the
    evening's."""
    _check(sheet, info)
    evening = {f.name: getattr(info, f.name) for f in fields(info) if f.name != "events"}
    evening.update(house_rules=_plain(info.house_rules), started_at=_utc(info.started_at), ended_at=_utc(info.ended_at))
    doc = {
        "version": 1,
        "evening": evening,
        "players": [{"name": r.name, **_figures(r, info)} for r in sheet.rows],
        "totals": _totals(sheet, info),
        "transfers": [{"payer": p, "payee": q, "ore": o} for p, q, o in sheet.transfers],
        "events": [{"hand": e.hand, "kind": e.kind, "text": e.text} for e in info.events],
    }
    return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False, allow_nan=False) + "\n"


_CSS = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 1rem auto; max-width: 52rem; padding: 0 1rem; color: #111; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; } h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
.scroll { overflow-x: auto; } table { border-collapse: collapse; width: 100%; }
th, td { padding: .3rem .5rem; border-bottom: 1px solid #ccc; text-align: left; vertical-align: top; }
.n { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
tfoot td { font-weight: bold; border-top: 2px solid #111; } .won { color: #075e07; } .lost { color: #a00; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0; }
dt { font-weight: bold; } dd { margin: 0; } dd ul, dd p { margin: 0; padding-left: 1.2rem; } .muted { color: #555; }
@media print {
  body { font-size: 11pt; max-width: none; margin: 0; padding: 0; color: #000; }
  .won, .lost, .muted { color: #000; } .scroll { overflow: visible; }
  table, dl, ul { page-break-inside: avoid; } h2 { page-break-after: avoid; } @page { margin: 15mm; }
}
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _when(when: datetime | None) -> str:
    return "—" if when is None else when.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def _length(info: SheetInfo) -> str:
    hands = [] if info.agreed_hands is None else [plural(info.agreed_hands, "hand")]
    minutes = [] if info.agreed_minutes is None else [plural(info.agreed_minutes, "minute", spec="g")]
    parts = hands + minutes
    return " or ".join(parts) + ", ending on a completed orbit" if parts else "not agreed"


def _ul(items: Sequence[str], empty: str) -> str:
    """A list of items already escaped, or the paragraph ``empty`` when there are none."""
    return "<ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>" if items else f"<p class='muted'>{empty}</p>"


def _table(head: Sequence[tuple[str, bool]], body: Iterable[Sequence[str]], foot: Sequence[str] = ()) -> str:
    """An HTML table of cells already escaped; ``head`` gives each column's title and whether it holds numbers."""

    def row(cells: Sequence[str], tag: str = "td") -> str:
        kind = [' class="n"' if n else "" for _, n in head]
        return "<tr>" + "".join(f"<{tag}{k}>{c}</{tag}>" for c, k in zip(cells, kind, strict=True)) + "</tr>"

    rows = "\n".join(map(row, body))
    tail = f"<tfoot>{row(foot)}</tfoot>" if foot else ""
    top = row([_e(t) for t, _ in head], "th")
    return f'<div class="scroll"><table>\n<thead>{top}</thead>\n<tbody>\n{rows}\n</tbody>{tail}</table></div>'


def _money(name: str, f: Mapping[str, int]) -> list[str]:
    """A standings row: ``name`` (escaped), deals and chips, money in kronor, the net marked won or lost."""
    net = f["net_ore"]
    mark = "won" if net > 0 else "lost" if net < 0 else "even"
    return [
        name, str(f["deals"]), str(f["chips_bought"]), _e(format_kronor(f["paid_ore"])), str(f["chips_out"]),
        _e(format_kronor(f["value_ore"])), f'<span class="{mark}">{_e(format_kronor(net))}</span>',
    ]  # fmt: skip


_STANDINGS = [("Player", False)] + [(t, True) for t in ("Deals", "Chips bought", "Paid", "Chips out", "Value", "Net")]


def sheet_html(sheet: CashOut, info: SheetInfo) -> str:
    """The sheet as one self-contained printable HTML page (inline CSS with ``@media print``, no scripts, no
    external assets; ``lang="en"`` and a viewport for phones): the evening's settings (game, limit, price per
    chip, first buy-in, agreed length, house rules, times), the standings, the events, and who pays whom, money
    in Swedish kronor (:func:`~pokerroom.room.night.format_kronor`).  Every name and text is HTML-escaped.
    Raises :class:`RoomError` when the sheet's price per chip is not the evening's."""
    _check(sheet, info)
    date = "" if info.started_at is None else " " + info.started_at.astimezone(UTC).strftime("%Y-%m-%d")
    title = _e(f"Game night{date}: {info.game_name}")
    price, buyin = info.price_per_chip, info.first_buyin
    rules = [f"{_e(k)} = {_e(format_rule_value(v))}" for k, v in info.house_rules.items()]
    settings = [
        ("Game", f"{_e(info.game_name)} <span class='muted'>({_e(info.game)})</span>"),
        ("Limit", _e(info.limit)),
        ("Price per chip", _e(format_kronor(price))),
        ("First buy-in", _e(f"{plural(buyin, 'chip')} ({format_kronor(buyin * price)})")),
        ("Agreed length", _e(_length(info))),
        ("Hands played", _e(info.hands_played)),
        ("Started", _e(_when(info.started_at))),
        ("Ended", _e(_when(info.ended_at))),
        *([] if info.night_id is None else [("Night", _e(info.night_id))]),
        ("House rules", _ul(rules, "the game's own rules")),
    ]
    rows = [_money(_e(r.name), _figures(r, info)) for r in sheet.rows]
    standings = _table(_STANDINGS, rows, _money("Total", _totals(sheet, info)))
    happened = [[str(e.hand), _e(EVENT_KINDS[e.kind]), _e(e.text)] for e in info.events]
    events = (
        _table([("Hand", True), ("What", False), ("Details", False)], happened)
        if happened
        else _ul([], "Nothing to note.")
    )
    pays = [
        f"<strong>{_e(p)}</strong> pays <strong>{_e(q)}</strong> {_e(format_kronor(o))}" for p, q, o in sheet.transfers
    ]
    return "\n".join([
        '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{title}</title>\n<style>{_CSS}</style></head>\n<body>\n<h1>{title}</h1>\n<h2>The evening</h2>",
        "<dl>" + "".join(f"<dt>{_e(k)}</dt><dd>{v}</dd>" for k, v in settings) + "</dl>",
        "<h2>Standings</h2>", standings, "<h2>Events</h2>", events,
        "<h2>Who pays whom</h2>", _ul(pays, "No transfers needed."), "</body>\n</html>\n",
    ])  # fmt: skip


SUFFIXES: dict[str, tuple[Callable[[CashOut, SheetInfo], str], str]] = {
    ".csv": (sheet_csv, "utf-8-sig"),
    ".json": (sheet_json, "utf-8"),
    ".html": (sheet_html, "utf-8"),
    ".htm": (sheet_html, "utf-8"),
}
"""The suffixes :func:`write_sheet` knows (lower case): the writer and the encoding (CSV with a byte-order mark,
so that spreadsheets read the names' å, ä and ö as UTF-8)."""


def _write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a new file next to ``path`` (created with the usual permissions), then move it over
    ``path`` in one step: a reader sees the old file or the new one, never half of one."""
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_sheet(path: str | os.PathLike[str], sheet: CashOut, info: SheetInfo) -> None:
    """Write the sheet to ``path`` in the format its suffix names (case-insensitive): ``.csv``
    (:func:`sheet_csv`, UTF-8 with a byte-order mark), ``.json`` (:func:`sheet_json`), ``.html`` or ``.htm``
    (:func:`sheet_html`), UTF-8, atomically (a temporary file in the same folder, then :func:`os.replace`).
    Raises :class:`RoomError` for another suffix (naming the allowed ones) or a price per chip that is not the
    evening's, before anything is written; :class:`OSError` when the file cannot be written."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in SUFFIXES:
        what = f"{target.suffix!r}" if target.suffix else "no suffix"
        raise RoomError(f"{target}: a sheet is written as {', '.join(SUFFIXES)}; the name has {what}")
    writer, encoding = SUFFIXES[suffix]
    _write_atomic(target, writer(sheet, info).encode(encoding))


def write_hands_phh(path: str | os.PathLike[str], records: Sequence[HandRecord]) -> int:
    """Write the evening's hands to ``path``, a ``.phhs`` file: one PHH table per hand, ``[1]``, ``[2]``, ... in
    the order given, each written by the project's PHH writer
    (:func:`~pokerroom.formats.phh_hand.from_record`, :func:`~pokerroom.formats.phh.dumps_many`), atomically.
    Returns the number of hands written.

    Voided (and cancelled) hands are written too: the PHH writer records them with ``_status`` and ``_reason``
    and no ``finishing_stacks``, and :func:`~pokerroom.formats.phh_hand.to_record` reads their status back (a
    replay calls such a hand ``incomplete``, as its actions stop where it was voided), so the file keeps the
    evening's hand numbers whole.  Raises :class:`RoomError` for a path not ending in ``.phhs`` or a hand still
    being played (status ``incomplete``), before anything is written; the writer's
    :class:`~pokerroom.errors.UnsupportedRule` or :class:`~pokerroom.errors.PHHError` for a hand PHH cannot
    express; :class:`OSError` when the file cannot be written."""
    # The formats layer sits below the room (it reads and writes room records): imported here, when needed.
    from pokerroom.formats.phh import dumps_many
    from pokerroom.formats.phh_hand import from_record

    target = Path(path)
    if target.suffix != ".phhs":  # the suffix PHH readers look for (pokerroom.formats.phh.iter_paths)
        raise RoomError(f"{target}: the evening's hands are written as one .phhs file, not {target.suffix!r}")
    for k, record in enumerate(records):
        if record.status is Status.INCOMPLETE:
            number = record.number if record.number is not None else k + 1
            raise RoomError(f"hand {number} is still being played; finish or void it before writing the hands")
    _write_atomic(target, dumps_many([from_record(r) for r in records]).encode("utf-8"))
    return len(records)
