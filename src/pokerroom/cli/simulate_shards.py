"""The shards of a ``pokerroom simulate`` run: the plan, one shard's play, and the merge of their results.

A run's hands are cut into shards of ``shard_hands`` hands each (the last one takes what is left), fixed by the
options alone and never by how many workers play them (:func:`shard_sizes`).  Shard ``i`` plays its hands at a
table of its own, with bots of its own, from a seed of its own derived from the run's ``--seed`` and ``i``
(:func:`shard_seed`: BLAKE2b of both, stable across Python versions, processes and machines; never ``hash()``).
So a seeded run's merged results are the same whether its shards are played one after the other in this
process, by local worker processes or on a Dask cluster.  Without a seed every shard deals from fresh random
seeds.

:func:`play_shard` plays one shard: a picklable top-level function of plain data (:class:`ShardSpec` in,
:class:`ShardResult` out), so a :class:`concurrent.futures.ProcessPoolExecutor` or a Dask worker can run it.
It opens a store of its own, a temporary SQLite file deleted at the end (or the run's ``--database``, where
every shard has its own table), deals every hand through a :class:`~pokerroom.store.runner.TableRunner` as a
real table does, and checks its own chips before it returns: the bots' accounts and the table hold exactly what
the shard deposited, each account moved by its bot's results, the bots' winnings plus the rake plus the chips
still carried are zero, the store's rake is the table's, and (in a store of its own) the whole ledger balances.

:func:`merge` puts the shards' results together in shard order: each bot (a seat label, ``simple-1``) gets the
per-hand results of its seat at every table, one after the other.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError

from pokerroom.bots import label as bot_label
from pokerroom.bots import make
from pokerroom.cli.simulate_rows import hand_rows
from pokerroom.errors import LedgerError, PokerroomError, RoomError, StoreError
from pokerroom.formats.phh import dumps_many
from pokerroom.formats.phh_hand import from_record
from pokerroom.room.record import HandRecord
from pokerroom.room.seeds import derive_seed
from pokerroom.room.table import Table, TableConfig
from pokerroom.store import Store
from pokerroom.store.checks import MAX_CHIPS
from pokerroom.store.runner import Bot, TableRunner, stored_config
from pokerroom.store.schema import balances
from pokerroom.words import plural

__all__ = [
    "DEFAULT_SHARD_HANDS",
    "BotTotals",
    "Merged",
    "SeatResult",
    "ShardResult",
    "ShardSpec",
    "merge",
    "numbered_rows",
    "plan",
    "play_shard",
    "seat_labels",
    "shard_seed",
    "shard_sizes",
    "shard_table",
]

DEFAULT_SHARD_HANDS = 500
"""Hands per shard unless ``--shard-hands`` says otherwise: a table's worth of an evening, long enough that
opening a shard's store costs little beside its hands (about 2 s of play at ~250 hands/s)."""


def shard_seed(seed: int, index: int) -> int:
    """The seed of shard ``index`` (0, 1, ...) of a run seeded with ``seed``
    (:func:`~pokerroom.room.seeds.derive_seed`), the same on every machine and Python version.

    >>> shard_seed(1, 0)
    2370514542463845223
    >>> shard_seed(1, 0) == shard_seed(1, 0) != shard_seed(1, 1)
    True
    """
    if index < 0:
        raise ValueError(f"a shard index is 0 or more, not {index}")
    return derive_seed("pokerroom.simulate", seed, index)


def shard_sizes(hands: int, shard_hands: int) -> list[int]:
    """The hands of each shard: ``shard_hands`` each, the last one what is left.

    >>> shard_sizes(1200, 500)
    [500, 500, 200]
    >>> shard_sizes(40, 500)
    [40]
    """
    if hands < 1 or shard_hands < 1:
        raise ValueError(f"hands and hands per shard are 1 or more, not {hands} and {shard_hands}")
    full, rest = divmod(hands, shard_hands)
    return [shard_hands] * full + ([rest] if rest else [])


