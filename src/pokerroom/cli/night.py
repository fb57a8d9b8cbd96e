"""``pokerroom night``: the club's game night (seeds 000/001 chapter 4; RULES §3.11, G1, G2, §5).

The evening runs as the club plays it: seats and the first dealer drawn by lot, everyone's first buy-in the same at
the agreed price per chip, the deal one seat clockwise per hand, rebuys between hands only (club hold'em capped
at X = M/S, A-G2-6; no-limit lowball, ``--no-limit``, only once the player's chips are gone, G1; the table's
:meth:`~pokerroom.room.table.Table.add_chips` and ``max_rebuy`` decide) and house rules agreed for the evening and
changed between hands (meta-rule 2). The evening ends on the completed orbit after the agreed number of hands or
minutes (:meth:`Night.is_over`); that last hand pays out the odd chips carried in the pot (A-G1-7), so the cash-out
sheet balances to the öre.

:class:`~pokerroom.room.night.Night` keeps the books and says who deals; a :class:`~pokerroom.room.table.Table`
deals and referees the hands, with bots for every player not named by ``--human``.  Humans type their actions as
at ``pokerroom play``.  With ``--enter`` the cards are real: nobody deals on screen, and after each hand every
player's net chips are typed in (they must sum to zero).

Between hands (when someone types: a human at the table, ``--enter`` or ``--pause``) the prompt takes
``rebuy NAME CHIPS``, ``rule KEY=VALUE`` (from the next hand on), ``end`` (finish at the end of this orbit) and
an empty line to deal.  House rules, the evening's (``--rule``) and those changed between hands, are tried on a
trial table before they are agreed (:meth:`Evening.check_rules`): values the game or the table cannot play with
(a negative ante, blinds of 0, ranges out of order) are refused with the reason, before the evening (exit 2) or
at the prompt (the evening goes on under the rules it had).  When input runs out the evening plays on to its
agreed end: humans check or fold (a draw stands pat), busted humans leave.  With bots only and no ``--pause``
nothing is asked.
"""

from __future__ import annotations

import copy
import math
import random
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, TextIO

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table as RichTable

from pokerroom.bots import BOTS, Bot, make
from pokerroom.cards import format_cards
from pokerroom.cli.play_input import QUIT, InputError, help_text, legal_menu, numbered, parse_input, placed
from pokerroom.cli.play_text import Narrator, pot_lines
from pokerroom.cli.rules import format_value, parse_rule
from pokerroom.engine import Action, Hand
from pokerroom.errors import PokerroomError, RoomError, UnsupportedRule
from pokerroom.games import Limit, find
from pokerroom.room.clock import Clock, SystemClock
from pokerroom.room.layout import Candidate, plan_hand
from pokerroom.room.night import GAMES, Night, NightConfig, format_kronor
from pokerroom.room.record import HandRecord
from pokerroom.room.table import Table, TableConfig

__all__ = ["Evening", "build_table", "first_button_for", "make_clock", "night", "trial_hand"]

make_clock: Callable[[], Clock] = SystemClock
"""Where the evening's time comes from (seconds); tests put a virtual clock here."""

BETWEEN_HELP = (
    "Enter deals the next hand; or type  rebuy NAME CHIPS  |  rule KEY=VALUE (from the next hand)  |  "
    "end (finish at the end of this orbit)"
)


# ---------------------------------------------------------------------------------------------- the table


def first_button_for(table: Table, seats: Sequence[int], dealer: int) -> int:
    """The ``first_button`` that makes ``table``'s first hand, dealt to ``seats``, go to ``dealer``.

    The table's layout treats ``first_button`` as the previous hand's position, and club hold'em's literal
    heads-up layout (A-G2-5) places the button on the big blind, so the answer depends on the dealer kind, the
    number of players and the house rules: rather than copy those rules here, ask the layout planner (pure)
    which previous position gives ``dealer``, trying the seats counterclockwise from it.  Raises
    :class:`RoomError` when none does."""
    candidates = [Candidate(s) for s in sorted(seats)]
    for k in range(1, table.size + 1):
        previous = (dealer - k) % table.size
        layout = plan_hand(
            candidates,
            size=table.size,
            dealer=table.dealer,
            previous_button=previous,
            blinds=table.blinds,
            new_player_rule=table.new_player_rule,
            hu_button_posts_sb=table.game.house.hu_button_posts_sb,
        )
        if layout is not None and layout.button == dealer:
            return previous
    raise RoomError(f"the table cannot give the first deal to seat {dealer}")


