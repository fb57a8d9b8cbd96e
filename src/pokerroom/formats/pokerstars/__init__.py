"""PokerStars-style hand histories, reader and writer side by side over the one hand record (``docs/pokerstars.md``).

* :mod:`.reader`: text -> :class:`StarsHand` (every line read or refused, naming file, hand and line);
* :mod:`.phh_of`: a :class:`StarsHand` as a PHH record (:func:`to_phh`), so it replays through the engine and
  converts to PHH and to the hand record;
* :mod:`.check`: :func:`check` replays a hand and compares the file's arithmetic (each amount, uncalled bets,
  what each player collected, the total pot, the side pots and the rake) with the rules';
* :mod:`.writer`: a :class:`~pokerroom.room.record.HandRecord` -> PokerStars text (:func:`write_hand`).
"""

from __future__ import annotations

from pokerroom.formats.pokerstars.check import STATUSES, check, to_phh, to_record
from pokerroom.formats.pokerstars.reader import (
    MAX_FILE_BYTES,
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
