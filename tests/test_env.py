"""The PettingZoo environment (pokerroom.env, issue 22; docs/env.md): PettingZoo's own API test for every game of
the registry, the discrete action set's exact amounts, the observation layout, and a random-play soak checking
after every step that chips are conserved, that no observation holds another seat's hidden card and that the
action mask is exactly the engine's legal actions.  ``POKERROOM_SOAK=1`` plays ten times the hands."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

from pokerroom.cards import parse_cards
from pokerroom.engine import Action
from pokerroom.env import PokerEnv, make
from pokerroom.env.actions import (
    BET_HALF_POT,
    BET_MAX,
    BET_MIN,
    BET_POT,
    BRING_IN,
    CHECK_CALL,
    DRAW_BASE,
    FOLD,
    MUCK,
    SHOW,
)
from pokerroom.env.observe import CARDS, SEAT_FEATURES
from pokerroom.errors import IllegalAction, PokerroomError, UnsupportedRule
from pokerroom.games import all_games
from soak import SOAK

GAME_IDS = [g.id for g in all_games()]
SOAK_HANDS = 100 if SOAK else 10

# The two warnings api_test gives every environment whose observation is PettingZoo's own dict of "observation"
# and "action_mask" (its classic games are exempted by name): the convention itself, not a fault.
DICT_OBSERVATION = ("Observation is not a NumPy array", "Observation space for each agent probably should be")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_api_test_passes_for_every_game(game_id: str) -> None:
    """PettingZoo's api_test for every game, at 2 seats and at the most it seats (at most 6), the second with
    the engine asking each seat to show or muck."""
    game = next(g for g in all_games() if g.id == game_id)
    for players, auto in ((2, True), (min(6, game.max_players), False)):
        env = make(game_id, players=players, seed=7, auto_showdown=auto)
        with warnings.catch_warnings():
            for message in DICT_OBSERVATION:
                warnings.filterwarnings("ignore", message=message)
            api_test(env, num_cycles=120)


# --------------------------------------------------------------------------------------------- the soak


def hidden_cards(env: PokerEnv, seat: int) -> set[int]:
    """The cards other seats still in the hand hold that ``seat`` may not see: face down, not shown and not dealt
    to ``seat`` itself.  A folded hand goes to the muck, which a draw may deal again (RULES §2.5): a live seat may
    then hold a card a folded seat was dealt (and its view still lists), or the reverse."""
    hand = env.hand
    assert hand is not None
    out: set[int] = set()
    for s, cards in enumerate(hand.hole):
        if s != seat and not hand.folded[s]:
            out |= {c for c in cards if c not in hand.up[s] and c not in hand.shown.get(s, ())}
    return out - set(hand.hole[seat])


def check_observation(env: PokerEnv, agent: str) -> None:
    """``agent``'s observation holds its own cards in order, the board and the others' visible cards, never a
    hidden card of another seat; its mask is 1 exactly for the ids whose engine action the engine accepts."""
    hand = env.hand
    assert hand is not None
    seat = env.possible_agents.index(agent)
    obs = env.observe(agent)
    vec, mask = obs["observation"], obs["action_mask"]
    assert env.observation_space(agent).contains(obs)
    slots, n = env.layout.slots, len(env.possible_agents)
    own = vec[: slots * CARDS].reshape(slots, CARDS)
    held = hand.hole[seat]
    assert [int(np.flatnonzero(row)[0]) for row in own[: len(held)]] == held
    assert not own[len(held) :].any()
    board = vec[env.layout.board : env.layout.others]
    assert set(np.flatnonzero(board).tolist()) == set(hand.board)
    for k in range(1, n):
        s = (seat + k) % n
        plane = vec[env.layout.others + (k - 1) * CARDS : env.layout.others + k * CARDS]
        visible = {c for c in hand.hole[s] if c in hand.up[s] or c in hand.shown.get(s, ())}
        assert set(np.flatnonzero(plane).tolist()) == visible
    seen = set(np.flatnonzero(vec[: env.layout.per_seat]).tolist())
    assert not {c for c in hidden_cards(env, seat) if any(c + i * CARDS in seen for i in range(slots + n))}
    legal = hand.legal_actions()
    if legal is None or legal.seat != seat:
        assert not mask.any()
        return
    kinds = set()
    for action_id in range(env.n_actions):
        if mask[action_id]:
            action = env.engine_action(action_id)
            hand.verify(action, seat)  # raises if the engine refuses what the mask offers
            kinds.add(action.kind)
        else:
            with pytest.raises(IllegalAction):
                env.engine_action(action_id)
    assert kinds == set(legal.kinds())


def random_step(env: PokerEnv, rng: random.Random) -> int | Action:
    """A random id the mask allows, or (one time in five when a bet or raise is legal) an exact engine bet or
    raise of a random legal amount."""
    hand = env.hand
    assert hand is not None
    legal = hand.legal_actions()
    assert legal is not None
    span = legal.bet or legal.raise_
    if span is not None and not legal.amounts and rng.random() < 0.2:
        amount = rng.randint(*span)
        return Action.bet(amount) if legal.bet is not None else Action.raise_to(amount)
    mask = env.observe(env.agent_selection)["action_mask"]
    return int(rng.choice(np.flatnonzero(mask).tolist()))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_play_conserves_chips_and_hides_cards(game_id: str) -> None:
    rng = random.Random(game_id)
    game = next(g for g in all_games() if g.id == game_id)
    for _ in range(SOAK_HANDS):
        players = rng.randint(game.min_players, game.max_players)
        env = make(game_id, players=players, seed=rng.getrandbits(32), auto_showdown=rng.random() < 0.5)
        env.reset()
        hand = env.hand
        assert hand is not None
        total = players * env.stack
        for agent in env.agent_iter(max_iter=2000):
            _, _, terminated, truncated, _ = env.last()
            assert not truncated
            if terminated:
                env.step(None)
                continue
            assert agent == env.possible_agents[hand.to_act or 0] and hand.to_act is not None
            for other in env.possible_agents:
                check_observation(env, other)
            env.step(random_step(env, rng))
            assert hand.total_chips == total
            if hand.is_complete:
                outcome = hand.outcome()
                assert [env.rewards[a] for a in env.possible_agents] == [o / env.unit for o in outcome]
                # Club hold'em carries an odd chip to the next pot (RULES G2): out of this hand's rewards.
                assert sum(outcome) + hand.carried == 0 and sum(hand.stacks) + hand.carried == total
                assert all(env.terminations.values())
        assert hand.is_complete and not env.agents


# --------------------------------------------------------------------------------------------- exact cases


def holdem_heads_up() -> PokerEnv:
    """Hold'em at 1/2, two seats of 200 chips, the button (seat 0, the small blind) to act first preflop."""
    env = make("holdem", players=2, stakes="1/2", stack=200, limit="no")
    env.reset(seed=0)
    return env