def build_table(
    game: str,
    rules: dict[str, object],
    seating: dict[str, int],
    stacks: dict[str, int],
    dealer: str,
    *,
    size: int,
    carried: int = 0,
    hand_number: int = 0,
    seed: int | None = None,
    limit: Limit | None = None,
) -> Table:
    """A table of ``game`` under house ``rules`` with each player of ``stacks`` at their seat (``seating``),
    the deal going to ``dealer`` next, ``carried`` odd chips in the pot and ``hand_number`` hands played, at the
    evening's ``limit`` (``None``: the game's own; no-limit lowball's rebuy rule follows it, RULES G1).  Used
    for the first hand, again when the seating changes between hands, and for trial hands (:func:`trial_hand`);
    house rules changed between hands go to the table with :meth:`Table.set_rules`."""
    config = TableConfig(game, rules=dict(rules), seats=size, limit=None if limit is None else limit.value)
    playing = [seating[name] for name, chips in stacks.items() if chips > 0]
    first = first_button_for(Table(config), playing, seating[dealer])
    table = Table(config, first_button=first, seed=seed)
    # Largest stack first: then nobody sits with more than the average of those seated before them, so the
    # club's X = M/S cap (RULES G2) never refuses a player who is only being reseated.
    for name in sorted(stacks, key=lambda n: (-stacks[n], seating[n])):
        if stacks[name] > 0:
            table.sit(seating[name], name, stacks[name])
    table.carried = carried
    table.hand_number = hand_number
    return table


def trial_hand(
    game: str,
    rules: dict[str, object],
    seating: dict[str, int],
    stacks: dict[str, int],
    dealer: str,
    *,
    size: int,
    limit: Limit | None = None,
) -> None:
    """Deal and play out one hand of ``game`` under house ``rules`` at a throwaway table (:func:`build_table`;
    calling bots, a fixed deck), so that values the game or the table cannot play with are refused before they
    are agreed: raises :class:`~pokerroom.errors.UnsupportedRule` with the reason.  Touches nothing of the
    evening (its seats, its random draws)."""
    try:
        table = build_table(game, rules, seating, stacks, dealer, size=size, limit=limit)
        hand = table.start_hand(seed=0)
        bot = make("calling", seed=0)
        while not hand.is_complete:
            seat, engine_seat = table.to_act, hand.to_act
            assert seat is not None and engine_seat is not None
            table.act(seat, bot.act(hand.view(engine_seat)))
    except (ValueError, ArithmeticError) as exc:  # PokerroomError is a ValueError; absurd numbers may overflow
        raise UnsupportedRule(f"the table cannot deal under {_rules_text(rules) or 'these rules'}: {exc}") from None


# ---------------------------------------------------------------------------------------------- the evening


