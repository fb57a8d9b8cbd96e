"""What the human types at ``pokerroom play``: one line per action, parsed against the legal actions.

Betting: ``f``, ``k``, ``c``, ``b N``, ``r N``, ``a``, ``q``; ``s`` presses split (32-card draw).  The bring-in
(stud): ``i`` brings in, ``c`` completes, ``b N`` bets N.  A draw: ``d 7h 2c`` discards those cards, ``d 1 3``
the first and third by position, ``p`` stands pat; ``d`` naming no card, a card named twice, a position that is
not one of the cards and more cards than the draw allows are refused, saying what is allowed.  Whether the action
is legal is the engine's business (``hand.verify``); this module only reads the line.  A refused line is answered
with the keys legal now, the same keys as the prompt's menu (:func:`legal_help`, :func:`legal_menu`).
:func:`placed` says what the table placed instead of an amount out of range (the club's house rule).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import format_card, parse_cards
from pokerroom.engine import Action, ActionKind, LegalActions
from pokerroom.errors import PokerroomError
from pokerroom.games import Family, Game
from pokerroom.room.decisions import Decision
from pokerroom.words import plural

__all__ = [
    "HELP",
    "QUIT",
    "InputError",
    "help_text",
    "legal_help",
    "legal_menu",
    "numbered",
    "parse_input",
    "placed",
]

QUIT = "quit"
HELP = "type f (fold), k (check), c (call), b N (bet N), r N (raise to N), a (all-in) or q (quit)"
BRING_IN_HELP = "i (bring in), c (complete) or b N"


class InputError(ValueError):
    """A line of input that is not an action; the message says why and what to type."""


def help_text(game: Game) -> str:
    """The help line for ``game``: the betting keys, and the bring-in and draw keys where the game has them."""
    parts = [HELP]
    if game.family is Family.STUD:
        parts.append(f"at the bring-in {BRING_IN_HELP}")
    if game.family is Family.DRAW:
        parts.append("in a draw d 7h 2c or d 1 3 (discard), p (stand pat)")
    if game.split_offer:
        parts.append("s presses split (the pot splits if everyone in it does)")
    return "; ".join(parts)


def placed(decision: Decision, legal: LegalActions | None = None, all_in_to: int | None = None) -> str | None:
    """The line saying what the table did with an amount out of range (the club's house rule
    ``clamp_out_of_range_bets``, seed 000 5.3, settled decision 19: over the maximum the excess is removed, under
    the minimum it is raised to it): what was typed, the limit it passed and what the player does, as ``15 is over
    the limit of 10: you bet 10``, ``3 is under the minimum raise to 4: you raise to 4`` or ``900 is over your
    all-in of 500: you raise to 500 (all-in)``; ``None`` when the table took the amount typed.  ``legal``: the
    legal actions the amount was typed against (they tell the only amounts of a fixed-limit stud round from a
    range); ``all_in_to``: the seat's chips, the most it can reach this round."""
    action = decision.action
    if decision.asked is None or action is None or action.amount is None:
        return None
    asked, amount = decision.asked, action.amount
    bet = action.kind is ActionKind.BET
    done = f"you {'bet' if bet else 'raise to'} {amount}" + (" (all-in)" if amount == all_in_to else "")
    amounts = legal.amounts if legal is not None else None
    if amounts and amounts[0] < asked < amounts[-1]:
        return f"{asked} is not one of the amounts allowed now ({' or '.join(map(str, amounts))}): {done}"
    if asked > amount:
        limit = f"your all-in of {amount}" if amount == all_in_to else f"the limit of {amount}"
        return f"{asked} is over {limit}: {done}"
    return f"{asked} is under the minimum {'bet of' if bet else 'raise to'} {amount}: {done}"


def numbered(cards: Sequence[int]) -> str:
    """``1:7h 2:2c 3:Kd``: cards with the positions ``d 1 3`` refers to."""
    return "  ".join(f"{k}:{format_card(c)}" for k, c in enumerate(cards, start=1))


