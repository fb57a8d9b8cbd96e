"""Verified once (DESIGN: three faces per action, one path for an action): ``Hand.verify`` remembers the action it
accepted, and ``Hand.act`` given that very object for the same seat in the same state does not verify it again; a
different object, another seat or a changed state is verified as before, and a refusal never changes the hand.
The room's ``Table.accept`` then ``Table.apply`` verify once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import Action, DeckSource, Hand, Phase, ScriptedCards
from pokerroom.engine.betting import BettingRound
from pokerroom.engine.draw import DrawRound
from pokerroom.engine.showdown import Showdown
from pokerroom.errors import IllegalAmount, NotYourTurn
from pokerroom.games import Betting, find
from pokerroom.room.clock import VirtualClock
from pokerroom.room.table import Table, TableConfig


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """How often each full verifier ran (the private ones the hand's faces call)."""
    seen: Counter[str] = Counter()

    def counting(cls: type, name: str) -> None:
        original: Callable[..., Any] = getattr(cls, name)

        def wrapper(self: object, *args: object) -> Any:
            seen[f"{cls.__name__}.{name}"] += 1
            return original(self, *args)

        monkeypatch.setattr(cls, name, wrapper)

    counting(BettingRound, "verify")
    counting(BettingRound, "verify_all_in")
    counting(DrawRound, "verify")
    counting(Showdown, "verify_show")
    counting(Showdown, "verify_split")
    yield seen


def _holdem(**kw: Any) -> Hand:
    return find("holdem").deal(stacks=[1000] * 4, button=3, blinds=(5, 10), cards=DeckSource.shuffled(seed=4), **kw)


def test_act_after_verify_does_not_verify_again(calls: Counter[str]) -> None:
    h = _holdem()
    raise_ = Action.raise_to(30)
    h.verify(raise_, 2)
    assert calls["BettingRound.verify"] == 1
    h.act(raise_, 2)
    assert calls["BettingRound.verify"] == 1
    fold = Action.fold()
    h.verify(fold)  # the seat to act, not named: act must not name it either
    h.act(fold)
    assert calls["BettingRound.verify"] == 2
    assert [e.type.value for e in h.events[-2:]] == ["raise", "fold"]


def test_another_object_or_seat_is_verified(calls: Counter[str]) -> None:
    h = _holdem()
    h.verify(Action.raise_to(30), 2)
    h.act(Action.raise_to(30), 2)  # equal, but not the object verify saw
    assert calls["BettingRound.verify"] == 2
    fold = Action.fold()
    h.verify(fold)
    h.act(fold, 3)  # the seat named now, not at verify
    assert calls["BettingRound.verify"] == 4


def test_a_changed_state_is_verified_again(calls: Counter[str]) -> None:
    h = _holdem()
    raise_ = Action.raise_to(30)
    h.verify(raise_)  # seat 2 could raise to 30 ...
    h.act(Action.raise_to(100), 2)  # ... but raised to 100 instead
    before = (list(h.stacks), list(h.bets), len(h.events), h.to_act)
    with pytest.raises(IllegalAmount) as err:
        h.act(raise_)  # seat 3 may not raise to 30 now: verified, refused, nothing changed
    assert err.value.nearest == 190
    assert (list(h.stacks), list(h.bets), len(h.events), h.to_act) == before
    assert calls["BettingRound.verify"] == 3


def test_a_refused_verify_remembers_nothing(calls: Counter[str]) -> None:
    h = _holdem()
    wrong = Action.raise_to(15)
    with pytest.raises(IllegalAmount):
        h.verify(wrong, 2)
    with pytest.raises(IllegalAmount):
        h.act(wrong, 2)
    with pytest.raises(NotYourTurn):
        h.verify(Action.fold(), 0)
    assert calls["BettingRound.verify"] == 3
    assert len(h.events) == 6  # two blinds, four hole-card deals


def test_draws_splits_and_showdowns_are_verified_once(calls: Counter[str]) -> None:
    h = find("five-card-draw").deal(stacks=[100] * 2, button=1, blinds=(1, 2), seed=2, auto_showdown=False)
    h.act(Action.call(), 1)
    h.act(Action.check(), 0)
    assert h.phase is Phase.DRAW
    draw = Action.draw(tuple(h.hole[0][:2]))
    h.verify(draw, 0)
    h.act(draw, 0)
    h.act(Action.stand_pat(), 1)  # not verified beforehand: verified by act
    assert calls["DrawRound.verify"] == 2
    h.act(Action.check(), 0)
    h.act(Action.check(), 1)
    assert h.phase is Phase.SHOWDOWN
    show = Action.show()
    h.verify(show)
    h.act(show)
    muck = Action.muck()
    h.act(muck)
    assert calls["Showdown.verify_show"] == 2 and h.is_complete

    split = _draw32_split_question()
    answer = Action.split()
    split.verify(answer)
    split.act(answer)
    assert calls["Showdown.verify_split"] == 1 and split.is_complete


def _draw32_split_question() -> Hand:
    """32-card draw with seat 2 all-in preflop, asked to split after seats 0 and 1 pressed split (RULES G15)."""
    game = find("draw32")
    deck = DeckSource(parse_cards("AsKsQsJsTs9s8s7sAhKhQhJhTh9h8h7hAdKdQdJdTd9d8d7dAcKcQcJcTc9c8c7c"))
    h = game.deal(stacks=[200, 200, 10], button=2, blinds=(5, 10), limit="no", cards=deck)
    while h.phase is not Phase.SPLIT:
        legal = h.legal_actions()
        assert legal is not None
        if legal.draw is not None:
            h.act(Action.stand_pat())
        elif legal.split:
            h.act(Action.split())
        elif legal.call is not None:
            h.act(Action.call())
        else:
            h.act(Action.check())
    return h


def test_disconnect_protection_is_verified_once(calls: Counter[str]) -> None:
    def facing_a_raise() -> Hand:
        fixed = Betting.fixed_limit(10, 20)
        h = find("holdem").deal(stacks=[1000] * 3, button=2, blinds=(5, 10), betting=fixed, seed=1)
        h.act(Action.raise_to(20), 2)
        return h

    h = facing_a_raise()
    assert h.verify_artificial_all_in(0) == 0
    h.artificial_all_in(0)
    assert calls["BettingRound.verify_all_in"] == 1
    assert h.protected[0] == 995 and h.to_act == 1
    h = facing_a_raise()
    h.artificial_all_in(0)  # not verified beforehand
    assert calls["BettingRound.verify_all_in"] == 2


def test_the_tables_accept_then_apply_verifies_once(calls: Counter[str]) -> None:
    t = Table(TableConfig("holdem", blinds=(5, 10), seats=3), clock=VirtualClock(), first_button=0)
    for seat in range(3):
        t.sit(seat, f"p{seat}", 1000)
    t.start_hand(seed=1)
    seat = t.to_act
    assert seat is not None
    decision = t.accept(seat, Action.raise_to(30))
    t.apply(decision)
    assert calls["BettingRound.verify"] == 1


def test_check_and_call_need_no_verifier(calls: Counter[str]) -> None:
    h = find("holdem").deal(stacks=[100] * 2, cards=ScriptedCards({0: "AsAh", 1: "KsKh"}, board="2c5d7h9cJs"))
    while h.to_act is not None:
        legal = h.legal_actions()
        assert legal is not None
        h.act(Action.check() if legal.check else Action.call())
    assert sum(calls.values()) == 0 and h.outcome() == [2, -2]
