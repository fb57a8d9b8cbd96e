"""Issue 16, part 4: property tests over seeded loops.

* Six-handed deuce-to-seven triple draw at a ``Table`` (``TABLE_HANDS`` hands: 10,000 with ``POKERROOM_SOAK=1``,
  1,000 otherwise), random discards, most often many, so that the stub runs out in most hands.  At every draw the
  legal range is ``0..min(5, eligible)``, with ``eligible`` worked out here from what the players hold and have
  discarded (RULES §2.5, decision 22: the stub, folded hands and every discard, less the drawer's own); every draw
  completes with the drawer holding five cards, none of them its own discards, all from the eligible cards, and no
  card held twice.  Refused draws at the table (cards not held, a card named twice, a timed-out draw that
  discards) change nothing.  Chips are conserved and every hand settles.
* Every game of the registry, every action kind (``GAME_HANDS`` random hands per game: 400 with
  ``POKERROOM_SOAK=1``, 40 otherwise): at every decision, a battery of actions the engine must refuse (each kind
  not listed, each listed kind by every seat not to act, bet and raise amounts out of range or missing or not
  among the listed amounts, discards not held, named twice, more than allowed or made by the clock, shows of other
  cards, and any action once the hand is over), through ``verify`` and ``act``.  Each raises the engine's typed
  error (:class:`~pokerroom.errors.IllegalAction` or one of its kinds) and leaves the hand exactly as it was:
  :func:`deep_state` walks every attribute of the hand and of what it owns (the betting round, the draw, the
  showdown, the card source with its stub, muck and generator state).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from enum import Enum

import pytest

from pokerroom.cards import UNKNOWN
from pokerroom.engine import Action, ActionKind, DeckSource, Event, EventType, Hand, LegalActions
from pokerroom.errors import HandOver, IllegalAction, IllegalAmount, NotYourCards, NotYourTurn
from pokerroom.games import Game, all_games, find
from pokerroom.games.structures import Betting
from randomplay import check_invariants, random_action, random_hand
from soak import SOAK
from tabletools import new_table

TABLE_HANDS = 10_000 if SOAK else 1_000
GAME_HANDS = 400 if SOAK else 40


# --------------------------------------------------------------------------------------------- the hand's whole state

_ATOMS = {int, bool, str, type(None), Event}


def deep_state(obj: object, seen: dict[int, int] | None = None) -> object:
    """Everything ``obj`` holds, as nested tuples that compare equal exactly when the state is the same: every
    attribute (``__dict__`` and ``__slots__``) of every object reached, lists and dicts by content, a random
    generator by its state.  The game and the betting structure are immutable and shared: compared by identity.
    An object reached again is a reference to its first visit (the betting round points back at the hand)."""
    seen = {} if seen is None else seen
    if obj is None or isinstance(obj, (bool, int, float, str, bytes, Enum, Event)):
        return obj  # immutable all the way down (an event holds numbers, text and tuples of them)
    if isinstance(obj, (Game, Betting)):
        return ("shared", type(obj).__name__, id(obj))
    if id(obj) in seen:
        return ("ref", seen[id(obj)])
    seen[id(obj)] = len(seen)
    if isinstance(obj, random.Random):
        try:
            return ("rng", type(obj).__name__, obj.getstate())
        except NotImplementedError:  # system randomness has no state
            return ("rng", type(obj).__name__)
    if isinstance(obj, (list, tuple)):
        if all(type(x) in _ATOMS for x in obj):  # cards, stacks, bets, events: nothing to visit
            return (type(obj).__name__, tuple(obj))
        return (type(obj).__name__, tuple(deep_state(x, seen) for x in obj))
    if isinstance(obj, (set, frozenset)):
        return (type(obj).__name__, tuple(sorted(deep_state(x, seen) for x in obj)))  # type: ignore[type-var]
    if isinstance(obj, dict):
        return ("dict", tuple((deep_state(k, seen), deep_state(v, seen)) for k, v in obj.items()))
    if callable(obj) and not hasattr(obj, "__slots__") and not hasattr(obj, "__dict__"):
        return ("callable", id(obj))
    fields = [(name, getattr(obj, name)) for name in _slots(type(obj)) if hasattr(obj, name)]
    fields += sorted(getattr(obj, "__dict__", {}).items())
    return (type(obj).__name__, tuple((name, deep_state(value, seen)) for name, value in fields))


def _slots(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases."""
    names = _SLOTS.get(cls)
    if names is None:
        found: list[str] = []
        for base in cls.__mro__:
            slots = base.__dict__.get("__slots__", ())
            found += [slots] if isinstance(slots, str) else list(slots)
        names = _SLOTS[cls] = tuple(n for n in found if n != "__weakref__")
    return names


_SLOTS: dict[type, tuple[str, ...]] = {}


