"""PokerStars-style hand histories: the WRITER half (a later issue adds the reader beside it, in this module).

:func:`write_hand` turns a finished :class:`~pokerroom.room.record.HandRecord` into the text a PokerStars client
writes, in players' names, line for line in PokerStars' shapes (checked against real files in
``tests/test_formats_pokerstars_writer.py``)::

    PokerStars Hand #41:  Hold'em No Limit (1/2) - 2026/12/03 13:00:00 UTC
    Table 'Main' 6-max Seat #3 is the button
    Seat 1: alice (200 in chips)
    alice: posts small blind 1
    *** HOLE CARDS ***
    Dealt to alice [Ah Kd]
    bob: raises 6 to 8
    ...
    *** SUMMARY ***
    Total pot 62 | Rake 0

The header rules (game names, games PokerStars never dealt, stakes, seat numbers, what a void writes) are in
``docs/pokerstars.md``.  Amounts are integer chips (the record's smallest unit); seats are the table's, counted
from 1 as PokerStars counts them.  Hand names are the engine's (:func:`pokerroom.engine.results.hand_name`).  Every
table and player name goes through :func:`text_name`, so no name can end a line or close the header's quotes.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from pokerroom.cards import UNKNOWN, format_cards
from pokerroom.engine import TIMED_OUT, Event, EventType
from pokerroom.engine.results import hand_name
from pokerroom.games import Family, Game, Limit
from pokerroom.room.record import HandRecord, Status

__all__ = [
    "BETWEEN_HANDS",
    "CANCELLED",
    "CARRIED_IN",
    "GAME_NAMES",
    "LIMIT_NAMES",
    "VOIDED",
    "header_game",
    "text_name",
    "write_hand",
    "written_name",
]

CARRIED_IN = "Pot carried over from the last hand: {amount}"
"""The line (after the seats) for chips an earlier hand left in the pot; the reader reads it back."""

VOIDED = "Hand voided: {reason}; every chip put in was returned"
"""The line a voided hand (RULES §3.8) carries before :data:`CANCELLED`; the reader reads its reason back."""

BETWEEN_HANDS = "\n\n\n"
"""What separates two hands of one file, after the first hand's last line break: three blank lines, as PokerStars
writes its files."""

CANCELLED = "Hand cancelled"
"""The line by which PokerStars marks a hand that did not end in a settlement, just before its summary; a voided
hand (RULES §3.8) carries it after the line that gives the reason."""

GAME_NAMES: dict[str, str] = {
    "holdem": "Hold'em",
    "omaha": "Omaha",
    "omaha8": "Omaha Hi/Lo",
    "omaha5": "5 Card Omaha",
    "omaha5-8": "5 Card Omaha Hi/Lo",
    "6plus": "6+ Hold'em",
    "omaha6": "6 Card Omaha",
    "courchevel": "Courchevel",
    "courchevel8": "Courchevel Hi/Lo",
    "stud": "7 Card Stud",
    "stud8": "7 Card Stud Hi/Lo",
    "razz": "Razz",
    "five-card-draw": "5 Card Draw",
    "27-triple-draw": "Triple Draw 2-7 Lowball",
    "27-single-draw": "Single Draw 2-7 Lowball",
}
"""Our game id -> PokerStars' name for the games PokerStars deals (their header starts ``PokerStars Hand``)."""

LIMIT_NAMES: dict[Limit, str] = {
    Limit.NO: "No Limit",
    Limit.POT: "Pot Limit",
    Limit.HALF_POT: "Half Pot Limit",
    Limit.FIXED: "Limit",
    Limit.SPREAD: "Spread Limit",
}
"""The betting structure as PokerStars names it (``Limit`` is fixed limit)."""

_ORDINALS = {"second": "2nd", "third": "3rd", "fourth": "4th", "fifth": "5th", "sixth": "6th", "seventh": "7th"}
_DRAWS = ("FIRST", "SECOND", "THIRD", "FOURTH")
_ACTS = frozenset(
    {EventType.FOLD, EventType.CHECK, EventType.CALL, EventType.BET, EventType.RAISE, EventType.BRING_IN,
     EventType.ARTIFICIAL_ALL_IN, EventType.SPLIT}
)  # fmt: skip
_VOLUNTARY = frozenset({EventType.POST_BLIND, EventType.CALL, EventType.BET, EventType.RAISE, EventType.BRING_IN})
_QUOTES = str.maketrans({"'": "\u2019", '"': "\u201d"})  # the header quotes the table's name: ' closes it
_NOTE = re.compile(r"\s*\([^()]*\)\s*$")  # a game name's parenthesised note: "(single draw, fixed limit 1/2)"


