"""``TableRunner``: a :class:`~pokerroom.room.table.Table` backed by a :class:`~pokerroom.store.Store`, and the
replay of a stored hand from its set-up and journal (RULES §3.3, §3.7, §3.8).

The runner is the only path by which a table's chips change in the store:

* seats: a buy-in or rebuy is checked by the table, then moved account -> stack in the store; standing moves the
  stack back (table stakes, §3.3: only between hands).  If the store refuses, the table is put back as it was;
* a hand: :meth:`TableRunner.start_hand` deals it and stores its set-up (:class:`~pokerroom.room.record.Setup`:
  everything needed to deal it again); each decision of the table (an action accepted, a time-out, disconnect
  protection, §3.7: :mod:`pokerroom.room.decisions`) is *committed* to the hand's journal, and only then applied,
  so a crash never loses an action the players saw; the finished hand is settled in one transaction from its
  :class:`~pokerroom.room.record.HandRecord` (contributions, payouts, rake, carried chips), which the store keeps;
* a crash (§3.8): on construction :meth:`TableRunner.recover` deals every hand still in progress again from its
  set-up, replays its journal through the engine (entries written but never applied count: each was legal), voids
  the hand refunding each player's exact contributions, no rake, and returns every player's table chips to their
  account.  Hands settled before the crash stand;
* one runner per table: a runner takes the table's lease (:mod:`pokerroom.store.leases`) before it recovers, so
  a second runner on a live table is refused instead of voiding its hand; the lease of a runner that is gone (its
  process ended on this host, or its heartbeat too old from another) is taken over.  Every hand start,
  settlement, void and chip movement checks the lease and refreshes its heartbeat in the same transaction (the
  journal, written per action, is fenced by its hand instead: a runner taking over voids the hands in progress
  first); :meth:`TableRunner.close` gives it back;
* disconnect protection (§3.7: so many per player per 24 hours, room-wide) is recorded in the store, in the
  transaction that journals it, and loaded back when a player sits down (see :class:`TableRunner`);
* a dropped database connection is the store's to retry (:mod:`pokerroom.store.retry`): play goes on.  When the
  database stays away past the retries a call raises :class:`~pokerroom.store.retry.StoreUnavailable` having
  changed nothing, except a hand's end (its settlement, or its void): the hand is over at the table, so its end
  is kept (:attr:`TableRunner.unwritten`) and written before anything else the runner writes (the next deal, a
  seat or chip change, a recovery), which raise StoreUnavailable until it can be.  A runner closed, or a process
  ended, before that leaves the hand in progress in the store, and the next runner voids it (§3.8).

Chips are whole numbers of the smallest unit.  Hand cards come from the deck seed stored in the set-up, so a
replay deals the same cards and reaches the same state (:func:`replay_stored`).
"""

from __future__ import annotations

import contextlib
import copy
import json
import logging
import os
import secrets
import time
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import timedelta
from typing import Any

from pokerroom.engine import Action, Event, Hand, HandView
from pokerroom.errors import IllegalAction, PokerroomError, RoomError, StoreError
from pokerroom.room.clock import Clock, VirtualClock
from pokerroom.room.decisions import Cause, Decision, decision_json
from pokerroom.room.journal import replay_setup
from pokerroom.room.record import Deck, HandRecord, Setup, Status, record_of
from pokerroom.room.record_json import record_json, rule_value_from_json, setup_from_json, setup_json
from pokerroom.room.table import HandVoided, SeatState, Table, TableConfig
from pokerroom.store import Store
from pokerroom.store.hands import IN_PROGRESS
from pokerroom.store.leases import DEFAULT_TIMEOUT, this_host
from pokerroom.store.records import Lease
from pokerroom.store.retry import StoreUnavailable

__all__ = ["CRASH_REASON", "Bot", "TableRunner", "stored_config"]

log = logging.getLogger(__name__)

CRASH_REASON = "server crash: hand void, chips returned (RULES §3.8)"
"""The memo of the ledger transaction that voids a hand found in progress after a crash."""

