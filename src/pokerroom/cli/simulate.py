"""``pokerroom simulate GAME``: bots play one table for many hands through the room and the store.

Every hand goes the way a real one does: :class:`~pokerroom.store.runner.TableRunner` deals it at a
:class:`~pokerroom.room.table.Table`, journals each action in the :class:`~pokerroom.store.Store` before applying
it and settles the finished hand in the double-entry ledger (with the rake at ``--real-money`` tables, RULES
§3.10).  Each bot has an account; chips come in by deposits (the buy-in, and a rebuy when a bot is busted or below
the table's minimum stack) and go back to the accounts when the table closes.

The report: per bot the hands played, chips won, chips won per 100 hands and, at blind games, big blinds per 100
hands, each with a 95% confidence interval (normal approximation from the per-hand results:
mean ± 1.96·sd/√n, scaled to 100 hands); then hands per second, the rake, and the store's check: the ledger
balances (:meth:`Store.check_balanced`, the whole store), and for this run alone: the chips its bots' accounts
and its table hold equal the chips it deposited, and each bot's account moved by exactly its results.  Exit code 1
when a check fails.

Each run plays a table of its own (``simulate-GAME-XXXXXXXX``) and opens its own accounts for the bots, named
after the table (``simulate-holdem-1a2b3c4d-simple-1``), so runs sharing a store (one after the other or at the
same time) never mix their chips; the results table shows the bots' short names (``simple-1``).

``--stakes SMALL/BIG`` means what it means to ``pokerroom play`` (the table's ``stakes``, read by
:func:`pokerroom.games.stakes.table_stakes`): the blinds at no, pot and half-pot limit, the small and big bet at
fixed limit (blinds half the small bet and the small bet) and in stud; ``--limit`` picks the betting structure
and ``--buy-in`` the chips each bot sits (and rebuys) with, inside the table's range.  The header prints the
betting structure and the forced bets actually in use.  Home games (the club's) are never raked, even at
``--real-money`` (RULES §3.10).

``--database`` takes a SQLAlchemy URL (``sqlite:///path/to/file.db``, ``postgresql+psycopg://user@host/db``);
hands a crashed run left in progress there are voided and refunded first (RULES §3.8, as ``pokerroom recover``).
Without ``--database`` the store is a temporary SQLite file, deleted at the end.  A ``--database`` that is not a
pokerroom store (another program's SQLite file) or has no driver is refused (exit 2), as are stakes or a buy-in
above :data:`MAX_CHIPS`; a database error during the run ends it with the reason (exit 1), never a traceback.
"""

from __future__ import annotations

import contextlib
import math
import random
import statistics
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table as RichTable
from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError

from pokerroom.bots import BOTS, make
from pokerroom.cli.recover import describe, recover_all
from pokerroom.cli.report import open_store
from pokerroom.errors import LedgerError, PokerroomError, RoomError, StoreError
from pokerroom.games import Game, find
from pokerroom.games.stakes import parse_stakes
from pokerroom.room.table import HandResult, Table, TableConfig
from pokerroom.store import Store
from pokerroom.store.runner import Bot, TableRunner
from pokerroom.store.schema import balances

__all__ = ["LIMITS", "MAX_CHIPS", "BotRecord", "interval", "simulate"]

MAX_CHIPS = 2**53
"""The most chips a blind, a bet or the bots' buy-ins together may be: the store's limit for an amount and a
balance (every figure exact as a 64-bit integer and as a float)."""

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


def interval(results: Sequence[int], unit: int = 1) -> tuple[float, float]:
    """Chips (or ``unit``\\s, e.g. big blinds) won per 100 hands from per-hand ``results``, with the half-width of
    its 95% confidence interval (normal approximation: 1.96 · sd / √n, scaled to 100 hands).  No hands: (0, inf);
    one hand: an infinite half-width.

    >>> mean, half = interval([10, -10, 10, -10])
    >>> mean, round(half, 1)
    (0.0, 1131.6)
    """
    n = len(results)
    if n == 0:
        return 0.0, math.inf
    mean = statistics.fmean(results) * 100 / unit
    if n < 2:
        return mean, math.inf
    half = Z95 * statistics.stdev(results) / math.sqrt(n) * 100 / unit
    return mean, half


