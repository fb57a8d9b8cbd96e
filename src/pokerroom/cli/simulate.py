"""``pokerroom simulate GAME``: bots play many hands through the room and the store, at one table or many.

Every hand goes the way a real one does: :class:`~pokerroom.store.runner.TableRunner` deals it at a
:class:`~pokerroom.room.table.Table`, journals each action in the :class:`~pokerroom.store.Store` before applying
it and settles the finished hand in the double-entry ledger (with the rake at ``--real-money`` tables, RULES
§3.10).  Each bot has an account; chips come in by deposits (the buy-in, and a rebuy when a bot is busted or below
the table's minimum stack) and go back to the accounts when the table closes.

Shards: the run's ``--hands`` are cut into shards of ``--shard-hands`` hands (default
:data:`~pokerroom.cli.simulate_shards.DEFAULT_SHARD_HANDS`, 500; the last shard takes what is left).  Shard ``i``
(0 up) plays at a table of its own with bots of its own, dealt from a seed of its own derived from ``--seed`` and
``i`` (:func:`~pokerroom.cli.simulate_shards.shard_seed`, BLAKE2b); its bots are seeded from that seed too.  The
shards are fixed by ``--hands``, ``--shard-hands`` and ``--seed`` alone, so with a seed the merged results (each
bot's hands, rebuys, chips won, intervals; the rake; the hands) are the same whoever plays the shards:

* ``--workers 1`` (the default): one shard after the other, in this process;
* ``--workers N``: N local processes (:class:`~concurrent.futures.ProcessPoolExecutor`, started by a forkserver);
* ``--dask ADDRESS`` (``tcp://HOST:8786``): one task per shard on that Dask distributed scheduler's workers,
  gathered in shard order; it needs ``pip install 'pokerroom[cluster]'`` (exit 2 without it) and refuses an
  address that is not one or where no scheduler answers within ``--dask-timeout`` seconds (exit 2).  ``--workers``
  and ``--dask`` together are refused: the cluster's workers are the workers.

A different ``--shard-hands`` is a different experiment (other tables, other seeds); without ``--seed`` every
shard deals from fresh random seeds.  See :mod:`pokerroom.cli.simulate_shards` for the shard model and
:mod:`pokerroom.cli.simulate_pool` for where shards run.

The report: per bot (a seat's label, ``simple-1``, merged over every table) the hands played, chips won, chips won
per 100 hands and, at blind games, big blinds per 100 hands, each with a 95% confidence interval (normal
approximation from the per-hand results: mean ± 1.96·sd/√n, scaled to 100 hands); then hands per second (wall
time of the shards), the rake, and the store's checks: every shard checks its own chips (its bots' accounts and
its table hold the chips it deposited, each bot's account moved by exactly its results, the bots' winnings plus
the rake plus the chips carried are zero, the store's rake is the table's) and the ledger balances
(:meth:`Store.check_balanced`: each shard's own store, or the shared ``--database`` once at the end).  Exit code 1
when a check fails.  ``--json`` prints the same merged results as JSON on stdout instead (its ``run`` part, the
tables and the timing, is the only part that differs between runs with the same seed).

Each shard plays a table of its own: shard 0 at ``simulate-GAME-XXXXXXXX`` (a one-shard run's only table), shard
``i`` at ``simulate-GAME-XXXXXXXX-sI``, with accounts of its own for its bots, named after the table
(``simulate-holdem-1a2b3c4d-simple-1``), so runs and shards sharing a store (one after the other or at the same
time) never mix their chips; the results table shows the bots' short names (``simple-1``).

``--stakes SMALL/BIG`` means what it means to ``pokerroom play`` (the table's ``stakes``, read by
:func:`pokerroom.games.stakes.table_stakes`): the blinds at no, pot and half-pot limit, the small and big bet at
fixed limit (blinds half the small bet and the small bet) and in stud; ``--limit`` picks the betting structure
and ``--buy-in`` the chips each bot sits (and rebuys) with, inside the table's range; ``--rule NAME=VALUE`` sets
a house rule as ``pokerroom play`` does (:func:`pokerroom.cli.rules.parse_rule`).  The header prints the betting
structure and the forced bets actually in use, and the house rules changed.  Home games (the club's) are never
raked, even at ``--real-money`` (RULES §3.10).

``--database`` takes a SQLAlchemy URL (``sqlite:///path/to/file.db``, ``postgresql+psycopg://user@host/db``)
that every shard writes to (with ``--dask``, one each worker reaches: PostgreSQL, or a SQLite file on a path they
share; SQLite writers wait up to 10 s for each other, ``busy_timeout``); hands a crashed run left in progress
there are voided and refunded first (RULES §3.8, as ``pokerroom recover``).  Without ``--database`` each shard's
store is a temporary SQLite file, deleted when the shard ends.  A ``--database`` that is not a pokerroom store
(another program's SQLite file) or has no driver is refused (exit 2), as are stakes or a buy-in above
:data:`MAX_CHIPS`; a database error during the run, or a worker process lost, ends it with the reason (exit 1),
never a traceback.
"""