def _draw_help(limit: int) -> str:
    return f"type d CARDS (d 7h 2c) or d POSITIONS (d 1 3) to discard up to {limit}, p to stand pat, q to quit"


def _parse_draw(words: list[str], legal: LegalActions, hole: Sequence[int]) -> Action | str:
    cmd, args = words[0], words[1:]
    limit = legal.draw or 0
    if cmd in ("q", "quit", "exit"):
        return QUIT
    if cmd in ("p", "pat", "stand"):
        return Action.stand_pat()
    if cmd not in ("d", "draw", "discard"):
        raise InputError(f"you are drawing: {_draw_help(limit)}")
    if not args:
        raise InputError(f"{cmd} names no card to discard (to keep every card, p stands pat); {_draw_help(limit)}")
    cards: list[int] = []
    named: dict[int, str] = {}  # each card discarded, as it was named: "position 2" or "" (by the card)
    for a in args:
        if a.isdigit():  # a position names the card there: the same rules apply
            if not 1 <= int(a) <= len(hole):
                raise InputError(
                    f"position {a} is not one of your cards 1..{len(hole)}: {numbered(hole)}; {_draw_help(limit)}"
                )
            found = [(hole[int(a) - 1], f"position {int(a)}")]
        else:
            try:
                found = [(c, "") for c in parse_cards(a, allow_unknown=False, unique=False)]
            except PokerroomError as exc:
                raise InputError(f"{exc}; {_draw_help(limit)}") from None
        for card, how in found:
            if card in named:
                raise InputError(f"{_twice(card, named[card], how)}: each card is discarded once; {_draw_help(limit)}")
            named[card] = how
            cards.append(card)
    if len(cards) > limit:
        raise InputError(
            f"{plural(len(cards), 'card')} named, and this draw allows at most {plural(limit, 'card')}; "
            f"{_draw_help(limit)}"
        )
    return Action.draw(tuple(cards))


def _twice(card: int, first: str, second: str) -> str:
    """``7h is named twice``, ``position 1 (7h) is named twice``, ``7h is named twice (as position 1 and as
    7h)``."""
    shown = format_card(card)
    if first == second:
        return f"{first} ({shown}) is named twice" if first else f"{shown} is named twice"
    return f"{shown} is named twice (as {first or shown} and as {second or shown})"


def parse_input(line: str, legal: LegalActions, hole: Sequence[int] = (), all_in_to: int | None = None) -> Action | str:
    """The action a line of input asks for, or :data:`QUIT`.  Raises :class:`InputError` for a line that is
    not an action; whether the action is legal is the engine's business (``hand.verify``).

    ``c`` checks when there is nothing to call, and completes at the bring-in; ``b`` and ``r`` are the same wish
    (a bet when nobody has bet this round, else a raise to); without an amount they take the only legal amount
    (fixed limit); ``a`` is the top of the bet or raise range, or a call when no raise is possible; ``i`` posts
    the bring-in; ``s`` presses split.  In a draw (``legal.draw`` set) the line is ``d CARDS``, ``d POSITIONS``
    (1-based, in ``hole``; the two may be mixed) or ``p`` (stand pat).  A refusal lists the keys legal now
    (``all_in_to``: the seat's chips, as for :func:`legal_menu`).
    """
    words = line.strip().lower().split()
    if legal.draw is not None:
        if not words:
            raise InputError(f"nothing typed; {_draw_help(legal.draw)}")
        return _parse_draw(words, legal, hole)
    if not words:
        raise InputError(f"nothing typed; {legal_help(legal, all_in_to)}")
    cmd, args = words[0], words[1:]
    if cmd in ("q", "quit", "exit"):
        return QUIT
    if cmd in ("i", "bring", "bring-in"):
        return Action.post_bring_in()
    if cmd in ("s", "split"):
        return Action.split()
    if cmd in ("f", "fold"):
        return Action.fold()
    if cmd in ("k", "check", "x"):
        return Action.check()
    if cmd in ("c", "call", "complete") and legal.bring_in is not None:
        if legal.bet is None:
            raise InputError(f"you cannot complete now; legal: {legal.describe()}")
        return Action.bet(legal.amounts[0] if legal.amounts else legal.bet[0])
    if cmd in ("c", "call"):
        return Action.check() if legal.call is None and legal.check else Action.call()
    if cmd in ("b", "bet", "r", "raise"):
        if legal.bet is not None:
            kind, rng = ActionKind.BET, legal.bet
        elif legal.raise_ is not None:
            kind, rng = ActionKind.RAISE, legal.raise_
        else:  # neither is legal: let the engine say so
            return Action(ActionKind.BET if cmd.startswith("b") else ActionKind.RAISE, 0)
        if not args:
            return Action(kind, rng[0] if rng[0] == rng[1] else None)
        try:
            return Action(kind, int(args[0]))
        except ValueError:
            raise InputError(f"{args[0]!r} is not a whole number of chips; {legal_help(legal, all_in_to)}") from None
    if cmd in ("a", "all-in", "allin", "all"):
        if legal.bet is not None:
            return Action.bet(legal.bet[1])
        if legal.raise_ is not None:
            return Action.raise_to(legal.raise_[1])
        if legal.call is not None:
            return Action.call()
        raise InputError(f"you cannot bet or raise now; legal: {legal.describe()}")
    raise InputError(f"unknown input {line.strip()!r}; {legal_help(legal, all_in_to)}")


