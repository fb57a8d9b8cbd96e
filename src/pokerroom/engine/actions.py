"""Player actions and the legal-action summary (DESIGN: three faces per action).

An :class:`Action` is what a player (or a hand-history line) asks for; amounts are **totals for the current
betting round** ("raise to"), in integer chips of the smallest unit.  :class:`LegalActions` says exactly what
the seat to act may do now, with the minimum and maximum "to" amount of a bet or raise.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pokerroom.cards import UNKNOWN, format_cards
from pokerroom.chips import whole_number
from pokerroom.errors import IllegalAction, IllegalAmount

__all__ = ["Action", "ActionKind", "LegalActions"]


class ActionKind(StrEnum):
    """The kinds of player action."""

    BRING_IN = "bring-in"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    DRAW = "draw"
    SPLIT = "split"
    SHOW = "show"
    MUCK = "muck"


@dataclass(frozen=True, slots=True)
class Action:
    """One player action.  ``amount`` is the bet or raise **to** amount (the seat's total this round);
    ``cards`` are the cards shown (``SHOW``, in a replay where the hole cards may have been unknown) or discarded
    (``DRAW``; none: stand pat); ``timed_out`` marks an action the table made for a player whose time ran out (its
    event says so; RULES §3.7); a draw the clock made stands pat (RULES §2.5: and no bet or
    raise afterwards).

    >>> Action.raise_to(300)
    Action(raise to 300)
    """

    kind: ActionKind
    amount: int | None = None
    cards: tuple[int, ...] | None = None
    timed_out: bool = False

    def __post_init__(self) -> None:
        # The one check of an action's shape: every way in (terminal, socket, bot, journal, PHH) builds one, so
        # no layer past it meets a float, a bool or a stray field (an amount on a fold is refused, not ignored).
        kind = self.kind
        if type(kind) is not ActionKind:
            raise IllegalAction(f"an action's kind is one of {', '.join(k.value for k in ActionKind)}, not {kind!r}")
        amount = self.amount
        if amount is not None:
            if kind is not ActionKind.BET and kind is not ActionKind.RAISE:
                raise IllegalAction(f"a {kind.value} takes no amount (given {amount!r}); only a bet or a raise does")
            if not whole_number(amount):
                raise IllegalAmount(f"a {kind.value} amount is a whole number of chips, not {amount!r}")
        cards = self.cards
        if cards is not None:
            if kind is not ActionKind.DRAW and kind is not ActionKind.SHOW:
                raise IllegalAction(f"a {kind.value} names no cards; only a draw (its discards) or a show does")
            if type(cards) is not tuple or not all(whole_number(c) and UNKNOWN <= c < 52 for c in cards):
                raise IllegalAction(
                    f"a {kind.value}'s cards are a tuple of card numbers (0..51, or -1 unknown), "
                    f"not {cards!r}; parse text such as 'As Kd' with pokerroom.cards.parse_cards"
                )
        if type(self.timed_out) is not bool:
            raise IllegalAction(f"'timed_out' is true or false, not {self.timed_out!r}")

    @classmethod
    def fold(cls) -> Action:
        return _FOLD

    @classmethod
    def check(cls) -> Action:
        return _CHECK

    @classmethod
    def call(cls) -> Action:
        return _CALL

    @classmethod
    def bet(cls, amount: int) -> Action:
        if type(amount) is int and cls is Action:  # nothing to check: built directly (see _amount_action)
            return _amount_action(ActionKind.BET, amount)
        return cls(ActionKind.BET, amount)

    @classmethod
    def raise_to(cls, amount: int) -> Action:
        if type(amount) is int and cls is Action:
            return _amount_action(ActionKind.RAISE, amount)
        return cls(ActionKind.RAISE, amount)

    @classmethod
    def post_bring_in(cls) -> Action:
        return _BRING_IN

    @classmethod
    def draw(cls, discards: tuple[int, ...] = (), *, timed_out: bool = False) -> Action:
        """Discard ``discards`` and draw as many (none: stand pat); ``timed_out``: the clock stood the player
        pat."""
        return cls(ActionKind.DRAW, None, tuple(discards), timed_out)

    @classmethod
    def split(cls) -> Action:
        """Propose or accept splitting the pot (32-card draw, RULES G15); as a bet it counts as a check."""
        return _SPLIT

    @classmethod
    def stand_pat(cls) -> Action:
        return cls(ActionKind.DRAW, None, ())

    @classmethod
    def show(cls, cards: tuple[int, ...] | None = None) -> Action:
        return cls(ActionKind.SHOW, None, cards)

    @classmethod
    def muck(cls) -> Action:
        return _MUCK

    def __repr__(self) -> str:
        timed = ", timed out" if self.timed_out else ""
        if self.kind in (ActionKind.BET, ActionKind.RAISE):
            word = "bet" if self.kind is ActionKind.BET else "raise to"
            return f"Action({word} {self.amount}{timed})"
        if self.kind is ActionKind.DRAW:
            what = f"discard {format_cards(self.cards)}" if self.cards else "stand pat"
            return f"Action({what}{timed})"
        if self.cards is not None:
            return f"Action({self.kind.value} {format_cards(self.cards)}{timed})"
        return f"Action({self.kind.value}{timed})"


class _ActionDraft:
    """A mutable twin of :class:`Action` (the same slots in the same order), made an ``Action`` once filled by
    assigning its ``__class__``; see :class:`_LegalDraft`."""

    __slots__ = Action.__slots__
    kind: ActionKind
    amount: int | None
    cards: tuple[int, ...] | None
    timed_out: bool


def _amount_action(kind: ActionKind, amount: int) -> Action:
    """``Action(kind, amount)`` for a bet or raise of an ``int`` amount, which ``__post_init__`` would accept as it
    is: built without the frozen dataclass's ``__init__`` (a bot's loop makes one at every bet)."""
    a = _new(_ActionDraft)
    a.kind = kind
    a.amount = amount
    a.cards = None
    a.timed_out = False
    a.__class__ = Action  # type: ignore[assignment]  # the same layout
    return a  # type: ignore[return-value]


_new = object.__new__
_FOLD = Action(ActionKind.FOLD)
_CHECK = Action(ActionKind.CHECK)
_CALL = Action(ActionKind.CALL)
_MUCK = Action(ActionKind.MUCK)
_BRING_IN = Action(ActionKind.BRING_IN)
_SPLIT = Action(ActionKind.SPLIT)


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What ``seat`` may do now.

    * ``fold``, ``check``: whether allowed;
    * ``bring_in``: the chips of the bring-in when the seat must bring in (stud), or ``None``;
    * ``call``: chips the call adds (all-in for less when the stack is short), or ``None``;
    * ``bet``/``raise_`` as ``(min_to, max_to)`` ranges of round totals, or ``None``; every amount in between
      is legal (fixed limit gives a single amount, or a small range only for all-in and covering raises) unless
      ``amounts`` lists the only legal totals (fixed-limit stud with an open pair: the small or the big bet);
    * ``draw``: the most cards the seat may discard in a draw, or ``None``;
    * ``split``: the seat may press split (32-card draw's split proposal, RULES G15);
    * ``show``/``muck`` during a showdown.
    """

    seat: int
    bring_in: int | None = None
    fold: bool = False
    check: bool = False
    call: int | None = None
    bet: tuple[int, int] | None = None
    raise_: tuple[int, int] | None = None
    amounts: tuple[int, ...] | None = None
    draw: int | None = None
    split: bool = False
    show: bool = False
    muck: bool = False

    def passive(self) -> Action:
        """The passive choice: post the bring-in when it is due, stand pat in a draw, check if free, else call,
        else show at a showdown, else fold (the calling bot's play; a trial hand's)."""
        if self.bring_in is not None:
            return Action.post_bring_in()
        if self.draw is not None:
            return Action.stand_pat()
        if self.check:
            return Action.check()
        if self.call is not None:
            return Action.call()
        if self.show:
            return Action.show()
        return Action.fold()

    def kinds(self) -> list[ActionKind]:
        """The action kinds allowed, in a fixed order."""
        out: list[ActionKind] = []
        if self.bring_in is not None:
            out.append(ActionKind.BRING_IN)
        if self.fold:
            out.append(ActionKind.FOLD)
        if self.check:
            out.append(ActionKind.CHECK)
        if self.call is not None:
            out.append(ActionKind.CALL)
        if self.bet is not None:
            out.append(ActionKind.BET)
        if self.raise_ is not None:
            out.append(ActionKind.RAISE)
        if self.draw is not None:
            out.append(ActionKind.DRAW)
        if self.split:
            out.append(ActionKind.SPLIT)
        if self.show:
            out.append(ActionKind.SHOW)
        if self.muck:
            out.append(ActionKind.MUCK)
        return out

    def describe(self) -> str:
        """Readable list, as used in error messages: ``fold, call 20, raise to 40..200``."""
        parts: list[str] = []
        if self.bring_in is not None:
            parts.append(f"bring in {self.bring_in}")
        if self.fold:
            parts.append("fold")
        if self.check:
            parts.append("check")
        if self.call is not None:
            parts.append(f"call {self.call}")
        for word, rng in (("bet", self.bet), ("raise to", self.raise_)):
            if rng is None:
                continue
            lo, hi = rng
            if self.amounts is not None:
                parts.append(f"{word} " + " or ".join(str(a) for a in self.amounts))
            else:
                parts.append(f"{word} {lo}" if lo == hi else f"{word} {lo}..{hi}")
        if self.draw is not None:
            parts.append(f"discard 0..{self.draw} and draw")
        if self.split:
            parts.append("split")
        if self.show:
            parts.append("show")
        if self.muck:
            parts.append("muck")
        return ", ".join(parts) if parts else "nothing"


