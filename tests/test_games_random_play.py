"""Random legal play of every registered game at every limit it offers, with a PHH round trip of every hand
(issue: all fifteen games, "What it must show").

For each game of :func:`pokerroom.games.all_games` and each limit in its ``limits`` (a limit whose betting
structure raises :class:`~pokerroom.errors.UnsupportedRule` is skipped, naming the reason): ``HANDS_PER_GAME``
seeded hands (10,000 with ``POKERROOM_SOAK=1``, as ``make soak`` runs, a tenth of that otherwise), shared evenly
between the game's limits.  Tables: 2 to the game's most players, random stacks (many short, so all-ins and side
pots are common), blinds or antes and bring-ins as the game has them, big-blind antes and straddles in blind
games, chips carried in from a previous hand in the club games, the button anywhere, automatic showdowns or shows
and mucks in turn.  Play: random legal actions (mostly check and call), random discards, timed-out draws, split
presses, bring-ins and completions.

After every action:

* chips are conserved (``hand.total_chips`` is the starting stacks plus the chips carried in), no stack or bet
  is negative, and the current pots hold exactly the pot (``sum(current_pots()) == pot_total``);
* every listed legal action passes :meth:`Hand.verify` (each kind; for a bet or raise the minimum, the maximum
  and a middle amount or each of the listed ``amounts``; for a draw standing pat, the most cards and a timed-out
  draw), and every ``ACCEPT_EVERY``-th decision each of them is also played on a copy of the hand
  (``randomplay.trial_copy``), leaving the hand itself untouched (sampled: a copy per action is most of the time);
* everything else is refused with a typed error and the state unchanged: amounts one below the minimum and one
  above the maximum, an amount between the listed ``amounts``, a bet without an amount, every kind not listed,
  too many discards, a discard of a card not held or named twice, and a listed action by a seat that is not
  to act (:class:`~pokerroom.errors.NotYourTurn`); once the hand is over anything is
  :class:`~pokerroom.errors.HandOver`.

Each finished hand is written with :func:`~pokerroom.formats.phh_hand.from_hand` (every fifth in units of 0.25),
dumped, loaded back (the same record) and replayed: status ``ok``, the same final stacks and the same events
(seats mapped to PHH positions).  Every tenth hand is also written from a random seat's view (hidden cards as
``??``) and must replay to the same final stacks.

The tables, the loop, the random choices and the chip checks are tests/randomplay.py's (``random_hand``,
``play_out``, ``random_action``, ``check_invariants``), shared with the other random-play tests.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest

from pokerroom.cards import UNKNOWN
from pokerroom.engine import Action, ActionKind, Event, EventType, Hand, LegalActions, Phase, ScriptedCards
from pokerroom.errors import IllegalAction, IllegalAmount, NotYourCards, NotYourTurn, UnsupportedRule
from pokerroom.formats.phh import dumps, loads
from pokerroom.formats.phh_actions import parse_action
from pokerroom.formats.phh_hand import from_hand
from pokerroom.formats.replay import replay
from pokerroom.games import Limit, all_games, find
from randomplay import (
    amount_actions,
    check_invariants,
    check_over,
    play_out,
    random_action,
    random_hand,
    runs_out,
    snapshot,
    trial_copy,
)
from soak import SOAK

HANDS_PER_GAME = 10_000 if SOAK else 1_000
ACCEPT_EVERY = 10
REFUSE_SAMPLE = 3
SEED = 20261201


# --------------------------------------------------------------------------------------------- cases


def _cases() -> list[Any]:
    out: list[Any] = []
    for game in all_games():
        offered: list[Limit] = []
        skipped: list[tuple[Limit, str]] = []
        for limit in game.limits:
            try:
                game.deal(stacks=[1000, 1000], betting=game.betting(limit, big_blind=10), seed=0)
            except UnsupportedRule as exc:
                skipped.append((limit, f"{game.id} at {limit.value} limit: {exc}"))
            else:
                offered.append(limit)
        per = -(-HANDS_PER_GAME // len(offered)) if offered else 0
        out += [pytest.param(game.id, limit, per, id=f"{game.id}-{limit.value}") for limit in offered]
        out += [
            pytest.param(game.id, limit, 0, id=f"{game.id}-{limit.value}", marks=pytest.mark.skip(reason=why))
            for limit, why in skipped
        ]
    return out


# --------------------------------------------------------------------------------------------- actions


def listed_actions(hand: Hand, legal: LegalActions, rng: random.Random) -> list[Action]:
    """Every kind the seat may take now, with sample amounts and discards."""
    out: list[Action] = []
    if legal.bring_in is not None:
        out.append(Action.post_bring_in())
    if legal.fold:
        out.append(Action.fold())
    if legal.check:
        out.append(Action.check())
    if legal.call is not None:
        out.append(Action.call())
    out += amount_actions(legal, rng)
    if legal.draw is not None:
        hole = hand.hole[legal.seat]
        most = min(legal.draw, len(hole))
        out += [Action.draw(()), Action.draw(tuple(rng.sample(hole, most))), Action.draw((), timed_out=True)]
    if legal.split:
        out.append(Action.split())
    if legal.show:
        out.append(Action.show())
    if legal.muck:
        out.append(Action.muck())
    return out


# --------------------------------------------------------------------------------------------- checks


def refusals(
    hand: Hand, legal: LegalActions, listed: list[Action], rng: random.Random
) -> list[tuple[Action, int, type[Exception]]]:
    """Actions that must be refused now, with the seat and the error type."""
    seat = legal.seat
    kinds = set(legal.kinds())
    out: list[tuple[Action, int, type[Exception]]] = []
    some = hand.cur + max(hand.betting.min_bet, 1)
    for kind in ActionKind:
        if kind not in kinds:
            out.append(
                (Action(kind, some if kind in (ActionKind.BET, ActionKind.RAISE) else None), seat, IllegalAction)
            )
    for rng_to, make, kind in (
        (legal.bet, Action.bet, ActionKind.BET),
        (legal.raise_, Action.raise_to, ActionKind.RAISE),
    ):
        if rng_to is not None:
            lo, hi = rng_to
            out += [(make(lo - 1), seat, IllegalAmount), (make(hi + 1), seat, IllegalAmount)]
            out.append((Action(kind), seat, IllegalAmount))
            if legal.amounts is not None:
                between = [a for a in range(lo + 1, hi) if a not in legal.amounts]
                if between:
                    out.append((make(rng.choice(between)), seat, IllegalAmount))
    if legal.draw is not None:
        hole = hand.hole[seat]
        others = [c for c in hand.game.deck if c not in hole]
        too_many = (list(hole) + others)[: legal.draw + 1]
        # More cards than the limit: an amount refused, unless one of them is not the player's, which is named
        # first (the card held is the first thing wrong, whatever the count).
        held = len(too_many) <= len(hole)
        out.append((Action.draw(tuple(too_many)), seat, IllegalAmount if held else NotYourCards))
        if UNKNOWN not in hole and legal.draw >= 1:
            out.append((Action.draw((others[0],)), seat, IllegalAction))
        if legal.draw >= 2 and hole:
            out.append((Action.draw((hole[0], hole[0])), seat, IllegalAction))
        if hole:
            out.append((Action.draw((hole[0],), timed_out=True), seat, IllegalAction))
    others_seats = [s for s in range(hand.n) if s != seat]
    for other in rng.sample(others_seats, min(3, len(others_seats))):
        out.append((rng.choice(listed), other, NotYourTurn))
    return out


def check_refused(hand: Hand, tries: list[tuple[Action, int, type[Exception]]], full: bool) -> None:
    """Each try raises its typed error from ``act`` (and, when ``full``, from ``verify``), leaving the state as it
    was."""
    before = snapshot(hand)
    for action, who, error in tries:
        if full:
            _refused(hand.verify, action, who, error)
        _refused(hand.act, action, who, error)
    assert snapshot(hand) == before, tries


def _refused(call: Callable[[Action, int], object], action: Action, who: int, error: type[Exception]) -> None:
    """``call(action, who)`` raises ``error`` (what ``pytest.raises(error)`` checks, without its context manager:
    this runs millions of times, and any other exception goes up as it would from ``pytest.raises``)."""
    try:
        call(action, who)
    except error:
        return
    pytest.fail(f"DID NOT RAISE {error.__name__}: {action} by seat {who}")


def check_accepted(
    hand: Hand, legal: LegalActions, listed: list[Action], total: int, play: bool, stats: Counter[str]
) -> None:
    before = snapshot(hand) if play else None
    for action in listed:
        hand.verify(action, legal.seat)
        if legal.draw is not None and runs_out(hand, action):
            stats["draws the deck cannot complete (engine gap, xfail)"] += 1
            continue
        if play:
            trial = trial_copy(hand)
            trial.act(action, legal.seat)
            check_invariants(trial, total)
            assert len(trial.events) > len(hand.events)
    if play:
        assert snapshot(hand) == before


# --------------------------------------------------------------------------------------------- PHH


def _mapped(e: Event, pos: dict[int, int]) -> tuple[Any, ...]:
    """An event with its seats as PHH positions (the replay's seats); the end's stack text left out."""

    def seat(s: int | None) -> int | None:
        return None if s is None else pos[s]

    winners = None if e.winners is None else tuple(sorted((pos[s], c) for s, c in e.winners))
    eligible = None if e.eligible is None else tuple(sorted(pos[s] for s in e.eligible))
    text = None if e.type is EventType.HAND_END else e.text
    return (e.type, seat(e.seat), e.amount, e.to, e.cards, text, e.all_in, winners, eligible)


def check_phh(hand: Hand, k: int, rng: random.Random, stats: Counter[str]) -> None:
    n = hand.n
    order = [(hand.button + 1 + i) % n for i in range(n)]
    pos = {s: i for i, s in enumerate(order)}
    unit = Decimal("0.25") if k % 5 == 4 else Decimal(1)
    record = from_hand(hand, unit=unit)
    text = dumps(record)
    (again,) = loads(text)
    assert again == record, text
    result = replay(again)
    assert result.status == "ok", (result.message, text)
    assert result.computed == [unit * hand.stacks[s] for s in order], text
    assert result.hand is not None
    ours = [_mapped(e, pos) for e in hand.events if e.type is not EventType.RESHUFFLE]  # no PHH notation (§2.5)
    theirs = [_mapped(e, {s: s for s in range(n)}) for e in result.hand.events]
    assert theirs == ours, text
    assert result.hand.carried == hand.carried
    if k % 10 == 3:
        viewer = rng.randrange(n)
        view = from_hand(hand, seat=viewer)
        assert len(view.actions) == len(record.actions)
        for mine, full in zip(view.actions, record.actions, strict=True):
            a, b = parse_action(mine), parse_action(full)
            if a.cards is not None and b.cards is not None and a != b:
                assert all(x in (y, UNKNOWN) for x, y in zip(a.cards, b.cards, strict=True)), (mine, full)
                assert a.player != pos[viewer], (mine, full)
            else:
                assert a == b, (mine, full)
        seen = replay(loads(dumps(view))[0])
        if seen.status == "error" and "names a card twice" in seen.message:
            # The engine refuses a discard of two or more unknown cards: see test_discard_of_unknown_cards (xfail).
            assert any(
                parse_action(a).verb == "sd" and (parse_action(a).cards or ()).count(UNKNOWN) > 1 for a in view.actions
            ), seen.message
            stats["seat views not replayable (discards of unknown cards)"] += 1
            return
        assert seen.status == "ok", (seen.message, dumps(view))
        stats["seat views"] += 1
        assert seen.computed == [Decimal(hand.stacks[s]) for s in order]


# --------------------------------------------------------------------------------------------- the test


def play_hand(hand: Hand, rng: random.Random, stats: Counter[str], decide: Callable[[int], bool]) -> None:
    """Play ``hand`` out with :func:`randomplay.random_action`, checking every decision first: every listed
    action passes (played on a copy when ``decide(decisions so far)``), and the refusals are refused (all of
    them then, a sample otherwise)."""
    total = hand.total_chips

    def checked(hand: Hand, legal: LegalActions) -> Action:
        listed = listed_actions(hand, legal, rng)
        full = decide(stats["decisions"])
        check_accepted(hand, legal, listed, total, full, stats)
        tries = refusals(hand, legal, listed, rng)
        check_refused(hand, tries if full else rng.sample(tries, min(REFUSE_SAMPLE, len(tries))), full)
        return random_action(rng, legal, hand)

    def count(legal: LegalActions, action: Action) -> None:
        stats["decisions"] += 1
        stats[action.kind.value] += 1

    play_out(hand, checked, total=total, after=count, max_steps=1000)
    stats["hands"] += 1
    stats["showdowns"] += any(e.type is EventType.SHOW for e in hand.events)
    stats["side pots"] += max(0, sum(e.type is EventType.POT for e in hand.events) - 1)
    stats["all-ins"] += any(e.all_in for e in hand.events)
    stats["common cards"] += any(e.text == "common card" for e in hand.events)


@pytest.mark.parametrize(("game_id", "limit", "hands"), _cases())
def test_random_legal_play(game_id: str, limit: Limit, hands: int) -> None:
    game = next(g for g in all_games() if g.id == game_id)
    rng = random.Random(f"{SEED}/{game_id}/{limit.value}")
    stats: Counter[str] = Counter()
    started = time.perf_counter()
    for k in range(hands):
        hand = random_hand(game, limit, rng)
        play_hand(hand, rng, stats, lambda d: d % ACCEPT_EVERY == 0)
        if k % 10 == 0:
            check_over(hand)
        check_phh(hand, k, rng, stats)
    elapsed = time.perf_counter() - started
    assert stats["hands"] == hands
    assert stats["showdowns"] > hands // 20, stats
    assert stats["all-ins"] > hands // 20, stats
    print(f"\n{game_id} {limit.value}: {hands} hands in {elapsed:.1f}s; {dict(stats)}")


def test_cases_cover_every_game_and_limit() -> None:
    """Every registered game appears with every limit it lists (skipped ones name their reason)."""
    ids = {(p.values[0], p.values[1]) for p in _cases()}
    assert ids == {(g.id, lim) for g in all_games() for lim in g.limits}


def test_discard_of_unknown_cards() -> None:
    """A draw game written from one seat's view hides the others' discards (``p1 sd ????``); replaying it needs
    the engine to take a discard of several unknown cards from a hand of unknown cards (PHH-NOTES: ``??`` for
    cards not known); unknown cards are never "the same card twice"."""
    hand = find("five-card-draw").deal(
        stacks=[100, 100], button=1, blinds=(1, 2), limit="no", cards=ScriptedCards({0: "?" * 14, 1: "AsKsQsJs9s"})
    )
    hand.act(Action.call(), 1)
    hand.act(Action.check(), 0)
    hand.act(Action.draw((UNKNOWN, UNKNOWN)), 0)
    assert hand.hole[0] == [UNKNOWN] * 5


def test_draw_the_deck_cannot_complete() -> None:
    """Club lowball at ten players (RULES G1: 50 cards dealt, draws of up to 3): everyone checks, nine stand pat,
    the last discards.  The stub has two cards and the muck nothing the drawer may get (RULES §2.5): the legal
    draw is two cards, a draw of three is refused with the state unchanged (RULES does not say what happens when
    even the reshuffle cannot complete a draw; the engine offers only what can be dealt)."""
    hand = find("club-lowball").deal(stacks=[100] * 10, button=9, seed=1)
    while hand.phase is Phase.BETTING:
        hand.act(Action.check(), hand.to_act)
    for _ in range(9):
        hand.act(Action.stand_pat(), hand.to_act)
    seat = hand.to_act
    assert seat is not None
    legal = hand.legal_actions()
    # the stub has two cards and the muck nothing this player may get: the draw is limited to what can be dealt
    assert legal is not None and legal.draw == 2
    before = list(hand.hole[seat])
    with pytest.raises(IllegalAmount, match="at most 2 cards"):
        hand.act(Action.draw(tuple(before[:3])), seat)
    assert hand.hole[seat] == before
    hand.act(Action.draw(tuple(before[:2])), seat)
    assert len(hand.hole[seat]) == 5


def test_completion_counts_as_the_first_bet() -> None:
    """TRAPS T15 with a bring-in of 8 at 10/20 (RULES G9: the bring-in is usually 2 x the ante, "more if the limit
    allows"; Sökö, Americana and Telesina default to 2 x the ante): p1 brings in 8, p2 completes to 10 (the round's
    first bet, RULES G4/G9), p3, p4 and p5 raise to 20, 30 and 40: capped (RULES §3.9, A-G4-1: completion + 3
    raises), whatever the size of the bring-in it completed."""
    g = find("stud")
    cards = ScriptedCards({0: "2c3c2d", 1: "AsKsAh", 2: "AdKdKh", 3: "QsQdQh", 4: "JsJdJh"})
    hand = g.deal(stacks=[500] * 5, button=4, ante=2, bring_in=8, betting=g.betting("fixed", big_blind=10), cards=cards)
    hand.act(Action.post_bring_in(), 0)
    hand.act(Action.raise_to(10), 1)
    for seat, to in ((2, 20), (3, 30), (4, 40)):
        hand.act(Action.raise_to(to), seat)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 0 and legal.call == 32
    assert legal.raise_ is None, legal
