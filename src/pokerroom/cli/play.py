"""``pokerroom play GAME``: the human at seat 0 against bots, hand after hand, in the terminal, at any game.

Each hand is a :class:`~pokerroom.engine.Hand` dealt by the game; the bots see only their seats' views, the
human sees a view of seat 0 and the pots.  Stud games show every seat's up cards and the human's down cards and
ask for the bring-in (``i``, or ``c`` to complete); draw games ask for discards (``d 7h 2c``, ``d 1 3`` by
position, ``d`` or ``p`` to stand pat); hi/lo results name both halves of each pot (:mod:`.play_text`).  Stacks
carry from hand to hand, players with no chips sit out, the button moves to the next seat with chips, and the
game ends when the human busts, wins every chip or quits.  Input comes line by line from a text stream (stdin),
so a test or a script can pipe it in; with ``--seed`` the cards and the bots are reproducible.

Stakes: in blind games ``--stakes SMALL/BIG`` gives the blinds (fixed limit: the small and big bet, the blinds
then half the small bet and the small bet); a game with its own blinds or ante (the club games) uses them unless
``--stakes`` is given.  In stud games ``--stakes`` gives the small and big bet (at pot and no limit the smallest
bet is the bring-in), ``--ante`` defaults to a fifth of the small bet (at least 1) and ``--bring-in`` to the
game's own rule (twice the ante in most stud games).
House rules are set with ``--rule NAME=VALUE`` (:func:`pokerroom.cli.rules.apply_rules`).
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
from pokerroom.cli.play_input import HELP, QUIT, InputError, help_text, legal_menu, numbered, parse_input
from pokerroom.cli.play_text import Narrator, pot_lines
from pokerroom.cli.rules import apply_rules, format_value
from pokerroom.engine import Action, ActionKind, DeckSource, Hand
from pokerroom.errors import IllegalAmount, PokerroomError
from pokerroom.games import Betting, Family, Game, Limit, find
from pokerroom.games.stakes import Stakes, parse_stakes, table_rules, table_stakes

__all__ = [
    "HELP",
    "QUIT",
    "InputError",
    "Session",
    "Stakes",
    "legal_menu",
    "parse_input",
    "parse_stakes",
    "play",
    "table_rules",
    "table_stakes",
]

HUMAN = 0
@dataclass
class Seat:
    name: str
    stack: int
    bot: Bot | None


class Session:
    """A table of ``players`` seats (the human at seat 0, bots elsewhere) playing hand after hand.

    ``stakes`` gives the forced bets and the betting structure (``betting`` and ``blinds`` alone still work,
    for blind games); ``stream`` gives the human's input lines; ``console`` shows the table.  ``seed`` makes the
    deal and the bots reproducible.
    """

    def __init__(
        self,
        game: Game,
        *,
        betting: Betting | None = None,
        blinds: tuple[int, ...] = (),
        stakes: Stakes | None = None,
        players: int,
        stack: int,
        bots: str,
        seed: int | None,
        stream: TextIO,
        console: Console,
    ) -> None:
        if stakes is None:
            if betting is None:
                raise ValueError("a session needs stakes, or a betting structure and blinds")
            stakes = Stakes(betting, tuple(blinds))
        self.game = game
        self.stakes = stakes
        self.betting = stakes.betting
        self.blinds = stakes.blinds
        self.stream = stream
        self.console = console
        self.rng = random.Random(seed)
        self.seats = [Seat("You", stack, None)] + [
            Seat(f"Bot {s}", stack, make(bots, seed=None if seed is None else seed * 100 + s))
            for s in range(1, players)
        ]
        self.button = 0
        self.hands_played = 0
        self.carried = 0
        self.quit = False

    # ------------------------------------------------------------------ output

    def say(self, text: str = "", style: str | None = None) -> None:
        self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=True)

    def _cards_column(self, hand: Hand, seat: int, hole: Sequence[int], you: bool) -> str:
        if self.game.family is not Family.STUD:
            return format_cards(hole, sep=" ") if you else ""
        up = [c for c in hole if c in hand.up[seat]]
        text = f"up {format_cards(up, sep=' ')}" if up else ""
        if you:
            down = [c for c in hole if c not in hand.up[seat]]
            text = f"down {format_cards(down, sep=' ')}" + (f"  {text}" if text else "")
        return text

    def _show_table(self, hand: Hand, active: Sequence[int]) -> None:
        view = hand.view(active.index(HUMAN))
        self.say()
        self.say(
            f"Hand {self.hands_played} · {self.game.name} · {self.betting.describe()} · "
            f"{self.stakes.describe()} · {view.street}",
            style="bold",
        )
        if any(s.board for s in self.game.streets):
            self.say(f"Board: {format_cards(view.board, sep=' ') or '(none yet)'}")
        pots = hand.current_pots()
        if len(pots) <= 1:
            self.say(f"Pot: {view.pot}")
        else:
            parts = [f"{'main' if k == 0 else f'side {k}'} {p.amount}" for k, p in enumerate(pots)]
            self.say(f"Pots: {', '.join(parts)} (total {view.pot})")
        cards_width = 3 * self.game.hole_cards - 1
        width = max(11, cards_width) if self.game.family is not Family.STUD else cards_width + 9
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
            cards = self._cards_column(hand, s, view.hole[s], table_seat == HUMAN)
            line = f"  {table_seat}  {seat.name:<6} stack {view.stacks[s]:>6}  bet {view.bets[s]:>5}"
            self.say(f"{line}  {cards:<{width}} {', '.join(tags)}".rstrip())

    # ------------------------------------------------------------------ input

    def _ask(self, hand: Hand, seat: int) -> Action | None:
        """The human's action (``None`` to quit), re-asking until the engine accepts it."""
        legal = hand.legal_actions()
        assert legal is not None
        all_in_to = hand.bets[seat] + hand.stacks[seat]
        menu = legal_menu(legal, all_in_to)
        hole = list(hand.hole[seat])
        clamp = self.game.house.clamp_out_of_range_bets
        while True:
            if legal.draw is not None:
                self.say(f"Your cards: {numbered(hole)}")
                self.say(f"Your draw: {menu}")
            else:
                self.say(f"Your turn: {menu}")
            self.console.print("> ", end="", markup=False, highlight=False)
            line = self.stream.readline()
            if not line:  # end of input
                self.say()
                return None
            try:
                wish = parse_input(line, legal, hole)
                if wish == QUIT:
                    return None
                assert isinstance(wish, Action)
                try:
                    hand.verify(wish, seat)
                except IllegalAmount as exc:
                    # The club's rule (seed 000 5.3, settled decision 19): place the nearest legal amount.
                    if not clamp or exc.nearest is None or wish.kind not in (ActionKind.BET, ActionKind.RAISE):
                        raise
                    wish = Action(wish.kind, exc.nearest)
                    hand.verify(wish, seat)
                    self.say(f"Placed {exc.nearest}, the nearest legal amount (house rule clamp_out_of_range_bets)")
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

    def _deal(self, active: Sequence[int]) -> Hand:
        stakes = self.stakes
        return self.game.deal(
            stacks=[self.seats[s].stack for s in active],
            button=active.index(self.button),
            blinds=stakes.blinds,
            ante=stakes.ante,
            bring_in=stakes.bring_in,
            betting=stakes.betting,
            cards=DeckSource.shuffled(self.game.deck, seed=self.rng.getrandbits(64)),
            carried_in=self.carried,
        )

    def play_hand(self) -> None:
        active = [s for s, seat in enumerate(self.seats) if seat.stack > 0]
        self.hands_played += 1
        if self.seats[self.button].stack == 0:
            self.button = self._next_button()
        hand = self._deal(active)
        names = [self.seats[s].name for s in active]
        human = active.index(HUMAN)
        narrator = Narrator(hand, names, human)
        self.say()
        self.say(f"=== Hand {self.hands_played}: {self.seats[self.button].name} on the button ===", style="bold")
        shown = 0
        while True:
            for line in narrator.lines(hand.events[shown:]):
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
        for line in pot_lines(hand, names, human):
            self.say(line, style="bold")
        self.carried = hand.carried
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
    game: Annotated[str, typer.Argument(help="The game id or alias (pokerroom games lists them).")] = "holdem",
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Seats at the table, you included (default 6).")
    ] = None,
    stakes: Annotated[
        str | None,
        typer.Option(
            help="Blinds SMALL/BIG (default 1/2; fixed limit: the small and big bet); stud: the small and big bet "
            "(default 10/20)."
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for reproducible cards and bots.")] = None,
    limit: Annotated[
        str | None, typer.Option(help="Betting structure: no, pot, half-pot, fixed or spread (default: the game's).")
    ] = None,
    stack: Annotated[int | None, typer.Option(help="Starting stack in chips (default 100 big blinds).")] = None,
    bots: Annotated[str, typer.Option(help=f"The bots: {', '.join(BOTS)}.")] = "simple",
    ante: Annotated[int | None, typer.Option(help="Ante from every player (stud default: small bet / 5).")] = None,
    bring_in: Annotated[
        int | None, typer.Option("--bring-in", help="Stud: the bring-in (default: the game's own rule).")
    ] = None,
    rule: Annotated[
        list[str] | None,
        typer.Option("--rule", help="A house rule NAME=VALUE (repeatable; pokerroom rules GAME lists them)."),
    ] = None,
) -> None:
    """Play poker against bots in the terminal: you sit at seat 0."""
    try:
        chosen = find(game)
    except PokerroomError as exc:
        raise typer.BadParameter(str(exc), param_hint="GAME") from None
    try:
        chosen = apply_rules(chosen, rule or [])
    except PokerroomError as exc:
        raise typer.BadParameter(str(exc), param_hint="--rule") from None
    try:
        structure = chosen.default_limit if limit is None else Limit.parse(limit)
        table = table_stakes(chosen, structure, stakes, ante=ante, bring_in=bring_in)
    except (PokerroomError, ValueError) as exc:
        raise typer.BadParameter(str(exc), param_hint="--stakes/--limit/--ante/--bring-in") from None
    seats = min(6, chosen.max_players) if players is None else players
    if not chosen.min_players <= seats <= chosen.max_players:
        raise typer.BadParameter(
            f"{chosen.id} seats {chosen.min_players} to {chosen.max_players} players", param_hint="--players"
        )
    if bots.strip().lower() not in BOTS:
        raise typer.BadParameter(f"unknown bot {bots!r}; bots: {', '.join(BOTS)}", param_hint="--bots")
    chips = 100 * table.unit if stack is None else stack
    if chips <= 0:
        raise typer.BadParameter("the starting stack must be positive", param_hint="--stack")
    session = Session(
        chosen,
        stakes=table,
        players=seats,
        stack=chips,
        bots=bots.strip().lower(),
        seed=seed,
        stream=sys.stdin,
        console=Console(highlight=False, soft_wrap=True),
    )
    session.say(
        f"{chosen.name}, {table.betting.describe()}, {table.describe()}: you and {seats - 1} "
        f"{bots} bots, {chips} chips each.  {help_text(chosen)}."
    )
    if rule:
        changed = ", ".join(
            f"{name}={format_value(value)}" for name, value in chosen.changed_rules().items()
        )
        session.say(f"House rules: {changed or 'as the game declares them'}")
    session.run()