def test_deep_state_sees_the_stub_the_muck_and_the_generator() -> None:
    h = find("27-triple-draw").deal(stacks=[100] * 6, button=5, blinds=(1, 2), seed=3)
    before = deep_state(h)
    src = h._cards
    assert isinstance(src, DeckSource)
    src._muck.append(51)
    assert deep_state(h) != before
    src._muck.pop()
    assert deep_state(h) == before
    assert src._stream is not None
    src._stream.word()
    assert deep_state(h) != before


# --------------------------------------------------------------------------------------------- refusals


def refused(
    hand: Hand,
    action: Action,
    seat: int | None,
    kinds: Counter[str],
    expect: type[IllegalAction],
    before: object = None,
) -> None:
    """``action`` by ``seat`` is refused by ``verify`` and by ``act`` with ``expect`` and changes nothing: the hand's
    :func:`deep_state` is still ``before`` (taken now when not given)."""
    before = deep_state(hand) if before is None else before
    for face in (hand.verify, hand.act):
        try:
            face(action, seat)
        except IllegalAction as err:
            assert isinstance(err, expect), (face.__name__, action, seat, type(err).__name__, err)
        else:
            raise AssertionError(f"{face.__name__} accepted {action!r} by seat {seat} in {hand!r}")
        after = deep_state(hand)
        assert after == before, (face.__name__, action, seat, hand)
    kinds[action.kind.value] += 1


def _not_held(hand: Hand, seat: int) -> list[int]:
    held = set(hand.hole[seat])
    return [c for c in hand.game.deck if c not in held]


def _battery(hand: Hand, legal: LegalActions, rng: random.Random, kinds: Counter[str]) -> None:
    """Every refusal that applies at this decision."""
    state = deep_state(hand)

    def _refused(action: Action, seat: int | None, kinds: Counter[str], expect: type[IllegalAction]) -> None:
        refused(hand, action, seat, kinds, expect, state)

    s = legal.seat
    listed = set(legal.kinds())
    others = [o for o in range(hand.n) if o != s]
    hole = hand.hole[s]
    # Each kind that is not listed, by the seat to act and with no seat named.
    for kind in ActionKind:
        if kind in listed:
            continue
        action = Action(kind, 7) if kind in (ActionKind.BET, ActionKind.RAISE) else Action(kind)
        _refused(action, rng.choice((s, None)), kinds, IllegalAction)
    # Each listed kind by a seat that is not to act.
    for kind in listed:
        if kind in (ActionKind.BET, ActionKind.RAISE):
            lo, _ = legal.bet if kind is ActionKind.BET else legal.raise_  # type: ignore[misc]
            action = Action(kind, lo)
        else:
            action = Action(kind)
        if others:
            _refused(action, rng.choice(others), kinds, NotYourTurn)
    # Amounts: under the least, over the most, none, and one between that is not listed.
    for kind, rng_to in ((ActionKind.BET, legal.bet), (ActionKind.RAISE, legal.raise_)):
        if rng_to is None:
            continue
        lo, hi = rng_to
        bad = [lo - 1, hi + 1]
        if legal.amounts is not None:
            bad += [a for a in range(lo, hi + 1) if a not in legal.amounts][:1]
        for amount in bad:
            if amount >= 0:
                _refused(Action(kind, amount), s, kinds, IllegalAmount)
        _refused(Action(kind), s, kinds, IllegalAmount)
    # Draws: cards not held, a card named twice, more than allowed, the clock's draw that discards.
    if legal.draw is not None:
        stranger = rng.choice(_not_held(hand, s))
        keep = rng.sample(hole, min(len(hole), legal.draw) - 1) if min(len(hole), legal.draw) > 1 else []
        _refused(Action.draw((*keep, stranger)), s, kinds, NotYourCards)
        if UNKNOWN not in hole:
            _refused(Action.draw((UNKNOWN,)), s, kinds, NotYourCards)
        if hole:
            c = rng.choice(hole)
            _refused(Action.draw((c, c)), s, kinds, NotYourCards)
            _refused(Action.draw((c,), timed_out=True), s, kinds, IllegalAction)
        if legal.draw < len(hole):
            _refused(Action.draw(tuple(rng.sample(hole, legal.draw + 1))), s, kinds, IllegalAmount)
    # Shows: another seat's cards, more cards than held.
    if legal.show:
        other = rng.choice(others)
        _refused(Action(ActionKind.SHOW, cards=tuple(hand.hole[other])), s, kinds, NotYourCards)
        extra = rng.choice(_not_held(hand, s))
        _refused(Action(ActionKind.SHOW, cards=(*hole, extra)), s, kinds, IllegalAction)


