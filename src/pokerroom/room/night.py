"""The club's game night: seats and the first dealer by lot, the deal going round, when the evening ends, buy-ins
and rebuys, house rules agreed for the evening and changed between hands, and the cash-out sheet.

Pure bookkeeping (no engine, no I/O): a table calls it between hands.  Money is in **öre** (1 kr = 100 öre), chips
are whole chips, session length is in minutes.

Sources:

* Seeds 000/001 chapter 4 ("Spelet"): agree the variations, draw seats by lot, buy in, draw the first dealer (or
  use a fixed seat), play the hands, cash every player's chips in for money.
* RULES §3.11 "The club games": the deal moves one seat clockwise each hand so that everyone deals equally often;
  the evening ends on a completed orbit after the agreed time or number of hands (2½ hours, about 50 hands).
* RULES §4 G1/G2 tables: 20 öre per chip in club lowball (50 kr = 250 chips; no-limit lowball 500 chips for
  50 kr), 10 öre in club hold'em (50 kr = 500 chips); everyone's first buy-in is the same; rebuys only between
  hands (no-limit lowball: only with no chips left; hold'em: up to X = M / S chips, A-G2-6); a new player in
  hold'em pays a fee of the first blind in their first hand (A-G2-7).
* RULES §5 meta-rules 1-3: variations are agreed for the evening; one not discussed before a hand keeps the
  evening's agreement (or the default); they may change between hands.
* A-G1-7 / A-G2-8: chips carried over in the pot are paid out on the last hand, so at cash-out every chip bought
  is in front of a player.
"""

from __future__ import annotations

import math
import random
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from pokerroom.chips import whole_number
from pokerroom.errors import RoomError
from pokerroom.games import Game, Limit, club, find
from pokerroom.room.cashout import CashOut, CashOutRow, format_kronor, settle
from pokerroom.room.record_json import rule_value_from_json, rule_value_json
from pokerroom.words import plural

__all__ = [
    "BUYIN_ORE",
    "GAMES",
    "NOT_AGREED_HANDS",
    "NOT_AGREED_MINUTES",
    "BuyIn",
    "CashOut",
    "CashOutRow",
    "Move",
    "Night",
    "NightConfig",
    "check_name",
    "draw_first_dealer",
    "draw_seats",
    "format_kronor",
    "name_key",
]

GAMES = ("club-lowball", "club-holdem")
"""The club games a night can be played with (RULES G1, G2)."""

BUYIN_ORE = 5000
"""The club's standard buy-in: 50 kr, in öre (seeds 000/001 variation "Inköp")."""

NOT_AGREED_HANDS = 10**9
NOT_AGREED_MINUTES = 1e12
"""The length kept for a limit the players did not agree (NightConfig takes finite numbers only): never reached."""


def _check_minutes(minutes: object) -> None:
    if isinstance(minutes, bool) or not isinstance(minutes, int | float) or not math.isfinite(minutes) or minutes < 0:
        raise RoomError(
            f"the session length in minutes must be a number, 0 or more and finite (not NaN or infinity), "
            f"not {minutes!r}"
        )


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise RoomError(f"a club night plays {' or '.join(GAMES)}, not {game!r}")


