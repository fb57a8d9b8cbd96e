"""Bots (pokerroom.bots): every action a bot returns is one the hand accepts, amounts inside the legal ranges,
chips conserved; SimpleBot folds trash to a pot-sized raise and raises aces; bots act from views only."""

from __future__ import annotations

import random

import pytest

from pokerroom.bots import BOTS, Bot, CallingStation, RandomBot, SimpleBot, chen_score, make, preflop_score
from pokerroom.cards import parse_cards
from pokerroom.engine import Action, ActionKind, Hand, HandView, ScriptedCards
from pokerroom.errors import NotYourTurn, UnsupportedRule
from pokerroom.games import find

STRUCTURES = [("holdem", "no"), ("holdem", "pot"), ("holdem", "fixed"), ("omaha", "pot")]
HANDS = 80  # per bot and structure: 960 hands in all, seats 2..9


def in_range(action: Action, view: HandView) -> bool:
    legal = view.legal
    assert legal is not None
    if action.kind is ActionKind.BET:
        return legal.bet is not None and action.amount is not None and legal.bet[0] <= action.amount <= legal.bet[1]
    if action.kind is ActionKind.RAISE:
        return (
            legal.raise_ is not None
            and action.amount is not None
            and legal.raise_[0] <= action.amount <= legal.raise_[1]
        )
    return action.kind in legal.kinds()


def drive(hand: Hand, bots: list[Bot]) -> list[Action]:
    """Play ``hand`` to the end with one bot per seat, checking every action and the chip total."""
    total = hand.total_chips
    taken: list[Action] = []
    while not hand.is_complete:
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat)
        action = bots[seat].act(view)
        assert in_range(action, view), (action, view.legal)
        hand.verify(action, seat)
        hand.act(action, seat)
        taken.append(action)
        assert hand.total_chips == total
    assert sum(hand.stacks) == total
    assert sum(hand.outcome()) == 0
    return taken


@pytest.mark.parametrize("bot_name", sorted(BOTS))
@pytest.mark.parametrize(("game_id", "limit"), STRUCTURES)
def test_every_bot_action_is_accepted(bot_name: str, game_id: str, limit: str) -> None:
    game = find(game_id)
    for i in range(HANDS):
        rng = random.Random(f"{bot_name}-{game_id}-{limit}-{i}")
        n = 2 + i % 8
        stacks = [rng.choice([rng.randint(1, 30), rng.randint(50, 400)]) for _ in range(n)]
        hand = game.deal(stacks=stacks, button=rng.randrange(n), blinds=(1, 2), limit=limit, seed=i)
        drive(hand, [make(bot_name, seed=i * 10 + s) for s in range(n)])


@pytest.mark.parametrize(("game_id", "limit"), STRUCTURES)
def test_mixed_tables_conserve_chips(game_id: str, limit: str) -> None:
    game = find(game_id)
    kinds: list[type[SimpleBot] | type[RandomBot] | type[CallingStation]] = [SimpleBot, RandomBot, CallingStation]
    for i in range(60):
        n = 2 + i % 8
        hand = game.deal(stacks=[200] * n, button=i % n, blinds=(1, 2), limit=limit, seed=1000 + i)
        drive(hand, [kinds[(i + s) % 3](i + s) for s in range(n)])


def test_bots_are_deterministic_given_a_seed() -> None:
    game = find("holdem")
    for name in BOTS:
        runs = []
        for _ in range(2):
            hand = game.deal(stacks=[150] * 6, seed=42)
            runs.append(drive(hand, [make(name, seed=s) for s in range(6)]))
        assert runs[0] == runs[1]