from __future__ import annotations

import contextlib
import json
import math
import statistics
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table as RichTable
from sqlalchemy.exc import SQLAlchemyError

from pokerroom.cli.bot_option import BOT_HELP, bot_specs
from pokerroom.cli.database import shown_url
from pokerroom.cli.recover import describe, recover_all
from pokerroom.cli.report import open_store
from pokerroom.cli.rules import format_value, parse_rule
from pokerroom.cli.simulate_pool import (
    CLUSTER_HINT,
    ClusterError,
    connect,
    run_dask,
    run_in_process,
    run_processes,
    workers_of,
)
from pokerroom.cli.simulate_rows import check_rows_path, write_rows
from pokerroom.cli.simulate_shards import (
    DEFAULT_SHARD_HANDS,
    Merged,
    ShardResult,
    ShardSpec,
    merge,
    numbered_rows,
    plan,
    seat_labels,
)
from pokerroom.errors import LedgerError, PokerroomError, StoreError
from pokerroom.games import Game, find
from pokerroom.games.stakes import Stakes, parse_stakes
from pokerroom.room.table import Table, TableConfig
from pokerroom.stats.report import interval as per_100
from pokerroom.store import Store
from pokerroom.store.checks import MAX_CHIPS  # the most chips a blind, a bet or the buy-ins together may be
from pokerroom.words import plural

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["LIMITS", "MAX_CHIPS", "interval", "simulate"]



def interval(results: Sequence[int], unit: int = 1) -> tuple[float, float]:
    """Chips (or ``unit``\\s, e.g. big blinds) won per 100 hands from per-hand ``results``, with the half-width of
    its 95% confidence interval (:func:`pokerroom.stats.report.interval`: the normal approximation).  No hands:
    (0, inf); one hand: an infinite half-width.

    >>> mean, half = interval([10, -10, 10, -10])
    >>> mean, round(half, 1)
    (0.0, 1131.6)
    """
    values = [x / unit for x in results]
    mean = statistics.fmean(values) if values else 0.0
    return per_100(len(values), mean, sum((x - mean) ** 2 for x in values))


def _fmt(value: tuple[float, float]) -> str:
    mean, half = value
    if math.isinf(half):
        return f"{mean:+.1f}"
    return f"{mean:+.1f} ± {half:.1f}"


LIMITS = ("no", "pot", "half-pot", "fixed", "spread")
"""The betting structures ``--limit`` takes."""


def _rules(game: Game, texts: Sequence[str]) -> dict[str, object]:
    """``--rule NAME=VALUE`` options as ``pokerroom play`` reads them (:func:`pokerroom.cli.rules.parse_rule`),
    checked against the game; refused (exit 2) naming the game's house rules."""
    try:
        rules = dict(parse_rule(game, text) for text in texts)
        game.with_rules(**rules)
    except PokerroomError as exc:
        raise typer.BadParameter(str(exc), param_hint="--rule") from None
    return rules


