"""A PokerStars hand as a PHH record (``docs/pokerstars.md``, "From PokerStars to PHH"), so that it replays
through the engine (:func:`pokerroom.formats.replay.replay`), converts to PHH and becomes a hand record.

* Players are the seats dealt in (every seat the summary lists, and any seat that posts, is dealt or acts), in
  PHH's order: from the first seat after the button round to the button (stud: by seat number).  ``players``,
  ``seats`` (the file's numbers), ``table``, ``hand``, ``currency`` and the time keep who and where.
* Forced bets: the first small blind and the first big blind are the blinds in position (the big blind is named in
  ``_big_blind_seat``); a later ``posts big blind`` (a new player), ``posts small & big blinds`` (a returning
  player) or ``posts dead blind`` is a post (a negative entry, RULES §3.4, §3.5); a straddle and 6+ hold'em's
  button blind are blinds at their seats; antes per player.
* Cards: each player's cards in the order dealt, known where the file shows them (dealt, shown, or mucked in the
  summary), ``??`` elsewhere; draws discard what the file shows (``??`` otherwise); the board as the street lines
  give it.
* Amounts: the file's money (``0.25``); ``winnings`` what each player collected, ``finishing_stacks`` the file's
  own arithmetic (stack, less what it says was put in, plus uncalled bets returned and pots collected).  The rake
  (``_rake``) is taken as PokerStars takes it, from the main pot first; money the room adds to the pot (Run It
  Once's splash) is ``_carried_in``.  A capped no-limit game plays each stack up to the cap (``_cap``): chips beyond
  it take no part in the hand, exactly as the cap rule has it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from datetime import time as clock
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from pokerroom.cards import UNKNOWN, format_cards
from pokerroom.engine import TIMED_OUT
from pokerroom.errors import StarsError, UnsupportedGame, UnsupportedRule
from pokerroom.formats.phh import PHHHand
from pokerroom.formats.phh_actions import format_amount
from pokerroom.formats.pokerstars.reader import StarsHand, StarsLine
from pokerroom.formats.replay import ARTIFICIAL_ALL_IN, CODES, SPLIT
from pokerroom.games import Family, Game, Limit, find

__all__ = ["Mapped", "map_hand"]

_FIRST_ROUND = frozenset({"HOLE CARDS", "DEALING HANDS", "PRE-FLOP"})
_MOVES = frozenset(
    {"fold", "check", "call", "bet", "raise", "bring-in", "complete", "discard", "stand pat", "split", "protected"}
)
_CLOCKED = frozenset({"fold", "check", "call", "stand pat", "muck", "bring-in"})  # moves the clock can make


@dataclass
class Mapped:
    """A PokerStars hand mapped for replay: the PHH record, and for each PHH action the file's line it comes from
    (``None`` for the dealer's deals), so a check can compare each amount with the file's."""

    phh: PHHHand
    stars: StarsHand
    sources: list[StarsLine | None]
    names: list[str]
    game: Game
    called: dict[int, tuple[str, Decimal]] = field(default_factory=dict)
    """PHH action index -> (player, chips over the call): a raise nobody could call, replayed as the call."""
    short_blind: tuple[Decimal, Decimal] | None = None
    """(posted, the level's big blind) when the big blind's player was all-in for less (or for nothing)."""


def _cards(cards: Sequence[int]) -> str:
    return format_cards(cards) if cards else ""


def _order(hand: StarsHand, game: Game) -> list[str]:
    """The players dealt in, in PHH's order."""
    acting = {ln.name for ln in hand.lines if ln.name is not None and ln.kind not in ("uncalled", "collected")}
    by_number = hand.seats_by_number()
    listed = {by_number[k].name for k in hand.summary if k in by_number}
    dealt = [s for s in hand.seats if s.name in acting or s.name in listed]
    if not dealt:
        dealt = [s for s in hand.seats if not s.sitting_out]
    if game.family is Family.STUD or hand.button is None:
        # No button in stud: the deal goes clockwise from the dealer, so the first street's "Dealt to" lines
        # give the order (any seat they leave out keeps its seat order after them).
        first = [ln.name for ln in hand.lines if ln.kind == "dealt" and ln.more is None]
        rank = {name: k for k, name in enumerate(dict.fromkeys(first))}
        return [s.name for s in sorted(dealt, key=lambda s: (rank.get(s.name, len(rank)), s.seat))]
    button = hand.button
    return [s.name for s in sorted(dealt, key=lambda s: (s.seat - button - 1) % 1000)]


def _game(hand: StarsHand) -> Game:
    if hand.unsupported is not None:
        raise UnsupportedGame(hand.unsupported)
    if hand.game_id is None or hand.limit is None:
        raise UnsupportedGame(f"{hand.game} {hand.limit_text} is not a game the engine deals")
    try:
        game = find(hand.game_id)
    except UnsupportedRule:
        raise UnsupportedGame(f"{hand.game} ({hand.game_id}) is not in this release's games") from None
    if hand.limit not in game.limits:
        raise UnsupportedGame(f"{hand.game} {hand.limit_text}: {game.id} is not dealt at {hand.limit.value} limit")
    return game


class _Builder:
    """Walks the file's lines once, building the PHH actions and the file's own arithmetic."""

    def __init__(self, hand: StarsHand, game: Game, names: list[str]) -> None:
        self.hand = hand
        self.game = game
        self.names = names
        self.pos = {name: k for k, name in enumerate(names)}
        n = len(names)
        self.n = n
        self.blinds = [Decimal(0)] * n
        self.posts = [Decimal(0)] * n
        self.antes = [Decimal(0)] * n
        self.committed = [Decimal(0)] * n
        self.street_bet = [Decimal(0)] * n
        self.returned = [Decimal(0)] * n
        self.collected = [Decimal(0)] * n
        self.folded = [False] * n
        self.big_blind: int | None = None
        self.small_blind = False
        self.bring_in: Decimal | None = None
        self.actions: list[str] = []
        self.sources: list[StarsLine | None] = []
        self.board: list[int] = []
        self.dealt: list[list[int]] = [[] for _ in range(n)]  # every card dealt to each player, in order
        self.known: list[tuple[int, ...] | None] = [None] * n  # the whole hand, where the file shows it
        self.splash = Decimal(0)
        self.streets = [s for s in game.streets if s.hole or s.up]
        self.stud_street = -1
        self.stud_lines = 0  # stud street lines seen
        self.common_card = False
        self.common_card_bets = False  # a bet or check after the stud community card: PokerStars bets there
        self.last_move: str | None = None
        self.hole_dealt = False
        self.clocked: set[str] = set()  # players whose next move the table makes ("has timed out")
        self.slots: list[tuple[int, int, int, int]] = []  # (action index, player, first card, count) to deal
        self.all_in = [False] * n
        self.short_big_blind = False  # the big blind's player is all-in for less than the level's big blind
        self.posted_big_blind = Decimal(0)
        self.pending_draw: dict[int, int] = {}  # a player's discard whose new cards the file has not shown yet
        self.mucks: list[int] = []  # all-in players the file has fold: they muck at the showdown

    def where(self, line: StarsLine) -> str:
        return f"{self.hand.where}, line {line.line}"

    def seat(self, line: StarsLine) -> int:
        if line.name is None or line.name not in self.pos:
            raise StarsError(f"{self.where(line)}: {line.name!r} acts but is not dealt in")
        return self.pos[line.name]

    def emit(self, text: str, source: StarsLine | None) -> None:
        if source is not None and source.name in self.clocked and source.kind in _CLOCKED:
            self.clocked.discard(source.name)
            text += f" # {TIMED_OUT}"  # the table made this move: the player's time ran out (RULES §3.7)
        self.actions.append(text)
        self.sources.append(source)

    # -- forced bets ----------------------------------------------------------------------------------------

    def post(self, line: StarsLine) -> None:
        k = self.seat(line)
        amount = line.amount or Decimal(0)
        what = line.what or ""
        if what in ("the ante", "ante"):
            self.antes[k] += amount
            self.committed[k] += amount
            return
        self.committed[k] += amount
        if what == "small blind" and not self.small_blind and self.big_blind is None and not self.blinds[k]:
            self.small_blind = True
            level = self.level(0)
            self.blinds[k] = level if line.all_in and level is not None and amount < level else amount
            self.street_bet[k] = amount
        elif what == "big blind" and self.big_blind is None and not self.blinds[k]:
            self.big_blind = k
            level = self.level(1)
            self.short_big_blind = line.all_in and level is not None and amount < level
            # A blind all-in for less is the level's blind, posted short: the engine clamps it to the stack and
            # applies the game's rule for what the others must call.
            self.blinds[k] = level if self.short_big_blind and level is not None else amount
            self.posted_big_blind = amount
            self.street_bet[k] = amount
        elif (what in ("button blind", "straddle") or (what == "big blind" and amount > self.big_blind_amount())) and (
            not self.blinds[k]
        ):  # a second "big blind" larger than the big blind is a straddle (PokerMaster writes it so)
            self.blinds[k] = amount
            self.street_bet[k] = amount
        else:  # a post: a new player's big blind, a returning player's blinds, a dead blind
            if self.blinds[k] or self.posts[k]:
                raise StarsError(f"{self.where(line)}: {line.name} posts twice; PHH has one forced bet a player")
            self.posts[k] = -amount
            big = self.big_blind_amount()
            live = amount if what == "big blind" else big if what == "small & big blinds" else Decimal(0)
            self.street_bet[k] = live

    def level(self, which: int) -> Decimal | None:
        """The level's small (0) or big (1) blind: the header's two amounts; at fixed limit, whose header gives the
        bets, the big blind is the small bet and the small blind half of it (PokerStars' structure)."""
        stakes = self.hand.stakes
        if stakes is None:
            return None
        if self.hand.limit is Limit.FIXED:
            return stakes[0] / 2 if which == 0 else stakes[0]
        return stakes[which]

    def short_blind(self) -> tuple[Decimal, Decimal] | None:
        """The big blind its player could not post in full: (posted, the level).  A player all-in for the ante
        alone in the big blind's place posts nothing: that seat's blind is the level too, so the engine makes
        everyone call the level as PokerStars does (the engine clamps a blind to the stack)."""
        level = self.level(1)
        if level is None or self.game.family is Family.STUD:
            return None
        if self.big_blind is not None:
            return (self.posted_big_blind, level) if self.short_big_blind else None
        seat = self.absent_big_blind()
        if seat is not None:
            self.blinds[seat] = level
            return (Decimal(0), level)
        return None

    def absent_big_blind(self) -> int | None:
        """The seat after the small blind when its player, all-in for the ante, posts no big blind."""
        level = self.level(1)
        if level is None or self.big_blind is not None:
            return None
        small = next((k for k in range(self.n) if self.blinds[k] and self.blinds[k] < level), None)
        nxt = (small + 1) % self.n if small is not None else None
        if nxt is not None and self.all_in[nxt] and not self.blinds[nxt] and not self.posts[nxt]:
            return nxt
        return None

    def first_round(self) -> bool:
        """Whether the first betting round is on (no later street line yet)."""
        return self.board == [] and self.stud_street <= 0 and self.last_move not in ("discard", "stand pat")

    def big_blind_amount(self) -> Decimal:
        if self.big_blind is not None:
            return self.blinds[self.big_blind]
        stakes = self.hand.stakes
        return stakes[1] if stakes is not None else Decimal(0)

    # -- cards ----------------------------------------------------------------------------------------------

    def deal_stud_street(self) -> None:
        """A stud street begins: every player still in is dealt its cards (unknown until a line shows them)."""
        self.stud_street += 1
        if self.stud_street >= len(self.streets):
            return
        st = self.streets[self.stud_street]
        for k in range(self.n):
            if not self.folded[k]:
                self.deal_later(k, st.hole + st.up)

    def deal_later(self, k: int, count: int) -> None:
        """Deal ``count`` cards to player ``k`` here: a ``dh`` action in its place in the hand, its cards filled
        in once the whole file is read (a later line or the showdown may show them)."""
        self.slots.append((len(self.actions), k, len(self.dealt[k]), count))
        self.dealt[k] += [UNKNOWN] * count
        self.actions.append("")
        self.sources.append(None)

    def dealt_line(self, line: StarsLine) -> None:
        k = self.seat(line)
        if self.game.family is Family.STUD:
            new = list(line.more if line.more is not None else line.cards or ())
            if self.stud_street < 0:
                self.deal_stud_street()
            st = self.streets[min(self.stud_street, len(self.streets) - 1)]
            count = st.hole + st.up
            if len(new) not in (count, st.up) or not self.dealt[k]:
                raise StarsError(f"{self.where(line)}: {len(new)} new cards for {line.name}; this street deals {count}")
            if len(new) == st.up and st.up < count:
                new = [UNKNOWN] * st.hole + new  # an opponent's street: the up cards alone
            self.dealt[k][-count:] = new
            return
        pending = self.pending_draw.pop(k, 0)
        if line.more is not None or (pending and len(line.cards or ()) == pending):
            new = list(line.more if line.more is not None else line.cards or ())  # a draw's new cards
            kept = [c for c in (line.cards or ()) if c != UNKNOWN] if line.more is not None else []
            if set(kept) & {c for c in new if c != UNKNOWN}:
                raise StarsError(f"{self.where(line)}: {line.name} is dealt cards already held")
            tail = self.dealt[k][-len(new) :] if len(new) <= len(self.dealt[k]) else []
            if tail and all(c == UNKNOWN for c in tail):
                self.dealt[k][-len(new) :] = new
            return
        cards = list(line.cards or ())
        first = self.game.streets[0].hole
        if not self.dealt[k] and len(cards) == first:
            self.dealt[k] = cards
        elif self.dealt[k] and len(cards) == first:
            self.dealt[k][:first] = cards
        else:
            raise StarsError(
                f"{self.where(line)}: {len(cards)} cards dealt to {line.name}; {self.game.name} deals {first}"
            )

    def deal_hole_cards(self) -> None:
        """Board and draw games: every player is dealt the first street's cards, once (unknown until a line shows
        them), when the first line after the forced bets comes."""
        if self.hole_dealt:
            return
        self.hole_dealt = True
        first = self.game.streets[0].hole
        for k in range(self.n):
            if not self.dealt[k]:
                self.dealt[k] = [UNKNOWN] * first

    def street(self, line: StarsLine) -> None:
        what = line.what or ""
        first = what in _FIRST_ROUND or (self.game.family is Family.STUD and not self.stud_lines)
        if not first:  # the blinds posted before the first street's line stay in its bets
            self.street_bet = [Decimal(0)] * self.n
            self.last_move = None
        if self.game.family is Family.STUD and line.cards:
            self.common_card = True  # the stud community card (RULES G9): any move after it is a betting round
        if self.game.family is Family.STUD and not line.cards:
            if what.endswith("STREET") or what == "RIVER":
                if self.stud_lines or self.stud_street < 0:  # the first street's line may follow its first deal
                    self.deal_stud_street()
                self.stud_lines += 1
            return
        if what in ("HOLE CARDS", "DEALING HANDS"):
            return
        if self.game.family is Family.DRAW:
            return
        shown = [*(line.cards or ()), *(line.more or ())]
        new = [c for c in shown if c not in self.board]
        count = self.board_count(what)
        if len(new) < count and self.hand.boards and len(self.hand.boards[0]) >= len(self.board) + count:
            new = list(self.hand.boards[0][len(self.board) : len(self.board) + count])  # "*** TURN *** [..] []"
        if new:
            self.board += new
            self.emit(f"d db {_cards(new)}", None)

    def board_count(self, what: str) -> int:
        """How many board cards the street ``what`` (FLOP, TURN, RIVER, PRE-FLOP) deals in this game."""
        names = {"PRE-FLOP": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
        k = names.get(what.split()[-1] if what else "", -1)
        streets = [st for st in self.game.streets if st.board]
        if what == "PRE-FLOP" or k < 0:
            return streets[0].board if what == "PRE-FLOP" and streets and self.game.streets[0].board else 0
        offset = 1 if self.game.streets[0].board else 0  # Courchevel: the first board street is the pre-flop
        return streets[k - 1 + offset].board if 0 <= k - 1 + offset < len(streets) else 0

    def pad_board(self) -> None:
        """An all-in player's fold ends in a muck at the showdown, which the engine reaches only with the whole
        board: the cards the file never dealt are unknown (``??``); nobody's hand is valued against them."""
        full = sum(st.board for st in self.game.streets)
        if self.mucks and self.game.family is Family.BOARD and len(self.board) < full:
            missing = full - len(self.board)
            self.board += [UNKNOWN] * missing
            self.emit("d db " + "??" * missing, None)

    # -- moves ----------------------------------------------------------------------------------------------

    def move(self, line: StarsLine) -> None:
        k = self.seat(line)
        kind = line.kind
        self.move_kind(line, k, kind)
        self.last_move = kind

    def move_kind(self, line: StarsLine, k: int, kind: str) -> None:
        if self.common_card and kind in ("check", "bet", "call", "raise", "fold"):
            self.common_card_bets = True
        p = f"p{k + 1}"
        amount = line.amount or Decimal(0)
        if kind == "fold":
            if line.cards and UNKNOWN not in line.cards:
                self.known[k] = line.cards
            if self.all_in[k]:  # an all-in player has no more choices: giving up is a muck at the showdown
                self.mucks.append(k)
                return
            self.folded[k] = True
            self.emit(f"{p} f", line)
        elif kind == "check":
            self.emit(f"{p} cc", line)
        elif kind == "split":
            self.emit(f"{p} cc # {SPLIT}", line)
        elif kind == "protected":
            self.all_in[k] = True
            self.emit(f"{p} cc # {ARTIFICIAL_ALL_IN}", line)
        elif kind == "call":
            top = max(self.street_bet)
            short = self.big_blind is None and self.absent_big_blind() is None
            blinds = self.game.family is not Family.STUD
            if blinds and self.street_bet[k] + amount > top and self.first_round() and short:
                raise UnsupportedGame(
                    f"line {line.line}: {line.name} calls to {format_amount(self.street_bet[k] + amount)}, the level's "
                    "big blind, which its player posted short or not at all (all-in); the engine's bet to call is the "
                    "blind posted"
                )
            self.committed[k] += amount
            self.street_bet[k] += amount
            self.emit(f"{p} cc", line)
        elif kind == "bring-in":
            self.bring_in = amount
            self.committed[k] += amount
            self.street_bet[k] += amount
            self.emit(f"{p} pb", line)
        elif kind in ("bet", "raise", "complete"):
            to = amount + self.street_bet[k] if kind == "bet" else amount
            self.committed[k] += to - self.street_bet[k]
            self.street_bet[k] = to
            self.emit(f"{p} cbr {format_amount(to)}", line)
        elif kind in ("discard", "stand pat"):
            if self.last_move not in ("discard", "stand pat", None):  # a draw without its street line
                self.street_bet = [Decimal(0)] * self.n
            if kind == "stand pat" and line.cards and UNKNOWN not in line.cards:
                self.known[k] = line.cards  # "stands pat on [..]": the hand kept
            shown = list(line.cards or ()) if kind == "discard" else []
            n = line.n if kind == "discard" else 0
            if shown and len(shown) != n:
                raise StarsError(f"{self.where(line)}: discards {n} cards but shows {len(shown)}")
            discards = shown or [UNKNOWN] * n
            self.emit(f"{p} sd {_cards(discards)}".rstrip(), line)
            if n:  # the new cards, dealt right after the discard (PHH's order)
                self.deal_later(k, n)
                self.pending_draw[k] = n

    def give_up(self) -> None:
        """The all-in players the file has fold muck now (the showdown's first line, or the hand's end)."""
        for k in self.mucks:
            self.emit(f"p{k + 1} sm", None)
        self.mucks = []

    def show(self, line: StarsLine) -> None:
        self.give_up()
        k = self.seat(line)
        cards = line.cards or ()
        if cards and UNKNOWN not in cards:
            self.known[k] = cards
            self.emit(f"p{k + 1} sm {_cards(cards)}", line)
        elif line.kind == "muck" or cards:
            self.emit(f"p{k + 1} sm {'????' if cards else ''}".rstrip(), line)

    def walk(self) -> None:
        for line in self.hand.lines:
            kind = line.kind
            if (line.all_in or line.capped) and line.name in self.pos:
                self.all_in[self.pos[line.name]] = True
            if kind == "post":
                self.post(line)
            elif kind == "street":
                if self.game.family is not Family.STUD and (line.what or "") in ("HOLE CARDS", "DEALING HANDS"):
                    self.deal_hole_cards()
                self.street(line)
            elif kind == "dealt":
                if self.game.family is not Family.STUD:
                    self.deal_hole_cards()
                self.dealt_line(line)
            elif kind in _MOVES:
                if self.game.family is not Family.STUD:
                    self.deal_hole_cards()
                elif self.stud_street < 0:
                    self.deal_stud_street()
                self.move(line)
            elif kind in ("show", "muck"):
                self.show(line)
            elif kind == "uncalled":
                self.returned[self.seat(line)] += line.amount or 0
            elif kind == "collected":
                self.collected[self.seat(line)] += line.amount or 0
            elif kind == "splash":
                self.splash += line.amount or 0
            elif kind == "timed out" and line.name is not None:
                self.clocked.add(line.name)
        if self.game.family is not Family.STUD:
            self.deal_hole_cards()
        self.pad_board()
        self.give_up()
        for number, summary in self.hand.summary.items():
            name = self.hand.seats_by_number()[number].name
            if name in self.pos and summary.cards and UNKNOWN not in summary.cards:
                self.known[self.pos[name]] = summary.cards

    def hole_actions(self) -> list[str]:
        """The dealer's first ``dh`` actions (board and draw games: each player's first cards), and every ``dh``
        placed later in the hand filled in: each player's cards in order, a shown hand filling the unknown ones."""
        final: list[list[int]] = []
        for k in range(self.n):
            cards = list(self.dealt[k])
            shown = self.known[k]
            if shown is not None and UNKNOWN in cards:
                if self.game.family is not Family.DRAW and len(shown) == len(cards):
                    cards = [c if c != UNKNOWN else s for c, s in zip(cards, shown, strict=True)]
                elif self.game.family is not Family.DRAW:
                    missing = iter(c for c in shown if c not in cards)
                    cards = [next(missing, UNKNOWN) if c == UNKNOWN else c for c in cards]
            final.append(cards)
        for at, k, start, count in self.slots:
            self.actions[at] = f"d dh p{k + 1} {_cards(final[k][start : start + count]) or '??'}"
        if self.game.family is Family.STUD:
            return []
        first = self.game.streets[0].hole
        return [f"d dh p{k + 1} {_cards(final[k][:first]) or '??'}" for k in range(self.n)]


def _unseen_bring_in(hand: StarsHand, small_bet: Decimal | None) -> Decimal:
    """A stud hand whose low card completed at once shows no bring-in.  Below fixed limit the header's first
    amount is the bring-in (our writer's headers); at fixed limit any amount below the small bet replays the same:
    half of it where the file's amounts are that fine, else the smallest amount under it the file writes."""
    if small_bet is None:
        return hand.stakes[0] if hand.stakes is not None else Decimal(1)
    amounts = [ln.amount for ln in hand.lines if ln.amount] + [s.stack for s in hand.seats]
    places = max((_places(a) for a in amounts), default=0)
    half = small_bet / 2
    if _places(half) <= places:
        return half
    smallest = min((a for a in amounts if 0 < a < small_bet), default=None)
    return smallest if smallest is not None else small_bet


def _places(x: Decimal) -> int:
    """Digits after the point in ``x`` written plainly (``2.50`` -> 1, ``300`` -> 0)."""
    exponent = x.normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _by_position(values: Sequence[Decimal], n: int) -> list[Decimal]:
    """PHH's order for the blind and ante lists: heads-up they are written in reverse (PHH-NOTES, Seats)."""
    return list(values)[::-1] if n == 2 else list(values)


def map_hand(hand: StarsHand) -> Mapped:
    """``hand`` mapped for replay (see the module docstring).  Raises :class:`~pokerroom.errors.UnsupportedGame`
    for what the engine cannot deal and :class:`~pokerroom.errors.StarsError` for a hand whose lines contradict
    themselves (a player posting twice, more cards than the game deals)."""
    game = _game(hand)
    names = _order(hand, game)
    n = len(names)
    if n < 2:
        raise StarsError(f"{hand.where}: {n} player{'s' if n != 1 else ''} dealt in; a hand needs two")
    most = hand.max_seats or game.max_players  # the table's size as the file gives it, else the game's
    if n > most:
        where = f"a {most}-max table" if hand.max_seats else f"{game.name}, which seats at most {most}"
        raise StarsError(f"{hand.where}: {n} players dealt in at {where}")
    b = _Builder(hand, game, names)
    b.walk()
    short_blind = b.short_blind()
    stacks = [hand.seat_of(name).stack for name in names]
    if hand.cap is not None:
        stacks = [min(s, hand.cap) for s in stacks]
    if any(b.blinds[k] and b.posts[k] for k in range(n)):
        raise StarsError(f"{hand.where}: a player both posts a blind and a dead blind")
    signed = [b.blinds[k] or b.posts[k] for k in range(n)]
    # Old and converted exports write no uncalled bet: the file's own arithmetic of the stacks is then not complete.
    writes_uncalled = any(ln.kind == "uncalled" for ln in hand.lines) or not (hand.old_format or hand.converted)
    finishing = [stacks[k] - b.committed[k] + b.returned[k] + b.collected[k] for k in range(n)]
    extra: dict[str, Any] = {}
    limit = hand.limit
    assert limit is not None
    small_bet = big_bet = min_bet = None
    if limit is Limit.FIXED:
        if hand.stakes is None:
            raise StarsError(f"{hand.where}: a fixed-limit hand needs its stakes in the header")
        small_bet, big_bet = hand.stakes
    else:
        min_bet = max([b.big_blind_amount(), *b.blinds]) or (hand.stakes[1] if hand.stakes else None)
    bring_in = None
    if game.family is Family.STUD:
        bring_in = b.bring_in if b.bring_in is not None else _unseen_bring_in(hand, small_bet)
    code = CODES.get((game.id, limit))  # PHH's own code where it has one (NT, PO, F7S...), else our game id
    if code is None:
        extra["_limit"] = limit.value
    if hand.rake:
        extra["_rake"] = {"amount": hand.rake, "from": "main"}
    if b.splash:
        extra["_carried_in"] = b.splash
    if hand.cap is not None:
        extra["_cap"] = hand.cap
    rules: dict[str, object] = {}
    if any(r.name == "open_pair_big_bet" for r in game.house_rules):
        # PokerStars notes the open pair's big bet where it allows one; stud allows it by default (RULES G9)
        rules["open_pair_big_bet"] = hand.double_bet_noted or game.id == "stud"
    if b.common_card_bets and any(r.name == "common_card_betting" for r in game.house_rules):
        rules["common_card_betting"] = True  # A-G9-3: a betting round after the community card
    if rules:
        extra["_house_rules"] = rules
    if hand.voided is not None:
        extra["_status"] = "voided"
        extra["_reason"] = hand.voided
    elif hand.cancelled:
        extra["_status"] = "cancelled"
    extra.update(_keys(hand, names))
    actions = b.hole_actions()
    sources: list[StarsLine | None] = [None] * len(actions)
    actions += b.actions
    sources += b.sources
    phh = PHHHand(
        variant=code or game.id,
        antes=tuple(_by_position(b.antes, n)),
        # PokerStars: antes count in the side pots and an unmatched part comes back; a big-blind ante (the big
        # blind's player alone antes) is dead money
        ante_trimming_status=not _big_blind_ante(b),
        blinds_or_straddles=tuple(_by_position(signed, n)) if game.family is not Family.STUD else None,
        bring_in=bring_in,
        small_bet=small_bet,
        big_bet=big_bet,
        min_bet=min_bet,
        starting_stacks=tuple(stacks),
        finishing_stacks=tuple(finishing) if writes_uncalled else None,
        winnings=tuple(b.collected),
        actions=tuple(actions),
        players=tuple(names),
        extra=extra,
        path=hand.path,
        index=hand.index,
        label=hand.hand_id,
    )
    return Mapped(phh, hand, sources, names, game, short_blind=short_blind)


ZONES: dict[str, str] = {
    "UTC": "UTC", "GMT": "UTC", "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles", "AT": "America/Halifax",
    "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon", "CET": "Europe/Paris", "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki", "EEST": "Europe/Helsinki", "MSK": "Europe/Moscow", "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires", "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo",
    "AWST": "Australia/Perth", "ACST": "Australia/Adelaide", "AEST": "Australia/Sydney", "NZT": "Pacific/Auckland",
}  # fmt: skip
"""The time zones PokerStars writes after a hand's time, as IANA zones (daylight saving by the date)."""


def _utc(hand: StarsHand) -> datetime | None:
    """The hand's start in UTC, where the header gives a date, a time and a zone :data:`ZONES` knows."""
    zone = ZONES.get(hand.time_zone or "")
    if zone is None or hand.date is None or hand.time is None:
        return None
    fmt = "%Y/%m/%d %H:%M:%S" if hand.time.count(":") == 2 else "%Y/%m/%d %H:%M"
    local = datetime.strptime(f"{hand.date} {hand.time}", fmt).replace(tzinfo=ZoneInfo(zone))
    return local.astimezone(UTC).replace(tzinfo=None)


def _big_blind_ante(b: _Builder) -> bool:
    """Whether the hand's ante is a big-blind ante: the big blind's player alone posts it (dead money)."""
    posted = [k for k in range(b.n) if b.antes[k]]
    return b.big_blind is not None and posted == [b.big_blind] and b.n > 2


def _keys(hand: StarsHand, names: list[str]) -> dict[str, Any]:
    """Who and where: the PHH header fields of a PokerStars hand."""
    by_name = {s.name: s for s in hand.seats}
    out: dict[str, Any] = {"seats": [by_name[name].seat for name in names]}
    if hand.max_seats:
        out["seat_count"] = hand.max_seats
    out["table"] = hand.table
    out["hand"] = int(hand.hand_id) if hand.hand_id.isdigit() else hand.hand_id
    if hand.currency:
        out["currency"] = hand.currency
    when = _utc(hand)
    if when is not None:  # the hand's start in UTC, which the hand record and our writer keep
        out.update(year=when.year, month=when.month, day=when.day, time=when.time(), time_zone="UTC")
    elif hand.date:
        y, m, d = (int(x) for x in hand.date.split("/"))
        out.update(year=y, month=m, day=d)
        if hand.time:
            hms = [int(x) for x in hand.time.split(":")] + [0]
            out["time"] = clock(hms[0], hms[1], hms[2])
            if hand.time_zone:
                out["time_zone"] = hand.time_zone
    out["_site"] = hand.site
    if hand.tournament:
        out["_tournament"] = hand.tournament
    return out
