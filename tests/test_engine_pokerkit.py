"""Cross-check of the no-limit hold'em engine against pokerkit (a test dependency only).

Random legal play at 2 to 9 seats (short stacks, so all-ins and side pots are common; blinds, sometimes antes, a
big-blind ante or a straddle) is applied to a pokerroom ``Hand`` and to a pokerkit ``State`` dealt the same cards.
At every decision the two must agree on whose turn it is, on fold / check / call and the call amount, and on the
bet or raise range ("to" amounts); at the end the final stacks must be equal.  200 hands by default, 2,000 with
``POKERROOM_SOAK=1``.

Seat mapping: pokerkit's player 0 is the first seat after the button and its last player is the button; heads-up
pokerkit reverses the blinds (player 1, the button, posts the small blind).  So pokerroom's ``button = n - 1``
with the same per-position blinds maps seat ``i`` to player ``i`` at every table size (heads-up: seat 1 is the
button and posts the small blind, seat 0 the big blind).

Where pokerroom follows RULES.md and pokerkit does not, the difference is expected, counted and checked against an
independent model of the betting round (``RoundModel``, written from RULES §2.3/§3.9 and TDA 47):

* **Fold with nothing to call** (RULES §2.3; pokerroom's ``fold_without_bet=True``): pokerroom lists a fold;
  pokerkit in tournament mode refuses it ("There is no reason for this player to fold"; in cash-game mode it
  allows it with a ``UserWarning``).  The random play here never folds when it could check.
* **Short big blind** (settled decision 21): the others still call the full big blind and the minimum raise stays
  the full big blind; pokerkit makes the short amount the bet to call.  From the deal on the two games differ, so
  such hands are played in pokerroom only, checking the full-blind call.
* **Straddle** (TRAPS T05b): before any full raise the minimum raise is to twice the straddle; pokerkit uses the
  increment straddle - big blind.
* **Covering bets** (settled decision 17): a bet or raise reaching what every opponent can match is legal from a
  call up, so pokerroom's minimum can be lower than pokerkit's.  pokerkit is then given its own minimum, which
  covers every opponent as well, so the chips end the same.
* **Reopening** (RULES §2.3, TDA 47, TRAPS T01): an all-in below a full raise does not reopen the betting for a
  player who has already acted, unless what he now faces since his last action adds up to a full raise.
  pokerkit 0.7.7 counts the first raise of a round at any size as full (its raise size starts at 0 each round; the
  blinds do not count) and treats a short all-in as full once it is as large as the largest raise so far, so it
  offers some raises that RULES forbids; and it forgets short all-ins once they have added up to a full raise, so
  it refuses a few raises that RULES allows (the random play then does not raise there).
* **A lone check** (RULES §2.3 end of round, TRAPS T04): when every opponent is all-in or folded and the last
  player's bet is matched, pokerkit still asks him to check; pokerroom goes on without that empty decision.
* **Pots and odd chips** (RULES §2.4): pots are awarded one by one, odd chips one at a time clockwise from the
  button.  pokerkit merges neighbouring pots left with the same players once the losing hands are killed, then
  gives every odd chip of a split to the first of them.  The final stacks are compared after moving exactly
  those chips.
* **A big-blind ante** is compared with the antes dead in the main pot (``ante_trimming`` off on both sides):
  with trimming on, pokerkit hands a lone big-blind ante back before the blinds are posted.

The RULES model agrees with pokerroom's bet and raise range at every decision, and every other range, call, turn
and final stack agrees with pokerkit.
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from pokerkit import Automation, Mode, NoLimitTexasHoldem, State

from pokerroom.cards import DECK52, format_card, format_cards, parse_cards
from pokerroom.engine import Action, ActionKind, Event, EventType, Hand, LegalActions, ScriptedCards
from pokerroom.games import find

HOLDEM = find("holdem")
SOAK = os.environ.get("POKERROOM_SOAK") == "1"
HANDS = 2000 if SOAK else 200
SEED = 20240617

_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


# --------------------------------------------------------------------------------------------- the deal


@dataclass(frozen=True)
class Setup:
    """One random deal; seat ``i`` is pokerkit's player ``i`` (button = seat ``n - 1``)."""

    stacks: tuple[int, ...]
    sb: int
    bb: int
    ante: int
    bb_ante: int
    straddle: int
    hole: tuple[tuple[int, int], ...]
    board: tuple[int, ...]
    ante_trimming: bool = True

    @property
    def n(self) -> int:
        return len(self.stacks)

    @property
    def bb_seat(self) -> int:
        return 1 if self.n > 2 else 0

    def antes(self) -> list[int]:
        out = [self.ante] * self.n
        out[self.bb_seat] += self.bb_ante
        return out

    def blinds(self) -> tuple[int, ...]:
        return (self.sb, self.bb, self.straddle) if self.straddle else (self.sb, self.bb)

    def short_big_blind(self) -> bool:
        """Whether the largest blind is posted short by an all-in (settled decision 21)."""
        antes = self.antes()
        seat = 2 if self.straddle else self.bb_seat
        return self.stacks[seat] - antes[seat] < max(self.blinds())

    def pokerroom(self) -> Hand:
        cards = ScriptedCards({s: list(c) for s, c in enumerate(self.hole)}, list(self.board))
        if not self.ante_trimming:
            posts = [0] * self.n
            for seat, amount in zip((1, 0) if self.n == 2 else range(3), self.blinds(), strict=False):
                posts[seat] = amount
            return Hand(
                HOLDEM,
                stacks=self.stacks,
                button=self.n - 1,
                blinds=posts,
                antes=self.antes(),
                betting=HOLDEM.betting("no", big_blind=self.bb),
                cards=cards,
                ante_trimming=False,
            )
        return HOLDEM.deal(
            stacks=list(self.stacks),
            button=self.n - 1,
            blinds=(self.sb, self.bb),
            ante=self.ante,
            big_blind_ante=self.bb_ante,
            straddle=self.straddle,
            limit="no",
            cards=cards,
        )

    def pokerkit(self) -> State:
        # pokerkit's antes, like its blinds, are per position and reversed heads-up: index 1 is the big blind
        antes = [self.ante] * self.n
        antes[1] += self.bb_ante
        state = NoLimitTexasHoldem.create_state(
            _AUTOMATIONS,
            self.ante_trimming,
            {i: a for i, a in enumerate(antes) if a} or 0,
            self.blinds(),
            self.bb,
            self.stacks,
            self.n,
            mode=Mode.TOURNAMENT,
        )
        for cards in self.hole:
            state.deal_hole(format_cards(cards))
        return state

    def __str__(self) -> str:
        hole = " ".join(format_cards(c) for c in self.hole)
        return (
            f"stacks={list(self.stacks)} blinds={self.blinds()} ante={self.ante} bb_ante={self.bb_ante} "
            f"ante_trimming={self.ante_trimming} hole={hole} board={format_cards(self.board)}"
        )