def pot_raise_then(hole: str, *, game_id: str = "holdem") -> Action:
    """Seat 0 (button, first to act three-handed) raises the size of the pot; seat 1 holds ``hole``."""
    game = find(game_id)
    filler = "KsKdKhKc" if game_id == "omaha" else "KsKd"
    other = "QsQdQhQc" if game_id == "omaha" else "QsQd"
    hand = game.deal(stacks=[400] * 3, button=0, limit="no", cards=ScriptedCards({0: filler, 1: hole, 2: other}))
    assert hand.to_act == 0
    hand.act(Action.raise_to(2 + 3 + 2), 0)  # call 2, then raise the pot of 3 + 2 + 2
    assert hand.to_act == 1
    return SimpleBot(seed=1).act(hand.view(1))


def test_simple_bot_folds_72o_to_a_pot_sized_raise() -> None:
    assert pot_raise_then("7c2d") == Action.fold()


def test_simple_bot_reraises_aces_facing_a_pot_sized_raise() -> None:
    action = pot_raise_then("AsAh")
    assert action.kind is ActionKind.RAISE and action.amount is not None and action.amount >= 14


def test_simple_bot_opens_aces_with_a_raise() -> None:
    hand = find("holdem").deal(stacks=[200] * 6, button=5, cards=ScriptedCards({2: "AdAc"}))
    assert hand.to_act == 2
    action = SimpleBot(seed=0).act(hand.view(2))
    assert action.kind is ActionKind.RAISE
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    assert legal.raise_[0] <= (action.amount or 0) <= legal.raise_[1]


def test_simple_bot_folds_trash_and_raises_aces_in_fixed_limit() -> None:
    game = find("holdem")
    hand = game.deal(stacks=[100] * 3, button=0, limit="fixed", cards=ScriptedCards({0: "AsAh", 1: "7c2d"}))
    assert SimpleBot(seed=0).act(hand.view(0)) == Action.raise_to(4)
    hand.act(Action.raise_to(4), 0)
    assert SimpleBot(seed=0).act(hand.view(1)) == Action.fold()


def test_simple_bot_omaha_uses_its_best_two_cards() -> None:
    assert preflop_score(parse_cards("AsAh7c2d")) == 20
    assert pot_raise_then("AsAh7c2d", game_id="omaha").kind is ActionKind.RAISE
    assert pot_raise_then("7c2d8h3s", game_id="omaha") == Action.fold()


def test_simple_bot_checks_when_free_and_folds_nothing_to_a_big_bet() -> None:
    # Seat 1 holds 7c2d; the flop A K 9 misses it; after a check it may check, and it folds to a pot bet.
    game = find("holdem")
    cards = ScriptedCards({0: "KsKd", 1: "7c2d", 2: "QsQd"}, board="AhKh9c4s3d")
    hand = game.deal(stacks=[400] * 3, button=0, cards=cards)
    hand.act(Action.call(), 0)
    hand.act(Action.call(), 1)
    hand.act(Action.check(), 2)
    assert hand.street == 1 and hand.to_act == 1
    first = SimpleBot(seed=5, bluff=0.0).act(hand.view(1))
    assert first == Action.check()
    hand.act(first, 1)
    hand.act(Action.bet(6), 2)
    hand.act(Action.raise_to(30), 0)
    assert SimpleBot(seed=5).act(hand.view(1)) == Action.fold()


def test_chen_scores() -> None:
    def score(text: str) -> int:
        a, b = parse_cards(text)
        return chen_score(a, b)

    assert [score(h) for h in ("AsAh", "KsKh", "AsKs", "AsKd", "JsTs", "5s5h", "7c2d")] == [20, 16, 12, 10, 9, 5, -1]


def test_bots_see_only_views_and_refuse_out_of_turn() -> None:
    hand = find("holdem").deal(stacks=[100] * 3, seed=1)
    waiting = next(s for s in range(3) if s != hand.to_act)
    for name in BOTS:
        bot = make(name, seed=0)
        assert isinstance(bot, Bot)
        with pytest.raises(NotYourTurn):
            bot.act(hand.view(waiting))
    with pytest.raises(UnsupportedRule, match="bots: simple, random, calling"):
        make("shark")
