"""Chips added at a table between hands (RULES §3.3 table stakes; G1; G2, A-G2-6): how many a player may add
now, and refusals that name their numbers.

The club's cap (A-G2-6) is X = floor(M / S) chips after the purchase, M being the chips in front of the S players
seated (carried pot chips excluded).  Every rebuy and every new player's buy-in between the same two hands is
measured against one M and S (:class:`BreakCap`): those of the table as it was when the last hand ended or, at a
table where none are in force (before its first hand, or after its stacks were changed outside it), as it was
just before the first rebuy.  So a player cannot pass X by buying in small steps, and one player's rebuy or
buy-in does not raise another's cap; a player who stands up leaves the M and S in force as they are.  While none
are in force, a buy-in is measured against the table as it is: the table forming before its first rebuy, each
newcomer against the players seated before them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.chips import whole_number
from pokerroom.errors import RoomError
from pokerroom.room.config import SeatState
from pokerroom.room.stakes import BuyIn
from pokerroom.words import plural

__all__ = ["Average", "BreakCap", "Rebuys", "Seats", "buy_in_refusal", "check_chips", "state"]

Seats = tuple[tuple[str, int], ...]
"""A table as the cap sees it: each seated player's name and stack, by name (a player moved to another seat
between hands is still the same table)."""

AFTER_HAND = "after the last hand"
BEFORE_REBUY = "before the first rebuy"


def check_chips(amount: object, what: str) -> None:
    """Refuse (:class:`RoomError`) ``amount`` unless it is a whole number of chips, 1 or more (``what``: a buy-in,
    a rebuy)."""
    if not whole_number(amount) or amount <= 0:
        raise RoomError(f"{what} must be a positive number of chips (a whole number, 1 or more), not {amount!r}")


def state(seats: Sequence[SeatState | None]) -> Seats:
    """The :data:`Seats` of ``seats``."""
    return tuple(sorted((st.player, st.stack) for st in seats if st is not None))


@dataclass(frozen=True)
class Average:
    """M, the chips in front of the S players seated (carried pot chips excluded), and S (``players``, never 0);
    ``since`` says when they were taken (the refusals say it when the table has changed since)."""

    chips: int
    players: int
    since: str = ""

    @classmethod
    def of(cls, seats: Seats, since: str = "") -> Average | None:
        """M and S of ``seats``; ``None`` when nobody is seated (no cap)."""
        return cls(sum(stack for _, stack in seats), len(seats), since) if seats else None

    @property
    def x(self) -> int:
        """X = floor(M / S): the most chips a player may hold after buying (A-G2-6)."""
        return self.chips // self.players

    def most(self, own: int) -> int:
        """What a player holding ``own`` chips may add (:func:`pokerroom.games.club.rebuy_cap`): never below 0."""
        return max(0, self.x - own)

    def formula(self) -> str:
        """``X = M / S = 600 / 3 = 200 chips``."""
        return f"X = M / S = {self.chips} / {self.players} = {plural(self.x, 'chip')}"

    def note(self, now: Seats) -> str:
        """``; M and S are those of the table after the last hand, ...`` when the table ``now`` has other ones."""
        live = Average.of(now)
        if live is not None and (live.chips, live.players) == (self.chips, self.players):
            return ""
        return f"; M and S are those of the table {self.since}, not of the table now"


@dataclass(frozen=True)
class BreakCap:
    """The M and S in force between two hands (A-G2-6; see the module): a value, replaced (never changed) at each
    chip movement, so that a table put back as it was (a dry run, a refused store write) has its M and S back too.
    :meth:`average` gives what to measure against; the table keeps :meth:`moved` after each buy-in, rebuy and
    cash-out and :meth:`hand_ended` when a hand is settled.

    ``seen``: the tables the break's own chip movements have left (and the one it began with); a table in one of
    these states is still in the break, any other state (a result scored outside the table) has ended it."""

    fixed: Average | None = None
    seen: tuple[Seats, ...] = ()

    def in_force(self, seats: Seats) -> Average | None:
        """M and S of the break the table ``seats`` is in, or ``None``."""
        return self.fixed if self.fixed is not None and seats in self.seen else None

    def average(self, seats: Sequence[SeatState | None]) -> Average | None:
        """M and S to measure a rebuy or a buy-in against now: those in force, else the table as it is (``None``:
        nobody is seated, no cap)."""
        now = state(seats)
        return self.in_force(now) or Average.of(now, BEFORE_REBUY)

    def moved(self, before: Seats, seats: Sequence[SeatState | None], *, rebuy: bool = False) -> BreakCap:
        """Chips moved: the table was ``before`` and is now ``seats``.  A ``rebuy`` with no M and S in force fixes
        them from ``before``; the table stays in the break it was in."""
        cap = self
        if rebuy and cap.in_force(before) is None:
            cap = BreakCap(Average.of(before, BEFORE_REBUY), (before,))
        return BreakCap(cap.fixed, (*cap.seen, state(seats))) if cap.in_force(before) is not None else cap

    @staticmethod
    def hand_ended(seats: Sequence[SeatState | None]) -> BreakCap:
        """A hand ended: M and S are the table's as it is now, until the next hand ends."""
        now = state(seats)
        return BreakCap(Average.of(now, AFTER_HAND), (now,))