def _config(
    game: Game,
    stakes: str | None,
    limit: str | None,
    seats: int,
    real_money: bool,
    rules: dict[str, object] | None = None,
) -> TableConfig:
    """The table's settings from the options: ``--stakes`` in ``pokerroom play``'s notation (the blinds at no
    and pot limit, the small/big bet at fixed limit and in stud: :func:`pokerroom.games.stakes.table_stakes`)
    and the house ``rules``, passed through :class:`TableConfig` so both commands mean the same; refused
    (exit 2) when no table could play them."""
    if stakes is not None:
        try:
            small, big = parse_stakes(stakes)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--stakes") from None
        if big > MAX_CHIPS:
            raise typer.BadParameter(
                f"stakes {stakes!r}: at most {MAX_CHIPS} chips (2**53, the store's limit)", param_hint="--stakes"
            )
        stakes = f"{small}/{big}"
    if limit is not None and limit.lower() not in LIMITS:
        raise typer.BadParameter(f"unknown limit {limit!r}; limits: {', '.join(LIMITS)}", param_hint="--limit")
    hint = "--stakes/--limit" if limit is not None else "--stakes"
    if rules:
        hint += "/--rule"
    try:
        config = TableConfig(
            game.id,
            rules=dict(rules or {}),
            stakes=stakes,
            limit=None if limit is None else limit.lower(),
            seats=seats,
            real_money=real_money,
        )
        Table(config)  # settings no hand could be dealt with are refused now
    except PokerroomError as exc:
        raise typer.BadParameter(str(exc), param_hint=hint) from None
    return config


def _check_buy_in(config: TableConfig, players: int, chips: int | None) -> int:
    """The chips each bot buys in with (``--buy-in``, else the table's default); refused (exit 2) outside the
    table's buy-in range or when every bot's buy-in together exceeds :data:`MAX_CHIPS`."""
    try:
        table = Table(config)
    except PokerroomError as exc:
        raise typer.BadParameter(str(exc), param_hint="--stakes") from None
    hint = "--buy-in" if chips is not None else "--stakes"
    if chips is not None:
        allowed = table.buy_in
        if chips > MAX_CHIPS or chips < allowed.minimum or (allowed.maximum is not None and chips > allowed.maximum):
            raise typer.BadParameter(
                f"{plural(chips, 'chip')} is outside this table's buy-in range: {allowed.describe()} (RULES §3.3)",
                param_hint="--buy-in",
            )
        buy_in = chips
    else:
        buy_in = table.default_buy_in()
    if buy_in * players > MAX_CHIPS:
        raise typer.BadParameter(
            f"the buy-in would be {plural(buy_in, 'chip')} a bot, {buy_in * players} for {players} bots: more than "
            f"{MAX_CHIPS} chips (2**53, the store's limit); choose smaller stakes",
            param_hint=hint,
        )
    return buy_in


