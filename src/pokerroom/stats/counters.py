"""One settled hand counted for player statistics, as trackers (PokerTracker, Hold'em Manager) count it: what each
seat did and what it had the chance to do (``docs/cli.md``, "pokerroom stats").

Everything comes from the engine's record of the hand, :attr:`Hand.events <pokerroom.engine.Hand.events>` (who
did what, in order) with ``folded``, ``won``, ``street`` and :meth:`~pokerroom.engine.Hand.outcome`; nothing is
read back from a file's action strings.

**The first betting round is "preflop".**  In hold'em and Omaha it is the round before the flop; in stud the round
of the first up card (third street; second street in Sökö, Americana and Telesina), where the bring-in is a forced
bet like a blind; in draw games the round before the first draw.  It ends at the first card dealt (board cards, up
cards, a draw) after a betting action; a board card dealt with the hole cards (Courchevel) belongs to it.  Every
later round is "postflop", and "saw the flop" means saw the game's second street (the flop, fourth street, the
first draw).

The opportunities, one per hand at most (a seat "decides" when it folds, checks, calls, bets or raises; posting a
blind, an ante, dead money or the bring-in is not a decision, nor is disconnect protection's all-in):

* VPIP and PFR: the seat decided at least once in the first round (a walk, where everybody folds to the big
  blind, and a seat all-in from its forced bets give no chance).  VPIP: it called, bet or raised there (the small
  blind completing counts; the big blind checking does not).  PFR: it bet or raised there (a stud completion
  counts).
* Three-bet: at a decision in the first round it faced exactly one voluntary bet or raise (the open raise; blinds
  and the bring-in are not raises) made by another seat, with more chips behind than the call.  Made: it raised.
  In a game without blinds or bring-in (antes only), the first bet is the "open raise".
* Fold to three-bet: it made the open raise and then, at its next decision, faced exactly a second raise (a
  four-bet by a third player first means no chance).  Made: it folded.
* Saw the second street: it had not folded when the game's second street was dealt (all-in players see it).
* Went to showdown (WTSD), of hands where it saw the second street: the hand ended with two or more players who
  had not folded, it among them (a player who mucks at the showdown went to it; in 32-card draw a pot split by
  agreement counts).
* Won at showdown (W$SD), of its showdowns: it took chips from a pot (any part of any pot).
* Aggression (postflop): bets and raises, and calls, after the first round; the factor is their ratio.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.engine import EventType, Hand
from pokerroom.errors import IllegalAction
from pokerroom.games.stakes import bet_unit

__all__ = ["HandCounts", "SeatCounts", "bet_unit", "count_hand"]

_FOLD, _CHECK, _CALL, _BET, _RAISE = EventType.FOLD, EventType.CHECK, EventType.CALL, EventType.BET, EventType.RAISE
_SPLIT = EventType.SPLIT
_DECISIONS = frozenset({_FOLD, _CHECK, _CALL, _BET, _RAISE, _SPLIT})
"""A seat's own choice in a betting round (a 32-card draw split proposal is a check that proposes it)."""
_AGGRESSIVE = frozenset({_BET, _RAISE})
_DEALS = frozenset({EventType.DEAL_HOLE, EventType.DEAL_UP, EventType.DEAL_BOARD, EventType.DRAW})
_POSTS = frozenset({EventType.POST_ANTE, EventType.POST_DEAD})
"""Chips paid that never count toward a call (antes, dead money)."""
_FORCED = frozenset({EventType.POST_BLIND, EventType.BRING_IN})
"""Forced bets that do count toward a call."""


@dataclass(frozen=True, slots=True)
class SeatCounts:
    """What one seat did in one hand, and what it had the chance to do (the module docstring defines each).

    Each statistic is a pair: ``*_chance`` (the opportunity) and the act; an act is never true without its
    chance.  ``aggressive`` and ``calls`` count postflop bets-or-raises and calls; ``net`` is the seat's result
    in chips of the hand's replay unit (final stack minus starting stack)."""

    seat: int
    decided: bool
    vpip: bool
    pfr: bool
    three_bet_chance: bool
    three_bet: bool
    fold_to_three_bet_chance: bool
    fold_to_three_bet: bool
    saw_second: bool
    showdown: bool
    won_showdown: bool
    aggressive: int
    calls: int
    net: int