def test_bet_sizes_are_pot_fractions_clamped_to_the_legal_range() -> None:
    env = holdem_heads_up()
    hand = env.hand
    assert hand is not None and hand.bets == [1, 2] and env.agent_selection == "player_0"
    # Facing 2 with 1 in: level 2, to call 1, pot 3 (RULES §3.9's pot raise: call, then the pot).
    assert env.engine_action(BET_MIN) == Action.raise_to(4)
    assert env.engine_action(BET_HALF_POT) == Action.raise_to(4)  # 2 + (3 + 1) / 2
    assert env.engine_action(BET_POT) == Action.raise_to(6)  # 2 + (3 + 1)
    assert env.engine_action(BET_MAX) == Action.raise_to(200)
    assert env.engine_action(CHECK_CALL) == Action.call()
    env.step(BET_POT)
    assert hand.bets == [6, 2] and hand.stacks == [194, 198] and env.agent_selection == "player_1"
    # Facing 6 with 2 in: to call 4, pot 8: half pot is 6 + 6 = 12, the pot 6 + 12 = 18; the least raise 10.
    assert env.engine_action(BET_MIN) == Action.raise_to(10)
    assert env.engine_action(BET_HALF_POT) == Action.raise_to(12)
    assert env.engine_action(BET_POT) == Action.raise_to(18)
    env.step(FOLD)
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}  # the big blind won: one big blind
    assert all(env.terminations.values()) and hand.stacks == [202, 198]


def test_exact_engine_actions_and_refused_ids() -> None:
    env = holdem_heads_up()
    hand = env.hand
    assert hand is not None
    env.step(Action.raise_to(7))
    assert hand.bets == [7, 2] and env.agent_selection == "player_1"
    with pytest.raises(IllegalAction, match=r"action id 2 is not legal now; legal ids: \[0, 1, 3, 4, 5, 6\]"):
        env.step(BRING_IN)
    with pytest.raises(PokerroomError):
        env.step(Action.raise_to(8))  # below the least raise, to 12: refused by the engine, nothing changes
    with pytest.raises(IllegalAction, match="not None"):
        env.step(None)
    assert hand.bets == [7, 2] and env.agent_selection == "player_1"
    env.step(np.int64(CHECK_CALL))
    assert hand.bets == [0, 0] and hand.board and env.agent_selection == "player_1"  # the big blind acts first