def shard_table(run: str, index: int) -> str:
    """The table of shard ``index`` of the run named ``run`` (``simulate-holdem-1a2b3c4d``): shard 0 plays at
    the run's own name, as a one-shard run always has, shard ``i`` at ``RUN-sI``.

    >>> shard_table("simulate-holdem-1a2b3c4d", 0), shard_table("simulate-holdem-1a2b3c4d", 2)
    ('simulate-holdem-1a2b3c4d', 'simulate-holdem-1a2b3c4d-s2')
    """
    return run if index == 0 else f"{run}-s{index}"


def seat_labels(kinds: Sequence[str], players: int) -> list[str]:
    """Each seat's bot label, the bots dealt round the seats: ``simple-1``, ``random-2``, ... (a bot named by
    ``MODULE:CLASS`` or a file is labelled by its class: :func:`pokerroom.bots.label`).

    >>> seat_labels(["simple", "random"], 3)
    ['simple-1', 'random-2', 'simple-3']
    >>> seat_labels(["/home/ann/tag.py:Tag", "calling"], 2)
    ['Tag-1', 'calling-2']
    """
    return [f"{bot_label(kinds[k % len(kinds)])}-{k + 1}" for k in range(players)]


@dataclass(frozen=True)
class ShardSpec:
    """One shard, as plain data (it travels to worker processes and Dask workers).

    ``index``: the shard's number, 0 up; ``hands``: hands to play; ``seed``: the shard's own seed
    (:func:`shard_seed`; ``None``: random cards and bots); ``config``: the table's settings
    (:meth:`TableConfig.to_dict`); ``kinds``: the bot kinds dealt round the ``players`` seats; ``buy_in``: chips
    each bot sits and rebuys with; ``table``: the shard's table name; ``database``: the store's SQLAlchemy URL, or
    ``None`` for a temporary SQLite file of the shard's own; ``check_ledger``: check the whole ledger at the end
    (a store of the shard's own; a shared store is checked once by the run); ``store``: ``False`` plays at a
    table in memory, no database (``--no-store``: chips checked after every hand); ``reset_stacks``: every stack
    set to this many chips before each hand (``--reset-stacks``), else busted and short bots rebuy to the
    buy-in; ``rows``: keep a row per hand and seat (:mod:`~pokerroom.cli.simulate_rows`); ``phh_dir``: write the
    shard's hands as ``TABLE.phhs`` there, ``players`` the bots' labels; ``unit``: the bet unit in chips."""

    index: int
    hands: int
    seed: int | None
    config: dict[str, Any]
    kinds: tuple[str, ...]
    players: int
    buy_in: int
    table: str
    database: str | None = None
    check_ledger: bool = True
    store: bool = True
    reset_stacks: int | None = None
    rows: bool = False
    phh_dir: str | None = None
    unit: int = 1


def plan(
    *,
    hands: int,
    shard_hands: int,
    seed: int | None,
    config: TableConfig,
    kinds: Sequence[str],
    players: int,
    buy_in: int,
    run: str,
    database: str | None,
    store: bool = True,
    reset_stacks: int | None = None,
    rows: bool = False,
    phh_dir: str | None = None,
    unit: int = 1,
) -> list[ShardSpec]:
    """The run's shards in order: sizes from :func:`shard_sizes`, seeds from :func:`shard_seed` (``None``
    without a run seed), tables from :func:`shard_table`; nothing here depends on the number of workers."""
    settings = config.to_dict()
    return [
        ShardSpec(
            index=i,
            hands=size,
            seed=None if seed is None else shard_seed(seed, i),
            config=settings,
            kinds=tuple(kinds),
            players=players,
            buy_in=buy_in,
            table=shard_table(run, i),
            database=database,
            check_ledger=database is None,
            store=store,
            reset_stacks=reset_stacks,
            rows=rows,
            phh_dir=phh_dir,
            unit=unit,
        )
        for i, size in enumerate(shard_sizes(hands, shard_hands))
    ]


@dataclass(frozen=True)
class SeatResult:
    """One seat's bot at one shard's table: its ``label`` (``simple-1``), ``kind``, store account ``name``,
    per-hand ``results`` (chips won or lost in each hand it was dealt), chips ``deposited`` (buy-in and rebuys)
    and ``rebuys``."""

    label: str
    kind: str
    name: str
    results: tuple[int, ...]
    deposited: int
    rebuys: int


