"""The comparison of our engine with PokerKit (a test dependency only) that tests/test_engine_pokerkit.py (no-limit
hold'em) and tests/test_games_pokerkit.py (stud, stud hi/lo, razz, Omaha hi/lo and 2-7 triple draw at fixed limit)
share.

* The cards: :class:`Feed` holds the cards pokerroom has dealt (or a known board) and :func:`catch_up` deals them
  to PokerKit, burning ``??`` where PokerKit burns (RULES §2.1 has no burn cards), until a player is to act or
  draw or the hand is over.
* The legal actions: :func:`view` is what PokerKit offers the player to act; :func:`next_decision`,
  :func:`same_chips`, :func:`compare_call` and :func:`follow` are the steps of a decision both engines see; an
  independent RULES model of the betting round (:class:`NoLimitRound`, :class:`LimitRound`) gives the bet or
  raise range pokerroom must list, and :func:`classify_no_limit` / :func:`classify_fixed_limit` name the RULES
  item behind a range PokerKit disagrees with, or fail.
* The payouts: :func:`check_payouts` compares the final stacks after moving exactly the chips PokerKit pays
  otherwise (:func:`payouts_of_winners`, :func:`pokerkit_payouts`).
* :func:`choose`: the random actions both engines can take (tests/randomplay.py's chooser).

Every departure from RULES that PokerKit makes is counted under its name in ``Stats.departures`` and printed;
any other difference fails.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from pokerkit import Automation, State

from pokerroom.cards import format_card, format_cards
from pokerroom.engine import Action, ActionKind, Event, EventType, Hand, LegalActions
from randomplay import AmountOptions, random_action
from soak import SOAK

HANDS = 2000 if SOAK else 200

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

Where = Callable[[], str]


@dataclass
class Stats:
    hands: int = 0
    decisions: int = 0
    compared: int = 0
    short_bb_hands: int = 0
    bring_ins: int = 0
    first_actors: int = 0
    draws: int = 0
    showdowns: int = 0
    side_pots: int = 0
    departures: Counter[str] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)


def choose(rng: random.Random, legal: LegalActions, hand: Hand | None = None, *, amounts: AmountOptions) -> Action:
    """A random legal action both engines take: mostly check or call, some folds (never with nothing to call:
    PokerKit refuses it), bring-ins, the bets and raises of ``amounts``; always a show, random discards."""
    return random_action(rng, legal, hand, fold_free=None, amounts=amounts, other_kinds=0.0, show=1.0, timed_out=0.0)


# --------------------------------------------------------------------------------------------- the cards


class Feed:
    """The cards pokerroom has dealt so far, per player and for the board, waiting to be dealt to pokerkit (or a
    known ``board`` given up front)."""

    def __init__(self, n: int, board: Sequence[int] = ()) -> None:
        self.hole: list[deque[int]] = [deque() for _ in range(n)]
        self.board: deque[int] = deque(board)
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


def catch_up(state: State, feed: Feed, departures: Counter[str] | None = None) -> None:
    """Burn (``??``) and deal pokerkit the cards of ``feed``, until a player is to act or draw, or the end.

    pokerkit burns a card before every later street and draw (RULES §2.1: no burn cards; its burns are ``??``) and
    keeps its own reserve for a stub that runs out (RULES §2.5: the muck less the drawer's own discards is shuffled
    with the stub): near the end of the deck it warns about the cards pokerroom deals, which are dealt all the same
    and counted in ``departures`` (without ``departures``, any warning fails).
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
        if departures is None:
            assert not texts, texts
        else:
            assert all("not recommended to be dealt" in t or "Returning reserved" in t for t in texts), texts
        if texts and departures is not None:
            departures["pokerkit's deck runs low: no burn cards (RULES 2.1), reshuffles by RULES 2.5"] += 1
        if not progressed:
            waiting = state.actor_index is not None or state.stand_patter_or_discarder_index is not None
            assert not state.status or waiting, f"pokerkit is stuck: {state}"
            return


def pk_text(state: State, feed: Feed) -> str:
    """Where pokerkit stands, for a failure message."""
    return (
        f"street {state.street_index}, actor {state.actor_index}, discarder {state.stand_patter_or_discarder_index}, "
        f"dealee {state.hole_dealee_index}, pending {[list(d) for d in state.hole_dealing_statuses]}, queued "
        f"{[list(q) for q in feed.hole]}, burn {state.can_burn_card('??')}, board {state.can_deal_board()}"
    )