def test_observation_layout_of_the_first_seat() -> None:
    env = holdem_heads_up()
    vec = env.observe("player_0")["observation"]
    assert env.layout.size == 2 * CARDS + CARDS + CARDS + 2 * SEAT_FEATURES + 8
    own = vec[: 2 * CARDS].reshape(2, CARDS)
    assert [int(np.flatnonzero(row)[0]) for row in own] == list(parse_cards("TsTd"))
    assert not vec[env.layout.board : env.layout.per_seat].any()  # no board, the other hand unseen
    seats = vec[env.layout.per_seat : env.layout.table].reshape(2, SEAT_FEATURES).tolist()
    assert seats == [[199 / 2, 0.5, 0.0, 1.0, 1.0, 1.0], [99.0, 1.0, 0.0, 0.0, 0.0, 1.0]]
    # pot 1.5 big blinds, the first street, 0.5 to call, raises to 2..100 big blinds, a betting round
    assert vec[env.layout.table :].tolist() == [1.5, 0.0, 0.5, 2.0, 100.0, 1.0, 0.0, 0.0]
    other = env.observe("player_1")
    assert not other["action_mask"].any()
    assert other["observation"][env.layout.per_seat : env.layout.per_seat + 2].tolist() == [99.0, 1.0]


def test_stud_bring_in_or_complete() -> None:
    env = make("stud", players=3, seed=0)  # 10/20 fixed: ante 2, bring-in 4
    env.reset(seed=0)
    hand = env.hand
    assert hand is not None and hand.stacks == [998, 998, 998] and hand.pot_total == 6
    mask = env.observe("player_0")["action_mask"]
    assert np.flatnonzero(mask).tolist() == [BRING_IN, BET_MIN, BET_HALF_POT, BET_POT, BET_MAX]
    assert {env.engine_action(i) for i in (BET_MIN, BET_POT, BET_MAX)} == {Action.bet(10)}  # the complete
    env.step(BRING_IN)
    assert hand.bets == [4, 0, 0] and env.agent_selection == "player_1" and env.unit == 10


def test_draw_masks_name_the_cards_held_in_order() -> None:
    env = make("five-card-draw", players=2, seed=0)
    env.reset(seed=0)
    hand = env.hand
    assert hand is not None
    env.step(CHECK_CALL)
    env.step(CHECK_CALL)
    assert env.agent_selection == "player_1" and hand.phase == "draw"
    held = list(hand.hole[1])
    assert held == list(parse_cards("9s4h9h7h3s"))
    mask = env.observe("player_1")["action_mask"]
    assert np.flatnonzero(mask).tolist() == list(range(DRAW_BASE, DRAW_BASE + 32))  # up to 5 cards: every subset
    assert env.engine_action(DRAW_BASE) == Action.stand_pat()
    env.step(DRAW_BASE + 0b00110)  # the 2nd and 3rd cards held
    assert hand.discards[1] == parse_cards("4h9h")
    assert [c for c in hand.hole[1] if c in held] == parse_cards("9s7h3s")


def test_show_or_muck_when_the_engine_asks() -> None:
    env = make("holdem", players=2, stakes="1/2", stack=200, auto_showdown=False)
    env.reset(seed=0)
    hand = env.hand
    assert hand is not None
    while hand.phase != "showdown":
        env.step(CHECK_CALL)
    seat = hand.to_act
    assert seat is not None
    mask = env.observe(env.agent_selection)["action_mask"]
    legal = hand.legal_actions()
    assert legal is not None and legal.show
    assert np.flatnonzero(mask).tolist() == ([SHOW, MUCK] if legal.muck else [SHOW])
    env.step(SHOW)
    assert seat in hand.shown


def test_make_refuses_bad_tables() -> None:
    with pytest.raises(UnsupportedRule, match="holdem seats 2 to 10 players, not 11"):
        make("holdem", players=11)
    with pytest.raises(UnsupportedRule, match="razz is not played at no limit; offered: fixed"):
        make("razz", players=2, limit="no")
    with pytest.raises(UnsupportedRule, match="positive"):
        make("holdem", players=2, stack=0)
    env = make("holdem", players=2)
    with pytest.raises(IllegalAction, match="reset"):
        env.observe("player_0")
