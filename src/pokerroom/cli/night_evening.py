"""The evening at the terminal: what ``pokerroom night`` shows and asks, from the draw for seats to the cash-out
sheet (seeds 000/001 chapter 4; RULES §3.11, G1, G2, §5).

:class:`Evening` drives a :class:`~pokerroom.store.night_runner.NightRunner`, which keeps the books and the chips
in the store as the evening goes: bots play the players not typing, humans type their actions as at
``pokerroom play``, and with ``--enter`` the cards are real and each hand's result is typed in.  Between hands the
host's commands (:data:`BETWEEN_HELP`) change the evening; :mod:`pokerroom.cli.night_commands` reads them.

Leaving: ``q`` at a player's turn, or the end of input there, means that player leaves with their chips: the
table checks or folds for them to the end of the hand (as for a player whose time is up), and they are cashed out
after it; never does the evening play on for them.  When the last human has left, the evening ends after that
hand.  The end of input between hands (or while results are typed) pauses the evening: it is kept in the store
and ``pokerroom night --resume`` continues it.  Ctrl-C asks whether to go on, pause or end now.
"""

from __future__ import annotations

import math
import re
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table as RichTable

from pokerroom.bots import Bot, make
from pokerroom.cards import format_cards
from pokerroom.cli.play_input import QUIT, InputError, help_text, legal_menu, numbered, parse_input, placed
from pokerroom.cli.play_text import Narrator, pot_lines
from pokerroom.cli.rules import format_value
from pokerroom.engine import Action, Hand
from pokerroom.errors import PokerroomError, RoomError
from pokerroom.games import find
from pokerroom.room.clock import Clock
from pokerroom.room.decisions import Cause
from pokerroom.room.night import CashOut, Night, format_kronor
from pokerroom.room.record import HandRecord
from pokerroom.room.table import HandVoided, Table
from pokerroom.store.night_runner import NightRunner
from pokerroom.words import plural

__all__ = ["EndNow", "Evening", "Paused", "rules_text"]

_BETWEEN = "rebuy, join, leave, rule, rules, standings, end, end now, pause"

INTERRUPTED = "interrupted: hand void, chips returned (RULES §3.8)"
"""The reason of a hand the host stops with Ctrl-C."""


def rules_text(rules: dict[str, object]) -> str:
    """``ante=2, blinds=5/10``: house rules as agreed."""
    return ", ".join(f"{k}={format_value(v)}" for k, v in rules.items())


def _player(table: Table, seat: int) -> str:
    st = table.seats[seat]
    assert st is not None
    return st.player


class EndNow(Exception):
    """The host ended the evening now (Ctrl-C, then end): the hand being played is void, the sheet settles."""


class Paused(Exception):
    """The evening stops here and stays in the store, to be resumed (the end of input between hands, or the host
    pausing at Ctrl-C)."""


