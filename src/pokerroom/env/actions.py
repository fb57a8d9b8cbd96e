"""The environment's discrete action set: ids, the action mask from the engine's legal actions, and the engine
:class:`~pokerroom.engine.Action` each id stands for.

Ids (``Discrete(n)`` with ``n = DRAW_BASE + (2**slots if the game draws else 0)``):

====  ============  ==========================================================================================
id    name          engine action
====  ============  ==========================================================================================
0     FOLD          fold
1     CHECK_CALL    check when free, else call (all in for less when short)
2     BRING_IN      post the bring-in (stud); completing is ``BET_MIN``
3     BET_MIN       the smallest legal bet or raise (in stud facing the bring-in: the complete)
4     BET_HALF_POT  bet or raise to ``level + ½ × (pot + to_call)``, clamped to the legal range
5     BET_POT       bet or raise to ``level + (pot + to_call)`` (a pot-sized raise), clamped
6     BET_MAX       the largest legal bet or raise (all in at no limit; the pot at pot limit)
7     SPLIT         propose or accept the split (32-card draw, RULES G15)
8     SHOW          show at the showdown
9     MUCK          muck at the showdown
10+m  DRAW          discard the held cards whose bit is set in ``m`` (bit ``i``: the ``i``-th card held, in the
                    order of the observation's own-card slots); ``m = 0`` stands pat
====  ============  ==========================================================================================

``level`` is the highest bet this round, ``pot`` every chip in the pot (this round's bets included) and
``to_call`` what the seat adds to call.  Where the engine lists the only legal totals (``LegalActions.amounts``,
fixed-limit stud with an open pair) a sized bet takes the nearest listed total.  At fixed limit every sized id
gives the one legal amount.  Exact amounts go through :meth:`pokerroom.env.PokerEnv.step` with an engine
:class:`~pokerroom.engine.Action` instead of an id.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from pokerroom.engine import Action, LegalActions
from pokerroom.errors import IllegalAction

__all__ = [
    "BET_HALF_POT",
    "BET_MAX",
    "BET_MIN",
    "BET_POT",
    "BRING_IN",
    "CHECK_CALL",
    "DRAW_BASE",
    "FOLD",
    "MUCK",
    "SHOW",
    "SPLIT",
    "action_count",
    "action_mask",
    "bet_to",
    "to_engine",
]

FOLD, CHECK_CALL, BRING_IN, BET_MIN, BET_HALF_POT, BET_POT, BET_MAX, SPLIT, SHOW, MUCK = range(10)
DRAW_BASE = 10
"""The id of standing pat; ``DRAW_BASE + m`` discards the cards of bit mask ``m``."""

_POT_FRACTIONS = {BET_HALF_POT: Fraction(1, 2), BET_POT: Fraction(1)}
_SIZED = (BET_MIN, BET_HALF_POT, BET_POT, BET_MAX)


def action_count(draw_slots: int) -> int:
    """The size of the discrete action set: the ten fixed ids, plus ``2**draw_slots`` discard masks in a draw
    game (``draw_slots``: the cards a hand holds; 0 in games without a draw)."""
    return DRAW_BASE + (1 << draw_slots if draw_slots else 0)


def action_mask(legal: LegalActions | None, held: int, size: int) -> npt.NDArray[np.int8]:
    """``int8[size]``: 1 for every id legal now (``legal``: the seat's legal actions, ``None``: not its turn,
    all zeros); ``held``: the cards the seat holds (a discard mask may name only those, and at most
    ``legal.draw`` of them)."""
    mask = np.zeros(size, dtype=np.int8)
    if legal is None:
        return mask
    mask[FOLD] = legal.fold
    mask[CHECK_CALL] = legal.check or legal.call is not None
    mask[BRING_IN] = legal.bring_in is not None
    if legal.bet is not None or legal.raise_ is not None:
        mask[list(_SIZED)] = 1
    mask[SPLIT] = legal.split
    mask[SHOW] = legal.show
    mask[MUCK] = legal.muck
    if legal.draw is not None:
        most = min(legal.draw, held)
        for m in range(min(1 << held, size - DRAW_BASE)):
            mask[DRAW_BASE + m] = m.bit_count() <= most
    return mask


def bet_to(action_id: int, legal: LegalActions, *, level: int, to_call: int, pot: int) -> Action:
    """The bet or raise of a sized id (``BET_MIN``..``BET_MAX``; see the module docstring) as an engine action:
    a round total in chips within the legal range (or the nearest listed total)."""
    span = legal.bet or legal.raise_
    if span is None:
        raise IllegalAction(f"no bet or raise is legal now; legal: {', '.join(k.value for k in legal.kinds())}")
    lo, hi = span
    if action_id == BET_MIN:
        target = lo
    elif action_id == BET_MAX:
        target = hi
    else:
        target = level + int(_POT_FRACTIONS[action_id] * (pot + to_call))
    target = min(max(target, lo), hi)
    if legal.amounts:
        target = min(legal.amounts, key=lambda a: (abs(a - target), a))
    return Action.bet(target) if legal.bet is not None else Action.raise_to(target)


def to_engine(
    action_id: int, legal: LegalActions, held: Sequence[int], size: int, *, level: int, to_call: int, pot: int
) -> Action:
    """The engine action id ``action_id`` stands for, for the seat to act (``legal``) holding ``held``; raises
    :class:`~pokerroom.errors.IllegalAction` naming the legal ids when the mask refuses it."""
    mask = action_mask(legal, len(held), size)
    if not 0 <= action_id < size or not mask[action_id]:
        allowed = np.flatnonzero(mask).tolist()
        raise IllegalAction(f"action id {action_id} is not legal now; legal ids: {allowed} (of 0..{size - 1})")
    if action_id == FOLD:
        return Action.fold()
    if action_id == CHECK_CALL:
        return Action.check() if legal.check else Action.call()
    if action_id == BRING_IN:
        return Action.post_bring_in()
    if action_id in _SIZED:
        return bet_to(action_id, legal, level=level, to_call=to_call, pot=pot)
    if action_id == SPLIT:
        return Action.split()
    if action_id == SHOW:
        return Action.show()
    if action_id == MUCK:
        return Action.muck()
    m = action_id - DRAW_BASE
    return Action.draw(tuple(c for i, c in enumerate(held) if m >> i & 1))
