"""Cross-check of stud, stud hi/lo, razz, Omaha hi/lo and 2-7 triple draw against pokerkit (a test dependency).

Random legal play at fixed limit is applied to a pokerroom ``Hand`` and to a pokerkit ``State`` dealt the same cards
(pokerkit's dealing automations off: every card pokerroom deals, draws included, is dealt to pokerkit by hand; its
burn cards are ``??``).  At every decision the two must agree on whose turn it is (so on the bring-in seat and the
first actor of every round), on what the seat may do (bring in or complete, fold, check or call and the call
amount, the bet or raise range) and, in 2-7 triple draw, on who draws; at the end the final stacks must be equal.
pokerroom's bet or raise range must also equal that of an independent model of a fixed-limit round
(``LimitRound``, from RULES §2.3, §3.9, G4, G9, settled decisions 17 and 21, TDA 47 B).  ``HANDS`` hands per game
(200; 2,000 with ``POKERROOM_SOAK=1``).  Bring-ins are at most half the small bet here (a larger one: see
``test_games_random_play.test_completion_counts_as_the_first_bet``, xfail).

Seat mapping: pokerkit's player 0 is the first seat after the button or dealer box (PHH ``p1``), so pokerroom's
``button = n - 1`` maps seat ``i`` to player ``i`` (heads-up too: pokerkit reverses the blinds there, as pokerroom
lets the button post the small blind).

Where pokerkit departs from RULES.md, pokerroom follows RULES and the comparison is adjusted for exactly those cases
(each counted under its name in ``Stats.departures`` and printed; any other difference fails):

* **Fold with nothing to call** (RULES §2.3): pokerroom lists it, pokerkit (tournament mode) refuses it; the
  random play never folds when it could check.
* **Open pair on fourth street** (RULES G9, seven-card stud only; TRAPS T15): pokerroom offers the small or the big
  bet, pokerkit the small one only; the play keeps to the small bet there.
* **The big blind is the first bet of the cap** (RULES §3.9): pokerkit allows a fourth raise after the big blind.
* **Short all-ins** (RULES §2.3, §3.9, TDA 47 B, TRAPS T01, T15): an all-in below half a bet neither reopens the
  betting for those who acted nor counts toward the cap, and the next bet completes it to the round's size; an
  all-in of half a bet or more reopens.  pokerkit counts every all-in toward the cap, reopens only for a full
  bet, and raises a whole bet on top of a short all-in.  The play makes no bet or raise pokerkit cannot follow.
* **Covering bets** (settled decision 17): a bet reaching what every opponent can match is legal from a call up;
  pokerkit is given its own minimum, which covers everybody too (the excess comes back, the chips end the same).
* **Short big blind** (settled decision 21): the others still owe the full big blind; pokerkit makes the short
  amount the bet.  Such hands are played in pokerroom alone, checking the full-blind call.
* **Short bring-in**: a bring-in posted short by an all-in player still has to be called in full in pokerroom,
  as a short big blind (settled decision 21; RULES says nothing of short bring-ins); pokerkit makes the short
  amount the bet.  Such hands are finished in pokerroom alone.
* **The bring-in holder all-in from the ante** (RULES G4, G9 are silent): pokerkit makes the next player bring
  in; pokerroom opens the round freely (check or bet).  Such hands are finished in pokerroom alone.
* **Omaha hi/lo at fixed limit** (RULES G7): pokerkit 0.7.7's ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter``
  mixes in ``PotLimitPokerMixin``: pot-limit maxima and no cap.  Its minimum is the fixed bet, so every pokerroom
  amount is one pokerkit takes; where pokerroom's cap stops the betting pokerkit's does not.
* **The common card** (RULES G9, A-G4-5, TRAPS T16): when the deck cannot give every player a seventh-street card
  pokerroom deals one community card; pokerkit cannot.  Such a hand is compared up to there and finished alone.
* **A lone check** (RULES §2.3, TRAPS T04): with every opponent all-in or folded and his bet matched, pokerkit
  still asks the last player to check; pokerroom goes on.
* **The end of the deck** (RULES §2.1 no burn cards, §2.5 reshuffles): pokerroom reshuffles the muck less the
  drawer's discards with the stub; pokerkit keeps its own reserve and warns about cards it would not deal there.
  The cards pokerroom dealt are given to pokerkit all the same.
* **Pots and odd chips** (RULES §2.4, §3.2, §6.3, G7, G10): every pot, main and side, is split on its own, hi/lo
  in halves with the odd chip to the high half, odd chips inside a half one at a time clockwise from the button;
  a pot none of whose players holds a qualifying low goes to the high hand.  pokerkit kills the hands that win
  nothing, merges neighbouring pots left with the same players, gives all odd chips of a part to its first
  winner, and makes a low part of every pot when any live player has a low (shared by the pot's players when none
  of them has one).  The final stacks are compared after moving exactly those chips (``pokerkit_payouts``).
"""

