"""Search-friendly hands (issue 23): ``Hand.copy`` copies every slot and plays on exactly as the hand would, in every
game; ``copy(resample=seat, rng=...)`` keeps what the seat has seen and deals everything else again with the right
frequencies (chi-square); chance nodes (``stop_at_deals``, ``pending_deal``, ``chance_outcomes``, ``deal``) list
every deal with its exact probability, so that small games' trees are walked exactly (:mod:`pokerroom.engine.chance`).
"""

from __future__ import annotations

import random
import weakref
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import permutations
from math import comb, sqrt
from pathlib import Path
from statistics import NormalDist
from typing import Any

import pytest

from pokerroom.cards import format_cards, parse_cards
from pokerroom.engine import Action, ActionKind, DeckSource, EventType, Hand, Phase, ScriptedCards
from pokerroom.engine.betting import BettingRound
from pokerroom.engine.chance import knowledge, outcome_count, unseen
from pokerroom.engine.draw import DrawRound
from pokerroom.engine.showdown import Showdown
from pokerroom.engine.shuffle import DeckStream
from pokerroom.errors import DuplicateCard, IllegalAction, InvalidCard, UnknownCards, UnsupportedRule
from pokerroom.games import Game, Limit, all_games, find
from randomplay import random_action, random_hand
from soak import count

GAMES = all_games()
HOLDEM = find("holdem")
SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "phh"

# ------------------------------------------------------------------------------------------------ helpers

_SCRIPT = ("_hole", "_board")
"""The cards a script or a record names: read, never changed, so a copy shares them."""
_STATEFUL = (Hand, BettingRound, DrawRound, Showdown, DeckSource, DeckStream, ScriptedCards)


def _slots(obj: object) -> Iterator[str]:
    for cls in type(obj).__mro__:
        yield from (name for name in getattr(cls, "__slots__", ()) if name != "__weakref__")


def _holds(part_of: Any, hand: Hand) -> bool:
    """Whether a phase's back-reference is ``hand``: the hand itself while it plays, a weak proxy to it once it is
    complete (:meth:`Hand.unlink`)."""
    if hand.is_complete:
        return any(ref is part_of for ref in weakref.getweakrefs(hand))
    return part_of is hand


def state(obj: Any) -> Any:
    """Every slot of a hand, its phases and its card source (the stream's place included), as plain values; the
    phases' back-references to their hand and the memo of the last action verified left out."""
    if isinstance(obj, list | tuple) and not hasattr(obj, "_fields"):
        return tuple(state(x) for x in obj)
    if isinstance(obj, dict):
        return tuple(sorted((k, state(v)) for k, v in obj.items()))
    if isinstance(obj, set):
        return tuple(sorted(obj))
    if isinstance(obj, _STATEFUL) or type(obj).__name__ == "_ReplayCards":
        return tuple((name, state(getattr(obj, name))) for name in _slots(obj) if name not in ("hand", "_verified"))
    return obj


def check_slots(a: Any, b: Any, hand_a: Hand, hand_b: Hand, path: str = "hand") -> None:
    """``b`` is ``a`` copied for ``hand_b``: every slot present and equal; every list, dict and set (and list in a
    list) a new object; the phases and the card source copied with back-references to ``hand_b``; everything
    shared is immutable."""
    for name in _slots(a):
        where = f"{path}.{name}"
        va, vb = getattr(a, name), getattr(b, name)  # AttributeError: a slot the copy left unset
        if name == "hand":
            assert _holds(va, hand_a) and _holds(vb, hand_b), where
        elif isinstance(va, _STATEFUL) or type(va).__name__ == "_ReplayCards":
            assert vb is not va and type(vb) is type(va), where
            check_slots(va, vb, hand_a, hand_b, where)
        elif name in _SCRIPT and (isinstance(a, ScriptedCards) or type(a).__name__ == "_ReplayCards"):
            assert vb is va, where  # a script is read, never changed: shared
        elif isinstance(va, list | dict | set):
            assert vb is not va and state(vb) == state(va), where
            if isinstance(va, list):
                for x, y in zip(va, vb, strict=True):
                    assert not isinstance(x, list | dict | set) or x is not y, where
        elif name == "_verified":
            assert vb is None, where  # an acceptance is not carried over
        else:
            assert state(vb) == state(va), where
            assert (
                isinstance(va, int | str | bytes | tuple | frozenset | type(None) | Game)
                or callable(va)
                or (type(va).__module__.startswith(("pokerroom.games", "pokerroom.engine.phase")))
            ), f"{where} shares a {type(va).__name__}"


def act_random(hand: Hand, rng: random.Random) -> tuple[Action, int]:
    legal = hand.legal_actions()
    assert legal is not None
    action = random_action(rng, legal, hand)
    hand.act(action, legal.seat)
    return action, legal.seat