@dataclass
class BotRecord:
    """One bot's evening: its ``name`` (the player's and the store account's, unique to the run), ``kind``,
    store ``account``, its account's balance at the start, its short ``label`` for the report (``simple-1``),
    per-hand ``results`` (chips won or lost in each hand it was dealt), chips ``deposited`` this run and
    ``rebuys``."""

    name: str
    kind: str
    account: int
    start_balance: int
    label: str = ""
    results: list[int] = field(default_factory=list)
    deposited: int = 0
    rebuys: int = 0


def _count(n: int, word: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _fmt(value: tuple[float, float]) -> str:
    mean, half = value
    if math.isinf(half):
        return f"{mean:+.1f}"
    return f"{mean:+.1f} ± {half:.1f}"


def _bot_kinds(texts: Sequence[str]) -> list[str]:
    kinds = [k.strip().lower() for text in texts for k in text.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in BOTS]
    if unknown or not kinds:
        raise typer.BadParameter(
            f"unknown bot {', '.join(unknown) or '(none)'}; bots: {', '.join(BOTS)} (a comma-separated list is "
            f"dealt round the seats)",
            param_hint="--bots",
        )
    return kinds


LIMITS = ("no", "pot", "half-pot", "fixed", "spread")
"""The betting structures ``--limit`` takes."""


def _config(
    game: Game, stakes: str | None, limit: str | None, seats: int, real_money: bool
) -> TableConfig:
    """The table's settings from the options: ``--stakes`` in ``pokerroom play``'s notation (the blinds at no
    and pot limit, the small/big bet at fixed limit and in stud: :func:`pokerroom.games.stakes.table_stakes`),
    passed through :class:`TableConfig` so both commands mean the same; refused (exit 2) when no table could
    play them."""
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
    try:
        config = TableConfig(
            game.id, stakes=stakes, limit=None if limit is None else limit.lower(), seats=seats, real_money=real_money
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
                f"{chips} chips is outside this table's buy-in range: {allowed.describe()} (RULES §3.3)",
                param_hint="--buy-in",
            )
        buy_in = chips
    else:
        buy_in = table.default_buy_in()
    if buy_in * players > MAX_CHIPS:
        raise typer.BadParameter(
            f"the buy-in would be {buy_in} chips a bot, {buy_in * players} for {players} bots: more than "
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
        typer.Option("--bots", help=f"Bot kinds round the seats, comma-separated: {', '.join(BOTS)} (default simple)."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the cards and the bots.")] = None,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            help="The store's SQLAlchemy URL, sqlite:///FILE or postgresql+psycopg://USER@HOST/DB (default: a "
            "temporary SQLite file); hands a crashed run left in progress there are voided first.",
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
) -> None:
    """Bots play one table for many hands through the room and the store; results per bot with 95% intervals."""
    try:
        chosen = find(game)
    except PokerroomError as exc:
        raise typer.BadParameter(str(exc), param_hint="GAME") from None
    if not chosen.min_players <= players <= chosen.max_players:
        raise typer.BadParameter(
            f"{chosen.id} seats {chosen.min_players} to {chosen.max_players} players, not {players}",
            param_hint="--players",
        )
    kinds = _bot_kinds(bots or ["simple"])
    config = _config(chosen, stakes, limit, players, real_money)
    chips = _check_buy_in(config, players, buy_in)
    console = Console(highlight=False, soft_wrap=True)
    with contextlib.ExitStack() as stack:
        if database is None:
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="pokerroom-simulate-"))
            url = f"sqlite:///{Path(tmp) / 'simulate.db'}"
        else:
            url = database  # no temporary folder: the store is the one given
        store = open_store(url, create=True)  # exit 2 for a database that is not pokerroom's or has no driver
        try:
            where = (
                store.engine.url.render_as_string(hide_password=True)
                if database
                else f"a temporary SQLite file ({url}), deleted at the end; --database keeps one"
            )
            if database is not None:
                for line in describe(recover_all(store)):  # a crashed run's hands in progress (RULES §3.8)
                    console.print(f"Recovery: {line}", markup=False)
            table_name = f"simulate-{chosen.id}-{uuid.uuid4().hex[:8]}"
            with TableRunner(store, table_name, config) as runner:  # holds the table's lease until closed
                code = _play(store, runner, chosen, config, kinds, players, hands, seed, where, chips, console)
        except (SQLAlchemyError, OverflowError, StoreError) as exc:
            # The CLI's boundary: a database that fails (locked, gone, full) or refuses a figure ends the run
            # with the reason, never a traceback.
            Console(stderr=True, highlight=False, soft_wrap=True).print(
                f"error: the store failed, the run stops: {exc}", style="red", markup=False
            )
            code = 1
        finally:
            store.close()
    if code:
        raise typer.Exit(code)