from __future__ import annotations

import os
import random
import time
import warnings
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from pokerkit import (
    Automation,
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Mode,
    State,
)

from pokerroom.cards import format_card, format_cards
from pokerroom.engine import Action, ActionKind, DeckSource, EventType, Hand, LegalActions, OutOfCards, Phase
from pokerroom.engine.order import bring_in_seat
from pokerroom.games import Game, find

SOAK = os.environ.get("POKERROOM_SOAK") == "1"
HANDS = 2000 if SOAK else 200
SEED = 20261202

_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


OMAHA8_POT_LIMIT = "pokerkit's fixed-limit Omaha hi/lo is pot limit: same minimum, larger maximum (RULES G7)"


@dataclass(frozen=True)
class Spec:
    game: str
    pokerkit: Any
    stud: bool


SPECS = {
    "stud": Spec("stud", FixedLimitSevenCardStud, True),
    "stud8": Spec("stud8", FixedLimitSevenCardStudHighLowSplitEightOrBetter, True),
    "razz": Spec("razz", FixedLimitRazz, True),
    "omaha8": Spec("omaha8", FixedLimitOmahaHoldemHighLowSplitEightOrBetter, False),
    "27-triple-draw": Spec("27-triple-draw", FixedLimitDeuceToSevenLowballTripleDraw, False),
}


# --------------------------------------------------------------------------------------------- the deal


