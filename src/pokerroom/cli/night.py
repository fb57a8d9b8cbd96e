"""``pokerroom night``: the club's game night (seeds 000/001 chapter 4; RULES §3.11, G1, G2, §5).

The evening runs as the club plays it: seats and the first dealer drawn by lot, everyone's first buy-in the same at
the agreed price per chip, the deal one seat clockwise per hand, rebuys between hands only (club hold'em capped at
X = M/S, A-G2-6; no-limit lowball, ``--limit no``, only once the player's chips are gone, G1), players arriving
and leaving between hands, and house rules agreed for the evening and changed between hands (meta-rule 2).  The
evening ends on the completed orbit after the agreed number of hands or minutes (or at once with ``end now``);
that last hand pays out the odd chips carried in the pot (A-G1-7), so the cash-out sheet balances to the öre.

The evening is kept in the store as it goes (``--database URL``; by default a SQLite file named after the day,
``night-YYYY-MM-DD.db``): a crash, a closed terminal or Ctrl-C never loses it, and ``--resume [ID]`` continues it
exactly where it stopped (a hand cut off is void and its chips go back, RULES §3.8).  ``--sheet FILE`` writes the
cash-out sheet as CSV, JSON or a printable HTML page; ``--phh FILE.phhs`` the evening's hands.

:class:`~pokerroom.cli.night_evening.Evening` shows and asks; :class:`~pokerroom.store.night_runner.NightRunner`
keeps the books and the chips; the host's commands between hands are in :mod:`pokerroom.cli.night_commands`.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from sqlalchemy.exc import SQLAlchemyError

from pokerroom.cli.bot_option import BOT_HELP, bot_spec
from pokerroom.cli.database import open_database
from pokerroom.cli.night_evening import Evening
from pokerroom.cli.rules import parse_rule
from pokerroom.errors import PokerroomError, RoomError, StoreError
from pokerroom.games import Limit, find
from pokerroom.room.clock import Clock, SystemClock
from pokerroom.room.night import GAMES, Night, NightConfig, name_key
from pokerroom.room.night_sheet import SheetInfo, write_hands_phh, write_sheet
from pokerroom.room.night_trial import check_rules
from pokerroom.room.record import Status
from pokerroom.store import Store
from pokerroom.store import nights as stored
from pokerroom.store.night_runner import NightRunner
from pokerroom.words import plural

__all__ = ["Evening", "default_database", "make_clock", "night"]

make_clock: Callable[[], Clock] = SystemClock
"""Where the evening's time comes from (seconds); tests put a virtual clock here."""


def default_database(today: date | None = None) -> str:
    """The store of an evening when ``--database`` is not given: ``night-YYYY-MM-DD.db`` in the current
    directory, named after the day."""
    return f"sqlite:///night-{(today or date.today()).isoformat()}.db"


def _latest_file() -> str | None:
    """The newest ``night-*.db`` in the current directory (``--resume`` without ``--database``)."""
    files = sorted(Path().glob("night-*.db"), key=lambda p: p.stat().st_mtime)
    return f"sqlite:///{files[-1]}" if files else None


def _writable(path: Path | None, option: str) -> None:
    """Refuse (exit 2, before the evening) a file the evening could not write at its end."""
    if path is None:
        return
    if path.is_dir():
        raise typer.BadParameter(f"{path} is a directory, not a file", param_hint=option)
    folder = path.resolve().parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise typer.BadParameter(f"cannot write in {folder}: no such folder, or not writable", param_hint=option)


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


def _limit_of(text: str, game: str) -> bool:
    """Whether ``text`` (``--limit`` or ``--rule limit=...``) asks for no limit; refuses what ``game`` is not
    played at."""
    try:
        chosen = Limit(text.strip().lower())
    except ValueError:
        allowed = ", ".join(m.value for m in Limit)
        raise typer.BadParameter(f"a limit is one of {allowed}, not {text!r}", param_hint="--limit") from None
    if game == "club-holdem" and chosen is not Limit.NO:
        raise typer.BadParameter("club hold'em is always played no limit", param_hint="--limit")
    base = find(game).default_limit
    if chosen not in (Limit.NO, base):
        raise typer.BadParameter(
            f"{game} is played at {base.value} limit, or no limit by agreement; not {chosen.value}",
            param_hint="--limit",
        )
    return chosen is Limit.NO