@dataclass(frozen=True, slots=True)
class HandCounts:
    """One hand counted: a :class:`SeatCounts` per seat (seat ``k`` first at index ``k``) and the hand's
    :func:`bet_unit` in chips."""

    seats: tuple[SeatCounts, ...]
    bet_unit: int


def count_hand(hand: Hand) -> HandCounts:
    """Count a settled ``hand`` (module docstring).  Raises :class:`~pokerroom.errors.IllegalAction` when the hand
    is not complete (its result is not known yet).

    A three-handed hold'em hand where seat 2 (the button) raises, seat 0 re-raises from the small blind and seat 2
    folds:

    >>> from pokerroom.engine import Action, ScriptedCards
    >>> from pokerroom.games import find
    >>> game = find("holdem")
    >>> hand = game.deal(stacks=[1000] * 3, button=2, blinds=[5, 10], cards=ScriptedCards({}))
    >>> for seat, action in [(2, Action.raise_to(30)), (0, Action.raise_to(90)), (1, Action.fold()),
    ...                      (2, Action.fold())]:
    ...     _ = hand.act(action, seat)
    >>> counts = count_hand(hand)
    >>> [(c.pfr, c.three_bet_chance, c.three_bet, c.fold_to_three_bet) for c in counts.seats]
    [(True, True, True, False), (False, False, False, False), (True, False, False, True)]
    >>> [c.net for c in counts.seats], counts.bet_unit
    ([40, -10, -30], 10)
    """
    if not hand.is_complete:
        raise IllegalAction("only a settled hand can be counted: this one is not complete")
    n = hand.n
    stacks = list(hand.starting_stacks)
    bets = [0] * n
    cur = 0
    first = True  # in the first betting round ("preflop")
    acted = False  # a betting action has happened in the first round
    raises = 0  # voluntary bets and raises in the first round
    opener: int | None = None
    decided = [False] * n
    vpip = [False] * n
    pfr = [False] * n
    tb_chance = [False] * n
    tb = [False] * n
    f3_chance = [False] * n
    f3 = [False] * n
    folded_first = [False] * n
    aggressive = [0] * n
    calls = [0] * n
    for e in hand.events:
        t = e.type
        s = e.seat
        if not first:
            if s is not None:
                if t in _AGGRESSIVE:
                    aggressive[s] += 1
                elif t is _CALL:
                    calls[s] += 1
            continue
        if t in _DEALS:
            first = not acted  # the first card dealt after a betting action starts the second round
            continue
        if s is None:
            continue
        if t in _POSTS:
            stacks[s] -= e.amount or 0
        elif t in _FORCED:
            stacks[s] -= e.amount or 0
            bets[s] = e.to or 0
            cur = max(cur, bets[s])
            acted = acted or t is EventType.BRING_IN
        elif t is EventType.ARTIFICIAL_ALL_IN:
            acted = True
        elif t in _DECISIONS:
            acted = True
            decided[s] = True
            if raises == 1 and opener != s and stacks[s] > cur - bets[s]:
                tb_chance[s] = True
                tb[s] = t in _AGGRESSIVE
            elif raises == 2 and opener == s:
                f3_chance[s] = True
                f3[s] = t is _FOLD
            if t is _FOLD:
                folded_first[s] = True
            elif t is _CALL or t in _AGGRESSIVE:
                vpip[s] = True
                stacks[s] -= e.amount or 0
                bets[s] = e.to or 0
                if t is not _CALL:
                    pfr[s] = True
                    raises += 1
                    opener = s if opener is None else opener
                    cur = max(cur, bets[s])
    second = hand.street >= 1
    contested = hand.folded.count(False) >= 2
    outcome = hand.outcome()
    seats = []
    for s in range(n):
        saw = second and not folded_first[s]
        showdown = saw and contested and not hand.folded[s]
        seats.append(
            SeatCounts(
                seat=s,
                decided=decided[s],
                vpip=vpip[s],
                pfr=pfr[s],
                three_bet_chance=tb_chance[s],
                three_bet=tb[s],
                fold_to_three_bet_chance=f3_chance[s],
                fold_to_three_bet=f3[s],
                saw_second=saw,
                showdown=showdown,
                won_showdown=showdown and hand.won[s] > 0,
                aggressive=aggressive[s],
                calls=calls[s],
                net=outcome[s],
            )
        )
    return HandCounts(tuple(seats), bet_unit(hand.betting))
