"""``Hand``: one deal from the first forced bet to settled pots (RULES §2.3-§2.4, §3.6, §3.9).

The hand walks its game's streets: deal, then a betting round where the game says so; uncalled bets come back
at the end of every round; when one player is left the hand ends, when at most one player can still bet the rest
of the cards are dealt, and after the last street comes the showdown.  It is pure and deterministic: cards come
from a card source, actions come in, events come out.

Three faces per action (DESIGN): :meth:`Hand.legal_actions`, :meth:`Hand.verify` (raises a typed error saying
why and what is legal) and :meth:`Hand.act` (verifies, applies, returns the event).  A refused action never
changes state.  Chips are integers: after every action ``sum(stacks) + pot == sum(starting stacks)``.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pokerroom.cards import UNKNOWN, format_cards
from pokerroom.engine import order
from pokerroom.engine.actions import Action, ActionKind, LegalActions
from pokerroom.engine.betting import is_full_raise, raise_range
from pokerroom.engine.dealing import CardSource
from pokerroom.engine.events import Event, EventType
from pokerroom.engine.pots import Pot, build_pots
from pokerroom.engine.showdown import Phase, ShowdownMixin
from pokerroom.errors import HandOver, IllegalAction, IllegalAmount, NotYourCards, NotYourTurn
from pokerroom.games.base import Opener, Street
from pokerroom.games.structures import Betting, Limit

if TYPE_CHECKING:
    from pokerroom.engine.views import HandView
    from pokerroom.games.base import Game

__all__ = ["Hand", "Phase"]

_NOT_ACTED = -1


class Hand(ShowdownMixin):
    """One hand of a button game (hold'em and Omaha families).

    * ``stacks``: chips behind for each seat ``0..n-1`` (clockwise), all positive;
    * ``button``: the button's seat; the odd chip goes to the first winner clockwise from it;
    * ``blinds``: the blind or straddle each seat posts (0 for none); the first actor preflop sits left of the
      largest one; a blind posted short by an all-in still has to be called in full (settled decision 21);
    * ``antes``: each seat's ante (dead money: it never counts toward a call; TRAPS T24);
    * ``ante_trimming``: antes count in the contribution levels that form side pots and an unmatched part comes
      back (the default, TRAPS T24 b); ``False`` puts them in the main pot as dead money (PHH
      ``ante_trimming_status = false``);
    * ``auto_showdown``: reveal every hand at the showdown (online practice); ``False`` makes each player show
      or muck in turn (``strict_show_order=False`` lets any of them do so in any order, for replays);
    * ``fold_without_bet``: folding with no bet pending is allowed (RULES §2.3, the online games); ``None``
      takes the game's rule;
    * ``carried_in``: chips a previous hand left in the pot (the club games' odd chips), dead money in the main
      pot; the hand's own odd chips are left in ``carried`` when the game carries them, unless ``last_hand``;
    * ``dead``: dead money each seat posts before the deal (a missed small blind, RULES §3.5; the club's
      new-player fee, A-G2-7): it goes to the main pot and never counts toward a call;
    * ``big_blind_seat``: the seat of the big blind in position when other players also post a live big blind
      (a new or returning player, RULES §3.4-§3.5); the first actor preflop sits left of it.  ``None``: the last
      seat clockwise from the button that posted the largest blind;
    * ``rake``: the house's cut (RULES §3.10), called once at settlement with the pots' amounts (main pot first)
      and the number of players dealt in, returning the chips taken from each pot; only when the hand reached
      the game's ``rake_street`` ("no flop, no drop").  ``None``: no rake (play money, the club games).

    Raises :class:`~pokerroom.errors.IllegalAction` for an impossible set-up (fewer than two seats, a stack
    that is not positive, lists of the wrong length).
    """

    def __init__(
        self,
        game: Game,
        *,
        stacks: Sequence[int],
        button: int,
        blinds: Sequence[int],
        antes: Sequence[int],
        betting: Betting,
        cards: CardSource,
        bring_in: int = 0,
        ante_trimming: bool = True,
        auto_showdown: bool = True,
        strict_show_order: bool = True,
        fold_without_bet: bool | None = None,
        carried_in: int = 0,
        last_hand: bool = False,
        dead: Sequence[int] | None = None,
        big_blind_seat: int | None = None,
        rake: Callable[[Sequence[int], int], Sequence[int]] | None = None,
    ) -> None:
        n = len(stacks)
        if n < 2:
            raise IllegalAction(f"a hand needs at least two seats, got {n}")
        if len(blinds) != n or len(antes) != n:
            raise IllegalAction(f"blinds and antes need one entry per seat ({n}); got {len(blinds)}, {len(antes)}")
        if any(s <= 0 for s in stacks):
            raise IllegalAction(f"every seat dealt in needs chips; stacks {list(stacks)}")
        if any(b < 0 for b in blinds) or any(a < 0 for a in antes) or bring_in < 0:
            raise IllegalAction("blinds, antes and the bring-in cannot be negative")
        if not 0 <= button < n:
            raise IllegalAction(f"button seat {button} is not a seat of this {n}-seat table")
        if dead is not None and (len(dead) != n or any(d < 0 for d in dead)):
            raise IllegalAction(f"dead money needs one non-negative entry per seat ({n}); got {list(dead)}")
        if big_blind_seat is not None and not (0 <= big_blind_seat < n and blinds[big_blind_seat] > 0):
            raise IllegalAction(f"big blind seat {big_blind_seat} posts no blind (blinds {list(blinds)})")
        self.game = game
        self.betting = betting
        self.n = n
        self.button = button
        self.starting_stacks: tuple[int, ...] = tuple(stacks)
        self.stacks: list[int] = list(stacks)
        self.blinds: tuple[int, ...] = tuple(blinds)
        self.antes: tuple[int, ...] = tuple(antes)
        self.bring_in = bring_in
        self.ante_trimming = ante_trimming
        self.auto_showdown = auto_showdown
        self.strict_show_order = strict_show_order
        self.fold_without_bet = game.house.fold_without_bet if fold_without_bet is None else fold_without_bet
        if carried_in < 0:
            raise IllegalAction("carried chips cannot be negative")
        self.carried_in = carried_in
        self.carry_odd_chips = game.house.odd_chips_carry and not last_hand
        self.carried = 0
        """Odd chips this hand leaves in the pot for the next one (the club games)."""
        self.dead_posted: list[int] = [0] * n
        """Dead money each seat posted (RULES §3.5, A-G2-7); it is in the pot but not in ``contributions``."""
        self.rake = 0
        """Chips the house took from the pots at settlement (RULES §3.10)."""
        self.rake_by_pot: tuple[int, ...] = ()
        """The chips the rake took from each pot (main pot first), as settled."""
        self.protected: list[int] = [0] * n
        """Chips behind of each seat put all-in by disconnect protection (RULES §3.7): set aside until the end."""
        self._dead_in = list(dead) if dead is not None else [0] * n
        self.big_blind_seat = big_blind_seat
        self.rake_rule = rake
        """The rake hook this hand was dealt with (``None``: no rake); hand histories record it."""
        self._cards = cards
        self.bets: list[int] = [0] * n
        self.contributions: list[int] = [0] * n
        self.dead = carried_in
        self.folded: list[bool] = [False] * n
        self._in_hand = n
        self.hole: list[list[int]] = [[] for _ in range(n)]
        """Every card each seat holds, face down and face up, in the order dealt."""
        self.up: list[list[int]] = [[] for _ in range(n)]
        """The face-up cards of each seat (stud), also in ``hole``."""
        self.board: list[int] = []
        self.events: list[Event] = []
        self.street = 0
        self.round_index = -1
        self.phase = Phase.BETTING
        self.to_act: int | None = None
        # betting-round state (RULES §3.9 notation)
        self.cur = 0
        self.last_inc = 0
        self.raises = 0
        self.aggressor: int | None = None
        self._acted: list[int] = [_NOT_ACTED] * n
        self._bring_in_seat: int | None = None  # the seat that must post the bring-in or complete
        self._full_level = 0  # the round total of the last full bet or raise (it reopens the betting)
        self._double = False  # fixed-limit stud: an open pair on fourth street allows the big bet
        self._big_made = False
        self._no_raise: list[int] = [0] * n  # betting rounds (or -1: the rest of the hand) a seat may not bet
        self._skip_betting = False  # stud: no betting after a common card
        self._openers: list[tuple[int | None, int | None]] = []  # each round's first bettor and last raiser
        self._split_open = False  # 32-card draw: the split proposal still stands (RULES G15)
        self.split_accepted: set[int] = set()
        self._paid = 0  # chips of pots already split out before the showdown
        """The seats that pressed split while the proposal stood."""
        self._split_queue: list[int] = []
        self._first_bettor: int | None = None
        # draw state
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self._draw_queue: list[int] = []
        # showdown state
        self.shown: dict[int, tuple[int, ...]] = {}
        self.mucked: list[int] = []
        self._show_order: list[int] = []
        self.pots: list[Pot] = []
        self.won: list[int] = [0] * n
        self._post_forced_bets()
        self._active = sum(1 for x in self.stacks if x > 0)  # seats in the hand with chips behind
        self._start_street()

    # ------------------------------------------------------------------ set-up and flow

    def _post_forced_bets(self) -> None:
        """Antes, then the live blinds (posted big blinds included), then dead money.  A short stack's chips go
        live first: a returning player all-in for less than what they owe can still win from each opponent what
        they put in (RULES §3.6), and only what is left over is dead (§3.5)."""
        ev = self.events.append
        order = self._seats_from(self.button + 1)
        for seat in order:
            want = self.antes[seat]
            if want:
                paid = min(want, self.stacks[seat])
                self.stacks[seat] -= paid
                if self.ante_trimming:
                    self.contributions[seat] += paid
                else:
                    self.dead += paid
                ev(Event(EventType.POST_ANTE, seat, paid, all_in=self.stacks[seat] == 0))
        self._post_blinds(order)
        for seat in order:
            paid = min(self._dead_in[seat], self.stacks[seat])
            if paid:
                self.stacks[seat] -= paid
                self.dead += paid
                self.dead_posted[seat] += paid
                ev(Event(EventType.POST_DEAD, seat, paid, text="dead", all_in=self.stacks[seat] == 0))

    def _post_blinds(self, order: list[int]) -> None:
        ev = self.events.append
        posting = order if self.n > 2 else [self.button, (self.button + 1) % self.n]
        posters = [s for s in posting if self.blinds[s]]
        names = ["small blind", "big blind"] if len(posters) > 1 else ["big blind"]
        big = max(self.blinds, default=0)
        for k, seat in enumerate(posters):
            paid = min(self.blinds[seat], self.stacks[seat])
            self.stacks[seat] -= paid
            self.bets[seat] = paid
            self.contributions[seat] += paid
            if self.big_blind_seat is None:
                name = names[k] if k < len(names) else "straddle"
            elif seat == self.big_blind_seat:
                name = "big blind"
            else:
                name = "small blind" if self.blinds[seat] < big else "posted big blind"
            ev(Event(EventType.POST_BLIND, seat, paid, to=paid, text=name, all_in=self.stacks[seat] == 0))

    def _start_street(self) -> None:
        """Deal the current street; start its draw or open its betting round, or go on when nobody can act."""
        while True:
            street = self.game.streets[self.street]
            self._deal_street(street)
            if street.draw:
                start = self.button + 1
                draw = self.game.draw
                if draw is not None and draw.order is Opener.AFTER_BIG_BLIND:
                    start = order.big_blind_seat(self) + 1
                self._draw_queue = [s for s in self._seats_from(start % self.n) if not self.folded[s]]
                self.phase = Phase.DRAW
                self.to_act = self._draw_queue[0]
                return
            if not self._bet_street():
                return

    def _bet_street(self) -> bool:
        """The betting part of the current street; ``True`` when the hand moved on to the next street."""
        street = self.game.streets[self.street]
        if street.betting and not self._skip_betting:
            if self._open_round():
                return False
            self._close_round()
            if self.phase is not Phase.BETTING:
                return False
        if self.street + 1 >= len(self.game.streets):
            self._showdown()
            return False
        self.street += 1
        return True

    def _deal_street(self, street: Street) -> None:
        seats = [s for s in self._seats_from(self.button + 1) if not self.folded[s]]
        source = self._cards
        ev = self.events.append
        stud = self.game.stud
        if street.hole and stud is not None and stud.common_card:
            remaining = source.remaining
            if remaining is not None and remaining < len(seats) * street.hole:
                # RULES G9: the deck runs out at seventh street, one community card serves everyone.
                cards = source.deal_board(1)
                self.board.extend(cards)
                ev(Event(EventType.DEAL_BOARD, cards=tuple(cards), text="common card"))
                self._skip_betting = not stud.common_card_betting
                street = Street(street.name, up=street.up, board=street.board, betting=street.betting)
        if street.hole:
            for seat, cards in zip(seats, source.deal_hole(seats, street.hole), strict=True):
                self.hole[seat].extend(cards)
                ev(Event(EventType.DEAL_HOLE, seat, cards=tuple(cards)))
        if street.up:
            for seat, cards in zip(seats, source.deal_hole(seats, street.up), strict=True):
                self.hole[seat].extend(cards)
                self.up[seat].extend(cards)
                ev(Event(EventType.DEAL_UP, seat, cards=tuple(cards)))
        if street.board:
            cards = source.deal_board(street.board)
            self.board.extend(cards)
            ev(Event(EventType.DEAL_BOARD, cards=tuple(cards), text=street.name))

    def _open_round(self) -> bool:
        """Set up a betting round; ``True`` when somebody has to act in it."""
        if self.round_index >= 0:
            self._openers.append((self._first_bettor, self.aggressor))
        self._first_bettor = None
        self.round_index += 1
        n = self.n
        self._acted = [_NOT_ACTED] * n
        self.aggressor = None
        self._bring_in_seat = None
        self._big_made = False
        self._double = False
        self._full_level = 0
        self.cur = 0
        self.last_inc = 0
        self.raises = 0
        for s in range(n):
            if self._no_raise[s] > 0:
                self._no_raise[s] -= 1
        opener = self.game.streets[self.street].opener
        if opener is Opener.BLINDS and any(self.blinds) and self.round_index == 0:
            big = max(self.blinds)
            self.cur = big
            self.last_inc = big
            self.raises = 1
            first = order.big_blind_seat(self) + 1
        elif opener is Opener.BRING_IN:
            first = order.bring_in_seat(self)
            if self.stacks[first] > 0 and self._active >= 2:
                self._bring_in_seat = first
                self.to_act = first
                return True
        elif opener is Opener.SHOWING:
            first = order.best_showing_seat(self)
        elif opener is Opener.OPENER or opener is Opener.OPENER_OR_RAISER:
            first = order.previous_opener(self, opener is Opener.OPENER_OR_RAISER)
        elif opener is Opener.AFTER_BIG_BLIND:
            first = order.big_blind_seat(self) + 1
        else:
            first = self.button + 1
        stud = self.game.stud
        if stud is not None and stud.open_pair_double and self.betting.fixed and self.round_index == 1:
            self._double = order.any_open_pair(self)
        later = self.game.streets[self.street + 1 :]
        self._split_open = self.game.split_offer and not any(st.betting for st in later)
        self.split_accepted = set()
        nxt = self._next_to_act(first % n)
        self.to_act = nxt
        return nxt is not None

    def _active_count(self) -> int:
        return self._active

    def _next_to_act(self, first: int) -> int | None:
        """The first seat from ``first`` clockwise that still has to act this round."""
        n = self.n
        stacks, folded, bets, acted = self.stacks, self.folded, self.bets, self._acted
        cur = self.cur
        several: bool | None = None
        for k in range(n):
            s = first + k
            if s >= n:
                s -= n
            if folded[s] or stacks[s] == 0:
                continue
            if bets[s] < cur:
                return s
            if acted[s] == _NOT_ACTED:
                if several is None:
                    several = self._active >= 2
                if several:
                    return s
        return None

    def _close_round(self) -> None:
        """Return the uncalled bet, end the hand if one player is left."""
        self.to_act = None
        self._return_uncalled()
        self.bets = [0] * self.n
        in_hand = [s for s in range(self.n) if not self.folded[s]]
        if len(in_hand) == 1:
            self._award_uncontested(in_hand[0])

    def _return_uncalled(self) -> None:
        contrib = self.contributions
        top = max(range(self.n), key=contrib.__getitem__)
        second = max((c for s, c in enumerate(contrib) if s != top), default=0)
        excess = contrib[top] - second
        if excess > 0:
            contrib[top] -= excess
            if self.stacks[top] == 0 and not self.folded[top]:
                self._active += 1
            self.stacks[top] += excess
            self.bets[top] = max(0, self.bets[top] - excess)
            self.events.append(Event(EventType.UNCALLED, top, excess))

    def _award_uncontested(self, seat: int) -> None:
        self.pots = build_pots(self.contributions, [not f for f in self.folded], self.dead)
        self._take_rake()
        total = sum(p.amount for p in self.pots)
        for pot in self.pots:
            winners = ((seat, pot.amount),)
            self.events.append(Event(EventType.POT, None, pot.amount, eligible=pot.eligible, winners=winners))
        self.stacks[seat] += total
        self.won[seat] += total
        self._finish()

    def _take_rake(self) -> None:
        """RULES §3.10: the house's cut from the settled pots, once the hand reached the game's raking street;
        uncalled bets are already back, so they are never raked."""
        rule = self.rake_rule
        if rule is None or self.street < self.game.rake_street or not self.pots:
            return
        taken = list(rule([p.amount for p in self.pots], self.n))
        if len(taken) != len(self.pots) or any(t < 0 or t > p.amount for t, p in zip(taken, self.pots, strict=True)):
            raise IllegalAction(f"the rake rule took {taken} from pots {[p.amount for p in self.pots]}")
        total = sum(taken)
        if total:
            self.pots = [Pot(p.amount - t, p.eligible) for p, t in zip(self.pots, taken, strict=True)]
            self.rake = total
            self.rake_by_pot = tuple(taken)
            self.events.append(Event(EventType.RAKE, None, total))

    # ------------------------------------------------------------------ the three faces

    @property
    def is_complete(self) -> bool:
        return self.phase is Phase.COMPLETE

    def _can_raise(self, seat: int) -> bool:
        cur = self.cur
        if self.stacks[seat] <= cur - self.bets[seat] or self._no_raise[seat]:
            return False
        b = self.betting
        fixed = b.fixed
        if fixed and b.cap is not None and self.raises >= b.cap:
            return False
        if b.round_max is not None and b.limit is Limit.SPREAD and cur >= b.round_max * b.size(self.round_index):
            return False
        acted = self._acted[seat]
        if acted != _NOT_ACTED and acted >= self._full_level:  # nobody made a full bet or raise since
            gap = cur - acted
            if fixed:
                if gap * 2 < b.size(self.round_index):
                    return False
            elif gap < self.last_inc or gap < b.min_bet:
                return False
        return self._cover(seat) > cur

    def _cover(self, seat: int) -> int:
        """The most any opponent still in the hand can reach this round."""
        bets, stacks, folded = self.bets, self.stacks, self.folded
        best = 0
        for s in range(self.n):
            if s != seat and not folded[s]:
                reach = bets[s] + stacks[s]
                if reach > best:
                    best = reach
        return best

    def _range(self, seat: int) -> tuple[int, int]:
        return raise_range(
            self.betting,
            self.round_index,
            cur=self.cur,
            last_inc=self.last_inc,
            own=self.bets[seat],
            stack=self.stacks[seat],
            pot=self.pot_total,
            cover=self._cover(seat),
            raises=self.raises,
        )

    def _amounts(self, seat: int) -> tuple[int, ...] | None:
        """Fixed-limit stud with an open pair on fourth street: the only legal totals, the small or the big bet
        on top of the current one (the big one only once a big bet is in; RULES G9)."""
        if not self._double:
            return None
        sizes = self.betting.bet_sizes
        small, big = sizes[self.round_index], sizes[-1]
        base = 0 if self.raises == 0 else self.cur
        all_in = self.bets[seat] + self.stacks[seat]
        options = (base + big,) if self._big_made else (base + small, base + big)
        return tuple(sorted({min(o, all_in) for o in options}))

    def legal_actions(self) -> LegalActions | None:
        """What the seat to act may do now, or ``None`` when nobody is to act (the hand is complete)."""
        seat = self.to_act
        if seat is None:
            return None
        if self.phase is Phase.SHOWDOWN:
            return LegalActions(seat, show=True, muck=True)
        if self.phase is Phase.SPLIT:  # an all-in player accepts (split) or declines (check) the split
            return LegalActions(seat, check=True, split=True)
        if self.phase is Phase.DRAW:
            return LegalActions(seat, draw=self._draw_limit())
        amounts = self._amounts(seat) if self._double else None
        rng = self._range(seat) if self._can_raise(seat) else None
        if rng is not None and amounts is not None:
            rng = (amounts[0], amounts[-1])
        if self._bring_in_seat == seat:
            return LegalActions(seat, bring_in=min(self.bring_in, self.stacks[seat]), bet=rng, amounts=amounts)
        owe = self.cur - self.bets[seat]
        facing = owe > 0
        return LegalActions(
            seat,
            fold=facing or self.fold_without_bet,
            check=not facing,
            call=min(owe, self.stacks[seat]) if facing else None,
            bet=rng if self.cur == 0 else None,
            raise_=rng if self.cur > 0 else None,
            amounts=amounts if rng is not None else None,
            split=self._split_open and self.cur == 0,
        )

    def verify(self, action: Action, seat: int | None = None) -> None:
        """Raise a typed error if ``action`` (by ``seat``, when named) is not legal now; never changes state.

        Raises :class:`~pokerroom.errors.HandOver`, :class:`~pokerroom.errors.NotYourTurn`,
        :class:`~pokerroom.errors.IllegalAmount` (with the nearest legal amount) or
        :class:`~pokerroom.errors.IllegalAction`; each message lists what is legal.
        """
        if self.phase is Phase.BETTING:
            self._verify_betting(action, seat)
        elif self.phase is Phase.DRAW:
            self._verify_draw(action, seat)
        elif self.phase is Phase.SPLIT:
            self._verify_split(action, seat)
        elif self.phase is Phase.SHOWDOWN:
            self._verify_showdown(action, seat)
        else:
            raise HandOver(f"the hand is complete; no action is legal (refused: {action!r})")

    def _verify_betting(self, action: Action, seat: int | None) -> int:
        """Check a betting action; returns the acting seat.  The fast path builds no objects."""
        s = self.to_act
        assert s is not None  # a betting phase always has a seat to act
        if seat is not None and seat != s:
            raise NotYourTurn(f"seat {seat} cannot act: it is seat {s}'s turn ({self._describe_legal()})")
        kind = action.kind
        facing = self.cur > self.bets[s]
        bringing_in = self._bring_in_seat == s
        if bringing_in:
            ok = kind is ActionKind.BRING_IN or (kind is ActionKind.BET and self._can_raise(s))
        elif kind is ActionKind.CALL:
            ok = facing
        elif kind is ActionKind.CHECK:
            ok = not facing
        elif kind is ActionKind.FOLD:
            ok = facing or self.fold_without_bet
        elif kind is ActionKind.BET or kind is ActionKind.RAISE:
            ok = (kind is ActionKind.BET) == (self.cur == 0) and self._can_raise(s)
        elif kind is ActionKind.SPLIT:
            ok = self._split_open and self.cur == 0
        else:
            ok = False
        if ok and (kind is ActionKind.BET or kind is ActionKind.RAISE):
            self._verify_amount(s, kind, action.amount)
        if not ok:
            raise IllegalAction(f"seat {s} cannot {kind.value} now; legal: {self._describe_legal()}")
        return s

    def _verify_amount(self, s: int, kind: ActionKind, amount: int | None) -> None:
        lo, hi = self._range(s)
        amounts = self._amounts(s)
        if amounts is not None:
            lo, hi = amounts[0], amounts[-1]
        word = "bet" if kind is ActionKind.BET else "raise to"
        if amount is None:
            raise IllegalAmount(f"a {kind.value} needs an amount: {word} {lo}..{hi}", nearest=lo)
        if amounts is not None and amount not in amounts:
            nearest = min(amounts, key=lambda a: (abs(a - amount), a))
            raise IllegalAmount(
                f"seat {s} cannot {word} {amount}: the legal amounts are {' or '.join(map(str, amounts))} "
                f"(nearest legal amount {nearest}); legal: {self._describe_legal()}",
                nearest=nearest,
            )
        if not lo <= amount <= hi:
            nearest = lo if amount < lo else hi
            raise IllegalAmount(
                f"seat {s} cannot {word} {amount}: the legal range is {lo}..{hi} "
                f"(nearest legal amount {nearest}); legal: {self._describe_legal()}",
                nearest=nearest,
            )

    def previous_round_openers(self) -> tuple[int | None, int | None]:
        """The previous betting round's first bettor and last raiser (``None`` when it was checked through)."""
        return self._openers[-1] if self._openers else (None, None)

    def _draw_limit(self) -> int:
        """The most cards the seat to act may draw: the street's (or the table size's) limit, and no more than the
        stub and the reshuffled muck can give it (never its own discards, RULES §2.5)."""
        draw = self.game.draw
        rule = draw.limit if draw is not None else None
        street = self.game.streets[self.street].draw
        limit = min(street, rule(self.n)) if rule is not None else street
        seat = self.to_act
        capacity = self._cards.draw_capacity(self.discards[seat] if seat is not None else ())
        return limit if capacity is None else min(limit, capacity)

    def _verify_draw(self, action: Action, seat: int | None) -> int:
        s = self.to_act
        assert s is not None
        if seat is not None and seat != s:
            raise NotYourTurn(f"seat {seat} cannot draw: it is seat {s}'s turn to draw")
        limit = self._draw_limit()
        if action.kind is not ActionKind.DRAW:
            raise IllegalAction(
                f"seat {s} is drawing: only a draw is legal (discard 0..{limit}; refused: {action!r})"
            )
        discards = action.cards or ()
        if action.timed_out and discards:
            raise IllegalAction("a draw that timed out stands pat: it discards nothing (RULES §2.5)")
        known = [c for c in discards if c != UNKNOWN]
        if len(set(known)) != len(known):
            raise NotYourCards(f"seat {s} names a card twice in {format_cards(discards)}")
        hole = self.hole[s]
        unknown = hole.count(UNKNOWN)
        missing = [c for c in discards if c not in hole or c == UNKNOWN]
        if len(missing) > unknown:  # a card not held is the first thing wrong, whatever the count
            raise NotYourCards(f"seat {s} holds {format_cards(hole)}, not {format_cards(missing)}")
        if len(discards) > limit:
            raise IllegalAmount(f"seat {s} may discard at most {limit} cards, not {len(discards)}", nearest=limit)
        return s

    def _describe_legal(self) -> str:
        legal = self.legal_actions()
        return legal.describe() if legal is not None else "nothing"

    def act(self, action: Action, seat: int | None = None) -> Event:
        """Verify ``action`` and apply it; returns the event recording it.  See :meth:`verify` for errors."""
        if self.phase is not Phase.BETTING:
            if self.phase is Phase.DRAW:
                return self._act_draw(action, self._verify_draw(action, seat))
            if self.phase is Phase.SPLIT:
                return self._act_split_answer(action, self._verify_split(action, seat))
            self.verify(action, seat)
            return self._act_showdown(action, seat if seat is not None else self.to_act)
        s = self.to_act
        kind = action.kind
        bets = self.bets
        cur = self.cur
        # The common legal cases are checked inline; anything else goes through the full verification.
        if kind is ActionKind.CALL and cur > bets[s] and (seat is None or seat == s):  # type: ignore[index]
            assert s is not None
            stacks = self.stacks
            add = cur - bets[s]
            left = stacks[s] - add
            if left <= 0:
                add += left
                left = 0
                self._active -= 1
            stacks[s] = left
            bets[s] += add
            self.contributions[s] += add
            event = Event(EventType.CALL, s, add, bets[s], None, None, left == 0)
        elif (
            kind is ActionKind.CHECK
            and cur <= bets[s]  # type: ignore[index]
            and (seat is None or seat == s)
            and self._bring_in_seat is None
        ):
            assert s is not None
            event = Event(EventType.CHECK, s)
        else:
            s = self._verify_betting(action, seat)
            if kind is ActionKind.FOLD:
                self.folded[s] = True
                self._in_hand -= 1
                self._active -= 1
                self._cards.discard(self.hole[s])  # folded cards may be reshuffled for a draw (RULES §2.5)
                event = Event(EventType.FOLD, s)
            elif kind is ActionKind.SPLIT:  # a check that proposes (or agrees to) the split
                self.split_accepted.add(s)
                event = Event(EventType.SPLIT, s)
            elif kind is ActionKind.BRING_IN:
                paid = min(self.bring_in, self.stacks[s])
                self._move(s, paid)
                self.cur = self.bring_in  # the others call the full bring-in, as a short blind (decision 21)
                self.last_inc = self.bring_in
                self._bring_in_seat = None
                event = Event(EventType.BRING_IN, s, paid, bets[s], None, None, self.stacks[s] == 0)
            else:
                to = action.amount
                assert to is not None
                add = to - bets[s]
                inc = to - cur
                if self._double and to - (0 if self.raises == 0 else cur) >= self.betting.bet_sizes[-1]:
                    self._big_made = True
                completes = self.betting.fixed and self.raises == 0 and to >= self.betting.size(self.round_index)
                if completes or is_full_raise(self.betting, self.round_index, increment=inc, last_inc=self.last_inc):
                    self._full_level = to
                    self.last_inc = self.betting.size(self.round_index) if self.betting.fixed else inc
                    self.raises += 1
                self._bring_in_seat = None
                self.cur = to
                self.aggressor = s
                if self._first_bettor is None:
                    self._first_bettor = s
                self._move(s, add)
                etype = EventType.BET if kind is ActionKind.BET else EventType.RAISE
                event = Event(etype, s, add, to, None, None, self.stacks[s] == 0)
        if self._split_open and kind is not ActionKind.SPLIT:  # any other choice ends the proposal (G15)
            self._split_open = False
            self.split_accepted = set()
        return self._after_action(s, event)

    def _after_action(self, s: int, event: Event) -> Event:
        """Record a betting action of seat ``s``; the next seat to act, or the end of the round."""
        self._acted[s] = self.cur
        self.events.append(event)
        if self._in_hand == 1:
            self._close_round()
            return event
        nxt = self._next_to_act(s + 1 if s + 1 < self.n else 0)
        if nxt is not None:
            self.to_act = nxt
        else:
            self._end_round()
        return event

    def verify_artificial_all_in(self, seat: int | None = None) -> int:
        """Raise a typed error unless the seat to act (``seat``, when named) may be put all-in by disconnect
        protection now: a betting round, facing a bet, with chips already in this hand (antes, blinds and dead
        money count, A-3.7-1).  Returns the seat.  Whether the table allows it (fixed or spread limit, real
        money, allowance left) is the room's rule (RULES §3.7)."""
        if self.phase is Phase.COMPLETE:
            raise HandOver("the hand is complete; nobody can be put all-in")
        s = self.to_act
        if self.phase is not Phase.BETTING or s is None:
            raise IllegalAction(f"disconnect protection applies in a betting round, not in the {self.phase.value}")
        if seat is not None and seat != s:
            raise NotYourTurn(f"seat {seat} cannot be put all-in: seat {s} is to act")
        if self._bring_in_seat == s:
            raise IllegalAction(f"seat {s} owes the bring-in, a forced bet; post it before anything else")
        if self.cur <= self.bets[s]:
            raise IllegalAction(f"seat {s} faces no bet: a timed-out player checks (RULES §3.7)")
        if self.contributions[s] + self.dead_posted[s] <= 0:
            raise IllegalAction(f"seat {s} has put no chips in this hand: a timed-out player folds (RULES §3.7)")
        return s

    def artificial_all_in(self, seat: int | None = None) -> Event:
        """Disconnect protection (RULES §3.7, GR-14): the seat to act stays in the hand as if all-in at its
        contribution so far; later bets go to side pots it cannot win.  Its chips behind are set aside
        (``protected``) and come back at the end of the hand.  Raises as :meth:`verify_artificial_all_in`."""
        s = self.verify_artificial_all_in(seat)
        self.protected[s] = self.stacks[s]
        self.stacks[s] = 0
        self._active -= 1
        return self._after_action(s, Event(EventType.ARTIFICIAL_ALL_IN, s, 0, self.bets[s], all_in=True))

    def _move(self, seat: int, chips: int) -> None:
        left = self.stacks[seat] - chips
        self.stacks[seat] = left
        self.bets[seat] += chips
        self.contributions[seat] += chips
        if left == 0:
            self._active -= 1

    def _end_round(self) -> None:
        """Nobody has to act any more: close the round, then the next street or the showdown."""
        self._close_round()
        if self.phase is not Phase.BETTING:
            return
        if self.street + 1 >= len(self.game.streets):
            self._showdown()
            return
        self.street += 1
        self._start_street()

    def _act_draw(self, action: Action, s: int) -> Event:
        """Discard, then draw as many from the stub (RULES §2.5); the next drawer, or the betting."""
        hole = self.hole[s]
        discards = list(action.cards or ())
        for c in discards:
            hole.remove(c if c in hole else UNKNOWN)
        self.discards[s].extend(discards)
        source = self._cards
        source.discard(discards)
        new = source.deal_draw(s, len(discards), self.discards[s])
        hole.extend(new)
        if action.timed_out:
            # RULES §2.5: no bet or raise afterwards; G12 limits it to the next betting round.
            timeout_rest_of_hand = self.game.draw is None or self.game.draw.timeout_rest_of_hand
            self._no_raise[s] = -1 if timeout_rest_of_hand else 2
        text = "timed out" if action.timed_out else None
        event = Event(EventType.DRAW, s, len(discards), None, tuple(discards), text)
        self.events.append(event)
        if new:
            self.events.append(Event(EventType.DEAL_HOLE, s, cards=tuple(new)))
        self._draw_queue.pop(0)
        if self._draw_queue:
            self.to_act = self._draw_queue[0]
            return event
        self.phase = Phase.BETTING
        self.to_act = None
        if self._bet_street():
            self._start_street()
        return event

    # ------------------------------------------------------------------ reading the state

    @property
    def pot_total(self) -> int:
        """Every chip in the pot now: contributions (this round's bets included) and dead antes."""
        return sum(self.contributions) + self.dead - self._paid - self.rake

    def current_pots(self) -> list[Pot]:
        """The main pot and side pots as they stand now (this round's bets included)."""
        if self.phase is Phase.COMPLETE:
            return []
        if self.phase is Phase.SHOWDOWN or self.phase is Phase.SPLIT:
            return list(self.pots)  # settled levels, less any pot already split out
        in_hand = [not f for f in self.folded]
        all_in = [alive and stack == 0 for alive, stack in zip(in_hand, self.stacks, strict=True)]
        return build_pots(self.contributions, in_hand, self.dead, all_in)

    @property
    def total_chips(self) -> int:
        """Chips at the table: ``sum(stacks) + pot + carried + rake`` (and chips set aside by disconnect
        protection); always equal to the sum of the starting stacks plus the chips carried in."""
        if self.phase is Phase.COMPLETE:
            return sum(self.stacks) + self.carried + self.rake
        return sum(self.stacks) + self.pot_total + self.carried + self.rake + sum(self.protected)

    def outcome(self) -> list[int]:
        """Each seat's net result in chips (final stack minus starting stack); raises
        :class:`~pokerroom.errors.IllegalAction` before the hand is complete."""
        if self.phase is not Phase.COMPLETE:
            raise IllegalAction("the hand is not complete yet")
        return [a - b for a, b in zip(self.stacks, self.starting_stacks, strict=True)]

    def view(self, seat: int | None) -> HandView:
        """What ``seat`` may know (``None``: a spectator); see :mod:`pokerroom.engine.views`."""
        from pokerroom.engine.views import make_view

        return make_view(self, seat)

    def copy(self) -> Hand:
        """An independent copy: the state and the card source are copied; the game and the betting structure are
        immutable and shared."""
        memo: dict[int, object] = {id(self.game): self.game, id(self.betting): self.betting}
        return _copy.deepcopy(self, memo)

    def __repr__(self) -> str:
        return (
            f"<Hand {self.game.id} {self.phase.value} street={self.game.streets[self.street].name} "
            f"to_act={self.to_act} stacks={self.stacks} pot={self.pot_total}>"
        )
