"""Cross-check of stud, stud hi/lo, razz, Omaha hi/lo and 2-7 triple draw against pokerkit (a test dependency).

Random legal play at fixed limit is applied to a pokerroom ``Hand`` and to a pokerkit ``State`` dealt the same cards
(pokerkit's dealing automations off: every card pokerroom deals, draws included, is dealt to pokerkit by hand; its
burn cards are ``??``).  At every decision the two must agree on whose turn it is (so on the bring-in seat and the
first actor of every round), on what the seat may do (bring in or complete, fold, check or call and the call
amount, the bet or raise range) and, in 2-7 triple draw, on who draws; at the end the final stacks must be equal.
pokerroom's bet or raise range must also equal that of an independent model of a fixed-limit round
(``LimitRound``, from RULES §2.3, §3.9, G4, G9, settled decisions 17 and 21, TDA 47 B).  ``HANDS`` hands per game
(200; 2,000 with ``POKERROOM_SOAK=1``).  Bring-ins are at most half the small bet here (a larger one: see
``test_games_random_play.test_completion_counts_as_the_first_bet``, xfail).  The card feed, the steps of a
decision, the RULES model, the classification of the departures below and the payout comparison are in
tests/pokerkit_harness.py (shared with tests/test_engine_pokerkit.py); the random play is tests/randomplay.py's.

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

import random
import time
import warnings
from dataclasses import dataclass
from typing import Any

import pytest
from pokerkit import (
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Mode,
    State,
)

from pokerkit_harness import (
    AUTOMATIONS,
    HANDS,
    OMAHA8_POT_LIMIT,
    Feed,
    LimitRound,
    Stats,
    check_payouts,
    choose,
    classify_fixed_limit,
    compare_call,
    follow,
    next_decision,
    pk_text,
    same_chips,
    view,
)
from pokerroom.cards import format_cards
from pokerroom.engine import Action, ActionKind, DeckSource, Hand, Phase
from pokerroom.engine.order import bring_in_seat
from pokerroom.games import Game, find
from randomplay import play_out, random_draw, spread

SEED = 20261202


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
            AUTOMATIONS,
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


# --------------------------------------------------------------------------------------------- driving both


def finish_alone(hand: Hand, rng: random.Random) -> None:
    """Play the rest of the hand in pokerroom only (after a departure pokerkit cannot follow), checking that the
    chips stay where they are."""
    play_out(hand, lambda hand, legal: choose(rng, legal, hand, amounts=spread(3.0, middle=False)), pots=False)


def _pk_round(state: State, hand: Hand) -> int:
    """pokerroom's betting-round index of pokerkit's current street (every street has a round)."""
    street = state.street_index
    return hand.round_index if street is None else street


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

    def moved_on() -> bool:
        return hand.is_complete or hand.phase is not Phase.BETTING or hand.round_index != _pk_round(state, hand)

    while True:
        feed.take(hand)
        if feed.common:
            # RULES G9 / A-G4-5: the community card when the deck runs out; pokerkit cannot deal it.
            stats.departures["common card when the deck runs out (RULES G9)"] += 1
            finish_alone(hand, rng)
            return
        legal = next_decision(hand, state, feed, stats, where, moved_on, departures=stats.departures, check_fold=False)
        if legal is None:
            break
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
        pk = view(state)
        assert pk.actor == seat, f"turn: pokerroom seat {seat}, pokerkit {pk_text(state, feed)}\n{where()}"
        if hand.round_index != round_index:
            round_index = hand.round_index
            extra = [0] * setup.n
            stats.first_actors += 1  # the first actor of the round agrees (the assertion above)
            blind = 0 if setup.spec.stud or round_index else setup.small
            model = LimitRound(hand.betting.size(round_index), hand.betting.cap, blind, 1 if blind else 0)
        assert model is not None
        same_chips(state, hand, extra, where)
        expected = model.raise_range(hand, seat)
        if legal.amounts is None:
            assert (legal.bet or legal.raise_) == expected, f"pokerroom {legal} but RULES model {expected}\n{where()}"

        # bring-in, fold, check or call
        if pk.bring_in and legal.bring_in is None:
            # The lowest door card is all-in from the ante: pokerkit makes the next player bring in; RULES (G4, G9)
            # names no forced bet for him, and pokerroom opens the round freely.  Finished in pokerroom alone.
            assert hand.round_index == 0 and hand.stacks[bring_in_seat(hand)] == 0, where()
            stats.departures["the bring-in holder is all-in from the ante (RULES silent)"] += 1
            finish_alone(hand, rng)
            return
        if legal.bring_in is not None:
            assert pk.bring_in and not pk.fold, where()
            stats.bring_ins += 1
        else:
            assert not pk.bring_in, where()
            compare_call(legal, pk, stats, where)

        # complete, bet or raise
        ours = legal.bet or legal.raise_
        allowed: tuple[int, ...] | None = None
        if ours != pk.range:
            why, allowed = classify_fixed_limit(hand, state, model, legal, pk.range, where)
            stats.departures[why] += 1
        else:
            stats.compared += 1
        action = choose(rng, legal, amounts=spread(3.0, middle=False, allowed=allowed))
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
        follow(state, action, seat, pk.range, extra, where)
        assert hand.total_chips == sum(setup.stacks), where()

    assert not state.status, f"pokerkit still running at pokerroom's end: {pk_text(state, feed)}\n{where()}"
    check_payouts(hand, state, stats, where)


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
        AUTOMATIONS, True, 0, (1, 2), 2, 4, (200, 200, 200), 3, mode=Mode.TOURNAMENT
    )
    for card in ("As", "Ks", "Qs", "Js", "Ah", "Kh", "Qh", "Jh", "Ad", "Kd", "Qd", "Jd"):
        state.deal_hole(card)
    assert state.actor_index == 2
    assert state.min_completion_betting_or_raising_to_amount == 4
    assert state.max_completion_betting_or_raising_to_amount == 7  # the pot: 3 + 2 to call + 2
    hand = find("omaha8").deal(stacks=[200] * 3, button=2, blinds=(1, 2), seed=1)
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ == (4, 4)