@dataclass(frozen=True)
class ShardResult:
    """What one shard did.  ``hands``: hands played (fewer than planned when the table stopped: ``stopped``
    says why); ``seconds``: wall time of its hands; chip figures in chips: ``rake`` the table took, the store's
    rake report for the table (``stored_rake``), chips still ``carried`` in its pot, chips ``deposited`` for its
    bots and ``held`` by their accounts and the table at the end; ``problems``: the store checks that failed
    (none: all passed); ``error``: the store failed and the shard stopped (nothing else is then meaningful);
    ``rows``: a row per hand and seat when the spec asks (:func:`~pokerroom.cli.simulate_rows.hand_rows`)."""

    index: int
    table: str
    hands: int = 0
    seconds: float = 0.0
    seats: tuple[SeatResult, ...] = ()
    rake: int = 0
    stored_rake: int = 0
    carried: int = 0
    deposited: int = 0
    held: int = 0
    problems: tuple[str, ...] = ()
    stopped: str | None = None
    error: str | None = None
    rows: tuple[dict[str, Any], ...] = ()


@dataclass
class _Seat:
    label: str
    kind: str
    name: str
    account: int
    start_balance: int
    results: list[int] = field(default_factory=list)
    deposited: int = 0
    rebuys: int = 0

    def frozen(self) -> SeatResult:
        return SeatResult(self.label, self.kind, self.name, tuple(self.results), self.deposited, self.rebuys)


def play_shard(spec: ShardSpec, on_hand: Callable[[], None] | None = None) -> ShardResult:
    """Play shard ``spec`` through the room and a store (see the module docstring); ``on_hand`` is called after
    each hand (a progress bar in this process).  A store that fails (locked, gone, full) or refuses a figure
    ends the shard with ``error`` set, never an exception, so the error crosses process boundaries as text."""
    try:
        if not spec.store:
            return _play_in_memory(spec, on_hand)
        if spec.database is None:
            with tempfile.TemporaryDirectory(prefix="pokerroom-simulate-") as folder:
                return _open_and_play(f"sqlite:///{Path(folder) / 'simulate.db'}", spec, on_hand)
        return _open_and_play(spec.database, spec, on_hand)
    except (SQLAlchemyError, OverflowError, StoreError, OSError) as exc:
        return ShardResult(spec.index, spec.table, error=str(exc))


def _open_and_play(url: str, spec: ShardSpec, on_hand: Callable[[], None] | None) -> ShardResult:
    with Store(url) as store, TableRunner(store, spec.table, stored_config(spec.config), seed=spec.seed) as runner:
        return _play(store, runner, spec, on_hand)  # the runner holds the table's lease until closed


def _play(store: Store, runner: TableRunner, spec: ShardSpec, on_hand: Callable[[], None] | None) -> ShardResult:
    seats: list[_Seat] = []
    act: dict[str, Bot] = {}
    sit = spec.reset_stacks or spec.buy_in
    for k, label in enumerate(seat_labels(spec.kinds, spec.players)):
        kind = spec.kinds[k % len(spec.kinds)]
        name = f"{spec.table}-{label}"  # the shard's own account: tables sharing a store never share a bot's chips
        try:
            account = store.account_id(name)
        except PokerroomError:
            account = store.create_account(name)
        seat = _Seat(label, kind, name, account, store.balance(account))
        store.deposit(account, sit, memo="simulate: buy-in")
        seat.deposited += sit
        runner.sit(k, name, sit)
        act[name] = make(kind, seed=_bot_seed(spec, k)).act
        seats.append(seat)
    by_name = {s.name: s for s in seats}
    record = _Recorder(spec, seats)
    rake = played = 0
    stopped: str | None = None
    started = time.perf_counter()
    for _ in range(spec.hands):
        try:
            if spec.reset_stacks is not None:
                _reset(runner, store, by_name, spec.reset_stacks)
            else:
                _rebuys(runner, store, by_name, spec.buy_in)
            result: HandRecord = runner.play_hand(act)  # the deck from the table's seed: the shard's
        except RoomError as exc:
            stopped = str(exc)
            break
        played += 1
        rake += result.rake
        record.hand(result, played, by_name)
        if on_hand is not None:
            on_hand()
    seconds = time.perf_counter() - started
    runner.stand_all()
    record.close()
    return replace(_checked(store, runner, spec, seats, played, seconds, rake, stopped), rows=tuple(record.rows))