@dataclass(frozen=True)
class Setup:
    """One random table; seat ``i`` is pokerkit's player ``i`` (button or dealer box = seat ``n - 1``)."""

    spec: Spec
    stacks: tuple[int, ...]
    small: int
    ante: int
    bring_in: int
    seed: int

    @property
    def n(self) -> int:
        return len(self.stacks)

    @property
    def game(self) -> Game:
        return find(self.spec.game)

    def pokerroom(self) -> Hand:
        game = self.game
        return game.deal(
            stacks=list(self.stacks),
            button=self.n - 1,
            blinds=() if self.spec.stud else (self.small // 2, self.small),
            ante=self.ante,
            bring_in=self.bring_in,
            betting=game.betting("fixed", big_blind=self.small, big_bet=2 * self.small),
            cards=DeckSource.shuffled(game.deck, seed=self.seed),
        )

    def pokerkit(self) -> State:
        cls = self.spec.pokerkit
        forced = self.bring_in if self.spec.stud else (self.small // 2, self.small)
        return cls.create_state(
            _AUTOMATIONS,
            True,
            self.ante,
            forced,
            self.small,
            2 * self.small,
            self.stacks,
            self.n,
            mode=Mode.TOURNAMENT,
        )

    def __str__(self) -> str:
        return (
            f"{self.spec.game} stacks={list(self.stacks)} small_bet={self.small} ante={self.ante} "
            f"bring_in={self.bring_in} seed={self.seed}"
        )


def random_setup(spec: Spec, rng: random.Random) -> Setup:
    game = find(spec.game)
    n = rng.randint(2, game.max_players)
    small = rng.choice((2, 4, 10, 20))
    stacks: list[int] = []
    for _ in range(n):
        r = rng.random()
        if r < 0.1:
            stacks.append(rng.randint(1, 2 * small))
        elif r < 0.45:
            stacks.append(rng.randint(2 * small, 12 * small))
        else:
            stacks.append(rng.randint(12 * small, 60 * small))
    ante = rng.choice((0, 1, small // 4, small // 2)) if spec.stud else rng.choice((0, 0, 0, 1))
    bring_in = rng.randint(1, small // 2) if spec.stud else 0
    return Setup(spec, tuple(stacks), small, ante, bring_in, rng.getrandbits(64))


# --------------------------------------------------------------------------------------------- RULES model


@dataclass
class LimitRound:
    """An independent model of one fixed-limit betting round's bet and raise range (RULES §2.3, §3.9, G4, G9;
    settled decisions 17, 21; TDA 47 B), fed only with the actions taken and the stacks and bets it can see.

    ``cur`` is the level to call (the full big blind preflop, the full bring-in once posted), ``bets`` the full
    bets made (the big blind counts, the bring-in does not: completing it is the round's first bet), ``acted``
    the level each seat last acted at."""

    size: int
    cap: int | None
    cur: int
    bets: int
    acted: dict[int, int] = field(default_factory=dict)
    short: bool = False  # an all-in bet or raise below half a bet was made

    def raise_range(self, hand: Hand, seat: int) -> tuple[int, int] | None:
        own, stack = hand.bets[seat], hand.stacks[seat]
        if stack <= self.cur - own:
            return None
        cover = max(hand.bets[o] + hand.stacks[o] for o in range(hand.n) if o != seat and not hand.folded[o])
        if cover <= self.cur:
            return None  # nobody could call more (TRAPS T04)
        if self.cap is not None and self.bets >= self.cap:
            return None  # bet + 3 raises (RULES §3.9; G4 A-G4-1: completion + 3 raises)
        if seat in self.acted and (self.cur - self.acted[seat]) * 2 < self.size:
            return None  # less than half a bet since he acted: not reopened (TDA 47 B, TRAPS T01)
        full = self.size if self.bets == 0 and self.cur < self.size else self.cur + self.size
        hi = min(full, own + stack)
        return (min(full, max(self.cur + 1, cover), hi), hi)  # a covering bet from a call up (decision 17)

    def record(self, seat: int, action: Action, bring_in: int = 0) -> None:
        if action.kind is ActionKind.BRING_IN:
            self.cur = max(self.cur, bring_in)  # owed in full even when posted short (as a short blind, decision 21)
        if action.kind in (ActionKind.BET, ActionKind.RAISE):
            assert action.amount is not None
            if (action.amount - self.cur) * 2 >= self.size or (self.bets == 0 and action.amount >= self.size):
                self.bets += 1
            else:
                self.short = True
            self.cur = action.amount
        if action.kind is not ActionKind.FOLD:
            self.acted[seat] = self.cur


# --------------------------------------------------------------------------------------------- driving both


@dataclass
class Stats:
    hands: int = 0
    decisions: int = 0
    compared: int = 0
    bring_ins: int = 0
    first_actors: int = 0
    draws: int = 0
    showdowns: int = 0
    side_pots: int = 0
    departures: Counter[str] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)


class Feed:
    """The cards pokerroom has dealt so far, per player and for the board, waiting to be dealt to pokerkit."""

    def __init__(self, n: int) -> None:
        self.hole: list[deque[int]] = [deque() for _ in range(n)]
        self.board: deque[int] = deque()
        self.seen = 0
        self.common = False

    def take(self, hand: Hand) -> None:
        for e in hand.events[self.seen :]:
            if e.type in (EventType.DEAL_HOLE, EventType.DEAL_UP):
                assert e.seat is not None and e.cards is not None
                self.hole[e.seat].extend(e.cards)
            elif e.type is EventType.DEAL_BOARD:
                assert e.cards is not None
                if e.text == "common card":
                    self.common = True
                self.board.extend(e.cards)
        self.seen = len(hand.events)


def catch_up(state: State, feed: Feed, stats: Stats) -> None:
    """Burn (``??``) and deal pokerkit the cards pokerroom dealt, until a player is to act or draw, or the end.

    pokerkit burns a card before every later street and draw (RULES §2.1: no burn cards; its burns are ``??``) and
    keeps its own reserve for a stub that runs out (RULES §2.5: the muck less the drawer's own discards is shuffled
    with the stub): near the end of the deck it warns about the cards pokerroom deals, which are dealt all the same.
    """
    while state.status:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            if state.can_burn_card("??"):
                state.burn_card("??")
                progressed = True
            elif (dealee := state.hole_dealee_index) is not None:
                assert feed.hole[dealee], f"pokerkit deals player {dealee} a card pokerroom has not dealt"
                state.deal_hole(format_card(feed.hole[dealee].popleft()), dealee)
                progressed = True
            elif state.can_deal_board():
                count = state.board_dealing_count
                assert count is not None and len(feed.board) >= count
                state.deal_board(format_cards([feed.board.popleft() for _ in range(count)]))
                progressed = True
            else:
                progressed = False
        texts = {str(w.message) for w in caught}
        assert all("not recommended to be dealt" in t or "Returning reserved" in t for t in texts), texts
        if texts:
            stats.departures["pokerkit's deck runs low: no burn cards (RULES 2.1), reshuffles by RULES 2.5"] += 1
        if not progressed:
            return


def _pk_view(state: State) -> tuple[int | None, bool, bool, int | None, tuple[int, int] | None]:
    lo = state.min_completion_betting_or_raising_to_amount
    hi = state.max_completion_betting_or_raising_to_amount
    rng = None if lo is None or hi is None else (lo, hi)
    return state.actor_index, state.can_post_bring_in(), state.can_fold(), state.checking_or_calling_amount, rng


def choose(rng: random.Random, legal: LegalActions, *, allowed: tuple[int, ...] | None) -> Action:
    """A random legal action: mostly check or call, some folds (never with nothing to call), bring-ins,
    completions, bets and raises (only amounts in ``allowed`` when given; none when it is empty)."""
    options: list[tuple[float, Action]] = []
    if legal.bring_in is not None:
        options.append((4.0, Action.post_bring_in()))
    if legal.fold and legal.call is not None:
        options.append((1.5, Action.fold()))
    if legal.check:
        options.append((5.0, Action.check()))
    if legal.call is not None:
        options.append((5.0, Action.call()))
    rng_to = legal.bet or legal.raise_
    if rng_to is not None:
        make = Action.bet if legal.bet is not None else Action.raise_to
        lo, hi = rng_to
        amounts = legal.amounts or tuple(sorted({lo, hi}))
        amounts = tuple(a for a in amounts if allowed is None or a in allowed)
        options += [(3.0 / len(amounts), make(a)) for a in amounts] if amounts else []
    return rng.choices([a for _, a in options], [w for w, _ in options])[0]


def play(setup: Setup, rng: random.Random, stats: Stats) -> None:
    hand = setup.pokerroom()
    state = setup.pokerkit()
    feed = Feed(setup.n)
    log: list[str] = []
    round_index = -1
    model: LimitRound | None = None
    extra = [0] * setup.n  # pokerkit bet above pokerroom's covering amount, returned at the round's end

    def where() -> str:
        return f"{setup}\nactions so far: {'; '.join(log)}"

    bb_seat = 1 if setup.n > 2 else 0
    if not setup.spec.stud and setup.stacks[bb_seat] - setup.ante < setup.small:
        # Settled decision 21: a big blind posted short still has to be called in full; pokerkit makes the short
        # amount the bet.  Played in pokerroom alone, checking the full-blind call.
        stats.departures["short big blind (decision 21)"] += 1
        first = hand.legal_actions()
        if first is not None and first.call is not None:
            assert first.call == min(setup.small - hand.bets[first.seat], hand.stacks[first.seat]), where()
        finish_alone(hand, rng)
        return

    while True:
        feed.take(hand)
        if feed.common:
            # RULES G9 / A-G4-5: the community card when the deck runs out; pokerkit cannot deal it.
            stats.departures["common card when the deck runs out (RULES G9)"] += 1
            finish_alone(hand, rng)
            return
        catch_up(state, feed, stats)
        if state.actor_index is not None and (
            hand.is_complete or hand.phase is not Phase.BETTING or hand.round_index != _pk_round(state, hand)
        ):
            # pokerkit asks the last player with chips to check with every opponent all-in or folded and his bet
            # matched; pokerroom skips a decision that has only one answer (RULES §2.3 end of round, TRAPS T04).
            _, _, pk_fold, pk_call, pk_rng = _pk_view(state)
            assert pk_call == 0 and pk_rng is None, where()
            state.check_or_call()
            stats.departures["no lone check when nobody can call a raise (RULES 2.3, T04)"] += 1
            continue
        if hand.is_complete:
            break
        legal = hand.legal_actions()
        assert legal is not None
        seat = legal.seat
        stats.decisions += 1
        if hand.phase is Phase.DRAW:
            assert state.stand_patter_or_discarder_index == seat, f"drawer {seat} vs pokerkit\n{where()}"
            discards = random_draw(hand, legal, rng).cards or ()
            log.append(f"seat {seat} discards {format_cards(discards)}")
            hand.act(Action.draw(discards), seat)
            state.stand_pat_or_discard(format_cards(discards))
            stats.draws += 1
            continue
        assert hand.phase is Phase.BETTING, where()
        pk_actor, pk_bring_in, pk_fold, pk_call, pk_rng = _pk_view(state)
        assert pk_actor == seat, f"turn: pokerroom seat {seat}, pokerkit {_pk_text(state, feed)}\n{where()}"
        if hand.round_index != round_index:
            round_index = hand.round_index
            extra = [0] * setup.n
            stats.first_actors += 1  # the first actor of the round agrees (the assertion above)
            blind = 0 if setup.spec.stud or round_index else setup.small
            model = LimitRound(hand.betting.size(round_index), hand.betting.cap, blind, 1 if blind else 0)
        assert model is not None
        stacks = [c + x for c, x in zip(state.stacks, extra, strict=True)]
        bets = [b - x for b, x in zip(state.bets, extra, strict=True)]
        assert stacks == hand.stacks and bets == hand.bets, where()
        expected = model.raise_range(hand, seat)
        if legal.amounts is None:
            assert (legal.bet or legal.raise_) == expected, f"pokerroom {legal} but RULES model {expected}\n{where()}"

        # bring-in, fold, check or call
        if pk_bring_in and legal.bring_in is None:
            # The lowest door card is all-in from the ante: pokerkit makes the next player bring in; RULES (G4, G9)
            # names no forced bet for him, and pokerroom opens the round freely.  Finished in pokerroom alone.
            assert hand.round_index == 0 and hand.stacks[bring_in_seat(hand)] == 0, where()
            stats.departures["the bring-in holder is all-in from the ante (RULES silent)"] += 1
            finish_alone(hand, rng)
            return
        if legal.bring_in is not None:
            assert pk_bring_in and not pk_fold, where()
            stats.bring_ins += 1
        else:
            assert not pk_bring_in, where()
            if legal.call is not None:
                assert pk_call == legal.call and pk_fold, where()
            else:
                assert pk_call == 0 and legal.check and not pk_fold, where()
                stats.departures["fold with nothing to call (RULES 2.3)"] += 1

        # complete, bet or raise
        ours = legal.bet or legal.raise_
        allowed: tuple[int, ...] | None = None
        if ours != pk_rng:
            why, allowed = _classify(hand, state, model, legal, pk_rng, where)
            stats.departures[why] += 1
        else:
            stats.compared += 1
        action = choose(rng, legal, allowed=allowed)
        stats.actions[action.kind.value] += 1
        log.append(f"seat {seat} {action!r}")
        hand.act(action, seat)
        model.record(seat, action, hand.bring_in)
        if action.kind is ActionKind.BRING_IN and hand.stacks[seat] == 0 and hand.bets[seat] < hand.bring_in:
            # A bring-in posted short by an all-in player: pokerroom has the others call the full bring-in, as
            # for a short big blind (settled decision 21; RULES says nothing of short bring-ins); pokerkit makes
            # the short amount the bet.  Finished in pokerroom alone.
            stats.departures["short bring-in: the full bring-in is owed (as decision 21)"] += 1
            finish_alone(hand, rng)
            return
        if action.kind is ActionKind.FOLD:
            state.fold()
        elif action.kind is ActionKind.BRING_IN:
            state.post_bring_in()
        elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
            state.check_or_call()
        else:
            assert action.amount is not None and pk_rng is not None, where()
            to = max(action.amount, pk_rng[0])
            state.complete_bet_or_raise_to(to)
            extra[seat] = to - action.amount
        assert hand.total_chips == sum(setup.stacks), where()

    assert not state.status, f"pokerkit still running at pokerroom's end: {_pk_text(state, feed)}\n{where()}"
    check_payouts(hand, state, stats, where)


def _pk_text(state: State, feed: Feed) -> str:
    return (
        f"street {state.street_index}, actor {state.actor_index}, discarder {state.stand_patter_or_discarder_index}, "
        f"dealee {state.hole_dealee_index}, pending {[list(d) for d in state.hole_dealing_statuses]}, queued "
        f"{[list(q) for q in feed.hole]}, burn {state.can_burn_card('??')}, board {state.can_deal_board()}"
    )


def _pk_round(state: State, hand: Hand) -> int:
    """pokerroom's betting-round index of pokerkit's current street (every street has a round)."""
    street = state.street_index
    return hand.round_index if street is None else street


def random_draw(hand: Hand, legal: LegalActions, rng: random.Random) -> Action:
    """Random discards; standing pat instead where the stub and the muck cannot complete the draw (an engine gap,
    see test_games_random_play.test_draw_the_deck_cannot_complete)."""
    hole = hand.hole[legal.seat]
    action = Action.draw(tuple(rng.sample(hole, rng.randint(0, min(legal.draw or 0, len(hole))))))
    try:
        hand.copy().act(action, legal.seat)
    except OutOfCards:
        return Action.stand_pat()
    return action


def finish_alone(hand: Hand, rng: random.Random) -> None:
    """Play the rest of the hand in pokerroom only (after a departure pokerkit cannot follow), checking that the
    chips stay where they are."""
    total = hand.total_chips
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.draw is not None:
            action = random_draw(hand, legal, rng)
        elif legal.show:
            action = Action.show()
        else:
            action = choose(rng, legal, allowed=None)
        hand.act(action, legal.seat)
        assert hand.total_chips == total


def _cover(hand: Hand, seat: int) -> int:
    """The most any opponent still in the hand can reach this round (settled decision 17)."""
    return max(hand.bets[o] + hand.stacks[o] for o in range(hand.n) if o != seat and not hand.folded[o])


def _classify(
    hand: Hand,
    state: State,
    model: LimitRound,
    legal: LegalActions,
    pk_rng: tuple[int, int] | None,
    where: Callable[[], str],
) -> tuple[str, tuple[int, ...] | None]:
    """Name the RULES item behind a difference in the bet or raise range; returns it and the amounts pokerkit
    can follow (``()``: no bet or raise)."""
    ours = legal.bet or legal.raise_
    detail = f"pokerroom {ours} (amounts {legal.amounts}), pokerkit {pk_rng}\n{where()}"
    all_in = hand.bets[legal.seat] + hand.stacks[legal.seat]
    if legal.amounts is not None and pk_rng is not None:
        # RULES G9: an open pair on fourth street allows the big bet; pokerkit offers the small one only
        assert hand.game.open_pair_double and hand.round_index == 1, detail
        if model.bets == 0 and model.short and model.cur < model.size:  # and a short all-in bet before it (T15)
            assert pk_rng[0] == min(model.cur + model.size, all_in), detail
            return "open pair: the big bet on fourth street (RULES G9), after a short all-in (T15)", ()
        assert pk_rng == (legal.amounts[0], legal.amounts[0]), detail
        return "open pair: the big bet on fourth street (RULES G9)", (legal.amounts[0],)
    if ours is not None and pk_rng is not None and model.bets == 0 and model.short and model.cur < model.size:
        # RULES §3.9, TRAPS T15: after an all-in below half a bet and no full bet, the next bet completes to the
        # round's size; pokerkit adds a whole bet on top of the all-in
        assert ours[1] == model.size and pk_rng[0] == min(model.cur + model.size, all_in), detail
        assert ours[0] in (model.size, max(hand.cur + 1, _cover(hand, legal.seat))), detail  # decision 17
        return "a bet after a short all-in completes to the size (RULES 3.9, T15)", ()
    seat = legal.seat
    cover = _cover(hand, seat)
    if hand.game.id == "omaha8":
        # pokerkit 0.7.7's FixedLimitOmahaHoldemHighLowSplitEightOrBetter mixes in PotLimitPokerMixin: pot-limit
        # maxima and no cap.  RULES G7 (seed 004) plays Omaha hi/lo at fixed limit: every pokerroom amount is one
        # pokerkit also takes (its minimum is the fixed bet), and the cap is four bets (RULES §3.9).
        if ours is not None and pk_rng is not None and ours[1] <= pk_rng[1]:
            assert ours[0] == pk_rng[0] or ours[0] == max(hand.cur + 1, cover), detail  # decision 17 below
            return OMAHA8_POT_LIMIT, None
        if ours is None and pk_rng is not None and model.cap is not None and model.bets >= model.cap:
            return "pokerkit's fixed-limit Omaha hi/lo has no cap (RULES G7, 3.9)", ()
    if ours is not None and pk_rng is not None and ours[1] == pk_rng[1] and ours[0] < pk_rng[0] == ours[1]:
        # settled decision 17: a bet covering every opponent is legal from a call up; pokerkit plays its minimum
        assert ours[0] == max(hand.cur + 1, cover), detail
        return "covering bet below the full bet (decision 17)", None
    if ours is None and pk_rng is not None and model.cap is not None and model.bets >= model.cap:
        # RULES §3.9: in blind rounds the big blind counts as the first of the four bets; pokerkit does not count it
        assert hand.round_index == 0 and hand.blinds[1 if hand.n > 2 else 0], detail
        assert state.completion_betting_or_raising_count == model.cap - 1, detail
        return "the big blind counts toward the cap (RULES 3.9)", ()
    if ours is None and pk_rng is not None and seat in model.acted:
        # RULES §2.3, TDA 47 B, TRAPS T01: less than half a bet since the player acted does not reopen the betting
        assert (model.cur - model.acted[seat]) * 2 < model.size, detail
        return "a short all-in does not reopen (RULES 2.3, TDA 47 B)", ()
    if ours is not None and pk_rng is None:
        cap = model.cap
        if seat in model.acted and model.size <= 2 * (model.cur - model.acted[seat]) < 2 * model.size:
            # RULES §2.3, TDA 47 B: an all-in raise of half a bet or more reopens the betting for those who acted;
            # pokerkit reopens only for a full bet
            return "an all-in of half a bet or more reopens (RULES 2.3, TDA 47 B)", ()
        if cap is not None and state.completion_betting_or_raising_count >= cap > model.bets:
            # RULES §2.3, §3.9, TDA 47 B: an all-in below half a bet is not a raise, so it does not count toward the
            # cap of four bets; pokerkit counts every completion, bet or raise
            return "a short all-in does not count toward the cap (RULES 2.3, 3.9)", ()
    raise AssertionError(f"unexplained difference in the bet or raise range: {detail}")


def pokerkit_payouts(hand: Hand) -> tuple[list[int], int, bool]:
    """What pokerkit pays for the pots pokerroom built (see the module docstring), the chips it burns and whether
    a low part went to players without a low: it kills every hand that can win nothing, merges neighbouring pots
    left with the same players, splits a pot into a part per hand type any live player holds (the odd chip to the
    high part) and gives each part to the best such hand among the pot's players (all its odd chips to the first
    of them; players without such a hand tie when none has one), burning a part no player is left for."""
    n = hand.n
    shares = hand.game.shares
    alive = [s for s in range(n) if not hand.folded[s]]
    pots = [(e.amount or 0, e.eligible or ()) for e in hand.events if e.type is EventType.POT]
    if len(alive) == 1:
        out = [0] * n
        out[alive[0]] = sum(a for a, _ in pots)
        return out, 0, False
    value = {(k, s): shares[k].evaluate(hand.hole[s], hand.board) for k in range(len(shares)) for s in alive}

    def best(k: int, players: list[int]) -> list[int]:
        scored = [(s, v) for s in players if (v := value[k, s]) is not None]
        top = max((v for _, v in scored), default=None)
        return [s for s, v in scored if v == top]

    kinds = [k for k in range(len(shares)) if any(value[k, s] is not None for s in alive)]
    winning = {s for _, elig in pots for k in kinds for s in best(k, [x for x in elig if x in alive])}
    live = [s for s in alive if s in winning]
    merged: list[tuple[int, list[int]]] = []
    for amount, elig in pots:
        players = [s for s in sorted(elig) if s in live]
        if merged and merged[-1][1] == players:
            merged[-1] = (merged[-1][0] + amount, players)
        else:
            merged.append((amount, players))
    kinds = [k for k in range(len(shares)) if any(value[k, s] is not None for s in live)]
    out = [0] * n
    burned = 0
    shared_low = False
    for amount, players in merged:
        q, r = divmod(amount, len(kinds))
        for i, k in enumerate(kinds):
            part = q + (r if i == 0 else 0)
            # pokerkit compares hands with None for "no hand of this kind": when none of the pot's players holds
            # one, they all tie for the part (RULES G7, G10: the high hand takes the whole pot)
            winners = best(k, players)
            if not winners and len(players) > 1:
                shared_low = True
            winners = winners or players
            if not winners:
                burned += part
                continue
            qq, rr = divmod(part, len(winners))
            for j, s in enumerate(winners):
                out[s] += qq + (rr if j == 0 else 0)
    return out, burned, shared_low


def check_payouts(hand: Hand, state: State, stats: Stats, where: Callable[[], str]) -> None:
    pots = [e for e in hand.events if e.type is EventType.POT]
    stats.side_pots += max(0, len(pots) - 1)
    if any(e.type is EventType.SHOW for e in hand.events):
        stats.showdowns += 1
    ours = [0] * hand.n
    for event in pots:
        for s, chips in event.winners or ():
            ours[s] += chips
    theirs, burned, shared_low = pokerkit_payouts(hand)
    if burned:
        stats.departures["pokerkit burns a pot part nobody may take (RULES 2.4)"] += 1
    elif shared_low and theirs != ours:
        stats.departures["a pot without a qualifying low goes to the high hand (RULES G7, G10)"] += 1
    elif theirs != ours:
        stats.departures["pots split one by one, odd chips one at a time (RULES 2.4, 3.2)"] += 1
    expected = [st - a + b for st, a, b in zip(hand.stacks, ours, theirs, strict=True)]
    assert list(state.stacks) == expected, (
        f"final stacks {hand.stacks} vs pokerkit {list(state.stacks)} (expected {expected}; pokerkit pays {theirs}, "
        f"burns {burned}; pots {[(e.amount, e.eligible, e.winners) for e in pots]})\n{where()}"
    )


# --------------------------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("game_id", list(SPECS))
def test_cross_check_against_pokerkit(game_id: str) -> None:
    spec = SPECS[game_id]
    rng = random.Random(f"{SEED}/{game_id}")
    stats = Stats()
    started = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # pokerkit warns when it burns the low half of a side pot (accounted for in pokerkit_payouts)
        warnings.filterwarnings("ignore", message="Due to non-standard folds", category=UserWarning)
        for _ in range(HANDS):
            setup = random_setup(spec, rng)
            stats.hands += 1
            play(setup, rng, stats)
    elapsed = time.perf_counter() - started
    assert stats.showdowns > HANDS // 10
    # the ranges agree at most decisions (Omaha hi/lo: the minimum, pokerkit's maximum being a pot-limit one)
    assert stats.compared + stats.departures[OMAHA8_POT_LIMIT] > stats.decisions // 2
    print(
        f"\npokerkit cross-check {game_id}: {stats.hands} hands, {stats.decisions} decisions, {stats.compared} "
        f"identical ranges, {stats.bring_ins} bring-ins, {stats.first_actors} rounds, {stats.draws} draws, "
        f"{stats.showdowns} showdowns, {stats.side_pots} side pots, {elapsed:.1f}s\nactions {dict(stats.actions)}\n"
        f"expected departures {dict(stats.departures)}"
    )


def test_pokerkit_fixed_limit_omaha_hi_lo_is_pot_limit() -> None:
    """The departure behind OMAHA8_POT_LIMIT: pokerkit 0.7.7's "fixed-limit" Omaha hi/lo class bets pot limit
    (RULES G7 plays it at fixed limit, as pokerroom's ``omaha8`` does by default)."""
    state = FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
        _AUTOMATIONS, True, 0, (1, 2), 2, 4, (200, 200, 200), 3, mode=Mode.TOURNAMENT
    )
    for card in ("As", "Ks", "Qs", "Js", "Ah", "Kh", "Qh", "Jh", "Ad", "Kd", "Qd", "Jd"):
        state.deal_hole(card)
    assert state.actor_index == 2
    assert state.min_completion_betting_or_raising_to_amount == 4
    assert state.max_completion_betting_or_raising_to_amount == 7  # the pot: 3 + 2 to call + 2
    hand = find("omaha8").deal(stacks=[200] * 3, button=2, blinds=(1, 2), seed=1)
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ == (4, 4)
