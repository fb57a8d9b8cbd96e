"""Betting rounds (RULES §2.3, §3.9, settled decisions 17 and 21; TDA 47; G4, G9, G15).

* :func:`raise_range` and :func:`is_full_raise`: the legal range of a bet or raise and whether it reopens the
  betting, as pure functions of a structure and the round's numbers;
* :class:`BettingRound`: the state of a hand's betting (the level to call, the last full increment, who acted at
  what level, the bring-in, stud's open pair, the split proposal) and the rules that act on it: who acts next,
  what is legal, verifying and applying a betting action, returning the uncalled bet.

All amounts are round totals ("to") in integer chips.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.engine.actions import Action, ActionKind, LegalActions, betting_legal
from pokerroom.engine.events import TIMED_OUT, Event, EventType
from pokerroom.engine.order import FIRST_TO_ACT, any_open_pair
from pokerroom.errors import IllegalAction, IllegalAmount, NotYourTurn
from pokerroom.games.base import Opener
from pokerroom.games.structures import Betting, Limit

if TYPE_CHECKING:
    from pokerroom.engine.hand import Hand

__all__ = ["BettingRound", "is_full_raise", "raise_range"]

# Enum members read once: an attribute of a class is not a specialised lookup in Python 3.11's interpreter.
_FIXED, _SPREAD, _NO, _POT, _HALF_POT = Limit.FIXED, Limit.SPREAD, Limit.NO, Limit.POT, Limit.HALF_POT


def raise_range(
    betting: Betting,
    round_index: int,
    *,
    cur: int,
    last_inc: int,
    own: int,
    stack: int,
    pot: int,
    cover: int,
    raises: int = 1,
) -> tuple[int, int]:
    """The ``(min_to, max_to)`` of a bet (``cur == 0``) or raise, given the seat may raise at all.

    * ``cur``: the level to call this round; ``last_inc``: the last full bet or raise increment (the big blind
      or straddle preflop); ``own``: the seat's chips in this round; ``stack``: chips behind;
    * ``pot``: every chip in the pot, this round's bets included (the ``P`` of RULES §3.9);
    * ``cover``: the most any opponent still in the hand can reach this round (``bet + stack``): a bet reaching
      it covers everybody and is legal from a call up (settled decision 17);
    * ``raises``: full bets made this round (the big blind counts); in fixed limit with none yet, the bet is
      the round's size whatever is in, so a bring-in is completed to the small bet (RULES G4, TRAPS T15).

    The seat may always go all-in for less than the minimum (TDA 47, table stakes).
    """
    return _raise_range(betting, round_index, cur, last_inc, own, stack, pot, cover, raises)


def _raise_range(
    betting: Betting, round_index: int, cur: int, last_inc: int, own: int, stack: int, pot: int, cover: int, raises: int
) -> tuple[int, int]:
    """:func:`raise_range` with positional arguments (the betting round asks at every decision; keywords cost).
    Conditional expressions stand for ``min`` and ``max`` of two numbers: a builtin call costs more."""
    all_in = own + stack
    limit = betting.limit
    if limit is _NO or limit is _POT or limit is _HALF_POT:  # the usual no limit first: asked at every decision
        min_bet, min_raise = betting.min_bet, betting.min_raise
        if min_raise is not None and cur:
            full_min = cur + min_raise
        else:
            full_min = cur + (last_inc if last_inc > min_bet else min_bet)
        if limit is _NO:
            hi = all_in
        elif limit is _POT:
            hi = max(cur + pot + cur - own, full_min)  # the minimum bet stands even above a small pot
        else:
            hi = max(cur + (pot + cur - own) // 2, full_min)
    elif limit is _FIXED:
        size = betting.size(round_index)
        full_min = size if raises == 0 and cur < size else cur + size
        hi = full_min
    else:  # spread limit
        most = betting.size(round_index)
        least = max(betting.min_bet, last_inc) if betting.match_last else betting.min_bet
        full_min = cur + least
        hi = cur + most
        if betting.round_max is not None:
            top = betting.round_max * most
            hi = min(hi, top)
            full_min = min(full_min, hi)  # reaching the round maximum is legal whatever the increment
    if all_in < hi:
        hi = all_in
    if betting.covering_bet_needs_full_raise:
        lo = full_min
    else:
        lo = cover if cover > cur else cur + 1  # a bet covering everybody is legal from a call up (decision 17)
        if full_min < lo:
            lo = full_min
    if all_in < lo:
        lo = all_in
    return (lo if lo < hi else hi, hi)


def is_full_raise(betting: Betting, round_index: int, *, increment: int, last_inc: int) -> bool:
    """Whether a bet or raise of ``increment`` reopens the betting (TDA 47: in fixed limit half a bet or more;
    otherwise at least the last full increment, and at least the minimum bet)."""
    return _full_raise(betting, round_index, increment, last_inc)


def _full_raise(betting: Betting, round_index: int, increment: int, last_inc: int) -> bool:
    """:func:`is_full_raise` with positional arguments."""
    if betting.limit is _FIXED:
        return increment * 2 >= betting.size(round_index)
    if betting.min_raise is not None or not betting.match_last:
        return increment >= min(betting.min_bet, betting.min_raise or betting.min_bet)
    return increment >= max(last_inc, betting.min_bet)


_new = object.__new__
_BY_BLINDS, _BY_BRING_IN = Opener.BLINDS, Opener.BRING_IN

NOT_ACTED = -1
"""``BettingRound.acted[seat]`` of a seat that has not acted in the round yet."""
NO_MEMO: tuple[int, int, LegalActions | None] = (-1, -1, None)
"""``BettingRound.memo`` when no legal actions are worked out."""

_CALL, _CHECK, _FOLD, _SPLIT = ActionKind.CALL, ActionKind.CHECK, ActionKind.FOLD, ActionKind.SPLIT
_BET, _RAISE, _BRING_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.BRING_IN
_E_CALL, _E_CHECK, _E_BET, _E_RAISE = EventType.CALL, EventType.CHECK, EventType.BET, EventType.RAISE


class BettingRound:
    """A hand's betting, one round at a time (RULES §2.3, §3.9), owned by its :class:`~pokerroom.engine.hand.Hand`.

    The round now (RULES §3.9 notation; amounts are round totals in chips):

    * ``index``: the round's number in the hand, 0 first (-1 before the first one opens);
    * ``cur``: the level to call; ``last_inc``: the last full bet or raise increment (the big blind preflop);
      ``raises``: full bets and raises made (the big blind counts); ``aggressor``: the last seat to bet or raise;
    * ``acted[seat]``: the level the seat last acted at (:data:`NOT_ACTED`: not yet); ``full_level``: the round
      total of the last full bet or raise, which reopens the betting to those who acted below it (TDA 47);
    * ``bring_in_seat``: the seat that must post the bring-in or complete (stud, RULES G4), else ``None``;
    * ``double``: fixed-limit stud with an open pair on fourth street, the big bet is allowed (G9);
      ``big_made``: a big bet has been made in that round;
    * ``first_bettor``: the first seat to bet or raise; ``split_open``: 32-card draw's split proposal still
      stands (G15);
    * ``fixed``, ``size``, ``cap``, ``top``: the structure at this round: fixed limit, the round's bet size (0 for
      no, pot and half-pot limit), the most full bets (fixed limit), the most a seat may reach (spread limit);
      ``capped``: the cap or the round maximum is reached (:meth:`set_capped`);
      ``pot_sized``: the structure's largest bet reads the pot (pot and half-pot limit);
    * ``reach_top``, ``reach_seat``, ``reach_second``: the most chips a seat still in the hand can reach this
      round (``bet + stack``, the same all round: a call or a bet only moves chips from the stack to the bet), the
      seat that reaches it, and the most any other seat reaches: the ``cover`` of a raise (:func:`raise_range`)
      without a walk round the table.  Set when the round opens, again after a fold or a disconnect all-in;
    * ``memo``: ``(len(hand.events), seat, legal actions)`` as :meth:`legal` last worked them out: every change of
      the hand records an event, so they hold while no event came since (a bot's ``legal_actions()`` then
      ``act()`` works them out once); :data:`NO_MEMO` when there are none.

    And what spans the rounds: ``openers`` (each closed round's first bettor and last raiser, RULES G1, G3),
    ``no_raise[seat]`` (rounds, or -1 for the rest of the hand, a seat may not bet or raise after a timed-out draw,
    RULES §2.5), ``active`` (seats still in the hand with chips behind) and ``in_hand`` (seats not folded).

    The hand's chips (``bets``, ``stacks``, ``contributions``, ``folded``) stay the hand's; the round reads and
    moves them.  Errors are the hand's: see :meth:`~pokerroom.engine.hand.Hand.verify`.
    """

    __slots__ = (
        "acted",
        "active",
        "aggressor",
        "big_made",
        "bring_in_seat",
        "cap",
        "capped",
        "cur",
        "double",
        "first_bettor",
        "fixed",
        "full_level",
        "hand",
        "in_hand",
        "index",
        "last_inc",
        "memo",
        "no_raise",
        "openers",
        "pot_sized",
        "raises",
        "reach_seat",
        "reach_second",
        "reach_top",
        "size",
        "split_open",
        "top",
    )

    def __init__(self, hand: Hand) -> None:
        n = hand.n
        betting = hand.betting
        self.hand = hand
        self.index = -1
        self.cur = 0
        self.last_inc = 0
        self.raises = 0
        self.aggressor: int | None = None
        self.acted: list[int] = [NOT_ACTED] * n
        self.bring_in_seat: int | None = None
        self.full_level = 0
        self.double = False
        self.big_made = False
        self.first_bettor: int | None = None
        self.split_open = False
        self.fixed = betting.limit is _FIXED
        self.cap = betting.cap if self.fixed else None
        self.capped = False
        self.pot_sized = betting.limit is _POT or betting.limit is _HALF_POT
        self.size = 0
        self.top: int | None = None
        self.openers: list[tuple[int | None, int | None]] = []
        self.no_raise: list[int] = [0] * n
        self.active = n
        self.in_hand = n
        self.reach_top = 0
        self.reach_seat = -1
        self.reach_second = 0
        self.memo: tuple[int, int, LegalActions | None] = NO_MEMO

    def copy_for(self, hand: Hand) -> BettingRound:
        """This round's state for ``hand`` (a copy of its own hand, :meth:`~pokerroom.engine.hand.Hand.copy`): the
        lists are copied, the numbers, the tuples in ``openers`` and the memo of the (frozen) legal actions shared."""
        twin: BettingRound = _new(BettingRound)
        twin.hand = hand
        twin.acted = self.acted.copy()
        twin.active = self.active
        twin.aggressor = self.aggressor
        twin.big_made = self.big_made
        twin.bring_in_seat = self.bring_in_seat
        twin.cap = self.cap
        twin.capped = self.capped
        twin.cur = self.cur
        twin.double = self.double
        twin.first_bettor = self.first_bettor
        twin.fixed = self.fixed
        twin.full_level = self.full_level
        twin.in_hand = self.in_hand
        twin.index = self.index
        twin.last_inc = self.last_inc
        twin.memo = self.memo
        twin.no_raise = self.no_raise.copy()
        twin.openers = self.openers.copy()
        twin.pot_sized = self.pot_sized
        twin.raises = self.raises
        twin.reach_second = self.reach_second
        twin.reach_seat = self.reach_seat
        twin.reach_top = self.reach_top
        twin.size = self.size
        twin.split_open = self.split_open
        twin.top = self.top
        return twin

    # ------------------------------------------------------------------ opening and closing

    def open(self, opener: Opener) -> bool:
        """Start the next round, opened as ``opener`` says (the table :data:`~pokerroom.engine.order.FIRST_TO_ACT`
        gives the first seat); sets the hand's ``to_act``.  ``True`` when somebody has to act in it."""
        hand = self.hand
        self.memo = NO_MEMO
        index = self.index
        if index >= 0:
            self.openers.append((self.first_bettor, self.aggressor))
        self.index = index = index + 1
        n = hand.n
        self.first_bettor = None
        self.acted = [NOT_ACTED] * n
        self.aggressor = None
        self.bring_in_seat = None
        self.big_made = False
        self.double = False
        self.full_level = 0
        cur = raises = 0
        betting = hand.betting
        if betting.bet_sizes:
            self.size = size = betting.size(index)
            round_max = betting.round_max if betting.limit is _SPREAD else None
            self.top = round_max * size if round_max is not None else None
        no_raise = self.no_raise
        if any(no_raise):
            for s in range(n):
                if no_raise[s] > 0:
                    no_raise[s] -= 1
        self.measure_reach()
        first = FIRST_TO_ACT[opener](hand)
        if opener is _BY_BRING_IN and hand.stacks[first] > 0 and self.active >= 2:
            self.bring_in_seat = first  # a forced bet: posted (or completed) before anything else
            self.cur = self.last_inc = self.raises = 0
            self.set_capped()
            hand.to_act = first
            return True
        if opener is _BY_BLINDS and index == 0 and any(hand.blinds):
            cur = max(hand.blinds)  # the blinds are the round's first bet
            raises = 1
        self.cur = self.last_inc = cur
        self.raises = raises
        self.set_capped()
        game = hand.game
        stud = game.stud
        if stud is not None and stud.open_pair_double and self.fixed and index == 1:
            self.double = any_open_pair(hand)
        self.split_open = game.split_offer and not any(st.betting for st in game.streets[hand.street + 1 :])
        if hand.split_accepted:
            hand.split_accepted = set()
        nxt = self.next_to_act(first)
        hand.to_act = nxt
        return nxt is not None

    def measure_reach(self) -> None:
        """Set ``reach_top``, ``reach_seat`` and ``reach_second`` from the seats still in the hand."""
        hand = self.hand
        folded, bets, stacks = hand.folded, hand.bets, hand.stacks
        top = second = 0
        top_seat = -1
        for s in range(hand.n):
            if not folded[s]:
                reach = bets[s] + stacks[s]
                if reach > top:
                    top, second, top_seat = reach, top, s
                elif reach > second:
                    second = reach
        self.reach_top, self.reach_seat, self.reach_second = top, top_seat, second

    def next_to_act(self, first: int) -> int | None:
        """The first seat from ``first`` clockwise that still has to act this round."""
        hand = self.hand
        n = hand.n
        stacks, folded, bets, acted = hand.stacks, hand.folded, hand.bets, self.acted
        cur = self.cur
        s = first
        for _ in range(n):
            if not folded[s] and stacks[s] and (bets[s] < cur or (acted[s] == NOT_ACTED and self.active >= 2)):
                return s
            s += 1
            if s == n:
                s = 0
        return None

    def close(self) -> None:
        """End the round: nobody is to act, the uncalled part of the largest contribution goes back to its seat
        (an ``UNCALLED`` event; RULES §2.3) and the round's bets are in the pot."""
        hand = self.hand
        self.memo = NO_MEMO
        hand.to_act = None
        contrib = hand.contributions
        ordered = sorted(contrib)
        excess = ordered[-1] - ordered[-2]  # the largest contribution above the second largest (a hand has 2 seats+)
        if excess > 0:
            top = contrib.index(ordered[-1])
            contrib[top] -= excess
            if hand.stacks[top] == 0 and not hand.folded[top]:
                self.active += 1
            hand.stacks[top] += excess
            hand.bets[top] = max(0, hand.bets[top] - excess)
            hand.events.append(Event(EventType.UNCALLED, top, excess))
        hand.bets = [0] * hand.n

    # ------------------------------------------------------------------ what is legal

    def amounts(self, seat: int) -> tuple[int, ...] | None:
        """Fixed-limit stud with an open pair on fourth street: the only legal totals, the small or the big bet
        on top of the current one (the big one only once a big bet is in; RULES G9)."""
        if not self.double:
            return None
        hand = self.hand
        sizes = hand.betting.bet_sizes
        small, big = sizes[self.index], sizes[-1]
        base = 0 if self.raises == 0 else self.cur
        all_in = hand.bets[seat] + hand.stacks[seat]
        options = (base + big,) if self.big_made else (base + small, base + big)
        return tuple(sorted({min(o, all_in) for o in options}))

    def legal(self, seat: int) -> LegalActions:
        """What ``seat`` (the seat to act) may do now; worked out once per decision (``memo``)."""
        hand = self.hand
        at = len(hand.events)
        memo_at, memo_seat, memo = self.memo
        if memo_at == at and memo_seat == seat and memo is not None:
            return memo
        cur = self.cur
        own = hand.bets[seat]
        stack = hand.stacks[seat]
        owe = cur - own
        rng = None
        amounts = self.amounts(seat) if self.double else None
        # May the seat bet or raise?  Chips beyond a call, no timed-out draw forbidding it (RULES §2.5), the cap
        # (fixed limit) or round maximum (spread limit) not reached, and the betting open to it: it has not acted
        # since the last full bet or raise (TDA 47), else the raises since add up to a full one.
        if stack > owe and not self.no_raise[seat] and not self.capped:
            acted = self.acted[seat]  # NOT_ACTED is below every level
            # The cover of raise_range: the most an opponent still in the hand reaches (see reach_top).
            cover = self.reach_second if seat == self.reach_seat else self.reach_top
            if cover > cur and (acted < self.full_level or self.reopened(cur - acted)):
                if amounts is not None:
                    rng = (amounts[0], amounts[-1])
                else:
                    pot = hand._pot() if self.pot_sized else 0  # only pot and half-pot limit read the pot
                    rng = _raise_range(
                        hand.betting, self.index, cur, self.last_inc, own, stack, pot, cover, self.raises
                    )
        if self.bring_in_seat == seat:
            bring_in = hand.bring_in
            la = betting_legal(
                seat, bring_in if bring_in < stack else stack, False, False, None, rng, None, amounts, False
            )
        else:
            if rng is None:
                amounts = None
            if owe > 0:
                la = betting_legal(seat, None, True, False, owe if owe < stack else stack, None, rng, amounts, False)
            elif cur:
                la = betting_legal(seat, None, hand.fold_without_bet, True, None, None, rng, amounts, False)
            else:
                la = betting_legal(seat, None, hand.fold_without_bet, True, None, rng, None, amounts, self.split_open)
        self.memo = (at, seat, la)
        return la

    def reopened(self, gap: int) -> bool:
        """Whether raises of ``gap`` chips in all since a seat acted, none of them full, reopen the betting to it:
        half a bet in fixed limit, else the last full increment and the minimum bet (TDA 47)."""
        if self.fixed:
            return gap * 2 >= self.size
        return gap >= self.last_inc and gap >= self.hand.betting.min_bet

    def set_capped(self) -> None:
        """``capped``: the cap (fixed limit) or the round maximum (spread limit) is reached; nobody may bet or raise.
        Set when the round opens and after every forced or voluntary bet."""
        cap, top = self.cap, self.top
        self.capped = (cap is not None and self.raises >= cap) or (top is not None and self.cur >= top)

    def describe_legal(self) -> str:
        """What the seat to act may do, in words (``fold, call 20, raise to 40..200``), for refusals."""
        s = self.hand.to_act
        return self.legal(s).describe() if s is not None else "nothing"

    # ------------------------------------------------------------------ verifying

    def verify(self, action: Action, seat: int | None) -> int:
        """Raise a typed error unless ``action`` (by ``seat``, when named) is legal now; returns the acting seat.
        :class:`~pokerroom.errors.NotYourTurn` for another seat, :class:`~pokerroom.errors.IllegalAmount` (with
        the nearest legal amount) for a bet or raise out of range, :class:`~pokerroom.errors.IllegalAction`
        otherwise; each message lists what is legal.  A bet or raise is checked against :meth:`legal` (worked out
        once per decision); the other kinds build no objects."""
        hand = self.hand
        s = hand.to_act
        assert s is not None  # a betting round always has a seat to act
        if seat is not None and seat != s:
            raise NotYourTurn(f"seat {seat} cannot act: it is seat {s}'s turn ({self.describe_legal()})")
        kind = action.kind
        if kind is _BET or kind is _RAISE:
            legal = self.legal(s)
            rng = legal.bet if kind is _BET else legal.raise_
            if rng is None:
                raise IllegalAction(f"seat {s} cannot {kind.value} now; legal: {legal.describe()}")
            self._verify_amount(s, kind, action.amount, rng, legal)
            return s
        facing = self.cur > hand.bets[s]
        if self.bring_in_seat == s:
            ok = kind is _BRING_IN  # or a bet (completing), above
        elif kind is _CALL:
            ok = facing
        elif kind is _CHECK:
            ok = not facing
        elif kind is _FOLD:
            ok = facing or hand.fold_without_bet
        elif kind is _SPLIT:
            ok = self.split_open and self.cur == 0
        else:
            ok = False
        if not ok:
            raise IllegalAction(f"seat {s} cannot {kind.value} now; legal: {self.describe_legal()}")
        return s

    def _verify_amount(
        self, s: int, kind: ActionKind, amount: int | None, rng: tuple[int, int], legal: LegalActions
    ) -> None:
        """A bet or raise to ``amount`` within ``rng`` (and one of the listed ``amounts``, where there are)."""
        lo, hi = rng
        amounts = legal.amounts
        if amount is not None and lo <= amount <= hi and (amounts is None or amount in amounts):
            return
        word = "bet" if kind is _BET else "raise to"
        if amount is None:
            raise IllegalAmount(f"a {kind.value} needs an amount: {word} {lo}..{hi}", nearest=lo)
        if amounts is not None and amount not in amounts:
            nearest = min(amounts, key=lambda a: (abs(a - amount), a))
            raise IllegalAmount(
                f"seat {s} cannot {word} {amount}: the legal amounts are {' or '.join(map(str, amounts))} "
                f"(nearest legal amount {nearest}); legal: {legal.describe()}",
                nearest=nearest,
            )
        nearest = lo if amount < lo else hi
        raise IllegalAmount(
            f"seat {s} cannot {word} {amount}: the legal range is {lo}..{hi} "
            f"(nearest legal amount {nearest}); legal: {legal.describe()}",
            nearest=nearest,
        )

    def verify_all_in(self, seat: int | None) -> int:
        """The betting part of :meth:`~pokerroom.engine.hand.Hand.verify_artificial_all_in` (RULES §3.7)."""
        hand = self.hand
        s = hand.to_act
        assert s is not None
        if seat is not None and seat != s:
            raise NotYourTurn(f"seat {seat} cannot be put all-in: seat {s} is to act")
        if self.bring_in_seat == s:
            raise IllegalAction(f"seat {s} owes the bring-in, a forced bet; post it before anything else")
        if self.cur <= hand.bets[s]:
            raise IllegalAction(f"seat {s} faces no bet: a timed-out player checks (RULES §3.7)")
        if hand.contributions[s] + hand.dead_posted[s] <= 0:
            raise IllegalAction(f"seat {s} has put no chips in this hand: a timed-out player folds (RULES §3.7)")
        return s

    # ------------------------------------------------------------------ acting

    def act(self, action: Action, seat: int | None) -> Event:
        """Apply a betting action (verified here unless :meth:`~pokerroom.engine.hand.Hand.verify` just verified
        this very action); returns its event.  Afterwards the hand's ``to_act`` is the next seat to act, or
        ``None`` when the round is over."""
        hand = self.hand
        s = hand.to_act
        assert s is not None
        kind = action.kind
        bets = hand.bets
        cur = self.cur
        # Check and call are recognised by the very comparisons that make them legal; anything else is verified.
        if kind is _CALL and cur > bets[s] and (seat is None or seat == s):
            stacks = hand.stacks
            own = bets[s]
            stack = stacks[s]
            add = cur - own
            if add >= stack:  # all-in, for less or exactly
                add = stack
                self.active -= 1
            stacks[s] = stack - add
            bets[s] = own + add
            hand.contributions[s] += add
            event = _tnew(Event, (_E_CALL, s, add, own + add, None, None, add == stack, None, None, None))
        elif kind is _CHECK and cur <= bets[s] and (seat is None or seat == s) and self.bring_in_seat is None:
            event = _CHECKS[s] if s < _SEATS else Event(_E_CHECK, s)
        else:
            if not hand._is_verified(action, seat):
                s = self.verify(action, seat)
            event = self._apply(action, s)
        if self.split_open and kind is not _SPLIT:  # any other choice ends the proposal (G15)
            self.split_open = False
            hand.split_accepted = set()
        if action.timed_out:  # the table acted for a player whose time ran out (RULES §3.7): the record says so
            event = event._replace(text=TIMED_OUT)
        # What _after does, written out: this runs at every action.
        cur = self.cur
        acted = self.acted
        acted[s] = cur
        hand.events.append(event)
        if self.in_hand == 1:
            hand.to_act = None
            return event
        n = hand.n
        s += 1
        if s == n:
            s = 0
        # The next seat usually has to act: next_to_act's test for it, written out.
        if not hand.folded[s] and hand.stacks[s] and (bets[s] < cur or (acted[s] == NOT_ACTED and self.active >= 2)):
            hand.to_act = s
        else:
            hand.to_act = self.next_to_act(s)
        return event

    def _apply(self, action: Action, s: int) -> Event:
        """A verified fold, split, bring-in, bet or raise by seat ``s``."""
        hand = self.hand
        kind = action.kind
        if kind is _FOLD:
            hand.folded[s] = True
            self.in_hand -= 1
            self.active -= 1
            self.measure_reach()
            hand._cards.discard(hand.hole[s])  # folded cards may be reshuffled for a draw (RULES §2.5)
            return Event(EventType.FOLD, s)
        if kind is _SPLIT:  # a check that proposes (or agrees to) the split
            hand.split_accepted.add(s)
            return Event(EventType.SPLIT, s)
        bets = hand.bets
        if kind is _BRING_IN:
            paid = min(hand.bring_in, hand.stacks[s])
            self._move(s, paid)
            self.cur = hand.bring_in  # the others call the full bring-in, as a short blind (decision 21)
            self.last_inc = hand.bring_in
            self.bring_in_seat = None
            self.set_capped()
            return Event(EventType.BRING_IN, s, paid, bets[s], None, None, hand.stacks[s] == 0)
        to = action.amount
        assert to is not None
        cur = self.cur
        inc = to - cur
        betting = hand.betting
        if self.double and to - (0 if self.raises == 0 else cur) >= betting.bet_sizes[-1]:
            self.big_made = True
        if (self.fixed and self.raises == 0 and to >= self.size) or _full_raise(
            betting, self.index, inc, self.last_inc
        ):  # a completion, or a full bet or raise
            self.full_level = to
            self.last_inc = self.size if self.fixed else inc
            self.raises += 1
        self.bring_in_seat = None
        self.cur = to
        self.set_capped()
        self.aggressor = s
        if self.first_bettor is None:
            self.first_bettor = s
        add = to - bets[s]
        self._move(s, add)
        all_in = hand.stacks[s] == 0
        return _tnew(Event, (_E_BET if kind is _BET else _E_RAISE, s, add, to, None, None, all_in, None, None, None))

    def all_in(self, s: int) -> Event:
        """Disconnect protection (RULES §3.7): seat ``s``'s chips behind are set aside; it stays in as all-in."""
        hand = self.hand
        hand.protected[s] = hand.stacks[s]
        hand.stacks[s] = 0
        self.active -= 1
        self.measure_reach()
        return self._after(s, Event(EventType.ARTIFICIAL_ALL_IN, s, 0, hand.bets[s], all_in=True))

    def _after(self, s: int, event: Event) -> Event:
        """Record seat ``s``'s action; the next seat to act, or ``None`` when the round is over (:meth:`act` does
        the same, written out)."""
        hand = self.hand
        self.acted[s] = self.cur
        hand.events.append(event)
        if self.in_hand == 1:
            hand.to_act = None
            return event
        s += 1
        hand.to_act = self.next_to_act(s if s < hand.n else 0)
        return event

    def _move(self, seat: int, chips: int) -> None:
        hand = self.hand
        left = hand.stacks[seat] - chips
        hand.stacks[seat] = left
        hand.bets[seat] += chips
        hand.contributions[seat] += chips
        if left == 0:
            self.active -= 1


_tnew = tuple.__new__
"""An :class:`Event` from all its fields at once, without the named tuple's keyword ``__new__``: the round
records one at every action."""
if len(Event._fields) != 10:  # the literal field tuples above list all ten
    raise AssertionError("Event's fields changed: update the tuples BettingRound.act and _apply build")
_SEATS = 32
_CHECKS = tuple(Event(_E_CHECK, s) for s in range(_SEATS))
"""The ``CHECK`` event of each seat (events are immutable values: one serves every hand)."""