def _bot_seed(spec: ShardSpec, k: int) -> int | None:
    return None if spec.seed is None else spec.seed * 100 + k


def _reset(runner: TableRunner, store: Store, seats: dict[str, _Seat], chips: int) -> None:
    """Every bot's stack set to ``chips`` (``--reset-stacks``); what a bot lacks is deposited first."""
    for name, stack in runner.table.stacks().items():
        if stack == chips:
            continue
        seat = seats[name]
        if chips > stack:
            _more_chips(seats.values(), chips - stack)
            store.deposit(seat.account, chips - stack, memo="simulate: reset")
            seat.deposited += chips - stack
        runner.reset_stack(name, chips)


class _Recorder:
    """A shard's per-hand results, and its rows and PHH file when its spec asks for them."""

    def __init__(self, spec: ShardSpec, seats: Sequence[_Seat]) -> None:
        self.spec = spec
        self.rows: list[dict[str, Any]] = []
        self.labels = {s.name: s.label for s in seats}
        self.kinds = {s.name: s.kind for s in seats}
        self.game = str(spec.config["game"])
        self.phh: Any = None
        if spec.phh_dir is not None:
            folder = Path(spec.phh_dir)
            folder.mkdir(parents=True, exist_ok=True)
            self.phh = (folder / f"{spec.table}.phhs").open("w", encoding="utf-8")
        self.written = 0

    def hand(self, record: HandRecord, number: int, seats: dict[str, _Seat]) -> None:
        """Hand ``number`` of the shard: each seat's result counted, its rows and PHH written when asked."""
        for (_seat, name), first, last in zip(record.players, record.starting, record.final, strict=True):
            seats[name].results.append(last - first)
        if self.spec.rows:  # numbered within the shard; the run numbers them in shard order when it writes them
            self.rows.extend(
                hand_rows(
                    record, game=self.game, shard=self.spec.index, hand=number, labels=self.labels,
                    kinds=self.kinds, unit=self.spec.unit,
                )
            )  # fmt: skip
        if self.phh is not None:
            phh = from_record(record)
            phh = replace(phh, players=tuple(self.labels.get(n, n) for n in phh.players or ()), label=str(number))
            if self.written:
                self.phh.write("\n")
            self.phh.write(dumps_many([phh]))
            self.written += 1

    def close(self) -> None:
        if self.phh is not None:
            self.phh.close()


def _play_in_memory(spec: ShardSpec, on_hand: Callable[[], None] | None) -> ShardResult:
    """The ``--no-store`` shard: the same table, bots and deck as :func:`_play` at a table in memory; after every
    hand the chips are checked: the stacks, the carried chips, the rake and the chips resets took off equal what
    was deposited."""
    table = Table(stored_config(spec.config), seed=spec.seed, name=spec.table)
    seats: list[_Seat] = []
    bots: dict[str, Bot] = {}
    sit = spec.reset_stacks or spec.buy_in
    for k, label in enumerate(seat_labels(spec.kinds, spec.players)):
        kind = spec.kinds[k % len(spec.kinds)]
        name = f"{spec.table}-{label}"
        table.sit(k, name, sit)
        seat = _Seat(label, kind, name, account=-1, start_balance=0, deposited=sit)
        bots[name] = make(kind, seed=_bot_seed(spec, k)).act
        seats.append(seat)
    by_name = {s.name: s for s in seats}
    record = _Recorder(spec, seats)
    rake = played = cashed = 0
    stopped: str | None = None
    problems: list[str] = []
    started = time.perf_counter()
    for _ in range(spec.hands):
        try:
            for name, stack in table.stacks().items():
                seat = by_name[name]
                if spec.reset_stacks is not None:
                    _more_chips(seats, spec.reset_stacks - stack)
                    change = table.reset_stack(name, spec.reset_stacks)
                    seat.deposited += max(change, 0)  # as through the store: chips taken off go to the account
                    cashed += max(-change, 0)
                elif want := _rebuy(table, name, stack, spec.buy_in):
                    _more_chips(seats, want)
                    table.add_chips(name, want)
                    seat.deposited += want
                    seat.rebuys += 1
            result = table.play_bots(bots)
        except RoomError as exc:
            stopped = str(exc)
            break
        played += 1
        rake += result.rake
        record.hand(result, played, by_name)
        held = table.total_chips() + rake + cashed
        deposited = sum(s.deposited for s in seats)
        if held != deposited:  # the fast path's check, after every hand
            problems.append(
                f"after hand {played}: the table holds {table.total_chips()}, the rake {rake} and {cashed} were "
                f"taken off by resets: {held}, not the {deposited} deposited"
            )
            break
        if on_hand is not None:
            on_hand()
    seconds = time.perf_counter() - started
    record.close()
    deposited = sum(s.deposited for s in seats)
    won = sum(sum(s.results) for s in seats)
    if won + rake + table.carried != 0:
        problems.append(f"the bots won {won}, the rake is {rake} and {table.carried} carried: not zero")
    return ShardResult(
        index=spec.index, table=spec.table, hands=played, seconds=seconds, seats=tuple(s.frozen() for s in seats),
        rake=rake, stored_rake=rake, carried=table.carried, deposited=deposited,
        held=table.total_chips() + rake + cashed, problems=tuple(problems), stopped=stopped,
        rows=tuple(record.rows),
    )  # fmt: skip