def simulate(
    game: Annotated[str, typer.Argument(help="The game id or alias (pokerroom games lists them).")],
    players: Annotated[int, typer.Option("--players", "-n", help="Bots at the table.")] = 6,
    hands: Annotated[int, typer.Option("--hands", help="Hands to play.", min=1)] = 1000,
    bots: Annotated[
        list[str] | None,
        typer.Option("--bots", help=f"Bots round the seats, comma-separated: {BOT_HELP} (default simple)."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the cards and the bots.")] = None,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            help="The store's SQLAlchemy URL, sqlite:///FILE or postgresql+psycopg://USER@HOST/DB (default: a "
            "temporary SQLite file per shard); hands a crashed run left in progress there are voided first.",
        ),
    ] = None,
    real_money: Annotated[
        bool, typer.Option("--real-money", help="A real-money table: raked (RULES §3.10; home games never are).")
    ] = False,
    stakes: Annotated[
        str | None,
        typer.Option(
            help="SMALL/BIG as in pokerroom play: the blinds at no and pot limit, the small/big bet at fixed limit "
            "and in stud (default: the game's own)."
        ),
    ] = None,
    limit: Annotated[
        str | None, typer.Option("--limit", help=f"Betting structure: {'|'.join(LIMITS)} (default: the game's).")
    ] = None,
    buy_in: Annotated[
        int | None,
        typer.Option("--buy-in", help="Chips each bot buys in (and rebuys) with (default: the table's).", min=1),
    ] = None,
    shard_hands: Annotated[
        int,
        typer.Option(
            "--shard-hands",
            help="Hands per shard: each shard plays at a table of its own from a seed of its own (part of what "
            "a seed reproduces; the worker count is not).",
            min=1,
        ),
    ] = DEFAULT_SHARD_HANDS,
    workers: Annotated[
        int | None,
        typer.Option("--workers", help="Local worker processes playing the shards (default 1: this process).", min=1),
    ] = None,
    dask: Annotated[
        str | None,
        typer.Option(
            "--dask",
            metavar="ADDRESS",
            help="Play the shards on the Dask scheduler at ADDRESS (tcp://HOST:8786); needs "
            f"{escape(CLUSTER_HINT)}.",  # help is Rich markup: [cluster] is no style
        ),
    ] = None,
    dask_timeout: Annotated[
        float, typer.Option("--dask-timeout", help="Seconds to wait for the Dask scheduler to answer.", min=0.1)
    ] = 10.0,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the merged results as JSON on stdout (and nothing else there).")
    ] = False,
    rule: Annotated[
        list[str] | None,
        typer.Option("--rule", help="A house rule NAME=VALUE (repeatable; pokerroom rules GAME lists them)."),
    ] = None,
    hands_out: Annotated[
        Path | None,
        typer.Option(
            "--hands-out",
            help="Write a row per hand and seat (cards, actions, net in chips and bet units) to FILE: .csv or "
            ".parquet.",
        ),
    ] = None,
    phh_dir: Annotated[
        Path | None,
        typer.Option("--phh", help="Write the hands as PHH to DIR, a TABLE.phhs file per shard, players named."),
    ] = None,
    reset_stacks: Annotated[
        str | None,
        typer.Option(
            "--reset-stacks",
            help="Before every hand set each stack to this: chips (5000) or bet units (100bb); default: stacks "
            "carry over, busted bots rebuy.",
        ),
    ] = None,
    no_store: Annotated[
        bool,
        typer.Option(
            "--no-store",
            help="Play at tables in memory, without a database (faster); chips are checked after every hand.",
        ),
    ] = False,
) -> None:
    """Bots play tables for many hands through the room and the store; results per bot with 95% intervals."""
    try:
        chosen = find(game)
    except PokerroomError as exc:
        raise typer.BadParameter(str(exc), param_hint="GAME") from None
    if not chosen.min_players <= players <= chosen.max_players:
        raise typer.BadParameter(
            f"{chosen.id} seats {chosen.min_players} to {chosen.max_players} players, not {players}",
            param_hint="--players",
        )
    if workers is not None and dask is not None:
        raise typer.BadParameter(
            "--workers runs local processes and --dask the cluster's workers: give one of them", param_hint="--workers"
        )
    if no_store and database is not None:
        raise typer.BadParameter("--no-store plays without a database: drop --database", param_hint="--no-store")
    kinds = bot_specs(bots or ["simple"])
    config = _config(chosen, stakes, limit, players, real_money, _rules(chosen, rule or []))
    chips = _check_buy_in(config, players, buy_in)
    unit = Table(config).stakes.bet_unit
    reset = None if reset_stacks is None else _reset_chips(reset_stacks, unit, players)
    if hands_out is not None:
        try:
            check_rows_path(hands_out)
        except PokerroomError as exc:
            raise typer.BadParameter(str(exc), param_hint="--hands-out") from None
    setup = _Setup(
        chosen, config, kinds, players, hands, seed, chips, shard_hands, workers or 1, dask, not no_store, reset,
        hands_out, None if phh_dir is None else phh_dir.expanduser().resolve(), unit,
    )  # fmt: skip
    out = Console(highlight=False, soft_wrap=True, stderr=as_json)  # --json: stdout holds the JSON alone
    with contextlib.ExitStack() as stack:
        client = None
        if dask is not None:
            try:
                client = connect(dask, timeout=dask_timeout)
            except ClusterError as exc:
                raise typer.BadParameter(str(exc), param_hint="--dask") from None
            stack.callback(client.close)
        store = None if database is None else open_store(database, create=True)  # exit 2: not pokerroom's
        if store is not None:
            stack.callback(store.close)
        try:
            if store is not None:
                for line in describe(recover_all(store)):  # a crashed run's hands in progress (RULES §3.8)
                    out.print(f"Recovery: {line}", markup=False)
            code = _run(setup, store, database, client, out, as_json)
        except (SQLAlchemyError, OverflowError, StoreError, ClusterError) as exc:
            # The CLI's boundary: a database that fails (locked, gone, full) or refuses a figure, or workers that
            # are lost, end the run with the reason, never a traceback.
            what = "the workers failed" if isinstance(exc, ClusterError) else "the store failed"
            _error(f"{what}, the run stops: {exc}")
            code = 1
    if code:
        raise typer.Exit(code)


