"""PokerStars-style hand histories, reader and writer side by side over the one hand record (``docs/pokerstars.md``).

* :mod:`.reader`: text -> :class:`StarsHand` (every line read or refused, naming file, hand and line);
* :mod:`.phh_of`: a :class:`StarsHand` mapped for the one replay path (the engine's actions and set-up as PHH);
* :mod:`.check`: :func:`check` replays a hand and compares the file's arithmetic (each amount, uncalled bets,
  what each player collected, the total pot, the side pots and the rake) with the rules'; :func:`to_phh` and
  :func:`to_record` give the hand as PHH and as the hand record;
* :mod:`.writer`: a :class:`~pokerroom.room.record.HandRecord` -> PokerStars text (:func:`write_hand`).

The names below load their module when first used (PEP 562), so a command that never reads PokerStars text does
not pay for compiling the reader's patterns at start-up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pokerroom.formats.pokerstars.base import MAX_FILE_BYTES, STATUSES
    from pokerroom.formats.pokerstars.check import check, to_phh, to_record
    from pokerroom.formats.pokerstars.reader import (
        BadStarsHand,
        StarsHand,
        StarsLine,
        StarsSeat,
        decode,
        is_pokerstars,
        loads_each,
        read_each,
    )
    from pokerroom.formats.pokerstars.writer import (
        BETWEEN_HANDS,
        CANCELLED,
        GAME_NAMES,
        LIMIT_NAMES,
        header_game,
        text_name,
        write_hand,
    )

_HOME: dict[str, str] = {
    **dict.fromkeys(("MAX_FILE_BYTES", "STATUSES"), "base"),
    **dict.fromkeys(("check", "to_phh", "to_record"), "check"),
    **dict.fromkeys(
        (
            "MAX_FILE_BYTES",
            "BadStarsHand",
            "StarsHand",
            "StarsLine",
            "StarsSeat",
            "decode",
            "is_pokerstars",
            "loads_each",
            "read_each",
        ),
        "reader",
    ),
    **dict.fromkeys(
        ("BETWEEN_HANDS", "CANCELLED", "GAME_NAMES", "LIMIT_NAMES", "header_game", "text_name", "write_hand"), "writer"
    ),
}
"""Each public name -> the module that defines it."""

__all__ = [
    "BETWEEN_HANDS",
    "CANCELLED",
    "GAME_NAMES",
    "LIMIT_NAMES",
    "MAX_FILE_BYTES",
    "STATUSES",
    "BadStarsHand",
    "StarsHand",
    "StarsLine",
    "StarsSeat",
    "check",
    "decode",
    "header_game",
    "is_pokerstars",
    "loads_each",
    "read_each",
    "text_name",
    "to_phh",
    "to_record",
    "write_hand",
]


def __getattr__(name: str) -> object:
    """Load a public name's module on first use."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # later uses are plain lookups
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