class Evening:
    """One game night from the draw for seats to the cash-out sheet.

    ``players`` are the names (seated by lot), ``humans`` the ones who type their actions, ``bots`` the kind of
    bot for the others.  ``enter``: the results are typed in per hand instead of dealt.  ``pause``: ask between
    hands even with bots only.  Input comes from ``stream``, output goes to ``console``; ``seed`` makes the
    draw, the cards and the bots reproducible; ``clock`` gives the time for ``--minutes``.
    """

    def __init__(
        self,
        config: NightConfig,
        players: Sequence[str],
        *,
        humans: Sequence[str] = (),
        bots: str = "simple",
        seed: int | None = None,
        enter: bool = False,
        pause: bool = False,
        stream: TextIO,
        console: Console,
        clock: Clock,
    ) -> None:
        self.config = config
        self.night = Night(config, players, rng=random.Random(seed))
        self.humans = set(humans)
        self.enter = enter
        self.interactive = bool(self.humans) or enter or pause
        self.stream = stream
        self.console = console
        self.clock = clock
        self.seed = seed
        self.seating = {name: k for k, name in enumerate(self.night.seats)}
        self.bots: dict[str, Bot] = {
            name: make(bots, seed=None if seed is None else seed * 100 + k)
            for k, name in enumerate(self.night.seats)
            if name not in self.humans and not enter
        }
        self.rules: dict[str, object] = dict(config.house_rules)
        self.table: Table | None = None
        self.rebuild = True
        self.input_ended = False
        self.stop_asked = False
        self.told_auto = False
        self.started: float | None = None
        self.results: list[HandRecord] = []
        self.left: list[str] = []

    # ------------------------------------------------------------------ output and input

    def say(self, text: str = "", style: str | None = None) -> None:
        self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=True)

    def readline(self, prompt: str) -> str | None:
        """One line of input after ``prompt`` (``None`` at the end of input)."""
        if self.input_ended:
            return None
        self.console.print(prompt, end="", markup=False, highlight=False)
        line = self.stream.readline()
        if not line:
            self.say()
            self.input_ended = True
            return None
        return line

    # ------------------------------------------------------------------ the evening

    def elapsed(self) -> float:
        """Minutes since the first hand was dealt (0 before it)."""
        if self.started is None:
            return 0.0
        return (self.clock.now() - self.started) / 60.0

    def is_last(self, elapsed: float) -> bool:
        """Whether the next hand ends the evening: it completes an orbit and the agreed length is reached.
        Asked of a copy of the night, so the night's own rule (:meth:`Night.is_over`) decides."""
        probe = copy.deepcopy(self.night)
        probe.next_hand()
        return probe.is_over(elapsed)

    def check_rules(self, rules: dict[str, object]) -> None:
        """Refuse house ``rules`` the game or the table cannot deal with (:func:`trial_hand` at this evening's
        seats, everyone with the first buy-in): raises :class:`~pokerroom.errors.UnsupportedRule` with the
        reason."""
        find(self.config.game).with_rules(**rules)  # an unknown rule or a value of the wrong type
        seated = dict.fromkeys(self.night.seats, self.config.first_buyin)
        trial_hand(
            self.config.game, rules, self.seating, seated, self.night.next_dealer, size=len(self.seating),
            limit=self.night.limit,
        )

    def stacks(self) -> dict[str, int]:
        """Chips in front of every seated player."""
        if self.table is None:
            return dict.fromkeys(self.night.seats, self.config.first_buyin)
        held = self.table.stacks()
        return {name: held.get(name, 0) for name in self.night.seats}

    def run(self) -> int:
        """Play the evening; returns the exit code (0, or 1 when the chips could not be settled)."""
        night, config = self.night, self.config
        game = find(config.game)
        structure = f" at {night.limit.value} limit" if night.limit is not game.default_limit else ""
        self.say(
            f"{game.name} night{structure}: {len(night.seats)} players, {config.first_buyin} chips each for "
            f"{format_kronor(config.first_buyin * config.price_per_chip)} "
            f"({format_kronor(config.price_per_chip)} per chip)."
        )
        self.say(f"The evening ends on the completed orbit after {self._length()}.")
        if self.rules:
            self.say("House rules agreed for the evening: " + _rules_text(self.rules))
        self.say("Seats by lot: " + ", ".join(f"{k + 1} {name}" for k, name in enumerate(night.seats)))
        self.say(f"First dealer by lot: {night.first_dealer}")
        if self.humans and not self.enter:
            self.say(f"{', '.join(sorted(self.humans))}: {help_text(game)}.")
        for name in night.seats:
            night.buy_in(name, config.first_buyin)
        # A live bar only on a terminal with nothing typed: a pipe or a log gets the hand lines alone.
        progress = _progress(self.console) if self.console.is_terminal and not self.interactive else None
        task = None
        if progress is not None:
            progress.start()
            task = progress.add_task("hands", total=config.hands if config.hands < _UNLIMITED_HANDS else None)
        try:
            while True:
                if night.hand > 0:
                    self.between_hands()
                if len(night.seats) < 2:
                    self.say("Fewer than two players are left: the evening is over.", style="bold")
                    break
                try:
                    self._prepare()
                except PokerroomError as exc:
                    # Rules and seats are checked when agreed, so this is a table that cannot deal for a reason
                    # nobody foresaw: the evening stops between hands and the chips are still cashed out.
                    self.say(f"The table cannot deal hand {night.hand + 1}: {exc}; the evening ends here.", style="red")
                    break
                elapsed = math.inf if self.stop_asked else self.elapsed()
                last = self.is_last(elapsed)
                if self.enter:
                    if not self.enter_hand(last):
                        self.say(f"No more results: the evening stops after hand {night.hand}.", style="bold")
                        break
                else:
                    self.play_hand(last)
                if progress is not None and task is not None:
                    progress.advance(task)
                if night.is_over(elapsed):
                    break
        finally:
            if progress is not None:
                progress.stop()
        return self.finish()

    def _length(self) -> str:
        parts = []
        if self.config.hands < _UNLIMITED_HANDS:
            parts.append(f"{self.config.hands} hands")
        if self.config.minutes < _UNLIMITED_MINUTES:
            parts.append(f"{self.config.minutes:g} minutes")
        return " or ".join(parts)

    # ------------------------------------------------------------------ one hand

    def _prepare(self) -> Table:
        """The table for the next hand: the house rules changed at the table (:meth:`Table.set_rules`, between
        hands), and built again when the seating changed."""
        rules = self.night.rules_for_hand(self.night.hand + 1)
        if rules != self.rules:
            changed = {k: v for k, v in rules.items() if self.rules.get(k, _MISSING) != v}
            if self.table is not None and not self.rebuild:
                self.table.set_rules(**changed)  # refuses (changing nothing) what no hand could be dealt with
            self.say(f"From hand {self.night.hand + 1}: {_rules_text(changed)} (agreed between hands)", style="bold")
            self.rules = rules
        if self.rebuild or self.table is None:
            old = self.table
            self.table = build_table(
                self.config.game,
                self.rules,
                self.seating,
                self.stacks(),
                self.night.next_dealer,
                size=len(self.seating),
                carried=old.carried if old else 0,
                hand_number=old.hand_number if old else 0,
                seed=self.seed,
                limit=self.night.limit,
            )
            self.rebuild = False
        return self.table

    def play_hand(self, last: bool) -> None:
        table = self._prepare()
        night = self.night
        table.last_hand = last
        number = night.next_hand()
        if self.started is None:
            self.started = self.clock.now()
        hand = table.start_hand()  # the deck from the table's seed, the evening's
        assert table.layout is not None
        if table.layout.button != self.seating[night.dealer_name]:
            # The night decides who deals (RULES §3.11); a table that disagrees is a bug, not a house rule.
            raise RoomError(f"hand {number}: the table dealt from seat {table.layout.button}, not {night.dealer_name}")
        names = [_player(table, s) for s in table.layout.dealt]
        watch = bool(self.humans)
        narrator = Narrator(hand, names, -1) if watch else None
        if watch:
            self.say()
            tail = " (the last hand of the evening)" if last else ""
            self.say(f"=== Hand {number}: {night.dealer_name} deals{tail} ===", style="bold")
        shown = 0
        while not hand.is_complete:
            if narrator is not None:
                for line in narrator.lines(hand.events[shown:]):
                    self.say(line)
                shown = len(hand.events)
            seat = table.to_act
            engine_seat = hand.to_act
            assert seat is not None and engine_seat is not None
            name = names[engine_seat]
            if name in self.humans:
                if self.input_ended or not self.ask(table, hand, name):
                    if not self.told_auto:
                        self.say("(No more input: the table checks or folds for the humans; a draw stands pat.)")
                        self.told_auto = True
                    table.run_out_clock()  # the table's own (virtual) clock: nobody waits for a human gone quiet
                    table.time_out()  # acts as for a player whose time is up
                continue
            table.act(seat, self.bots[name].act(hand.view(engine_seat)))
        if narrator is not None:
            for line in narrator.lines(hand.events[shown:]):
                self.say(line)
            for line in pot_lines(hand, names, -1):
                self.say(line, style="bold")
        result = table.record
        assert result is not None
        self.results.append(result)
        self.say(self._summary(number, result, last))

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

    def ask(self, table: Table, hand: Hand, name: str) -> bool:
        """Ask ``name`` for an action until the table accepts one (``True``); ``False`` at the end of input or
        at ``q`` (the table then acts for them)."""
        engine_seat = hand.to_act
        seat = table.to_act
        assert engine_seat is not None and seat is not None
        legal = hand.legal_actions()
        assert legal is not None
        if legal.show or legal.muck:
            table.act(seat, Action.show())  # the club shows every hand at the showdown (G1, G2)
            return True
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
        while True:
            self.say(f"{'Your draw' if legal.draw is not None else 'Your move'}: {menu}")
            line = self.readline("> ")
            if line is None:
                return False
            try:
                wish = parse_input(line, legal, hole)
                if wish == QUIT:
                    self.input_ended = True  # the humans leave their decisions to the table (check or fold)
                    return False
                assert isinstance(wish, Action)
                decision = table.accept(seat, wish)  # out-of-range amounts placed at the nearest legal one
                note = placed(decision)
                if note is not None:
                    self.say(note)
                table.apply(decision)
                return True
            except (InputError, PokerroomError) as exc:
                self.say(f"Not accepted: {exc}", style="red")

    def enter_hand(self, last: bool) -> bool:
        """Type in the next hand's result (a physical deck): every player's net chips, summing to zero, or to
        minus the odd chips a split leaves in the pot (they are carried into the next hand's pot); a refused
        entry is asked again.  Returns ``False`` when input ends before the hand is complete."""
        table = self._prepare()
        night = self.night
        number = night.hand + 1
        tail = " (the last hand of the evening)" if last else ""
        self.say()
        self.say(f"=== Hand {number}: {night.next_dealer} deals{tail} ===", style="bold")
        held = self.stacks()
        while True:
            nets: dict[str, int] = {}
            for name in night.seats:
                while True:
                    line = self.readline(f"{name} (has {held[name]}): net chips won (+) or lost (-) in hand {number}: ")
                    if line is None:
                        return False
                    try:
                        net = int(line.strip().replace(" ", ""))
                    except ValueError:
                        self.say(
                            f"Not accepted: type a whole number of chips such as +12 or -5, not {line.strip()!r}",
                            style="red",
                        )
                        continue
                    if net < -held[name]:
                        self.say(f"Not accepted: {name} has only {held[name]} chips to lose", style="red")
                        continue
                    nets[name] = net
                    break
            # RULES G1/G2: chips a split cannot divide stay in the pot for the next hand, so the nets may sum
            # to minus those chips (fewer than the players); the chips carried in are won with the pot, and the
            # evening's last hand empties the pot (A-G1-7).
            total = sum(nets.values())
            carried_in = table.carried
            left = carried_in - total
            if left == 0 or (not last and 0 < left < len(nets)):
                break
            if last:
                need = f"{carried_in:+d} (the last hand pays out the {carried_in} chips in the pot)"
            else:
                need = f"{carried_in:+d}, or down to {carried_in - len(nets) + 1:+d} with odd chips left in the pot"
            self.say(f"Refused: the nets sum to {total:+d}, not {need}; type hand {number} again.", style="red")
        night.next_hand()
        if self.started is None:
            self.started = self.clock.now()
        for name, net in nets.items():
            st = table.seats[self.seating[name]]
            assert st is not None
            st.stack += net  # a hand played with real cards: the table only keeps the score
        table.carried = left
        won = ", ".join(f"{name} {net:+d}" for name, net in nets.items() if net)
        kept = f" · {left} chips stay in the pot" if left else ""
        self.say(f"Hand {number:>3} · {night.dealer_name} deals · {won or 'no chips changed hands'}{kept}")
        return True

    # ------------------------------------------------------------------ between hands

    def rebuy(self, name: str, chips: int) -> None:
        """``name`` buys ``chips`` between hands: the table applies the club's rules (G1; G2's X = M/S cap),
        the night records the money.  Raises :class:`RoomError`."""
        if name not in self.night.seats:
            raise RoomError(f"{name!r} is not at the table; players: {', '.join(self.night.seats)}")
        table = self.table
        assert table is not None  # rebuys come between hands, after the first
        table.add_chips(name, chips)
        self.night.rebuy(name, chips)
        self.say(f"{name} buys {chips} chips for {format_kronor(chips * self.config.price_per_chip)}.")

    def _bot_rebuys(self) -> None:
        table = self.table
        assert table is not None
        for name in self.night.seats:
            if name in self.bots and table.stacks().get(name, 0) == 0:
                most = table.max_rebuy(name)
                chips = self.config.first_buyin if most is None else min(most, self.config.first_buyin)
                if chips > 0:
                    self.rebuy(name, chips)

    def _leave_busted(self) -> None:
        for name in list(self.night.seats):
            if self.stacks()[name] == 0 and len(self.night.seats) > 1:
                self.say(f"{name} has no chips and leaves the table.", style="bold")
                self.night.leave(name, 0)
                assert self.table is not None
                self.table.stand(name)
                self.left.append(name)
                self.rebuild = True

    def between_hands(self) -> None:
        """Rebuys and house-rule changes before the next hand (RULES G1/G2, §5 meta-rule 2)."""
        self._bot_rebuys()
        if self.interactive and not self.input_ended:
            busted = [name for name, chips in self.stacks().items() if chips == 0]
            if busted:
                self.say(f"No chips: {', '.join(busted)} (rebuy NAME CHIPS, or they leave when the next hand is dealt)")
            self.say(BETWEEN_HELP, style="dim")
            while True:
                line = self.readline(f"hand {self.night.hand + 1}> ")
                if line is None:
                    break
                words = line.split()
                if not words or words[0].lower() in ("deal", "d"):
                    break
                cmd = words[0].lower()
                try:
                    if cmd in ("rebuy", "r") and len(words) == 3:
                        self.rebuy(words[1], _chips(words[2]))
                    elif cmd in ("rule", "s") and len(words) == 2:
                        self.change_rule(words[1])
                    elif cmd in ("end", "q", "quit"):
                        self.stop_asked = True
                        self.say("The evening ends at the end of this orbit.")
                        break
                    else:
                        self.say(f"Not understood: {line.strip()!r}. {BETWEEN_HELP}", style="red")
                except PokerroomError as exc:
                    self.say(f"Not accepted: {exc}", style="red")
        self._leave_busted()

    def change_rule(self, text: str) -> None:
        """``KEY=VALUE`` for the next hands (meta-rule 2): checked against the game and tried on a trial table
        now (:meth:`check_rules`), applied when the next hand is laid out.  Raises :class:`PokerroomError` naming
        the game's house rules or saying why the table refuses the value; the evening's rules stay as they were."""
        game = find(self.config.game)
        key, value = parse_rule(game, text)
        upcoming = {**self.night.rules_for_hand(self.night.hand + 1), key: value}
        self.check_rules(upcoming)  # refuses a value the game or the table cannot play with; nothing changes
        start = self.night.set_rule(key, value)
        self.say(f"Agreed: {key}={format_value(value)} from hand {start}.")

    # ------------------------------------------------------------------ the end

    def finish(self) -> int:
        night = self.night
        final = self.stacks()
        deals = night.deals
        n = len(night.players)
        k = night.hand // n
        orbits = f" ({k} orbit{'s' if k != 1 else ''} of {n} deals)" if not self.left and night.hand % n == 0 else ""
        self.say()
        self.say(f"The evening ends after {night.hand} hand{'' if night.hand == 1 else 's'}{orbits}.", style="bold")
        table = RichTable(title="Standings", title_justify="left")
        for column in ("Player", "Deals", "Bought", "Chips", "Net chips"):
            table.add_column(column, justify="left" if column == "Player" else "right")
        for name in night.players:
            chips = final.get(name, 0)
            bought = night.chips_bought(name)
            table.add_row(name, str(deals[name]), str(bought), str(chips), f"{chips - bought:+d}")
        self.console.print(table)
        self.say("Deals: " + ", ".join(f"{name} {deals[name]}" for name in night.players))
        try:
            sheet = night.cash_out_sheet(final)
        except RoomError as exc:
            self.say(f"The chips do not settle: {exc}", style="red")
            return 1
        self.say()
        self.say(sheet.format().rstrip())
        return 0


