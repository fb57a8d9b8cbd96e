"""The house bots of a server table (issue 20, "The house's books apart"): :class:`HouseBotSeats`, the part of
:class:`~pokerroom.server.actor.TableActor` that seats the bots the operator's configuration asks for, funds them
from the house's bankroll (:class:`~pokerroom.store.ledger.HouseBankrollShort`: no overdraft, logged once as
``house_bankroll_short``), rebuys for them, and sends their chips home when they stand.  Its methods run inside
the actor's task, as the rest of the actor's.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from pokerroom.bots import make as make_bot
from pokerroom.errors import PokerroomError, RoomError
from pokerroom.server.actor_parts import ActorParts
from pokerroom.server.oplog import event
from pokerroom.store.ledger import BOT_PREFIX, HouseBankrollShort, house_key

__all__ = ["BotFactory", "BotHome", "HouseBotSeats", "check_players_bots", "most_house_bots"]

log = logging.getLogger(__name__)


def most_house_bots(seats: int) -> int:
    """The most house bots a table of ``seats`` seats takes: one seat is always a person's (bots never play each
    other alone)."""
    return seats - 1


def check_players_bots(real_money: bool, bots: int) -> None:
    """Raise :class:`RoomError` when a player asks for ``bots`` house bots at a real-money table: the house's
    money plays only where the operator's table configuration puts it (``serve --tables``), never at a player's
    request (a new table's ``bots``, the table's "add bots")."""
    if bots and real_money:
        raise RoomError(
            "house bots sit at real-money tables only where the operator's table configuration puts them; "
            "players add bots at play-money tables"
        )


BotFactory = Callable[[str], None]
"""Called with a bot's player name before it sits or rebuys: opens its store account and funds it from the
house's bankroll (:class:`~pokerroom.store.ledger.HouseBankrollShort` when the house cannot)."""

BotHome = Callable[[str], int]
"""Called with a bot's player name once it has stood up: its account's chips back to the house's bankroll;
returns the chips moved."""


class HouseBotSeats(ActorParts):
    """The house bots' part of a table's actor (see the module docstring); :class:`TableActor` sets the
    attributes below (and :class:`~pokerroom.server.actor_parts.ActorParts`'s)."""

    if TYPE_CHECKING:
        fund_bot: BotFactory
        bot_home: BotHome | None
        bot_kind: str
        house_bots: int
        _seed: int | None
        _short_logged: bool

    def add_bots(self, count: int) -> list[str]:
        """Seat up to ``count`` house bots in empty seats (between hands or during one: they are dealt in from the
        next hand), each funded from the house's bankroll; returns their names.  A short bankroll (no overdraft)
        stops the seating and is logged (:meth:`_short`)."""
        added, refused = self._seat_bots(count)
        if refused is not None:
            self._not_seated(refused, count - len(added))
        return added

    def seat_house_bots(self) -> list[str]:
        """Seat the configured house bots (:attr:`house_bots`) missing from the table in its free seats, funded
        from the house's bankroll; returns the names seated.  A short bankroll is logged once (:meth:`_short`)
        until they all sit; the table plays on without them."""
        missing = self.house_bots - len(self.bots)
        if missing <= 0:
            self._short_logged = False
            return []
        if self.closing or self.closed:
            return []
        added, refused = self._seat_bots(missing)
        if refused is None:
            if len(self.bots) >= self.house_bots:  # all seated: a later shortage is logged again
                self._short_logged = False
        elif not self._short_logged:
            self._short_logged = True
            self._not_seated(refused, self.house_bots - len(self.bots))
        return added

    def _seat_bots(self, count: int) -> tuple[list[str], PokerroomError | None]:
        """Seat up to ``count`` house bots; the names seated and the refusal that stopped it (or ``None``): a
        short bankroll (:class:`HouseBankrollShort`: no overdraft) or the store's refusal."""
        added: list[str] = []
        refused: PokerroomError | None = None
        for seat, st in enumerate(self.table.seats):
            if len(added) >= count:
                break
            if st is not None or self.waitlist.held(seat) is not None:
                continue
            name = self._bot_name()
            try:
                self.fund_bot(name)
                self.runner.sit(seat, name, self.table.default_buy_in())
            except PokerroomError as err:  # the bot does not sit; the table plays on without it
                refused = err
                if self.bot_home is not None and not isinstance(err, HouseBankrollShort):
                    with contextlib.suppress(PokerroomError):
                        self.bot_home(name)  # funded, then not seated: its chips back to the house
                break
            self.bots[name] = make_bot(self.bot_kind, seed=zlib.crc32(f"{self._seed}:{name}".encode()))
            added.append(name)
        if added:
            self._schedule_deal()
            self._changed = True
        return added, refused

    def _not_seated(self, refused: PokerroomError, missing: int) -> None:
        """Log why the ``missing`` house bots (named as they would sit) did not sit: ``house_bankroll_short``
        (``table``, ``table_id``, ``bots``, ``need``: chips the next one needs, ``held``: the bankroll's chips,
        ``book``: ``house:real`` or ``house:play``), or an ``error`` event naming the store's refusal."""
        taken = {st.player for st in self.table.seats if st is not None}
        names = (f"{BOT_PREFIX}{self.info.id}-{n}" for n in itertools.count(1))
        unseated = list(itertools.islice((name for name in names if name not in taken), missing))
        if isinstance(refused, HouseBankrollShort):
            event(
                "house_bankroll_short", level=logging.WARNING, table=self.info.name, table_id=self.info.id,
                bots=unseated, need=refused.need, held=refused.held, book=house_key(refused.real_money),
            )  # fmt: skip
        else:
            event(
                "error", level=logging.WARNING, where="house_bots", table=self.info.name, bots=unseated,
                error=f"{type(refused).__name__}: {refused}",
            )  # fmt: skip

    def _bot_name(self) -> str:
        taken = {st.player for st in self.table.seats if st is not None}
        for n in itertools.count(1):
            name = f"{BOT_PREFIX}{self.info.id}-{n}"
            if name not in taken:
                return name
        raise AssertionError("unreachable")

    def _bot_rebuys(self) -> None:
        for name in list(self.bots):
            seat = self.table.seat_of(name)
            st = self.table.seats[seat]
            assert st is not None
            if st.stack >= max(self.table.min_stack, 1) and not st.sitting_out:
                continue
            want = self.table.default_buy_in() - st.stack
            most = self.table.max_rebuy(name)
            if most is not None:
                want = min(want, most)
            try:
                if want > 0:
                    self.fund_bot(name)
                    self.runner.rebuy(name, want)
                if st.sitting_out and st.stack > 0:
                    self.runner.come_back(name)
            except PokerroomError as err:  # the table plays on without this bot: it stands, its chips go home
                log.warning("table %s: bot %s cannot rebuy (%s); it stands up", self.info.name, name, err)
                with contextlib.suppress(PokerroomError):
                    self._stand_bot(name)

    def _send_bots_home(self, moved: dict[str, int]) -> None:
        """After everyone stood up (``moved``: name -> chips), the house bots' chips back to the house's
        bankroll; a store refusal leaves them in the bot's account, swept home when the table opens again."""
        if self.bot_home is not None:
            for name in [name for name in moved if name in self.bots]:
                with contextlib.suppress(PokerroomError):
                    self.bot_home(name)

    def _stand_bot(self, name: str) -> None:
        """House bot ``name`` stands up between hands, its chips back to the house's bankroll."""
        self.runner.stand(name)
        self.bots.pop(name, None)
        if self.bot_home is not None:
            self.bot_home(name)