def _amounts(rng: tuple[int, int], amounts: tuple[int, ...] | None) -> str:
    lo, hi = rng
    if amounts:
        return " or ".join(map(str, amounts))
    return f"{lo}" if lo == hi else f"{lo}..{hi}"


def _keys(legal: LegalActions, all_in_to: int | None) -> list[tuple[str, str]]:
    """Each key legal now as (menu entry, help entry): the prompt and the help list the same keys."""
    keys: list[tuple[str, str]] = []
    if legal.bring_in is not None:
        keys.append((f"[i] bring in {legal.bring_in}", f"i (bring in {legal.bring_in})"))
        if legal.bet is not None:
            complete = legal.amounts[0] if legal.amounts else legal.bet[0]
            keys.append((f"[c]omplete to {complete}", f"c (complete to {complete})"))
    if legal.fold:
        keys.append(("[f]old", "f (fold)"))
    if legal.check:
        keys.append(("chec[k]", "k (check)"))
    if legal.split:
        keys.append(("[s]plit", "s (press split)"))
    if legal.call is not None:
        keys.append((f"[c]all {legal.call}", f"c (call {legal.call})"))
    for key, word, rng in (("b", "bet", legal.bet), ("r", "raise to", legal.raise_)):
        if rng is None:
            continue
        lo, hi = rng
        if legal.bring_in is not None and lo == hi:
            continue  # completing is the only bet: [c]omplete says it
        amounts = _amounts(rng, legal.amounts)
        only = lo == hi and not legal.amounts
        typed = f"{key} ({word} {amounts})" if only else f"{key} N ({word} N: {amounts})"
        keys.append((f"{'[b]et' if key == 'b' else '[r]aise'} {amounts}", typed))
        keys.append((f"[a]ll-in {hi}", f"a (all-in {hi})") if hi == all_in_to else (f"[a] max {hi}", f"a (max {hi})"))
    return keys


def legal_menu(legal: LegalActions, all_in_to: int) -> str:
    """``[f]old  [c]all 20  [r]aise 40..980  [a]ll-in 980``: the legal actions with their amounts; at the
    bring-in ``[i] bring in 5  [c]omplete to 10``; in a draw the discard keys."""
    if legal.draw is not None:
        return f"[d] CARDS or POSITIONS: discard up to {legal.draw}  [p]: stand pat"
    return "  ".join(menu for menu, _ in _keys(legal, all_in_to))


def legal_help(legal: LegalActions, all_in_to: int | None = None) -> str:
    """``type i (bring in 4), c (complete to 10) or q (quit)``: the keys of :func:`legal_menu`, and ``q``."""
    if legal.draw is not None:
        return _draw_help(legal.draw)
    return "type " + ", ".join(text for _, text in _keys(legal, all_in_to)) + " or q (quit)"
