"""``Table``: a game of the registry played hand after hand (RULES §3.3-§3.11, G1-G3, §5).

The table keeps the seats (a player's name, the chips in front of them, sitting out, owed blinds), moves the
button or the dealer, lays out the blinds and dead money for each hand (:mod:`pokerroom.room.layout`), starts the
engine's :class:`~pokerroom.engine.Hand` on the seats dealt in, and after the hand takes the stacks back, with the
rake and the carried chips, and keeps the hand's :class:`~pokerroom.room.record.HandRecord`.  Chips move only
between hands (table stakes): buy-ins, rebuys and cash-outs are refused while the player is in a hand (the
seats' rules: :mod:`pokerroom.room.table_seats`, a part of ``Table``).

Every action reaches the hand through one path (:mod:`pokerroom.room.decisions`): :meth:`Table.accept` (the seat
mapped, the action verified once, clamped under the house rule) or :meth:`Table.forced` (what a time-out or a
player who left does now: check, else disconnect protection where seed 004 allows it, else fold; a draw stands
pat) give a :class:`~pokerroom.room.decisions.Decision`, and :meth:`Table.apply` applies it; :meth:`Table.act`
and :meth:`Table.time_out` do both.  Time comes from an injected clock.  The table is synchronous and does no I/O;
:mod:`pokerroom.store.runner` journals each decision before applying it.

Seats are the table's (``0..size-1``, clockwise); the engine's seats are the positions of the players dealt in.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from typing import Any

from pokerroom.cards import format_cards
from pokerroom.chips import whole_number
from pokerroom.engine import Action, ActionKind, Event, Hand, Phase
from pokerroom.engine.dealing import CardSource
from pokerroom.engine.shuffle import fresh_seed
from pokerroom.errors import IllegalAction, IllegalAmount, NotYourCards, NotYourTurn, RoomError
from pokerroom.games import Game, Limit, club, find
from pokerroom.room.clock import DRAW_SECONDS, ActionTimer, Clock, VirtualClock, draw_timer
from pokerroom.room.config import RoomEvent, SeatState, TableConfig
from pokerroom.room.decisions import Cause, Decision, timeout_action
from pokerroom.room.faults import HandVoided, voids_on_fault
from pokerroom.room.layout import Candidate, Dealer, Layout, NewPlayerRule, plan_hand
from pokerroom.room.proof import commit, seed_hash
from pokerroom.room.rake import TableRake
from pokerroom.room.rebuys import BreakCap
from pokerroom.room.record import Deck, HandRecord, SeatRecord, Setup, Status, record_of
from pokerroom.room.seeds import derive_seed
from pokerroom.room.settings import TableSettings, derive
from pokerroom.room.table_seats import TableSeats
from pokerroom.words import plural

__all__ = ["HandVoided", "RoomEvent", "SeatState", "Table", "TableConfig", "deck_seed"]

log = logging.getLogger(__name__)


def deck_seed(table_seed: int, number: int) -> int:
    """The deck seed of hand ``number`` at a table seeded with ``table_seed`` (:func:`derive_seed`): every hand's
    deck is reproducible from the table's seed and no two hands share one."""
    return derive_seed("deck", table_seed, number)


