"""Bots (pokerroom.bots): every action a bot returns is one the hand accepts, amounts inside the legal ranges (and
on the legal amounts where only some are legal), chips conserved, in every game at every limit it is offered;
SimpleBot folds trash to a pot-sized raise and raises aces, values hands by the game's own shares (razz and
lowball: lower is better), draws sensibly; bots act from views only."""

from __future__ import annotations

import random

import pytest

from pokerroom.bots import BOTS, Bot, CallingStation, RandomBot, SimpleBot, chen_score, make, preflop_score
from pokerroom.bots.discards import choose_discards
from pokerroom.bots.equity import MIN_SAMPLES, equity_estimate, estimate_equity
from pokerroom.cards import DECK52, parse_cards
from pokerroom.engine import Action, ActionKind, Hand, HandView, LegalActions, ScriptedCards
from pokerroom.errors import NotYourTurn, UnsupportedRule
from pokerroom.games import all_games, find

STRUCTURES = [("holdem", "no"), ("holdem", "pot"), ("holdem", "fixed"), ("omaha", "pot")]
HANDS = 80  # per bot and structure: 960 hands in all, seats 2..9


def in_range(action: Action, view: HandView) -> bool:
    legal = view.legal
    assert legal is not None
    if action.kind in (ActionKind.BET, ActionKind.RAISE):
        bounds = legal.bet if action.kind is ActionKind.BET else legal.raise_
        if bounds is None or action.amount is None or not bounds[0] <= action.amount <= bounds[1]:
            return False
        return legal.amounts is None or action.amount in legal.amounts
    if action.kind is ActionKind.DRAW:
        discards = action.cards or ()
        return (
            legal.draw is not None
            and len(discards) <= legal.draw
            and len(set(discards)) == len(discards)
            and set(discards) <= set(view.my_cards)
        )
    return action.kind in legal.kinds()


def drive(hand: Hand, bots: list[Bot], seen: list[tuple[LegalActions, Action]] | None = None) -> list[Action]:
    """Play ``hand`` to the end with one bot per seat, checking every action and the chip total (chips a club
    game carries to the next hand included); ``seen`` collects each legal-actions summary and the answer."""
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
        if seen is not None and view.legal is not None:
            seen.append((view.legal, action))
        assert hand.total_chips == total
    assert sum(hand.stacks) + hand.carried == total
    assert sum(hand.outcome()) == -hand.carried
    return taken


def every_structure() -> list[tuple[str, str]]:
    """Every registered game at every limit it is offered at (a structure the engine cannot build is left out)."""
    out: list[tuple[str, str]] = []
    for game in all_games():
        for limit in game.limits:
            try:
                game.betting(limit, big_blind=2)
            except UnsupportedRule:
                continue
            out.append((game.id, limit.value))
    return out


def deal_any(game_id: str, limit: str, key: str, i: int) -> Hand:
    """A seeded hand of any game: 2 to 8 seats, short and deep stacks, an ante in the stud games."""
    game = find(game_id)
    rng = random.Random(f"{key}-{game_id}-{limit}-{i}")
    n = rng.randint(game.min_players, min(game.max_players, 8))
    stacks = [rng.choice([rng.randint(3, 30), rng.randint(50, 400)]) for _ in range(n)]
    forced = {"ante": 1 + i % 3} if game.stud is not None else {}
    return game.deal(stacks=stacks, button=rng.randrange(n), limit=limit, seed=i, **forced)


EVERY_GAME_HANDS = 3  # per bot, game and limit: about 500 hands over every registered game


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


@pytest.mark.parametrize("bot_name", sorted(BOTS))
@pytest.mark.parametrize(("game_id", "limit"), every_structure())
def test_every_bot_plays_every_game(bot_name: str, game_id: str, limit: str) -> None:
    for i in range(EVERY_GAME_HANDS):
        hand = deal_any(game_id, limit, bot_name, i)
        drive(hand, [make(bot_name, seed=i * 10 + s) for s in range(hand.n)])


def test_every_game_and_limit_is_covered() -> None:
    structures = every_structure()
    assert {g for g, _ in structures} == {g.id for g in all_games()}
    for must in [("stud", "fixed"), ("stud8", "pot"), ("razz", "fixed"), ("27-triple-draw", "fixed")]:
        assert must in structures


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_mixed_bots_play_every_game(game_id: str) -> None:
    game = find(game_id)
    kinds: list[type[SimpleBot] | type[RandomBot] | type[CallingStation]] = [SimpleBot, RandomBot, CallingStation]
    for i in range(4):
        hand = deal_any(game_id, game.default_limit.value, "mixed", i)
        drive(hand, [kinds[(i + s) % 3](i + s) for s in range(hand.n)])