def text_name(name: str) -> str:
    """``name`` (a table's or a player's) as the text writes it: quotes turned typographic (``'`` -> ``\u2019``,
    ``"`` -> ``\u201d``), every line break, tab and other control or format character (Unicode categories Cc, Cf,
    Cs, Zl, Zp) a space, runs of spaces one, no space at either end; ``"?"`` when nothing is left.  So a name
    can neither start a line of its own nor close the ``Table '...'`` quotes (club-night and imported names are
    not restricted as sign-up names are)."""
    out = "".join(
        " " if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp") else ch for ch in name.translate(_QUOTES)
    )
    return " ".join(out.split()) or "?"


def header_game(record: HandRecord) -> tuple[bool, str]:
    """Whether PokerStars deals this game, and the game part of the header: ``"Hold'em No Limit (1/2)"``,
    ``"Telesina Fixed Limit (10/20)"``.  A game PokerStars never dealt is named by our name without its
    parenthesised note (``"Ace-to-six lowball (single draw, fixed limit 1/2)"`` -> ``"Ace-to-six lowball"``), so
    the stakes are the header's only parentheses.  Stakes: fixed limit's small and big bet; else the small and big
    blind; else (stud, no blinds) the bring-in and the smallest bet."""
    setup = record.setup
    game = setup.the_game()
    betting = setup.betting
    ours = GAME_NAMES.get(game.id)
    limit = LIMIT_NAMES.get(betting.limit, betting.limit.value)
    if ours is None and betting.limit is Limit.FIXED:
        limit = "Fixed Limit"
    blinds = sorted({b for b in setup.blinds if b > 0})
    if betting.limit is Limit.FIXED and betting.bet_sizes:
        low, high = betting.bet_sizes[0], betting.bet_sizes[-1]
    elif blinds:
        low, high = blinds[0], blinds[-1]
    else:
        low, high = setup.bring_in, betting.min_bet
    money = Money(setup.unit, setup.currency)
    code = f" {setup.currency}" if setup.currency in CURRENCY_SIGNS else ""
    return ours is not None, f"{written_name(game)} {limit} ({money(low)}/{money(high)}{code})"


def written_name(game: Game) -> str:
    """The game's name in a header: PokerStars' (:data:`GAME_NAMES`), else ours without its parenthesised note
    (the reader finds the game by this same name)."""
    return GAME_NAMES.get(game.id) or _NOTE.sub("", game.name) or game.name


CURRENCY_SIGNS: dict[str, str] = {"USD": "$", "EUR": "€", "GBP": "£"}
"""The sign PokerStars writes before an amount of these currencies; any other currency is written as chips of
the record's unit (the header names the currency)."""


@dataclass(frozen=True, slots=True)
class Money:
    """Chips as the text writes them: ``unit`` x chips with the currency's sign (``$0.25``, ``$2``, ``€10.50``: two
    decimals unless whole, as PokerStars writes), or plain chips for play money and chips of no currency."""

    unit: Decimal
    currency: str | None

    def __call__(self, chips: int) -> str:
        sign = CURRENCY_SIGNS.get(self.currency or "")
        if sign is None:
            return str(chips) if self.unit == 1 else _plain(self.unit * chips)
        value = self.unit * chips
        if value == value.to_integral_value():
            return f"{sign}{int(value)}"
        cents = value.quantize(Decimal("0.01"))
        return f"{sign}{cents}" if cents == value else f"{sign}{_plain(value)}"  # finer than a cent: every digit


