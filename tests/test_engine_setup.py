"""Setting a hand up (RULES §3.4-§3.6, §3.11, G4, G8; TRAPS T24): the engine lays out and posts the forced bets;
``game.deal(...)`` is the same call through the game."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from pokerroom.engine import EventType, LegalActions
from pokerroom.engine.actions import betting_legal
from pokerroom.engine.setup import deal
from pokerroom.errors import IllegalAction, UnsupportedRule
from pokerroom.games import find
from pokerroom.games.base import Game


def test_game_deal_is_the_engines_deal() -> None:
    game = find("omaha8")
    kw = {"stacks": [300, 200, 100, 50], "button": 1, "blinds": (2, 4), "ante": 1, "straddle": 8, "seed": 9}
    ours, theirs = game.deal(**kw), deal(game, **kw)  # type: ignore[arg-type]
    assert ours.events == theirs.events and ours.to_act == theirs.to_act
    engine = inspect.signature(deal).parameters
    public = inspect.signature(Game.deal).parameters
    assert [(p.name, p.default) for p in public.values()][1:] == [(p.name, p.default) for p in engine.values()][1:]


def test_forced_bets_in_order_antes_blinds_straddle_dead() -> None:
    h = find("holdem").deal(stacks=[100] * 5, button=0, blinds=(1, 2), ante=1, straddle=4, dead=[0, 0, 0, 0, 1])
    posted = [(e.type, e.seat, e.amount, e.text) for e in h.events if e.type.value.startswith("post")]
    assert posted == [
        *[(EventType.POST_ANTE, s, 1, None) for s in (1, 2, 3, 4, 0)],
        (EventType.POST_BLIND, 1, 1, "small blind"),
        (EventType.POST_BLIND, 2, 2, "big blind"),
        (EventType.POST_BLIND, 3, 4, "straddle"),
        (EventType.POST_DEAD, 4, 1, "dead"),
    ]
    assert h.to_act == 4 and h.cur == 4 and h.pot_total == 13


def test_stud_bring_in_defaults_to_two_antes() -> None:
    h = find("stud").deal(stacks=[100] * 3, ante=2, seed=1)
    assert h.bring_in == 4 and h.blinds == (0, 0, 0)
    legal = h.legal_actions()
    assert legal is not None and legal.bring_in == 4


def test_set_up_errors() -> None:
    with pytest.raises(UnsupportedRule, match="seats 2 to 10 players, not 1"):
        find("holdem").deal(stacks=[100])
    with pytest.raises(UnsupportedRule, match="posts need one amount per seat"):
        find("holdem").deal(stacks=[100] * 3, posts=[1, 2])
    with pytest.raises(IllegalAction, match="every seat dealt in needs chips"):
        find("holdem").deal(stacks=[100, 0])


def test_the_fast_legal_actions_are_the_dataclass() -> None:
    # betting_legal sets every slot of LegalActions: a field added there must be added here too.
    made = betting_legal(3, 4, True, False, 10, (20, 40), None, (20, 40), True)
    assert made == LegalActions(3, bring_in=4, fold=True, call=10, bet=(20, 40), amounts=(20, 40), split=True)
    assert {f.name: getattr(made, f.name) for f in dataclasses.fields(LegalActions)} == dataclasses.asdict(made)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.seat = 2  # type: ignore[misc]


def test_a_bring_in_over_the_small_bet_is_refused_at_fixed_limit() -> None:
    """RULES G9: the bring-in is at most the small bet (the player may complete to it); equal is allowed."""
    stud = find("stud")
    with pytest.raises(UnsupportedRule, match=r"the bring-in \(50\) is at most the small bet \(10\)"):
        stud.deal(stacks=[1000] * 4, ante=2, bring_in=50, limit="fixed", blinds=(5, 10), seed=1)
    hand = stud.deal(stacks=[1000] * 4, ante=2, bring_in=10, limit="fixed", blinds=(5, 10), seed=1)
    assert hand.bring_in == 10
    assert stud.deal(stacks=[1000] * 4, ante=2, bring_in=50, limit="no", blinds=(5, 10), seed=1).bring_in == 50