@dataclass(frozen=True, init=False)
class NightConfig:
    """What the players agreed before the evening (seed chapter 4 step 1).

    * ``game``: ``"club-lowball"`` or ``"club-holdem"``.
    * ``price_per_chip``: öre per chip; default :meth:`default_price`.
    * ``first_buyin``: chips in everyone's first buy-in (all equal); default 50 kr worth (250 chips in lowball,
      500 in hold'em or no-limit lowball).
    * ``minutes`` and ``hands``: the agreed session length (150 minutes, 50 hands); the evening ends on the
      completed orbit after either is reached.  ``minutes`` is a finite number, 0 or more (NaN would never be
      reached, nor would infinity); ``hands`` a whole number, at least 1.
    * ``house_rules``: the variations agreed for the evening, by house-rule name (RULES §5); a copy is kept.
    * ``no_limit``: the evening plays no-limit (always so in club hold'em); sets the lowball price and rebuy rule.

    Raises :class:`RoomError` for an unknown game or a price, buy-in or length out of range (NaN, infinite or
    negative minutes, fewer than 1 hand).
    """

    game: str
    price_per_chip: int
    first_buyin: int
    minutes: float
    hands: int
    house_rules: dict[str, object] = field(hash=False)
    no_limit: bool

    def __init__(
        self,
        game: str = "club-lowball",
        price_per_chip: int | None = None,
        first_buyin: int | None = None,
        minutes: float = 150.0,
        hands: int = 50,
        house_rules: Mapping[str, object] | None = None,
        *,
        no_limit: bool = False,
    ) -> None:
        _check_game(game)
        no_limit = no_limit or game == "club-holdem"
        price = self.default_price(game, no_limit) if price_per_chip is None else price_per_chip
        if price <= 0:
            raise RoomError(f"price_per_chip must be at least 1 öre, not {price}")
        buyin = BUYIN_ORE // price if first_buyin is None else first_buyin
        if buyin <= 0:
            raise RoomError(f"first_buyin must be at least 1 chip, not {buyin}")
        if not whole_number(hands) or hands < 1:
            raise RoomError(f"the session length in hands must be a whole number, at least 1, not {hands!r}")
        _check_minutes(minutes)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "price_per_chip", price)
        object.__setattr__(self, "first_buyin", buyin)
        object.__setattr__(self, "minutes", minutes)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "house_rules", dict(house_rules or {}))
        object.__setattr__(self, "no_limit", no_limit)

    @staticmethod
    def length(hands: int | None, minutes: float | None) -> tuple[int, float]:
        """The session length agreed from what the players named: neither, the club's 50 hands or 150 minutes
        (RULES §3.11); one of them, only it ends the evening (the other is :data:`NOT_AGREED_HANDS` or
        :data:`NOT_AGREED_MINUTES`).  Raises :class:`RoomError` for minutes that are not more than 0."""
        if minutes is not None:
            _check_minutes(minutes)
            if minutes == 0:
                raise RoomError("the evening needs some minutes, more than 0, not 0")
        if hands is None and minutes is None:
            return 50, 150.0
        return (NOT_AGREED_HANDS if hands is None else hands), (NOT_AGREED_MINUTES if minutes is None else minutes)

    @property
    def agreed_hands(self) -> int | None:
        """The hands agreed, or ``None`` when only minutes were."""
        return None if self.hands >= NOT_AGREED_HANDS else self.hands

    @property
    def agreed_minutes(self) -> float | None:
        """The minutes agreed, or ``None`` when only hands were."""
        return None if self.minutes >= NOT_AGREED_MINUTES else self.minutes

    def length_text(self) -> str:
        """The agreed length as said: ``50 hands or 150 minutes``, ``8 hands``, ``90 minutes``."""
        parts = []
        if self.agreed_hands is not None:
            parts.append(plural(self.agreed_hands, "hand"))
        if self.agreed_minutes is not None:
            parts.append(plural(self.agreed_minutes, "minute", spec="g"))
        return " or ".join(parts)

    def to_json(self) -> dict[str, object]:
        """The agreement as JSON holds it (house-rule tuples as lists); :meth:`from_json` reads it back."""
        return {
            "game": self.game,
            "price_per_chip": self.price_per_chip,
            "first_buyin": self.first_buyin,
            "minutes": self.minutes,
            "hands": self.hands,
            "house_rules": {k: rule_value_json(v) for k, v in self.house_rules.items()},
            "no_limit": self.no_limit,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> NightConfig:
        """The agreement :meth:`to_json` wrote.  Raises :class:`RoomError` for a field missing or out of range."""
        try:
            rules = {str(k): rule_value_from_json(v) for k, v in dict(data["house_rules"]).items()}
            return cls(
                data["game"],
                price_per_chip=data["price_per_chip"],
                first_buyin=data["first_buyin"],
                minutes=data["minutes"],
                hands=data["hands"],
                house_rules=rules,
                no_limit=bool(data["no_limit"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RoomError(f"the stored agreement of the night cannot be read: {exc!r}") from None

    @classmethod
    def default_price(cls, game: str, no_limit: bool = False) -> int:
        """The club's price per chip in öre: 20 in club lowball (250 chips for 50 kr), 10 in no-limit lowball
        (500 chips for 50 kr) and in club hold'em (500 chips for 50 kr).  Raises :class:`RoomError` for an
        unknown game.

        >>> NightConfig.default_price("club-lowball"), NightConfig.default_price("club-lowball", no_limit=True)
        (20, 10)
        """
        _check_game(game)
        return 20 if game == "club-lowball" and not no_limit else 10


def draw_seats(names: Iterable[str], rng: random.Random) -> list[str]:
    """The players in seat order (seat 0, 1, ... clockwise) drawn by lot with ``rng``.  Raises
    :class:`RoomError` for an empty or repeated name."""
    seats = list(names)
    _check_names(seats)
    rng.shuffle(seats)
    return seats


def draw_first_dealer(n: int, rng: random.Random) -> int:
    """The seat (0..n-1) of the first dealer, drawn by lot with ``rng``.  Raises :class:`RoomError` when
    ``n < 1``."""
    if n < 1:
        raise RoomError(f"cannot draw a dealer among {n} players")
    return rng.randrange(n)


def check_name(name: object) -> str:
    """``name`` as a player's name: text with something besides spaces, no control characters (a name is
    printed on the table and the sheet), at most 40 characters.  Returns it without surrounding spaces; raises
    :class:`RoomError` saying what is wrong."""
    if not isinstance(name, str) or not name.strip():
        raise RoomError("a player needs a name")
    name = name.strip()
    if any(unicodedata.category(c) in ("Cc", "Cf") for c in name):
        raise RoomError(f"a name has no control characters: {name!r}")
    if len(name) > 40:
        raise RoomError(f"a name has at most 40 characters, not {len(name)}")
    return name


def name_key(name: str) -> str:
    """The form two names are compared in: without case and surrounding spaces ("anna" is "Anna")."""
    return name.strip().casefold()


def _check_names(names: Sequence[str]) -> None:
    seen: set[str] = set()
    for name in names:
        check_name(name)
        if name_key(name) in seen:
            raise RoomError(f"two players named {name!r}; names must differ (without regard to case)")
        seen.add(name_key(name))


@dataclass(frozen=True)
class BuyIn:
    """One purchase of chips: before hand ``hand`` + 1 (``hand`` = hands started so far), ``chips`` for ``ore``."""

    name: str
    hand: int
    chips: int
    ore: int
    rebuy: bool


@dataclass(frozen=True)
class Move:
    """A player arriving (``"join"``) or leaving (``"leave"``, with the ``chips`` cashed) before hand ``hand`` + 1
    (``hand`` = hands started so far)."""

    name: str
    hand: int
    kind: str
    chips: int


class Night:
    """One game night of the club: seating, the deal, the session length, the money and the house rules.

    Hands are numbered from 1.  :attr:`hand` is the number of hands started (0 before the first);
    :meth:`next_hand` starts the next one.  The table asks :meth:`is_over` between hands.

    The deal goes to the next seated player clockwise each hand.  An *orbit* starts with the first dealer (the
    *anchor*; if they leave, the next player clockwise takes the role) and is complete when the deal is back at
    the anchor: then every player seated for the whole orbit has dealt once more.  A late player deals from
    their first turn on, so they can trail by one deal for the orbit they joined in.
    """

    def __init__(
        self,
        config: NightConfig,
        names: Iterable[str],
        *,
        rng: random.Random,
        first_dealer: int | None = None,
    ) -> None:
        """Seat ``names`` by lot and draw the first dealer with ``rng``; ``first_dealer`` (a seat index) fixes
        the first dealer by agreement instead.  Raises :class:`RoomError` for fewer than two players, a repeated
        name or a seat out of range."""
        self.config = config
        self._rng = rng
        self._seats = draw_seats(names, rng)
        n = len(self._seats)
        if n < 2:
            raise RoomError(f"a club night needs at least 2 players, not {n}")
        if first_dealer is None:
            first_dealer = draw_first_dealer(n, rng)
        elif not 0 <= first_dealer < n:
            raise RoomError(f"first_dealer must be a seat 0..{n - 1}, not {first_dealer}")
        first = self._seats[first_dealer]
        self._first_dealer = first
        self._anchor = first
        self._dealer = first  # who deals the current hand (before hand 1: the first dealer)
        self._upcoming = first  # who deals the next hand
        self._orbit_done = False  # the deal is back at the anchor after a full orbit
        self._hand = 0
        self._players = list(self._seats)  # everyone who has sat this evening, in order of arrival
        self._deals: dict[str, int] = dict.fromkeys(self._seats, 0)
        self._buys: list[BuyIn] = []
        self._cashed: dict[str, int] = {}
        self._changes: list[tuple[int, str, object]] = []
        self._fee_due: set[str] = set()
        self._moves: list[Move] = []

    @property
    def game(self) -> Game:
        """The evening's game as registered: its house declarations (the rebuy cap, the new-player fee, the
        no-limit rebuy rule) apply to the evening's books."""
        return find(self.config.game)

    @property
    def limit(self) -> Limit:
        """The evening's betting structure: no limit when agreed, else the game's own."""
        return Limit.NO if self.config.no_limit else self.game.default_limit

    # -- seating and the deal -------------------------------------------------------------------------------

    @property
    def seats(self) -> list[str]:
        """The seated players in seat order (seat 0, 1, ... clockwise)."""
        return list(self._seats)

    @property
    def players(self) -> list[str]:
        """Everyone who has sat this evening (also those who left), in order of arrival."""
        return list(self._players)

    def resolve(self, name: str) -> str:
        """The name of the evening's player ``name`` stands for, matched without case ("anna" is "Anna"), seated
        or not.  Raises :class:`RoomError` naming the players when nobody of that name has sat this evening."""
        key = name_key(name)
        for player in self._players:
            if name_key(player) == key:
                return player
        raise RoomError(f"nobody named {name.strip()!r} has sat this evening; players: {', '.join(self._players)}")

    def is_seated(self, name: str) -> bool:
        """Whether ``name`` (matched without case) is seated now."""
        key = name_key(name)
        return any(name_key(p) == key for p in self._seats)

    @property
    def moves(self) -> list[Move]:
        """Every arrival and departure after the start of the evening, in order."""
        return list(self._moves)

    @property
    def hand(self) -> int:
        """The number of hands started (the current or last hand's number; 0 before the first)."""
        return self._hand

    @property
    def first_dealer(self) -> str:
        """The player drawn (or agreed) to deal the first hand."""
        return self._first_dealer

    @property
    def dealer_name(self) -> str:
        """Who deals the current hand (before the first hand: the first dealer).  If that player has left, the
        player who deals next."""
        return self._dealer if self._dealer in self._seats else self._upcoming

    @property
    def dealer(self) -> int:
        """The seat index (into :attr:`seats`) of :attr:`dealer_name`."""
        return self._seats.index(self.dealer_name)

    @property
    def next_dealer(self) -> str:
        """Who deals the next hand :meth:`next_hand` starts."""
        return self._upcoming

    @property
    def deals(self) -> dict[str, int]:
        """How many hands each player has dealt this evening (also those who left)."""
        return dict(self._deals)

    @property
    def orbit_complete(self) -> bool:
        """Whether at least one hand has been played and the deal is back at the orbit's first dealer."""
        return self._hand > 0 and self._orbit_done

    def _left_of(self, name: str) -> str:
        i = self._seats.index(name)
        return self._seats[(i + 1) % len(self._seats)]

    def next_hand(self) -> int:
        """Start the next hand and return its number: the first hand is dealt by the first dealer, each later one
        by the next seated player clockwise.  Counts the deal.  Raises :class:`RoomError` with fewer than two
        players seated or a seated player who has not bought in."""
        if len(self._seats) < 2:
            raise RoomError(f"a hand needs at least 2 seated players; {len(self._seats)} seated")
        bought = {b.name for b in self._buys}
        missing = [n for n in self._seats if n not in bought]
        if missing:
            raise RoomError(
                f"{', '.join(missing)} must buy in ({plural(self.config.first_buyin, 'chip')}) before the deal"
            )
        self._dealer = self._upcoming
        self._deals[self._dealer] += 1
        self._hand += 1
        self._upcoming = self._left_of(self._dealer)
        self._orbit_done = self._upcoming == self._anchor
        return self._hand

    def is_over(self, elapsed_minutes: float) -> bool:
        """Whether the evening ends now, between hands: only at a completed orbit (:attr:`orbit_complete`),
        and only once the agreed number of hands is played or ``elapsed_minutes`` (minutes since the first hand)
        has reached the agreed time (RULES §3.11).  With 6 players and 50 hands agreed: True after hand 54."""
        reached = self._hand >= self.config.hands or elapsed_minutes >= self.config.minutes
        return self.orbit_complete and reached

    def next_is_last(self, elapsed_minutes: float) -> bool:
        """Whether the next hand will end the evening (:meth:`is_over` after it, asked of a copy): it completes an
        orbit and the agreed length is reached by then, so it pays out the carried odd chips (A-G1-7)."""
        probe = Night.from_json(self.to_json())
        probe.next_hand()
        return probe.is_over(elapsed_minutes)

    def join(self, name: str) -> int:
        """Seat a late player by lot in one of the gaps between the seated players (``rng``); returns their seat
        index.  They buy in with :meth:`buy_in` before the next deal; in club hold'em they owe the new-player fee
        (:meth:`fee_due`).  A player who left may come back (they then buy chips with :meth:`rebuy`).  Raises
        :class:`RoomError` for a seated name or an empty name."""
        name = check_name(name)
        if len(self._seats) >= self.game.max_players:
            raise RoomError(f"the table is full: a club table seats at most {self.game.max_players} players")
        if self.is_seated(name):
            seated = self.resolve(name)
            raise RoomError(f"{seated!r} is already seated (seat {self._seats.index(seated) + 1})")
        if any(name_key(p) == name_key(name) for p in self._players):
            name = self.resolve(name)  # a player who left comes back under the name they had
        # Gap k lies between seat k-1 and seat k; gap len(seats) (behind the last seat) is the same as gap 0.
        seat = self._rng.randrange(len(self._seats)) + 1
        self._seats.insert(seat, name)
        if name not in self._deals:
            self._players.append(name)
            self._deals[name] = 0
        if self.game.house.new_player_fee:
            self._fee_due.add(name)
        self._moves.append(Move(name, self._hand, "join", 0))
        return seat

    def leave(self, name: str, chips: int) -> int:
        """``name`` leaves between hands with ``chips``, cashed in at that moment; returns their worth in öre.
        The deal and the orbit's first dealer pass to the next player clockwise if they were theirs.  Raises
        :class:`RoomError` for a player not seated, negative chips, or the last seated player (whose chips go on
        the cash-out sheet)."""
        self._seated(name)
        if chips < 0:
            raise RoomError(f"{name} cannot leave with {plural(chips, 'chip')}")
        if len(self._seats) == 1:
            raise RoomError(f"{name} is the last player; settle the evening with cash_out_sheet")
        after = self._left_of(name)
        if self._anchor == name and self._upcoming == name:
            # Between orbits (or before the first hand) both roles pass on; the orbit stays as complete as it was.
            self._anchor = self._upcoming = after
        elif self._anchor == name:
            # Mid-orbit the neighbour takes over as anchor; the orbit still needs the deals up to them.
            self._anchor = after
            self._orbit_done = False
        elif self._upcoming == name:
            self._upcoming = after
            self._orbit_done = after == self._anchor  # the leaver was the orbit's last dealer
        if self._dealer == name and self._hand == 0:
            self._dealer = after
        self._seats.remove(name)
        self._cashed[name] = self._cashed.get(name, 0) + chips
        self._fee_due.discard(name)
        self._moves.append(Move(name, self._hand, "leave", chips))
        return chips * self.config.price_per_chip

    def _seated(self, name: str) -> None:
        if name not in self._seats:
            raise RoomError(f"{name!r} is not seated; seated: {', '.join(self._seats)}")

    # -- new-player fee (club hold'em, A-G2-7) ---------------------------------------------------------------

    def fee_due(self, name: str) -> bool:
        """Whether ``name`` owes the new-player fee (the first blind, dead money) in the next hand they play
        (club hold'em: a late player, or a busted player marked with :meth:`owe_fee`)."""
        return name in self._fee_due

    def owe_fee(self, name: str) -> None:
        """Mark ``name`` as a new player who owes the fee (a busted player who did not rebuy at once, RULES G2).
        Raises :class:`RoomError` for a player not seated."""
        self._seated(name)
        self._fee_due.add(name)

    def fee_paid(self, name: str) -> None:
        """Record that ``name`` paid the new-player fee.  Raises :class:`RoomError` if they owed none."""
        if name not in self._fee_due:
            raise RoomError(f"{name!r} owes no new-player fee")
        self._fee_due.discard(name)

    # -- money ----------------------------------------------------------------------------------------------

    @property
    def buys(self) -> list[BuyIn]:
        """Every buy-in and rebuy of the evening, in order."""
        return list(self._buys)

    def cashed(self, name: str) -> int:
        """The chips ``name`` took home when they left the table this evening (0 when they never left)."""
        return self._cashed.get(name, 0)

    def chips_bought(self, name: str) -> int:
        """All the chips ``name`` has bought this evening."""
        return sum(b.chips for b in self._buys if b.name == name)

    def buy_in(self, name: str, chips: int, *, late: bool = False) -> int:
        """``name``'s first buy-in of the evening; returns its price in öre (chips × price).  Everyone's first
        buy-in is the same (RULES G2 "Inköp"), so ``chips`` must be ``config.first_buyin``; a player arriving
        after the first hand (``late``) in club hold'em buys up to the cap X = M/S instead (A-G2-6: the table
        checks the cap), any whole number of chips from 1.  Raises :class:`RoomError` for another amount, a
        player not seated, or one who has bought in already (unless they left and came back: their buy-in is a
        new player's, recorded as a rebuy)."""
        self._seated(name)
        returning = late and name in self._cashed  # left earlier and came back: buys in as a new player
        if any(b.name == name for b in self._buys) and not returning:
            raise RoomError(f"{name} has bought in already; more chips are a rebuy")
        capped = late and self.game.house.rebuy_to_average
        if capped and chips < 1:
            raise RoomError(f"a buy-in is at least 1 chip, not {chips}")
        if not capped and chips != self.config.first_buyin:
            raise RoomError(
                f"everyone's first buy-in is {plural(self.config.first_buyin, 'chip')} "
                f"({format_kronor(self.config.first_buyin * self.config.price_per_chip)}), not {chips}"
            )
        return self._record(name, chips, rebuy=returning)

    def rebuy(self, name: str, chips: int, *, stacks: Mapping[str, int] | None = None) -> int:
        """``name`` buys ``chips`` more between hands; returns the price in öre (chips × price).  With
        ``stacks`` (every seated player's chips now, pot carry excluded) the game's rebuy rule is checked too:
        no-limit lowball only with no chips left (RULES §5.1 #7); club hold'em up to
        :func:`pokerroom.games.club.rebuy_cap` (A-G2-6).  Raises :class:`RoomError` for a player not seated or
        not yet bought in, fewer than 1 chip, or a rebuy the rule forbids."""
        self._seated(name)
        if not any(b.name == name for b in self._buys):
            raise RoomError(
                f"{name} has not bought in; the first purchase is the buy-in of "
                f"{plural(self.config.first_buyin, 'chip')}"
            )
        if chips < 1:
            raise RoomError(f"a rebuy is at least 1 chip, not {chips}")
        if stacks is not None:
            own = stacks.get(name, 0)
            house = self.game.house
            if house.rebuy_to_average:
                cap = club.rebuy_cap(list(stacks.values()), own)
                if chips > cap:
                    m, s = sum(stacks.values()), len(stacks)
                    raise RoomError(
                        f"{name} may buy at most {plural(cap, 'chip')}: X = {m} / {s} = {plural(m // s, 'chip')} after "
                        f"the rebuy, and {name} has {own}"
                    )
            elif house.rebuy_only_busted(self.limit) and own > 0:
                raise RoomError(f"in no-limit lowball a rebuy waits until all chips are gone; {name} has {own}")
        return self._record(name, chips, rebuy=True)

    def _record(self, name: str, chips: int, *, rebuy: bool) -> int:
        ore = chips * self.config.price_per_chip
        self._buys.append(BuyIn(name, self._hand, chips, ore, rebuy))
        return ore

    # -- house rules (RULES §5 meta-rules) -----------------------------------------------------------------

    def set_rule(self, key: str, value: object) -> int:
        """Change the house rule ``key`` to ``value`` from the next hand on (meta-rule 2: changes are agreed
        between hands; the current hand keeps its rules).  Returns the first hand it applies to.  Raises
        :class:`RoomError` for an empty key."""
        if not key:
            raise RoomError("a house rule needs a name")
        start = self._hand + 1
        self._changes.append((start, key, value))
        return start

    @property
    def rule_changes(self) -> list[tuple[int, str, object]]:
        """Every change made during the evening: (first hand it applies to, rule, value), in order."""
        return list(self._changes)

    def rules_for_hand(self, n: int) -> dict[str, object]:
        """The house rules agreed for hand ``n`` (from 1): the evening's agreement with every change made before
        hand ``n`` applied.  Rules never discussed are absent: the game's default applies (meta-rule 1).  Raises
        :class:`RoomError` for ``n < 1``."""
        if n < 1:
            raise RoomError(f"hands are numbered from 1, not {n}")
        rules = dict(self.config.house_rules)
        for start, key, value in self._changes:
            if start <= n:
                rules[key] = value
        return rules

    # -- the evening kept on disk ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, object]:
        """Everything the evening's books hold, as JSON holds it (the random state of the draws too, so a night
        read back with :meth:`from_json` draws the same late seats)."""
        version, internal, gauss = self._rng.getstate()
        return {
            "config": self.config.to_json(),
            "rng": [version, list(internal), gauss],
            "seats": list(self._seats),
            "first_dealer": self._first_dealer,
            "anchor": self._anchor,
            "dealer": self._dealer,
            "upcoming": self._upcoming,
            "orbit_done": self._orbit_done,
            "hand": self._hand,
            "players": list(self._players),
            "deals": dict(self._deals),
            "buys": [asdict(b) for b in self._buys],
            "cashed": dict(self._cashed),
            "changes": [[start, key, rule_value_json(value)] for start, key, value in self._changes],
            "fee_due": sorted(self._fee_due),
            "moves": [asdict(m) for m in self._moves],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Night:
        """The night :meth:`to_json` wrote.  Raises :class:`RoomError` when a field is missing or of the wrong
        kind, or the books do not hang together (a dealer or buyer who never sat)."""
        try:
            night = cls.__new__(cls)
            night.config = NightConfig.from_json(data["config"])
            version, internal, gauss = data["rng"]
            night._rng = random.Random()
            night._rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
            night._seats = [str(n) for n in data["seats"]]
            night._first_dealer = str(data["first_dealer"])
            night._anchor = str(data["anchor"])
            night._dealer = str(data["dealer"])
            night._upcoming = str(data["upcoming"])
            night._orbit_done = bool(data["orbit_done"])
            night._hand = int(data["hand"])
            night._players = [str(n) for n in data["players"]]
            night._deals = {str(k): int(v) for k, v in dict(data["deals"]).items()}
            night._buys = [BuyIn(**b) for b in data["buys"]]
            night._cashed = {str(k): int(v) for k, v in dict(data["cashed"]).items()}
            night._changes = [(int(a), str(k), rule_value_from_json(v)) for a, k, v in data["changes"]]
            night._fee_due = {str(n) for n in data["fee_due"]}
            night._moves = [Move(**m) for m in data["moves"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise RoomError(f"the stored night cannot be read: {exc!r}") from None
        known = set(night._players)
        named = {*night._seats, night._anchor, night._upcoming, *night._deals, *(b.name for b in night._buys)}
        if not named <= known:
            raise RoomError(f"the stored night names players who never sat: {sorted(named - known)}")
        if len(set(night._seats)) != len(night._seats):
            raise RoomError(f"the stored night seats a player twice: {night._seats}")
        return night

    # -- the end of the evening ------------------------------------------------------------------------------

    def cash_out_sheet(self, final_chips: Mapping[str, int]) -> CashOut:
        """The evening's settlement: ``final_chips`` gives every seated player's chips at the end (players who
        left count with the chips they left with).  Each row has the money paid for chips, the chips' worth and
        the net (öre); ``transfers`` settle the nets player to player (greedy, largest debtor to largest
        creditor).  Raises :class:`RoomError` when ``final_chips`` does not name exactly the seated players, has
        negative chips, or its chips (with those cashed by leavers) differ from the chips bought: chips carried
        in the pot must have been paid out on the last hand (A-G1-7)."""
        names, given = set(self._seats), set(final_chips)
        if names != given:
            parts = []
            if names - given:
                parts.append(f"missing {', '.join(sorted(names - given))}")
            if given - names:
                parts.append(f"not seated {', '.join(sorted(given - names))}")
            raise RoomError(f"final chips must name exactly the seated players ({'; '.join(parts)})")
        for name, chips in final_chips.items():
            if chips < 0:
                raise RoomError(f"{name} cannot end with {plural(chips, 'chip')}")
        price = self.config.price_per_chip
        rows = []
        for name in self._players:
            out = final_chips[name] if name in names else 0
            out += self._cashed.get(name, 0)
            bought = self.chips_bought(name)
            rows.append(CashOutRow(name, bought, bought * price, out, out * price))
        total_in = sum(r.chips_bought for r in rows)
        total_out = sum(r.chips_out for r in rows)
        if total_in != total_out:
            diff = total_out - total_in
            raise RoomError(
                f"the chips at the end ({total_out}) differ from the chips bought ({total_in}) by {diff:+d} "
                f"({format_kronor(diff * price)}); chips carried in the pot must be paid out on the last hand "
                f"(A-G1-7) and every chip counted"
            )
        return CashOut(rows, settle({r.name: r.net for r in rows}), price)
