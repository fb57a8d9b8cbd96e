"""The seats of a :class:`~pokerroom.room.table.Table`: who sits where with how many chips, and their coming and
going between hands (RULES §3.3 table stakes and buy-ins, §3.4 joining, §3.5 sitting out, §3.7 the disconnect
allowance; G1, G2 and A-G2-6 the club's rebuys).  :class:`TableSeats` is the part of ``Table`` that holds them;
the table's other state, which it reads, is set by ``Table`` and declared here.  Raises
:class:`~pokerroom.errors.RoomError` for each refusal, which changes nothing.
"""

from __future__ import annotations

from pokerroom.chips import whole_number
from pokerroom.engine import Hand
from pokerroom.errors import RoomError
from pokerroom.games.stakes import Stakes
from pokerroom.room.clock import ActionTimer, Clock
from pokerroom.room.config import RoomEvent, SeatState, TableConfig, check_flag
from pokerroom.room.layout import Layout, NewPlayerRule
from pokerroom.room.rebuys import BreakCap, Rebuys, buy_in_refusal, check_chips, state
from pokerroom.room.stakes import BuyIn
from pokerroom.words import plural

__all__ = ["TableSeats"]

_DAY = 24 * 3600.0
"""The disconnect allowance's window (RULES §3.7), seconds."""