@dataclass(frozen=True)
class _Setup:
    """The run as the options gave it (checked)."""

    game: Game
    config: TableConfig
    kinds: list[str]
    players: int
    hands: int
    seed: int | None
    buy_in: int
    shard_hands: int
    workers: int
    dask: str | None
    store: bool = True
    reset_stacks: int | None = None
    hands_out: Path | None = None
    phh_dir: Path | None = None
    unit: int = 1


def _reset_chips(text: str, unit: int, players: int) -> int:
    """``--reset-stacks``: whole chips, or bet units with ``bb`` (``100bb``: 100 big blinds, or small bets in stud
    and fixed limit); refused (exit 2) unless positive and within :data:`MAX_CHIPS` for every bot together."""
    raw = text.strip().lower()
    units = raw.endswith("bb")
    number = raw[:-2].strip() if units else raw
    if not number.isdigit() or int(number) < 1:
        raise typer.BadParameter(
            f"{text!r}: a whole number of chips (5000) or of bet units (100bb), above 0", param_hint="--reset-stacks"
        )
    chips = int(number) * (unit if units else 1)
    if chips * players > MAX_CHIPS:
        raise typer.BadParameter(f"{text!r}: more than {MAX_CHIPS} chips at the table", param_hint="--reset-stacks")
    return chips


def _error(message: str) -> None:
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {message}", style="red", markup=False)


def _run(
    setup: _Setup, store: Store | None, database: str | None, client: Client | None, out: Console, as_json: bool
) -> int:
    """Plan the shards, play them where the options say, merge and report; the exit code."""
    run = f"simulate-{setup.game.id}-{uuid.uuid4().hex[:8]}"
    specs = plan(
        hands=setup.hands,
        shard_hands=setup.shard_hands,
        seed=setup.seed,
        config=setup.config,
        kinds=setup.kinds,
        players=setup.players,
        buy_in=setup.buy_in,
        run=run,
        database=database,
        store=setup.store,
        reset_stacks=setup.reset_stacks,
        rows=setup.hands_out is not None,
        phh_dir=None if setup.phh_dir is None else str(setup.phh_dir),
        unit=setup.unit,
    )
    if client is not None:
        count = plural(workers_of(client), "Dask worker")
        place, how = f"on the Dask cluster at {setup.dask} ({count} now)", count
    elif setup.workers > 1:
        n = min(setup.workers, len(specs))
        count = plural(n, "worker process", "worker processes")
        place, how = f"by {count}", count
    else:
        place, how = "in this process", "in this process"
    table = Table(setup.config)
    if not as_json:
        _header(setup, specs, run, place, store, table, out)
    started = time.perf_counter()
    results = _play(setup, specs, client)
    seconds = time.perf_counter() - started
    failed = [r for r in results if r.error is not None]
    if failed:
        _error(f"the store failed, the run stops: {failed[0].error}")
        return 1
    merged = merge(results)
    if store is not None:  # a shared store: its whole ledger checked once, now that every shard is done
        try:
            store.check_balanced()
        except LedgerError as exc:
            merged.problems.insert(0, str(exc))
    written = None if setup.hands_out is None else write_rows(setup.hands_out, numbered_rows(results))
    if as_json:
        typer.echo(json.dumps(_as_json(setup, merged, table, seconds, how), indent=2))
    else:
        _report(merged, table.stakes, seconds, how, setup, database is not None, out)
        if written is not None:
            out.print(f"Rows: {plural(written, 'row')} (a hand and seat each) in {setup.hands_out}", markup=False)
        if setup.phh_dir is not None:
            out.print(f"PHH: {plural(len(specs), 'file')} (a shard each) in {setup.phh_dir}", markup=False)
    return 1 if merged.problems else 0