def _rebuy(table: Table, name: str, stack: int, buy_in: int) -> int:
    """The chips a bot rebuys before the next hand: back up to the buy-in when busted or below the table's
    minimum stack, within the table's rebuy cap; 0 for none."""
    if stack >= table.min_stack:
        return 0
    want = buy_in - stack
    most = table.max_rebuy(name)
    return max(0, want if most is None else min(want, most))


def _more_chips(seats: Iterable[_Seat], more: int) -> None:
    """RoomError (the shard stops, as when its table stops) when depositing ``more`` chips would take what the
    shard's bots deposited past :data:`~pokerroom.store.checks.MAX_CHIPS`, which no store balance may pass: at stakes
    near the limit, rebuys reach it (refused before the deposit, so the fast path stops where the store would)."""
    deposited = sum(s.deposited for s in seats)
    if more > 0 and deposited + more > MAX_CHIPS:
        raise RoomError(
            f"depositing {plural(more, 'chip')} more would take the {deposited} deposited past "
            f"{plural(MAX_CHIPS, 'chip')} (2**53, the store's limit)"
        )


def _rebuys(runner: TableRunner, store: Store, seats: dict[str, _Seat], buy_in: int) -> None:
    """Busted bots, and bots below the table's minimum stack, buy back up to the buy-in (deposited first)."""
    for name, stack in runner.table.stacks().items():
        want = _rebuy(runner.table, name, stack, buy_in)
        if want:
            seat = seats[name]
            _more_chips(seats.values(), want)
            store.deposit(seat.account, want, memo="simulate: rebuy")
            seat.deposited += want
            seat.rebuys += 1
            runner.rebuy(name, want)


def _checked(
    store: Store,
    runner: TableRunner,
    spec: ShardSpec,
    seats: Sequence[_Seat],
    played: int,
    seconds: float,
    rake: int,
    stopped: str | None,
) -> ShardResult:
    """The shard's result with its store checks (see the module docstring)."""
    problems: list[str] = []
    if spec.check_ledger:
        try:
            store.check_balanced()
        except LedgerError as exc:
            problems.append(str(exc))
    stored_rake = sum(row.rake for row in store.rake_report(by="table") if row.table == runner.table_id)
    # This shard's chips only (other shards and runs may share the store, even now): what its accounts gained and
    # what its table holds (stacks, pot, carried chips, rake) against what it deposited.
    deposited = sum(s.deposited for s in seats)
    gained = sum(store.balance(s.account) - s.start_balance for s in seats)
    at_table = _table_chips(store, runner.table_id)
    held = gained + at_table
    if held != deposited:
        problems.append(
            f"the accounts gained {plural(gained, 'chip')} and the table holds {at_table}: {held}, "
            f"not the {deposited} deposited"
        )
    if stored_rake != rake:
        problems.append(f"the store's rake {stored_rake} is not the table's {rake}")
    carried = store.carried(runner.table_id)
    for s in seats:
        moved = store.balance(s.account) - s.start_balance - s.deposited
        if moved != sum(s.results):
            problems.append(f"{s.name}'s account moved by {moved}, its hands add up to {sum(s.results)}")
    won = sum(sum(s.results) for s in seats)
    if won + rake + carried != 0:
        problems.append(f"the bots won {won}, the rake is {rake} and {plural(carried, 'chip')} carried: not zero")
    return ShardResult(
        index=spec.index,
        table=spec.table,
        hands=played,
        seconds=seconds,
        seats=tuple(s.frozen() for s in seats),
        rake=rake,
        stored_rake=stored_rake,
        carried=carried,
        deposited=deposited,
        held=held,
        problems=tuple(problems),
        stopped=stopped,
    )