class TableSeats:
    """The seats of a table and the rules of sitting, standing, buying in and rebuying (see the module
    docstring); :class:`~pokerroom.room.table.Table` is one."""

    # The table's state these rules read and change (set by Table.__init__ and Table._apply).
    config: TableConfig
    size: int
    seats: list[SeatState | None]
    hand: Hand | None
    hand_number: int
    layout: Layout | None
    events: list[RoomEvent]
    clock: Clock
    timer: ActionTimer
    stakes: Stakes
    buy_in: BuyIn
    min_stack: int
    rebuy_cap: bool
    rebuy_only_busted: bool
    new_player_rule: NewPlayerRule
    _break: BreakCap
    _started: bool
    _aai: dict[str, list[float]]

    def seat_of(self, player: str) -> int:
        """The seat of ``player``; :class:`RoomError` when not seated here."""
        for i, s in enumerate(self.seats):
            if s is not None and s.player == player:
                return i
        raise RoomError(f"{player!r} is not seated at this table")

    def _log(self, kind: str, seat: int | None, amount: int = 0, text: str = "") -> None:
        st = self.seats[seat] if seat is not None else None
        self.events.append(RoomEvent(kind, seat, st.player if st else None, amount, text))

    def in_hand(self, seat: int) -> bool:
        """Whether ``seat`` holds cards in the hand being played."""
        h = self.hand
        if h is None or h.is_complete or self.layout is None or seat not in self.layout.dealt:
            return False
        return not h.folded[self.layout.dealt.index(seat)]

    def sit(self, seat: int, player: str, buy_in: int, *, post: bool = True) -> None:
        """Seat ``player`` with ``buy_in`` chips (inside the table's range, RULES §3.3; the club's cap,
        A-G2-6).  Joining a running blind game they post a big blind or wait for it (``post``, §3.4); at the
        club they pay the new-player fee in their first hand (G2).  Raises :class:`RoomError` for a seat that is
        not a whole number from 0 to ``size - 1``, a name that is not a non-empty string, chips that are not a
        whole number above 0 (``bool`` included), and the room's refusals; a refusal changes nothing."""
        self._check_seat(seat)
        if not isinstance(player, str) or not player.strip():
            raise RoomError(f"a player's name must be a non-empty string, not {player!r}")
        check_chips(buy_in, "a buy-in")
        check_flag(post, "post")
        held = self.seats[seat]
        if held is not None:
            if held.player == player:  # a player back at the seat they hold (a reconnect's sit)
                raise RoomError(f"you already sit in seat {seat}")
            raise RoomError(f"seat {seat} is taken by {held.player!r}")
        if any(s is not None and s.player == player for s in self.seats):
            raise RoomError(f"{player!r} is already seated at this table (seat {self.seat_of(player)})")
        self.buy_in.check(buy_in)
        before = state(self.seats)
        average = self._break.average(self.seats) if self.rebuy_cap else None
        if average is not None and buy_in > average.x:
            raise RoomError(buy_in_refusal(player, buy_in, average, before))
        joins_running = self._started
        self.seats[seat] = SeatState(
            player,
            buy_in,
            new=joins_running and self.new_player_rule is NewPlayerRule.POST_OR_WAIT,
            post=post,
            fee_due=joins_running and self.new_player_rule is NewPlayerRule.FEE,
        )
        self._break = self._break.moved(before, self.seats)
        self._log("sit", seat, buy_in)

    def _check_seat(self, seat: object) -> None:
        if not whole_number(seat):
            raise RoomError(f"a seat is a whole number from 0 to {self.size - 1}, not {seat!r}")
        if not 0 <= seat < self.size:
            raise RoomError(f"seat {seat} does not exist; this table has seats 0 to {self.size - 1}")

    def default_buy_in(self) -> int:
        """The buy-in offered by default (bots, the server's sit dialog): the table's maximum, or where there is
        none (fixed and spread limit, RULES §3.3) the minimum or 100 small units, whichever is more."""
        if self.buy_in.maximum is not None:
            return self.buy_in.maximum
        return max(self.buy_in.minimum, 100 * self.stakes.unit)

    def max_rebuy(self, player: str, *, after_hand: bool = False) -> int | None:
        """The most chips ``player`` may add now (``None``: no limit), as :meth:`add_chips` decides: 0 while a hand
        is being played, while the no-limit lowball rule (G1) waits for an empty stack, and when no amount the
        caps allow would reach the table minimum; the club's cap counts the M and S in force (A-G2-6).
        ``after_hand``: for a rebuy asked for now and made when the hand being played ends, by a player holding
        no cards in it (the caps as they stand now; 0 for a player still in the hand)."""
        seat = self.seat_of(player)
        st = self.seats[seat]
        assert st is not None
        waits = self.in_hand(seat) if after_hand else self._in_hand_refusal(seat) is not None
        return 0 if waits else self._rebuys().most(st.player, st.stack)

    def _in_hand_refusal(self, seat: int) -> str | None:
        """Why the player at ``seat`` may add no chips while a hand is being played (table stakes, RULES §3.3)."""
        if self.hand is None or self.hand.is_complete:
            return None
        who = "is in a hand" if self._dealt_in(seat) else "may add chips when the hand being played ends"
        return f"{self.seats[seat].player} {who}: chips may be added only between hands (table stakes)"  # type: ignore[union-attr]

    def _rebuys(self) -> Rebuys:
        average = self._break.average(self.seats) if self.rebuy_cap else None
        return Rebuys(self.buy_in, self.rebuy_only_busted, average, state(self.seats))

    def max_buy_in(self) -> int | None:
        """The most chips a new player may sit down with now under the club's cap (A-G2-6: X = M / S, the M and S
        in force, as :meth:`sit` decides); ``None`` at a table without the cap or with nobody seated."""
        average = self._break.average(self.seats) if self.rebuy_cap else None
        return None if average is None else average.x

    def add_chips(self, player: str, amount: int) -> None:
        """A rebuy or top-up between hands (RULES §3.3 table stakes; G1: in the no-limit lowball variant only
        when the player has no chips left; G2: capped at X = M/S with the M and S in force, A-G2-6,
        :mod:`pokerroom.room.rebuys`), the stack ending inside the table's buy-in range (§3.3).  Raises
        :class:`RoomError` while any hand is being played, for an amount that is not a whole number of chips
        above 0, and for an amount out of range, naming the numbers; a refusal changes nothing."""
        seat, st = self._between_hands(player, amount, "a rebuy")
        self._rebuys().check(player, st.stack, amount)
        before = state(self.seats)
        st.stack += amount
        self._break = self._break.moved(before, self.seats, rebuy=True)
        if st.busted_at is not None and st.busted_at == self.hand_number:
            st.fee_due = False  # rebought at once: not a new player (G2)
        st.busted_at = None
        self._log("rebuy", seat, amount)

    def _between_hands(self, player: object, chips: object, what: str) -> tuple[int, SeatState]:
        """The seat and state of ``player`` for a change of chips between hands; :class:`RoomError` for a name
        that is not a string, chips that are not a whole number above 0, and while the player's hand runs."""
        if not isinstance(player, str):
            raise RoomError(f"a player's name must be a non-empty string, not {player!r}")
        seat = self.seat_of(player)
        st = self.seats[seat]
        assert st is not None
        check_chips(chips, what)
        refusal = self._in_hand_refusal(seat)
        if refusal is not None:
            raise RoomError(refusal)
        return seat, st

    def reset_stack(self, player: str, chips: int) -> int:
        """Set ``player``'s stack to ``chips`` between hands and return the change (a research simulation's reset,
        ``pokerroom simulate --reset-stacks``: not a room rule, so the buy-in range and rebuy caps of RULES §3.3 do
        not apply).  Raises :class:`RoomError` while any hand is being played or for chips that are not a whole
        number above 0; a refusal changes nothing."""
        seat, st = self._between_hands(player, chips, "a reset stack")
        change = chips - st.stack
        if change:
            before = state(self.seats)
            st.stack = chips
            self._break = self._break.moved(before, self.seats, rebuy=change > 0)
            st.busted_at = None
            self._log("reset", seat, change)
        return change

    def _dealt_in(self, seat: int) -> bool:
        return self.layout is not None and seat in self.layout.dealt

    def stand(self, player: str) -> int:
        """``player`` leaves with their chips (returned); refused while they hold cards in a hand."""
        seat = self.seat_of(player)
        if self.hand is not None and not self.hand.is_complete and self._dealt_in(seat):
            raise RoomError(f"{player} is in the hand being played; they may leave when it ends")
        st = self.seats[seat]
        assert st is not None
        self._log("stand", seat, st.stack)  # before the seat is emptied: the event names the player
        before = state(self.seats)
        self.seats[seat] = None
        self._break = self._break.moved(before, self.seats)  # the M and S in force (A-G2-6) count their chips
        # The disconnect-protection allowance is the player's for 24 hours (RULES §3.7): leaving and sitting
        # down again does not renew it.  The seat's time bank goes with the player.
        self.timer.forget(seat)
        return st.stack

    def sit_out(self, player: str) -> None:
        """``player`` stops being dealt in from the next hand; blinds that pass them are owed (RULES §3.5)."""
        seat = self.seat_of(player)
        st = self.seats[seat]
        assert st is not None
        st.sitting_out = True
        self._log("sit_out", seat)

    def come_back(self, player: str, *, post: bool = True) -> None:
        """``player`` is dealt in again: owed blinds are posted (``post``) or they wait for the big blind.  Raises
        :class:`RoomError` when they hold fewer chips than a deal needs (a busted player rebuys first)."""
        check_flag(post, "post")
        seat = self.seat_of(player)
        st = self.seats[seat]
        assert st is not None
        least = max(self.min_stack, 1)
        if st.stack < least:
            raise RoomError(f"{player} has {plural(st.stack, 'chip')}: add at least {least - st.stack} (a rebuy) first")
        st.sitting_out = False
        st.post = post
        st.connected = True
        self._log("return", seat)

    def disconnect(self, player: str) -> None:
        """``player``'s connection dropped: their clock runs on; at time-out RULES §3.7 applies."""
        st = self.seats[self.seat_of(player)]
        assert st is not None
        st.connected = False

    def reconnect(self, player: str) -> None:
        st = self.seats[self.seat_of(player)]
        assert st is not None
        st.connected = True

    def aai_remaining(self, player: str) -> int:
        """Disconnect protections ``player`` has left in the last 24 hours (RULES §3.7)."""
        now = self.clock.now()
        used = [t for t in self._aai.get(player, []) if now - t < _DAY]
        self._aai[player] = used
        return max(0, self.config.aai_per_24h - len(used))