# --------------------------------------------------------------------------------------------- a decision


class PkView(NamedTuple):
    """What pokerkit offers the player to act: who it is, bring-in, fold, the amount to check or call and the
    bet or raise range ("to" amounts)."""

    actor: int | None
    bring_in: bool
    fold: bool
    call: int | None
    range: tuple[int, int] | None


def view(state: State) -> PkView:
    lo = state.min_completion_betting_or_raising_to_amount
    hi = state.max_completion_betting_or_raising_to_amount
    rng = None if lo is None or hi is None else (lo, hi)
    return PkView(state.actor_index, state.can_post_bring_in(), state.can_fold(), state.checking_or_calling_amount, rng)


def next_decision(
    hand: Hand,
    state: State,
    feed: Feed,
    stats: Stats,
    where: Where,
    moved_on: Callable[[], bool],
    *,
    departures: Counter[str] | None = None,
    check_fold: bool = True,
) -> LegalActions | None:
    """Catch pokerkit up with pokerroom (:func:`catch_up` with ``departures``) and return pokerroom's next
    decision, or ``None`` once the hand is over.

    pokerkit asks the last player with chips to check, with every opponent all-in or folded and his bet matched;
    pokerroom skips a decision that has only one answer (RULES §2.3 end of round, TRAPS T04).  While pokerkit has a
    player to act and pokerroom has ``moved_on()``, that check is made on pokerkit (nothing to call, no bet or
    raise; ``check_fold``: no fold either) and counted."""
    while True:
        catch_up(state, feed, departures)
        if state.actor_index is None or not moved_on():
            break
        pk = view(state)
        assert pk.call == 0 and pk.range is None and not (check_fold and pk.fold), where()
        state.check_or_call()
        stats.departures["no lone check when nobody can call a raise (RULES 2.3, T04)"] += 1
    if hand.is_complete:
        return None
    legal = hand.legal_actions()
    assert legal is not None
    return legal


def same_chips(state: State, hand: Hand, extra: list[int], where: Where) -> tuple[list[int], list[int]]:
    """pokerkit's stacks and bets, less what it bet above pokerroom's covering amounts (``extra``, returned at the
    round's end), are pokerroom's.  Returns them."""
    stacks = [c + x for c, x in zip(state.stacks, extra, strict=True)]
    bets = [b - x for b, x in zip(state.bets, extra, strict=True)]
    assert stacks == hand.stacks and bets == hand.bets, where()
    return stacks, bets


def compare_call(legal: LegalActions, pk: PkView, stats: Stats, where: Where) -> None:
    """Fold, check or call: the same amount to call, a fold when facing a bet; with nothing to call a check, and
    the fold pokerroom lists (RULES §2.3) that pokerkit in tournament mode refuses (counted)."""
    if legal.call is not None:
        assert pk.call == legal.call and pk.fold, where()
    else:
        assert pk.call == 0 and legal.check and not pk.fold, where()
        stats.departures["fold with nothing to call (RULES 2.3)"] += 1


def follow(
    state: State, action: Action, seat: int, pk_range: tuple[int, int] | None, extra: list[int], where: Where
) -> None:
    """Play pokerroom's ``action`` on pokerkit.  A bet or raise below pokerkit's minimum (a covering amount,
    settled decision 17) is made at pokerkit's own minimum, which covers everybody too; the excess, which comes
    back at the round's end, is kept in ``extra``."""
    if action.kind is ActionKind.FOLD:
        state.fold()
    elif action.kind is ActionKind.BRING_IN:
        state.post_bring_in()
    elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
        state.check_or_call()
    else:
        assert action.amount is not None and pk_range is not None, where()
        to = max(action.amount, pk_range[0])
        state.complete_bet_or_raise_to(to)
        extra[seat] = to - action.amount


def cover(hand: Hand, seat: int) -> int:
    """The most any opponent still in the hand can reach this round (settled decision 17)."""
    return max(hand.bets[o] + hand.stacks[o] for o in range(hand.n) if o != seat and not hand.folded[o])


# --------------------------------------------------------------------------------------------- RULES models


