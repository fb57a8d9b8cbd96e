"""One ACPC hand played through our engine: the path the dealer, the client and the log replay share.

:class:`AcpcHand` deals an engine hand for an :class:`~pokerroom.formats.acpc.gamedef.AcpcGame` (position ``i`` is
seat ``i``), takes ACPC actions (``c``, ``f``, ``r``, ``r<total>``) one at a time, and keeps what the protocol
shows: the betting by round, each position's ``MATCHSTATE`` view, the ``STATE`` line, the PHH actions, and each
position's value as the protocol defines it (pots split exactly among tied winners, so a value may be a fraction
of a chip; the engine's chips give the odd chip to one winner, RULES §2.4, §6.3).

Rules of the protocol (``protocol.md``, "valid betting") beyond our hold'em:

* folding is valid only when the player has chips to call (the hand is dealt with ``fold_without_bet`` off);
* at a showdown every player who did not fold shows;
* the dealer's answer to an action it cannot take (:meth:`AcpcHand.fixed`): a no-limit raise outside the legal
  sizes is moved to the nearest legal size, any other invalid action becomes a call (the reference dealer's
  ``isValidAction`` with fixing and ``readPlayerResponse``).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from itertools import accumulate

from pokerroom.cards import UNKNOWN, format_cards
from pokerroom.engine import Action, ActionKind, Hand, LegalActions, Phase
from pokerroom.engine.events import EventType
from pokerroom.errors import AcpcError, PokerroomError
from pokerroom.formats.acpc.gamedef import AcpcBetting, AcpcGame
from pokerroom.formats.acpc.matchstate import AcpcAction, Betting, MatchState
from pokerroom.formats.phh import PHHHand
from pokerroom.formats.replay import build_hand

__all__ = ["AcpcHand", "acpc_values", "deal", "decimal_value", "phh_record"]

_CALL = AcpcAction("c")


def decimal_value(x: Fraction) -> Decimal:
    """An exact value rounded to the reference dealer's six decimals (its ``%.6f``)."""
    return (Decimal(x.numerator) / Decimal(x.denominator)).quantize(Decimal("0.000001"), rounding=ROUND_HALF_EVEN)


def phh_record(game: AcpcGame, players: Sequence[str] | None, actions: Sequence[str]) -> PHHHand:
    """The PHH record of a hand of ``game`` (checked to be our hold'em) with these PHH ``actions``: positions are
    PHH players in order (heads-up PHH lists blinds in reverse, PHH-NOTES "Seats"); folding with nothing to call
    is off (``_fold_without_bet = false``), as the protocol has it."""
    game.check_holdem()
    blinds = [Decimal(b) for b in game.blind]
    if game.num_players == 2:
        blinds.reverse()
    extra: dict[str, object] = {"_fold_without_bet": False}
    small = big = min_bet = None
    if game.betting is AcpcBetting.LIMIT:
        variant = "FT"
        sizes = game.raise_size
        small, big = Decimal(sizes[0]), Decimal(sizes[2])
        betting: dict[str, object] = {}
        if sizes != (sizes[0], sizes[0], sizes[2], sizes[2]):
            betting["bet_sizes"] = [Decimal(s) for s in sizes]
        cap = game.cap()
        if cap != 4:
            betting["cap"] = "none" if cap is None else cap
        if betting:
            extra["_betting"] = betting
    else:
        variant = "NT"
        min_bet = Decimal(game.big_blind)
    return PHHHand(
        variant=variant,
        antes=tuple(Decimal(0) for _ in blinds),
        blinds_or_straddles=tuple(blinds),
        small_bet=small,
        big_bet=big,
        min_bet=min_bet,
        starting_stacks=tuple(Decimal(s) for s in game.stack),
        actions=tuple(actions),
        players=tuple(players) if players is not None else None,
        extra=extra,
    )


def deal(game: AcpcGame, hole: Sequence[Sequence[int]], board: Sequence[int] = ()) -> Hand:
    """An engine hold'em :class:`~pokerroom.engine.Hand` for ``game`` with these hole cards by position (seat
    ``i`` is position ``i``; :data:`~pokerroom.cards.UNKNOWN` where not known) and board cards in order: stacks,
    blinds per position, fixed-limit sizes and cap (:meth:`AcpcGame.cap`) or the no-limit minimum bet (the big
    blind).  Raises :class:`~pokerroom.errors.UnsupportedGame` for a definition that is not our hold'em."""
    actions = [f"d dh p{k + 1} {format_cards(cards)}" for k, cards in enumerate(hole)]
    if board:
        actions.append(f"d db {format_cards(board)}")
    hand, _, _ = build_hand(phh_record(game, None, actions))
    return hand


