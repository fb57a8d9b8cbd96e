"""A table's settings (RULES §3.3-§3.11): :class:`TableConfig` (validated when built), the :class:`SeatState` of
each occupied seat and the :class:`RoomEvent` log.  Each hand's record: :mod:`pokerroom.room.record`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pokerroom.chips import whole_number
from pokerroom.errors import RoomError
from pokerroom.games import Limit
from pokerroom.room.layout import Dealer, NewPlayerRule
from pokerroom.room.stakes import BuyIn

__all__ = ["RoomEvent", "SeatState", "TableConfig"]


def check_flag(value: object, name: str) -> None:
    if not isinstance(value, bool):
        raise RoomError(f"{name} must be True or False, not {value!r}")


_E = TypeVar("_E", Dealer, NewPlayerRule)


def _enum(kind: type[_E], name: str, value: object) -> _E | None:
    if value is None or isinstance(value, kind):
        return value
    allowed = ", ".join(m.value for m in kind)
    if isinstance(value, str):
        try:
            return kind(value)
        except ValueError:
            pass
    raise RoomError(f"{name} must be one of {allowed} (or None: the game's own), not {value!r}")


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


@dataclass(frozen=True)
class TableConfig:
    """A table's settings.  ``game``: a game id; ``rules``: house rules by name (``Game.with_rules``);
    ``stakes`` in the usual ``SMALL/BIG`` notation (blinds in no and pot limit, small/big bet in fixed limit
    and stud; :func:`pokerroom.games.stakes.table_stakes`), or ``blinds`` (small, big) directly; ``ante``,
    ``bring_in``, ``limit`` as for ``Game.deal`` (chips in the smallest unit; ``None``: the game's own);
    ``seats``: the number of seats (default: the game's maximum);
    ``buy_in``: the allowed range (default: RULES §3.3 for the limit); ``real_money``: raked (RULES §3.10) and
    disconnect protection available (§3.7); ``cents_per_chip``: what a chip is worth in cents (rake);
    ``dealer``: how the deal moves (default: the game's kind); ``new_player_rule`` (default: seed 004's post or
    wait in blind games, the club's fee in club hold'em); ``min_stack``: chips each player must hold before a
    deal (the A-6 table's 13, RULES G3); ``rebuy_cap``: the club's X = M/S cap (RULES G2; A-G2-6: one M and S
    for every rebuy and buy-in between two hands, :mod:`pokerroom.room.rebuys`); ``rebuy_only_busted``: the
    no-limit lowball rule (G1); ``aai_per_24h``: disconnect protections per player per 24 hours;
    ``action_seconds``/``bank_seconds``: the clock; ``auto_showdown``: every hand at a showdown is turned up
    (online practice), or ``False``: each player in turn shows or mucks (a time-out mucks); ``currency``: the
    ISO 4217 code of real money (``"EUR"``; ``None``: play chips), a chip then being worth ``cents_per_chip``
    hundredths of it in the hand records."""

    game: str
    rules: dict[str, Any] = field(default_factory=dict)
    stakes: str | None = None
    blinds: tuple[int, int] | None = None
    ante: int | None = None
    bring_in: int = 0
    limit: str | None = None
    seats: int | None = None
    buy_in: BuyIn | None = None
    real_money: bool = False
    cents_per_chip: int = 1
    dealer: Dealer | None = None
    new_player_rule: NewPlayerRule | None = None
    min_stack: int | None = None
    rebuy_cap: bool | None = None
    rebuy_only_busted: bool | None = None
    aai_per_24h: int = 1
    action_seconds: float = 20.0
    bank_seconds: float = 30.0
    auto_showdown: bool = True
    currency: str | None = None

    def __post_init__(self) -> None:
        """Refuse settings no table can play with (:class:`RoomError` naming what is allowed) and take ``dealer``
        and ``new_player_rule`` given as their text (``"dead_button"``) as the enums; ``blinds`` given as a list
        become a tuple."""
        if not isinstance(self.game, str) or not self.game:
            raise RoomError(f"game must be a game id such as 'holdem', not {self.game!r}")
        if self.currency is not None and not (
            isinstance(self.currency, str) and len(self.currency) == 3 and self.currency.isalpha()
        ):
            raise RoomError(f"currency must be a three-letter code such as 'EUR' (or None), not {self.currency!r}")
        if not isinstance(self.rules, dict):
            raise RoomError(f"rules must be a dict of house rules by name, not {self.rules!r}")
        if self.stakes is not None and not isinstance(self.stakes, str):
            raise RoomError(f"stakes are written SMALL/BIG, such as '1/2', not {self.stakes!r}")
        if self.blinds is not None:
            blinds = self.blinds
            if (
                not isinstance(blinds, (tuple, list))
                or len(blinds) != 2
                or not all(whole_number(b) for b in blinds)
                or not 0 <= blinds[0] <= blinds[1]
                or blinds[1] < 1
            ):
                raise RoomError(
                    f"blinds must be (small, big) in whole chips with 0 <= small <= big and big >= 1, not {blinds!r}"
                )
            object.__setattr__(self, "blinds", (blinds[0], blinds[1]))
        if self.ante is not None and not (whole_number(self.ante) and self.ante >= 0):
            raise RoomError(f"the ante must be a whole number of chips, 0 or more, not {self.ante!r}")
        if not (whole_number(self.bring_in) and self.bring_in >= 0):
            raise RoomError(f"the bring-in must be a whole number of chips, 0 or more, not {self.bring_in!r}")
        if self.limit is not None:
            if not isinstance(self.limit, str):
                raise RoomError(f"limit must be a limit structure's name such as 'no' or 'fixed', not {self.limit!r}")
            Limit.parse(self.limit)  # UnsupportedRule naming the known structures
        if self.seats is not None and not (whole_number(self.seats) and self.seats >= 2):
            # the game's own range (at most 10 seats) is checked by the table, which knows the game
            raise RoomError(
                f"seats must be a whole number of seats, 2 or more (or None: the game's maximum), not {self.seats!r}"
            )
        if self.buy_in is not None and not isinstance(self.buy_in, BuyIn):
            raise RoomError(f"buy_in must be a BuyIn(minimum, maximum), not {self.buy_in!r}")
        for flag in ("real_money", "auto_showdown"):
            if not isinstance(getattr(self, flag), bool):
                raise RoomError(f"{flag} must be True or False, not {getattr(self, flag)!r}")
        for flag in ("rebuy_cap", "rebuy_only_busted"):
            if getattr(self, flag) is not None and not isinstance(getattr(self, flag), bool):
                raise RoomError(f"{flag} must be True, False or None (the game's rule), not {getattr(self, flag)!r}")
        if not (whole_number(self.cents_per_chip) and self.cents_per_chip >= 1):
            raise RoomError(f"cents_per_chip must be a whole number of cents, 1 or more, not {self.cents_per_chip!r}")
        if self.min_stack is not None and not (whole_number(self.min_stack) and self.min_stack >= 1):
            raise RoomError(
                "min_stack must be a whole number of chips, 1 or more (or None: the game's own), "
                f"not {self.min_stack!r}"
            )
        if not (whole_number(self.aai_per_24h) and self.aai_per_24h >= 0):
            raise RoomError(f"aai_per_24h must be a whole number, 0 or more, not {self.aai_per_24h!r}")
        for name in ("action_seconds", "bank_seconds"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < math.inf:
                raise RoomError(f"{name} must be a number of seconds, 0 or more, not {value!r}")
        object.__setattr__(self, "dealer", _enum(Dealer, "dealer", self.dealer))
        object.__setattr__(self, "new_player_rule", _enum(NewPlayerRule, "new_player_rule", self.new_player_rule))

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-ready data (the store keeps them with the table)."""
        out: dict[str, Any] = {k: v for k, v in self.__dict__.items() if k != "buy_in"}
        if self.buy_in is not None:
            out["buy_in"] = [self.buy_in.minimum, self.buy_in.maximum]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableConfig:
        """The inverse of :meth:`to_dict`."""
        d = dict(data)
        if d.get("buy_in") is not None:
            lo, hi = d["buy_in"]
            d["buy_in"] = BuyIn(lo, hi)
        if d.get("blinds") is not None:
            d["blinds"] = tuple(d["blinds"])
        if d.get("rules"):
            d["rules"] = {k: _tuples(v) for k, v in d["rules"].items()}  # JSON lists back to the tuples rules take
        # JSON gives the enums back as plain strings: __post_init__ turns them into the enums.
        return cls(**d)


@dataclass
class SeatState:
    """One occupied seat: the ``player``'s name and ``stack`` in chips; ``sitting_out``; ``new`` (joined a
    running game, has not played yet); missed blinds owed; ``post`` (posts owed blinds rather than wait);
    ``connected``; ``fee_due`` (the club's new-player fee)."""

    player: str
    stack: int
    sitting_out: bool = False
    new: bool = False
    owes_big: bool = False
    owes_small: bool = False
    post: bool = True
    connected: bool = True
    fee_due: bool = False
    busted_at: int | None = None


@dataclass(frozen=True)
class RoomEvent:
    """Something the room did between or around hands: ``kind`` (``sit``, ``stand``, ``buy_in``, ``rebuy``,
    ``sit_out``, ``return``, ``missed_blind``, ``wait``, ``timeout``, ``protected``, ``warning``, ``rake``,
    ``carried``), the ``seat``, ``player``, ``amount`` in chips, and ``text``."""

    kind: str
    seat: int | None = None
    player: str | None = None
    amount: int = 0
    text: str = ""
