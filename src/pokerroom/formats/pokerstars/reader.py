"""PokerStars-style hand histories: the READER half (``docs/pokerstars.md``, "Reading").

:func:`loads_each` splits a file's text into hands and reads each into a :class:`StarsHand`: the header (site, game,
limit, stakes, tournament, currency, time), the table and seats, every line of play as a :class:`StarsLine` (posts,
deals, bets, draws, shows, uncalled bets, pots collected) and the summary's figures (total pot, main and side pots,
rake, boards, what each seat showed, mucked and won).  Amounts are :class:`~decimal.Decimal` in the file's own
money (``$0.25`` is ``0.25``); cards are ints (:mod:`pokerroom.cards`).

Every line is read or refused: a line the reader does not understand makes that hand a :class:`BadStarsHand` whose
error names the file, the hand id and the line, and the rest of the file is read.  What the engine cannot express
(a board run twice, a game it does not deal) is not an error here: the hand says so in
:attr:`StarsHand.unsupported`, and :func:`~pokerroom.formats.pokerstars.check.check` reports it as ``unsupported``.

Files: UTF-8 with or without a byte-order mark, or Windows-1252 (old exports; the euro sign is byte 0x80); CRLF or
LF; non-breaking spaces read as spaces; trailing blanks ignored; hands separated by blank lines or PokerStars'
``*** # N ***`` separators.  Rooms that write PokerStars' format (Run It Once, PokerBros, PokerMaster, PokerStars Home
Games and Zoom, converted exports) are read the same way.  Russian-client files are read through
:mod:`~pokerroom.formats.pokerstars.locale`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from pokerroom.errors import InvalidCard, StarsError
from pokerroom.formats.pokerstars import shapes as sh
from pokerroom.formats.pokerstars.base import MAX_FILE_BYTES
from pokerroom.formats.pokerstars.locale import english, is_separator, language_of
from pokerroom.games import Limit

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_LINE",
    "MAX_SEATS",
    "BadStarsHand",
    "StarsHand",
    "StarsLine",
    "StarsSeat",
    "decode",
    "is_pokerstars",
    "loads_each",
    "read_each",
]


MAX_LINE = 20_000
"""The longest line read (characters): no history line is longer, and a longer one is cut (then refused as a line
the reader does not know)."""

MAX_SEATS = 20
"""The most seat lines a hand may have (PokerStars seats ten at most): more is refused, never slow."""


@dataclass(frozen=True, slots=True)
class StarsSeat:
    """A ``Seat N: NAME (STACK in chips)`` line: ``seat`` as the file numbers it (1 first), the stack in the file's
    money, and whether the line says the player sits out."""

    seat: int
    name: str
    stack: Decimal
    sitting_out: bool = False


@dataclass(frozen=True, slots=True)
class StarsLine:
    """One line of play, read.

    ``kind``: ``post`` (``what``: ``small blind``, ``big blind``, ``small & big blinds``, ``the ante``,
    ``button blind``, ``straddle``, ``dead blind``), ``dealt`` (``cards``; ``more`` the new cards of a draw or a
    stud street), ``street`` (``what`` the street's name as written, upper case; ``cards``/``more`` the board),
    ``fold``, ``check``, ``call``, ``bet``, ``raise`` (``amount`` the total it raises to, ``by`` the increment),
    ``bring-in``, ``complete``, ``discard`` (``n`` cards, ``cards`` when shown), ``stand pat``, ``show``, ``muck``,
    ``no show``, ``split`` (a check pressing split in 32-card draw, RULES G15), ``protected`` (all-in by disconnect
    protection, RULES §3.7), ``timed out`` (the table makes ``name``'s next move), ``uncalled`` (``amount``
    returned to ``name``), ``collected`` (``amount`` from ``what``: ``pot``, ``main pot``, ``side pot-1``...),
    ``cash out`` (``amount``, fee in ``by``), ``splash`` (``amount`` the room adds to the pot: Run It Once's "STP
    added").  ``line`` is the file's line number (1 first)."""

    kind: str
    line: int
    name: str | None = None
    what: str | None = None
    amount: Decimal | None = None
    by: Decimal | None = None
    cards: tuple[int, ...] | None = None
    more: tuple[int, ...] | None = None
    n: int = 0
    all_in: bool = False
    capped: bool = False


@dataclass(frozen=True, slots=True)
class StarsSummary:
    """A summary ``Seat N: ...`` line: the cards it shows (``showed`` or ``mucked``), each amount won, whether the
    player cashed out."""

    seat: int
    cards: tuple[int, ...] | None = None
    won: tuple[Decimal, ...] = ()
    cashed_out: bool = False
    lost: bool = False
    """The line says the player lost or folded (and names no amount won)."""


@dataclass(frozen=True, slots=True)
class StarsHand:
    """One hand of a PokerStars-style file, as read (see the module docstring).

    ``hand_id`` is the text after ``#``; ``site`` the room's name (``PokerStars``, ``Run It Once Poker``...);
    ``game``/``limit_text`` PokerStars' words, ``game_id``/``limit`` ours (``None`` where the engine has none);
    ``stakes`` the header's two amounts (small/big blind, or small/big bet at fixed limit); ``cap`` a capped no-limit
    game's cap; ``currency`` ``USD``/``EUR``/... (``None``: chips or play money); ``tournament`` its number.
    ``seats`` in the file's order; ``lines`` every line of play; ``total_pot``, ``pots`` (the summary's main and
    side pots, empty when it lists none), ``rake`` and ``fees`` (other amounts the summary's ``|`` parts name)
    from the summary; ``boards`` each board the summary lists; ``summary`` the summary's seat lines by seat.
    ``unsupported``: what the engine cannot express, named; ``cancelled``: the hand says ``Hand cancelled``;
    ``voided``: the reason a room voided it (our writer's ``Hand voided: ...`` line, RULES §3.8).
    ``old_format``: a hand from before 2008 (or with its time written so), when uncalled bets went unwritten;
    ``converted``: the header's time has no zone, as converters from other sites write it (no uncalled bets
    either);
    ``double_bet_noted``: the hand notes an open pair's big bet (stud).  ``path``, ``index`` (0 first in the file)
    and ``first_line`` say where it came from."""

    hand_id: str
    site: str
    header: str
    game: str
    limit_text: str
    game_id: str | None
    limit: Limit | None
    stakes: tuple[Decimal, Decimal] | None
    table: str
    max_seats: int | None
    button: int | None
    seats: tuple[StarsSeat, ...]
    lines: tuple[StarsLine, ...]
    total_pot: Decimal | None = None
    pots: tuple[Decimal, ...] = ()
    rake: Decimal | None = None
    fees: tuple[tuple[str, Decimal], ...] = ()
    boards: tuple[tuple[int, ...], ...] = ()
    summary: dict[int, StarsSummary] = field(default_factory=dict, hash=False)
    currency: str | None = None
    play_money: bool = False
    tournament: str | None = None
    cap: Decimal | None = None
    date: str | None = None
    time: str | None = None
    time_zone: str | None = None
    cancelled: bool = False
    voided: str | None = None
    double_bet_noted: bool = False
    old_format: bool = False
    converted: bool = False
    run_count: int = 1
    unsupported: str | None = None
    language: str | None = None
    path: str | None = None
    index: int = 0
    first_line: int = 1

    @property
    def where(self) -> str:
        """``file.txt, hand #123`` as messages say it."""
        return f"{self.path or '<text>'}, hand #{self.hand_id}"

    def seats_by_number(self) -> dict[int, StarsSeat]:
        """The seats by the file's seat number."""
        return {s.seat: s for s in self.seats}

    def seat_of(self, name: str) -> StarsSeat:
        """The seat of the player called ``name``; raises :class:`~pokerroom.errors.StarsError`."""
        for s in self.seats:
            if s.name == name:
                return s
        raise StarsError(f"{self.where}: no seat line names {name!r}")


@dataclass(frozen=True, slots=True)
class BadStarsHand:
    """A hand that could not be read: ``error`` names the file, hand and line; the rest of its file is read."""

    path: str | None
    index: int
    hand_id: str | None
    first_line: int
    error: StarsError

    @property
    def where(self) -> str:
        return f"{self.path or '<text>'}, hand #{self.hand_id or '?'}"


# -- decoding and splitting -------------------------------------------------------------------------------------


def decode(data: bytes) -> str:
    """The text of a history file: UTF-8 (a byte-order mark dropped; UTF-16 with its mark too), else Windows-1252,
    non-breaking spaces as spaces.  Never raises: Windows-1252 with Latin-1 for its five undefined bytes reads
    any byte string."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = data.decode("utf-16", errors="replace")  # a broken character reads as U+FFFD, never raises
    else:
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = "".join(
                bytes([b]).decode("cp1252", errors="strict") if b not in (0x81, 0x8D, 0x8F, 0x90, 0x9D) else chr(b)
                for b in data
            )
    return text.replace("\ufeff", "").replace("\xa0", " ").replace("\u202f", " ")


def is_pokerstars(text: str) -> bool:
    """Whether ``text`` (a file's start) looks like a PokerStars-style history: its first line that is not blank
    or a separator is a hand's first line."""
    for raw in text.splitlines()[:20]:
        line = raw.strip().replace("\ufeff", "")
        if not line or is_separator(line):
            continue
        return sh.START.match(line) is not None or language_of(line) is not None
    return False


def _site(site: str, kind: str) -> str:
    """The room a header names: ``PokerStars``, ``PokerStars Home Game``, ``Run It Once Poker``...; our writer's
    ``Hand #N`` header for a game PokerStars never dealt is ``pokerroom``."""
    if site == "Hand":
        return "pokerroom"
    return (site + kind).replace(" Hand", "").replace(" Game", " Game" if "Home" in kind else "")


def _is_start(line: str) -> bool:
    if language_of(line) is not None:
        return True
    m = sh.START.match(line)
    return m is not None and (m["site"] != "Hand" or sh.GAME.search(m["rest"]) is not None or "#" in line)


def _blocks(text: str) -> Iterator[tuple[int, list[str]] | tuple[int, StarsError]]:
    """Each hand's lines with the number of its first line; a stray line before a hand is an error of its own."""
    block: list[str] = []
    start = 0
    stray: tuple[int, int, str] | None = None  # lines before a hand: one error for the run (first, last, text)
    after_gap = True  # the previous line was blank or a separator: where PokerStars starts a hand
    summarised = False  # the hand read so far has reached its summary (a next hand may follow with no gap)
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.replace("\xa0", " ").rstrip()
        stripped = line.strip()
        if len(stripped) > MAX_LINE:
            stripped = line = stripped[:MAX_LINE]  # no history line is this long: the reader names it, cut
        gap, after_gap = after_gap, not stripped or is_separator(stripped)
        # A hand's first line follows a blank line, so a player named like a header cannot start a hand.
        if (gap or not block or summarised) and _is_start(stripped):
            if stray is not None:
                yield stray[0], _stray(*stray)
                stray = None
            if block:
                yield start, block
            block, start, summarised = [stripped], number, False
            continue
        if not block:
            if stripped and not is_separator(stripped):
                stray = (stray[0], number, stray[2]) if stray is not None else (number, number, stripped)
            continue
        block.append(line)
        summarised = summarised or stripped == "*** SUMMARY ***"
    if stray is not None:
        yield stray[0], _stray(*stray)
    if block:
        yield start, block


def _stray(first: int, last: int, text: str) -> StarsError:
    where = f"line {first}" if first == last else f"lines {first}-{last}"
    return StarsError(f"{where}: {text[:80]!r} comes before any hand's first line (not a PokerStars hand history?)")


def loads_each(text: str, *, path: str | os.PathLike[str] | None = None) -> Iterator[StarsHand | BadStarsHand]:
    """Every hand of ``text`` in order: a :class:`StarsHand`, or a :class:`BadStarsHand` for one that cannot be
    read (the error names the file, hand id and line); one bad hand never stops the rest."""
    where = None if path is None else str(path)
    index = 0
    for start, body in _blocks(text):
        if isinstance(body, StarsError):
            yield BadStarsHand(where, index, None, start, StarsError(f"{where or '<text>'}, {body}"))
            index += 1
            continue
        try:
            yield _Reader(body, start, where, index).read()
        except StarsError as exc:
            m = sh.START.match(body[0])
            hand_id = m["id"] if m else None
            yield BadStarsHand(where, index, hand_id, start, exc)
        index += 1


def read_each(path: str | os.PathLike[str], *, max_bytes: int = MAX_FILE_BYTES) -> Iterator[StarsHand | BadStarsHand]:
    """Every hand of the file at ``path`` (:func:`loads_each`).  Raises :class:`~pokerroom.errors.StarsError` for a
    file that is not a regular file or is over ``max_bytes``, and ``OSError`` when it cannot be opened."""
    p = Path(path)
    if not p.is_file():
        raise StarsError(f"{p}: not a regular file")
    size = p.stat().st_size
    if size > max_bytes:
        raise StarsError(f"{p}: {size} bytes is over the {max_bytes}-byte limit")
    return loads_each(decode(p.read_bytes()), path=p)


# -- reading one hand -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Header:
    """What a hand's first line says (see :class:`StarsHand`)."""

    game: str
    limit_text: str
    game_id: str | None
    limit: Limit | None
    stakes: tuple[Decimal, Decimal] | None
    currency: str | None
    cap: Decimal | None
    unsupported: str | None
    tournament: str | None
    tournament_text: str
    date: str | None
    time: str | None
    zone: str | None


@dataclass
class _Summary:
    """What a hand's summary says (see :class:`StarsHand`)."""

    total: Decimal | None = None
    rake: Decimal | None = None
    pots: tuple[Decimal, ...] = ()
    fees: tuple[tuple[str, Decimal], ...] = ()
    boards: tuple[tuple[int, ...], ...] = ()
    seats: dict[int, StarsSummary] = field(default_factory=dict)


class _Unread:
    """What a line's reading returns when the line is not of the kind tried (another name may still fit)."""


UNREAD = _Unread()


class _Reader:
    """Reads one hand's lines (see :func:`loads_each`)."""

    def __init__(self, lines: list[str], start: int, path: str | None, index: int) -> None:
        self.raw = lines
        self.start = start
        self.path = path
        self.index = index
        self.hand_id = "?"
        self.language = language_of(lines[0])
        self.currency: str | None = None  # the header's currency, once read (cash games)

    def money(self, text: str) -> Decimal:
        """An amount of this hand: in its header's currency where the amount names one (``€0.50`` in a dollar hand
        is refused, naming the line)."""
        value, theirs = sh.money(text)
        if theirs is not None and self.currency is not None and theirs != self.currency:
            raise ValueError(f"{text.strip()} is in {theirs}; this hand's money is {self.currency}")
        return value

    def fail(self, k: int, why: str) -> StarsError:
        text = self.raw[k].strip() if k < len(self.raw) else ""
        return StarsError(
            f"{self.path or '<text>'}, hand #{self.hand_id}, line {self.start + k}: {why}: {text[:120]!r}"
        )

    def text(self, k: int) -> str:
        line = self.raw[k].strip()
        if self.language is not None:
            line = english(line, self.language, header=k == 0)
        return line

    def read(self) -> StarsHand:
        header = self.text(0)
        m = sh.START.match(header)
        if m is None:
            raise self.fail(0, "not a PokerStars hand's first line")
        self.hand_id = m["id"]
        info = self.header(m["rest"], header)
        self.currency = None if info.tournament else info.currency
        k = 1
        while k < len(self.raw) and not self.text(k):
            k += 1
        table = sh.TABLE.match(self.text(k)) if k < len(self.raw) else None
        if table is None:
            raise self.fail(k, "expected the table line (Table 'NAME' N-max Seat #B is the button)")
        k += 1
        seats: list[StarsSeat] = []
        while k < len(self.raw):
            s = sh.SEAT.match(self.text(k))
            if s is None and not seats and sh.is_note(self.text(k)):
                k += 1  # a rebuy or a join noted before the seat lines
                continue
            if s is None:
                break
            try:
                stack = self.money(s["stack"])
            except ValueError as exc:
                raise self.fail(k, f"the stack {s['stack']!r} is not an amount of this hand ({exc})") from None
            rest = (s["more"] + s["rest"]).lower()
            seats.append(StarsSeat(int(s["seat"]), s["name"], stack, "sitting out" in rest or "out of hand" in rest))
            k += 1
        if not seats:
            raise self.fail(k, "expected the seat lines (Seat N: NAME (STACK in chips))")
        if len(seats) > MAX_SEATS:
            raise self.fail(k - 1, f"{len(seats)} seat lines: a table seats at most {MAX_SEATS}")
        if len({s.seat for s in seats}) != len(seats) or len({s.name for s in seats}) != len(seats):
            raise self.fail(k - 1, "two seat lines give the same seat or the same name")
        names = sorted((s.name for s in seats), key=len, reverse=True)
        play, summary_at = self.play(k, names)
        cancelled = any(self.text(j) == "Hand cancelled" for j in range(k, len(self.raw)))
        voided = next((v["reason"] for j in range(k, len(self.raw)) if (v := sh.VOIDED_LINE.match(self.text(j)))), None)
        summary = self.summary(summary_at, seats) if summary_at is not None else _Summary()
        money = table["money"]
        runs = self.run_count(play, summary.boards)
        dealt = next((len(ln.cards or ()) for ln in play if ln.kind == "dealt" and ln.more is None), 0)
        game_id = sh.OMAHA_BY_CARDS.get((info.game_id or "", dealt), info.game_id)
        unsupported = info.unsupported
        if runs > 1 and unsupported is None:
            unsupported = f"the board was run {('twice', 'three times')[min(runs, 3) - 2]}; the engine deals one board"
        return StarsHand(
            hand_id=self.hand_id,
            site=_site(m["site"], m["kind"]),
            header=header,
            game=info.game,
            limit_text=info.limit_text,
            game_id=game_id,
            limit=info.limit,
            stakes=info.stakes,
            table=table["name"],
            max_seats=int(table["max"]) if table["max"] else None,
            button=int(table["button"]) if table["button"] else None,
            seats=tuple(seats),
            lines=tuple(play),
            total_pot=summary.total,
            pots=summary.pots,
            rake=summary.rake,
            fees=summary.fees,
            boards=summary.boards,
            summary=summary.seats,
            currency=None if money == "Play Money" or info.tournament else info.currency,
            play_money=money == "Play Money" or "play" in info.tournament_text.lower(),
            tournament=info.tournament,
            cap=info.cap,
            date=info.date,
            time=info.time,
            time_zone=info.zone,
            cancelled=cancelled,
            voided=voided,
            old_format=sh.OLD_TIME.search(header) is not None or (info.date or "9999") < "2008",
            converted=sh.CONVERTED.search(header) is not None,
            double_bet_noted=any(self.text(j) == sh.DOUBLE_BET for j in range(k, len(self.raw))),
            run_count=runs,
            unsupported=unsupported,
            language=self.language,
            path=self.path,
            index=self.index,
            first_line=self.start,
        )

    def header(self, rest: str, header: str) -> _Header:
        club = sh.CLUB.match(rest)
        if club:
            rest = rest[club.end() :]
        tournament = sh.TOURNAMENT.match(rest)
        tournament_text = ""
        if tournament:
            tournament_text = tournament["rest"]
        g = sh.GAME.search(rest)
        if g is None:
            raise self.fail(0, "the header names no game this reader knows (" + ", ".join(sorted(sh.STARS_GAMES)) + ")")
        games = {m["game"].lower() for m in sh.GAME.finditer(rest)}
        if len(games) > 1:
            raise self.fail(0, f"the header names {len(games)} games ({', '.join(sorted(games))}); a hand is one")
        game, limit_text = g["game"], g["limit"]
        game_id = sh.STARS_GAMES[game.lower()]
        limit = sh.LIMITS[limit_text.lower()]
        unsupported = None
        if game_id is None:
            unsupported = f"{game} is not a game the engine deals (header: {header!r})"
        elif limit is None:
            unsupported = f"{game} {limit_text}: the engine has no betting structure that changes after the flop"
        after = rest[g.end() :]
        stakes: tuple[Decimal, Decimal] | None = None
        currency = None
        cap = None
        s = sh.STAKES.search(after) or sh.STAKES.search(rest)
        bb = sh.BUTTON_BLIND.search(after)
        try:
            if bb is not None:
                stakes = (sh.amount(bb["blind"]), sh.amount(bb["blind"]))
                currency = sh.currency(bb["blind"]) or sh.currency(bb["more"].strip())
            elif s is not None:
                stakes = (sh.amount(s["low"]), sh.amount(s["high"]))
                currency = (
                    sh.currency(s["low"]) or sh.currency(s["high"]) or sh.currency(s["more"].strip().split(" ")[-1])
                )
                c = sh.CAP.search(s["more"] + " -")
                if c is not None:
                    cap = sh.amount(c["cap"])
            else:
                level = sh.LEVEL.search(after)
                if level is not None and level["low"]:
                    stakes = (sh.amount(level["low"]), sh.amount(level["high"]))
        except ValueError as exc:
            raise self.fail(0, f"the stakes {exc} are not amounts") from None
        if currency is None:
            for sym, code in sh.SYMBOLS.items():
                if sym in (tournament_text if tournament else after):
                    currency = code
                    break
            if tournament and re.search(r"\b(USD|EUR|GBP|CAD|INR)\b", tournament_text):
                currency = re.search(r"\b(USD|EUR|GBP|CAD|INR)\b", tournament_text)[1]  # type: ignore[index]
        when = sh.WHEN.search(after)
        if when is not None:
            try:
                datetime.strptime(
                    f"{when['date']} {when['time']}",
                    "%Y/%m/%d %H:%M:%S" if when["time"].count(":") == 2 else "%Y/%m/%d %H:%M",
                )
            except ValueError:
                raise self.fail(0, f"{when['date']} {when['time']} is not a date and time") from None
        return _Header(
            game=game,
            limit_text=limit_text,
            game_id=game_id,
            limit=limit,
            stakes=stakes,
            currency=currency,
            cap=cap,
            unsupported=unsupported,
            tournament=tournament["id"] if tournament else None,
            tournament_text=tournament_text,
            date=when["date"] if when else None,
            time=when["time"] if when else None,
            zone=when["zone"] if when else None,
        )

    def play(self, k: int, names: list[str]) -> tuple[list[StarsLine], int | None]:
        out: list[StarsLine] = []
        n = len(self.raw)
        while k < n:
            line = self.text(k)
            number = self.start + k
            if not line or is_separator(line):
                k += 1
                continue
            try:
                item = self.play_line(line, number, names)
            except (ValueError, InvalidCard) as exc:
                raise self.fail(k, f"{exc}") from None
            if item == "summary":
                return out, k + 1
            if isinstance(item, StarsLine):
                out.append(item)
            k += 1
        return out, None

    def play_line(self, line: str, number: int, names: list[str]) -> StarsLine | str | None:
        """One line of play: a :class:`StarsLine`, ``None`` for a note that moves no chips, ``"summary"``."""
        st = sh.STREET.match(line)
        if st is not None:
            what = st["name"].upper()
            if what == "SUMMARY":
                return "summary"
            boards = [sh.cards(c) for c in sh.CARDS.findall(st["cards"])]
            return StarsLine(
                "street", number, what=what, cards=boards[0] if boards else None,
                more=boards[1] if len(boards) > 1 else None,
            )  # fmt: skip
        if line.startswith("Dealt to "):
            for name in names:  # longest first: a name may hold brackets ("PC [Mittel]")
                rest = line[9:]
                if rest == name:
                    return None  # "Dealt to NAME" with no cards (converted exports): nothing known
                if rest.startswith(name + " [") and sh.GROUPS.fullmatch(rest[len(name) :]):
                    groups = [sh.cards(c) for c in sh.CARDS.findall(rest[len(name) :])]
                    more = groups[1] if len(groups) > 1 else None
                    return StarsLine("dealt", number, name=name, cards=groups[0], more=more)
        if line.startswith("Uncalled bet ("):
            u = sh.UNCALLED.match(line)
            if u is not None and u["name"] in names:  # else a player whose name starts so: read below
                return StarsLine("uncalled", number, name=u["name"], amount=self.money(u["amount"]))
        sp = sh.SPLASH.match(line)
        if sp is not None:
            return StarsLine("splash", number, amount=self.money(sp["amount"]))
        unknown: str | None = None  # a seated player's "NAME: ..." no verb fits
        for name in names:  # longest first: "bob x" before "bob"
            if not line.startswith(name):
                continue
            rest = line[len(name) :]
            if rest.startswith(":"):
                item = self.said(name, rest[1:].strip(), number)
                if not isinstance(item, _Unread):
                    return item
                unknown = unknown or name
            elif rest.startswith(" "):
                item = self.about(name, rest[1:], number)
                if not isinstance(item, _Unread):
                    return item
        if sh.TABLE_NOTES.match(line) or sh.is_note(line):
            return None
        if re.match(r"^[^:]+: (?:sits out|is sitting out|doesn't show hand|mucks hand|said, .*)$", line):
            return None  # a player not dealt in
        if unknown is not None:
            raise ValueError(f"{unknown!r} does something this reader does not know")
        raise ValueError("this line is not one the reader knows")

    def said(self, name: str, rest: str, number: int) -> StarsLine | _Unread | None:
        """``NAME: rest``: a move, ``None`` for a note, :data:`UNREAD` when ``rest`` is none (another name may fit).
        ``NAME:`` alone (after an all-in, in an observer's history: the cards turned up, left out) moves no chips."""
        if not rest:
            return None
        for kind, pattern in sh.VERBS:
            v = pattern.match(rest)
            if v is None:
                continue
            if kind == "note":
                return None
            return self.move(kind, v, number, name)
        return UNREAD

    def about(self, name: str, rest: str, number: int) -> StarsLine | _Unread | None:
        """``NAME rest`` (no colon): pots collected, a time-out, a cash-out, Run It Once's show, a note; :data:`UNREAD`
        when none fits (:data:`UNREAD`)."""
        c = sh.COLLECTED.fullmatch(rest)
        if c is not None:
            return StarsLine("collected", number, name=name, what=c["pot"], amount=self.money(c["amount"]))
        if sh.TIMED_OUT.fullmatch(rest):  # the table acts for the player next: that move is marked
            return StarsLine("timed out", number, name=name)
        sf = sh.SHOWS_FOR.fullmatch(rest)
        if sf is not None:  # Run It Once: "NAME shows [..] for Three of Kind [..]"
            return StarsLine("show", number, name=name, cards=sh.cards(sf["cards"]))
        co = sh.CASH_OUT.fullmatch(rest)
        if co is not None:
            fee = self.money(co["fee"]) if co["fee"] else None
            return StarsLine("cash out", number, name=name, amount=self.money(co["amount"]), by=fee)
        if sh.is_note(" " + rest):
            return None
        return UNREAD

    def move(self, kind: str, v: re.Match[str], number: int, name: str) -> StarsLine:
        groups = v.groupdict()
        amount = self.money(groups["amount"]) if groups.get("amount") else None
        by = self.money(groups["by"]) if groups.get("by") else None
        cards_text = groups.get("cards")
        cards = None
        if cards_text:
            found = sh.CARDS.findall(cards_text)
            cards = tuple(c for group in found for c in sh.cards(group))
        return StarsLine(
            kind, number, name=name, what=groups.get("what"), amount=amount, by=by, cards=cards,
            n=int(groups["n"]) if groups.get("n") else 0, all_in=bool(groups.get("all_in")),
            capped=bool(groups.get("capped")),
        )  # fmt: skip

    def summary(self, k: int, seats: list[StarsSeat]) -> _Summary:
        out = _Summary()
        boards: list[tuple[int, ...]] = []
        by_seat: dict[int, StarsSummary] = {}
        numbers = {s.seat for s in seats}
        for j in range(k, len(self.raw)):
            line = self.text(j)
            if not line or is_separator(line) or sh.TABLE_NOTES.match(line):
                continue
            t = sh.TOTAL.match(line)
            if t is not None:
                try:
                    out.total = self.money(t["total"])
                    out.rake = self.money(t["rake"])
                    pots: list[Decimal] = []
                    fees: list[tuple[str, Decimal]] = []
                    for p in sh.SUMMARY_POT.finditer(t["pots"] + " " + t["more"]):
                        if p["name"].startswith(("Main", "Side")):
                            pots.append(self.money(p["amount"]))
                        else:
                            fees.append((p["name"], self.money(p["amount"])))
                except ValueError as exc:
                    raise self.fail(j, f"{exc} is not an amount") from None
                leftover = sh.SUMMARY_POT.sub("", t["pots"] + " " + t["more"]).replace("|", "").strip()
                if leftover:
                    raise self.fail(j, f"the summary's pot line has parts this reader does not know ({leftover!r})")
                out.pots, out.fees = tuple(pots), tuple(fees)
                continue
            b = sh.BOARD.match(line)
            if b is not None:
                try:
                    boards.append(sh.cards(b["cards"]))
                except InvalidCard as exc:
                    raise self.fail(j, str(exc)) from None
                continue
            s = sh.SUMMARY_SEAT.match(line)
            if s is not None and int(s["seat"]) in numbers:
                name = next(x.name for x in seats if x.seat == int(s["seat"]))
                rest = s["rest"][len(name) :] if s["rest"].startswith(name) else s["rest"]  # the words after the name
                by_seat[int(s["seat"])] = self.summary_seat(int(s["seat"]), rest, j)
                continue
            raise self.fail(j, "this summary line is not one the reader knows")
        out.boards = tuple(boards)
        out.seats = by_seat
        return out

    def summary_seat(self, seat: int, rest: str, j: int) -> StarsSummary:
        try:
            shown = re.search(r"\b(?:showed|mucked) \[([^]]*)\]", rest)
            cards = sh.cards(shown[1]) if shown else None
            won = tuple(self.money(a) for a in re.findall(rf"(?:won|collected) \(?({sh.MONEY})\)?", rest))
        except (ValueError, InvalidCard) as exc:
            raise self.fail(j, str(exc)) from None
        gave_up = not won and re.search(r"\b(?:lost|folded)\b", rest) is not None
        return StarsSummary(seat, cards, won, "cashed out" in rest, gave_up)

    @staticmethod
    def run_count(play: list[StarsLine], boards: tuple[tuple[int, ...], ...]) -> int:
        """How many times the board was run: the summary's boards, else the ``FIRST``/``SECOND`` streets."""
        if len(boards) > 1:
            return len(boards)
        runs = {m[1] for p in play if p.kind == "street" and (m := _RUN.match(p.what or "")) is not None}
        return max(1, len(runs))


_RUN = re.compile(r"^(FIRST|SECOND|THIRD) (?:FLOP|TURN|RIVER|SHOW DOWN)$")