class Table(TableSeats):
    """A table of ``config.game`` (see :class:`TableConfig`).  Raises :class:`~pokerroom.errors.RoomError`
    for refused room requests and the engine's errors for refused actions; a refusal changes nothing."""

    def __init__(
        self,
        config: TableConfig,
        *,
        clock: Clock | None = None,
        first_button: int | None = None,
        protections: dict[str, list[float]] | None = None,
        seed: int | None = None,
        name: str | None = None,
        table_id: int | None = None,
    ) -> None:
        """``clock`` gives the time (a :class:`VirtualClock` by default); ``first_button`` is the position the
        first hand moves on from (the previous hand's button; the box's seat for the stud games);
        ``protections`` maps each player to the clock times their disconnect protection was used: pass one
        dict to every table of a room so the allowance counts per player across tables (RULES §3.7).  ``seed``
        makes every deck reproducible (:func:`deck_seed`; ``None``: each from ``secrets``); ``name`` and
        ``table_id`` name the table in its hand records.  Raises :class:`RoomError` (or
        :class:`~pokerroom.errors.UnsupportedRule`) for settings no hand could be dealt with."""
        if not isinstance(config, TableConfig):
            raise RoomError(f"a table needs a TableConfig, not {config!r}")
        game = find(config.game)
        if config.rules:
            game = game.with_rules(**config.rules)
        self.config = config
        self.game: Game = game
        self.size = config.seats or game.max_players
        most = min(10, game.max_players)
        if not game.min_players <= self.size <= most:
            raise RoomError(f"{game.id} tables have {game.min_players} to {most} seats, not {self.size}")
        if first_button is not None and not (whole_number(first_button) and 0 <= first_button < self.size):
            raise RoomError(f"first_button must be a seat from 0 to {self.size - 1} (or None), not {first_button!r}")
        self.clock: Clock = clock if clock is not None else VirtualClock()
        if seed is not None and not whole_number(seed):
            raise RoomError(f"a table's seed is a whole number (or None: a fresh deck each hand), not {seed!r}")
        self.seed = seed
        self.name = name
        self.table_id = table_id
        self.seats: list[SeatState | None] = [None] * self.size
        self.hand: Hand | None = None
        self.hand_number = 0
        """Hands dealt at this table, a voided one included (it was dealt; :meth:`void_hand` keeps the number)."""
        self.layout: Layout | None = None
        self.button: int | None = first_button
        self._bb: int | None = None
        self._sb: int | None = None
        self.carried = 0
        """Odd chips left in the pot for the next hand (the club games, RULES §6.3)."""
        self._break = BreakCap()
        """The M and S every rebuy and buy-in between two hands is measured against (A-G2-6)."""
        self.last_hand = False
        """Set before the evening's last hand: its odd chips are paid out, not carried (A-G1-7)."""
        self.events: list[RoomEvent] = []
        self.timer = ActionTimer(config.action_seconds, config.bank_seconds)
        self.draw_timer = draw_timer()
        """The draw's own clock: 30 seconds, no time bank (RULES §2.5 ``draw_timeout_s``)."""
        self._running: ActionTimer | None = None
        self._before: tuple[Any, ...] | None = None
        self._aai: dict[str, list[float]] = protections if protections is not None else {}
        self._timed_seat: int | None = None
        self._started = False
        self._setup_fields: dict[str, Any] = {}
        self.blind_game = game.blinds_open
        self.setup: Setup | None = None
        """The set-up of the hand being played (or the last one), as its record holds it."""
        self.record: HandRecord | None = None
        """The record of the last hand settled or voided (see :class:`~pokerroom.room.record.HandRecord`)."""
        self._apply(derive(game, config))

    def _apply(self, d: TableSettings) -> None:
        self.game = d.game
        self._limit = d.limit
        self._stakes_text = d.stakes_text
        self.stakes = d.stakes
        self.blinds = d.blinds
        self.min_stack = d.min_stack
        self.rebuy_cap = d.rebuy_cap
        self.rebuy_only_busted = d.rebuy_only_busted
        self.buy_in = d.buy_in
        self._rake = d.rake
        self.dealer = d.dealer
        self.new_player_rule = d.new_player_rule

    @property
    def limit(self) -> Limit:
        """The table's betting structure."""
        return self._limit

    def set_rules(self, **rules: Any) -> None:
        """Change house rules from the next hand on (RULES §5 meta-rule 2: agreed before a hand, else the
        evening's agreement stands); the blinds, stakes, buy-in range and rake follow the new rules unless the
        config fixes them.  Raises :class:`RoomError` while a hand is being played and
        :class:`~pokerroom.errors.UnsupportedRule` (or :class:`RoomError`) for an unknown rule or a value no hand
        could be dealt with, such as a negative ante; a refusal changes nothing."""
        if self.hand is not None and not self.hand.is_complete:
            raise RoomError("house rules change between hands only; finish this hand first")
        merged = {**self.config.rules, **rules}
        game = find(self.config.game).with_rules(**merged)
        config = replace(self.config, rules=merged)
        derived = derive(game, config)
        self.config = config
        self._apply(derived)

    @property
    def rake_rule(self) -> TableRake | None:
        """The rake this table takes at settlement (RULES §3.10; ``None``: no rake), as given to ``Game.deal``."""
        return self._rake

    # ------------------------------------------------------------------ hands

    def short(self, seat: int) -> bool:
        """Whether the player at ``seat`` holds fewer chips than every player must before a deal (``min_stack``:
        the A-6 table's 13, RULES G3, A-G3-4): they are not dealt in until they top up (:meth:`add_chips`)."""
        st = self.seats[seat]
        return st is not None and st.stack < self.min_stack

    def _candidates(self) -> tuple[list[Candidate], list[int], list[int]]:
        """The seats that want to be dealt in, the seated ones that are not (sitting out or short), and the short
        ones among those that have chips (logged when the hand is dealt).  Changes nothing."""
        cands: list[Candidate] = []
        out: list[int] = []
        short: list[int] = []
        for i, st in enumerate(self.seats):
            if st is None:
                continue
            if st.sitting_out or self.short(i):
                if self.short(i) and not st.sitting_out and st.stack > 0:
                    short.append(i)
                out.append(i)
                continue
            cands.append(Candidate(i, new=st.new, owes_big=st.owes_big, owes_small=st.owes_small, post=st.post))
        return cands, out, short

    def next_deck(self) -> Deck:
        """The next hand's deck before its deal, with its commitment (``seed_hash``) to publish now: from the
        table's seed (:func:`deck_seed`) when it has one, else a fresh secret server seed.  The players' client
        seeds are added to it before it is given to :meth:`start_hand` (docs/shuffle.md)."""
        if self.seed is not None:
            deck = Deck(seed=deck_seed(self.seed, self.hand_number + 1))
        else:
            deck = Deck(server_seed=fresh_seed().hex())
        secret = deck.secret
        assert secret is not None
        return replace(deck, seed_hash=seed_hash(secret))

    def _layout(self) -> tuple[Layout | None, list[int]]:
        """The next hand's layout as the seats stand (``None``: fewer than two players can be dealt in) and the
        seats too short to play; changes nothing."""
        cands, out, short = self._candidates()
        layout = plan_hand(
            cands,
            size=self.size,
            dealer=self.dealer,
            previous_button=self.button,
            previous_big_blind=self._bb,
            previous_small_blind=self._sb,
            blinds=self.blinds,
            new_player_rule=self.new_player_rule,
            sitting_out=out,
            hu_button_posts_sb=self.game.house.hu_button_posts_sb,
        )
        return layout, list(short)

    def can_deal(self) -> bool:
        """Whether :meth:`start_hand` would deal now: no hand is being played and at least two players can be dealt
        in (the layout :meth:`start_hand` uses)."""
        if self.hand is not None and not self.hand.is_complete:
            return False
        return self._layout()[0] is not None

    def start_hand(
        self,
        *,
        seed: int | None = None,
        cards: CardSource | None = None,
        deck: Deck | None = None,
        started_at: datetime | None = None,
    ) -> Hand:
        """Lay out the next hand and deal it: its cards from ``cards``, else from ``deck`` (a server seed and the
        players' client seeds; with a ``seed_hash`` published, the deal commits to the deck's positions too:
        :func:`~pokerroom.room.proof.commit`), else a deck shuffled from ``seed``, else from the table's seed
        (:func:`deck_seed`), else from a fresh ``secrets`` server seed; the deck is the hand's provenance in its
        :attr:`setup` (``started_at``: its start time, UTC, for the record).  Raises
        :class:`RoomError` when a hand is running or fewer than two players can be dealt in, and the engine's
        error when the deal is refused (a card source that does not fit).  All or nothing: a refused deal changes
        nothing (no events, no missed blinds recorded); the seats' debts, the positions and the events change
        only once the hand is dealt."""
        if self.hand is not None and not self.hand.is_complete:
            raise RoomError("a hand is being played; finish it first")
        if seed is not None and not whole_number(seed):
            raise RoomError(f"a deck seed is a whole number, not {seed!r}")
        if cards is not None:
            deck = Deck()
        elif deck is None:
            if seed is None and self.seed is not None:
                seed = deck_seed(self.seed, self.hand_number + 1)
            deck = Deck(seed=seed) if seed is not None else Deck(server_seed=fresh_seed().hex())
        if cards is None:
            if deck.seed_hash is not None:
                deck = commit(deck, self.game.deck)
            cards = deck.source(self.game.deck)
        before = (
            self.button,
            self._bb,
            self._sb,
            [None if st is None else (st.player, st.new, st.owes_big, st.owes_small, st.fee_due) for st in self.seats],
        )
        layout, short = self._layout()
        if layout is None:
            raise RoomError("fewer than two players can be dealt in")
        dealt = list(layout.dealt)
        missed: list[tuple[int, str]] = []
        for seat, which in layout.missed.items():
            st = self.seats[seat]
            assert st is not None
            # RULES §3.5: missing the big blind and missing the small blind are owed separately (the big blind
            # alone is posted live; the small blind alone dead, A-3.5-1; both: live + dead).
            if not (st.new or (st.owes_big if which == "big" else st.owes_small)):
                missed.append((seat, which))
        stacks = [self.seats[s].stack for s in dealt]  # type: ignore[union-attr]
        dead = [layout.dead.get(s, 0) for s in dealt]
        for k, s in enumerate(dealt):
            st = self.seats[s]
            assert st is not None
            if st.fee_due:
                dead[k] += club.new_player_fee(self.blinds)  # A-G2-7: dead money
        kw: dict[str, Any] = {}
        if self.blind_game:
            kw["posts"] = [layout.posts.get(s, 0) for s in dealt]
            if layout.big_blind is not None and layout.big_blind in dealt:
                kw["big_blind_seat"] = dealt.index(layout.big_blind)
        hand = self.game.deal(
            stacks=stacks,
            button=layout.engine_button(),
            blinds=self.blinds if self.blind_game else None,
            ante=self.stakes.ante,
            bring_in=self.stakes.bring_in,
            betting=self.stakes.betting,
            cards=cards,
            carried_in=self.carried,
            last_hand=self.last_hand,
            dead=dead if any(dead) else None,
            auto_showdown=self.config.auto_showdown,
            rake=self._rake,
            **kw,
        )
        number = self.hand_number + 1
        setup_fields: dict[str, Any] = {
            "seats": [SeatRecord(s, self.seats[s].player, self.seats[s].stack) for s in dealt],  # type: ignore[union-attr]
            "stakes": self.stakes.describe(),
            "unit": Decimal(self.config.cents_per_chip) / 100 if self.config.currency else Decimal(1),
            "currency": self.config.currency,
            "table_id": self.table_id,
            "table_name": self.name,
            "number": number,
            "started_at": started_at,
            "deck": deck,
        }
        # Dealt: from here on nothing is refused, and the table commits the layout.
        for seat in short:
            chips = self.seats[seat].stack  # type: ignore[union-attr]
            self._log("sit_out", seat, chips, f"fewer than {plural(self.min_stack, 'chip')} before the deal")
        for seat, which in missed:
            st = self.seats[seat]
            assert st is not None
            if which == "big":
                st.owes_big = True
            else:
                st.owes_small = True
            self._log("missed_blind", seat, self.blinds[1] if which == "big" else self.blinds[0], which)
        for seat in layout.waiting:
            self._log("wait", seat, 0, "waits for the big blind")
        for s in layout.cleared:
            st = self.seats[s]
            assert st is not None
            st.new = st.owes_big = st.owes_small = False
        for s in dealt:
            st = self.seats[s]
            assert st is not None
            st.fee_due = False
            st.new = False
        self.hand = hand
        self.layout = layout
        self.hand_number = number
        self._setup_fields = setup_fields
        self.setup = record_of(hand, **setup_fields).setup
        self._started = True
        self._before = before
        previous_bb = self._bb
        self.button = layout.button
        self._bb, self._sb = layout.big_blind, layout.small_blind
        if self.dealer is Dealer.DEAD_BUTTON and layout.small_blind is None and previous_bb is not None:
            self._sb = previous_bb  # the dead small blind's position: next hand's button (RULES §3.11)
        self._carried_in = self.carried
        self.carried = 0
        self.timer.new_hand()
        if hand.is_complete:  # everyone all-in from the forced bets: the deal ran to the end
            try:
                self._settle()
            except Exception as exc:
                raise self._fault(exc) from exc
        else:
            self._start_timer()
        return hand

    @property
    def to_act(self) -> int | None:
        """The table seat to act, or ``None``."""
        h = self.hand
        if h is None or h.to_act is None or self.layout is None:
            return None
        return self.layout.dealt[h.to_act]

    @property
    def running_timer(self) -> ActionTimer | None:
        """The timer of the player to act: the action clock with its time bank (:attr:`timer`), or the draw timer
        in a draw (RULES §2.5); ``None`` between actions."""
        return self._running

    def _engine_seat(self, seat: int) -> int:
        if self.layout is None or seat not in self.layout.dealt:
            raise NotYourTurn(f"seat {seat} is not dealt in this hand")
        return self.layout.dealt.index(seat)

    def _start_timer(self) -> None:
        seat = self.to_act
        if seat is not None and seat != self._timed_seat:
            h = self.hand
            # RULES §2.5: a draw has its own 30-second clock and no time bank; betting uses the action clock.
            timer = self.draw_timer if h is not None and h.phase is Phase.DRAW else self.timer
            timer.start(seat, self.clock.now())
            self._running = timer
        self._timed_seat = seat

    def _stop_timer(self) -> None:
        if self._running is not None:
            self._running.stop(self.clock.now())
            self._running = None
        self._timed_seat = None

    def _hand_in_play(self) -> Hand:
        h = self.hand
        if h is None or h.is_complete:
            raise IllegalAction("no hand is being played; start one first")
        return h

    @voids_on_fault
    def accept(self, seat: int, action: Action) -> Decision:
        """What the table will do with ``action`` from table ``seat``: the action verified once by the hand, and
        with the house rule ``clamp_out_of_range_bets`` an amount out of range placed at the nearest legal one
        (seed 000 5.3, settled decision 19; ``asked`` keeps the amount asked for).  Pure: nothing changes until
        :meth:`apply`.  Raises the engine's errors (:class:`~pokerroom.errors.NotYourTurn` for a seat that is
        not to act or not dealt in, :class:`~pokerroom.errors.IllegalAmount` with the nearest legal amount, ...)
        and :class:`~pokerroom.errors.IllegalAction` when no hand is being played; an engine fault voids the hand
        (:class:`HandVoided`)."""
        h = self._hand_in_play()
        if not whole_number(seat):
            raise NotYourTurn(f"a seat is a whole number; seat {self.to_act} is to act, not {seat!r}")
        if not isinstance(action, Action):
            legal = h.legal_actions()
            allowed = legal.describe() if legal is not None else "nothing"
            raise IllegalAction(f"an action is a pokerroom.engine.Action, not {action!r}; legal: {allowed}")
        es = self._engine_seat(seat)
        if self.to_act != seat:
            raise NotYourTurn(f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        asked: int | None = None
        try:
            h.verify(action, es)
        except NotYourCards:
            named = [c for c in action.cards or () if c not in h.hole[es]]
            held = format_cards(h.hole[es], sep=" ")
            if not named:
                raise NotYourCards(f"seat {seat} names a card twice; it holds {held}") from None
            raise NotYourCards(f"seat {seat} does not hold {format_cards(named, sep=' ')}; it holds {held}") from None
        except IllegalAmount as err:
            clamps = self.game.house.clamp_out_of_range_bets and action.amount is not None  # an amount, out of range
            if not (clamps and err.nearest is not None):
                raise
            asked, action = action.amount, Action(action.kind, amount=err.nearest)
            h.verify(action, es)
        return Decision(seat, action, Cause.PLAYER, asked, self.hand_number, len(h.events))

    @voids_on_fault
    def forced(self, cause: Cause = Cause.TIMEOUT) -> Decision:
        """What the table does for the player to act who does not (RULES §2.5, §3.7, A-3.7-2): a draw stands
        pat (after a time-out the player may not bet or raise afterwards), a showdown mucks, a forced bring-in is
        posted, a free check is taken; facing a bet, a time-out on a real-money fixed or spread limit table is
        disconnect protection while the player has chips in and protections left, else the player folds; a
        player who ``LEFT`` checks or folds.  Pure: nothing changes until :meth:`apply`.  Raises
        :class:`~pokerroom.errors.IllegalAction` when nobody is to act."""
        h = self._hand_in_play()
        seat = self.to_act
        legal = h.legal_actions()
        if seat is None or legal is None:
            raise IllegalAction("nobody is to act")
        es = self._engine_seat(seat)
        action = timeout_action(legal, cause)
        if action is None and cause is Cause.TIMEOUT and self._protects(seat):
            try:
                h.verify_artificial_all_in(es)
            except IllegalAction:
                pass
            else:
                return Decision(seat, None, cause, None, self.hand_number, len(h.events))
        if action is None:
            action = Action(ActionKind.FOLD, timed_out=cause is Cause.TIMEOUT)
        h.verify(action, es)
        return Decision(seat, action, cause, None, self.hand_number, len(h.events))

    def _protects(self, seat: int) -> bool:
        """Whether disconnect protection is there for the player at ``seat`` (RULES §3.7): a real-money fixed or
        spread limit table and a protection left in the last 24 hours."""
        st = self.seats[seat]
        assert st is not None
        fixed = self._limit in (Limit.FIXED, Limit.SPREAD)
        return fixed and self.config.real_money and self.aai_remaining(st.player) > 0

    @voids_on_fault
    def apply(self, decision: Decision) -> Event:
        """Apply ``decision`` (from :meth:`accept` or :meth:`forced` on this very state) and return the hand's
        event; a time-out is logged, and disconnect protection counted against the player's allowance (a warning
        when the last is used).  Settles the hand when it ends (see :attr:`record`).  Raises :class:`RoomError`
        for a decision made on another state (the hand moved on since) and the engine's errors; a refusal
        changes nothing.  Any other exception while the hand applies it is an engine fault: the table voids the
        hand, every chip back (RULES §3.8), logs the fault and raises :class:`HandVoided`; the next hand deals as
        usual."""
        h = self._hand_in_play()
        if decision.hand != self.hand_number or decision.step != len(h.events):
            raise RoomError(
                f"the decision for seat {decision.seat} was made at hand {decision.hand}, event {decision.step}; "
                f"the table is at hand {self.hand_number}, event {len(h.events)}: decide again"
            )
        es = self._engine_seat(decision.seat)
        action = decision.action
        if action is None and decision != self.forced(decision.cause):
            raise RoomError(
                f"seat {decision.seat} cannot be put all-in by disconnect protection now: the table gives it only "
                "for a time-out on a real-money fixed or spread limit table, to a player with chips in who faces "
                "a bet and has a protection left (RULES §3.7)"
            )
        if action is not None and not h.verified(action, es):
            h.verify(action, es)  # refused here, before the clock or the hand changes
        self._stop_timer()
        if decision.cause is Cause.TIMEOUT:
            st = self.seats[decision.seat]
            assert st is not None
            if action is None:
                self._aai.setdefault(st.player, []).append(self.clock.now())
                self._log("protected", decision.seat, h.contributions[es], "disconnect protection: all-in")
                if self.aai_remaining(st.player) == 0:
                    self._log("warning", decision.seat, 0, "disconnect protection used up for 24 hours")
            else:
                self._log("timeout", decision.seat, 0, action.kind.value)
        try:
            event = h.artificial_all_in(es) if action is None else h.act(action, es)
            self._after()
        except Exception as exc:  # verified above: whatever goes wrong now is the engine's fault, not a refusal
            raise self._fault(exc) from exc
        return event

    def act(self, seat: int, action: Action) -> Event:
        """:meth:`accept` then :meth:`apply`: the action of table ``seat``; returns the hand's event."""
        return self.apply(self.accept(seat, action))

    def _after(self) -> None:
        h = self.hand
        assert h is not None
        if h.is_complete:
            self._settle()
        else:
            self._start_timer()

    def expired(self) -> bool:
        """Whether the player to act has run out of time (action time and time bank)."""
        return self.to_act is not None and self._running is not None and self._running.expired(self.clock.now())

    def time_out(self) -> Event:
        """Act for the player to act whose time is up (:meth:`forced`, then :meth:`apply`).  Raises
        :class:`IllegalAction` when nobody is to act and :class:`RoomError` while the player still has time
        (:meth:`expired`; see :meth:`run_out_clock`); a refusal changes nothing."""
        seat = self.to_act
        if self.hand is None or seat is None:
            raise IllegalAction("nobody is to act")
        if not self.expired():
            left = self._running.remaining(self.clock.now()) if self._running is not None else 0.0
            raise RoomError(f"seat {seat} still has {left:g} s to act; the table acts for them only when it is up")
        return self.apply(self.forced(Cause.TIMEOUT))

    def run_out_clock(self) -> float:
        """Move a :class:`VirtualClock` on until the player to act is out of time (:meth:`expired`), so that
        :meth:`time_out` may act for them: for a player who will not act (input ended, tests).  Returns the
        seconds moved.  Raises :class:`IllegalAction` when nobody is to act and :class:`RoomError` for another
        clock (real time is waited for, not moved)."""
        if self.to_act is None or self._running is None:
            raise IllegalAction("nobody is to act")
        clock = self.clock
        if not isinstance(clock, VirtualClock):
            raise RoomError("only a virtual clock can be moved on; with a real clock wait until expired()")
        moved = 0.0
        while not self.expired():
            step = max(1.0, math.ceil(self._running.remaining(clock.now())))
            clock.advance(step)
            moved += step
        return moved

    def draw_seconds(self) -> float:
        """The draw timer of the online draw games (RULES §2.5)."""
        return DRAW_SECONDS

    # ------------------------------------------------------------------ settling

    def _settle(self) -> None:
        h = self.hand
        layout = self.layout
        assert h is not None and layout is not None
        record = record_of(h, **self._setup_fields)  # first: a fault here leaves every seat as before the deal
        for k, seat in enumerate(layout.dealt):
            st = self.seats[seat]
            assert st is not None
            st.stack = h.stacks[k]
            if st.stack == 0:
                st.busted_at = self.hand_number
        self.carried = h.carried
        self.record = record
        self._break = BreakCap.hand_ended(self.seats)
        if h.rake:
            self._log("rake", None, h.rake)
        if h.carried:
            self._log("carried", None, h.carried, "odd chips carried to the next hand")

    def finish_busts(self) -> list[str]:
        """Between hands: players with no chips who did not rebuy at once count as new (G2: they pay the fee
        when they come back) and sit out.  Returns their names."""
        names = []
        for i, st in enumerate(self.seats):
            if st is not None and st.stack == 0 and not st.sitting_out:
                st.sitting_out = True
                if self.new_player_rule is NewPlayerRule.FEE:
                    st.fee_due = True
                names.append(st.player)
                self._log("sit_out", i, 0, "no chips")
        return names

    def void_hand(self, reason: str = "hand void, chips returned (RULES §3.8)") -> HandRecord:
        """RULES §3.8: cancel the hand being played; every chip each player put in goes back, no rake, the
        cards are void.  The positions and the debts the hand settled (missed blinds, a newcomer's post or fee)
        stand as before it, so the next deal repeats its layout; :attr:`hand_number` is kept, not wound back: the
        hand was dealt, and its number stays taken by the voided hand.  Returns the voided hand's record (status
        ``voided`` with ``reason``; its events up to the void)."""
        h = self.hand
        if h is None or self.layout is None or h.is_complete:
            raise RoomError("no hand is being played")
        return self._void(h, reason)

    def _void(self, h: Hand, reason: str) -> HandRecord:
        """:meth:`void_hand` of ``h``, the hand dealt (in play, or complete but not settled: an engine fault)."""
        self._stop_timer()
        self.hand = None
        self.carried = self._carried_in
        if self._before is not None:
            # The hand never happened: the same positions and the same debts (missed blinds, a new player's
            # post or fee) stand for the next deal; the chips were never taken from the seats.
            self.button, self._bb, self._sb, flags = self._before
            for st, old in zip(self.seats, flags, strict=True):
                if st is not None and old is not None and old[0] == st.player:
                    st.new, st.owes_big, st.owes_small, st.fee_due = old[1:]
        self.record = record_of(h, status=Status.VOIDED, reason=reason, **self._setup_fields)
        return self.record

    def _fault(self, exc: Exception) -> HandVoided:
        """An engine fault while a hand is dealt (any exception but the typed refusal of an action): the hand
        is voided (:meth:`void_hand`: every chip back, the positions and debts as before the deal) and the fault
        logged with its traceback.  Returns the :class:`HandVoided` to raise; the table deals the next hand as
        usual."""
        h = self.hand
        assert h is not None
        number = self.hand_number
        where = f"table {self.name}" if self.name else "a table"
        log.error(
            "%s: engine fault in hand %d (%s); the hand is voided, chips returned", where, number, h, exc_info=exc
        )
        reason = f"engine fault: hand void, chips returned (RULES §3.8): {type(exc).__name__}: {exc}"
        record = self._void(h, reason)
        return HandVoided(f"hand {number} was voided after an engine fault: {type(exc).__name__}: {exc}", record)

    def play_bots(self, bots: dict[str, Any], *, seed: int | None = None) -> HandRecord:
        """Deal one hand and let ``bots`` play it to the end; returns the result.  ``bots`` maps each name to a
        bot (an object with ``act(view)``, :class:`pokerroom.bots.Bot`) or a callable ``view -> Action``."""
        hand = self.start_hand(seed=seed)
        while not hand.is_complete:
            seat = self.to_act
            assert seat is not None
            st = self.seats[seat]
            assert st is not None
            bot = bots[st.player]
            act: Callable[[Any], Action] = bot.act if hasattr(bot, "act") else bot
            action = act(hand.view(self._engine_seat(seat)))
            self.act(seat, action)
        assert self.record is not None
        return self.record

    def stacks(self) -> dict[str, int]:
        """Chips in front of each seated player, by name."""
        return {s.player: s.stack for s in self.seats if s is not None}

    def total_chips(self) -> int:
        """Chips at this table: stacks (the hand's when one is running), the pot and the carried chips."""
        if self.hand is not None and not self.hand.is_complete and self.layout is not None:
            outside = sum(s.stack for i, s in enumerate(self.seats) if s is not None and i not in self.layout.dealt)
            return outside + self.hand.total_chips
        return sum(s.stack for s in self.seats if s is not None) + self.carried