class _LegalDraft:
    """A mutable twin of :class:`LegalActions` (the same slots, in the same order): :func:`betting_legal` fills
    one with plain attribute stores, then makes it a ``LegalActions`` by assigning its ``__class__`` (Python
    allows it between classes of the same layout).  Setting the frozen dataclass's slots through their
    descriptors costs about three times as much, and the engine builds one at every decision."""

    __slots__ = LegalActions.__slots__
    seat: int
    bring_in: int | None
    fold: bool
    check: bool
    call: int | None
    bet: tuple[int, int] | None
    raise_: tuple[int, int] | None
    amounts: tuple[int, ...] | None
    draw: int | None
    split: bool
    show: bool
    muck: bool


def betting_legal(
    seat: int,
    bring_in: int | None,
    fold: bool,
    check: bool,
    call: int | None,
    bet: tuple[int, int] | None,
    raise_: tuple[int, int] | None,
    amounts: tuple[int, ...] | None,
    split: bool,
) -> LegalActions:
    """``LegalActions(seat, bring_in=..., ..., split=...)`` for a betting round (no draw, show or muck), built
    without the frozen dataclass's keyword ``__init__`` (see :class:`_LegalDraft`).  The same object in every way
    (its class, equality, hash, repr, frozen)."""
    la = _new(_LegalDraft)
    la.seat = seat
    la.bring_in = bring_in
    la.fold = fold
    la.check = check
    la.call = call
    la.bet = bet
    la.raise_ = raise_
    la.amounts = amounts
    la.draw = None
    la.split = split
    la.show = False
    la.muck = False
    la.__class__ = LegalActions  # type: ignore[assignment]  # the same layout: see _LegalDraft
    return la  # type: ignore[return-value]
