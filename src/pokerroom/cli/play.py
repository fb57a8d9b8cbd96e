"""``pokerroom play GAME``: the human at seat 0 against bots, hand after hand, in the terminal.

Each hand is a :class:`~pokerroom.engine.Hand` dealt by the game; the bots see only their seats' views, the
human sees a view of seat 0 and the pots.  Stacks carry from hand to hand, players with no chips sit out, the
button moves to the next seat with chips, and the game ends when the human busts, wins every chip or quits.
Input comes line by line from a text stream (stdin), so a test or a script can pipe it in; with ``--seed``
the cards and the bots are reproducible.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, TextIO

import typer
from rich.console import Console

from pokerroom.bots import BOTS, Bot, make
from pokerroom.cards import format_cards
from pokerroom.engine import Action, ActionKind, DeckSource, Event, EventType, Hand, LegalActions
from pokerroom.errors import PokerroomError
from pokerroom.games import Betting, Game, Limit, find

__all__ = [
    "QUIT",
    "InputError",
    "Session",
    "legal_menu",
    "parse_input",
    "parse_stakes",
    "play",
    "table_rules",
]

HUMAN = 0
QUIT = "quit"
HELP = "type f (fold), k (check), c (call), b N (bet N), r N (raise to N), a (all-in) or q (quit)"


class InputError(ValueError):
    """A line of input that is not an action; the message says why and what to type."""


def parse_stakes(text: str) -> tuple[int, int]:
    """``"1/2"`` -> ``(1, 2)``: two positive whole numbers, the first no larger than the second."""
    parts = text.replace(" ", "").split("/")
    try:
        small, big = (int(p) for p in parts)
    except ValueError:
        raise ValueError(f"stakes are written SMALL/BIG in whole chips, such as 1/2 (got {text!r})") from None
    if not 0 < small <= big:
        raise ValueError(f"stakes {text!r}: both amounts must be positive and SMALL no larger than BIG")
    return small, big


def table_rules(game: Game, limit: Limit, stakes: tuple[int, int]) -> tuple[Betting, tuple[int, int]]:
    """The betting structure and the blinds (small, big) for ``stakes``: the blinds in no and pot limit; the
    small and big bet in fixed limit, whose blinds are then half the small bet (at least one chip) and the
    small bet."""
    small, big = stakes
    if limit is Limit.FIXED:
        return game.betting(limit, big_blind=small, big_bet=big), (max(1, small // 2), small)
    return game.betting(limit, big_blind=big), (small, big)


def parse_input(line: str, legal: LegalActions) -> Action | str:
    """The action a line of input asks for, or :data:`QUIT`.  Raises :class:`InputError` for a line that is
    not an action; whether the action is legal is the engine's business (``hand.verify``).

    ``c`` checks when there is nothing to call; ``b`` and ``r`` are the same wish (a bet when nobody has bet
    this round, else a raise to); without an amount they take the only legal amount (fixed limit); ``a`` is
    the top of the bet or raise range, or a call when no raise is possible.
    """
    words = line.strip().lower().split()
    if not words:
        raise InputError(f"nothing typed; {HELP}")
    cmd, args = words[0], words[1:]
    if cmd in ("q", "quit", "exit"):
        return QUIT
    if cmd in ("f", "fold"):
        return Action.fold()
    if cmd in ("k", "check", "x"):
        return Action.check()
    if cmd in ("c", "call"):
        return Action.check() if legal.call is None and legal.check else Action.call()
    if cmd in ("b", "bet", "r", "raise"):
        if legal.bet is not None:
            kind, rng = ActionKind.BET, legal.bet
        elif legal.raise_ is not None:
            kind, rng = ActionKind.RAISE, legal.raise_
        else:  # neither is legal: let the engine say so
            return Action(ActionKind.BET if cmd.startswith("b") else ActionKind.RAISE, 0)
        if not args:
            return Action(kind, rng[0] if rng[0] == rng[1] else None)
        try:
            return Action(kind, int(args[0]))
        except ValueError:
            raise InputError(f"{args[0]!r} is not a whole number of chips; {HELP}") from None
    if cmd in ("a", "all-in", "allin", "all"):
        if legal.bet is not None:
            return Action.bet(legal.bet[1])
        if legal.raise_ is not None:
            return Action.raise_to(legal.raise_[1])
        if legal.call is not None:
            return Action.call()
        raise InputError(f"you cannot bet or raise now; legal: {legal.describe()}")
    raise InputError(f"unknown input {line.strip()!r}; {HELP}")


def legal_menu(legal: LegalActions, all_in_to: int) -> str:
    """``[f]old  [c]all 20  [r]aise 40..980  [a]ll-in 980``: the legal actions with their amounts."""
    parts: list[str] = []
    if legal.fold:
        parts.append("[f]old")
    if legal.check:
        parts.append("chec[k]")
    if legal.call is not None:
        parts.append(f"[c]all {legal.call}")
    for word, rng in (("[b]et", legal.bet), ("[r]aise", legal.raise_)):
        if rng is not None:
            lo, hi = rng
            parts.append(f"{word} {lo}" if lo == hi else f"{word} {lo}..{hi}")
            parts.append(f"[a]ll-in {hi}" if hi == all_in_to else f"[a] max {hi}")
    return "  ".join(parts)


@dataclass
class Seat:
    name: str
    stack: int
    bot: Bot | None


class Session:
    """A table of ``players`` seats (the human at seat 0, bots elsewhere) playing hand after hand.

    ``stream`` gives the human's input lines; ``console`` shows the table.  ``seed`` makes the deal and the
    bots reproducible.
    """

    def __init__(
        self,
        game: Game,
        *,
        betting: Betting,
        blinds: tuple[int, int],
        players: int,
        stack: int,
        bots: str,
        seed: int | None,
        stream: TextIO,
        console: Console,
    ) -> None:
        self.game = game
        self.betting = betting
        self.blinds = blinds
        self.stream = stream
        self.console = console
        self.rng = random.Random(seed)
        self.seats = [Seat("You", stack, None)] + [
            Seat(f"Bot {s}", stack, make(bots, seed=None if seed is None else seed * 100 + s))
            for s in range(1, players)
        ]
        self.button = 0
        self.hands_played = 0
        self.quit = False

    # ------------------------------------------------------------------ output

    def say(self, text: str = "", style: str | None = None) -> None:
        self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=True)

    def _name(self, seat: int | None, active: Sequence[int]) -> str:
        return "the dealer" if seat is None else self.seats[active[seat]].name

    def _hand_name(self, hand: Hand, seat: int) -> str:
        names: list[str] = []
        for share in self.game.shares:
            try:
                value = share.evaluate(hand.hole[seat], hand.board)
                names.append(share.describe(value) if value else f"no {share.name}")
            except PokerroomError:
                return ""
        return "; ".join(names)

    def _event_line(self, event: Event, hand: Hand, active: Sequence[int], board: Sequence[int]) -> str | None:
        """The line reporting ``event`` (``None`` for one the human does not see); ``board`` is the board as
        it stood after the event."""
        who = self._name(event.seat, active)
        you = event.seat is not None and active[event.seat] == HUMAN
        t = event.type
        allin = (" and are all-in" if you else " and is all-in") if event.all_in else ""
        if t is EventType.POST_BLIND:
            return f"{who} post{'' if you else 's'} the {event.text} of {event.amount}{allin}"
        if t is EventType.POST_ANTE:
            return f"{who} post{'' if you else 's'} an ante of {event.amount}{allin}"
        if t is EventType.DEAL_HOLE:
            return f"You are dealt {format_cards(event.cards or (), sep=' ')}" if you else None
        if t is EventType.DEAL_BOARD:
            return f"*** {(event.text or 'board').upper()} *** {format_cards(board, sep=' ')}"
        if t is EventType.FOLD:
            return f"{who} fold{'' if you else 's'}"
        if t is EventType.CHECK:
            return f"{who} check{'' if you else 's'}"
        if t is EventType.CALL:
            return f"{who} call{'' if you else 's'} {event.amount}{allin}"
        if t is EventType.BET:
            return f"{who} bet{'' if you else 's'} {event.to}{allin}"
        if t is EventType.RAISE:
            return f"{who} raise{'' if you else 's'} to {event.to}{allin}"
        if t is EventType.UNCALLED:
            return f"Uncalled bet of {event.amount} returned to {who}"
        if t is EventType.SHOW:
            name = self._hand_name(hand, event.seat) if event.seat is not None else ""
            cards = format_cards(event.cards or (), sep=" ")
            return f"{who} show{'' if you else 's'} {cards}" + (f" ({name})" if name else "")
        if t is EventType.MUCK:
            return f"{who} muck{'' if you else 's'}"
        if t is EventType.POT:
            return None  # reported with the pot names in _report_pots
        return None

    def _report_pots(self, hand: Hand, active: Sequence[int]) -> None:
        pots = [e for e in hand.events if e.type is EventType.POT]
        for k, pot in enumerate(pots):
            label = "the pot" if len(pots) == 1 else ("the main pot" if k == 0 else f"side pot {k}")
            for seat, chips in pot.winners or ():
                who = self._name(seat, active)
                verb = "win" if active[seat] == HUMAN else "wins"
                self.say(f"{who} {verb} {chips} from {label} of {pot.amount}", style="bold")

    def _show_table(self, hand: Hand, active: Sequence[int]) -> None:
        view = hand.view(active.index(HUMAN))
        street = view.street
        self.say()
        self.say(
            f"Hand {self.hands_played} · {self.game.name} · {self.betting.describe()} · "
            f"blinds {self.blinds[0]}/{self.blinds[1]} · {street}",
            style="bold",
        )
        self.say(f"Board: {format_cards(view.board, sep=' ') or '(none yet)'}")
        pots = hand.current_pots()
        if len(pots) <= 1:
            self.say(f"Pot: {view.pot}")
        else:
            parts = [f"{'main' if k == 0 else f'side {k}'} {p.amount}" for k, p in enumerate(pots)]
            self.say(f"Pots: {', '.join(parts)} (total {view.pot})")
        for table_seat, seat in enumerate(self.seats):
            if table_seat not in active:
                self.say(f"  {table_seat}  {seat.name:<6}        sitting out (no chips)")
                continue
            s = active.index(table_seat)
            tags = []
            if s == view.button:
                tags.append("button")
            if view.folded[s]:
                tags.append("folded")
            elif view.stacks[s] == 0:
                tags.append("all-in")
            if view.to_act == s:
                tags.append("to act")
            cards = format_cards(view.hole[s], sep=" ") if table_seat == HUMAN else ""
            line = f"  {table_seat}  {seat.name:<6} stack {view.stacks[s]:>6}  bet {view.bets[s]:>5}"
            self.say(f"{line}  {cards:<11} {', '.join(tags)}".rstrip())

    # ------------------------------------------------------------------ input

    def _ask(self, hand: Hand, seat: int) -> Action | None:
        """The human's action (``None`` to quit), re-asking until the engine accepts it."""
        legal = hand.legal_actions()
        assert legal is not None
        all_in_to = hand.bets[seat] + hand.stacks[seat]
        menu = legal_menu(legal, all_in_to)
        while True:
            self.say(f"Your turn: {menu}")
            self.console.print("> ", end="", markup=False, highlight=False)
            line = self.stream.readline()
            if not line:  # end of input
                self.say()
                return None
            try:
                wish = parse_input(line, legal)
                if wish == QUIT:
                    return None
                assert isinstance(wish, Action)
                hand.verify(wish, seat)
                return wish
            except (InputError, PokerroomError) as exc:
                self.say(f"Not accepted: {exc}", style="red")

    # ------------------------------------------------------------------ the game

    def _next_button(self) -> int:
        n = len(self.seats)
        for k in range(1, n + 1):
            seat = (self.button + k) % n
            if self.seats[seat].stack > 0:
                return seat
        return self.button

    def play_hand(self) -> None:
        active = [s for s, seat in enumerate(self.seats) if seat.stack > 0]
        self.hands_played += 1
        if self.seats[self.button].stack == 0:
            self.button = self._next_button()
        hand = self.game.deal(
            stacks=[self.seats[s].stack for s in active],
            button=active.index(self.button),
            blinds=self.blinds,
            betting=self.betting,
            cards=DeckSource.shuffled(self.game.deck, seed=self.rng.getrandbits(64)),
        )
        self.say()
        self.say(f"=== Hand {self.hands_played}: {self.seats[self.button].name} on the button ===", style="bold")
        shown = 0
        board: list[int] = []
        while True:
            for event in hand.events[shown:]:
                if event.type is EventType.DEAL_BOARD:
                    board.extend(event.cards or ())
                line = self._event_line(event, hand, active, board)
                if line is not None:
                    self.say(line)
            shown = len(hand.events)
            if hand.is_complete:
                break
            seat = hand.to_act
            assert seat is not None
            player = self.seats[active[seat]]
            if player.bot is None:
                self._show_table(hand, active)
                action = self._ask(hand, seat)
                if action is None:
                    self.quit = True
                    return
            else:
                action = player.bot.act(hand.view(seat))
            hand.act(action, seat)
        self._report_pots(hand, active)
        for s, table_seat in enumerate(active):
            self.seats[table_seat].stack = hand.stacks[s]
        stacks = ", ".join(f"{self.seats[s].name} {self.seats[s].stack}" for s in active)
        self.say(f"Stacks: {stacks}")
        self.button = self._next_button()

    def run(self) -> None:
        start = self.seats[HUMAN].stack
        while not self.quit:
            if self.seats[HUMAN].stack == 0:
                self.say("You are out of chips. Game over.", style="bold")
                break
            if sum(1 for seat in self.seats if seat.stack > 0) < 2:
                self.say("You have won every chip at the table!", style="bold")
                break
            self.play_hand()
        final = self.seats[HUMAN].stack
        self.say(f"You leave after {self.hands_played} hands with {final} chips ({final - start:+d}).")