def _open_store(url: str, *, create: bool) -> tuple[Store, str]:
    opened = open_database(url, missing="start a night first, or give --database URL", create=create)
    shown = url if opened is None else opened.shown
    if opened is not None:
        opened.engine.dispose()
    try:
        return Store(url), shown
    except (StoreError, SQLAlchemyError) as exc:  # not a pokerroom store, not a database, a server not there
        reason = str(exc).splitlines()[0]
        raise typer.BadParameter(f"cannot open {shown}: {reason}", param_hint="--database") from None


def _sheet_of_ended(store: Store, night_id: int, path: Path, console: Console) -> bool:
    """``--resume ID --sheet FILE`` for a night that has ended: its sheet written again from the store.  Returns
    whether the night had ended (else it is resumed as usual)."""
    try:
        row = stored.load_night(store, night_id)
    except StoreError:
        return False
    if row.status != stored.ENDED:
        return False
    write_sheet(path, *stored.ended_sheet(store, night_id))
    console.print(f"Night {night_id} has ended; its cash-out sheet is in {path}.", markup=False, highlight=False)
    return True


def _write_files(book: NightRunner, evening: Evening, sheet_path: Path | None, phh_path: Path | None) -> None:
    if sheet_path is not None and evening.sheet is not None:
        row = book.row()
        info = SheetInfo.from_night(
            book.night,
            voided=stored.voided_hands(book.store, book.runner.table_id),
            started_at=row.created_at,
            ended_at=row.ended_at,
            night_id=book.id,
        )
        try:
            write_sheet(sheet_path, evening.sheet, info)
        except OSError as exc:
            evening.say(
                f"The sheet could not be written to {sheet_path} ({exc.strerror}); the night is kept: "
                f"pokerroom night --resume {book.id} --sheet OTHER_FILE writes it.",
                style="red",
            )
        else:
            evening.say(f"The cash-out sheet is in {sheet_path}.")
    if phh_path is not None:
        dealt = [r for r in book.records() if r.status is Status.COMPLETE]  # voided hands are on the sheet
        if not dealt:
            evening.say(f"No hand was dealt on screen (results typed in): nothing is written to {phh_path}.")
            return
        try:
            count = write_hands_phh(phh_path, dealt)
        except OSError as exc:
            evening.say(f"The hands could not be written to {phh_path} ({exc.strerror}).", style="red")
            return
        evening.say(f"The evening's {plural(count, 'hand')} {'is' if count == 1 else 'are'} in {phh_path}.")