@dataclass
class NoLimitRound:
    """An independent model of one no-limit betting round (RULES §2.3, §3.9 no limit; settled decisions 17, 21)."""

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
        reach = cover(hand, seat)
        if reach <= self.cur:
            return None  # nobody could call more (TRAPS T04)
        if self.cap is not None and self.bets >= self.cap:
            return None  # bet + 3 raises (RULES §3.9; G4 A-G4-1: completion + 3 raises)
        if seat in self.acted and (self.cur - self.acted[seat]) * 2 < self.size:
            return None  # less than half a bet since he acted: not reopened (TDA 47 B, TRAPS T01)
        full = self.size if self.bets == 0 and self.cur < self.size else self.cur + self.size
        hi = min(full, own + stack)
        return (min(full, max(self.cur + 1, reach), hi), hi)  # a covering bet from a call up (decision 17)

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


# --------------------------------------------------------------------------------------------- classification

OMAHA8_POT_LIMIT = "pokerkit's fixed-limit Omaha hi/lo is pot limit: same minimum, larger maximum (RULES G7)"


def classify_no_limit(
    hand: Hand,
    model: NoLimitRound,
    seat: int,
    pr_rng: tuple[int, int] | None,
    pk_rng: tuple[int, int] | None,
    *,
    straddle: int,
    bb: int,
    where: Where,
) -> str:
    """Name the RULES decision behind a pokerroom/pokerkit no-limit range difference, or fail."""
    detail = f"seat {seat}: pokerroom {pr_rng}, pokerkit {pk_rng}\n{where()}"
    if pr_rng is not None and pk_rng is not None and pr_rng[1] == pk_rng[1]:
        lo, lo_pk = pr_rng[0], pk_rng[0]
        reach = cover(hand, seat)
        if lo > lo_pk and straddle and hand.round_index == 0 and model.full_inc == straddle:
            # TRAPS T05b: the straddle is the minimum raise (pokerkit: straddle - big blind)
            assert lo == min(model.cur + straddle, reach, pr_rng[1]), detail
            return "straddle min raise (TRAPS T05b)"
        if lo < lo_pk and lo == reach:
            return "covering bet below the min raise (decision 17)"
    if pr_rng is None and pk_rng is not None:
        step = max(model.full_inc, bb)
        if seat in model.acted and model.cur - model.acted[seat] < step:
            return "short all-in does not reopen (RULES 2.3, TDA 47, TRAPS T01)"
    if pr_rng is not None and pk_rng is None:
        step = max(model.full_inc, bb)
        if seat in model.acted and model.cur - model.acted[seat] >= step:
            # pokerkit forgets short all-ins once they add up to a full raise, then counts afresh
            return "short all-ins adding up to a full raise reopen (TDA 47)"
    raise AssertionError(f"unexplained difference in the raise range: {detail}")


def classify_fixed_limit(
    hand: Hand,
    state: State,
    model: LimitRound,
    legal: LegalActions,
    pk_rng: tuple[int, int] | None,
    where: Where,
) -> tuple[str, tuple[int, ...] | None]:
    """Name the RULES item behind a difference in the fixed-limit bet or raise range; returns it and the amounts
    pokerkit can follow (``()``: no bet or raise)."""
    ours = legal.bet or legal.raise_
    detail = f"pokerroom {ours} (amounts {legal.amounts}), pokerkit {pk_rng}\n{where()}"
    all_in = hand.bets[legal.seat] + hand.stacks[legal.seat]
    if legal.amounts is not None and pk_rng is not None:
        # RULES G9: an open pair on fourth street allows the big bet; pokerkit offers the small one only
        assert hand.game.stud is not None and hand.game.stud.open_pair_double and hand.round_index == 1, detail
        if model.bets == 0 and model.short and model.cur < model.size:  # and a short all-in bet before it (T15)
            assert pk_rng[0] == min(model.cur + model.size, all_in), detail
            return "open pair: the big bet on fourth street (RULES G9), after a short all-in (T15)", ()
        assert pk_rng == (legal.amounts[0], legal.amounts[0]), detail
        return "open pair: the big bet on fourth street (RULES G9)", (legal.amounts[0],)
    if ours is not None and pk_rng is not None and model.bets == 0 and model.short and model.cur < model.size:
        # RULES §3.9, TRAPS T15: after an all-in below half a bet and no full bet, the next bet completes to the
        # round's size; pokerkit adds a whole bet on top of the all-in
        assert ours[1] == model.size and pk_rng[0] == min(model.cur + model.size, all_in), detail
        assert ours[0] in (model.size, max(hand.cur + 1, cover(hand, legal.seat))), detail  # decision 17
        return "a bet after a short all-in completes to the size (RULES 3.9, T15)", ()
    seat = legal.seat
    reach = cover(hand, seat)
    if hand.game.id == "omaha8":
        # pokerkit 0.7.7's FixedLimitOmahaHoldemHighLowSplitEightOrBetter mixes in PotLimitPokerMixin: pot-limit
        # maxima and no cap.  RULES G7 (seed 004) plays Omaha hi/lo at fixed limit: every pokerroom amount is one
        # pokerkit also takes (its minimum is the fixed bet), and the cap is four bets (RULES §3.9).
        if ours is not None and pk_rng is not None and ours[1] <= pk_rng[1]:
            assert ours[0] == pk_rng[0] or ours[0] == max(hand.cur + 1, reach), detail  # decision 17 below
            return OMAHA8_POT_LIMIT, None
        if ours is None and pk_rng is not None and model.cap is not None and model.bets >= model.cap:
            return "pokerkit's fixed-limit Omaha hi/lo has no cap (RULES G7, 3.9)", ()
    if ours is not None and pk_rng is not None and ours[1] == pk_rng[1] and ours[0] < pk_rng[0] == ours[1]:
        # settled decision 17: a bet covering every opponent is legal from a call up; pokerkit plays its minimum
        assert ours[0] == max(hand.cur + 1, reach), detail
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