def _play(
    store: Store,
    runner: TableRunner,
    game: Game,
    config: TableConfig,
    kinds: Sequence[str],
    players: int,
    hands: int,
    seed: int | None,
    where: str,
    buy_in: int,
    console: Console,
) -> int:
    table_name = runner.name
    table = runner.table
    records: list[BotRecord] = []
    act: dict[str, Bot] = {}
    for k in range(players):
        kind = kinds[k % len(kinds)]
        label = f"{kind}-{k + 1}"
        name = f"{table_name}-{label}"  # the run's own account: runs sharing a store never share a bot's chips
        try:
            account = store.account_id(name)
        except PokerroomError:
            account = store.create_account(name)
        record = BotRecord(name, kind, account, store.balance(account), label)
        store.deposit(account, buy_in, memo="simulate: buy-in")
        record.deposited += buy_in
        runner.sit(k, name, buy_in)
        act[name] = make(kind, seed=None if seed is None else seed * 100 + k).act
        records.append(record)
    by_name = {r.name: r for r in records}
    if not config.real_money:
        money = "play money (no rake)"
    elif game.home_game:
        money = "real money, but a home game: never raked (RULES §3.10)"
    else:
        money = "real money (raked)"
    console.print(
        f"{game.name}: {players} bots ({', '.join(r.label for r in records)}), {table.stakes.betting.describe()}, "
        f"{table.stakes.describe()}, buy-in {buy_in} chips, {money}; "
        f"{_count(hands, 'hand')}{'' if seed is None else f', seed {seed}'}.",
        markup=False,
    )
    console.print(f"Store: {where}", markup=False)
    console.print(f"Table {table_name}; the bots' accounts: {table_name}-BOT ({records[0].name}, ...).", markup=False)
    deal = random.Random(seed)
    rake = 0
    played = 0
    started = time.perf_counter()
    bar = Console(stderr=True)
    with Progress(
        TextColumn("[bold]hands"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=bar,
        transient=True,
        disable=not bar.is_terminal,  # the bar on a terminal's stderr only; stdout keeps the report
    ) as progress:
        task = progress.add_task("hands", total=hands)
        for _ in range(hands):
            _rebuys(runner, store, by_name, buy_in)
            try:
                result: HandResult = runner.play_hand(act, seed=deal.getrandbits(63))
            except RoomError as exc:
                console.print(f"Stopped after {_count(played, 'hand')}: {exc}", style="red", markup=False)
                break
            played += 1
            rake += result.rake
            for (_seat, name), first, last in zip(result.players, result.starting, result.final, strict=True):
                by_name[name].results.append(last - first)
            progress.advance(task)
    seconds = time.perf_counter() - started
    runner.stand_all()
    return _report(store, runner, records, played, seconds, rake, console)


def _rebuys(runner: TableRunner, store: Store, records: dict[str, BotRecord], buy_in: int) -> None:
    """Busted bots, and bots below the table's minimum stack, buy back up to the buy-in (deposited first)."""
    table = runner.table
    for name, stack in table.stacks().items():
        if stack >= table.min_stack:
            continue
        want = buy_in - stack
        most = table.max_rebuy(name)
        if most is not None:
            want = min(want, most)
        if want <= 0:
            continue
        record = records[name]
        store.deposit(record.account, want, memo="simulate: rebuy")
        record.deposited += want
        record.rebuys += 1
        runner.rebuy(name, want)


def _report(
    store: Store,
    runner: TableRunner,
    records: Sequence[BotRecord],
    played: int,
    seconds: float,
    rake: int,
    console: Console,
) -> int:
    table = runner.table
    big = table.blinds[1] if table.blind_game else 0
    title = f"Results after {_count(played, 'hand')}" + (f" (BB = big blind = {big} chips)" if big else "")
    out = RichTable(title=title, title_justify="left")
    out.add_column("Bot")
    out.add_column("Hands", justify="right")
    out.add_column("Rebuys", justify="right")
    out.add_column("Chips won", justify="right")
    out.add_column("Chips/100 (95% CI)", justify="right")
    if big:
        out.add_column("BB/100 (95% CI)", justify="right")
    for r in records:
        row = [r.label or r.name, str(len(r.results)), str(r.rebuys), f"{sum(r.results):+d}", _fmt(interval(r.results))]
        if big:
            row.append(_fmt(interval(r.results, big)))
        out.add_row(*row)
    console.print(out)
    rate = played / seconds if seconds > 0 else math.inf
    console.print(f"Speed: {played} hands in {seconds:.1f} s, {rate:.0f} hands/s (through the store).")
    stored_rake = sum(row.rake for row in store.rake_report(by="table") if row.table == runner.table_id)
    console.print(f"Rake: {rake} chips taken in {played} hands (the store's rake report: {stored_rake}).")
    problems: list[str] = []
    try:
        store.check_balanced()
    except LedgerError as exc:
        problems.append(str(exc))
    # This run's chips only (other runs may share the store, even now): what its accounts gained and what its
    # table holds (stacks, pot, carried chips, rake) against what it deposited.
    deposited = sum(r.deposited for r in records)
    gained = sum(store.balance(r.account) - r.start_balance for r in records)
    at_table = _table_chips(store, runner.table_id)
    held = gained + at_table
    if held != deposited:
        problems.append(
            f"this run's accounts gained {gained} chips and its table holds {at_table}: {held}, not the "
            f"{deposited} it deposited"
        )
    if stored_rake != rake:
        problems.append(f"the store's rake {stored_rake} is not the table's {rake}")
    carried = store.carried(runner.table_id)
    for r in records:
        moved = store.balance(r.account) - r.start_balance - r.deposited
        if moved != sum(r.results):
            problems.append(f"{r.name}'s account moved by {moved}, its hands add up to {sum(r.results)}")
    won = sum(sum(r.results) for r in records)
    if won + rake + carried != 0:
        problems.append(f"the bots won {won}, the rake is {rake} and {carried} chips are carried: not zero")
    if problems:
        console.print("Store check FAILED:", style="bold red")
        for problem in problems:
            console.print(f"  {problem}", style="red", markup=False)
        return 1
    extra = f", {carried} carried in the pot" if carried else ""
    console.print(
        f"Store check passed: the ledger balances; this run's chips in {deposited} = its accounts and table now "
        f"{held}; each account moved by its bot's results (won {won:+d}, rake {rake}{extra}).",
        markup=False,
    )
    return 0


def _table_chips(store: Store, table_id: int) -> int:
    """Every chip the ledger holds at table ``table_id``: stacks, pot, carried chips and rake."""
    query = select(func.coalesce(func.sum(balances.c.balance), 0)).where(balances.c.table_id == table_id)
    with store.engine.connect() as conn:
        return int(conn.execute(query).scalar_one())