_MISSING = object()
_UNLIMITED_HANDS = 10**9
_UNLIMITED_MINUTES = 1e12
"""What the command agrees for the limit not given (NightConfig takes finite numbers only): never reached."""


def _rules_text(rules: dict[str, object]) -> str:
    return ", ".join(f"{k}={format_value(v)}" for k, v in rules.items())


def _chips(word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise RoomError(f"chips are a whole number, not {word!r}") from None


def _player(table: Table, seat: int) -> str:
    st = table.seats[seat]
    assert st is not None
    return st.player


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("[bold]game night"),
        BarColumn(),
        MofNCompleteColumn(),
        console=console,
        transient=True,
    )


# ---------------------------------------------------------------------------------------------- the command


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


def night(
    players: Annotated[str, typer.Option("--players", help="The players' names, comma-separated: Anna,Bo,Cia,Dan.")],
    game: Annotated[str, typer.Option("--game", help=f"The club game: {' or '.join(GAMES)}.")] = "club-lowball",
    human: Annotated[
        list[str] | None,
        typer.Option("--human", help="A player who types their actions (repeatable); bots play the rest."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the draw, the cards and the bots.")] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            min=1, help="Hands agreed; the evening ends on the orbit after them (default: 50, or 150 minutes)."
        ),
    ] = None,
    minutes: Annotated[
        float | None,
        typer.Option(help="Minutes agreed (the orbit after them ends the evening)."),
    ] = None,
    price: Annotated[int | None, typer.Option(min=1, help="Öre per chip (club lowball 20, club hold'em 10).")] = None,
    buy_in: Annotated[
        int | None, typer.Option("--buy-in", min=1, help="Chips in everyone's first buy-in (50 kr worth).")
    ] = None,
    rule: Annotated[
        list[str] | None, typer.Option("--rule", help="A house rule KEY=VALUE agreed for the evening (repeatable).")
    ] = None,
    enter: Annotated[
        bool, typer.Option("--enter", help="Real cards: type each player's net chips after each hand.")
    ] = False,
    pause: Annotated[
        bool, typer.Option("--pause", help="Ask between hands (rebuys, rule changes) even with bots only.")
    ] = False,
    bots: Annotated[str, typer.Option(help=f"The bots: {', '.join(BOTS)}.")] = "simple",
    no_limit: Annotated[
        bool,
        typer.Option(
            "--no-limit",
            help="Club lowball's no-limit variation (RULES §5.1 #2, #7, #10): 500 chips for 50 kr, and a rebuy "
            "only once a player's chips are gone (club hold'em is always no limit).",
        ),
    ] = False,
) -> None:
    """The club's game night: seats and dealer by lot, hands until the orbit after the agreed length, cash-out."""
    if game not in GAMES:
        raise typer.BadParameter(f"a club night plays {' or '.join(GAMES)}, not {game!r}", param_hint="--game")
    names = _names(players)
    chosen = find(game)
    if not 2 <= len(names) <= chosen.max_players:
        raise typer.BadParameter(
            f"a club night seats 2 to {chosen.max_players} players, not {len(names)}", param_hint="--players"
        )
    if len(set(names)) != len(names):
        raise typer.BadParameter("two players have the same name; names must differ", param_hint="--players")
    humans = list(human or [])
    strangers = [h for h in humans if h not in names]
    if strangers:
        raise typer.BadParameter(
            f"{', '.join(strangers)} not among the players ({', '.join(names)})", param_hint="--human"
        )
    if bots.strip().lower() not in BOTS:
        raise typer.BadParameter(f"unknown bot {bots!r}; bots: {', '.join(BOTS)}", param_hint="--bots")
    agreed: dict[str, object] = {}
    for text in rule or []:
        try:
            key, value = parse_rule(chosen, text)
            chosen.with_rules(**{**agreed, key: value})
        except PokerroomError as exc:
            raise typer.BadParameter(str(exc), param_hint="--rule") from None
        agreed[key] = value
    # One limit given: only it ends the evening; neither: the club's default (2½ hours or about 50 hands).
    if minutes == 0:  # NaN, infinity and negative minutes: NightConfig refuses them below
        raise typer.BadParameter(
            f"the evening needs some minutes, more than 0, not {minutes:g}", param_hint="--minutes"
        )
    if hands is None and minutes is None:
        hands, minutes = 50, 150.0
    try:
        config = NightConfig(
            game,
            price_per_chip=price,
            first_buyin=buy_in,
            house_rules=agreed,
            hands=_UNLIMITED_HANDS if hands is None else hands,
            minutes=_UNLIMITED_MINUTES if minutes is None else minutes,
            no_limit=no_limit,
        )
        evening = Evening(
            config,
            names,
            humans=humans,
            bots=bots.strip().lower(),
            seed=seed,
            enter=enter,
            pause=pause,
            stream=sys.stdin,
            console=Console(highlight=False, soft_wrap=True),
            clock=make_clock(),
        )
    except RoomError as exc:
        raise typer.BadParameter(str(exc), param_hint="--players/--price/--buy-in/--hands/--minutes") from None
    if agreed:
        try:
            evening.check_rules(agreed)  # before the evening starts: a refused value never deals a hand
        except PokerroomError as exc:
            raise typer.BadParameter(str(exc), param_hint="--rule") from None
    code = evening.run()
    if code:
        raise typer.Exit(code)