def _plain(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text


def _distinct(names: list[str]) -> list[str]:
    """``names`` with a number after each repeat (``alice``, ``alice 2``): two players :func:`text_name` writes
    alike, or with one name, stay two players in the text."""
    seen: set[str] = set()
    out = []
    for name in names:
        new, k = name, 1
        while new in seen:
            k += 1
            new = f"{name} {k}"
        seen.add(new)
        out.append(new)
    return out


def _side(k: int, pots: int) -> str:
    """Side pot ``k`` as PokerStars names it: ``side pot`` when there is one, ``side pot-1``... when several."""
    return "side pot" if pots == 2 else f"side pot-{k}"


def _cards(cards: Sequence[int]) -> str:
    return f"[{format_cards(cards, sep=' ')}]"


def _known(cards: Sequence[int]) -> bool:
    return bool(cards) and UNKNOWN not in cards


@dataclass
class _Seat:
    name: str
    held: list[int] = field(default_factory=list)
    up: list[bool] = field(default_factory=list)
    folded: str | None = None
    acted: bool = False
    blind: str | None = None
    shown: tuple[int, ...] | None = None
    mucked: bool = False


class _Writer:
    """Walks a record's events once, writing each line as PokerStars would."""

    def __init__(self, record: HandRecord, hand_id: int | None, max_seats: int | None) -> None:
        self.record = record
        self.setup = record.setup
        self.game: Game = self.setup.the_game()
        self.family = self.game.family
        self.hand_id = hand_id if hand_id is not None else self.setup.number
        # the table's size: given, else the game's most players, never fewer than the seats written
        self.max_seats = max_seats or max(self.game.max_players, *(s.seat + 1 for s in self.setup.seats))
        self.seats = [_Seat(name) for name in _distinct([text_name(s.player) for s in self.setup.seats])]
        self.lines: list[str] = []
        self.board: list[int] = []
        self.cur = 0  # the round's highest bet (its total), for "raises X to Y"
        self.bring_in = False  # a bring-in stands: the next bet or raise completes it
        self.street = 0  # the deal street or draw we are on
        self.stage = "before Flop" if self.family is Family.BOARD else self._stud_stage(0)
        self.run: set[tuple[EventType, int | None]] | None = None  # the deals since the last other event
        self.showdown = False
        self.prev: Event | None = None
        self.pots = [e for e in record.events if e.type is EventType.POT]
        self.pending: dict[int, tuple[list[int], list[bool]]] = {}  # stud: each seat's cards before this run
        self.draws = sum(1 for st in self.game.streets if st.draw)
        self.viewer = record.viewer  # None: a full history; else only this engine seat's own cards are dealt to it
        self.split_offered = False  # 32-card draw: a split stands in this round, so the next press agrees to it
        self.money = Money(self.setup.unit, self.setup.currency)
        # a returning player's dead small blind is written with the live big blind ("posts small & big blinds")
        live = {e.seat for e in record.events if e.type is EventType.POST_BLIND}
        self.dead = {
            e.seat: e.amount or 0
            for e in record.events
            if e.type is EventType.POST_DEAD and e.seat in live and e.seat is not None
        }
        self.merged = set(self.dead)
        blinds = [e for e in record.events if e.type is EventType.POST_BLIND]
        self.big_blind = max(self.setup.blinds, default=0)
        self.button_blind = len(blinds) == 1 and blinds[0].seat == self.setup.button and len(self.seats) > 2

    def m(self, chips: int | None) -> str:
        """``chips`` as the file writes money (:class:`Money`)."""
        return self.money(chips or 0)

    def sees(self, seat: int) -> bool:
        """Whether the history writes ``seat``'s down cards as dealt (a shown hand shows at the showdown)."""
        return self.viewer is None or self.viewer == seat

    # -- names and stages ---------------------------------------------------------------------------------------

    def who(self, seat: int | None) -> str:
        return "the dealer" if seat is None else self.seats[seat].name

    def _stud_stage(self, k: int) -> str:
        streets = [s for s in self.game.streets if s.hole or s.up]
        name = streets[min(k, len(streets) - 1)].name if streets else "deal"
        return "on the River" if name == "seventh" else f"on the {_ORDINALS.get(name, name.title())} Street"

    def _draw_stage(self) -> str:
        if self.street == 0:
            return "before the Draw"
        if self.draws == 1:
            return "after the Draw"
        return f"after the {_ORDINALS.get(('first', 'second', 'third')[min(self.street, 3) - 1], '1st')} Draw"

    # -- the lines ----------------------------------------------------------------------------------------------

    def header(self) -> None:
        setup = self.setup
        stars, game = header_game(self.record)
        when = setup.started_at
        at = f" - {when.strftime('%Y/%m/%d %H:%M:%S')} UTC" if when is not None else ""
        ident = f"#{self.hand_id}" if self.hand_id is not None else "#0"
        self.lines.append(f"{'PokerStars Hand' if stars else 'Hand'} {ident}:  {game}{at}")
        table = f"Table '{text_name(str(setup.table_name or setup.table_id or 'pokerroom'))}' {self.max_seats}-max"
        if self.family is not Family.STUD:
            table += f" Seat #{setup.seats[setup.button].seat + 1} is the button"
        self.lines.append(table)
        for k in sorted(range(len(setup.seats)), key=lambda k: setup.seats[k].seat):
            s = setup.seats[k]
            self.lines.append(f"Seat {s.seat + 1}: {self.seats[k].name} ({self.m(s.stack)} in chips)")
        if setup.carried_in:  # odd chips an earlier hand left in the pot (RULES §2.4's house rule)
            self.lines.append(CARRIED_IN.format(amount=self.m(setup.carried_in)))

    def new_street(self) -> None:
        self.cur = 0
        self.bring_in = False

    def deal(self, e: Event) -> None:
        """A player's deal: the first street's header, stud's street headers and each ``Dealt to`` line."""
        assert e.seat is not None and e.cards is not None
        seat = self.seats[e.seat]
        replacement = self.prev is not None and self.prev.type is EventType.DRAW and e.type is EventType.DEAL_HOLE
        key = (e.type, e.seat)
        # A seat dealt again, or dealt a down card after its up card, starts the next street (stud's sixth and
        # seventh streets come one after the other when nobody can bet).
        later = e.type is EventType.DEAL_HOLE and self.run is not None and (EventType.DEAL_UP, e.seat) in self.run
        if not replacement and (self.run is None or key in self.run or later):
            self.flush_stud()
            self.start_deal_street()
            self.run = set()
        if not replacement and self.run is not None:
            self.run.add(key)
        before = list(seat.held)
        if self.family is Family.STUD and e.seat not in self.pending:
            self.pending[e.seat] = (before, list(seat.up))
        seat.held += e.cards
        seat.up += [e.type is EventType.DEAL_UP] * len(e.cards)
        if self.family is Family.STUD:
            return
        if not self.sees(e.seat):
            return
        if replacement:
            if _known(seat.held):
                self.lines.append(f"Dealt to {seat.name} {_cards(before)} {_cards(e.cards)}")
        elif _known(e.cards):
            self.lines.append(f"Dealt to {seat.name} {_cards(e.cards)}")

    def start_deal_street(self) -> None:
        if self.family is Family.STUD:
            self.street = self.street + 1 if self.street_started else 0
            self.street_started = True
            streets = [s for s in self.game.streets if s.hole or s.up]
            name = streets[min(self.street, len(streets) - 1)].name if streets else "deal"
            self.stage = self._stud_stage(self.street)
            label = "RIVER" if name == "seventh" else f"{_ORDINALS.get(name, name.upper())} STREET"
            self.lines.append(f"*** {label} ***")
            self.new_street()
        elif not self.street_started:
            self.street_started = True
            self.lines.append("*** HOLE CARDS ***" if self.family is Family.BOARD else "*** DEALING HANDS ***")

    street_started = False

    def flush_stud(self) -> None:
        """Stud: one ``Dealt to X [before] [new]`` per seat dealt in the run just ended, the cards its reader may
        see (every card when all are known; else the up cards)."""
        for k, (before, before_up) in self.pending.items():
            seat = self.seats[k]
            n = len(seat.held) - len(before)
            if self.sees(k) and _known(seat.held):
                old, fresh = before, seat.held[-n:]
            else:
                old = [c for c, u in zip(before, before_up, strict=True) if u]
                fresh = [c for c, u in zip(seat.held[-n:], seat.up[-n:], strict=True) if u]
            if fresh:
                prior = f"{_cards(old)} " if old else ""
                self.lines.append(f"Dealt to {seat.name} {prior}{_cards(fresh)}")
        self.pending = {}

    def draw(self, e: Event) -> None:
        assert e.seat is not None
        key = (e.type, e.seat)
        after_action = self.prev is None or self.prev.type not in (
            EventType.DRAW,
            EventType.DEAL_HOLE,
            EventType.RESHUFFLE,
        )
        if after_action or self.street == 0 or self.run is None or key in self.run:
            self.street += 1
            self.run = set()
            self.new_street()
            if self.draws > 1:
                self.lines.append(f"*** {_DRAWS[min(self.street, 4) - 1]} DRAW ***")
        self.run.add(key)
        seat = self.seats[e.seat]
        n = e.amount or 0
        if n == 0:
            self.lines.append(f"{seat.name}: stands pat")
        else:
            cards = e.cards or ()
            shown = f" {_cards(cards)}" if _known(cards) and self.sees(e.seat) else ""
            self.lines.append(f"{seat.name}: discards {n} card{'s' if n != 1 else ''}{shown}")
            for c in cards:
                if c in seat.held:
                    seat.held.remove(c)
                elif UNKNOWN in seat.held:  # a discard the reader may not see: one unknown card fewer
                    seat.held.remove(UNKNOWN)
        seat.up = [False] * len(seat.held)

    def act(self, e: Event) -> None:
        t = e.type
        name = self.who(e.seat)
        seat = self.seats[e.seat] if e.seat is not None else None
        allin = " and is all-in" if e.all_in else ""
        if t is not EventType.SPLIT:
            self.split_offered = False  # any other move ends a split proposal (RULES G15)
        if seat is not None and t in _VOLUNTARY:
            seat.acted = True
        if t is EventType.FOLD:
            self.lines.append(f"{name}: folds")
            if seat is not None:
                # a fold in the first betting round by a player who put nothing in but an ante: "(didn't bet)"
                first = self.fold_stage() in (
                    "folded before Flop",
                    "folded before the Draw",
                    f"folded {self._stud_stage(0)}",
                )
                didnt = " (didn't bet)" if not seat.acted and first else ""
                seat.folded = self.fold_stage() + didnt
        elif t is EventType.CHECK:
            self.lines.append(f"{name}: checks")
        elif t is EventType.CALL:
            self.lines.append(f"{name}: calls {self.m(e.amount)}{allin}")
        elif t is EventType.BRING_IN:
            self.lines.append(f"{name}: brings in for {self.m(e.amount)}{allin}")
            self.cur, self.bring_in = e.to or 0, True
        elif t is EventType.BET or t is EventType.RAISE:
            to = e.to or 0
            if t is EventType.BET or self.cur == 0:
                self.lines.append(f"{name}: bets {self.m(to)}{allin}")
            else:  # a completion of the bring-in too, as PokerStars writes it
                self.lines.append(f"{name}: raises {self.m(to - self.cur)} to {self.m(to)}{allin}")
            self.cur, self.bring_in = to, False
        elif t is EventType.ARTIFICIAL_ALL_IN:
            self.lines.append(f"{name}: is all-in by disconnect protection")
        elif t is EventType.SPLIT:
            words = {"declines": "declines the split", "accepts": "accepts the split"}
            offer = "checks and agrees to split the pot" if self.split_offered else "checks and offers to split the pot"
            self.lines.append(f"{name}: {words.get(e.text or '', offer)}")
            self.split_offered = True

    def fold_stage(self) -> str:
        if self.family is Family.DRAW:
            return f"folded {self._draw_stage()}"
        return f"folded {self.stage}"

    def board_deal(self, e: Event) -> None:
        """A board street's line: ``*** TURN *** [before] [new]``.  The flop is one bracket even when a card came
        before it, and a card dealt with the hole cards is ``*** PRE-FLOP *** [7h]`` in the first round's betting
        (Courchevel, as PokerStars writes it)."""
        cards = list(e.cards or ())
        first = self.family is Family.BOARD and bool(self.game.streets) and e.text == self.game.streets[0].name
        label = "PRE-FLOP" if first else (e.text or "board").upper()
        if label == "FLOP" and self.board:
            self.lines.append(f"*** FLOP *** {_cards(self.board + cards)}")
        else:
            before = f" {_cards(self.board)}" if self.board else ""
            self.lines.append(f"*** {label} ***{before} {_cards(cards)}")
        self.board += cards
        if self.family is Family.BOARD and not first:
            self.stage = f"on the {(e.text or 'board').title()}"
            self.new_street()

    def show(self, e: Event) -> None:
        if not self.showdown:
            self.showdown = True
            self.lines.append("*** SHOW DOWN ***")
        if e.seat is None:
            return
        seat = self.seats[e.seat]
        if e.type is EventType.MUCK:
            seat.mucked = True
            self.lines.append(f"{seat.name}: mucks hand")
            return
        cards = e.cards or ()
        seat.shown = cards
        named = self.name_of(cards)
        self.lines.append(f"{seat.name}: shows {_cards(cards)}" + (f" ({named})" if named else ""))

    def name_of(self, cards: Sequence[int]) -> str:
        board = [c for c in self.record.board]
        return hand_name(self.game, cards, board) if _known(cards) else ""

    def pot(self, e: Event) -> None:
        k = self.pots.index(e)
        where = "pot" if len(self.pots) == 1 else ("main pot" if k == 0 else _side(k, len(self.pots)))
        paid = [p for _, payouts in e.shares for p in payouts] if e.shares else list(e.winners or ())
        for seat, chips in paid:
            if chips:
                self.lines.append(f"{self.who(seat)} collected {self.m(chips)} from {where}")

    def walk(self) -> None:
        for e in self.record.events:
            self.event(e)
            if e.type is not EventType.RESHUFFLE:
                self.prev = e
        self.flush_stud()

    def event(self, e: Event) -> None:
        """Write ``e``'s lines.  A move the clock made (any kind: bet round, bring-in, draw, show, muck) is
        preceded by ``NAME has timed out``, written here only: the move's own line is the last its event writes
        (a street or showdown header comes before it)."""
        start = len(self.lines)
        self.lines_of(e)
        if e.text == TIMED_OUT and e.seat is not None and len(self.lines) > start:
            self.lines.insert(len(self.lines) - 1, f"{self.who(e.seat)} has timed out")

    def lines_of(self, e: Event) -> None:
        """Write the lines of one event (the timed-out line aside: :meth:`event`)."""
        t = e.type
        if t is not EventType.DEAL_HOLE and t is not EventType.DEAL_UP and t is not EventType.DRAW:
            if t is not EventType.RESHUFFLE:
                self.run = None
            self.flush_stud()
        allin = " and is all-in" if e.all_in else ""
        if t is EventType.POST_ANTE:
            self.lines.append(f"{self.who(e.seat)}: posts the ante {self.m(e.amount)}{allin}")
        elif t is EventType.POST_BLIND:
            kind = e.text if e.text in ("small blind", "big blind", "straddle") else "big blind"
            if e.seat is not None:
                self.seats[e.seat].blind = self.seats[e.seat].blind or kind
                self.seats[e.seat].acted = True  # a blind folded is not "didn't bet"
            dead = self.dead.pop(e.seat, 0) if e.seat is not None else 0
            if dead:  # a returning player's blinds: the big blind live, the small one dead (RULES §3.5)
                kind = "small & big blinds"
            elif kind == "big blind" and e.seat == self.setup.button and self.button_blind:
                kind = "button blind"  # 6+ hold'em: the button's blind is the only one
            if e.seat is not None and kind in ("small & big blinds", "button blind"):
                self.seats[e.seat].blind = "big blind" if dead else kind
            self.lines.append(f"{self.who(e.seat)}: posts {kind} {self.m((e.amount or 0) + dead)}{allin}")
            self.cur = max(self.cur, e.to or 0)
        elif t is EventType.POST_DEAD:
            if e.seat not in self.merged:  # a dead small blind alone is PokerStars' second "posts small blind"
                kind = "small blind" if (e.amount or 0) < self.big_blind else "dead blind"
                self.lines.append(f"{self.who(e.seat)}: posts {kind} {self.m(e.amount)}{allin}")
        elif t is EventType.DEAL_HOLE or t is EventType.DEAL_UP:
            self.deal(e)
        elif t is EventType.DEAL_BOARD:
            self.board_deal(e)
        elif t is EventType.DRAW:
            self.draw(e)
        elif t in _ACTS:
            if self.family is Family.STUD and not self.street_started:
                self.start_deal_street()
            self.act(e)
        elif t is EventType.UNCALLED:
            self.lines.append(f"Uncalled bet ({self.m(e.amount)}) returned to {self.who(e.seat)}")
        elif t is EventType.SHOW or t is EventType.MUCK:
            self.show(e)
        elif t is EventType.POT:
            self.pot(e)

    # -- the summary --------------------------------------------------------------------------------------------

    def summary(self) -> None:
        record = self.record
        result = record.result
        if record.status is Status.VOIDED:
            self.lines.append(VOIDED.format(reason=text_name(record.reason or "no reason given")))
        if record.status is Status.VOIDED or record.status is Status.CANCELLED:
            self.lines.append(CANCELLED)  # PokerStars' own mark, right before the summary, for the trackers
        self.lines.append("*** SUMMARY ***")
        pots = result.pots if result is not None and record.status is Status.COMPLETE else ()
        rake = result.rake if result is not None and record.status is Status.COMPLETE else 0
        total = sum(p.amount for p in pots) + rake
        parts = ""
        if len(pots) > 1:
            parts = f" Main pot {self.m(pots[0].amount)}." + "".join(
                f" {_side(k, len(pots)).capitalize()} {self.m(p.amount)}." for k, p in enumerate(pots) if k
            )
        self.lines.append(f"Total pot {self.m(total)}{parts} | Rake {self.m(rake)}")
        if self.board:
            self.lines.append(f"Board {_cards(self.board)}")
        payouts = result.payouts if result is not None else (0,) * len(self.seats)
        order = sorted(range(len(self.seats)), key=lambda k: self.setup.seats[k].seat)
        for k in order:
            self.lines.append(self.seat_line(k, payouts[k]))

    def seat_line(self, k: int, won: int) -> str:
        seat, rec = self.seats[k], self.setup.seats[k]
        marks = ""
        if self.family is not Family.STUD and k == self.setup.button:
            marks += " (button)"
        if seat.blind == "button blind":
            marks = " (button blind)"
        elif seat.blind in ("small blind", "big blind"):
            marks += f" ({seat.blind})"
        head = f"Seat {rec.seat + 1}: {seat.name}{marks}"
        if self.record.status is Status.VOIDED:
            return f"{head} was refunded ({self.m(won)})"
        if seat.folded is not None:
            return f"{head} {seat.folded}"
        if seat.shown is not None:
            named = self.name_of(seat.shown)
            with_name = f" with {named}" if named else ""
            result = f"won ({self.m(won)})" if won else "lost"
            return f"{head} showed {_cards(seat.shown)} and {result}{with_name}"
        if seat.mucked and won:  # the last in mucked and won: PokerStars' words for a pot won without showing
            return f"{head} collected ({self.m(won)})"
        if seat.mucked:
            return f"{head} mucked {_cards(seat.held)}" if _known(seat.held) else f"{head} mucked"
        if won or self.record.status is not Status.COMPLETE:
            return f"{head} collected ({self.m(won)})"
        return f"{head} lost"


def write_hand(
    record: HandRecord, viewer: int | None = None, *, hand_id: int | None = None, max_seats: int | None = None
) -> str:
    """``record`` as a PokerStars-style hand history (lines joined by ``\\n``, ending in one), in players' names.

    ``viewer``: the engine seat whose history it is (only their own down cards are written, as
    :meth:`HandRecord.view` hides the others'); ``None`` writes every card the record holds (a full history; a
    record already redacted keeps its viewer's view).  ``hand_id``: the number after ``Hand #`` (default: the
    table's hand number); ``max_seats``: the table's size for ``6-max`` (default: the game's most players).
    Raises :class:`~pokerroom.errors.RecordError` for a viewer not dealt in and
    :class:`~pokerroom.errors.UnsupportedRule` for a game this release does not know."""
    if viewer is not None:
        record = record.view(viewer)
    writer = _Writer(record, hand_id, max_seats)
    writer.header()
    writer.walk()
    writer.summary()
    return "\n".join(writer.lines) + "\n"
