"""The tables a server starts with, read from a TOML file (``pokerroom serve --tables FILE``).

A file holds one ``[[table]]`` entry per table::

    [[table]]
    name = "Hold'em 1/2 NL"    # required: 1 to 60 printable characters, unique in the file
    game = "holdem"            # required: a game id (``pokerroom games``)
    stakes = "1/2"             # the game's default stakes when left out
    limit = "no"               # no, pot, fixed or spread; the game's default when left out
    seats = 6                  # the game's most players when left out
    money = "play"             # "play" (play chips, the default) or "real" (raked, from the cashier)
    bots = 3                   # house bots seated at the table; 0 (the default) for none
    rules = {}                 # house rules by name (``pokerroom rules GAME``)
    showdown = "auto"          # "auto" (every hand at a showdown turned up) or "choose" (show or muck)

:func:`read` parses a file into :class:`Starter` entries and checks each table's settings with the lobby's own
check (:meth:`pokerroom.server.lobby.Lobby._settings`), so a file is refused before the server starts;
:func:`parse` only parses (the packaged defaults, :data:`STARTER_TABLES`, read at import).  Every refusal is a
:class:`StarterError` naming the file, the entry (its number from 1 and its name) and the field, and saying what
is allowed.  The room's default tables are the packaged file ``starter_tables.toml`` (:data:`DEFAULT_FILE`): an
operator copies it, edits it and gives it to ``--tables``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from pokerroom.errors import PokerroomError, RoomError

__all__ = ["DEFAULT_FILE", "FIELDS", "STARTER_TABLES", "Starter", "StarterError", "parse", "read"]

DEFAULT_FILE = Path(str(resources.files("pokerroom.server") / "starter_tables.toml"))
"""The packaged file of the room's default tables."""

FIELDS = ("name", "game", "stakes", "limit", "seats", "money", "bots", "rules", "showdown")
"""The fields of a ``[[table]]`` entry."""

MONEY = {"play": False, "real": True}
SHOWDOWN = {"auto": True, "choose": False}


class StarterError(RoomError):
    """A tables file that cannot be used: it names the file, the entry and the field, and what is allowed."""


@dataclass(frozen=True)
class Starter:
    """A table the server creates when the store has none of that name: ``name``, ``game``, ``stakes``
    (``"SMALL/BIG"``; ``None``: the game's), ``limit`` (``None``: the game's), ``bots`` (house bots seated),
    ``real_money``, ``seats`` (``None``: the game's most), ``rules`` (house rules by name) and
    ``auto_showdown``."""

    name: str
    game: str
    stakes: str | None
    limit: str | None = None
    bots: int = 3
    real_money: bool = False
    seats: int | None = 6
    rules: Mapping[str, Any] = field(default_factory=dict)
    auto_showdown: bool = True

    def settings(self) -> dict[str, Any]:
        """The keyword arguments of :meth:`pokerroom.server.lobby.Lobby.create` for this table."""
        return {
            "name": self.name, "game": self.game, "stakes": self.stakes, "limit": self.limit,
            "rules": dict(self.rules), "real_money": self.real_money, "seats": self.seats, "bots": self.bots,
            "auto_showdown": self.auto_showdown,
        }  # fmt: skip


def _entry(source: str, number: int, raw: object) -> Starter:
    where = f"{source}: table {number}"
    if not isinstance(raw, dict):
        raise StarterError(f"{where}: each [[table]] is a table of fields ({', '.join(FIELDS)})")
    name = raw.get("name")
    if isinstance(name, str):
        where = f"{where} ({name!r})"

    def bad(key: str, allowed: str) -> StarterError:
        return StarterError(f"{where}: {key} = {raw[key]!r} is not allowed; {allowed}")

    unknown = sorted(set(raw) - set(FIELDS))
    if unknown:
        raise StarterError(f"{where}: no field {unknown[0]!r}; the fields are {', '.join(FIELDS)}")
    for key in ("name", "game"):
        if key not in raw:
            raise StarterError(f"{where}: {key} is missing; every table has a name and a game")
        if not isinstance(raw[key], str):
            raise bad(key, f"{key} is a string")
    for key in ("stakes", "limit"):
        if key in raw and not isinstance(raw[key], str):
            raise bad(key, 'stakes is a string like "1/2"' if key == "stakes" else "limit is no, pot, fixed or spread")
    seats = raw.get("seats")
    if seats is not None and (isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 10):
        raise bad("seats", "seats is a whole number from 2 to 10 (left out: the game's most)")
    bots = raw.get("bots", 0)
    if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots <= 9:
        raise bad("bots", "bots is a whole number from 0 (none) to 9")
    money = raw.get("money", "play")
    if money not in MONEY:
        raise bad("money", 'money is "play" or "real"')
    showdown = raw.get("showdown", "auto")
    if showdown not in SHOWDOWN:
        raise bad("showdown", 'showdown is "auto" or "choose"')
    rules = raw.get("rules", {})
    if not isinstance(rules, dict):
        raise bad("rules", "rules is a table of house rules, e.g. rules = { some_rule = true }")
    return Starter(
        name=raw["name"], game=raw["game"], stakes=raw.get("stakes"), limit=raw.get("limit"), bots=bots,
        real_money=MONEY[money], seats=seats, rules=dict(rules), auto_showdown=SHOWDOWN[showdown],
    )  # fmt: skip


def parse(text: str, source: str = "<tables>") -> tuple[Starter, ...]:
    """The ``[[table]]`` entries of TOML ``text`` (``source``: the file's name, for messages), each field's type
    and value checked, names unique; the table settings themselves are not tried (see :func:`read`).  Raises
    :class:`StarterError`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise StarterError(f"{source}: not TOML: {exc}") from None
    extra = sorted(set(data) - {"table"})
    if extra:
        raise StarterError(f"{source}: {extra[0]!r} is not allowed at the top; the file holds [[table]] entries only")
    entries = data.get("table", [])
    if not isinstance(entries, list):
        raise StarterError(f"{source}: table is a list of [[table]] entries, not a single [table]")
    out: list[Starter] = []
    seen: set[str] = set()
    for number, raw in enumerate(entries, 1):
        starter = _entry(source, number, raw)
        key = starter.name.strip().casefold()  # "Duel" and "duel" in one lobby are one table to a player
        if key in seen:
            raise StarterError(f"{source}: table {number} ({starter.name!r}): the name is used by an earlier table")
        seen.add(key)
        out.append(starter)
    return tuple(out)


def read(path: str | Path) -> tuple[Starter, ...]:
    """The tables of the TOML file at ``path``, each one's settings checked by the lobby's own check (game,
    stakes, limit, seats, house rules, buy-in).  Raises :class:`StarterError` naming the file, the entry and
    the field (or the lobby's reason), and what is allowed."""
    from pokerroom.server.lobby import Lobby  # the lobby imports this module for its defaults

    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise StarterError(f"{source}: cannot read the tables file ({exc})") from None
    starters = parse(text, source)
    for number, starter in enumerate(starters, 1):
        try:
            Lobby._settings(**starter.settings())
        except PokerroomError as err:
            raise StarterError(f"{source}: table {number} ({starter.name!r}): {err}") from None
    return starters


STARTER_TABLES: tuple[Starter, ...] = parse(DEFAULT_FILE.read_text(encoding="utf-8"), DEFAULT_FILE.name)
"""The room's default tables (``starter_tables.toml``): a table of each online game (seed 004) with three
house bots, and a real-money fixed-limit hold'em table without bots."""
