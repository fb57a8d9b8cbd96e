"""The PettingZoo AEC environment over the engine: one hand an episode, any game of the registry.

Agents are ``player_0``..``player_{N-1}`` (seat ``i`` is ``player_i``); the agent selected is the seat the
engine has to act (a bet, a draw, a show or muck).  Each observation is a dict: ``"observation"``, the seat's
own view as the ``float32`` vector of :class:`~pokerroom.env.observe.Layout`, and ``"action_mask"``, ``int8``
over the discrete ids of :mod:`pokerroom.env.actions` (all zero when it is not the seat's turn).  Rewards are
zero until the hand is complete; then every agent gets its net result in table units (big blinds, or the small
bet in stud: :attr:`pokerroom.games.stakes.Stakes.bet_unit`) and every agent terminates.  Nothing truncates.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from pokerroom.engine import Action, Hand
from pokerroom.env.actions import action_count, action_mask, to_engine
from pokerroom.env.observe import Layout
from pokerroom.errors import IllegalAction, NotYourTurn
from pokerroom.games import Family, Game
from pokerroom.games.stakes import Stakes

__all__ = ["PokerEnv"]

Observation = dict[str, npt.NDArray[Any]]


class PokerEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """A hand of ``game`` at ``players`` seats with ``stakes``, each seat starting with ``stack`` chips; the
    button moves one seat each :meth:`reset` (back to seat 0 on a reset with a seed).  ``auto_showdown=False``
    lets the engine ask each seat to show or muck.  Build it with :func:`pokerroom.env.make`."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "pokerroom_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: Game,
        players: int,
        stakes: Stakes,
        stack: int,
        *,
        seed: int | None = None,
        auto_showdown: bool = True,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game, self.stakes, self.stack, self.auto_showdown = game, stakes, stack, auto_showdown
        self.render_mode = render_mode
        self.unit = stakes.bet_unit
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.slots = game.hole_cards
        self.layout = Layout(game.hole_cards, players, len(game.streets), self.unit)
        self.n_actions = action_count(game.hole_cards if game.family is Family.DRAW else 0)
        # Every chip at the table: the bound of any chip feature (stacks, bets, pot), in units.
        high = max(1.0, players * stack / self.unit)
        box = spaces.Box(low=0.0, high=high, shape=(self.layout.size,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(self.n_actions,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.n_actions) for a in self.possible_agents}
        self._rng = random.Random(seed)
        self._hands = 0
        self.hand: Hand | None = None

    # ------------------------------------------------------------------------------------------ the AEC API

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (``seed``: reseed the deals and put the button back on seat 0)."""
        if seed is not None:
            self._rng = random.Random(seed)
            self._hands = 0
        n = len(self.possible_agents)
        stakes = self.stakes
        self.hand = self.game.deal(
            stacks=[self.stack] * n,
            button=self._hands % n,
            blinds=stakes.blinds if self.game.blinds_open else None,
            ante=stakes.ante,
            bring_in=stakes.bring_in,
            betting=stakes.betting,
            seed=self._rng.getrandbits(64),
            auto_showdown=self.auto_showdown,
        )
        self._hands += 1
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._settle()

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: its seat's view only (see the module docstring)."""
        hand = self._current()
        seat = self.possible_agents.index(agent)
        view = hand.view(seat)
        return {
            "observation": self.layout.encode(view, hand.street),
            "action_mask": action_mask(view.legal, len(view.hole[seat]), self.n_actions),
        }

    def step(self, action: int | np.integer[Any] | Action | None) -> None:
        """Act for the selected agent: an id of :mod:`pokerroom.env.actions`, or an exact engine
        :class:`~pokerroom.engine.Action` (any legal amount).  An id the mask refuses raises
        :class:`~pokerroom.errors.IllegalAction`; an engine action the engine refuses raises its typed error and
        changes nothing.  A terminated agent steps with ``None``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} is to act: give an action id or an engine Action, not None")
        hand = self._current()
        seat = self.possible_agents.index(agent)
        legal = hand.legal_actions()
        if legal is None or legal.seat != seat:
            raise NotYourTurn(f"{agent} is selected but the engine has seat {hand.to_act} to act")
        if not isinstance(action, Action):
            action = self.engine_action(int(action))
        hand.act(action, seat)
        self._cumulative_rewards[agent] = 0.0
        self._settle()
        self._accumulate_rewards()

    def engine_action(self, action_id: int) -> Action:
        """The engine action ``action_id`` stands for now, for the seat to act (see :mod:`pokerroom.env.actions`
        for the bet sizes)."""
        hand = self._current()
        legal = hand.legal_actions()
        if legal is None:
            raise IllegalAction("the hand is complete: nobody is to act")
        level = max(hand.bets, default=0)
        return to_engine(
            action_id,
            legal,
            hand.hole[legal.seat],
            self.n_actions,
            level=level,
            to_call=legal.call or 0,
            pot=hand.pot_total,
        )

    def render(self) -> str | None:
        """``"ansi"``: a line on the hand as a spectator sees it (no hidden cards); otherwise nothing."""
        if self.render_mode != "ansi" or self.hand is None:
            return None
        view = self.hand.view(None)
        return (
            f"{view.game} {view.street} {view.phase}: pot {view.pot}, stacks {list(view.stacks)}, "
            f"bets {list(view.bets)}, to act {view.to_act}"
        )

    def close(self) -> None:
        """Nothing to release: the hand lives in memory."""

    # ------------------------------------------------------------------------------------------ helpers

    def _current(self) -> Hand:
        if self.hand is None:
            raise IllegalAction("no hand dealt yet: call reset() first")
        return self.hand

    def _settle(self) -> None:
        """Select the seat to act, or, once the hand is complete, give every agent its result in units and
        terminate them all."""
        hand = self._current()
        if hand.is_complete:
            for agent, chips in zip(self.possible_agents, hand.outcome(), strict=True):
                self.rewards[agent] = chips / self.unit
                self.terminations[agent] = True
            return
        self.rewards = dict.fromkeys(self.agents, 0.0)
        assert hand.to_act is not None, "an incomplete hand always has a seat to act"
        self.agent_selection = self.possible_agents[hand.to_act]