def night(
    players: Annotated[
        str | None, typer.Option("--players", help="The players' names, comma-separated: Anna,Bo,Cia,Dan.")
    ] = None,
    game: Annotated[str, typer.Option("--game", help=f"The club game: {' or '.join(GAMES)}.")] = "club-lowball",
    human: Annotated[
        list[str] | None,
        typer.Option("--human", help="A player who types their actions (repeatable); bots play the rest."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the draw, the cards and the bots.")] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            min=1, help="Hands agreed; the evening ends on the orbit after them (default: 50, or 150 minutes)."
        ),
    ] = None,
    minutes: Annotated[
        float | None,
        typer.Option(help="Minutes agreed (the orbit after them ends the evening)."),
    ] = None,
    price: Annotated[int | None, typer.Option(min=1, help="Öre per chip (club lowball 20, club hold'em 10).")] = None,
    buy_in: Annotated[
        int | None, typer.Option("--buy-in", min=1, help="Chips in everyone's first buy-in (50 kr worth).")
    ] = None,
    rule: Annotated[
        list[str] | None,
        typer.Option("--rule", help="A house rule KEY=VALUE agreed for the evening (repeatable); limit=no too."),
    ] = None,
    enter: Annotated[
        bool, typer.Option("--enter", help="Real cards: type each player's net chips after each hand.")
    ] = False,
    pause: Annotated[
        bool, typer.Option("--pause", help="Ask between hands (rebuys, arrivals, rule changes) even with bots only.")
    ] = False,
    bots: Annotated[str, typer.Option(help=f"The bots: {BOT_HELP}.")] = "simple",
    no_limit: Annotated[
        bool,
        typer.Option(
            "--no-limit",
            help="Club lowball's no-limit variation (RULES §5.1 #2, #7, #10): 500 chips for 50 kr, and a rebuy "
            "only once a player's chips are gone (club hold'em is always no limit).  The same as --limit no.",
        ),
    ] = False,
    limit: Annotated[
        str | None,
        typer.Option("--limit", help="The betting structure: spread (club lowball's own, 1-10 / 1-30) or no."),
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            help="Where the evening is kept (default: sqlite:///night-YYYY-MM-DD.db, named after the day).",
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Continue a night that stopped: `--resume` for the last one begun (in the newest night-*.db "
            "here when --database is not given), `--resume ID` for night ID.",
        ),
    ] = False,
    night_id: Annotated[
        int | None, typer.Argument(metavar="[ID]", help="With --resume: the night to continue.", min=1)
    ] = None,
    sheet: Annotated[
        Path | None,
        typer.Option("--sheet", help="Write the cash-out sheet at the end: FILE.csv, FILE.json or FILE.html."),
    ] = None,
    phh: Annotated[Path | None, typer.Option("--phh", help="Write the evening's hands as PHH: FILE.phhs.")] = None,
) -> None:
    """The club's game night: seats and dealer by lot, hands until the orbit after the agreed length, cash-out;
    kept in the store as it goes, so it can be resumed."""
    if sheet is not None and sheet.suffix.lower() not in (".csv", ".json", ".html", ".htm"):
        raise typer.BadParameter(f"a sheet is FILE.csv, FILE.json or FILE.html, not {sheet}", param_hint="--sheet")
    if phh is not None and phh.suffix != ".phhs":
        raise typer.BadParameter(f"the hands are written as FILE.phhs, not {phh}", param_hint="--phh")
    _writable(sheet, "--sheet")
    _writable(phh, "--phh")
    console = Console(highlight=False, soft_wrap=True)
    if night_id is not None and not resume:
        raise typer.BadParameter("a night's id is given with --resume: pokerroom night --resume ID")
    if resume:
        if players is not None:
            raise typer.BadParameter("a resumed night keeps its players; add one with join", param_hint="--players")
        url = database or _latest_file()
        if url is None:
            raise typer.BadParameter("no night-*.db here: give --database URL", param_hint="--resume")
        store, shown = _open_store(url, create=False)
        if sheet is not None and night_id is not None and _sheet_of_ended(store, night_id, sheet, console):
            store.close()
            return
        try:
            book = NightRunner.resume(store, night_id, clock=None)
        except (StoreError, RoomError) as exc:
            store.close()
            raise typer.BadParameter(str(exc), param_hint="--resume") from None
        options = book.options
        evening = Evening(
            book,
            humans=[h for h in options.get("humans", []) if book.night.is_seated(h)],
            bots=options.get("bots", "simple"),
            seed=book.seed,
            enter=bool(options.get("enter")),
            pause=bool(options.get("pause")),
            stream=sys.stdin,
            console=console,
            clock=make_clock(),
        )
        evening.database = shown
        void = ""
        if book.voided:
            cut = "hand cut off by the stop is" if len(book.voided) == 1 else "hands cut off by the stop are"
            void = f"; {len(book.voided)} {cut} void, every chip returned (RULES §3.8)"
        said = f"Night {book.id} resumed after {plural(book.night.hand, 'hand')}{void}."
        console.print(said, markup=False, highlight=False)
        evening.standings()
        # The files named when the night began, unless others are named now.
        sheet = sheet or (Path(options["sheet"]) if options.get("sheet") else None)
        phh = phh or (Path(options["phh"]) if options.get("phh") else None)
        _play(evening, book, store, sheet, phh, resumed=True)
        return
    if players is None:
        raise typer.BadParameter("name the players: --players Anna,Bo,Cia", param_hint="--players")
    if game not in GAMES:
        raise typer.BadParameter(f"a club night plays {' or '.join(GAMES)}, not {game!r}", param_hint="--game")
    names = _names(players)
    chosen = find(game)
    if not 2 <= len(names) <= chosen.max_players:
        raise typer.BadParameter(
            f"a club night seats 2 to {chosen.max_players} players, not {len(names)}", param_hint="--players"
        )
    if len({name_key(n) for n in names}) != len(names):
        raise typer.BadParameter(
            "two players have the same name (without regard to case); names must differ", param_hint="--players"
        )
    keys = {name_key(n): n for n in names}
    humans = []
    for h in human or []:
        if name_key(h) not in keys:
            raise typer.BadParameter(f"{h} not among the players ({', '.join(names)})", param_hint="--human")
        humans.append(keys[name_key(h)])
    bots = bot_spec(bots)
    if limit is not None:
        asked = _limit_of(limit, game)
        if no_limit and not asked:
            raise typer.BadParameter("--no-limit and --limit fixed disagree", param_hint="--limit")
        no_limit = asked
    agreed: dict[str, object] = {}
    for text in rule or []:
        key, _, value = text.partition("=")
        if key.strip().lower() == "limit":
            no_limit = _limit_of(value, game)
            continue
        try:
            key, parsed = parse_rule(chosen, text)
            chosen.with_rules(**{**agreed, key: parsed})
        except PokerroomError as exc:
            raise typer.BadParameter(str(exc), param_hint="--rule") from None
        agreed[key] = parsed
    try:
        hands, minutes = NightConfig.length(hands, minutes)
    except RoomError as exc:
        raise typer.BadParameter(str(exc), param_hint="--minutes") from None
    try:
        config = NightConfig(
            game,
            price_per_chip=price,
            first_buyin=buy_in,
            house_rules=agreed,
            hands=hands,
            minutes=minutes,
            no_limit=no_limit,
        )
    except RoomError as exc:
        raise typer.BadParameter(str(exc), param_hint="--players/--price/--buy-in/--hands/--minutes") from None
    if agreed:
        try:  # before the evening starts: a refused value never deals a hand, nor makes a night in the store
            check_rules(Night(config, names, rng=random.Random(seed)), agreed)
        except PokerroomError as exc:
            raise typer.BadParameter(str(exc), param_hint="--rule") from None
    url = database or default_database()
    store, shown = _open_store(url, create=True)
    options = {
        "humans": humans,
        "bots": bots,
        "enter": enter,
        "pause": pause,
        "sheet": None if sheet is None else str(sheet.resolve()),
        "phh": None if phh is None else str(phh.resolve()),
    }
    try:
        book = NightRunner.create(store, config, names, seed=seed, options=options)
    except PokerroomError as exc:
        store.close()
        raise typer.BadParameter(str(exc), param_hint="--players") from None
    evening = Evening(
        book,
        humans=humans,
        bots=options["bots"],
        seed=seed,
        enter=enter,
        pause=pause,
        stream=sys.stdin,
        console=console,
        clock=make_clock(),
    )
    evening.database = shown
    _play(evening, book, store, sheet, phh, resumed=False)


def _play(
    evening: Evening, book: NightRunner, store: Store, sheet: Path | None, phh: Path | None, *, resumed: bool
) -> None:
    try:
        code = evening.run(resumed=resumed)
        if evening.sheet is not None or phh is not None:
            _write_files(book, evening, sheet, phh)
    finally:
        book.close()
        store.close()
    if code:
        raise typer.Exit(code)