def _header(
    setup: _Setup, specs: Sequence[ShardSpec], run: str, place: str, store: Store | None, table: Table, out: Console
) -> None:
    labels = seat_labels(setup.kinds, setup.players)
    if not setup.config.real_money:
        money = "play money (no rake)"
    elif setup.game.house.home_game:
        money = "real money, but a home game: never raked (RULES §3.10)"
    else:
        money = "real money (raked)"
    out.print(
        f"{setup.game.name}: {setup.players} bots ({', '.join(labels)}), {table.stakes.betting.describe()}, "
        f"{table.stakes.describe()}, buy-in {plural(setup.buy_in, 'chip')}, {money}; "
        f"{plural(setup.hands, 'hand')}{'' if setup.seed is None else f', seed {setup.seed}'}.",
        markup=False,
    )
    changed = table.game.changed_rules()
    if changed:
        out.print("House rules: " + ", ".join(f"{k}={format_value(v)}" for k, v in changed.items()), markup=False)
    n = len(specs)
    last = f" (the last {specs[-1].hands})" if n > 1 and specs[-1].hands != specs[0].hands else ""
    each = ", each at a table of its own," if n > 1 else ","
    shards = f"{plural(n, 'shard')} of {plural(specs[0].hands, 'hand')}{last}{each}"
    out.print(f"Shards: {shards} played {place}.", markup=False)
    if store is not None:
        out.print(f"Store: {shown_url(str(store.engine.url))}", markup=False)
    else:
        each = " per shard" if n > 1 else ""
        out.print(f"Store: a temporary SQLite file{each}, deleted at the end; --database keeps one", markup=False)
    if n == 1:
        tables = f"Table {run}; the bots' accounts: {run}-BOT"
    else:
        others = ", ".join(s.table for s in specs[1:]) if n <= 3 else f"{specs[1].table} to {specs[-1].table}"
        tables = f"Tables {run} (shard 0), {others}"
        tables += "; the bots' accounts: TABLE-BOT"
    out.print(f"{tables} ({run}-{labels[0]}, ...).", markup=False)


def _play(setup: _Setup, specs: Sequence[ShardSpec], client: Client | None) -> list[ShardResult]:
    """The shards played where the options say, with a progress bar of hands (and shards) on a terminal's
    stderr."""
    bar = Console(stderr=True)
    sizes = {s.index: s.hands for s in specs}
    done: list[int] = []
    with Progress(
        TextColumn("[bold]hands"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[shards]}"),
        TimeRemainingColumn(),
        console=bar,
        transient=True,
        disable=not bar.is_terminal,  # the bar on a terminal's stderr only; stdout keeps the report
    ) as progress:
        task = progress.add_task("hands", total=setup.hands, shards=f"0/{len(specs)} shards")

        def on_hand() -> None:
            progress.advance(task)

        def on_shard(result: ShardResult) -> None:
            done.append(sizes[result.index])
            progress.update(task, completed=sum(done), shards=f"{len(done)}/{len(specs)} shards")

        if client is not None:
            return run_dask(specs, client, on_shard=on_shard)
        if setup.workers > 1:
            return run_processes(specs, setup.workers, on_shard=on_shard)
        return run_in_process(specs, on_hand=on_hand, on_shard=on_shard)


def _unit_label(stakes: Stakes) -> str:
    """The bet unit's short name in a column: BB (big blind), SB (small bet) or bet."""
    return {"big blind": "BB", "small bet": "SB"}.get(stakes.bet_unit_name, "bet")


