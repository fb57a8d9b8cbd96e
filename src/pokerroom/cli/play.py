"""``pokerroom play GAME``: the human at seat 0 against bots, hand after hand, in the terminal, at any game.

The hands are dealt and refereed by a :class:`~pokerroom.room.table.Table`, as in the room: the button or dealer box
moves (or stays) as the game's table does, players with no chips (at the A-6 table fewer than 13, RULES G3) sit out,
every action goes through the table's one accept step (an out-of-range amount placed at the nearest legal one where
the house rule says so, and a line saying what was typed, the limit and what was done, :func:`.play_input.placed`).
The bots see only their seats' views, the human sees a view of seat 0 and the pots. Stud games show every seat's up
cards and the human's down cards and ask for the bring-in (``i``, or ``c`` to complete); draw games ask for discards
(``d 7h 2c``, ``d 1 3`` by position, ``p`` to stand pat); hi/lo results name both halves of each pot
(:mod:`.play_text`). Stacks carry from hand to hand (there are no top-ups), and the game ends when the human busts
(or holds fewer chips than a deal needs), wins every chip (or nobody else can be dealt in) or quits. Quitting (``q``
or the end of input) mid-hand folds the hand through the table, the chips in the pot staying there; where folding
is not legal (a draw, the bring-in, a free check at a table that refuses folding it) the table acts as for a player
who left (``Cause.LEFT``) until the human can fold or the hand ends. Input comes line by line from a text stream
(stdin), so a test or a script can pipe it in; with ``--seed`` the cards and the bots are reproducible.

Stakes: in blind games ``--stakes SMALL/BIG`` gives the blinds (fixed limit: the small and big bet, the blinds
then half the small bet and the small bet); a game with its own blinds or ante (the club games) uses them unless
``--stakes`` is given.  In stud games ``--stakes`` gives the small and big bet (at pot and no limit the smallest
bet is the bring-in), ``--ante`` defaults to a fifth of the small bet (at least 1) and ``--bring-in`` to the
game's own rule (twice the ante in most stud games).
House rules are set with ``--rule NAME=VALUE`` (:func:`pokerroom.cli.rules.parse_rule`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import Annotated, TextIO

import typer
from rich.console import Console

from pokerroom.bots import Bot, label, make
from pokerroom.cards import format_cards
from pokerroom.cli.bot_option import BOT_HELP, bot_spec
from pokerroom.cli.play_input import HELP, QUIT, InputError, help_text, legal_menu, numbered, parse_input, placed
from pokerroom.cli.play_text import Narrator, pot_lines
from pokerroom.cli.rules import format_value, parse_rule
from pokerroom.engine import Action, Hand
from pokerroom.errors import PokerroomError
from pokerroom.games import Family, Limit, find
from pokerroom.games.stakes import Stakes, parse_stakes, table_rules, table_stakes
from pokerroom.room.config import TableConfig
from pokerroom.room.decisions import Cause, Decision
from pokerroom.room.stakes import BuyIn
from pokerroom.room.table import Table
from pokerroom.words import plural

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
"""The human's table seat."""