def advance(hand: Hand, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if hand.is_complete:
            return
        act_random(hand, rng)


def limits(game: Game) -> list[Limit]:
    return list(game.limits)


def game_ids() -> list[str]:
    return [g.id for g in GAMES]


def places(hand: Hand) -> Counter[int]:
    """Every card where it lies now: the hands still in, the board, the stub and the muck (a deck source)."""
    src = hand._cards
    assert isinstance(src, DeckSource)
    cards = [c for s in range(hand.n) if not hand.folded[s] for c in hand.hole[s]]
    return Counter([*cards, *hand.board, *src.stub, *src.muck])


def history_holds(hand: Hand) -> None:
    """The events tell a history that could have happened: each seat's cards, dealt and drawn as the events say,
    are the cards it holds, no card is in two hands at once, and nobody is dealt a card it threw away."""
    held: dict[int, list[int]] = {s: [] for s in range(hand.n)}
    thrown: dict[int, set[int]] = {s: set() for s in range(hand.n)}
    for e in hand.events:
        if e.type in (EventType.DEAL_HOLE, EventType.DEAL_UP) and e.seat is not None:
            for c in e.cards or ():
                assert c not in thrown[e.seat], f"seat {e.seat} is dealt its own discard {format_cards([c])}"
                assert all(c not in h for h in held.values()), f"{format_cards([c])} is in two hands"
                held[e.seat].append(c)
        elif e.type is EventType.DRAW and e.seat is not None:
            for c in e.cards or ():
                held[e.seat].remove(c)
                thrown[e.seat].add(c)
        elif e.type is EventType.FOLD and e.seat is not None:
            held[e.seat] = []
    for s in range(hand.n):
        if not hand.folded[s]:
            assert sorted(held[s]) == sorted(hand.hole[s]), s
        assert sorted(hand.discards[s]) == sorted(c for e in hand.events if e.type is EventType.DRAW and e.seat == s
                                                  for c in e.cards or ())  # fmt: skip


# ------------------------------------------------------------------------------------------------ copy


@pytest.mark.parametrize("game_id", game_ids())
def test_copy_copies_every_slot_and_plays_on_as_the_hand_in_every_game(game_id: str) -> None:
    """Mid-hand copies at random points: every slot copied (lists new, frozen things shared); the copy played to
    the end leaves the hand exactly as it was (every slot, the deck's place included); the hand then given the
    copy's actions ends with the same events, outcome and state; and the other way round."""
    game = find(game_id)
    rng = random.Random(f"copy {game_id}")
    for k in range(4):
        limit = limits(game)[k % len(limits(game))]
        hand = random_hand(game, limit, rng)
        advance(hand, rng, rng.randint(0, 14))
        twin = hand.copy()
        check_slots(hand, twin, hand, twin)
        before = state(hand)
        assert state(twin) == before
        first, second = (twin, hand) if k % 2 == 0 else (hand, twin)
        played: list[tuple[Action, int]] = []
        while not first.is_complete:
            played.append(act_random(first, rng))
        assert state(second) == before  # untouched by everything the other one did
        for action, seat in played:
            second.act(action, seat)
        assert second.events == first.events
        assert second.outcome() == first.outcome()
        assert state(second) == state(first)


def test_copy_of_a_copy_and_copies_at_the_showdown_and_at_the_end() -> None:
    hand = HOLDEM.deal(stacks=[300] * 3, button=0, blinds=(1, 2), seed=5, auto_showdown=False)
    while hand.phase is not Phase.SHOWDOWN:
        hand.act(Action.call() if hand.cur > hand.bets[hand.to_act or 0] else Action.check(), hand.to_act)
    seat = hand.to_act
    assert seat is not None
    twin = hand.copy().copy()
    check_slots(hand, twin, hand, twin)
    twin.act(Action.show(), seat)
    assert seat in twin.shown and seat not in hand.shown and hand.to_act == seat
    while not twin.is_complete:
        twin.act(Action.show(), twin.to_act)
    done = twin.copy()
    check_slots(twin, done, twin, done)
    assert done.outcome() == twin.outcome() and done.events == twin.events


def test_copy_keeps_a_scripted_source_at_its_place_and_an_ordered_deck() -> None:
    script = ScriptedCards({0: "AsAh", 1: "KdKc"}, board="2c7d9hJsQs")
    hand = HOLDEM.deal(stacks=[100, 100], cards=script)
    hand.act(Action.call(), 0)
    twin = hand.copy()
    check_slots(hand, twin, hand, twin)
    for h in (twin, hand):
        h.act(Action.check(), 1)
    assert format_cards(twin.board) == format_cards(hand.board) == "2c7d9h"
    ordered = HOLDEM.deal(stacks=[100, 100], cards=DeckSource(parse_cards("AsAhKdKc2c7d9hJsQs")))
    copy = ordered.copy()
    for h in (ordered, copy):
        h.act(Action.call(), 0)
        h.act(Action.check(), 1)
    assert copy.board == ordered.board == parse_cards("2c7d9h")


def test_copy_of_a_replayed_hand_plays_on_as_the_replay() -> None:
    from pokerroom.formats import phh
    from pokerroom.formats.replay import _apply, _Units, build_hand

    paths = sorted((SHARED / "dataset" / "pluribus").rglob("*.phh"))[:20]
    if not paths:
        pytest.skip("the Pluribus hands are not in ../shared/phh")
    for path in paths:
        (record,) = phh.read(path)
        hand, actions, unit = build_hand(record)
        conv = _Units(unit)
        half = len(actions) // 2
        seen = 0
        for a in actions[:half]:
            seen = _apply(hand, a, seen, conv)
        twin = hand.copy()
        check_slots(hand, twin, hand, twin)
        before = state(hand)
        twin_seen = seen
        for a in actions[half:]:
            twin_seen = _apply(twin, a, twin_seen, conv)
        assert state(hand) == before
        for a in actions[half:]:
            seen = _apply(hand, a, seen, conv)
        assert hand.events == twin.events and hand.stacks == twin.stacks


# ------------------------------------------------------------------------------------------------ chance nodes


def _deal(game: Game, seed: int, *, stop: bool) -> tuple[Hand, random.Random]:
    rng = random.Random(seed)
    n = rng.randint(game.min_players, game.max_players)
    stacks = [rng.choice((rng.randint(2, 30), rng.randint(30, 400))) for _ in range(n)]
    hand = game.deal(
        stacks=stacks,
        button=rng.randrange(n),
        ante=rng.randint(1, 3),
        cards=DeckSource.shuffled(game.deck, seed=seed, stop_at_deals=stop),
    )
    return hand, rng


@pytest.mark.parametrize("game_id", game_ids())
def test_a_hand_that_stops_at_deals_deals_as_the_same_deck_would(game_id: str) -> None:
    """``stop_at_deals``: the hand waits before every street that deals cards (nobody to act, every action
    refused, changing nothing) and ``deal()`` deals the deck's next cards: the same events as the same seed
    without stops."""
    game = find(game_id)
    for seed in range(4):
        plain, rng_a = _deal(game, seed, stop=False)
        stopping, rng_b = _deal(game, seed, stop=True)
        stops = 0
        while not stopping.is_complete:
            if stopping.phase is Phase.DEAL:
                stops += 1
                assert stopping.to_act is None and stopping.legal_actions() is None
                assert stopping.pending_deal is not None
                before = state(stopping)
                with pytest.raises(IllegalAction, match="to be dealt first"):
                    stopping.act(Action.check())
                assert state(stopping) == before
                stopping.deal()
                continue
            act_random(stopping, rng_b)
        while not plain.is_complete:
            act_random(plain, rng_a)
        assert stops >= 1
        assert [e for e in stopping.events] == plain.events
        assert stopping.outcome() == plain.outcome()


def test_pending_deal_lays_out_each_street() -> None:
    stud = find("stud").deal(stacks=[100] * 3, ante=1, cards=DeckSource.shuffled(seed=3, stop_at_deals=True))
    groups = stud.pending_deal
    assert groups is not None
    assert [(g.type, g.seat, g.size) for g in groups] == [
        (EventType.DEAL_HOLE, 1, 2), (EventType.DEAL_HOLE, 2, 2), (EventType.DEAL_HOLE, 0, 2),
        (EventType.DEAL_UP, 1, 1), (EventType.DEAL_UP, 2, 1), (EventType.DEAL_UP, 0, 1),
    ]  # fmt: skip
    cards = parse_cards("2c3c 4d5d 6h7h 8s 9s Ts")  # seat 1 2c3c down and 8s up, seat 2 4d5d and 9s, seat 0 6h7h, Ts
    dealt = stud.deal(cards)
    assert [(e.type, e.seat, format_cards(e.cards or ())) for e in dealt] == [
        (EventType.DEAL_HOLE, 1, "2c3c"), (EventType.DEAL_HOLE, 2, "4d5d"), (EventType.DEAL_HOLE, 0, "6h7h"),
        (EventType.DEAL_UP, 1, "8s"), (EventType.DEAL_UP, 2, "9s"), (EventType.DEAL_UP, 0, "Ts"),
    ]  # fmt: skip
    assert stud.to_act == 1 and stud.legal_actions().bring_in is not None  # type: ignore[union-attr]  # 8s: lowest


def test_the_stud_common_card_is_the_pending_deal_when_the_stub_runs_short() -> None:
    """RULES G9: eight players to seventh street need eight cards and the stub holds four: one common card."""
    stud = find("stud")
    hand = stud.deal(stacks=[1000] * 8, ante=1, cards=DeckSource.shuffled(seed=4, stop_at_deals=True))
    while hand.street < 4 or hand.phase is not Phase.DEAL:
        if hand.phase is Phase.DEAL:
            hand.deal()
        else:
            legal = hand.legal_actions()
            assert legal is not None
            hand.act(Action.post_bring_in() if legal.bring_in is not None else
                     Action.check() if legal.check else Action.call(), legal.seat)  # fmt: skip
    assert hand._cards.remaining == 52 - 8 * 6 == 4
    assert hand.pending_deal == ((EventType.DEAL_BOARD, None, 1),)
    outcomes = hand.chance_outcomes()
    assert len(outcomes) == 4 and sum(p for _, p in outcomes) == 1
    (card,), _ = outcomes[2]
    assert [e.text for e in hand.deal([card])] == ["common card"] and hand.board == [card]


@pytest.mark.parametrize("game_id", ["holdem", "short-deck", "omaha", "razz", "courchevel"])
def test_chance_outcomes_sum_to_one_and_count_the_unseen_cards(game_id: str) -> None:
    """At every chance node of random hands: the true outcomes are the combinations of the stub's cards, each
    group's cards ascending; a seat's outcomes those of the cards it has not seen (the stub and the others' down
    cards); each probability 1/N, the sum exactly 1.  Every outcome dealt deals exactly its cards."""
    game = find(game_id)
    nodes = 0
    for seed in range(5):
        hand, rng = _deal(game, 100 + seed, stop=True)
        while not hand.is_complete:
            if hand.phase is not Phase.DEAL:
                act_random(hand, rng)
                continue
            groups = hand.pending_deal
            assert groups is not None
            sizes = [g.size for g in groups]
            stub = sorted(hand._cards.stub)  # type: ignore[attr-defined]
            seat = rng.choice([s for s in range(hand.n) if not hand.folded[s]])
            hidden = [c for s in range(hand.n) if s != seat for c in hand.hole[s] if c not in hand.up[s]]
            assert sorted(unseen(hand, seat)) == sorted([*stub, *hidden])
            if outcome_count(len(stub) + len(hidden), sizes) > 3_000:
                hand.deal()
                continue
            nodes += 1
            outcomes = hand.chance_outcomes()
            assert len(outcomes) == outcome_count(len(stub), sizes) == len({c for c, _ in outcomes})
            assert sum(p for _, p in outcomes) == 1 and {p for _, p in outcomes} == {Fraction(1, len(outcomes))}
            assert all(set(c) <= set(stub) and len(c) == sum(sizes) for c, _ in outcomes)
            mine = hand.chance_outcomes(seat)
            assert len(mine) == outcome_count(len(stub) + len(hidden), sizes)
            assert sum(p for _, p in mine) == 1
            cards, _ = outcomes[rng.randrange(len(outcomes))]
            dealt = [c for e in hand.deal(cards) for c in e.cards or ()]
            pos = 0
            got = []
            for g in groups:  # each group's cards, in the engine's order, are the outcome's group
                got.append(sorted(dealt[pos : pos + g.size]))
                pos += g.size
            assert [c for part in got for c in part] == list(cards)
    assert nodes >= 3


def test_deal_refuses_bad_cards_and_changes_nothing() -> None:
    hand = HOLDEM.deal(stacks=[100, 100], cards=DeckSource.shuffled(seed=9, stop_at_deals=True))
    hand.deal()
    hand.act(Action.call(), 0)
    hand.act(Action.check(), 1)
    held = hand.hole[0][0]
    before = state(hand)
    with pytest.raises(IllegalAction, match=r"the flop deal takes 3 cards \(the board 3\), not 2"):
        hand.deal(parse_cards("2c3c"))
    with pytest.raises(DuplicateCard):
        hand.deal([held, *parse_cards("2c3c")])  # seat 0 holds it
    with pytest.raises(DuplicateCard):
        hand.deal(parse_cards("2c2c3c"))
    with pytest.raises(InvalidCard, match="not a card of the Texas hold'em deck"):
        hand.deal([60, 1, 2])
    assert state(hand) == before
    with pytest.raises(IllegalAction, match="no deal is pending: the hand is in its betting"):
        HOLDEM.deal(stacks=[100, 100], seed=1).deal()
    with pytest.raises(IllegalAction, match="no deal is pending"):
        HOLDEM.deal(stacks=[100, 100], seed=1).chance_outcomes()
    with pytest.raises(IllegalAction, match=r"copy\(deal=\.\.\.\) applies at a chance node"):
        HOLDEM.deal(stacks=[100, 100], seed=1).copy(deal=parse_cards("2c3c4c"))
    with pytest.raises(IllegalAction, match="1,624,350 outcomes, more than limit=1,000,000"):
        HOLDEM.deal(stacks=[100, 100], cards=DeckSource.shuffled(seed=1, stop_at_deals=True)).chance_outcomes()
    scripted = HOLDEM.deal(stacks=[100, 100], cards=ScriptedCards({0: "AsAh", 1: "KdKc"}, board="2c7d9hJsQs"))
    scripted.stop_at_deals = True
    scripted.act(Action.call(), 0)
    scripted.act(Action.check(), 1)
    assert scripted.phase is Phase.DEAL and len(scripted.chance_outcomes()) == comb(48, 3)
    with pytest.raises(UnsupportedRule, match="come from a script"):
        scripted.deal(parse_cards("3c4c5c"))
    chosen = scripted.copy(resample=0, rng=random.Random(1), deal=parse_cards("3c4c5c"))
    assert format_cards(chosen.board) == "3c4c5c" and chosen.hole[0] == parse_cards("AsAh")
    assert format_cards(chosen.hole[1]) != "KdKc" and isinstance(chosen._cards, DeckSource)
    scripted.deal()
    assert format_cards(scripted.board) == "2c7d9h"


def test_stop_at_deals_can_be_set_mid_hand_and_copied() -> None:
    hand = HOLDEM.deal(stacks=[100, 100, 100], blinds=(1, 2), seed=11)
    hand.stop_at_deals = True
    for _ in range(3):
        hand.act(Action.call() if hand.cur > hand.bets[hand.to_act or 0] else Action.check(), hand.to_act)
    assert hand.phase is Phase.DEAL and hand.street == 1
    twin = hand.copy()
    assert twin.stop_at_deals and twin.phase is Phase.DEAL
    flop = tuple(sorted(hand.deal()[0].cards or ()))
    other = twin.copy(deal=flop)
    assert sorted(other.board) == list(flop) and other.phase is Phase.BETTING


# ------------------------------------------------------------------------------------------------ exact walks


Strategy = Callable[[Hand, Any], list[tuple[Action, Fraction]]]


def walk(hand: Hand, strategy: Strategy, seat: int = 0) -> tuple[Fraction, int]:
    """The exact expected net chips of ``seat`` under ``strategy`` and the number of leaves, every chance node
    enumerated with ``chance_outcomes`` and dealt with ``copy(deal=...)``."""
    if hand.is_complete:
        return Fraction(hand.outcome()[seat]), 1
    total, leaves = Fraction(0), 0
    if hand.phase is Phase.DEAL:
        for cards, p in hand.chance_outcomes():
            v, n = walk(hand.copy(deal=cards), strategy, seat)
            total, leaves = total + p * v, leaves + n
        return total, leaves
    legal = hand.legal_actions()
    for action, p in strategy(hand, legal):
        if p == 0:
            continue
        child = hand.copy()
        child.act(action, legal.seat)
        v, n = walk(child, strategy, seat)
        total, leaves = total + p * v, leaves + n
    return total, leaves


def uniform(hand: Hand, legal: Any) -> list[tuple[Action, Fraction]]:
    """Every listed kind equally likely (fixed limit: one amount each)."""
    actions = []
    for kind in legal.kinds():
        if kind is ActionKind.BET:
            actions.append(Action.bet(legal.bet[0]))
        elif kind is ActionKind.RAISE:
            actions.append(Action.raise_to(legal.raise_[0]))
        else:
            actions.append(Action(kind))
    return [(a, Fraction(1, len(actions))) for a in actions]


def bet_or_check(hand: Hand, legal: Any) -> list[tuple[Action, Fraction]]:
    """No raises: with nothing to call check or bet half the time each; facing a bet call two times in three."""
    if legal.call is not None:
        return [(Action.call(), Fraction(2, 3)), (Action.fold(), Fraction(1, 3))]
    return [(Action.check(), Fraction(1, 2)), (Action.bet(legal.bet[0]), Fraction(1, 2))]


def _research(game_id: str) -> Game:
    try:
        return find(game_id)
    except UnsupportedRule:
        pytest.skip(f"{game_id} is not in the registry yet")


def test_kuhn_walked_exactly_gives_the_game_value() -> None:
    """Kuhn's equilibrium with alpha = 0 (Kuhn 1950): the first player checks every card, calls a bet with the
    king and with the queen a third of the time; the second bets the king and bluffs the jack a third of the time
    after a check.  The first player's value is exactly -1/18, over 6 deals and 30 leaves."""
    kuhn = _research("kuhn")
    jack, queen, king = sorted(kuhn.deck)

    def equilibrium(hand: Hand, legal: Any) -> list[tuple[Action, Fraction]]:
        card = hand.hole[legal.seat][0]
        third = Fraction(1, 3)
        if legal.call is not None:  # facing the bet
            p = {king: Fraction(1), queen: third, jack: Fraction(0)}[card]
            return [(Action.call(), p), (Action.fold(), 1 - p)]
        if legal.seat == 0:
            return [(Action.check(), Fraction(1))]
        p = {king: Fraction(1), queen: Fraction(0), jack: third}[card]
        return [(Action.bet(legal.bet[0]), p), (Action.check(), 1 - p)]

    root = kuhn.deal(stacks=[2, 2], button=1, cards=DeckSource.shuffled(kuhn.deck, seed=0, stop_at_deals=True))
    assert root.phase is Phase.DEAL and len(root.chance_outcomes()) == 6
    value, _ = walk(root, equilibrium)
    assert value == Fraction(-1, 18)
    _, leaves = walk(root, uniform)
    assert leaves == 30


def test_leduc_walked_exactly_matches_every_deal_played_from_a_script() -> None:
    """The chance walk of Leduc hold'em (30 deals of the hole cards, then 4 board cards) under a fixed strategy
    equals the average over its 120 ordered deals (two hole cards and the board card), each walked from a script
    without any chance node."""
    leduc = _research("leduc")
    root = leduc.deal(stacks=[20, 20], button=1, cards=DeckSource.shuffled(leduc.deck, seed=0, stop_at_deals=True))
    assert len(root.chance_outcomes()) == 30
    value, leaves = walk(root, bet_or_check)
    deals = list(permutations(leduc.deck, 3))
    assert len(deals) == 120
    total = Fraction(0)
    for a, b, board in deals:
        hand = leduc.deal(stacks=[20, 20], button=1, cards=ScriptedCards({0: [a], 1: [b]}, board=[board]))
        total += walk(hand, bet_or_check)[0]
    assert value == total / 120 and value != 0
    assert leaves == 30 * (2 + 3 * 4 * 5)  # per deal: 2 leaves in the first round, 3 lines to the board, 5 after


def test_holdem_all_in_on_the_turn_walked_exactly_is_the_river_by_river_result() -> None:
    """Heads-up all-in on the turn: the walk over the 44 rivers gives seat 0 exactly the average of the pot it wins
    on each river, the hands valued by the high ranking directly (ties split the pot of 200 evenly)."""
    from pokerroom.rankings import HIGH

    cards = DeckSource.shuffled(seed=2, stop_at_deals=True)
    hand = HOLDEM.deal(stacks=[100, 100], button=0, blinds=(1, 2), cards=cards)
    hand.deal(parse_cards("QsQd AhKh"))  # seat 1 is dealt first
    assert format_cards(hand.hole[0]) == "AhKh" and format_cards(hand.hole[1]) == "QsQd"
    hand.act(Action.call(), 0)
    hand.act(Action.check(), 1)
    hand.deal(parse_cards("2h7hTc"))
    hand.act(Action.check(), 1)
    hand.act(Action.check(), 0)
    hand.deal(parse_cards("Jd"))
    hand.act(Action.bet(98), 1)
    hand.act(Action.call(), 0)
    assert hand.phase is Phase.DEAL and len(hand.chance_outcomes()) == 44
    value, leaves = walk(hand, uniform)
    assert leaves == 44
    board = parse_cards("2h7hTcJd")
    rivers = [c for c in HOLDEM.deck if c not in [*board, *parse_cards("AhKhQsQd")]]
    won = Fraction(0)
    for river in rivers:
        mine = HIGH.evaluate([*parse_cards("AhKh"), *board, river])
        theirs = HIGH.evaluate([*parse_cards("QsQd"), *board, river])
        won += 200 if mine > theirs else 100 if mine == theirs else 0
    assert value == won / 44 - 100 and value != 0


# ------------------------------------------------------------------------------------------------ resampling


def chi2_critical(df: int, alpha: float) -> float:
    """The chi-square quantile by Wilson and Hilferty's cube-root normal approximation (within 0.1 % of the exact
    quantile at 46 degrees of freedom: 81.5 against 81.40 at alpha = 0.001)."""
    z = NormalDist().inv_cdf(1 - alpha)
    h = 2 / (9 * df)
    return df * (1 - h + z * sqrt(h)) ** 3


def flop_hand() -> Hand:
    """6-max hold'em stopped before the turn: seat 2 folded preflop, the others saw the flop."""
    hand = HOLDEM.deal(stacks=[1000] * 6, button=5, blinds=(5, 10), cards=DeckSource.shuffled(seed=21))
    hand.act(Action.call(), 2)
    hand.act(Action.fold(), 3)
    for seat in (4, 5, 0):
        hand.act(Action.call(), seat)
    hand.act(Action.check(), 1)
    hand.stop_at_deals = True
    for seat in (0, 1, 2, 4, 5):
        hand.act(Action.check(), seat)
    assert hand.phase is Phase.DEAL and hand.street == 2 and hand.folded[3]
    return hand


def test_resample_keeps_what_the_seat_saw_and_redeals_the_rest_with_the_right_frequencies() -> None:
    """Seat 0 after the flop: its two cards and the board stay; the 47 cards it has not seen are dealt again to the
    five other hands (the folded one too) and the stub.  Over ``count(10000)`` resamples each of the 47 lands in an
    opponent's hand a 10/47 share of the time and is the next (turn) card a 1/47 share (chi-square at alpha
    0.001), the stub is dealt in a new order, and every copy is a consistent hand."""
    hand = flop_hand()
    seat = 0
    mine, board = hand.hole[seat][:], hand.board[:]
    pool = unseen(hand, seat)
    assert len(pool) == 47
    draws = count(10000)
    rng = random.Random(7)
    in_hands: Counter[int] = Counter()
    turns: Counter[int] = Counter()
    original_turn = hand.copy()
    original_turn.deal()
    same_turn = 0
    before = state(hand)
    for _ in range(draws):
        c = hand.copy(resample=seat, rng=rng)
        assert c.hole[seat] == mine and c.board == board
        assert [e for e in c.events if e.seat == seat] == [e for e in hand.events if e.seat == seat]
        others = [x for s in range(6) if s != seat for x in c.hole[s]]
        assert len(others) == 10 and set(others) <= set(pool)
        in_hands.update(others)
        turn = c.deal()[0].cards
        assert turn is not None
        turns.update(turn)
        same_turn += turn == tuple(original_turn.board[-1:])
    assert state(hand) == before
    m, k = 47, 10
    p = k / m
    stat = sum((in_hands[c] - draws * p) ** 2 / (draws * p) for c in pool)
    # Each draw puts exactly k of the m cards in the hands (without replacement): the Pearson statistic is
    # (1 - p) * m / (m - 1) times a chi-square with m - 1 degrees of freedom.
    assert stat / ((1 - p) * m / (m - 1)) < chi2_critical(m - 1, 0.001), stat
    assert set(in_hands) == set(pool)
    stat_turn = sum((turns[c] - draws / m) ** 2 / (draws / m) for c in pool)
    assert stat_turn < chi2_critical(m - 1, 0.001), stat_turn
    assert same_turn < draws / 10  # the copies do not deal the original deck's turn


@pytest.mark.parametrize("game_id", game_ids())
def test_resample_in_every_game_keeps_what_the_seat_saw_and_plays_on(game_id: str) -> None:
    """At random points of random hands of every game, a resample from a random seat: the seat's own events and
    cards, the board, the up cards and the shows as they were; every card in exactly one place; a history that
    could have happened; the hand itself untouched; and the copy plays on to the end with every chip kept."""
    game = find(game_id)
    rng = random.Random(f"resample {game_id}")
    for k in range(4):
        hand = random_hand(game, limits(game)[k % len(limits(game))], rng)
        advance(hand, rng, rng.randint(0, 16))
        if hand.is_complete:
            continue
        seat = rng.randrange(hand.n)
        before = state(hand)
        c = hand.copy(resample=seat, rng=rng)
        assert state(hand) == before
        assert [e for e in c.events if e.seat == seat or e.type not in (EventType.DEAL_HOLE, EventType.DRAW)] == [
            e for e in hand.events if e.seat == seat or e.type not in (EventType.DEAL_HOLE, EventType.DRAW)
        ]
        assert c.hole[seat] == hand.hole[seat] and c.board == hand.board and c.up == hand.up and c.shown == hand.shown
        assert len(c.events) == len(hand.events) and c.stacks == hand.stacks and c.to_act == hand.to_act
        assert len(places(c)) == len(game.deck) and set(places(c).values()) == {1}
        history_holds(c)
        total = c.total_chips
        while not c.is_complete:
            act_random(c, rng)
        assert sum(c.stacks) + c.carried + c.rake == total


def test_resample_in_stud_keeps_up_cards_and_redeals_down_cards() -> None:
    stud = find("stud")
    hand = stud.deal(stacks=[500] * 4, ante=1, seed=31)
    for _ in range(6):
        legal = hand.legal_actions()
        assert legal is not None
        hand.act(Action.post_bring_in() if legal.bring_in is not None else
                 Action.check() if legal.check else Action.call(), legal.seat)  # fmt: skip
    assert hand.street >= 1
    seat = 2
    rng = random.Random(3)
    moved = Counter[int]()
    for _ in range(200):
        c = hand.copy(resample=seat, rng=rng)
        assert c.hole[seat] == hand.hole[seat] and c.up == hand.up
        for s in range(4):
            assert [x for x in c.hole[s] if x in c.up[s]] == [x for x in hand.hole[s] if x in hand.up[s]]
            down = [x for x in hand.hole[s] if x not in hand.up[s]]
            if s != seat:
                moved.update(x != y for x, y in zip(down, [x for x in c.hole[s] if x not in c.up[s]], strict=True))
        assert sum(places(c).values()) == 52 and set(places(c).values()) == {1}
        history_holds(c)
        while not c.is_complete:
            legal = c.legal_actions()
            assert legal is not None
            c.act(Action.check() if legal.check else Action.call(), legal.seat)
        assert sum(c.stacks) == 2000
    assert moved[True] > 0.9 * sum(moved.values())


def test_resample_keeps_shown_cards() -> None:
    hand = HOLDEM.deal(stacks=[300] * 3, button=0, blinds=(1, 2), seed=5, auto_showdown=False)
    while hand.phase is not Phase.SHOWDOWN:
        hand.act(Action.call() if hand.cur > hand.bets[hand.to_act or 0] else Action.check(), hand.to_act)
    shower = hand.to_act
    assert shower is not None
    hand.act(Action.show(), shower)
    seat = next(s for s in range(3) if s != shower and s != hand.to_act)
    waiting = hand.to_act
    assert waiting is not None
    changed = 0
    for i in range(50):
        c = hand.copy(resample=seat, rng=random.Random(i))
        assert c.hole[shower] == hand.hole[shower] and c.shown == hand.shown and c.hole[seat] == hand.hole[seat]
        changed += c.hole[waiting] != hand.hole[waiting]
        while not c.is_complete:
            c.act(Action.show(), c.to_act)
        assert sum(c.stacks) == 900
    assert changed > 40


def _triple_draw_with_a_lost_card() -> tuple[Hand, int, int, int]:
    """A 6-max 2-7 triple draw hand in which seat 0 discarded a card that a reshuffle made for another player put
    back into the stub, and another seat then drew it; returns the hand, the seat, the card and who holds it."""
    game = find("27-triple-draw")
    for seed in range(400):
        rng = random.Random(seed)
        hand = game.deal(stacks=[10_000] * 6, button=5, blinds=(5, 10), seed=seed)
        while not hand.is_complete:
            legal = hand.legal_actions()
            assert legal is not None
            if legal.draw is not None:
                k = legal.draw if legal.seat == 0 else rng.randint(2, legal.draw)
                action = Action.draw(tuple(hand.hole[legal.seat][:k]))
            else:
                action = Action.check() if legal.check else Action.call()
            hand.act(action, legal.seat)
            if hand.phase is not Phase.BETTING:
                continue
            lost = knowledge(hand, 0).lost
            for card in lost:
                holder = next((s for s in range(1, 6) if card in hand.hole[s]), None)
                if holder is not None:
                    return hand, 0, card, holder
    raise AssertionError("no hand with a lost card in another hand")


def test_resample_after_a_reshuffle_keeps_the_seat_from_knowing_where_its_discards_went() -> None:
    """Draw games (RULES §2.5): seat 0's discards, their reshuffle into the stub for another player and that
    player's draw of one.  A resample keeps seat 0's cards and discards, deals the card it lost track of anywhere
    it cannot see that was filled after that reshuffle (not always back to the player who drew it), keeps every
    card in one place and a history that could have happened, and plays on to the end."""
    hand, seat, card, holder = _triple_draw_with_a_lost_card()
    assert any(e.type is EventType.RESHUFFLE for e in hand.events)
    rng = random.Random(5)
    where: Counter[str] = Counter()
    for _ in range(300):
        c = hand.copy(resample=seat, rng=rng)
        assert c.hole[seat] == hand.hole[seat] and c.discards[seat] == hand.discards[seat]
        assert [e for e in c.events if e.seat == seat] == [e for e in hand.events if e.seat == seat]
        assert len(places(c)) == 52 and set(places(c).values()) == {1}
        history_holds(c)
        at = next((f"seat {s}" for s in range(6) if card in c.hole[s]), None)
        where[at or "stub or muck"] += 1
        assert at != f"seat {seat}"
        while not c.is_complete:
            legal = c.legal_actions()
            assert legal is not None
            c.act(Action.stand_pat() if legal.draw is not None else
                  Action.check() if legal.check else Action.call(), legal.seat)  # fmt: skip
        assert sum(c.stacks) == 60_000
    # Only places filled after the reshuffle can hold it: the stub, the muck, and cards drawn since.
    assert where[f"seat {holder}"] < 200 and where["stub or muck"] > 50, where


def test_resample_of_a_replayed_hand_with_every_card_known() -> None:
    from pokerroom.formats import phh
    from pokerroom.formats.replay import _apply, _Units, build_hand

    paths = sorted((SHARED / "dataset" / "pluribus").rglob("*.phh"))[:5]
    if not paths:
        pytest.skip("the Pluribus hands are not in ../shared/phh")
    (record,) = phh.read(paths[0])
    hand, actions, unit = build_hand(record)
    conv = _Units(unit)
    seen = 0
    for a in actions[:8]:
        seen = _apply(hand, a, seen, conv)
    c = hand.copy(resample=1, rng=random.Random(2))
    assert c.hole[1] == hand.hole[1] and isinstance(c._cards, DeckSource)
    assert sum(places(c).values()) == 52 and set(places(c).values()) == {1}


def test_resample_refusals() -> None:
    hand = flop_hand()
    with pytest.raises(IllegalAction, match="seat 6 is not a seat of this 6-seat table"):
        hand.copy(resample=6)
    with pytest.raises(IllegalAction, match="rng is the randomness of a resample"):
        hand.copy(rng=random.Random(1))
    while not hand.is_complete:
        if hand.phase is Phase.DEAL:
            hand.deal()
        else:
            hand.act(Action.check(), hand.to_act)
    with pytest.raises(IllegalAction, match="the hand is complete"):
        hand.copy(resample=0, rng=random.Random(1))
    unknown = HOLDEM.deal(stacks=[100, 100], cards=ScriptedCards({0: "AsAh"}, board="2c7d9hJsQs"))
    with pytest.raises(UnknownCards, match=r"seat 1's cards are unknown \(\?\?\)"):
        unknown.copy(resample=0, rng=random.Random(1))


def test_resample_with_a_deal_leaves_those_cards_for_the_deal() -> None:
    """A seat's chance outcome may hold a card another player has: ``copy(resample=seat, deal=cards)`` deals the
    others again around it, and its next deal is those cards."""
    hand = flop_hand()
    opponent_card = hand.hole[1][0]
    outcome = (opponent_card,)
    assert outcome in {c for c, _ in hand.chance_outcomes(0)}
    assert outcome not in {c for c, _ in hand.chance_outcomes()}
    rng = random.Random(4)
    for _ in range(100):
        c = hand.copy(resample=0, rng=rng, deal=outcome)
        assert c.board[-1] == opponent_card and all(opponent_card not in c.hole[s] for s in range(6))
        assert c.hole[0] == hand.hole[0] and sum(places(c).values()) == 52
    with pytest.raises(DuplicateCard):
        hand.copy(resample=0, rng=rng, deal=(hand.hole[0][0],))  # its own card