def play(
    game: Annotated[str, typer.Argument(help="The game: holdem or omaha.")] = "holdem",
    players: Annotated[int, typer.Option("--players", "-n", help="Seats at the table, you included.")] = 6,
    stakes: Annotated[str, typer.Option(help="Blinds SMALL/BIG (fixed limit: the small and big bet).")] = "1/2",
    seed: Annotated[int | None, typer.Option(help="Seed for reproducible cards and bots.")] = None,
    limit: Annotated[
        str | None, typer.Option(help="Betting structure: no, pot or fixed (default: the game's own).")
    ] = None,
    stack: Annotated[int | None, typer.Option(help="Starting stack in chips (default 100 big blinds).")] = None,
    bots: Annotated[str, typer.Option(help=f"The bots: {', '.join(BOTS)}.")] = "simple",
) -> None:
    """Play poker against bots in the terminal: you sit at seat 0."""
    try:
        chosen = find(game)
    except PokerroomError as exc:
        raise typer.BadParameter(str(exc), param_hint="GAME") from None
    try:
        structure = chosen.default_limit if limit is None else Limit.parse(limit)
        betting, blinds = table_rules(chosen, structure, parse_stakes(stakes))
    except (PokerroomError, ValueError) as exc:
        raise typer.BadParameter(str(exc), param_hint="--stakes/--limit") from None
    if not chosen.min_players <= players <= chosen.max_players:
        raise typer.BadParameter(
            f"{chosen.id} seats {chosen.min_players} to {chosen.max_players} players", param_hint="--players"
        )
    if bots.strip().lower() not in BOTS:
        raise typer.BadParameter(f"unknown bot {bots!r}; bots: {', '.join(BOTS)}", param_hint="--bots")
    chips = 100 * blinds[1] if stack is None else stack
    if chips <= 0:
        raise typer.BadParameter("the starting stack must be positive", param_hint="--stack")
    session = Session(
        chosen,
        betting=betting,
        blinds=blinds,
        players=players,
        stack=chips,
        bots=bots.strip().lower(),
        seed=seed,
        stream=sys.stdin,
        console=Console(highlight=False, soft_wrap=True),
    )
    session.say(
        f"{chosen.name}, {betting.describe()}, blinds {blinds[0]}/{blinds[1]}: you and {players - 1} "
        f"{bots} bots, {chips} chips each.  {HELP}."
    )
    session.run()