Bot = Callable[[HandView], Action | None]
"""A player: the action for a view of the hand, or ``None`` for no answer (the clock then runs out)."""


# The runners of this process by lease token, while they exist: a lease held by this very process for a runner
# that is gone (dropped without close()) is taken over like one whose process has ended.
_LIVE: weakref.WeakValueDictionary[str, TableRunner] = weakref.WeakValueDictionary()


def _as_json(settings: Mapping[str, Any]) -> dict[str, Any]:
    """``settings`` as they come back from the store's JSON column (tuples become lists, enums their values)."""
    try:
        out: dict[str, Any] = json.loads(json.dumps(settings, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise RoomError(f"the table settings cannot be stored as JSON: {exc}") from None
    return out


def stored_config(settings: Mapping[str, Any]) -> TableConfig:
    """The :class:`TableConfig` of settings as stored (JSON, see :meth:`TableConfig.to_dict`).  JSON has no
    tuples, so a house rule's list (``blinds``, club lowball's ``ranges``) is turned back into the tuple that
    ``Game.with_rules`` takes, nested lists too."""
    data = _as_json(settings)
    rules = data.get("rules")
    if isinstance(rules, dict):
        data["rules"] = {name: rule_value_from_json(value) for name, value in rules.items()}
    return TableConfig.from_dict(data)


def _table_fields(setup: Setup) -> dict[str, Any]:
    """The table's fields of a stored set-up, for the record of the same hand (:func:`record_of`)."""
    return {
        "seats": setup.seats, "stakes": setup.stakes, "unit": setup.unit, "currency": setup.currency,
        "table_id": setup.table_id, "table_name": setup.table_name, "number": setup.number,
        "started_at": setup.started_at, "deck": setup.deck,
    }


def crash_void(setup: Mapping[str, Any], entries: Sequence[Mapping[str, Any]]) -> HandRecord | None:
    """The voided record of a hand found in progress after a crash (RULES §3.8): dealt again from its stored
    ``setup``, its journal ``entries`` replayed as dealt (its rake rule too: the record is the one
    :meth:`TableRunner.void` keeps, and a void takes no rake), so the record's contributions are the refunds.
    A journal that stops being readable or legal at some entry is replayed up to it, and the reason says where (a
    crash never keeps the chips at a table).  ``None`` when the set-up itself cannot be read."""
    try:
        parsed = setup_from_json(setup)
    except PokerroomError:
        return None
    fields = _table_fields(parsed)
    try:
        hand = replay_setup(parsed, entries)
    except PokerroomError as err:
        for good in range(len(entries) - 1, -1, -1):  # the longest prefix that replays
            try:
                hand = replay_setup(parsed, entries[:good])
                break
            except PokerroomError:
                continue
        else:
            return None
        reason = f"{CRASH_REASON}; its journal is read up to entry {good + 1}, which is not: {err}"
        return record_of(hand, status=Status.VOIDED, reason=reason, **fields)
    return record_of(hand, status=Status.VOIDED, reason=CRASH_REASON, **fields)


def _copy(thing: Any) -> Any:
    """A copy of ``thing`` whose dict, list and set attributes are copies too (one level deep)."""
    out = copy.copy(thing)
    for name, value in vars(thing).items():
        if isinstance(value, dict | list | set):
            setattr(out, name, copy.copy(value))
    return out


class TableRunner:
    """Table ``name`` in ``store``, played through a :class:`Table` (see the module docstring).

    ``config``: the table's settings; the table is created with them when the store has no table of that name
    (after a :class:`Table` has been built from them as the store will give them back, so settings that could
    not be played are refused before anything is written), otherwise the stored settings are used
    (:class:`RoomError` if ``config`` is given and differs once both have been through JSON).  ``clock``: the
    table's clock (default a :class:`VirtualClock`); ``seed``: the table's deck seed (:class:`Table`).

    Construction takes the table's lease (:meth:`Store.take_lease <pokerroom.store.Store.take_lease>`; a
    :class:`~pokerroom.errors.StoreError` naming the holder while another runner plays the table;
    ``lease_timeout``: seconds after which a holder on another host that has sent no heartbeat counts as gone),
    then runs :meth:`recover`, so a runner always starts with every hand of its table closed and nobody seated.
    :meth:`close` (or leaving a ``with`` block) gives the lease back.  ``account_of``: the store account of a
    player's name (default: the account of that very name; a server keeps play-money chips apart this way).

    Disconnect protection (RULES §3.7) counts per player across the room and across restarts: each protection the
    table gives is recorded in the store (its clock), and when a player sits down the protections the store has
    for them from the last 24 hours are put into the table's allowance, each at ``clock.now()`` less its age by
    the store's clock (the two clocks need not agree; only the age is carried over).  A protection given at
    another table while the player sits here counts from their next sit-down.

    Every method raises :class:`RoomError` or the engine's errors when the table refuses and
    :class:`~pokerroom.errors.StoreError` when the store does; either way nothing changes, in memory or stored.
    """

    def __init__(
        self,
        store: Store,
        name: str,
        config: TableConfig | None = None,
        *,
        clock: Clock | None = None,
        lease_timeout: float = DEFAULT_TIMEOUT,
        account_of: Callable[[str], str] | None = None,
        seed: int | None = None,
        by_heartbeat: bool = False,
    ) -> None:
        self.store = store
        self._account_of = account_of
        self.name = name
        try:
            self.table_id = store.table_id(name)
        except StoreError:
            if config is None:
                raise
            settings = _as_json(config.to_dict())
            Table(stored_config(settings))  # raises for settings that cannot be played, before anything is stored
            self.table_id = store.create_table(name, game=config.game, config=settings)
        stored = stored_config(store.table_config(self.table_id))
        if config is not None and stored != stored_config(config.to_dict()):
            raise RoomError(f"table {name!r} is stored with other settings: {stored} (given {config})")
        self.config = stored
        self._protections: dict[str, list[float]] = {}
        self.table = Table(
            stored, clock=clock, protections=self._protections, seed=seed, name=name, table_id=self.table_id
        )
        self.hand_id: int | None = None
        """The store's id of the hand being played, or ``None`` between hands."""
        self._seq = 0
        self._accounts: dict[str, int] = {}
        self.recovered: list[int] = []
        """Ids of the hands the last :meth:`recover` voided."""
        self._unwritten: tuple[int, str, Callable[[], None]] | None = None
        self.lease = secrets.token_hex(16)
        """This runner's token in the table's lease."""
        self.closed = False
        self.taken_over: Lease | None = self._take_lease(lease_timeout, by_heartbeat)
        """The lease of a runner that was gone, taken over on construction (None: the table was free)."""
        _LIVE[self.lease] = self
        try:
            self.recover()
        except BaseException:
            with contextlib.suppress(Exception):  # the first error is the one to see
                self.close()
            raise

    # ------------------------------------------------------------------ the lease

    def _take_lease(self, timeout: float, by_heartbeat: bool) -> Lease | None:
        held = self.store.lease(self.table_id)
        if (
            held is not None
            and held.host == this_host()
            and held.pid == os.getpid()
            and held.owner not in _LIVE
            and self.store.release_lease(self.table_id, held.owner)
        ):
            # A runner of this process that no longer exists: nothing here can play its table any more.
            self.store.take_lease(self.table_id, self.lease, timeout=timeout)
            return held
        return self.store.take_lease(self.table_id, self.lease, timeout=timeout, by_heartbeat=by_heartbeat)

    def renew_lease(self) -> None:
        """Refresh the lease's heartbeat (hands and chip movements do it anyway; call it while a table waits
        long between them, well inside the ``lease_timeout`` of the runners that may take over).  StoreError if
        this runner no longer holds the table."""
        self.store.renew_lease(self.table_id, self.lease)

    def close(self) -> None:
        """Give the table's lease back; the runner plays no more (:class:`RoomError` for a hand or an action, the
        store refuses its chip movements).  A hand in progress stays so in the store and the next runner voids it
        (RULES §3.8), as after a crash; seated players' chips stay at the table until then (call
        :meth:`stand_all` between hands to send them home first)."""
        if not self.closed:
            self.closed = True
            _LIVE.pop(self.lease, None)
            self.store.release_lease(self.table_id, self.lease)

    def __enter__(self) -> TableRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ crash recovery

    def recover(self) -> list[int]:
        """RULES §3.8 after a crash: void every hand of this table still in progress in the store, refunding each
        player's exact contributions at the moment of the crash (the hand is dealt again from its set-up and its
        journal replayed), no rake; then return every stack at the table to its player's account.  Carried
        chips stay with the table and hand numbers go on from the last one stored.  Returns the voided hands'
        ids.  Raises :class:`RoomError` while this runner is playing a hand."""
        if self.hand_id is not None or (self.table.hand is not None and not self.table.hand.is_complete):
            raise RoomError("a hand is being played; recovery is for a table whose server has stopped")
        self._write_unwritten()
        voided = []
        for info in self.store.hands_in_progress(self.table_id):
            record = crash_void(info.setup, self.store.journal_entries(info.id))
            if record is None:  # a set-up that cannot be read: nothing moved in the ledger, nothing to refund
                self.store.void_hand(info.id, contributions={}, reason=CRASH_REASON, lease=self.lease)
            else:
                self._void_stored(info.id, record)
            voided.append(info.id)
        self.store.cash_out_all(self.table_id, lease=self.lease)
        for seat, st in enumerate(self.table.seats):
            if st is not None:
                self.table.seats[seat] = None
        self.table.carried = self.store.carried(self.table_id)
        self.table.hand_number = self.store.last_hand_number(self.table_id)
        self.recovered = voided
        return voided

    # ------------------------------------------------------------------ seats and chips

    def _account(self, player: str) -> int:
        account = self._accounts.get(player)
        if account is None:
            name = player if self._account_of is None else self._account_of(player)
            account = self._accounts[player] = self.store.account_id(name)
        return account

    def _saved(self, player: str) -> tuple[int, SeatState, int]:
        seat = self.table.seat_of(player)
        st = self.table.seats[seat]
        assert st is not None
        return seat, copy.copy(st), len(self.table.events)

    def _restore(self, seat: int, st: SeatState | None, events: int) -> None:
        self.table.seats[seat] = st
        del self.table.events[events:]

    def sit(self, seat: int, player: str, buy_in: int, *, post: bool = True) -> None:
        """Seat ``player`` (an account of that name must exist) at ``seat`` with ``buy_in`` chips from their
        account (RULES §3.3, §3.4; ``post``: see :meth:`Table.sit`), with the disconnect protections the store
        has for them from the last 24 hours (see :class:`TableRunner`)."""
        self._write_unwritten()
        account = self._account(player)
        events = len(self.table.events)
        self.table.sit(seat, player, buy_in, post=post)
        try:
            self._load_protections(player, account)
            self.store.buy_in(self.table_id, account, buy_in, lease=self.lease)
        except BaseException:
            self._restore(seat, None, events)
            raise

    def _load_protections(self, player: str, account: int) -> None:
        stored_now = self.store.now()
        used = self.store.protections_since(account, stored_now - timedelta(days=1))
        now = self.table.clock.now()
        self._protections[player] = [now - (stored_now - moment).total_seconds() for moment in used]

    def rebuy(self, player: str, amount: int) -> None:
        """Add ``amount`` chips from ``player``'s account to their stack, between hands (RULES §3.3)."""
        self._write_unwritten()
        account = self._account(player)
        seat, saved, events = self._saved(player)
        self.table.add_chips(player, amount)
        try:
            self.store.buy_in(self.table_id, account, amount, lease=self.lease)
        except BaseException:
            self._restore(seat, saved, events)
            raise

    def reset_stack(self, player: str, chips: int) -> int:
        """Set ``player``'s stack to ``chips`` between hands (:meth:`Table.reset_stack`, a research simulation's
        reset), the difference moved from or to their account in the ledger; returns the change."""
        self._write_unwritten()
        account = self._account(player)
        seat, saved, events = self._saved(player)
        change = self.table.reset_stack(player, chips)
        try:
            if change > 0:
                self.store.buy_in(self.table_id, account, change, lease=self.lease)
            elif change < 0:
                self.store.cash_out(self.table_id, account, -change, lease=self.lease)
        except BaseException:
            self._restore(seat, saved, events)
            raise
        return change

    def stand(self, player: str) -> int:
        """``player`` leaves; their stack goes back to their account.  Returns the chips moved."""
        self._write_unwritten()
        account = self._account(player)
        seat, saved, events = self._saved(player)
        chips = self.table.stand(player)
        try:
            if chips:
                self.store.cash_out(self.table_id, account, chips, lease=self.lease)
        except BaseException:
            self._restore(seat, saved, events)
            raise
        return chips

    def stand_all(self) -> dict[str, int]:
        """Everyone leaves with their chips (closing the table between hands); returns name -> chips moved."""
        return {st.player: self.stand(st.player) for st in list(self.table.seats) if st is not None}

    def sit_out(self, player: str) -> None:
        """``player`` is not dealt in from the next hand (RULES §3.5); no chips move."""
        self.table.sit_out(player)

    def come_back(self, player: str, *, post: bool = True) -> None:
        """``player`` is dealt in again (RULES §3.5); no chips move."""
        self.table.come_back(player, post=post)

    # ------------------------------------------------------------------ hands

    def start_hand(self, *, seed: int | None = None, deck: Deck | None = None) -> int:
        """Deal the next hand (cards from ``seed``, or ``deck``: a committed server seed with the players' client
        seeds, :meth:`Table.next_deck`; else as the table deals, :meth:`Table.start_hand`) and store it
        as in progress with its set-up; returns the store's hand id.  Refused (by the table or the store, say the
        lease lost), the table is left exactly as it was: hand number, positions, debts, stacks, time banks,
        events."""
        self._open()
        if self.hand_id is not None:
            raise RoomError("a hand is being played; finish it first")
        self._write_unwritten()
        restore = self.snapshot()
        try:
            hand = self.table.start_hand(seed=seed, deck=deck, started_at=self.store.now())
            setup = self.table.setup
            assert setup is not None
            stored = setup_json(setup)
            if not hand.is_complete:
                # The set-up as stored must deal this very hand again, or a crash could not be recovered (§3.8).
                again = setup_from_json(stored).deal()
                again.unlink()  # checked, never played: freed here, not left to the garbage collector
                if again.events != hand.events or again.to_act != hand.to_act or again.stacks != hand.stacks:
                    raise RoomError(f"hand {self.table.hand_number}: its stored set-up would not deal it again")
            accounts = [self._account(s.player) for s in setup.seats]
            hand_id = self.store.begin_hand(
                self.table_id, self.table.hand_number, setup=stored, lease=self.lease, accounts=accounts
            )
        except BaseException:
            restore()  # never play a hand the store does not know; the table is as before the deal
            raise
        self.hand_id = hand_id
        self._seq = 0
        if hand.is_complete:  # everyone all-in from the forced bets: the table settled it at the deal
            self._settle()
        return hand_id

    def snapshot(self) -> Callable[[], None]:
        """A function that puts :attr:`table` back as it is now: every attribute (a deal replaces the hand, the
        layout, the result, the positions and the counters), copies of what a deal changes in place (the seats,
        the clocks' time banks) and the room events logged since."""
        table = self.table
        attributes = dict(table.__dict__)
        # Copied one level deep (a seat's fields and a timer's banks), keeping ``_running`` one of the two timers.
        timers = {id(t): _copy(t) for t in (table.timer, table.draw_timer)}
        in_place: dict[str, Any] = {
            "seats": [None if st is None else _copy(st) for st in table.seats],
            "timer": timers[id(table.timer)],
            "draw_timer": timers[id(table.draw_timer)],
            "_running": None if table._running is None else timers.get(id(table._running), table._running),
        }
        events = len(table.events)

        def restore() -> None:
            table.__dict__.clear()
            table.__dict__.update(attributes)
            table.__dict__.update(in_place)
            del table.events[events:]

        return restore

    def trial(self, check: Callable[[Table], object]) -> None:
        """Call ``check`` with the table, then put the table back exactly as it was (:meth:`snapshot`): a dry
        run of a change (a rebuy, a newcomer sitting down) whose refusal must come before anything is written.
        Whatever ``check`` raises is raised."""
        restore = self.snapshot()
        try:
            check(self.table)
        finally:
            restore()

    def _open(self) -> None:
        if self.closed:
            raise RoomError(f"the runner of table {self.name!r} is closed; start a new one")

    def _running(self) -> tuple[Hand, int]:
        self._open()
        h = self.table.hand
        if h is None or h.is_complete or self.hand_id is None:
            raise IllegalAction("no hand is being played; start one first")
        return h, self.hand_id

    def act(self, seat: int, action: Action) -> Event:
        """Table ``seat``'s ``action``, accepted by the table (:meth:`Table.accept`: verified, clamped where the
        game says so), journaled, applied; settles the hand when it ends.  Returns the event."""
        _, hand_id = self._running()
        with self._faults(hand_id):
            return self._commit(hand_id, self.table.accept(seat, action))

    def time_out(self) -> Event:
        """The player to act has run out of time (:meth:`Table.expired`): journal what the table does for them
        (:meth:`Table.forced`: check, stand pat, bring in, disconnect protection or fold, RULES §3.7), then do it.
        Raises :class:`RoomError` while they still have time."""
        _, hand_id = self._running()
        seat = self.table.to_act
        if not self.table.expired():
            raise RoomError(f"seat {seat} still has time to act")
        with self._faults(hand_id):
            return self._commit(hand_id, self.table.forced(Cause.TIMEOUT))

    def force(self, cause: Cause) -> Event:
        """Act now for the player to act as the table does for ``cause`` (:meth:`Table.forced`; a player who
        left: check or fold), journaled first."""
        _, hand_id = self._running()
        with self._faults(hand_id):
            return self._commit(hand_id, self.table.forced(cause))

    @contextlib.contextmanager
    def _faults(self, hand_id: int) -> Iterator[None]:
        """An engine fault voided hand ``hand_id`` at the table (:class:`~pokerroom.room.table.HandVoided`, RULES
        §3.8): the store voids it too, refunding every contribution, and the runner deals the next hand as usual."""
        try:
            yield
        except HandVoided as voided:
            record = voided.record  # the name ``voided`` is gone once this block ends; the write may come later
            self._end(hand_id, "void", lambda: self._void_stored(hand_id, record))
            raise

    def _commit(self, hand_id: int, decision: Decision) -> Event:
        """Journal ``decision`` in hand ``hand_id`` (committed before the table applies it: a crash never loses an
        action the players saw), then apply it; disconnect protection is recorded with its entry (RULES §3.7)."""
        protected: int | None = None
        if decision.protection:
            st = self.table.seats[decision.seat]
            assert st is not None
            protected = self._account(st.player)
        self.store.journal(hand_id, self._seq, decision_json(decision), protection=protected)
        self._seq += 1
        event = self.table.apply(decision)
        self._after()
        return event

    def wait_out(self) -> None:
        """Let the clock of the player to act run out: a :class:`VirtualClock` is moved on a second at a time
        (whole seconds: the limits are), a real one waited for.  Raises :class:`IllegalAction` when nobody is to
        act."""
        self._running()
        clock = self.table.clock
        while not self.table.expired():
            if isinstance(clock, VirtualClock):
                clock.advance(1.0)
            else:
                time.sleep(0.05)

    def void(self, reason: str) -> HandRecord:
        """Cancel the hand being played (RULES §3.8): each player gets back exactly what they put in, no rake;
        ``reason`` is the ledger memo and the record's.  Returns the voided hand's record.  The database out of
        reach past the store's retries, the hand is void at the table all the same and its void is written later
        (:attr:`unwritten`)."""
        _, hand_id = self._running()
        record = self.table.void_hand(reason)
        self._end(hand_id, "void", lambda: self._void_stored(hand_id, record))
        return record

    def _by_account(self, record: HandRecord, chips: tuple[int, ...]) -> dict[int, int]:
        out: dict[int, int] = {}
        for seat, amount in zip(record.setup.seats, chips, strict=True):
            account = self._account(seat.player)
            out[account] = out.get(account, 0) + amount
        return out

    def _void_stored(self, hand_id: int, record: HandRecord) -> None:
        self.store.void_hand(
            hand_id, contributions=self._by_account(record, record.contributions), reason=record.reason or "void",
            record=record_json(record), lease=self.lease,
        )

    def _after(self) -> None:
        h = self.table.hand
        if h is not None and h.is_complete:
            self._settle()

    def _settle(self) -> None:
        r = self.table.record
        hand_id = self.hand_id
        assert r is not None and hand_id is not None
        # If the store refuses, the hand stays in progress there and the next recovery voids it (RULES §3.8).
        contributions, payouts = self._by_account(r, r.contributions), self._by_account(r, r.payouts)

        def settle() -> None:
            self.store.settle_hand(
                hand_id, contributions=contributions, payouts=payouts, rake=r.rake, carried_in=r.carried_in,
                carried_out=r.carried_out, record=record_json(r), lease=self.lease,
            )  # fmt: skip

        self._end(hand_id, "settlement", settle)

    @property
    def unwritten(self) -> int | None:
        """The store's id of a hand over at the table whose end (settlement or void) the store could not take yet
        (the database out of reach past its retries), or ``None``.  Written before anything else the runner
        writes (see the module docstring)."""
        return None if self._unwritten is None else self._unwritten[0]

    def _end(self, hand_id: int, what: str, write: Callable[[], None]) -> None:
        """Write hand ``hand_id``'s end (``what``: ``"settlement"`` or ``"void"``) and end it at the runner; with
        the database out of reach it is kept for :meth:`_write_unwritten` instead.  Any other refusal is raised
        with the hand still the runner's (the next recovery voids it, RULES §3.8)."""
        try:
            write()
        except StoreUnavailable as err:
            self._unwritten = (hand_id, what, write)
            self.hand_id = None
            log.warning("table %s: hand %d's %s is kept until the store can take it: %s", self.name, hand_id, what, err)
            return
        self.hand_id = None

    def _write_unwritten(self) -> None:
        """Write the kept end of a hand (:attr:`unwritten`), unless the store has it already (a cut ``COMMIT``
        that landed); StoreUnavailable while the database is out of reach."""
        if self._unwritten is None:
            return
        hand_id, what, write = self._unwritten
        if self.store.hand(hand_id).status == IN_PROGRESS:
            write()
        self._unwritten = None
        log.warning("table %s: hand %d's %s kept since the database went away is written", self.name, hand_id, what)

    def play_hand(self, bots: Mapping[str, Bot], *, seed: int | None = None) -> HandRecord:
        """Deal a hand and play it to the end with ``bots`` (player name -> :data:`Bot`); a bot that answers
        ``None`` lets its clock run out (:meth:`wait_out`, :meth:`time_out`).  Returns the settled result."""
        self.start_hand(seed=seed)
        h = self.table.hand
        layout = self.table.layout
        assert h is not None and layout is not None
        names = [self.table.seats[s].player for s in layout.dealt]  # type: ignore[union-attr]
        while not h.is_complete:
            es = h.to_act
            assert es is not None
            action = bots[names[es]](h.view(es))
            if action is None:
                self.wait_out()
                self.time_out()
            else:
                self.act(layout.dealt[es], action)
        assert self.table.record is not None
        return self.table.record

    # ------------------------------------------------------------------ checks

    def check_stacks(self) -> None:
        """Raise :class:`RoomError` unless the store holds exactly the table's chips between hands: every
        player's stack (by account) and the carried chips (a hand's end not yet written is written first)."""
        self._write_unwritten()
        held = self.store.stacks(self.table_id)
        table = {self._account(st.player): st.stack for st in self.table.seats if st is not None and st.stack}
        carried = self.store.carried(self.table_id)
        if held != table or carried != self.table.carried:
            raise RoomError(
                f"table {self.name!r}: the store holds stacks {held} and carried {carried}, the table "
                f"{table} and {self.table.carried}"
            )
