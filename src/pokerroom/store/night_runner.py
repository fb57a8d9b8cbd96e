"""``NightRunner``: a club game night (:class:`~pokerroom.room.night.Night`) played at a store table, kept in the
store as it goes, so that a crash, a closed terminal or Ctrl-C never loses the evening (seeds 000/001 chapter 4;
RULES §3.11, G1, G2, §5; the crash rule of seed 004, RULES §3.8).

* The night's books (seats, the deal, buy-ins and rebuys, arrivals and departures, the rules agreed) are written
  after every change between hands and after every hand (:mod:`pokerroom.store.nights`); each player's chips
  are in the ledger, on an account of their own for the night.
* The hands are played through a :class:`~pokerroom.store.runner.TableRunner`: every action is journaled before
  it is applied and every hand settled in one transaction.
* :meth:`NightRunner.resume` continues a night exactly where it stopped: the same seats, dealer, stacks, carried
  chips, agreed rules and length.  A hand cut off by the crash is void: the runner refunds every chip it took, and
  the next hand is dealt with new cards (the deck follows the hand's number, which the void used up).

Chips are whole chips; money is in öre (see :mod:`pokerroom.room.night`).
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from pokerroom.chips import whole_number
from pokerroom.engine import Hand
from pokerroom.errors import RoomError, StoreError
from pokerroom.games import find
from pokerroom.room.clock import Clock
from pokerroom.room.night import CashOut, Night, NightConfig, format_kronor
from pokerroom.room.night_seats import arrange
from pokerroom.room.record import HandRecord, Status
from pokerroom.room.table import SeatState, Table, TableConfig
from pokerroom.store import Store
from pokerroom.store import nights as _nights
from pokerroom.store.runner import TableRunner
from pokerroom.words import plural

__all__ = ["NightRunner"]

_MISSING = object()
_SEAT_FIELDS = tuple(f.name for f in dataclasses.fields(SeatState) if f.name not in ("player", "stack"))


class NightRunner:
    """One club night in ``store``: its books (:attr:`night`), its table (:attr:`runner`, :attr:`table`) and its
    options (:attr:`options`: what the program driving it needs again on resume, JSON).  Made by :meth:`create`
    or :meth:`resume`; every method raises :class:`RoomError` (the night's or the table's refusal) or
    :class:`StoreError`, and a refusal changes nothing."""

    def __init__(self, store: Store, row: _nights.NightRow, runner: TableRunner, night: Night) -> None:
        self.store = store
        self.id = row.id
        self.label = row.label
        self.runner = runner
        self.night = night
        self.options: dict[str, Any] = dict(row.state.get("options", row.config.get("options", {})))
        """What the program driving the night needs again on resume (who types, the bots' kind, the files)."""
        self.elapsed: float = float(row.state.get("elapsed", 0.0))
        """Minutes played before this process took the night up (the time it was stopped does not count)."""
        self.stop_asked: bool = bool(row.state.get("stop", False))
        self.table_hand: int = int(row.state.get("table_hand", 0))
        self.undo_state: dict[str, Any] | None = row.state.get("undo")
        self.voided: list[int] = list(runner.recovered)
        """Store ids of the hands the resume voided (cut off by the crash)."""
        self.seed: int | None = row.config.get("seed")
        """The evening's seed (the draws, the cards, the bots), or ``None``."""
        self._saved: dict[str, Any] = dict(row.state)
        self._arranged = False

    # ------------------------------------------------------------------ making and resuming

    @classmethod
    def create(
        cls,
        store: Store,
        config: NightConfig,
        names: Sequence[str],
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        options: Mapping[str, Any] | None = None,
        clock: Clock | None = None,
        label: str | None = None,
    ) -> NightRunner:
        """A new night of ``config`` for ``names`` (seats and the first dealer by lot from ``seed``), stored with
        ``options``: everyone buys in (:attr:`NightConfig.first_buyin`) and sits down."""
        night = Night(config, names, rng=random.Random(seed), first_dealer=first_dealer)
        game = find(config.game)
        table_config = TableConfig(
            config.game,
            rules=dict(config.house_rules),
            seats=game.max_players,
            limit=night.limit.value if night.limit is not game.default_limit else None,
        )
        table_name = f"club night {secrets.token_hex(6)}"
        ids: list[int] = []  # the night's id, once stored: the accounts are named after it
        runner = TableRunner(
            store,
            table_name,
            table_config,
            clock=clock,
            seed=seed,
            account_of=lambda player: _nights.account_name(ids[0], player),
        )
        try:
            label = label or f"{game.name} {store.now():%Y-%m-%d %H:%M}"
            # The agreement as it was made (players, options); the books keep what changes (options too).
            stored = {
                "agreement": config.to_json(), "players": list(names), "table": table_name, "seed": seed,
                "options": dict(options or {}),
            }  # fmt: skip
            state = {"night": night.to_json(), "options": dict(options or {})}
            ids.append(
                _nights.create_night(
                    store, label=label, game=config.game, table=runner.table_id, config=stored, state=state
                )
            )
            self = cls(store, _nights.load_night(store, ids[0]), runner, night)
            for k, name in enumerate(night.seats):
                store.create_account(_nights.account_name(ids[0], name))
                night.buy_in(name, config.first_buyin)
                self._buy(name, config.first_buyin, "buy-in")
                runner.sit(k, name, config.first_buyin)
            self.save()
        except BaseException:
            runner.close()
            raise
        return self

    @classmethod
    def resume(cls, store: Store, night_id: int | None = None, *, clock: Clock | None = None) -> NightRunner:
        """Take up night ``night_id`` (the last running one when ``None``) where it stopped; a hand in progress
        is voided and refunded (RULES §3.8).  StoreError when there is no such running night, or another
        process is playing it (its table's lease)."""
        row = _nights.load_night(store, night_id)
        if row.status != _nights.RUNNING:
            raise StoreError(f"night {row.id} has ended; its cash-out sheet is settled")
        night = Night.from_json(row.state["night"])
        seed = row.config.get("seed")
        runner = TableRunner(
            store,
            str(row.config["table"]),
            clock=clock,
            seed=seed,
            account_of=lambda player: _nights.account_name(row.id, player),
        )
        try:
            self = cls(store, row, runner, night)
            # A hand settled after the books were last written (a crash between the two) is counted now.
            for number in _nights.settled_after(store, runner.table_id, self.table_hand):
                night.next_hand()
                self.table_hand = number
            self._check_books()
            flags = row.state.get("seats", {})
            for k, name in enumerate(night.seats):
                account = self._account(name)
                chips = store.balance(account) - night.cashed(name)  # what they took home earlier stays home
                # Sitting back down is not a buy-in: the table's caps do not apply, the debts stand; a player
                # with no chips sits too, to buy again (or leave) between hands as before the stop.
                kept = {f: v for f, v in flags.get(name, {}).items() if f in _SEAT_FIELDS}
                runner.table.seats[k] = SeatState(name, chips, **kept)
                if chips:
                    store.buy_in(runner.table_id, account, chips, lease=runner.lease)
            self.save()
        except BaseException:
            runner.close()
            raise
        return self

    def _check_books(self) -> None:
        """Refuse (:class:`StoreError`) books that do not agree with the ledger before anything is played: each
        player's purchases in the books are the chips paid into their account, and every chip bought is with a
        player (at the table or taken home) or carried in the pot."""
        night, store = self.night, self.store
        held = 0
        for name in night.players:
            try:
                account = self._account(name)
            except StoreError:
                raise StoreError(f"the stored night names {name!r}, who has no account in it") from None
            paid = sum(r.amount for r in store.account_history(account) if r.kind == "deposit")
            if paid != night.chips_bought(name) or night.cashed(name) < 0:
                raise StoreError(
                    f"the stored night cannot be resumed: its books say {name} bought "
                    f"{plural(night.chips_bought(name), 'chip')}, the ledger {plural(paid, 'chip')}"
                )
            held += store.balance(account) + store.stack(self.runner.table_id, account)
        bought = sum(night.chips_bought(n) for n in night.players)
        if held + store.carried(self.runner.table_id) != bought:
            raise StoreError(
                f"the stored night cannot be resumed: {plural(held, 'chip')} held and carried, {bought} bought"
            )

    def row(self) -> _nights.NightRow:
        """The night as stored now (its times, its status)."""
        return _nights.load_night(self.store, self.id)

    def close(self) -> None:
        """Give the table back (a hand in progress stays so, and the next resume voids it)."""
        self.runner.close()

    # ------------------------------------------------------------------ the books

    @property
    def table(self) -> Table:
        return self.runner.table

    def state(self) -> dict[str, Any]:
        """The books as stored (see :mod:`pokerroom.store.nights`)."""
        seats = {st.player: {f: getattr(st, f) for f in _SEAT_FIELDS} for st in self.table.seats if st is not None}
        return {
            "night": self.night.to_json(),
            "table_hand": self.table_hand,
            "elapsed": self.elapsed,
            "stop": self.stop_asked,
            "seats": seats,
            "undo": self.undo_state,
            "options": self.options,
        }

    def save(self, *, status: str | None = None) -> None:
        """Write the books (between hands)."""
        state = self.state()
        _nights.save_night(self.store, self.id, state, status=status)
        self._saved = state

    def _account(self, name: str) -> int:
        return self.store.account_id(_nights.account_name(self.id, name))

    def _buy(self, name: str, chips: int, what: str) -> None:
        """Money for ``chips`` into ``name``'s account with the books that record it (one transaction)."""
        price = self.night.config.price_per_chip
        memo = f"{what}: {plural(chips, 'chip')} for {format_kronor(chips * price)} before hand {self.night.hand + 1}"
        _nights.buy_chips(self.store, self.id, self._account(name), chips, self.state(), memo=memo)

    def stacks(self) -> dict[str, int]:
        """Chips in front of every player seated in the night (0 for one not at the table)."""
        held = self.table.stacks()
        return {name: held.get(name, 0) for name in self.night.seats}

    # ------------------------------------------------------------------ between hands

    def busted_rebuys(self, players: Iterable[str]) -> dict[str, int]:
        """What each of ``players`` who sits at the table with no chips buys at once (the bots): the evening's
        first buy-in, or the most the club's rules allow now when that is less (nothing when they allow none)."""
        first, held = self.night.config.first_buyin, self.table.stacks()
        out = {}
        for name in players:
            if held.get(name) == 0:
                most = self.table.max_rebuy(name)
                buy = first if most is None else min(most, first)
                if buy > 0:
                    out[name] = buy
        return out

    def _between(self) -> None:
        h = self.table.hand
        if h is not None and not h.is_complete:
            raise RoomError("a hand is being played: this waits until it ends")

    def rebuy(self, name: str, chips: int) -> str:
        """``name`` (matched without case) buys ``chips`` between hands under the club's rules (the table decides:
        G1's no-limit rule, G2's X = M/S cap); returns the name.  The money is recorded with the books."""
        self._between()
        name = self.night.resolve(name)
        if not self.night.is_seated(name):
            raise RoomError(f"{name} is not at the table; `join {name} CHIPS` seats them again as a new player")
        self.runner.trial(lambda t: t.add_chips(name, chips))  # the club's rules, refused before anything is written
        before = self._snapshot()
        try:
            self.undo_state = None  # a typed hand is taken back only before anything else changes
            self.night.rebuy(name, chips)
            self._buy(name, chips, "rebuy")
            self.runner.rebuy(name, chips)
        except BaseException:
            before()
            raise
        self.save()
        return name

    def join(self, name: str, chips: int | None = None) -> tuple[str, int]:
        """A player arrives between hands: a seat by lot (:meth:`Night.join`) and a buy-in (``None``: the evening's
        first buy-in, in club hold'em at most the cap X = M/S with M and S before they join, A-G2-6); in club
        hold'em they owe the new-player fee (the first blind) in their first hand.  A player who left comes back
        the same way (counted as new).  Returns the name and the chips bought."""
        self._between()
        before = self._snapshot()
        config = self.night.config
        try:
            seat = self.night.join(name)
            name = self.night.seats[seat]
            order = [n for n in self.night.seats if n != name]

            def probe(table: Table) -> None:  # the table's checks (the club's cap) before any money moves
                nonlocal chips
                arrange(table, order, None)  # the night's order, the newcomer's seat after it
                if chips is None:
                    cap = table.max_buy_in()  # X = M/S before they join (A-G2-6)
                    chips = config.first_buyin if cap is None else max(1, min(config.first_buyin, cap))
                table.sit(len(order), name, chips)

            self.runner.trial(probe)
            assert chips is not None
            returning = any(b.name == name for b in self.night.buys)
            self.night.buy_in(name, chips, late=True)  # a player coming back buys in as a new player
            try:
                self._account(name)
            except StoreError:
                self.store.create_account(_nights.account_name(self.id, name))
            arrange(self.table, order, None)
            self._buy(name, chips, "return" if returning else "late buy-in")
            self.runner.sit(len(order), name, chips)
        except BaseException:
            before()
            raise
        self._arranged = False
        self.undo_state = None
        self.save()
        return name, chips

    def leave(self, name: str) -> tuple[str, int]:
        """``name`` (matched without case) leaves between hands with their chips, cashed at the evening's price;
        returns the name and the chips."""
        self._between()
        name = self.night.resolve(name)
        before = self._snapshot()
        chips = self.table.stacks().get(name, 0)
        try:
            self.night.leave(name, chips)
            if name in self.table.stacks():
                self.runner.stand(name)
        except BaseException:
            before()
            raise
        self._arranged = False
        self.undo_state = None
        self.save()
        return name, chips

    def set_rule(self, key: str, value: object) -> int:
        """House rule ``key`` = ``value`` from the next hand on (meta-rule 2); returns that hand's number."""
        self._between()
        books, undo = self.night.to_json(), self.undo_state
        start = self.night.set_rule(key, value)
        self.undo_state = None
        try:
            self.save()  # a value the store cannot keep is refused here, and nothing changes
        except (StoreError, RoomError, TypeError, ValueError) as exc:
            self.night, self.undo_state = Night.from_json(books), undo
            raise RoomError(f"house rule {key}={value!r} cannot be kept with the night: {exc}") from None
        return start

    def _snapshot(self) -> Callable[[], None]:
        """A function that puts the books and the table back as they are now (a refusal changes nothing)."""
        books, table = self.night.to_json(), self.runner.snapshot()

        def restore() -> None:
            self.night = Night.from_json(books)
            table()

        return restore

    # ------------------------------------------------------------------ hands

    def rule_changes(self) -> dict[str, object]:
        """The house rules agreed for the next hand that differ from those at the table now."""
        rules = self.night.rules_for_hand(self.night.hand + 1)
        return {k: v for k, v in rules.items() if self.table.config.rules.get(k, _MISSING) != v}

    def prepare(self, *, last: bool = False) -> Table:
        """The table for the next hand: the rules agreed for it set at the table (:meth:`Table.set_rules`), the
        seats in the night's order with the button before the night's next dealer, ``last`` marking the
        evening's last hand (its odd chips are paid out, A-G1-7)."""
        self._between()
        changed = self.rule_changes()
        if changed:
            self.table.set_rules(**changed)
        if not self._arranged:
            arrange(self.table, self.night.seats, self.night.next_dealer)
            self._arranged = True
        self.table.last_hand = last
        return self.table

    def start_hand(self, *, last: bool = False) -> Hand:
        """Deal the next hand (the night counts it; the table deals it and the store keeps it)."""
        table = self.prepare(last=last)
        self.night.next_hand()
        try:
            self.runner.start_hand()
        except BaseException:
            self.night = Night.from_json(self._saved["night"])
            raise
        assert table.layout is not None and table.hand is not None
        dealer = self.night.dealer_name
        if table.layout.button != self.night.seats.index(dealer):
            # The night decides who deals (RULES §3.11); a table that disagrees is a bug, not a house rule.
            raise RoomError(f"hand {self.night.hand}: the table dealt from seat {table.layout.button}, not {dealer}")
        if table.hand.is_complete:
            self.hand_done()
        return table.hand

    def hand_done(self) -> HandRecord:
        """After a hand: the books count it (or, voided, forget it: the night's deal and hand count go back).
        Returns the hand's record."""
        record = self.table.record
        assert record is not None
        if record.status is Status.VOIDED:
            self.night = Night.from_json(self._saved["night"])
        self.table_hand = self.table.hand_number
        self.undo_state = None
        self.save()
        return record

    def void_hand(self, reason: str) -> HandRecord:
        """Cancel the hand being played (RULES §3.8; the host stopping mid-hand): every chip goes back, and the
        night's books are as before it."""
        record = self.runner.void(reason)
        self.night = Night.from_json(self._saved["night"])
        self.table_hand = self.table.hand_number
        self.save()
        return record

    # ------------------------------------------------------------------ results typed in (--enter)

    def enter(self, nets: Mapping[str, int], *, last: bool = False) -> int:
        """A hand played with real cards: each seated player's net chips (``nets``, every seated player named),
        summing to zero or, except on the evening's ``last`` hand, to minus the odd chips a split leaves in the
        pot (fewer than the players; RULES G1/G2, A-G1-7).  The night counts the hand and the stacks change in the
        store with the books; :meth:`undo` takes it back.  Returns the chips left in the pot."""
        self._between()
        table = self.prepare(last=last)
        seated = self.night.seats
        bad = [f"{n}: {v!r}" for n, v in nets.items() if not whole_number(v)]
        if bad:
            raise RoomError(f"nets are whole numbers of chips, not {', '.join(bad)}")
        if sorted(nets) != sorted(seated):
            raise RoomError(f"give a result for exactly the seated players: {', '.join(seated)}")
        stacks = self.stacks()
        for name, net in nets.items():
            if net < -stacks[name]:
                raise RoomError(f"{name} has only {plural(stacks[name], 'chip')} to lose, not {-net}")
        total = sum(nets.values())
        left = table.carried - total
        if not (left == 0 or (not last and 0 < left < len(nets))):
            if last:
                need = f"{table.carried:+d} (the last hand pays out the {plural(table.carried, 'chip')} in the pot)"
            else:
                need = (
                    f"{table.carried:+d}, or down to {table.carried - len(nets) + 1:+d} with odd chips left in the pot"
                )
            raise RoomError(f"the nets sum to {total:+d}, not {need}")
        before = self.night.to_json()
        undo: dict[str, Any] = {"night": before, "nets": dict(nets), "carried": table.carried}
        self.night.next_hand()
        self.undo_state = undo
        memo = f"hand {self.night.hand} played with real cards: " + (
            ", ".join(f"{n} {v:+d}" for n, v in nets.items() if v) or "no chips changed hands"
        )
        try:
            self._score(nets, left, memo)
        except BaseException:
            self.night = Night.from_json(before)
            self.undo_state = self._saved.get("undo")
            raise
        return left

    def _score(self, nets: Mapping[str, int], carried: int, memo: str) -> None:
        """Each player's stack changes by ``nets`` and the pot then holds ``carried`` chips: in the store with the
        books as they stand (one transaction, :func:`~pokerroom.store.nights.enter_result`), then at the table."""
        by_account = {self._account(name): net for name, net in nets.items() if net}
        _nights.enter_result(
            self.store, self.id, self.runner.table_id, by_account, carried, self.state(), memo=memo,
            lease=self.runner.lease,
        )  # fmt: skip
        for name, net in nets.items():
            seat = self.table.seats[self.table.seat_of(name)]
            assert seat is not None
            seat.stack += net
        self.table.carried = carried
        self._saved = self.state()

    def undo(self) -> int:
        """Take back the last hand typed in (``--enter``): the stacks, the pot and the night's deal as before it.
        Returns that hand's number.  Raises :class:`RoomError` when there is nothing to undo (no hand typed in
        since the last change between hands)."""
        self._between()
        undo = self.undo_state
        if undo is None:
            raise RoomError("there is no hand to undo: only the last hand typed in can be taken back")
        nets = {str(k): int(v) for k, v in undo["nets"].items()}
        number = self.night.hand
        previous = Night.from_json(undo["night"])
        missing = [n for n in nets if n not in self.night.seats]
        if missing:
            raise RoomError(f"{', '.join(missing)} left after that hand; it cannot be taken back")
        self.night, self.undo_state = previous, None
        try:
            self._score({name: -net for name, net in nets.items()}, int(undo["carried"]), f"hand {number} taken back")
        except BaseException:
            self.night, self.undo_state = Night.from_json(self._saved["night"]), undo
            raise
        return number

    # ------------------------------------------------------------------ the end

    def end(self) -> CashOut:
        """Settle the evening: everyone stands up with their chips, the cash-out sheet is computed from the
        books and the ledger (they must agree to the chip), and the night is stored as ended.  Raises
        :class:`RoomError` when the chips do not settle (the night then stays running)."""
        self._between()
        carried, seated = self.table.carried, self.night.seats
        if carried and len(seated) == 1:
            # Nobody is left to play the last hand with (A-G1-7): the pot's odd chips go to the one player left.
            last = seated[0]
            self._score({last: carried}, 0, f"the {plural(carried, 'chip')} carried in the pot to {last} (A-G1-7)")
        final = self.stacks()
        sheet = self.night.cash_out_sheet(final)
        at_table = self.table.stacks()
        for name in final:
            if name in at_table:
                self.runner.stand(name)
        for row in sheet.rows:
            held = self.store.balance(self._account(row.name))
            if held != row.chips_out:
                raise RoomError(f"{row.name}: the books say {plural(row.chips_out, 'chip')}, the ledger {held}")
        self.save(status=_nights.ENDED)
        return sheet

    def records(self) -> list[HandRecord]:
        """Every hand dealt at the night's table, in order (voided ones included, with their status)."""
        return [self.store.hand_record(h) for h in _nights.table_hands(self.store, self.runner.table_id)]
