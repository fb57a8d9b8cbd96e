"""The random legal-play driver the engine tests share: deal a seeded random hand of any game at any limit, play
it out with random legal actions (and their amounts, discards, shows), and check the chips after every action.

* :func:`play_out` is the one loop: ``choose(hand, legal)`` picks each action (a test wraps its own checks of the
  decision around a chooser), ``after(legal, action)`` sees each action taken, and :func:`check_invariants` runs
  before the first action and after every one.
* :func:`random_action` is the weighted chooser (mostly check and call, so hands reach the showdown); its keyword
  arguments give each test its own twist (free folds, the bet amounts offered, shows, timed-out draws);
  :func:`any_kind` picks a listed kind uniformly (folding less often).
* :func:`random_hand` deals a random table of a game at a limit; :func:`play_randomly` is the quick seeded hand
  the ``play_randomly`` fixture hands out (tests/conftest.py).
* :func:`snapshot` and :func:`check_over`: the state a refused action must leave as it was, and the refusal of
  every action once the hand is over.

Users: the ``play_randomly`` fixture, tests/test_engine_properties.py, tests/test_games_random_play.py and the
PokerKit cross-checks (tests/pokerkit_harness.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from pokerroom.engine import Action, ActionKind, DeckSource, Hand, LegalActions, OutOfCards
from pokerroom.errors import HandOver
from pokerroom.games import Game, Limit

Choose = Callable[[Hand, LegalActions], Action]
AmountOptions = Callable[[LegalActions, random.Random], list[tuple[float, Action]]]


# --------------------------------------------------------------------------------------------- the checks


def all_in(h: Hand) -> None:
    """Every player all in at the first chance (the largest bet or raise), then call or check to the showdown."""
    while not h.is_complete:
        legal = h.legal_actions()
        assert legal is not None
        if legal.raise_ is not None:
            h.act(Action.raise_to(legal.raise_[1]), legal.seat)
        elif legal.bet is not None:
            h.act(Action.bet(legal.bet[1]), legal.seat)
        else:
            h.act(Action.call() if legal.call is not None else Action.check(), legal.seat)


def check_invariants(hand: Hand, total: int, *, pots: bool = True, strict: bool = False) -> None:
    """Chips are conserved (``hand.total_chips == total``) and no stack is negative.

    With ``pots``: no bet is negative; while the hand runs the current pots hold exactly the pot
    (``sum(current_pots()) == pot_total``); once it is complete nobody is to act and the stacks hold every chip
    (``sum(stacks) + carried == total``).  ``strict`` adds that no bet is larger than the seat's contributions,
    that every pot's players are still in the hand and every seat still in can win the main pot (RULES §2.4), and
    counts no carried chips at the end (``sum(stacks) == total``)."""
    assert hand.total_chips == total, (hand.total_chips, total)
    assert min(hand.stacks) >= 0, hand.stacks
    if not pots:
        return
    assert min(hand.bets) >= 0, hand.bets
    if strict:
        assert all(c >= b for c, b in zip(hand.contributions, hand.bets, strict=True))
    if hand.is_complete:
        assert sum(hand.stacks) + (0 if strict else hand.carried) == total
        assert hand.to_act is None and hand.legal_actions() is None
        return
    current = hand.current_pots()
    assert sum(p.amount for p in current) == hand.pot_total
    if strict:
        assert all(p.eligible and not any(hand.folded[s] for s in p.eligible) for p in current)
        if current:  # every seat still in the hand can win the main pot (RULES §2.4)
            assert all(hand.folded[s] or s in current[0].eligible for s in range(hand.n)), current


def snapshot(hand: Hand, *, full: bool = True) -> tuple[Any, ...]:
    """What a refused action must leave as it was: the stacks, bets and contributions, the seat to act, the
    events, the folds, the board, the phase and street, the shows and mucks; ``full`` adds the cards held and
    discarded, the betting round, the level to call and the legal actions."""
    core = (
        tuple(hand.stacks),
        tuple(hand.bets),
        tuple(hand.contributions),
        hand.to_act,
        len(hand.events),
        tuple(hand.folded),
        tuple(hand.board),
        hand.phase,
        hand.street,
        tuple(hand.shown),
        tuple(hand.mucked),
    )
    if not full:
        return core
    cards = (tuple(tuple(h) for h in hand.hole), tuple(tuple(d) for d in hand.discards))
    return (*core, *cards, hand.round_index, hand.cur, hand.legal_actions())


def check_over(hand: Hand, *, verify: bool = False, full: bool = True) -> None:
    """Once the hand is over, any action by anybody raises :class:`~pokerroom.errors.HandOver` from ``act`` (and
    from ``verify`` when ``verify``) and changes nothing (:func:`snapshot` with ``full``)."""
    before = snapshot(hand, full=full)
    for kind in ActionKind:
        action = Action(kind, 10 if kind in (ActionKind.BET, ActionKind.RAISE) else None)
        for who in (None, 0, hand.n - 1):
            with pytest.raises(HandOver):
                hand.act(action, who)
            if verify:
                with pytest.raises(HandOver):
                    hand.verify(action, who)
    assert snapshot(hand, full=full) == before


# --------------------------------------------------------------------------------------------- the loop


def play_out(
    hand: Hand,
    choose: Choose,
    *,
    total: int | None = None,
    pots: bool = True,
    strict: bool = False,
    after: Callable[[LegalActions, Action], None] | None = None,
    max_steps: int | None = None,
) -> int:
    """Play ``hand`` to its end with ``choose(hand, legal)`` for the seat to act, checking the invariants
    (:func:`check_invariants` with ``pots`` and ``strict``; ``total`` defaults to the chips at the table now)
    before the first action and after every action (after ``after(legal, action)``).  ``max_steps``: the hand
    must end in fewer actions.  Returns the number of actions."""
    total = hand.total_chips if total is None else total
    check_invariants(hand, total, pots=pots, strict=strict)
    steps = 0
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None and legal.seat == hand.to_act
        action = choose(hand, legal)
        hand.act(action, legal.seat)
        if after is not None:
            after(legal, action)
        check_invariants(hand, total, pots=pots, strict=strict)
        steps += 1
        assert max_steps is None or steps < max_steps
    return steps


# --------------------------------------------------------------------------------------------- choosers


def amount_actions(legal: LegalActions, rng: random.Random, *, middle: bool = True) -> list[Action]:
    """The bets or raises to try: the listed ``amounts``, else the minimum and the maximum and (``middle``) a
    random amount between them."""
    rng_to = legal.bet or legal.raise_
    if rng_to is None:
        return []
    make = Action.bet if legal.bet is not None else Action.raise_to
    lo, hi = rng_to
    if legal.amounts is not None:
        amounts = list(legal.amounts)
    else:
        amounts = sorted({lo, rng.randint(lo, hi), hi}) if middle else sorted({lo, hi})
    return [make(a) for a in amounts]


def spread(weight: float, *, middle: bool = True, allowed: tuple[int, ...] | None = None) -> AmountOptions:
    """Bet amounts for :func:`random_action`: those of :func:`amount_actions` (only the ones in ``allowed`` when
    given; none when it is empty), sharing ``weight`` evenly."""

    def options(legal: LegalActions, rng: random.Random) -> list[tuple[float, Action]]:
        actions = [a for a in amount_actions(legal, rng, middle=middle) if allowed is None or a.amount in allowed]
        return [(weight / len(actions), a) for a in actions]

    return options


def ends(legal: LegalActions, rng: random.Random) -> list[tuple[float, Action]]:
    """Bet amounts for :func:`random_action`: the minimum (weight 1.5), the maximum (1) and, when there is room,
    a random amount strictly between them (1)."""
    rng_to = legal.bet or legal.raise_
    if rng_to is None:
        return []
    make = Action.bet if legal.bet is not None else Action.raise_to
    lo, hi = rng_to
    options = [(1.5, make(lo)), (1.0, make(hi))]
    if hi - lo > 1:
        options.append((1.0, make(rng.randint(lo + 1, hi - 1))))
    return options


SPREAD = spread(2.4)


def no_amounts(legal: LegalActions, rng: random.Random) -> list[tuple[float, Action]]:
    """No bet or raise at all (for :func:`random_action`)."""
    return []


def random_action(
    rng: random.Random,
    legal: LegalActions,
    hand: Hand | None = None,
    *,
    fold_free: float | None = 0.2,
    amounts: AmountOptions | None = None,
    other_kinds: float = 0.5,
    show: float = 0.85,
    timed_out: float = 0.05,
) -> Action:
    """A random legal action, mostly check or call so hands reach the showdown.

    Weights: bring-in 4, fold 1.5 when facing a bet (``fold_free`` with nothing to call; ``None``: never), check
    5, call 5, split 2, the bets or raises of ``amounts(legal, rng)`` (by default :data:`SPREAD`;
    :func:`no_amounts`: none), and ``other_kinds`` for each listed kind none of these names.  At a showdown: show
    with probability ``show`` (1: always), else muck.  A draw (``hand`` needed): timed out with probability
    ``timed_out``, else :func:`random_draw`."""
    if legal.show:
        if show >= 1.0:
            return Action.show()
        return Action.show() if rng.random() < show or not legal.muck else Action.muck()
    if legal.draw is not None:
        assert hand is not None, "a draw needs the hand"
        if timed_out and rng.random() < timed_out:
            return Action.draw((), timed_out=True)
        return random_draw(hand, legal, rng)
    options: list[tuple[float, Action]] = []
    if legal.bring_in is not None:
        options.append((4.0, Action.post_bring_in()))
    if legal.fold and legal.call is not None:
        options.append((1.5, Action.fold()))
    elif legal.fold and fold_free is not None:
        options.append((fold_free, Action.fold()))
    if legal.check:
        options.append((5.0, Action.check()))
    if legal.call is not None:
        options.append((5.0, Action.call()))
    if legal.split:
        options.append((2.0, Action.split()))
    options += (amounts or SPREAD)(legal, rng)
    if other_kinds:
        known = {a.kind for _, a in options}
        options += [(other_kinds, Action(kind)) for kind in legal.kinds() if kind not in known]
    return rng.choices([a for _, a in options], [w for w, _ in options])[0]


def any_kind(rng: random.Random, legal: LegalActions) -> Action:
    """A listed kind picked uniformly (a fold less often: more hands reach the later streets), a bet or raise of
    a random legal amount."""
    kinds = legal.kinds()
    if len(kinds) > 1 and ActionKind.FOLD in kinds and rng.random() < 0.7:
        kinds.remove(ActionKind.FOLD)
    kind = rng.choice(kinds)
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        lo, hi = legal.bet if kind is ActionKind.BET else legal.raise_  # type: ignore[misc]
        return Action(kind, rng.choice(legal.amounts) if legal.amounts else rng.randint(lo, hi))
    return Action(kind)


def random_draw(hand: Hand, legal: LegalActions, rng: random.Random) -> Action:
    """Random discards, up to the most allowed; standing pat instead where the stub and the muck cannot complete
    the draw (see :func:`runs_out`)."""
    hole = hand.hole[legal.seat]
    action = Action.draw(tuple(rng.sample(hole, rng.randint(0, min(legal.draw or 0, len(hole))))))
    return Action.stand_pat() if runs_out(hand, action) else action


def runs_out(hand: Hand, action: Action) -> bool:
    """Whether ``action``, a listed draw, fails because the stub and the muck cannot complete it (a full table
    of club lowball; see test_games_random_play.test_draw_the_deck_cannot_complete)."""
    if action.kind is not ActionKind.DRAW or not action.cards:
        return False
    try:
        trial_copy(hand).act(action, hand.to_act)
    except OutOfCards:
        return True
    return False


def trial_copy(hand: Hand) -> Hand:
    """A copy for trying an action (:meth:`Hand.copy`): acting on it leaves ``hand`` as it was."""
    return hand.copy()


# --------------------------------------------------------------------------------------------- deals


def random_hand(game: Game, limit: Limit, rng: random.Random) -> Hand:
    """A random table of ``game`` at ``limit``: 2 to the most players, random stacks (many short, so all-ins and
    side pots are common), blinds or antes and bring-ins as the game has them, big-blind antes and straddles in
    blind games, chips carried in from a previous hand where the game carries odd chips, the button anywhere,
    automatic showdowns or shows and mucks in turn."""
    n = rng.randint(game.min_players, game.max_players)
    bb = rng.choice((2, 4, 10, 20))
    stud = game.stud is not None
    blind_game = not stud and (bool(game.house.blinds) or not game.house.ante)
    stacks = []
    for _ in range(n):
        r = rng.random()
        if r < 0.1:
            stacks.append(rng.randint(1, 2 * bb))  # may be all-in from the ante, a blind or the bring-in
        elif r < 0.45:
            stacks.append(rng.randint(2 * bb, 15 * bb))
        else:
            stacks.append(rng.randint(15 * bb, 120 * bb))
    if stud:
        ante = rng.choice((0, 1, bb // 4, bb // 2))
    elif blind_game:
        ante = rng.choice((0, 0, 0, 1, bb // 2))
    else:
        ante = rng.choice((game.house.ante, 1, bb // 2))
    big_blind_ante = bb if blind_game and rng.random() < 0.1 else 0
    straddle = 2 * bb if blind_game and n >= 3 and limit is not Limit.FIXED and rng.random() < 0.1 else 0
    betting = game.betting(limit, big_blind=bb)
    bring_in = rng.randint(1, bb) if stud and rng.random() < 0.3 else 0
    carried_in = rng.choice((0, 0, 1, 3)) if game.house.odd_chips_carry else 0
    return game.deal(
        stacks=stacks,
        button=rng.randrange(n),
        blinds=(bb // 2, bb) if blind_game else (),
        ante=ante,
        big_blind_ante=big_blind_ante,
        straddle=straddle,
        bring_in=bring_in,
        betting=betting,
        seed=rng.getrandbits(64),
        auto_showdown=rng.random() < 0.7,
        carried_in=carried_in,
        last_hand=game.house.odd_chips_carry and rng.random() < 0.1,
    )


def play_randomly(game: Game, limit: Limit, seed: int) -> Hand:
    """Deal a seeded hand of ``game`` at ``limit`` with random stacks and antes (no blinds but the game's own) and
    play it out with :func:`any_kind`, checking after every action that chips are conserved and no stack is
    negative, and at the end that every chip is back in the stacks."""
    rng = random.Random(seed)
    n = rng.randint(2, game.max_players)
    stacks = [rng.choice((rng.randint(1, 30), rng.randint(30, 400))) for _ in range(n)]
    hand = game.deal(
        stacks=stacks,
        button=rng.randrange(n),
        ante=rng.randint(0, 3),
        limit=limit,
        cards=DeckSource.shuffled(game.deck, seed=seed),
    )
    start = sum(stacks)
    play_out(hand, lambda _, legal: any_kind(rng, legal), total=start, pots=False)
    assert sum(hand.stacks) == start and sum(hand.outcome()) == 0
    return hand