class AcpcHand:
    """One hand of ``game``: ``hole`` cards by position (``()`` or :data:`~pokerroom.cards.UNKNOWN` cards where
    not known, as on a client's side), ``board`` the board cards known so far in dealing order.

    Raises :class:`~pokerroom.errors.UnsupportedGame` for a definition that is not our hold'em
    (:meth:`AcpcGame.check_holdem`).  Chips are integer units; ``r<total>`` counts the whole hand.
    """

    def __init__(
        self, game: AcpcGame, hand_number: int, hole: Sequence[Sequence[int]], board: Sequence[int] = ()
    ) -> None:
        self.game = game
        self.hand_number = hand_number
        self.hole: tuple[tuple[int, ...], ...] = tuple(
            tuple(h) if h else (UNKNOWN,) * game.num_hole_cards for h in hole
        )
        if len(self.hole) != game.num_players:
            raise AcpcError(
                f"hand {hand_number}: {len(self.hole)} positions' hole cards, the game has {game.num_players}"
            )
        self.hand: Hand = deal(game, self.hole, board)
        self.rounds: list[list[AcpcAction]] = [[]]
        self.phh_actions: list[str] = [f"d dh p{k + 1} {format_cards(cards)}" for k, cards in enumerate(self.hole)]
        """The hand's PHH actions so far (:func:`phh_record` makes the record)."""
        self._board_shown = 0
        self._board_ends = list(accumulate(game.num_board_cards))

    # ------------------------------------------------------------------ where the hand is

    @property
    def finished(self) -> bool:
        """Whether the hand is over (a fold left one player, or the showdown is settled)."""
        return self.hand.is_complete

    @property
    def to_act(self) -> int | None:
        """The position to act, or ``None`` when the hand is over."""
        return None if self.hand.phase is not Phase.BETTING else self.hand.to_act

    @property
    def betting(self) -> Betting:
        """The betting by round reached, as the protocol writes it."""
        return tuple(tuple(r) for r in self.rounds)

    def legal(self) -> LegalActions:
        """The engine's legal actions of the position to act; :class:`~pokerroom.errors.AcpcError` when the betting
        is over."""
        legal = self.hand.legal_actions() if self.to_act is not None else None
        if legal is None:
            raise AcpcError("the betting is over, nobody is to act")
        return legal

    def _spent_before(self, seat: int) -> int:
        """Chips ``seat`` put in before this round (the offset between ACPC's hand totals and our round totals)."""
        h = self.hand
        return self.game.stack[seat] - h.stacks[seat] - h.bets[seat]

    def raise_range(self) -> tuple[int, int] | None:
        """The legal bet or raise sizes as ACPC hand totals ``(min, max)``, or ``None`` when none is legal."""
        legal = self.legal()
        rng = legal.raise_ or legal.bet
        if rng is None:
            return None
        off = self._spent_before(legal.seat)
        return rng[0] + off, rng[1] + off

    # ------------------------------------------------------------------ actions

    def engine_action(self, a: AcpcAction) -> Action:
        """The engine action for ``a`` by the position to act.  Raises :class:`~pokerroom.errors.AcpcError` naming
        what is allowed when ``a`` is not valid here (a fold with nothing to call, a raise where none is legal,
        a no-limit raise without a size or outside the legal sizes)."""
        legal = self.legal()
        h = self.hand
        if a.kind == "c":
            return Action.call() if legal.call is not None else Action.check()
        if a.kind == "f":
            if not legal.fold:
                raise AcpcError(f"a fold with nothing to call is not valid; allowed: c{self._r_hint()}")
            return Action.fold()
        rng = self.raise_range()
        if rng is None:
            raise AcpcError("no bet or raise is valid here; allowed: c" + (", f" if legal.fold else ""))
        if self.game.betting is AcpcBetting.LIMIT:
            to = rng[0] - self._spent_before(legal.seat)  # the one fixed size (or all-in for less)
        else:
            if a.size is None:
                raise AcpcError(f"a no-limit raise needs its size: r<total>, {rng[0]} to {rng[1]}")
            if not rng[0] <= a.size <= rng[1]:
                raise AcpcError(f"r{a.size} is not valid; raises from r{rng[0]} to r{rng[1]}")
            to = a.size - self._spent_before(legal.seat)
        return Action.bet(to) if h.cur == 0 else Action.raise_to(to)

    def _r_hint(self) -> str:
        rng = self.raise_range()
        if rng is None:
            return ""
        return ", r" if self.game.betting is AcpcBetting.LIMIT else f", r{rng[0]} to r{rng[1]}"

    def fixed(self, a: AcpcAction) -> tuple[AcpcAction, str | None, bool]:
        """The reference dealer's answer to ``a``: ``(action taken, warning, counted)``; the warning is ``None``
        when ``a`` is taken as it is, ``counted`` says whether it counts as an invalid action.  A no-limit raise
        size outside the legal sizes is moved to the nearest (a warning, not counted); a limit raise's size is
        ignored; anything else invalid becomes ``c`` (counted)."""
        rng = self.raise_range() if a.kind == "r" else None
        if a.kind == "r" and rng is not None:
            if self.game.betting is AcpcBetting.LIMIT:
                return AcpcAction("r"), None, False
            if a.size is not None and not rng[0] <= a.size <= rng[1]:
                to = min(max(a.size, rng[0]), rng[1])
                change = "increased" if to > a.size else "decreased"
                return AcpcAction("r", to), f"raise of {a.size} {change} to {to}", False
        try:
            self.engine_action(a)
        except AcpcError as exc:
            return _CALL, f"invalid action {a}, changed to call ({exc})", True
        return a, None, False

    def apply(self, a: AcpcAction) -> None:
        """Take ``a`` (valid, see :meth:`engine_action`) for the position to act; deals the next round's board
        and, at a showdown, shows every hand still in.  Raises :class:`~pokerroom.errors.AcpcError`."""
        h = self.hand
        seat = self.to_act
        if seat is None:
            raise AcpcError(f"the betting is over, {a} cannot be taken")
        action = self.engine_action(a)
        try:
            h.act(action, seat)
        except PokerroomError as exc:
            raise AcpcError(f"{a}: {exc}") from None
        self.rounds[-1].append(a)
        self.phh_actions.append(self._phh(action, seat))
        if h.phase is Phase.SHOWDOWN:
            while h.phase is Phase.SHOWDOWN and h.to_act is not None:
                shower = h.to_act
                h.act(Action.show(), shower)
                self.phh_actions.append(f"p{shower + 1} sm {format_cards(h.hole[shower])}")
        if len(h.board) > self._board_shown:
            self.phh_actions.append(f"d db {format_cards(h.board[self._board_shown :])}")
            self._board_shown = len(h.board)
        rounds = self._rounds_reached()
        while len(self.rounds) < rounds:
            self.rounds.append([])

    @staticmethod
    def _phh(action: Action, seat: int) -> str:
        if action.kind is ActionKind.FOLD:
            return f"p{seat + 1} f"
        if action.kind in (ActionKind.CHECK, ActionKind.CALL):
            return f"p{seat + 1} cc"
        return f"p{seat + 1} cbr {action.amount}"

    def _rounds_reached(self) -> int:
        h = self.hand
        if h.is_complete and sum(not f for f in h.folded) > 1:
            return self.game.num_rounds  # a showdown: the protocol shows every round (all-in run-outs too)
        return min(h.street + 1, self.game.num_rounds)

    def acpc_action(self, action: Action) -> AcpcAction:
        """The ACPC action for an engine ``action`` of the position to act (a bot's choice): a fold with nothing
        to call is sent as ``c`` (the protocol refuses it), a bet or raise *to* a round total becomes ``r`` or
        ``r<hand total>``."""
        legal = self.legal()
        if action.kind is ActionKind.FOLD:
            return AcpcAction("f") if legal.call is not None else _CALL
        if action.kind in (ActionKind.BET, ActionKind.RAISE) and action.amount is not None:
            if self.game.betting is AcpcBetting.LIMIT:
                return AcpcAction("r")
            return AcpcAction("r", action.amount + self._spent_before(legal.seat))
        return _CALL

    # ------------------------------------------------------------------ what the protocol shows

    def board_by_round(self) -> tuple[tuple[int, ...], ...]:
        """The board cards of each round reached (the first round's group is empty in hold'em)."""
        board = self.hand.board
        starts = [0, *self._board_ends]
        return tuple(tuple(board[starts[r] : self._board_ends[r]]) for r in range(len(self.rounds)))

    def matchstate(self, position: int) -> MatchState:
        """``position``'s view: its own hole cards, and at a showdown every hand that did not fold."""
        h = self.hand
        showdown = self.finished and sum(not f for f in h.folded) > 1
        hole = tuple(
            self.hole[p] if p == position or (showdown and not h.folded[p]) else ()
            for p in range(self.game.num_players)
        )
        return MatchState(position, self.hand_number, self.betting, hole, self.board_by_round())

    def values(self) -> list[Fraction]:
        """Each position's net result of the finished hand as the protocol values it (:func:`acpc_values`)."""
        if not self.hand.is_complete:
            raise AcpcError(f"hand {self.hand_number} is not over")
        return acpc_values(self.hand)


def acpc_values(hand: Hand) -> list[Fraction]:
    """Each seat's net result of a finished ``hand`` as the protocol values it: every pot split evenly among its
    winners with fractions kept (protocol.md, "Every pot of money is split evenly"), where the chips give the odd
    chip to one winner (RULES §2.4, §6.3)."""
    won = [Fraction(0)] * hand.n
    for e in hand.events:
        if e.type is EventType.POT and e.winners:
            share = Fraction(e.amount or 0, len(e.winners))
            for seat, _ in e.winners:
                won[seat] += share
    return [won[p] - hand.contributions[p] for p in range(hand.n)]