class Session:
    """A :class:`~pokerroom.room.table.Table` of ``players`` seats, the human at seat 0 and bots elsewhere, played
    hand after hand in the terminal: the same table, rules and action path as a room's (one ``Table.accept``
    for each action, the house rule's clamp included).

    ``config`` gives the game, its house rules, limit and stakes (:class:`~pokerroom.room.config.TableConfig`);
    ``stack`` the chips each player sits with; ``bots`` the kind of bot; ``stream`` the human's input lines;
    ``console`` shows the table.  ``seed`` makes the decks (the table's seed) and the bots reproducible.
    """

    def __init__(
        self,
        config: TableConfig,
        *,
        players: int,
        stack: int,
        bots: str,
        seed: int | None,
        stream: TextIO,
        console: Console,
    ) -> None:
        self.table = Table(replace(config, seats=players), seed=seed)
        self.game = self.table.game
        self.stakes = self.table.stakes
        self.stream = stream
        self.console = console
        self.names = ["You"] + [f"Bot {s}" for s in range(1, players)]
        self.bots: dict[str, Bot] = {
            name: make(bots, seed=None if seed is None else seed * 100 + s)
            for s, name in enumerate(self.names)
            if s != HUMAN
        }
        for seat, name in enumerate(self.names):
            self.table.sit(seat, name, stack)
        self.hands_played = 0
        self.quit = False
        self.folding_later = False

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

    def _show_table(self, hand: Hand, dealt: Sequence[int]) -> None:
        view = hand.view(dealt.index(HUMAN))
        self.say()
        self.say(
            f"Hand {self.hands_played} · {self.game.name} · {self.stakes.betting.describe()} · "
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
        for table_seat, name in enumerate(self.names):
            if table_seat not in dealt:
                chips = self._stack(table_seat)
                why = f"{plural(chips, 'chip')}, fewer than {self.table.min_stack}" if chips else "no chips"
                self.say(f"  {table_seat}  {name:<6}        sitting out ({why})")
                continue
            s = dealt.index(table_seat)
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
            line = f"  {table_seat}  {name:<6} stack {view.stacks[s]:>6}  bet {view.bets[s]:>5}"
            self.say(f"{line}  {cards:<{width}} {', '.join(tags)}".rstrip())

    # ------------------------------------------------------------------ input

    def _ask(self, hand: Hand, seat: int, dealt: Sequence[int]) -> Decision | None:
        """The human's decision (``None`` to quit), re-asking until the table accepts one."""
        legal = hand.legal_actions()
        assert legal is not None
        all_in_to = hand.bets[seat] + hand.stacks[seat]
        menu = legal_menu(legal, all_in_to)
        hole = list(hand.hole[seat])
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
                wish = parse_input(line, legal, hole, all_in_to)
                if wish == QUIT:
                    return None
                assert isinstance(wish, Action)
                decision = self.table.accept(HUMAN, wish)
                note = placed(decision, legal, all_in_to)
                if note is not None:
                    self.say(note)
                return decision
            except (InputError, PokerroomError) as exc:
                self.say(f"Not accepted: {exc}", style="red")

    # ------------------------------------------------------------------ the game

    def play_hand(self) -> None:
        table = self.table
        self.hands_played += 1
        hand = table.start_hand()
        assert table.layout is not None
        dealt = list(table.layout.dealt)
        names = [self.names[s] for s in dealt]
        human = dealt.index(HUMAN)
        narrator = Narrator(hand, names, human)
        self.say()
        self.say(f"=== Hand {self.hands_played}: {self.names[table.layout.button]} on the button ===", style="bold")
        shown = 0
        while True:
            for line in narrator.lines(hand.events[shown:]):
                self.say(line)
            shown = len(hand.events)
            if hand.is_complete:
                break
            seat = table.to_act
            assert seat is not None
            if seat == HUMAN:
                decision = None
                if not self.quit:
                    self._show_table(hand, dealt)
                    decision = self._ask(hand, hand.to_act or 0, dealt)
                    self.quit = decision is None
                table.apply(decision or self._leave(hand))
            else:
                table.act(seat, self.bots[self.names[seat]].act(hand.view(dealt.index(seat))))
        for line in pot_lines(hand, names, human):
            self.say(line, style="bold")
        stacks = ", ".join(f"{self.names[s]} {table.seats[s].stack}" for s in dealt)  # type: ignore[union-attr]
        self.say(f"Stacks: {stacks}")

    def _leave(self, hand: Hand) -> Decision:
        """The human's turn after quitting: fold, or where folding is not legal now the table's decision for a
        player who left (a draw stands pat, a bring-in is posted, a free check is taken)."""
        legal = hand.legal_actions()
        if legal is not None and legal.fold:
            return self.table.accept(HUMAN, Action.fold())
        if not self.folding_later:
            self.folding_later = True
            self.say("You cannot fold now: the table acts for you as for a player who left until you can.")
        return self.table.forced(Cause.LEFT)

    def _stack(self, seat: int) -> int:
        st = self.table.seats[seat]
        assert st is not None
        return st.stack

    def run(self) -> None:
        start = self._stack(HUMAN)
        table = self.table
        while not self.quit:
            # Only players holding the table's minimum are dealt in (RULES G3: the A-6 table's 13); there are no
            # top-ups here, so a human below it is out and bots below it sit out.
            if table.short(HUMAN):
                have = self._stack(HUMAN)
                if have:
                    self.say(
                        f"You have {plural(have, 'chip')}, fewer than the {table.min_stack} every player needs "
                        "before a deal "
                        "(RULES G3). Game over.",
                        style="bold",
                    )
                else:
                    self.say("You are out of chips. Game over.", style="bold")
                break
            others = [seat for seat in range(len(self.names)) if seat != HUMAN]
            if all(table.short(seat) for seat in others):
                if any(self._stack(seat) for seat in others):
                    self.say(
                        f"No bot has the {plural(table.min_stack, 'chip')} a deal needs (RULES G3): you win the table!",
                        style="bold",
                    )
                else:
                    self.say("You have won every chip at the table!", style="bold")
                break
            self.play_hand()
        final = self._stack(HUMAN)
        hands, chips = plural(self.hands_played, "hand"), plural(final, "chip")
        self.say(f"You leave after {hands} with {chips} ({final - start:+d}).")


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
    bots: Annotated[str, typer.Option(help=f"The bots: {BOT_HELP}.")] = "simple",
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
        registered = find(game)
    except PokerroomError as exc:
        raise typer.BadParameter(str(exc), param_hint="GAME") from None
    try:
        rules = dict(parse_rule(registered, text) for text in rule or [])
        chosen = registered.with_rules(**rules) if rules else registered
    except PokerroomError as exc:
        raise typer.BadParameter(str(exc), param_hint="--rule") from None
    seats = min(6, chosen.max_players) if players is None else players
    if not chosen.min_players <= seats <= chosen.max_players:
        raise typer.BadParameter(
            f"{chosen.id} seats {chosen.min_players} to {chosen.max_players} players", param_hint="--players"
        )
    bots = bot_spec(bots)
    try:
        structure = chosen.default_limit if limit is None else Limit.parse(limit)
        table = table_stakes(chosen, structure, stakes, ante=ante, bring_in=bring_in)
        config = TableConfig(
            chosen.id,
            rules=rules,
            stakes=stakes,
            limit=structure.value,
            ante=ante,
            bring_in=bring_in or 0,
            buy_in=BuyIn(1, None),
        )
    except (PokerroomError, ValueError) as exc:
        raise typer.BadParameter(str(exc), param_hint="--stakes/--limit/--ante/--bring-in") from None
    chips = 100 * table.unit if stack is None else stack
    if chips <= 0:
        raise typer.BadParameter("the starting stack must be positive", param_hint="--stack")
    try:
        session = Session(
            config,
            players=seats,
            stack=chips,
            bots=bots,
            seed=seed,
            stream=sys.stdin,
            console=Console(highlight=False, soft_wrap=True),
        )
    except PokerroomError as exc:
        raise typer.BadParameter(str(exc), param_hint="--stakes/--limit/--ante/--bring-in/--stack") from None
    if chips < session.table.min_stack:
        raise typer.BadParameter(
            f"{chosen.id} deals only to players with at least {plural(session.table.min_stack, 'chip')} (RULES G3), "
            f"not {chips}",
            param_hint="--stack",
        )
    stakes_in_use = session.stakes
    session.say(
        f"{chosen.name}, {stakes_in_use.betting.describe()}, {stakes_in_use.describe()}: you and "
        f"{plural(seats - 1, f'{label(bots)} bot')}, {plural(chips, 'chip')} each.  {help_text(chosen)}."
    )
    if rule:
        changed = ", ".join(f"{name}={format_value(value)}" for name, value in chosen.changed_rules().items())
        session.say(f"House rules: {changed or 'as the game declares them'}")
    session.run()
