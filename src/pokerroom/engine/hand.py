"""``Hand``: one deal from the first forced bet to settled pots (RULES §2.3-§2.5, §3.6, §3.9, §6.5).

The hand walks its game's streets: deal, then a draw or a betting round where the game says so; uncalled bets
come back at the end of every round; when one player is left the hand ends, when at most one player can still bet
the rest of the cards are dealt, and after the last street comes the showdown.  It is pure and deterministic:
cards come from a card source, actions come in, events come out.

Each phase is a state object the hand owns, with the rules that act on its state: the betting round
(:mod:`~pokerroom.engine.betting`), the draw (:mod:`~pokerroom.engine.draw`), the showdown and settlement
(:mod:`~pokerroom.engine.showdown`); the forced bets are posted by :mod:`~pokerroom.engine.setup`, and who opens
each round comes from the table in :mod:`~pokerroom.engine.order`.

Three faces per action (DESIGN): :meth:`Hand.legal_actions`, :meth:`Hand.verify` (raises a typed error saying
why and what is legal) and :meth:`Hand.act` (verifies, applies, returns the event).  An action :meth:`Hand.verify`
has just accepted is not verified again by :meth:`Hand.act` (same action object, same seat, same state).  A
refused action never changes state.  Chips are integers: after every action ``sum(stacks) + pot ==
sum(starting stacks)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING
from weakref import proxy

from pokerroom.engine.actions import Action, LegalActions
from pokerroom.engine.betting import BettingRound
from pokerroom.engine.dealing import CardSource, copy_source
from pokerroom.engine.draw import DrawRound
from pokerroom.engine.events import Event, EventType
from pokerroom.engine.order import clockwise
from pokerroom.engine.phase import Phase
from pokerroom.engine.pots import Pot, RakeRule, build_pots
from pokerroom.engine.setup import post_forced_bets
from pokerroom.engine.showdown import Showdown
from pokerroom.errors import HandOver, IllegalAction
from pokerroom.games.base import Street
from pokerroom.games.structures import Betting

if TYPE_CHECKING:
    import random
    from fractions import Fraction

    from pokerroom.engine.chance import DealGroup
    from pokerroom.engine.views import HandView, ViewCache
    from pokerroom.games.base import Game

__all__ = ["Hand", "Phase"]

# Enum members read once: an attribute of a class is not a specialised lookup in Python 3.11's interpreter.
_BETTING, _DRAW, _SPLIT, _SHOWDOWN, _COMPLETE, _DEAL = (
    Phase.BETTING,
    Phase.DRAW,
    Phase.SPLIT,
    Phase.SHOWDOWN,
    Phase.COMPLETE,
    Phase.DEAL,
)
_DEAL_HOLE, _DEAL_UP, _DEAL_BOARD = EventType.DEAL_HOLE, EventType.DEAL_UP, EventType.DEAL_BOARD
_ALL_IN = object()
"""What :meth:`Hand.verify_artificial_all_in` remembers in place of an action."""
_new = object.__new__
_lcopy = list.copy
_tnew = tuple.__new__
"""An :class:`Event` from its ten fields at once (the named tuple's keyword ``__new__`` costs more)."""
if len(Event._fields) != 10:  # the literal field tuples of _deal_street list all ten
    raise AssertionError("Event's fields changed: update the tuples Hand._deal_street builds")


class Hand:
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

    The hand holds the chips and the cards and walks the streets; its phases keep their own state: the betting
    (:class:`~pokerroom.engine.betting.BettingRound`: ``cur``, ``last_inc``, ``raises``, ``aggressor`` and
    ``round_index`` are read through it), the draws (:class:`~pokerroom.engine.draw.DrawRound`) and the end of
    the hand (:class:`~pokerroom.engine.showdown.Showdown`: ``pots``, ``shown``, ``mucked``).

    For search (:mod:`~pokerroom.engine.chance`): :meth:`copy` (also resampling what a seat cannot see, or with a
    chosen deal), and ``stop_at_deals``: the hand stops before each street's deal (``phase`` is ``Phase.DEAL``,
    nobody to act) until :meth:`deal`; :attr:`pending_deal` and :meth:`chance_outcomes` say what that deal can be.
    It starts as the card source's ``stop_at_deals`` (``DeckSource.shuffled(..., stop_at_deals=True)``: the hand
    stops before its first cards too) and may be set at any time.
    """

    __slots__ = (
        "__weakref__",
        "_cards",
        "_draw",
        "_round",
        "_showdown",
        "_skip_betting",
        "_verified",
        "_views",
        "ante_trimming",
        "antes",
        "auto_showdown",
        "bets",
        "betting",
        "big_blind_seat",
        "blinds",
        "board",
        "bring_in",
        "button",
        "carried",
        "carried_in",
        "carry_odd_chips",
        "contributions",
        "dead",
        "dead_posted",
        "discards",
        "events",
        "fold_without_bet",
        "folded",
        "game",
        "hole",
        "n",
        "phase",
        "protected",
        "rake",
        "rake_by_pot",
        "rake_rule",
        "split_accepted",
        "stacks",
        "starting_stacks",
        "stop_at_deals",
        "street",
        "strict_show_order",
        "to_act",
        "up",
        "won",
    )

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
        rake: RakeRule | None = None,
    ) -> None:
        n = len(stacks)
        if n < 2:
            raise IllegalAction(f"a hand needs at least two seats, got {n}")
        if len(blinds) != n or len(antes) != n:
            raise IllegalAction(f"blinds and antes need one entry per seat ({n}); got {len(blinds)}, {len(antes)}")
        if min(stacks) <= 0:  # (the lists have n >= 2 entries)
            raise IllegalAction(f"every seat dealt in needs chips; stacks {list(stacks)}")
        if min(blinds) < 0 or min(antes) < 0 or bring_in < 0:
            raise IllegalAction("blinds, antes and the bring-in cannot be negative")
        if not 0 <= button < n:
            raise IllegalAction(f"button seat {button} is not a seat of this {n}-seat table")
        if dead is not None and (len(dead) != n or min(dead) < 0):
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
        self.big_blind_seat = big_blind_seat
        self.rake_rule = rake
        """The rake hook this hand was dealt with (``None``: no rake); hand histories record it."""
        self._cards = cards
        self.stop_at_deals: bool = bool(getattr(cards, "stop_at_deals", False))
        """Stop before each street's deal (a chance node, :meth:`deal`); the card source's own setting at first."""
        self.bets: list[int] = [0] * n
        """Each seat's chips in the current betting round."""
        self.contributions: list[int] = [0] * n
        """Each seat's chips in the pot this hand (live antes and blinds included, dead money not)."""
        self.dead = carried_in
        """Dead money in the main pot: chips carried in, dead antes, posted dead money."""
        self.folded: list[bool] = [False] * n
        self.hole: list[list[int]] = [[] for _ in range(n)]
        """Every card each seat holds, face down and face up, in the order dealt."""
        self.up: list[list[int]] = [[] for _ in range(n)]
        """The face-up cards of each seat (stud), also in ``hole``."""
        self.board: list[int] = []
        self.events: list[Event] = []
        self.street = 0
        self.phase = _BETTING
        self.to_act: int | None = None
        self.split_accepted: set[int] = set()
        """The seats that pressed split while 32-card draw's proposal stood (RULES G15)."""
        self.discards: list[list[int]] = [[] for _ in range(n)]
        """The cards each seat discarded in this hand's draws (RULES §2.5)."""
        self.won: list[int] = [0] * n
        """The chips each seat took from the pots."""
        self._skip_betting = False  # stud: no betting after a common card (RULES G9, A-G9-3)
        self._verified: tuple[object, int | None, int] | None = None  # (action, seat, len(events)) just verified
        self._views: ViewCache | None = None  # what the views kept between calls (pokerroom.engine.views)
        self._round = BettingRound(self)
        self._draw = DrawRound(self)
        self._showdown = Showdown(self)
        post_forced_bets(self, dead)
        self._round.active = n - self.stacks.count(0)  # seats in the hand with chips behind
        self._start_street()

    # ------------------------------------------------------------------ the phases' state, read through the hand

    @property
    def cur(self) -> int:
        """The level to call in the current betting round (a round total, chips)."""
        return self._round.cur

    @property
    def last_inc(self) -> int:
        """The last full bet or raise increment of the current betting round (chips)."""
        return self._round.last_inc

    @property
    def raises(self) -> int:
        """Full bets and raises made in the current betting round (the big blind counts)."""
        return self._round.raises

    @property
    def aggressor(self) -> int | None:
        """The last seat to bet or raise in the current (or last) betting round."""
        return self._round.aggressor

    @property
    def round_index(self) -> int:
        """The current betting round's number in the hand, 0 first (-1 before the first one)."""
        return self._round.index

    @property
    def pots(self) -> list[Pot]:
        """The pots as settled (main pot first, less the rake) once the betting is over; empty before."""
        return self._showdown.pots

    @property
    def shown(self) -> dict[int, tuple[int, ...]]:
        """The cards each seat showed at the showdown."""
        return self._showdown.shown

    @property
    def mucked(self) -> list[int]:
        """The seats that mucked at the showdown, in order."""
        return self._showdown.mucked

    def previous_round_openers(self) -> tuple[int | None, int | None]:
        """The previous betting round's first bettor and last raiser (``None`` when it was checked through)."""
        openers = self._round.openers
        return openers[-1] if openers else (None, None)

    # ------------------------------------------------------------------ walking the streets

    def _start_street(self) -> None:
        """Deal the current street; start its draw or open its betting round, or go on when nobody can act.  A hand
        that stops at deals waits before a street that deals cards (``Phase.DEAL``) instead."""
        while True:
            street = self.game.streets[self.street]
            if self.stop_at_deals and (street.hole or street.up or street.board):
                self.phase = _DEAL
                self.to_act = None
                return
            self._deal_street(street)
            if not self._after_deal(street):
                return

    def _after_deal(self, street: Street) -> bool:
        """The dealt street's draw or betting round; ``True`` when the hand moved on to the next street."""
        if street.draw:
            self._draw.start()
            return False
        return self._bet_street()

    def _bet_street(self) -> bool:
        """The betting part of the current street; ``True`` when the hand moved on to the next street."""
        street = self.game.streets[self.street]
        if street.betting and not self._skip_betting:
            if self._round.open(street.opener):
                return False
            self._close_round()
            if self.phase is not _BETTING:
                return False
        if self.street + 1 >= len(self.game.streets):
            self._showdown.begin()
            return False
        self.street += 1
        return True

    def _deal_plan(self) -> tuple[list[int], bool]:
        """How the current street is dealt: the seats dealt in, in order (not folded, clockwise from the button's
        left), and whether the hole cards give way to one common card because the stub cannot give every player
        one (RULES G9, stud)."""
        folded = self.folded
        seats = [s for s in clockwise(self.button + 1, self.n) if not folded[s]]
        street = self.game.streets[self.street]
        stud = self.game.stud
        if street.hole and stud is not None and stud.common_card:
            remaining = self._cards.remaining
            if remaining is not None and remaining < len(seats) * street.hole:
                return seats, True
        return seats, False

    def _deal_street(self, street: Street) -> None:
        source = self._cards
        ev = self.events.append
        hole = street.hole
        up = street.up
        if hole or up:  # a board card needs no seats (flop, turn, river: most streets)
            seats, common = self._deal_plan()
        else:
            seats, common = [], False
        if common:
            # RULES G9: the deck runs out at seventh street, one community card serves everyone.
            stud = self.game.stud
            assert stud is not None
            cards = source.deal_board(1)
            self.board.extend(cards)
            ev(Event(_DEAL_BOARD, cards=tuple(cards), text="common card"))
            self._skip_betting = not stud.common_card_betting
            hole = 0
        if hole:
            held = self.hole
            for seat, cards in zip(seats, source.deal_hole(seats, hole), strict=True):
                held[seat].extend(cards)
                ev(_tnew(Event, (_DEAL_HOLE, seat, None, None, tuple(cards), None, False, None, None, None)))
        if up:
            for seat, cards in zip(seats, source.deal_hole(seats, up), strict=True):
                self.hole[seat].extend(cards)
                self.up[seat].extend(cards)
                ev(Event(_DEAL_UP, seat, cards=tuple(cards)))
        if street.board:
            cards = source.deal_board(street.board)
            self.board.extend(cards)
            ev(_tnew(Event, (_DEAL_BOARD, None, None, None, tuple(cards), street.name, False, None, None, None)))

    def _close_round(self) -> None:
        """Return the uncalled bet; end the hand if one player is left."""
        rnd = self._round
        rnd.close()
        if rnd.in_hand == 1:
            self._showdown.award_uncontested(self.folded.index(False))

    def _end_round(self) -> None:
        """Nobody has to act any more: close the round, then the next street or the showdown."""
        self._close_round()
        if self.phase is not _BETTING:
            return
        if self.street + 1 >= len(self.game.streets):
            self._showdown.begin()
            return
        self.street += 1
        self._start_street()

    def _end_draw(self) -> None:
        """Everybody drew: the street's betting, then the next street."""
        self.phase = _BETTING
        if self._bet_street():
            self._start_street()

    # ------------------------------------------------------------------ the three faces

    @property
    def is_complete(self) -> bool:
        return self.phase is _COMPLETE

    def legal_actions(self) -> LegalActions | None:
        """What the seat to act may do now, or ``None`` when nobody is to act (the hand is complete)."""
        seat = self.to_act
        if seat is None:
            return None
        phase = self.phase
        if phase is _BETTING:
            return self._round.legal(seat)
        if phase is _SHOWDOWN:
            return LegalActions(seat, show=True, muck=True)
        if phase is _SPLIT:  # an all-in player accepts (split) or declines (check) the split
            return LegalActions(seat, check=True, split=True)
        return LegalActions(seat, draw=self._draw.limit())

    def verify(self, action: Action, seat: int | None = None) -> None:
        """Raise a typed error if ``action`` (by ``seat``, when named) is not legal now; never changes the hand.
        An action it accepts is remembered: :meth:`act` given that very object for the same ``seat`` before
        anything else happens does not verify it again.

        Raises :class:`~pokerroom.errors.HandOver`, :class:`~pokerroom.errors.NotYourTurn`,
        :class:`~pokerroom.errors.IllegalAmount` (with the nearest legal amount) or
        :class:`~pokerroom.errors.IllegalAction`; each message lists what is legal.
        """
        phase = self.phase
        if phase is _BETTING:
            self._round.verify(action, seat)
        elif phase is _DRAW:
            self._draw.verify(action, seat)
        elif phase is _SPLIT:
            self._showdown.verify_split(action, seat)
        elif phase is _SHOWDOWN:
            self._showdown.verify_show(action, seat)
        elif phase is _DEAL:
            raise IllegalAction(
                f"the {self.game.streets[self.street].name} is to be dealt first (a chance node): hand.deal() "
                f"deals it; nobody acts before (refused: {action!r})"
            )
        else:
            raise HandOver(f"the hand is complete; no action is legal (refused: {action!r})")
        self._verified = (action, seat, len(self.events))

    def verified(self, action: Action, seat: int | None = None) -> bool:
        """Whether :meth:`verify` has just accepted this very ``action`` for ``seat`` in the state the hand is in
        now (nothing happened since): :meth:`act` will apply it without verifying it again."""
        return self._is_verified(action, seat)

    def _is_verified(self, action: object, seat: int | None) -> bool:
        """Whether :meth:`verify` (or :meth:`verify_artificial_all_in`, ``action`` :data:`_ALL_IN`) accepted this
        very ``action`` for ``seat`` in the state the hand is in now (no event since)."""
        memo = self._verified
        return memo is not None and memo[0] is action and memo[1] == seat and memo[2] == len(self.events)

    def act(self, action: Action, seat: int | None = None) -> Event:
        """Verify ``action`` (unless :meth:`verify` just accepted it) and apply it; returns the event recording it.
        See :meth:`verify` for errors."""
        if self.phase is _BETTING:
            event = self._round.act(action, seat)
            if self.to_act is None:
                self._end_round()
            return event
        phase = self.phase
        verified = self._is_verified(action, seat)
        if phase is _DRAW:
            draw = self._draw
            s = self.to_act if verified else draw.verify(action, seat)
            assert s is not None
            event = draw.act(action, s)
            if self.to_act is None:
                self._end_draw()
            return event
        showdown = self._showdown
        if phase is _SPLIT:
            s = self.to_act if verified else showdown.verify_split(action, seat)
            assert s is not None
            return showdown.act_split(action, s)
        if not verified:
            self.verify(action, seat)  # raises HandOver when the hand is complete
        s = seat if seat is not None else self.to_act
        assert s is not None
        return showdown.act_show(action, s)

    def verify_artificial_all_in(self, seat: int | None = None) -> int:
        """Raise a typed error unless the seat to act (``seat``, when named) may be put all-in by disconnect
        protection now: a betting round, facing a bet, with chips already in this hand (antes, blinds and dead
        money count, A-3.7-1).  Returns the seat.  Whether the table allows it (fixed or spread limit, real
        money, allowance left) is the room's rule (RULES §3.7).  :meth:`artificial_all_in` right after does not
        verify again."""
        if self.phase is _COMPLETE:
            raise HandOver("the hand is complete; nobody can be put all-in")
        if self.phase is not _BETTING or self.to_act is None:
            raise IllegalAction(f"disconnect protection applies in a betting round, not in the {self.phase.value}")
        s = self._round.verify_all_in(seat)
        self._verified = (_ALL_IN, seat, len(self.events))
        return s

    def artificial_all_in(self, seat: int | None = None) -> Event:
        """Disconnect protection (RULES §3.7, GR-14): the seat to act stays in the hand as if all-in at its
        contribution so far; later bets go to side pots it cannot win.  Its chips behind are set aside
        (``protected``) and come back at the end of the hand.  Raises as :meth:`verify_artificial_all_in`."""
        if self._is_verified(_ALL_IN, seat):
            s = self.to_act
            assert s is not None
        else:
            s = self.verify_artificial_all_in(seat)
        event = self._round.all_in(s)
        if self.to_act is None:
            self._end_round()
        return event

    # ------------------------------------------------------------------ reading the state

    @property
    def pot_total(self) -> int:
        """Every chip in the pot now: contributions (this round's bets included) and dead antes."""
        return self._pot()

    def _pot(self) -> int:
        """:attr:`pot_total` as a method (the betting round's pot-limit sizes ask it at every decision, and a
        method call is cheaper than a property's)."""
        return sum(self.contributions) + self.dead - self._showdown.paid - self.rake

    def current_pots(self) -> list[Pot]:
        """The main pot and side pots as they stand now (this round's bets included)."""
        phase = self.phase
        if phase is _COMPLETE:
            return []
        if phase is _SHOWDOWN or phase is _SPLIT:
            return list(self.pots)  # settled levels, less any pot already split out
        in_hand = [not f for f in self.folded]
        all_in = [alive and stack == 0 for alive, stack in zip(in_hand, self.stacks, strict=True)]
        return build_pots(self.contributions, in_hand, self.dead, all_in)

    @property
    def total_chips(self) -> int:
        """Chips at the table: ``sum(stacks) + pot + carried + rake`` (and chips set aside by disconnect
        protection); always equal to the sum of the starting stacks plus the chips carried in."""
        if self.phase is _COMPLETE:
            return sum(self.stacks) + self.carried + self.rake
        return sum(self.stacks) + self.pot_total + self.carried + self.rake + sum(self.protected)

    def outcome(self) -> list[int]:
        """Each seat's net result in chips (final stack minus starting stack); raises
        :class:`~pokerroom.errors.IllegalAction` before the hand is complete."""
        if self.phase is not _COMPLETE:
            raise IllegalAction("the hand is not complete yet")
        return [a - b for a, b in zip(self.stacks, self.starting_stacks, strict=True)]

    def view(self, seat: int | None) -> HandView:
        """What ``seat`` may know (``None``: a spectator); see :mod:`pokerroom.engine.views`."""
        from pokerroom.engine.views import make_view

        return make_view(self, seat)

    def copy(
        self,
        *,
        resample: int | None = None,
        rng: random.Random | None = None,
        deal: Sequence[int] | None = None,
    ) -> Hand:
        """An independent copy: it plays on exactly as this hand would (the card source is copied at its place, so
        a seeded deck deals the same cards), and nothing done to one changes the other.  Every list is copied; the
        game, the betting structure, the rake rule and the events (frozen named tuples) are shared.

        * ``resample=seat`` (with ``rng``, a :class:`random.Random`; a fresh one when ``None``): every card that
          ``seat`` has not seen is dealt again at random, consistently with what it has seen (its own cards, up
          cards, the board, cards shown), and the copy's later deals come from a new shuffle drawn from ``rng``,
          not from this hand's deck; see :func:`pokerroom.engine.chance.resample` for exactly what a seat knows;
        * ``deal=cards``: at a chance node (``phase`` is ``Phase.DEAL``), the copy deals ``cards`` there (an
          outcome of :meth:`chance_outcomes`, laid out as :attr:`pending_deal` says); with ``resample`` the cards
          may be any the seat has not seen (the redeal leaves them in the stub).

        Raises :class:`~pokerroom.errors.IllegalAction` for a seat that is not at the table, ``rng`` without
        ``resample``, resampling a complete hand, or ``deal`` away from a chance node;
        :class:`~pokerroom.errors.UnknownCards` when the hand holds unknown cards (a replay's ``????``) and a
        resample needs them; :meth:`deal`'s errors for ``deal``.  This hand is never changed.
        """
        twin: Hand = _new(Hand)
        twin.game = self.game
        twin.betting = self.betting
        twin.n = self.n
        twin.button = self.button
        twin.starting_stacks = self.starting_stacks
        twin.stacks = self.stacks.copy()
        twin.blinds = self.blinds
        twin.antes = self.antes
        twin.bring_in = self.bring_in
        twin.ante_trimming = self.ante_trimming
        twin.auto_showdown = self.auto_showdown
        twin.strict_show_order = self.strict_show_order
        twin.fold_without_bet = self.fold_without_bet
        twin.carried_in = self.carried_in
        twin.carry_odd_chips = self.carry_odd_chips
        twin.carried = self.carried
        twin.dead_posted = self.dead_posted.copy()
        twin.rake = self.rake
        twin.rake_by_pot = self.rake_by_pot
        twin.protected = self.protected.copy()
        twin.big_blind_seat = self.big_blind_seat
        twin.rake_rule = self.rake_rule
        twin._cards = copy_source(self._cards)
        twin.stop_at_deals = self.stop_at_deals
        twin.bets = self.bets.copy()
        twin.contributions = self.contributions.copy()
        twin.dead = self.dead
        twin.folded = self.folded.copy()
        twin.hole = list(map(_lcopy, self.hole))
        twin.up = list(map(_lcopy, self.up))
        twin.board = self.board.copy()
        twin.events = self.events.copy()
        twin.street = self.street
        twin.phase = self.phase
        twin.to_act = self.to_act
        twin.split_accepted = set(self.split_accepted)
        twin.discards = list(map(_lcopy, self.discards))
        twin.won = self.won.copy()
        twin._skip_betting = self._skip_betting
        twin._verified = None
        twin._views = None  # a view cache is this hand's alone (a resample even rewrites the copy's events)
        twin._round = self._round.copy_for(twin)
        twin._draw = self._draw.copy_for(twin)
        twin._showdown = self._showdown.copy_for(twin)
        if twin.phase is _COMPLETE:
            twin.unlink()
        if resample is None and deal is None and rng is None:
            return twin
        from pokerroom.engine.chance import copy_options

        copy_options(twin, resample=resample, rng=rng, deal=deal)
        return twin

    def unlink(self) -> None:
        """From now on the hand's betting round, draw and showdown hold it weakly (the engine calls this as the
        hand completes; a holder done with a hand still in play may call it too: the hand still plays, a little
        slower).  With no reference cycle left, the hand, its events and its lists are freed the moment the last
        holder lets it go, by reference counting.  Cyclic, every finished hand waited for the garbage collector (a
        room ends a hand every few seconds at each table); a server that freezes what lives (``gc.freeze``) kept
        them all until its next full sweep, and that sweep stalled every table."""
        weak = proxy(self)
        self._round.hand = self._draw.hand = self._showdown.hand = weak

    # ------------------------------------------------------------------ chance nodes (search)

    @property
    def pending_deal(self) -> tuple[DealGroup, ...] | None:
        """At a chance node (``phase`` is ``Phase.DEAL``), the deal to come in the order the dealer deals it: each
        seat's hole cards, then each seat's up cards, then the board (a stud common card first), one
        :class:`~pokerroom.engine.chance.DealGroup` ``(type, seat, size)`` each; ``None`` elsewhere."""
        from pokerroom.engine.chance import pending_deal

        return pending_deal(self)

    def chance_outcomes(
        self, seat: int | None = None, *, limit: int = 1_000_000
    ) -> list[tuple[tuple[int, ...], Fraction]]:
        """At a chance node, every way the pending deal can come and its exact probability; see
        :func:`pokerroom.engine.chance.chance_outcomes` (``seat=None``: from the stub, the true chances; a seat:
        from every card that seat has not seen, its belief)."""
        from pokerroom.engine.chance import chance_outcomes

        return chance_outcomes(self, seat, limit=limit)

    def deal(self, cards: Sequence[int] | None = None) -> tuple[Event, ...]:
        """At a chance node, deal the pending street and go on (its draw or betting round; streets nobody can bet
        on are dealt on, up to the next chance node or the showdown).  ``cards``: the cards to deal, laid out as
        :attr:`pending_deal` says (one outcome of :meth:`chance_outcomes`, each group in any order); ``None``: the
        card source's next cards.  Returns the deal's events (``DEAL_HOLE``, ``DEAL_UP``, ``DEAL_BOARD``).

        Raises, changing nothing, :class:`~pokerroom.errors.IllegalAction` away from a chance node or for the
        wrong number of cards, :class:`~pokerroom.errors.DuplicateCard` for a card that is not in the stub (dealt,
        in the muck or named twice), :class:`~pokerroom.errors.UnsupportedRule` for named cards when the card
        source is a script (it deals the cards it names: ``copy(resample=seat, deal=cards)`` deals from a deck)."""
        if self.phase is not _DEAL:
            raise IllegalAction(
                f"no deal is pending: the hand is in its {self.phase.value} (a chance node comes "
                "only in a hand that stops at deals: hand.stop_at_deals = True)"
            )
        if cards is not None:
            from pokerroom.engine.chance import place_deal

            place_deal(self, cards)
        start = len(self.events)
        street = self.game.streets[self.street]
        self._deal_street(street)
        self.phase = _BETTING
        dealt = tuple(self.events[start:])
        if self._after_deal(street):
            self._start_street()
        return dealt

    def __repr__(self) -> str:
        return (
            f"<Hand {self.game.id} {self.phase.value} street={self.game.streets[self.street].name} "
            f"to_act={self.to_act} stacks={self.stacks} pot={self.pot_total}>"
        )