def random_setup(rng: random.Random) -> Setup:
    n = rng.randint(2, 9)
    bb = rng.choice((2, 2, 4, 10, 20, 50, 100))
    sb = bb // 2
    ante = rng.randint(1, max(1, bb // 4)) if rng.random() < 0.25 else 0
    bb_ante = bb if rng.random() < 0.1 else 0
    straddle = 2 * bb if n >= 3 and rng.random() < 0.15 else 0
    stacks: list[int] = []
    for _ in range(n):
        r = rng.random()
        if r < 0.08:
            stacks.append(rng.randint(1, 2 * bb))  # may be all-in from the ante or a blind
        elif r < 0.4:
            stacks.append(rng.randint(2 * bb, 15 * bb))
        else:
            stacks.append(rng.randint(20 * bb, 150 * bb))
    deck = list(DECK52)
    rng.shuffle(deck)
    hole = tuple((deck[2 * i], deck[2 * i + 1]) for i in range(n))
    board = tuple(deck[2 * n : 2 * n + 5])
    # Antes in the contribution levels (pokerroom's default, TRAPS T24 b) or dead in the main pot (PHH
    # ante_trimming_status = false).  pokerkit trims a lone big-blind ante away at once when trimming is on, so
    # big-blind-ante hands are compared with the antes dead in the main pot.
    trimming = not bb_ante and rng.random() < 0.7
    return Setup(tuple(stacks), sb, bb, ante, bb_ante, straddle, hole, board, trimming)


# --------------------------------------------------------------------------------------------- RULES model


@dataclass
class RoundModel:
    """An independent model of one betting round (RULES §2.3, §3.9 no limit; settled decisions 17, 21)."""

    cur: int
    full_inc: int
    acted: dict[int, int] = field(default_factory=dict)

    def raise_range(
        self, seat: int, bets: list[int], stacks: list[int], live: list[bool], min_bet: int
    ) -> tuple[int, int] | None:
        owe = self.cur - bets[seat]
        all_in = bets[seat] + stacks[seat]
        if stacks[seat] <= owe:
            return None  # can only call (all-in)
        cover = max(bets[o] + stacks[o] for o in range(len(bets)) if o != seat and live[o])
        if cover <= self.cur:
            return None  # every opponent is all-in or would be by calling (TRAPS T04)
        step = max(self.full_inc, min_bet)
        if seat in self.acted and self.cur - self.acted[seat] < step:
            return None  # not reopened by a short all-in (RULES §2.3, TDA 47, TRAPS T01)
        lo = min(self.cur + step, cover, all_in)  # a covering bet is legal from a call up (decision 17)
        return (lo, all_in)

    def record(self, seat: int, action: Action, min_bet: int) -> None:
        if action.kind in (ActionKind.BET, ActionKind.RAISE):
            assert action.amount is not None
            inc = action.amount - self.cur
            if inc >= max(self.full_inc, min_bet):
                self.full_inc = inc
            self.cur = max(self.cur, action.amount)
        if action.kind is not ActionKind.FOLD:
            self.acted[seat] = self.cur


# --------------------------------------------------------------------------------------------- driving both


@dataclass
class Stats:
    hands: int = 0
    decisions: int = 0
    compared: int = 0
    short_bb_hands: int = 0
    showdowns: int = 0
    side_pots: int = 0
    departures: Counter[str] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)


def _pk_view(state: State) -> tuple[int | None, bool, int | None, tuple[int, int] | None]:
    lo = state.min_completion_betting_or_raising_to_amount
    hi = state.max_completion_betting_or_raising_to_amount
    rng = None if lo is None or hi is None else (lo, hi)
    return state.actor_index, state.can_fold(), state.checking_or_calling_amount, rng


def _pk_catch_up(state: State, board: tuple[int, ...], dealt: list[int]) -> None:
    """Burn and deal the board (the same cards pokerroom deals) until a player is to act or the hand ends."""
    while state.status and state.actor_index is None:
        if state.can_burn_card("??"):
            state.burn_card("??")
        elif state.can_deal_board():
            count = state.board_dealing_count
            assert count is not None
            state.deal_board(format_cards(board[dealt[0] : dealt[0] + count]))
            dealt[0] += count
        else:  # pragma: no cover - a state pokerkit cannot advance by itself
            raise AssertionError(f"pokerkit is stuck: {state}")


def choose(rng: random.Random, legal: LegalActions, *, free_fold: bool, raises: bool = True) -> Action:
    """A random legal action: mostly check/call, some folds, min, max and in-between bets and raises
    (``raises=False``: none, where pokerkit refuses a raise that RULES allows)."""
    options: list[tuple[float, Action]] = []
    if legal.fold and (legal.call is not None or free_fold):
        options.append((1.5 if legal.call is not None else 0.3, Action.fold()))
    if legal.check:
        options.append((5.0, Action.check()))
    if legal.call is not None:
        options.append((5.0, Action.call()))
    rng_to = legal.bet or legal.raise_
    if rng_to is not None and raises:
        make = Action.bet if legal.bet is not None else Action.raise_to
        lo, hi = rng_to
        options.append((1.5, make(lo)))
        options.append((1.0, make(hi)))
        if hi - lo > 1:
            options.append((1.0, make(rng.randint(lo + 1, hi - 1))))
    weights = [w for w, _ in options]
    return rng.choices([a for _, a in options], weights)[0]


def _pokerkit_payouts(pots: list[Event], n: int) -> list[int]:
    """What pokerkit pays for the pots pokerroom awarded: it kills every hand that wins nothing, merges
    neighbouring pots left with the same players, and gives all odd chips of a split to the lowest player index
    (the first seat clockwise from the button here)."""
    alive = {s for e in pots for s, _ in e.winners or ()}
    merged: list[tuple[tuple[int, ...], int, list[int]]] = []
    for e in pots:
        assert e.amount is not None and e.eligible is not None and e.winners is not None
        players = tuple(s for s in e.eligible if s in alive)
        winners = sorted(s for s, _ in e.winners)
        if merged and merged[-1][0] == players:
            assert merged[-1][2] == winners
            merged[-1] = (players, merged[-1][1] + e.amount, winners)
        else:
            merged.append((players, e.amount, winners))
    out = [0] * n
    for _, amount, winners in merged:
        for s, chips in _split(amount, winners, one_at_a_time=False).items():
            out[s] += chips
    return out


def _split(amount: int, winners: list[int], *, one_at_a_time: bool) -> dict[int, int]:
    share, odd = divmod(amount, len(winners))
    if one_at_a_time:
        return {s: share + (1 if k < odd else 0) for k, s in enumerate(winners)}
    return {s: share + (odd if k == 0 else 0) for k, s in enumerate(winners)}


def play_pokerroom_only(setup: Setup, rng: random.Random, stats: Stats) -> None:
    """A short-big-blind hand (settled decision 21): pokerkit plays it differently by design, so pokerroom is
    checked against the RULES model alone: the first to act owes the full blind and the minimum raise stays a
    full big blind above it."""
    hand = setup.pokerroom()
    full = max(setup.blinds())
    first = True
    model: RoundModel | None = None
    street = -1
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None
        seat = legal.seat
        if hand.street != street:
            street = hand.street
            largest = full if hand.round_index == 0 else 0
            model = RoundModel(cur=largest, full_inc=largest)
        assert model is not None
        if first:
            assert legal.call == min(full - hand.bets[seat], hand.stacks[seat]), (str(setup), legal)
            first = False
        live = [not f for f in hand.folded]
        expected = model.raise_range(seat, list(hand.bets), list(hand.stacks), live, setup.bb)
        assert (legal.bet or legal.raise_) == expected, (str(setup), legal, expected)
        action = choose(rng, legal, free_fold=False)
        hand.act(action, seat)
        model.record(seat, action, setup.bb)
        stats.decisions += 1
        assert hand.total_chips == sum(setup.stacks)
    assert sum(hand.stacks) == sum(setup.stacks)


def play_both(setup: Setup, rng: random.Random, stats: Stats) -> None:
    hand = setup.pokerroom()
    state = setup.pokerkit()
    dealt = [0]
    bb = setup.bb
    model: RoundModel | None = None
    extra = [0] * setup.n
    round_index = -1
    log: list[str] = []

    def where() -> str:
        return f"{setup}\nactions so far: {'; '.join(log)}"

    while True:
        _pk_catch_up(state, setup.board, dealt)
        if state.actor_index is not None and (hand.is_complete or hand.street != state.street_index):
            # pokerkit asks the last player with chips to check, with every opponent all-in or folded and his
            # bet matched; pokerroom skips a decision that has only one answer (RULES §2.3 end of round, T04).
            _, pk_fold, pk_call, pk_rng = _pk_view(state)
            assert pk_call == 0 and pk_rng is None and not pk_fold, where()
            state.check_or_call()
            stats.departures["no lone check when nobody can call a raise (RULES 2.3, T04)"] += 1
            continue
        if hand.is_complete:
            break
        legal = hand.legal_actions()
        assert legal is not None
        seat = legal.seat
        if hand.round_index != round_index:
            round_index = hand.round_index
            extra = [0] * setup.n  # pokerkit bet above pokerroom's covering amount, returned at the round's end
            largest = max(setup.blinds()) if round_index == 0 else 0
            model = RoundModel(cur=largest, full_inc=largest)
        assert model is not None
        stats.decisions += 1
        pk_actor, pk_fold, pk_call, pk_rng = _pk_view(state)
        assert pk_actor == seat, f"turn: pokerroom seat {seat}, pokerkit player {pk_actor}\n{where()}"
        stacks = [c + x for c, x in zip(state.stacks, extra, strict=True)]
        bets = [b - x for b, x in zip(state.bets, extra, strict=True)]
        assert stacks == hand.stacks and bets == hand.bets, where()

        # fold / check / call
        facing = legal.call is not None
        if facing:
            assert pk_call == legal.call and not legal.check and legal.fold and pk_fold, where()
        else:
            assert pk_call == 0 and legal.check, where()
            # RULES §2.3: pokerroom allows folding with nothing to call; pokerkit (tournament mode) refuses it
            assert legal.fold and not pk_fold, where()
            stats.departures["fold with nothing to call (RULES 2.3)"] += 1

        # bet / raise range
        pr_rng = legal.bet or legal.raise_
        # a bet opens a round with no bet yet (the blinds are the preflop bet, so the big blind's option raises)
        assert legal.bet is None or legal.raise_ is None, where()
        assert (legal.bet is not None) == (model.cur == 0 and pr_rng is not None), where()
        live = [not f for f in hand.folded]
        rules = model.raise_range(seat, bets, stacks, live, bb)
        assert pr_rng == rules, f"pokerroom {pr_rng} but RULES model {rules}\n{where()}"
        if pr_rng != pk_rng:
            stats.departures[_classify(setup, hand, model, seat, pr_rng, pk_rng, where)] += 1
        else:
            stats.compared += 1

        action = choose(rng, legal, free_fold=False, raises=pk_rng is not None)
        stats.actions[action.kind.value] += 1
        log.append(f"seat {seat} {action!r}")
        hand.act(action, seat)
        model.record(seat, action, bb)
        if action.kind is ActionKind.FOLD:
            state.fold()
        elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
            state.check_or_call()
        else:
            assert action.amount is not None and pk_rng is not None, where()
            # a covering amount below pokerkit's minimum: pokerkit's own minimum covers everybody too
            state.complete_bet_or_raise_to(max(action.amount, pk_rng[0]))
            extra[seat] = max(0, pk_rng[0] - action.amount)
        assert hand.total_chips == sum(setup.stacks), where()

    assert not state.status, f"pokerkit still running at pokerroom's end\n{where()}"
    pots = [e for e in hand.events if e.type is EventType.POT]
    stats.side_pots += max(0, len(pots) - 1)
    if any(e.type is EventType.SHOW for e in hand.events):
        stats.showdowns += 1
    ours = [0] * setup.n
    for event in pots:
        assert event.amount is not None and event.winners is not None
        # RULES §2.4: every pot is split on its own, odd chips one at a time clockwise from the button
        split = _split(event.amount, [s for s, _ in event.winners], one_at_a_time=True)
        assert split == dict(event.winners), where()
        for s, chips in event.winners:
            ours[s] += chips
    theirs = _pokerkit_payouts(pots, setup.n)
    if theirs != ours:
        stats.departures["pots split one by one, odd chips one at a time (RULES 2.4)"] += 1
    expected = [st - a + b for st, a, b in zip(hand.stacks, ours, theirs, strict=True)]
    assert list(state.stacks) == expected, (
        f"final stacks {hand.stacks} vs pokerkit {list(state.stacks)} (expected {expected})\n{where()}"
    )
    assert sum(hand.stacks) == sum(setup.stacks)


def _classify(
    setup: Setup,
    hand: Hand,
    model: RoundModel,
    seat: int,
    pr_rng: tuple[int, int] | None,
    pk_rng: tuple[int, int] | None,
    where: Callable[[], str],
) -> str:
    """Name the RULES decision behind a pokerroom/pokerkit range difference, or fail."""
    detail = f"seat {seat}: pokerroom {pr_rng}, pokerkit {pk_rng}\n{where()}"
    if pr_rng is not None and pk_rng is not None and pr_rng[1] == pk_rng[1]:
        lo, lo_pk = pr_rng[0], pk_rng[0]
        cover = max(
            hand.bets[o] + hand.stacks[o] for o in range(hand.n) if o != seat and not hand.folded[o]
        )
        if lo > lo_pk and setup.straddle and hand.round_index == 0 and model.full_inc == setup.straddle:
            # TRAPS T05b: the straddle is the minimum raise (pokerkit: straddle - big blind)
            assert lo == min(model.cur + setup.straddle, cover, pr_rng[1]), detail
            return "straddle min raise (TRAPS T05b)"
        if lo < lo_pk and lo == cover:
            return "covering bet below the min raise (decision 17)"
    if pr_rng is None and pk_rng is not None:
        step = max(model.full_inc, setup.bb)
        if seat in model.acted and model.cur - model.acted[seat] < step:
            return "short all-in does not reopen (RULES 2.3, TDA 47, TRAPS T01)"
    if pr_rng is not None and pk_rng is None:
        step = max(model.full_inc, setup.bb)
        if seat in model.acted and model.cur - model.acted[seat] >= step:
            # pokerkit forgets short all-ins once they add up to a full raise, then counts afresh
            return "short all-ins adding up to a full raise reopen (TDA 47)"
    raise AssertionError(f"unexplained difference in the raise range: {detail}")


def test_cross_check_against_pokerkit() -> None:
    rng = random.Random(SEED)
    stats = Stats()
    started = time.perf_counter()
    for _ in range(HANDS):
        setup = random_setup(rng)
        stats.hands += 1
        if setup.short_big_blind():
            stats.short_bb_hands += 1
            play_pokerroom_only(setup, rng, stats)
        else:
            play_both(setup, rng, stats)
    elapsed = time.perf_counter() - started
    # the random deals must exercise what they are meant to
    assert stats.side_pots > HANDS // 20
    assert stats.showdowns > HANDS // 10
    assert stats.compared > stats.decisions // 2
    print(
        f"\npokerkit cross-check: {stats.hands} hands ({stats.short_bb_hands} short big blind, pokerroom only), "
        f"{stats.decisions} decisions, {stats.compared} identical ranges, {stats.showdowns} showdowns, "
        f"{stats.side_pots} side pots, {elapsed:.1f}s\nactions {dict(stats.actions)}\n"
        f"expected departures {dict(stats.departures)}"
    )


# --------------------------------------------------------------------------------------------- fixed cases


def _headsup_state(stacks: tuple[int, int], mode: Mode) -> State:
    state = NoLimitTexasHoldem.create_state(_AUTOMATIONS, True, 0, (1, 2), 2, stacks, 2, mode=mode)
    state.deal_hole("AsKs")
    state.deal_hole("2c2d")
    return state


def test_heads_up_seat_mapping() -> None:
    """Heads-up, pokerkit's player 1 (the button) posts the small blind: pokerroom's button is seat 1."""
    setup = Setup((100, 100), 1, 2, 0, 0, 0, ((51, 47), (0, 1)), (8, 12, 16, 20, 24))
    hand, state = setup.pokerroom(), setup.pokerkit()
    assert hand.bets == list(state.bets) == [2, 1]
    assert hand.to_act == state.actor_index == 1


def test_fold_with_nothing_to_call_pokerkit_modes() -> None:
    """pokerroom lists a fold with nothing to call (RULES §2.3, ``fold_without_bet``); pokerkit refuses it in
    tournament mode and allows it in cash-game mode with a warning."""
    setup = Setup((100, 100), 1, 2, 0, 0, 0, ((51, 47), (0, 1)), (8, 12, 16, 20, 24))
    hand = setup.pokerroom()
    hand.act(Action.call(), 1)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 0 and legal.check and legal.fold

    state = _headsup_state((100, 100), Mode.TOURNAMENT)
    state.check_or_call()
    assert state.actor_index == 0 and state.checking_or_calling_amount == 0
    assert not state.can_fold()

    state = _headsup_state((100, 100), Mode.CASH_GAME)
    state.check_or_call()
    with pytest.warns(UserWarning, match="no reason for this player to fold"):
        state.fold()
    hand.act(Action.fold(), 0)
    assert hand.is_complete and hand.stacks == list(state.stacks) == [98, 102]


def test_dead_antes_all_in_for_the_ante() -> None:
    """Three seats, blinds 5/10, ante 10 dead in the main pot (PHH ``ante_trimming_status = false``).  Seat 2
    (the button) has 6 chips: all-in on the ante, still in the hand, and holds the best hand.

    The 26 dead antes make the main pot {0, 1, 2}, the blinds the side pot {0, 1}: seat 2 wins 26 (pokerkit
    agrees: final stacks 80, 100, 26)."""
    hole = tuple((a, b) for a, b in (parse_cards(h) for h in ("2c7d", "3c8d", "AsAh")))
    setup = Setup((100, 100, 6), 5, 10, 10, 0, 0, hole, tuple(parse_cards("Kd9h4sQcJd")), ante_trimming=False)
    state, dealt = setup.pokerkit(), [0]
    hand = setup.pokerroom()
    assert hand.stacks == list(state.stacks) == [85, 80, 0]
    while state.status:  # call and check it down
        _pk_catch_up(state, setup.board, dealt)
        if state.status:
            state.check_or_call()
    assert list(state.stacks) == [80, 100, 26]
    hand.act(Action.call(), 0)
    hand.act(Action.check(), 1)
    assert 2 in hand.current_pots()[0].eligible
    while not hand.is_complete:
        hand.act(Action.check(), hand.to_act)
    assert hand.stacks == [80, 100, 26]


def test_card_format_round_trip() -> None:
    """The deals hand pokerkit the same cards as pokerroom (two-character card names)."""
    assert format_cards([51, 47]) == "AsKs" and format_card(0) == "2c"