class Evening:
    """One game night at the terminal (see the module docstring).

    ``book``: the night in the store.  ``humans``: the players who type their actions (the others are bots of kind
    ``bots``, seeded from ``seed``); ``enter``: results typed in per hand instead of dealt; ``pause``: ask between
    hands even with bots only; ``private``: before a human's turn, ask them to take the screen ("Bo's turn: press
    Enter") and clear it after (``None``: when more than one human types).  Input comes from ``stream``, output
    goes to ``console``; ``clock`` gives the time for the agreed minutes.
    """

    def __init__(
        self,
        book: NightRunner,
        *,
        humans: list[str],
        bots: str = "simple",
        seed: int | None = None,
        enter: bool = False,
        pause: bool = False,
        stream: TextIO,
        console: Console,
        clock: Clock,
        private: bool | None = None,
    ) -> None:
        self.book = book
        self.private = private
        """Hide each human's cards from the others (``None``: when more than one human types at this screen)."""
        self.humans = {book.night.resolve(h) for h in humans}
        self.bot_kind = bots
        self.seed = seed
        self.enter = enter
        self.pause = pause
        self.stream = stream
        self.console = console
        self.clock = clock
        self.bots: dict[str, Bot] = {}
        for name in book.night.players:
            self._bot_for(name)
        self.input_ended = False
        self.started: float | None = None
        self.results: list[HandRecord] = []
        self.leaving: set[str] = set()
        self.end_now = False
        self.had_humans = bool(self.humans)
        self.sheet: CashOut | None = None
        self.base = book.elapsed
        """Minutes played before this process took the night up."""
        self.database = ""
        """The store's URL as shown to the host (password hidden), for the line that says how to resume."""

    @property
    def night(self) -> Night:
        """The books (a property: an undo or a void replaces them in the runner)."""
        return self.book.night

    @property
    def table(self) -> Table:
        return self.book.table

    @property
    def interactive(self) -> bool:
        return bool(self.humans) or self.enter or self.pause

    def _bot_for(self, name: str) -> None:
        if name in self.humans or self.enter or name in self.bots:
            return
        k = len(self.bots)
        self.bots[name] = make(self.bot_kind, seed=None if self.seed is None else self.seed * 100 + k)

    # ------------------------------------------------------------------ output and input

    def say(self, text: str = "", style: str | None = None) -> None:
        self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=True)

    def readline(self, prompt: str) -> str | None:
        """One line of input after ``prompt`` (``None`` at the end of input).  Ctrl-C while waiting asks what to do
        (:meth:`interrupted`): to continue asks again here."""
        if self.input_ended:
            return None
        while True:
            self.console.print(prompt, end="", markup=False, highlight=False)
            try:
                line = self.stream.readline()
                break
            except KeyboardInterrupt:
                self.interrupted()  # returns only to go on
        if not line:
            self.say()
            self.input_ended = True
            return None
        return line

    # ------------------------------------------------------------------ the evening

    def elapsed(self) -> float:
        """Minutes played: before this process took the night up, and since its first hand here."""
        here = 0.0 if self.started is None else (self.clock.now() - self.started) / 60.0
        return self.base + here

    def stacks(self) -> dict[str, int]:
        """Chips in front of every seated player."""
        return self.book.stacks()

    def introduce(self) -> None:
        """The evening's opening lines: the agreement, the seats and the first dealer by lot."""
        night, config = self.night, self.night.config
        game = find(config.game)
        structure = f" at {night.limit.value} limit" if night.limit is not game.default_limit else ""
        self.say(
            f"{game.name} night{structure}: {plural(len(night.seats), 'player')}, "
            f"{plural(config.first_buyin, 'chip')} each for "
            f"{format_kronor(config.first_buyin * config.price_per_chip)} "
            f"({format_kronor(config.price_per_chip)} per chip)."
        )
        self.say(f"The evening ends on the completed orbit after {config.length_text()}.")
        if config.house_rules:
            self.say("House rules agreed for the evening: " + rules_text(dict(config.house_rules)))
        self.say("Seats by lot: " + ", ".join(f"{k + 1} {name}" for k, name in enumerate(night.seats)))
        self.say(f"First dealer by lot: {night.first_dealer}")
        if self.humans and not self.enter:
            self.say(f"{', '.join(sorted(self.humans))}: {help_text(game)}.")
        if self.database:
            self.say(
                f"The evening is kept in {self.database} (night {self.book.id}); if it stops, continue it with "
                f"pokerroom night --resume {self.book.id} --database {self.database}",
                style="dim",
            )

    def run(self, *, resumed: bool = False) -> int:
        """Play the evening; returns the exit code (0, or 1 when the chips could not be settled)."""
        from pokerroom.cli.night_commands import between_hands

        if not resumed:
            self.introduce()
        progress = _progress(self.console) if self.console.is_terminal and not self.interactive else None
        task = None
        if progress is not None:
            progress.start()
            config = self.night.config
            task = progress.add_task("hands", total=config.agreed_hands)
        try:
            while True:
                try:
                    running = self.table.hand is not None and not self.table.hand.is_complete
                    if (self.night.hand > 0 or resumed) and not running:
                        resumed = False
                        between_hands(self)
                    if self.end_now:
                        break
                    if self.book.stop_asked and self.night.orbit_complete:
                        self.say("The orbit is complete: the evening ends here.", style="bold")
                        break
                    if self.had_humans and not self.humans and not self.enter:
                        self.say("Every human has left: the evening ends here.", style="bold")
                        break
                    if len(self.night.seats) < 2:
                        self.say("Fewer than two players are left: the evening is over.", style="bold")
                        break
                    played = self.elapsed()  # one reading of the clock per hand
                    self.book.elapsed = played
                    elapsed = math.inf if self.book.stop_asked else played
                    last = self.night.next_is_last(elapsed)
                    if self.enter:
                        self.enter_hand(last)
                    else:
                        self.play_hand(last)
                except KeyboardInterrupt:  # Ctrl-C outside a prompt (bots playing): the same question
                    try:
                        self.interrupted()
                    except EndNow:
                        break
                    continue  # the hand being played (if any) goes on
                except EndNow:
                    break
                if progress is not None and task is not None:
                    progress.advance(task)
                if self.night.is_over(elapsed):
                    break
        except Paused:
            return self.paused()
        finally:
            if progress is not None:
                progress.stop()
        return self.finish()

    def interrupted(self) -> None:
        """Ctrl-C: ask whether to go on (return), pause to resume later (:class:`Paused`) or end now with the sheet
        (:class:`EndNow`); a second Ctrl-C or the end of input pauses.  A hand being played is voided when the
        evening pauses or ends (RULES §3.8), and goes on when it continues."""
        self.say()
        while True:
            self.console.print(
                "Stop the evening?  [c]ontinue  [p]ause (resume later)  [e]nd now with the sheet: ",
                end="",
                markup=False,
                highlight=False,
            )
            try:
                line = self.stream.readline()
            except KeyboardInterrupt:
                line = "p"
            answer = (line or "p").strip().lower()[:1]
            if answer in ("c", ""):
                self.say("The evening goes on.")
                return
            if answer == "p":
                raise Paused
            if answer == "e":
                raise EndNow
            self.say("Type c, p or e.", style="red")

    def _void_running(self, why: str) -> None:
        hand = self.table.hand
        if hand is not None and not hand.is_complete:
            self.book.void_hand(INTERRUPTED)
            self.say(f"The hand being played is void ({why}): every chip goes back.", style="bold")

    def paused(self) -> int:
        """The evening stops and stays in the store; how to continue it."""
        hand = self.table.hand
        if hand is not None and not hand.is_complete:
            self._void_running("the evening paused")
        self.book.elapsed = self.elapsed()
        self.book.save()
        self.standings()
        self.say(
            f"The evening is paused after {plural(self.night.hand, 'hand')} and kept in the store (night "
            f"{self.book.id}). Continue it with: pokerroom night --resume {self.book.id} "
            f"--database {self.database}",
            style="bold",
        )
        return 0

    # ------------------------------------------------------------------ one hand

    def announce_rules(self) -> None:
        """Say the house rules agreed between hands that apply from the next hand (meta-rule 2)."""
        changed = self.book.rule_changes()
        if changed:
            self.say(f"From hand {self.night.hand + 1}: {rules_text(changed)} (agreed between hands)", style="bold")

    def play_hand(self, last: bool) -> None:
        """Deal the next hand (``last``: the evening's last) and play it out; a hand already being played (the
        host went on after Ctrl-C) is picked up where it was."""
        book = self.book
        table = self.table
        going = table.hand is not None and not table.hand.is_complete
        if not going:
            self.leaving.clear()
            self.announce_rules()
            try:
                book.start_hand(last=last)
            except HandVoided as voided:
                self._voided(voided)
                return
        hand = table.hand
        assert hand is not None and table.layout is not None
        last = table.last_hand
        if self.started is None:
            self.started = self.clock.now()
        number = self.night.hand
        names = [_player(table, s) for s in table.layout.dealt]
        watch = bool(self.humans)
        narrator = Narrator(hand, names, -1) if watch else None
        if watch and not going:
            self.say()
            tail = " (the last hand of the evening)" if last else ""
            self.say(f"=== Hand {number}: {self.night.dealer_name} deals{tail} ===", style="bold")
        shown = len(hand.events) if going else 0
        if narrator is not None and going:
            narrator.lines(hand.events)  # what was shown before the interruption: not again
        try:
            while not hand.is_complete:
                if narrator is not None:
                    for line in narrator.lines(hand.events[shown:]):
                        self.say(line)
                    shown = len(hand.events)
                seat, engine_seat = table.to_act, hand.to_act
                assert seat is not None and engine_seat is not None
                name = names[engine_seat]
                if name in self.humans or name in self.leaving:
                    if name in self.leaving or not self.ask(hand, name):
                        book.runner.force(Cause.LEFT)  # check when free, else fold; a draw stands pat
                    continue
                book.runner.act(seat, self.bots[name].act(hand.view(engine_seat)))
        except HandVoided as voided:
            self._voided(voided)
            return
        if narrator is not None:
            for line in narrator.lines(hand.events[shown:]):
                self.say(line)
            for line in pot_lines(hand, names, -1):
                self.say(line, style="bold")
        result = book.hand_done()
        self.results.append(result)
        self.say(self._summary(number, result, last))
        for name in sorted(self.leaving):
            self.depart(name)

    def _voided(self, voided: HandVoided) -> None:
        self.book.hand_done()
        self.say(f"Hand void: {voided}; every chip goes back and the same deal is played again.", style="red")

    def _summary(self, number: int, result: HandRecord, last: bool) -> str:
        pot = sum(result.contributions) + result.carried_in
        won = [(name, chips) for (_, name), chips in zip(result.players, result.payouts, strict=True) if chips]
        text = f"Hand {number:>3} · {self.night.dealer_name} deals · pot {pot}"
        if won:
            text += " · " + ", ".join(f"{name} wins {chips}" for name, chips in won)
        if result.carried_out:
            text += f" · {result.carried_out} carried to the next hand"
        if last:
            text += " · the last hand"
        return text

    def ask(self, hand: Hand, name: str) -> bool:
        """Ask ``name`` for an action until the table accepts one (``True``); ``False`` when they leave (``q`` or
        the end of input): they are then marked as leaving."""
        table = self.table
        engine_seat, seat = hand.to_act, table.to_act
        assert engine_seat is not None and seat is not None
        legal = hand.legal_actions()
        assert legal is not None
        if legal.show or legal.muck:
            self.book.runner.act(seat, Action.show())  # the club shows every hand at the showdown (G1, G2)
            return True
        private = len(self.humans) > 1 if self.private is None else self.private
        # Two people at one screen: nobody sees another's cards.
        if private and self.readline(f"{name}'s turn: press Enter (the others look away) ") is None:
            return self._leaves(name)
        hole = list(hand.hole[engine_seat])
        view = hand.view(engine_seat)
        self.say(f"{name}, your turn · {view.street} · pot {view.pot}", style="bold")
        if any(view.board):
            self.say(f"Board: {format_cards(view.board, sep=' ')}")
        self.say(f"Your cards: {numbered(hole) if legal.draw is not None else format_cards(hole, sep=' ')}")
        assert table.layout is not None
        others = [
            f"{_player(table, s)} {view.stacks[k]}" + (f" (bet {view.bets[k]})" if view.bets[k] else "")
            for k, s in enumerate(table.layout.dealt)
            if not view.folded[k]
        ]
        self.say("In the hand: " + ", ".join(others))
        menu = legal_menu(legal, hand.bets[engine_seat] + hand.stacks[engine_seat])
        try:
            while True:
                self.say(f"{'Your draw' if legal.draw is not None else 'Your move'}: {menu}")
                line = self.readline("> ")
                if line is None:
                    return self._leaves(name)
                word = line.strip().lower()
                if word in ("standings", "help", "?"):  # the host's questions answered at a turn too
                    if word == "standings":
                        self.standings()
                    else:
                        self.say(f"{help_text(table.game)}; between hands: {_BETWEEN}")
                    continue
                try:
                    wish = parse_input(line, legal, hole)
                    if wish == QUIT:
                        return self._leaves(name)
                    assert isinstance(wish, Action)
                    all_in_to = hand.bets[engine_seat] + hand.stacks[engine_seat]
                    note = placed(table.accept(seat, wish), legal, all_in_to)  # pure: a clamp, said aloud
                    self.book.runner.act(seat, wish)  # journaled, then applied
                    if note is not None:
                        self.say(note)
                    if legal.draw is not None and not hand.is_complete:
                        self.say(f"Your cards now: {format_cards(hand.hole[engine_seat], sep=' ')}")
                        if private:
                            self.readline("Press Enter to hide your cards ")
                    return True
                except (InputError, PokerroomError) as exc:
                    if isinstance(exc, HandVoided):
                        raise
                    self.say(f"Not accepted: {exc}", style="red")
        finally:
            if private:
                self.console.clear()
                if self.console.is_terminal:
                    self.console.file.write("\x1b[3J")  # the scrollback too: the next player cannot scroll up
                    self.console.file.flush()

    def remember_humans(self) -> None:
        """Keep who types in the night's options, so a resumed night asks the same people."""
        self.book.options["humans"] = sorted(self.humans)
        self.book.save()

    def _leaves(self, name: str) -> bool:
        self.leaving.add(name)
        self.say(f"{name} leaves: the table checks or folds for them to the end of this hand, then they cash out.")
        return False

    def depart(self, name: str) -> None:
        """``name`` leaves between hands with their chips (cashed at the evening's price)."""
        self.leaving.discard(name)
        if not self.night.is_seated(name):
            return
        name, chips = self.book.leave(name)
        if name in self.humans:
            self.humans.discard(name)
            self.remember_humans()
        price = self.night.config.price_per_chip
        self.say(f"{name} leaves with {plural(chips, 'chip')} ({format_kronor(chips * price)}).", style="bold")

    # ------------------------------------------------------------------ results typed in (--enter)

    def enter_hand(self, last: bool) -> None:
        """Type in the next hand's result (a physical deck): every player's net chips, with the running sum
        shown; a wrong sum is caught at once and one figure corrected (``NAME N``) or the hand typed again.  Raises
        :class:`Paused` when input ends."""
        night = self.night
        number = night.hand + 1
        tail = " (the last hand of the evening)" if last else ""
        self.announce_rules()
        self.say()
        dealer = night.next_dealer
        self.say(f"=== Hand {number}: {dealer} deals{tail} ===", style="bold")
        held = self.stacks()
        carried = self.table.carried
        nets = self._type_nets(held, number)
        while True:
            try:
                left = self.book.enter(nets, last=last)
                break
            except RoomError as exc:
                self.say(f"Refused: {exc}.", style="red")
                self.say("Type NAME N to correct one player's figure, or 'again' to type the hand again.")
                line = self.readline("correct> ")
                if line is None:
                    raise Paused from None
                words = line.split()
                if words and words[0].lower() == "again":
                    nets = self._type_nets(held, number)
                    continue
                if len(words) == 2:
                    try:
                        who = night.resolve(words[0])
                        if who not in nets:
                            raise RoomError(f"{who} is not in this hand")
                        nets[who] = _whole(words[1])
                        self.say(f"{who}: {nets[who]:+d}; the nets now sum to {sum(nets.values()):+d}.")
                    except (RoomError, InputError) as err:
                        self.say(f"Not accepted: {err}", style="red")
                else:
                    self.say("Not understood: type NAME N (such as Bo -15) or again.", style="red")
        if self.started is None:
            self.started = self.clock.now()
        won = ", ".join(f"{name} {net:+d}" for name, net in nets.items() if net)
        kept = f" · {plural(left, 'chip')} {'stays' if left == 1 else 'stay'} in the pot" if left else ""
        was = f" (with {carried} carried in)" if carried else ""
        self.say(f"Hand {number:>3} · {dealer} deals{was} · {won or 'no chips changed hands'}{kept}")

    def _type_nets(self, held: dict[str, int], number: int) -> dict[str, int]:
        """Every seated player's net in hand ``number``, asked in seat order with the running sum; ``again`` at any
        prompt starts the hand over.  Raises :class:`Paused` when input ends."""
        while True:
            nets: dict[str, int] = {}
            for name in self.night.seats:
                net = self._ask_net(name, held[name], number, sum(nets.values()))
                if net is None:
                    self.say(f"Hand {number} again from the first player.")
                    break
                nets[name] = net
            else:
                return nets

    def _ask_net(self, name: str, held: int, number: int, running: int) -> int | None:
        """``name``'s net, or ``None`` for ``again``."""
        while True:
            line = self.readline(
                f"{name} (has {held}): net chips won (+) or lost (-) in hand {number} [sum so far {running:+d}]: "
            )
            if line is None:
                raise Paused
            if line.strip().lower() == "again":
                return None
            try:
                net = _whole(line)
            except InputError as exc:
                self.say(f"Not accepted: {exc} (or again to start the hand over)", style="red")
                continue
            if net < -held:
                self.say(f"Not accepted: {name} has only {plural(held, 'chip')} to lose", style="red")
                continue
            return net

    # ------------------------------------------------------------------ the end

    def standings(self) -> None:
        """The standings now: deals, chips bought, chips in front, net chips and money."""
        night = self.night
        stacks = self.stacks()
        price = night.config.price_per_chip
        table = RichTable(title=f"Standings after {plural(night.hand, 'hand')}", title_justify="left")
        for column in ("Player", "Deals", "Bought", "Chips", "Net chips", "Net"):
            table.add_column(column, justify="left" if column == "Player" else "right")
        for name in night.players:
            seated = night.is_seated(name)
            chips = stacks.get(name, 0) + night.cashed(name)  # at the table now, and what they took home
            bought = night.chips_bought(name)
            label = name if seated else f"{name} (left)"
            net = (chips - bought) * price
            cells = (str(night.deals[name]), str(bought), str(chips), f"{chips - bought:+d}")
            table.add_row(label, *cells, ("+" if net > 0 else "") + format_kronor(net))
        self.console.print(table)

    def pay_out_carried(self) -> None:
        """Odd chips still carried in the pot when the evening ends early (``end now``, Ctrl-C, the last human
        leaving): one last hand pays them out, as the last hand of the evening always does (A-G1-7)."""
        carried = self.table.carried
        if not carried or len(self.night.seats) < 2:
            return
        them = "it" if carried == 1 else "them"
        self.say(f"{plural(carried, 'chip')} carried in the pot: one last hand pays {them} out (A-G1-7).", style="bold")
        try:
            if self.enter:
                self.enter_hand(True)
            else:
                self.play_hand(True)
        except (Paused, EndNow):
            self._void_running("the host ended the evening")
            self.say("No result for the last hand: the chips in the pot stay there.", style="red")

    def finish(self) -> int:
        self._void_running("the host ended the evening")
        self.pay_out_carried()
        night = self.night
        n = len(night.players)
        k = night.hand // n
        whole = not night.moves and night.hand % n == 0 and night.hand > 0
        orbits = f" ({plural(k, 'orbit')} of {n} deals)" if whole else ""
        self.say()
        self.say(f"The evening ends after {plural(night.hand, 'hand')}{orbits}.", style="bold")
        self.standings()
        deals = night.deals
        self.say("Deals: " + ", ".join(f"{name} {deals[name]}" for name in night.players))
        try:
            self.sheet = self.book.end()
        except RoomError as exc:
            self.say(f"The chips do not settle: {exc}", style="red")
            return 1
        self.say()
        self.say(self.sheet.format().rstrip())
        return 0


def _whole(text: str) -> int:
    word = text.strip().replace(" ", "")
    if not re.fullmatch(r"[+-]?[0-9]+", word):
        raise InputError(f"type a whole number of chips such as +12 or -5, not {text.strip()!r}")
    return int(word)


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("[bold]game night"),
        BarColumn(),
        MofNCompleteColumn(),
        console=console,
        transient=True,
    )
