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
independent model of the betting round (``NoLimitRound``, written from RULES §2.3/§3.9 and TDA 47).  The card
feed, the steps of a decision, the RULES model, the classification of the differences below and the payout
comparison are in tests/pokerkit_harness.py (shared with tests/test_games_pokerkit.py); the random play is
tests/randomplay.py's.

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

import random
import time
from dataclasses import dataclass

import pytest
from pokerkit import Mode, NoLimitTexasHoldem, State

from pokerkit_harness import (
    AUTOMATIONS,
    HANDS,
    Feed,
    NoLimitRound,
    Stats,
    catch_up,
    check_payouts,
    choose,
    classify_no_limit,
    compare_call,
    follow,
    next_decision,
    same_chips,
    view,
)
from pokerroom.cards import DECK52, format_card, format_cards, parse_cards
from pokerroom.engine import Action, Hand, LegalActions, ScriptedCards
from pokerroom.games import find
from randomplay import ends, no_amounts, play_out

HOLDEM = find("holdem")
SEED = 20240617


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
            AUTOMATIONS,
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


# --------------------------------------------------------------------------------------------- driving both


def play_pokerroom_only(setup: Setup, rng: random.Random, stats: Stats) -> None:
    """A short-big-blind hand (settled decision 21): pokerkit plays it differently by design, so pokerroom is
    checked against the RULES model alone: the first to act owes the full blind and the minimum raise stays a
    full big blind above it."""
    hand = setup.pokerroom()
    full = max(setup.blinds())
    first = True
    model: NoLimitRound | None = None
    street = -1

    def checked(hand: Hand, legal: LegalActions) -> Action:
        nonlocal first, model, street
        seat = legal.seat
        if hand.street != street:
            street = hand.street
            largest = full if hand.round_index == 0 else 0
            model = NoLimitRound(cur=largest, full_inc=largest)
        assert model is not None
        if first:
            assert legal.call == min(full - hand.bets[seat], hand.stacks[seat]), (str(setup), legal)
            first = False
        live = [not f for f in hand.folded]
        expected = model.raise_range(seat, list(hand.bets), list(hand.stacks), live, setup.bb)
        assert (legal.bet or legal.raise_) == expected, (str(setup), legal, expected)
        return choose(rng, legal, amounts=ends)

    def record(legal: LegalActions, action: Action) -> None:
        assert model is not None
        model.record(legal.seat, action, setup.bb)
        stats.decisions += 1

    play_out(hand, checked, total=sum(setup.stacks), pots=False, after=record)
    assert sum(hand.stacks) == sum(setup.stacks)


def play_both(setup: Setup, rng: random.Random, stats: Stats) -> None:
    hand = setup.pokerroom()
    state = setup.pokerkit()
    feed = Feed(setup.n, setup.board)
    bb = setup.bb
    model: NoLimitRound | None = None
    extra = [0] * setup.n
    round_index = -1
    log: list[str] = []

    def where() -> str:
        return f"{setup}\nactions so far: {'; '.join(log)}"

    def moved_on() -> bool:
        return hand.is_complete or hand.street != state.street_index

    while (legal := next_decision(hand, state, feed, stats, where, moved_on)) is not None:
        seat = legal.seat
        if hand.round_index != round_index:
            round_index = hand.round_index
            extra = [0] * setup.n  # pokerkit bet above pokerroom's covering amount, returned at the round's end
            largest = max(setup.blinds()) if round_index == 0 else 0
            model = NoLimitRound(cur=largest, full_inc=largest)
        assert model is not None
        stats.decisions += 1
        pk = view(state)
        assert pk.actor == seat, f"turn: pokerroom seat {seat}, pokerkit player {pk.actor}\n{where()}"
        stacks, bets = same_chips(state, hand, extra, where)

        # fold / check / call (RULES §2.3: pokerroom allows folding with nothing to call; pokerkit refuses it)
        assert legal.fold and (legal.call is None or not legal.check), where()
        compare_call(legal, pk, stats, where)

        # bet / raise range
        pr_rng = legal.bet or legal.raise_
        # a bet opens a round with no bet yet (the blinds are the preflop bet, so the big blind's option raises)
        assert legal.bet is None or legal.raise_ is None, where()
        assert (legal.bet is not None) == (model.cur == 0 and pr_rng is not None), where()
        live = [not f for f in hand.folded]
        rules = model.raise_range(seat, bets, stacks, live, bb)
        assert pr_rng == rules, f"pokerroom {pr_rng} but RULES model {rules}\n{where()}"
        if pr_rng != pk.range:
            why = classify_no_limit(hand, model, seat, pr_rng, pk.range, straddle=setup.straddle, bb=bb, where=where)
            stats.departures[why] += 1
        else:
            stats.compared += 1

        # raise only where pokerkit can follow (it refuses a few raises RULES allows)
        action = choose(rng, legal, amounts=ends if pk.range is not None else no_amounts)
        stats.actions[action.kind.value] += 1
        log.append(f"seat {seat} {action!r}")
        hand.act(action, seat)
        model.record(seat, action, bb)
        follow(state, action, seat, pk.range, extra, where)
        assert hand.total_chips == sum(setup.stacks), where()

    assert not state.status, f"pokerkit still running at pokerroom's end\n{where()}"
    check_payouts(hand, state, stats, where, by_winners=True)
    assert sum(hand.stacks) == sum(setup.stacks)


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
    state = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, stacks, 2, mode=mode)
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
    state, feed = setup.pokerkit(), Feed(setup.n, setup.board)
    hand = setup.pokerroom()
    assert hand.stacks == list(state.stacks) == [85, 80, 0]
    while state.status:  # call and check it down
        catch_up(state, feed)
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