@pytest.mark.parametrize("bot_name", ["random", "simple"])
def test_bots_keep_to_the_legal_amounts_of_an_open_pair(bot_name: str) -> None:
    # Fixed-limit stud with an open pair on fourth street: only the small or the big bet is legal (RULES G9).
    seen: list[tuple[LegalActions, Action]] = []
    for i in range(30):
        hand = find("stud").deal(stacks=[500] * 6, button=i % 6, ante=1, limit="fixed", seed=7000 + i)
        drive(hand, [make(bot_name, seed=i * 10 + s) for s in range(6)], seen)
    with_amounts = [(legal, action) for legal, action in seen if legal.amounts]
    assert with_amounts, "no open pair came up"
    for legal, action in with_amounts:
        if action.kind in (ActionKind.BET, ActionKind.RAISE):
            assert legal.amounts is not None and action.amount in legal.amounts


def test_bring_in_is_posted_or_completed() -> None:
    # seat 3 shows the lowest door card (2c) and must bring in or complete; no bot folds or checks there.
    hole = {0: "AhKh9c", 1: "QhJh8d", 2: "9s9dTs", 3: "7s6s2c"}
    for name in BOTS:
        hand = find("stud").deal(stacks=[300] * 4, button=3, ante=1, limit="fixed", cards=ScriptedCards(hole))
        assert hand.to_act == 3
        action = make(name, seed=1).act(hand.view(3))
        assert action.kind in (ActionKind.BRING_IN, ActionKind.BET), (name, action)
        hand.verify(action, 3)
    assert CallingStation().act(hand.view(3)) == Action.post_bring_in()


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


# ---------------------------------------------------------------------------------------------- draws


def to_first_draw(game_id: str, seat_cards: str) -> Hand:
    """Three seats, button 0; everyone calls or checks the first round; seat 1 (first to draw) holds
    ``seat_cards``, the others unknown cards."""
    game = find(game_id)
    hand = game.deal(stacks=[200] * 3, button=0, limit="fixed", cards=ScriptedCards({1: seat_cards}))
    while hand.phase.value == "betting":
        legal = hand.legal_actions()
        assert legal is not None
        hand.act(Action.check() if legal.check else Action.call(), hand.to_act)
    assert hand.phase.value == "draw" and hand.to_act == 1
    return hand


def test_simple_bot_keeps_small_distinct_cards_in_deuce_to_seven() -> None:
    hand = to_first_draw("27-triple-draw", "7h7d5c3sAh")
    action = SimpleBot(seed=3).act(hand.view(1))
    assert action.kind is ActionKind.DRAW and set(action.cards or ()) == set(parse_cards("7dAh"))
    made = to_first_draw("27-triple-draw", "7h5d4c3s2h")  # the best hand: stand pat
    assert SimpleBot(seed=3).act(made.view(1)) == Action.stand_pat()


def test_simple_bot_keeps_pairs_in_five_card_draw() -> None:
    hand = to_first_draw("five-card-draw", "KhKd7c4s2h")
    action = SimpleBot(seed=3).act(hand.view(1))
    assert set(action.cards or ()) == set(parse_cards("7c4s2h"))
    flush = to_first_draw("five-card-draw", "Kh9h7h4h2h")
    assert SimpleBot(seed=3).act(flush.view(1)) == Action.stand_pat()


def test_calling_station_stands_pat_and_random_bot_throws_what_it_holds() -> None:
    hand = to_first_draw("27-triple-draw", "KhQd5c3s2h")
    assert CallingStation().act(hand.view(1)) == Action.stand_pat()
    counts = set()
    for seed in range(40):
        action = RandomBot(seed=seed).act(hand.view(1))
        assert in_range(action, hand.view(1))
        counts.add(len(action.cards or ()))
    assert len(counts) >= 4  # random subsets of every size come up