@dataclass(frozen=True)
class Rebuys:
    """What a table lets a seated player add between hands now (:meth:`Table.add_chips
    <pokerroom.room.table.Table.add_chips>`): the table's buy-in range (RULES §3.3), whether a rebuy needs an
    empty stack (no-limit lowball, G1), the club's M and S (``average``; ``None``: no cap) and the table as it is
    (``now``)."""

    buy_in: BuyIn
    only_busted: bool
    average: Average | None
    now: Seats

    def limit(self, player: str, stack: int, amount: int | None = None) -> tuple[int | None, str]:
        """The most chips ``player``, holding ``stack``, may add (``None``: no limit) and the refusal of more
        (``amount``: the chips asked for); ``(None, "")`` when nothing limits it."""
        if self.only_busted and stack > 0:
            asked = "chips" if amount is None else plural(amount, "chip")
            return 0, (
                f"{player} still has {plural(stack, 'chip')}: in no-limit play a rebuy needs an empty stack (G1), "
                f"so {player} may not add {asked} now"
            )
        limits: list[tuple[int, str]] = []
        if self.average is not None:
            most = self.average.most(stack)
            why = f"{self.average.formula()} after the rebuy (A-G2-6), and {player} has {stack}"
            limits.append(
                (most, f"{player} may add at most {plural(most, 'chip')} now: {why}{self.average.note(self.now)}")
            )
        if self.buy_in.maximum is not None:
            most = max(0, self.buy_in.maximum - stack)
            why = f"the table maximum is {plural(self.buy_in.maximum, 'chip')} (RULES §3.3), and {player} has {stack}"
            limits.append((most, f"{player} may add at most {plural(most, 'chip')} now: {why}"))
        return min(limits, key=lambda limit: limit[0]) if limits else (None, "")

    def most(self, player: str, stack: int) -> int | None:
        """What :meth:`check` accepts at most (``None``: no limit); 0 also when no amount it accepts would bring
        ``stack`` up to the table minimum."""
        most, _ = self.limit(player, stack)
        return 0 if most is not None and stack + most < self.buy_in.minimum else most

    def check(self, player: str, stack: int, amount: int) -> None:
        """Refuse (:class:`RoomError` naming the numbers) adding ``amount`` chips to ``stack`` unless the rules
        allow it and the stack ends inside the table's range."""
        most, why = self.limit(player, stack, amount)
        if most is not None and amount > most:
            raise RoomError(why)
        if stack + amount < self.buy_in.minimum:
            raise RoomError(
                f"{player} has {plural(stack, 'chip')} and the table minimum is {self.buy_in.minimum}: "
                f"add at least {plural(self.buy_in.minimum - stack, 'chip')}, not {amount} (RULES §3.3)"
            )
        self.buy_in.check(amount, stack=stack)


def buy_in_refusal(player: str, buy_in: int, average: Average, now: Seats) -> str:
    """The refusal of a new player's buy-in of ``buy_in`` chips over the club's cap (A-G2-6: M and S before they
    join)."""
    return (
        f"{player} may buy in for at most {plural(average.x, 'chip')} now: {average.formula()} (A-G2-6), "
        f"not {buy_in}{average.note(now)}"
    )