def _choose(hand: Hand, legal: LegalActions, rng: random.Random) -> Action:
    if legal.draw is not None:
        most = min(legal.draw, len(hand.hole[legal.seat]))
        return Action.draw(tuple(rng.sample(hand.hole[legal.seat], rng.choice((most, rng.randint(0, most))))))
    return random_action(rng, legal, hand, timed_out=0.0)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_refused_action_changes_nothing(game: Game) -> None:
    kinds: Counter[str] = Counter()
    reshuffles = 0
    for number in range(GAME_HANDS):
        rng = random.Random(f"refusals {game.id} {number}")
        hand = random_hand(game, game.limits[number % len(game.limits)], rng)
        total = hand.total_chips
        while not hand.is_complete:
            legal = hand.legal_actions()
            assert legal is not None
            if number % 8 == 0 or rng.random() < 0.15:  # the whole battery at a share of the decisions
                _battery(hand, legal, rng, kinds)
            hand.act(_choose(hand, legal, rng), legal.seat)
            check_invariants(hand, total)
        reshuffles += sum(1 for e in hand.events if e.type is EventType.RESHUFFLE)
        if number % 8 == 0:  # once it is over, nothing is legal and nothing changes
            for kind in ActionKind:
                action = Action(kind, 10) if kind in (ActionKind.BET, ActionKind.RAISE) else Action(kind)
                refused(hand, action, rng.choice((None, 0, hand.n - 1)), kinds, HandOver)
    # Every kind was refused, the game's own and the others.
    assert set(kinds) == {k.value for k in ActionKind}, kinds
    if game.id in ("club-lowball", "27-triple-draw", "draw32"):  # full tables run the stub out
        assert reshuffles > 0


# --------------------------------------------------------------------------------------------- six-handed triple draw


def test_six_handed_triple_draw_at_a_table_always_completes_the_draw() -> None:
    started = time.perf_counter()
    rng = random.Random(16)
    t = new_table("27-triple-draw", players=range(6), stack=200, blinds=(1, 2))
    deck = set(range(52))
    seen: Counter[str] = Counter()
    for number in range(TABLE_HANDS):
        for st in t.seats:  # top up between hands so nobody busts out of the six
            assert st is not None
            if st.stack < 60:
                t.add_chips(st.player, 200 - st.stack)
        chips = sum(t.stacks().values())
        h = t.start_hand(seed=rng.getrandbits(32))
        assert t.layout is not None and len(t.layout.dealt) == 6
        table_seat = t.layout.dealt
        while not h.is_complete:
            legal = h.legal_actions()
            assert legal is not None
            s = legal.seat
            if legal.draw is None:
                t.act(table_seat[s], random_action(rng, legal, h, fold_free=None, timed_out=0.0))
                continue
            # RULES §2.5, decision 22: eligible = the stub, folded hands, every discard, less the drawer's own.
            held = {c for k in range(6) if not h.folded[k] for c in h.hole[k]}
            eligible = deck - held - set(h.discards[s])
            assert legal.draw == min(5, len(eligible)), (number, s, legal.draw, len(eligible))
            src = h._cards
            assert isinstance(src, DeckSource)
            if set(src._cards[src._pos :]) & set(h.discards[s]):
                seen["stub holds own discards"] += 1
            if rng.random() < 0.1:  # a refused draw at the table changes nothing
                before = (deep_state(h), t.stacks(), len(t.events), t.to_act)
                c = rng.choice(h.hole[s])
                for bad in (
                    Action.draw((c, rng.choice(sorted(held - set(h.hole[s]))))),
                    Action.draw((c, c)),
                    Action.draw((c,), timed_out=True),
                ):
                    with pytest.raises(IllegalAction):
                        t.act(table_seat[s], bad)
                    assert (deep_state(h), t.stacks(), len(t.events), t.to_act) == before
            count = rng.choice((1, 2, 3, 4, rng.randint(0, 5)))
            discards = tuple(rng.sample(h.hole[s], count))
            own = set(h.discards[s]) | set(discards)
            start, stub = len(h.events), src.remaining
            t.act(table_seat[s], Action.draw(discards))
            new = [c for e in h.events[start:] if e.type is EventType.DEAL_HOLE for c in e.cards or ()]
            shuffles = sum(1 for e in h.events[start:] if e.type is EventType.RESHUFFLE)
            seen["reshuffles"] += shuffles
            # Decision 22: the stub had the cards, but they were the drawer's own: reshuffled in mid-draw.
            seen["reshuffled in mid-draw"] += bool(shuffles) and stub >= count
            assert len(new) == count and len(h.hole[s]) == 5
            assert not set(new) & own and set(new) <= eligible
            in_hand = [c for k in range(6) if not h.folded[k] for c in h.hole[k]]
            assert len(in_hand) == len(set(in_hand))
        record = t.record
        assert record is not None and not record.voided and record.number == number + 1
        assert sum(t.stacks().values()) == chips
        seen["showdowns"] += any(e.type is EventType.SHOW for e in h.events)
    # The stub ran out over and over, drawers met their own discards in a reshuffled stub, and the hands ended.
    assert seen["reshuffles"] >= TABLE_HANDS // 2 and seen["stub holds own discards"] >= TABLE_HANDS, seen
    assert seen["reshuffled in mid-draw"] >= TABLE_HANDS // 250, seen
    assert seen["showdowns"] >= TABLE_HANDS // 2, seen
    assert time.perf_counter() - started < (600 if SOAK else 60)