def test_deuce_to_seven_discards_never_keep_a_pair_or_a_big_card() -> None:
    game = find("27-triple-draw")
    rng = random.Random(27)
    for _ in range(400):
        hand = rng.sample(DECK52, 5)
        throw = choose_discards(hand, game)
        kept = [c for c in hand if c not in throw]
        if not throw:  # stood pat: a made nine-low or better, so no pair
            assert len({c >> 2 for c in hand}) == 5
            continue
        assert len({c >> 2 for c in kept}) == len(kept)  # never a pair
        assert all(c >> 2 <= 5 for c in kept)  # 7 and under; the ace plays high in 2-7


def test_ace_to_five_lowball_keeps_the_ace() -> None:
    throw = choose_discards(parse_cards("As 2d 9c Kh 4s"), find("club-lowball"))
    assert set(throw) == set(parse_cards("9c Kh"))


# ---------------------------------------------------------------------------------------------- shares


def stud_third(game_id: str, hole: dict[int, str]) -> Hand:
    return find(game_id).deal(stacks=[500] * len(hole), button=len(hole) - 1, ante=1, cards=ScriptedCards(hole))


def test_simple_bot_values_hands_by_the_games_shares() -> None:
    # The same three cards each: A-2-3 is a strong razz start, kings a strong stud start (values larger-is-better
    # for the low share too, so "lower is better" needs no special case).
    hole = {0: "As2d3c", 1: "KsKdQc", 2: "9h8hTd"}
    rng = random.Random(5)

    def equity(game_id: str, seat: int) -> float:
        return estimate_equity(stud_third(game_id, hole).view(seat), find(game_id), rng, budget=4000)

    assert equity("razz", 0) > 0.5 > equity("razz", 1)
    assert equity("stud", 1) > 0.5 > equity("stud", 0)
    assert equity("stud8", 0) > 1 / 3  # a low draw and high cards: worth more than a fair third in hi/lo


def test_bots_decide_from_the_view_alone() -> None:
    # Two deals that differ only in cards seat 3 may not see give seat 3 the same view and the same decision.
    a = stud_third("stud", {0: "AhKh9c", 1: "QhJh8d", 2: "9s9dTs", 3: "7s6s2c"})
    b = stud_third("stud", {0: "2h3h9c", 1: "4h5h8d", 2: "6d7dTs", 3: "7s6s2c"})
    assert a.view(3) == b.view(3)
    for name in BOTS:
        assert make(name, seed=4).act(a.view(3)) == make(name, seed=4).act(b.view(3))


def test_the_equity_budget_is_honoured_and_the_error_shown() -> None:
    # Heads-up hold'em on the flop: 2 hands x 1 share = 2 evaluations a deal, so a budget of 4,000 is 2,000 deals
    # (the old estimate stopped at 48 whatever the budget); max_samples caps it; seconds samples for that long.
    hand = find("holdem").deal(stacks=[200, 200], cards=ScriptedCards({0: "AsAd", 1: "7c2h"}, "Kh9d4s"))
    while not hand.board:
        seat = hand.to_act
        assert seat is not None
        hand.act(hand.legal_actions().passive(), seat)  # type: ignore[union-attr]
    view, game = hand.view(0), find("holdem")
    big = equity_estimate(view, game, random.Random(1), budget=4000)
    assert big.samples == 2000
    assert 0.85 < big.value < 0.97  # aces against seven-deuce on K-9-4: about 0.91
    assert 0 < big.error < 0.01  # sd of a 0/1 part over sqrt(2,000): about 0.006
    small = equity_estimate(view, game, random.Random(1), budget=4000, max_samples=100)
    assert small.samples == 100 and small.error > big.error
    assert equity_estimate(view, game, random.Random(1), budget=1).samples == MIN_SAMPLES
    timed = equity_estimate(view, game, random.Random(1), seconds=0.05)
    assert timed.samples >= MIN_SAMPLES and abs(timed.value - big.value) < 5 * timed.error + 0.01
    assert estimate_equity(view, game, random.Random(1), budget=4000) == big.value
    with pytest.raises(ValueError, match="must be positive"):
        equity_estimate(view, game, random.Random(1), budget=0)
    # Omaha's hands count 40 evaluations each: 4,000 is 50 deals heads-up.
    omaha = find("omaha").deal(stacks=[200, 200], cards=ScriptedCards({0: "AsAdKsKd", 1: "7c2h8d3s"}, "Kh9d4s"))
    while not omaha.board:
        seat = omaha.to_act
        assert seat is not None
        omaha.act(omaha.legal_actions().passive(), seat)  # type: ignore[union-attr]
    assert equity_estimate(omaha.view(0), find("omaha"), random.Random(2), budget=4000).samples == 50