def _report(
    merged: Merged, stakes: Stakes, seconds: float, how: str, setup: _Setup, shared: bool, console: Console
) -> None:
    played = merged.hands
    big = stakes.bet_unit
    short = _unit_label(stakes)
    for line in merged.stopped:
        console.print(f"Stopped: {line}", style="red", markup=False)
    title = f"Results after {plural(played, 'hand')} ({short} = {stakes.bet_unit_name} = {plural(big, 'chip')})"
    out = RichTable(title=title, title_justify="left")
    out.add_column("Bot")
    out.add_column("Hands", justify="right")
    out.add_column("Rebuys", justify="right")
    out.add_column("Chips won", justify="right")
    out.add_column("Chips/100 (95% CI)", justify="right")
    out.add_column(f"{short}/100 (95% CI)", justify="right")
    for b in merged.bots:
        row = [b.label, str(len(b.results)), str(b.rebuys), f"{sum(b.results):+d}", _fmt(interval(b.results))]
        row.append(_fmt(interval(b.results, big)))
        out.add_row(*row)
    console.print(out)
    rate = played / seconds if seconds > 0 else math.inf
    path = "through the store" if setup.store else "in memory, no store"
    console.print(f"Speed: {plural(played, 'hand')} in {seconds:.1f} s, {rate:.0f} hands/s ({path}, {how}).")
    report = f" (the store's rake report: {merged.stored_rake})" if setup.store else ""
    console.print(f"Rake: {plural(merged.rake, 'chip')} taken in {plural(played, 'hand')}{report}.")
    if merged.problems:
        console.print("Store check FAILED:", style="bold red")
        for problem in merged.problems:
            console.print(f"  {problem}", style="red", markup=False)
        return
    several = len(merged.tables) > 1
    tables = "tables" if several else "table"
    extra = f", {merged.carried} carried in the pot" if merged.carried else ""
    if not setup.store:
        console.print(
            f"Chip check passed after every hand: this run's chips in {merged.deposited} = its {tables} and rake "
            f"{merged.held} (won {merged.won:+d}, rake {merged.rake}{extra}); no store.",
            markup=False,
        )
        return
    ledger = "the ledger balances" if shared or not several else "each shard's ledger balances"
    console.print(
        f"Store check passed: {ledger}; this run's chips in {merged.deposited} = its accounts and {tables} now "
        f"{merged.held}; each account moved by its bot's results (won {merged.won:+d}, rake {merged.rake}{extra}).",
        markup=False,
    )


def _interval_json(results: Sequence[int], unit: int) -> dict[str, float | None]:
    mean, half = interval(results, unit)
    return {"mean": mean, "half_width": None if math.isinf(half) else half}


def _as_json(setup: _Setup, merged: Merged, table: Table, seconds: float, how: str) -> dict[str, object]:
    """The merged results for programs: everything but ``run`` is the same for a seed whatever the workers.
    ``bet_unit`` is the unit of ``units_per_100`` (the big blind, or the small bet in stud and fixed limit);
    ``big_blind`` and ``bb_per_100`` are there at blind games."""
    stakes = table.stakes
    unit = stakes.bet_unit
    big = table.blinds[1] if table.blind_game else 0
    bots: list[dict[str, object]] = []
    for b in merged.bots:
        bot: dict[str, object] = {
            "bot": b.label,
            "kind": b.kind,
            "hands": len(b.results),
            "rebuys": b.rebuys,
            "deposited": b.deposited,
            "chips_won": sum(b.results),
            "chips_per_100": _interval_json(b.results, 1),
            "units_per_100": _interval_json(b.results, unit),
        }
        if big:
            bot["bb_per_100"] = _interval_json(b.results, big)
        bots.append(bot)
    return {
        "game": setup.game.id,
        "house_rules": dict(setup.config.rules),
        "players": setup.players,
        "seed": setup.seed,
        "hands": merged.hands,
        "shard_hands": setup.shard_hands,
        "shards": len(merged.tables),
        "big_blind": big or None,
        "bet_unit": {"name": stakes.bet_unit_name, "chips": unit},
        "stakes": {
            "betting": stakes.betting.describe(),
            "forced_bets": stakes.describe(),
            "blinds": list(stakes.blinds),
            "ante": stakes.ante,
            "bring_in": stakes.bring_in,
        },
        "store": setup.store,
        "reset_stacks": setup.reset_stacks,
        "buy_in": setup.buy_in,
        "bots": bots,
        "rake": merged.rake,
        "stored_rake": merged.stored_rake,
        "carried": merged.carried,
        "deposited": merged.deposited,
        "held": merged.held,
        "check": {"passed": not merged.problems, "problems": merged.problems},
        "stopped": merged.stopped,
        "run": {
            "tables": merged.tables,
            "played": how,
            "seconds": seconds,
            "shard_seconds": merged.seconds,
            "hands_per_second": merged.hands / seconds if seconds > 0 else None,
        },
    }