# --------------------------------------------------------------------------------------------- the payouts


def split(amount: int, winners: list[int], *, one_at_a_time: bool) -> dict[int, int]:
    """``amount`` shared by ``winners``: odd chips one at a time in their order (RULES §2.4, §3.2), or all to the
    first (pokerkit)."""
    share, odd = divmod(amount, len(winners))
    if one_at_a_time:
        return {s: share + (1 if k < odd else 0) for k, s in enumerate(winners)}
    return {s: share + (odd if k == 0 else 0) for k, s in enumerate(winners)}


def payouts_of_winners(pots: list[Event], n: int) -> list[int]:
    """What pokerkit pays for the pots pokerroom awarded, with pokerroom's winners (one share, high only): it
    kills every hand that wins nothing, merges neighbouring pots left with the same players, and gives all odd
    chips of a split to the lowest player index (the first seat clockwise from the button here)."""
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
        for s, chips in split(amount, winners, one_at_a_time=False).items():
            out[s] += chips
    return out


def pokerkit_payouts(hand: Hand) -> tuple[list[int], int, bool]:
    """What pokerkit pays for the pots pokerroom built, the chips it burns and whether a low part went to players
    without a low: it kills every hand that can win nothing, merges neighbouring pots left with the same players,
    splits a pot into a part per hand type any live player holds (the odd chip to the high part) and gives each
    part to the best such hand among the pot's players (all its odd chips to the first of them; players without
    such a hand tie when none has one), burning a part no player is left for."""
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


def check_payouts(hand: Hand, state: State, stats: Stats, where: Where, *, by_winners: bool = False) -> None:
    """pokerkit's final stacks are pokerroom's after moving exactly the chips pokerkit pays otherwise (RULES §2.4,
    §3.2, §6.3, G7, G10: every pot split on its own, hi/lo in halves, odd chips one at a time clockwise from the
    button).  ``by_winners`` (one share, high only): pokerkit's payouts follow pokerroom's winners
    (:func:`payouts_of_winners`), and every pot must be split one chip at a time; otherwise pokerkit's payouts
    are worked out from the hands (:func:`pokerkit_payouts`)."""
    pots = [e for e in hand.events if e.type is EventType.POT]
    stats.side_pots += max(0, len(pots) - 1)
    if any(e.type is EventType.SHOW for e in hand.events):
        stats.showdowns += 1
    ours = [0] * hand.n
    for event in pots:
        if by_winners:
            assert event.amount is not None and event.winners is not None
            # RULES §2.4: every pot is split on its own, odd chips one at a time clockwise from the button
            shares = split(event.amount, [s for s, _ in event.winners], one_at_a_time=True)
            assert shares == dict(event.winners), where()
        for s, chips in event.winners or ():
            ours[s] += chips
    if by_winners:
        theirs, burned, shared_low = payouts_of_winners(pots, hand.n), 0, False
    else:
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