def _table_chips(store: Store, table_id: int) -> int:
    """Every chip the ledger holds at table ``table_id``: stacks, pot, carried chips and rake."""
    query = select(func.coalesce(func.sum(balances.c.balance), 0)).where(balances.c.table_id == table_id)
    with store.engine.connect() as conn:
        return int(conn.execute(query).scalar_one())


@dataclass
class BotTotals:
    """One bot (a seat label) over every shard: ``kind``, per-hand ``results`` in shard order, ``rebuys`` and
    chips ``deposited``."""

    label: str
    kind: str
    results: list[int] = field(default_factory=list)
    rebuys: int = 0
    deposited: int = 0


@dataclass
class Merged:
    """A run's shards together: ``bots`` in seat order, ``hands`` played, chips of ``rake``, ``stored_rake``,
    ``carried``, ``deposited`` and ``held`` summed over the tables, ``tables`` in shard order, ``seconds`` (the
    shards' hands one after the other: CPU-side time, not the run's wall time), ``problems`` of the store checks
    (each naming its table when there are several) and ``stopped``: the tables that stopped early, with why."""

    bots: list[BotTotals] = field(default_factory=list)
    hands: int = 0
    rake: int = 0
    stored_rake: int = 0
    carried: int = 0
    deposited: int = 0
    held: int = 0
    tables: list[str] = field(default_factory=list)
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    stopped: list[str] = field(default_factory=list)

    @property
    def won(self) -> int:
        """Chips the bots won together (minus the rake and the chips still carried, when all is well)."""
        return sum(sum(b.results) for b in self.bots)


def numbered_rows(results: Iterable[ShardResult]) -> list[dict[str, Any]]:
    """Every shard's rows in shard order, ``hand`` renumbered through the run (1 up): a shard's hand ``k`` is
    the hands of the shards before it plus ``k``."""
    out: list[dict[str, Any]] = []
    before = 0
    for r in sorted(results, key=lambda r: r.index):
        out.extend({**row, "hand": before + row["hand"]} for row in r.rows)
        before += r.hands
    return out


def merge(results: Iterable[ShardResult]) -> Merged:
    """The shards' ``results`` (in shard order; sorted here by index all the same) as one run; the bots merge
    by label.  Shards that failed (``error``) must be left out by the caller."""
    ordered = sorted(results, key=lambda r: r.index)
    merged = Merged()
    by_label: dict[str, BotTotals] = {}
    several = len(ordered) > 1
    for r in ordered:
        if r.error is not None:
            raise ValueError(f"shard {r.index} failed ({r.error}); its results cannot be merged")
        merged.hands += r.hands
        merged.rake += r.rake
        merged.stored_rake += r.stored_rake
        merged.carried += r.carried
        merged.deposited += r.deposited
        merged.held += r.held
        merged.seconds += r.seconds
        merged.tables.append(r.table)
        merged.problems.extend(f"{r.table}: {p}" if several else p for p in r.problems)
        if r.stopped is not None:
            merged.stopped.append(f"{r.table} stopped after {plural(r.hands, 'hand')}: {r.stopped}")
        for seat in r.seats:
            bot = by_label.get(seat.label)
            if bot is None:
                bot = by_label[seat.label] = BotTotals(seat.label, seat.kind)
                merged.bots.append(bot)
            bot.results.extend(seat.results)
            bot.rebuys += seat.rebuys
            bot.deposited += seat.deposited
    return merged
