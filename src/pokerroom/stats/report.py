"""Player statistics over many hands: each replayed hand's :class:`~pokerroom.stats.counters.HandCounts` summed
per player, optionally per game and stakes, with bb/100 and its 95% interval (``docs/cli.md``, "pokerroom
stats").

* :class:`Report`: :meth:`Report.add` takes one :class:`~pokerroom.formats.replay.ReplayResult` (a PHH hand's
  :func:`~pokerroom.formats.replay.replay`, a PokerStars hand's :func:`~pokerroom.formats.pokerstars.check`);
  :meth:`Report.rows` gives a :class:`PlayerStats` per player and group;
* :func:`uncounted`: why a replay's hand is not counted (``None`` when it is);
* :func:`interval`: the mean per 100 hands and the half-width of its 95% interval.

Players are the record's ``players`` (PHH ``players``; a PokerStars hand's screen names); a record without names
calls its players ``p1`` .. ``pN`` by position, so the same ``p1`` in two such files is one "player".

Amounts: ``net_chips`` is in the file's own units (chips, or dollars for a PokerStars cash game); ``net_bb`` and
bb/100 are in each hand's bet unit (:func:`~pokerroom.stats.counters.bet_unit`: the big blind, the small bet at
fixed limit and in stud), hand by hand, so hands at different stakes add up in bet units.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from pokerroom.engine import Hand
from pokerroom.errors import PokerroomError
from pokerroom.formats.phh_actions import plain_amount
from pokerroom.formats.replay import PASSING, ReplayResult
from pokerroom.games import Limit
from pokerroom.stats.counters import HandCounts, SeatCounts, count_hand

__all__ = [
    "COLUMNS",
    "GROUPS",
    "RATIOS",
    "Z95",
    "PlayerStats",
    "Ratio",
    "Report",
    "StatsError",
    "interval",
    "stakes_label",
    "uncounted",
]

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""

GROUPS = ("game", "stakes")
"""What rows can be grouped by besides the player: the game (its id and limit) and the stakes."""

RATIOS = ("vpip", "pfr", "three_bet", "fold_to_three_bet", "wtsd", "wsd")
"""The statistics that are a count of acts over a count of chances, in the order tables show them."""


class StatsError(PokerroomError):
    """A hand that cannot be counted (the reason in the message), or a grouping that does not exist."""


@dataclass(frozen=True, slots=True)
class Ratio:
    """``made`` acts of ``chances`` opportunities; ``percent`` is ``None`` without a chance."""

    made: int
    chances: int

    @property
    def percent(self) -> float | None:
        return 100 * self.made / self.chances if self.chances else None


def interval(n: int, mean: float, m2: float) -> tuple[float, float]:
    """The mean per 100 hands of per-hand results with ``n`` values, mean ``mean`` and sum of squared deviations
    ``m2`` (Welford's running sums), and the half-width of its 95% interval by the normal approximation:
    ``1.96 · s / √n`` per hand (``s`` the sample standard deviation), times 100.  Fewer than two hands: an
    infinite half-width (no hands: a mean of 0).

    >>> mean, half = interval(4, 0.0, 400.0)  # results 10, -10, 10, -10
    >>> mean, round(half, 1)
    (0.0, 1131.6)
    """
    if n == 0:
        return 0.0, math.inf
    if n < 2:
        return 100 * mean, math.inf
    return 100 * mean, 100 * Z95 * math.sqrt(m2 / (n - 1)) / math.sqrt(n)


@dataclass(slots=True)
class PlayerStats:
    """One player's statistics over the hands counted (in one group when rows are grouped: ``game``, ``limit``
    and ``stakes`` are ``None`` where they are not).  Counts (the chances are defined in
    :mod:`pokerroom.stats.counters`):

    * ``hands``: hands dealt in; ``decided``: hands with a decision in the first round (VPIP and PFR's chances);
    * ``vpip``, ``pfr``, ``three_bet`` / ``three_bet_chances``, ``fold_to_three_bet`` /
      ``fold_to_three_bet_chances``;
    * ``saw_second`` (saw the flop or the game's second street: the chances of WTSD), ``showdowns`` (WTSD; the
      chances of W$SD), ``won_showdowns`` (W$SD);
    * ``aggressive`` (postflop bets and raises), ``calls`` (postflop calls);
    * ``net_chips``: the net result in the file's units; ``net_bb``: in bet units (exact); ``_mean``/``_m2``: the
      running mean and sum of squared deviations of the per-hand results in bet units (for the interval).
    """

    player: str
    game: str | None = None
    limit: str | None = None
    stakes: str | None = None
    hands: int = 0
    decided: int = 0
    vpip_count: int = 0
    pfr_count: int = 0
    three_bet_count: int = 0
    three_bet_chances: int = 0
    fold_to_three_bet_count: int = 0
    fold_to_three_bet_chances: int = 0
    saw_second: int = 0
    showdowns: int = 0
    won_showdowns: int = 0
    aggressive: int = 0
    calls: int = 0
    net_chips: Decimal = field(default_factory=Decimal)
    net_bb: Fraction = field(default_factory=Fraction)
    _mean: float = 0.0
    _m2: float = 0.0

    def add(self, seat: SeatCounts, net: Decimal, net_bb: Fraction) -> None:
        """Count one hand: the seat's counts, its net result in the file's units and in bet units."""
        self.hands += 1
        self.decided += seat.decided
        self.vpip_count += seat.vpip
        self.pfr_count += seat.pfr
        self.three_bet_count += seat.three_bet
        self.three_bet_chances += seat.three_bet_chance
        self.fold_to_three_bet_count += seat.fold_to_three_bet
        self.fold_to_three_bet_chances += seat.fold_to_three_bet_chance
        self.saw_second += seat.saw_second
        self.showdowns += seat.showdown
        self.won_showdowns += seat.won_showdown
        self.aggressive += seat.aggressive
        self.calls += seat.calls
        self.net_chips += net
        self.net_bb += net_bb
        x = float(net_bb)
        delta = x - self._mean
        self._mean += delta / self.hands
        self._m2 += delta * (x - self._mean)

    def ratio(self, name: str) -> Ratio:
        """One of :data:`RATIOS` as a :class:`Ratio`: ``vpip`` and ``pfr`` of ``decided``, ``three_bet`` and
        ``fold_to_three_bet`` of their chances, ``wtsd`` (showdowns) of ``saw_second``, ``wsd`` (won) of
        ``showdowns``.  Raises :class:`KeyError` for another name."""
        pairs = {
            "vpip": (self.vpip_count, self.decided),
            "pfr": (self.pfr_count, self.decided),
            "three_bet": (self.three_bet_count, self.three_bet_chances),
            "fold_to_three_bet": (self.fold_to_three_bet_count, self.fold_to_three_bet_chances),
            "wtsd": (self.showdowns, self.saw_second),
            "wsd": (self.won_showdowns, self.showdowns),
        }
        if name not in pairs:
            raise KeyError(f"{name!r} is not a ratio; ratios: {', '.join(RATIOS)}")
        return Ratio(*pairs[name])

    @property
    def aggression(self) -> float | None:
        """The postflop aggression factor, (bets + raises) / calls; ``None`` without a postflop call."""
        return self.aggressive / self.calls if self.calls else None

    @property
    def bb_per_100(self) -> tuple[float, float]:
        """Bet units won per 100 hands (exact: ``net_bb`` over ``hands``) and the half-width of its 95% interval
        (:func:`interval`)."""
        _, half = interval(self.hands, self._mean, self._m2)
        return (float(100 * self.net_bb / self.hands) if self.hands else 0.0), half

    def to_json(self) -> dict[str, object]:
        """One flat object (``pokerroom stats --json``; ``--csv`` has the same columns): ``player``, ``game``,
        ``limit``, ``stakes``, ``hands``, ``decided``; for each of :data:`RATIOS` its percent (``null`` without a
        chance), ``<name>_count`` and ``<name>_chances``; ``aggression`` (``null`` without a postflop call),
        ``aggressive``, ``calls``; ``net_chips`` (the file's units), ``net_bb``, ``bb_per_100`` and
        ``bb_per_100_half_width`` (``null`` under two hands)."""
        out: dict[str, object] = {
            "player": self.player,
            "game": self.game,
            "limit": self.limit,
            "stakes": self.stakes,
            "hands": self.hands,
            "decided": self.decided,
        }
        for name in RATIOS:
            r = self.ratio(name)
            out[name] = r.percent
            out[f"{name}_count"] = r.made
            out[f"{name}_chances"] = r.chances
        mean, half = self.bb_per_100
        net = self.net_chips
        out.update(
            aggression=self.aggression,
            aggressive=self.aggressive,
            calls=self.calls,
            net_chips=int(net) if net == net.to_integral_value() else float(net),
            net_bb=float(self.net_bb),
            bb_per_100=mean,
            bb_per_100_half_width=None if math.isinf(half) else half,
        )
        return out


COLUMNS: tuple[str, ...] = tuple(PlayerStats("").to_json())
"""The columns of ``--csv`` (the keys of :meth:`PlayerStats.to_json`, in order)."""


def uncounted(result: ReplayResult) -> str | None:
    """Why the hand of ``result`` is not counted, or ``None`` when it is: it is counted when its replay settled it
    and its status passes (``ok``, ``unchecked``, ``rake``: nothing refused, nothing computed differently but an
    implied rake).  ``mismatch``, ``error``, ``incomplete`` and ``unsupported`` hands are not counted (the status
    is the reason)."""
    hand = result.hand
    if result.status not in PASSING or result.status == "incomplete":
        return result.status
    if hand is None or not hand.is_complete:
        return "incomplete"
    return None


def _unit(result: ReplayResult, hand: Hand) -> Decimal:
    """The chip unit the replay used (one engine chip in the file's units): what the pots paid in the file's units
    over the chips they paid, else a final stack over its chips; 1 when neither tells."""
    won = sum(hand.won)
    if result.computed_winnings is not None and won:
        return sum(result.computed_winnings, Decimal(0)) / won
    for shown, chips in zip(result.computed or (), hand.stacks, strict=False):
        if chips and shown.is_finite():
            return shown / chips
    return Decimal(1)


def _net(result: ReplayResult, hand: Hand, unit: Decimal) -> list[Decimal]:
    """Each seat's net result in the file's units: the rules' (:meth:`~pokerroom.engine.Hand.outcome`), less the
    rake the record implies for a ``rake`` hand (from its final stacks, else its winnings)."""
    net = [unit * x for x in hand.outcome()]
    if result.status != "rake":
        return net
    expected = result.expected
    if expected is not None and all(x.is_finite() for x in expected) and len(expected) == hand.n:
        return [x - unit * s for x, s in zip(expected, hand.starting_stacks, strict=True)]
    ours, theirs = result.computed_winnings, result.winnings
    if ours is not None and theirs is not None and len(theirs) == hand.n:
        return [x - max(o - t, Decimal(0)) for x, o, t in zip(net, ours, theirs, strict=True)]
    return net


def stakes_label(hand: Hand, unit: Decimal) -> str:
    """The stakes of ``hand`` in the file's units: the small and big bet at fixed limit (``10/20``), else the
    blinds and straddles posted, smallest first (``50/100``); `` ante X`` added where antes are posted (the
    largest), ``no blinds`` for a game with neither."""
    betting = hand.betting
    if betting.limit is Limit.FIXED:
        sizes = betting.bet_sizes
        parts = [f"{plain_amount(unit * sizes[0])}/{plain_amount(unit * sizes[-1])}"]
    else:
        blinds = sorted(b for b in hand.blinds if b > 0)
        parts = ["/".join(plain_amount(unit * b) for b in blinds)] if blinds else []
    ante = max(hand.antes, default=0)
    if ante:
        parts.append(f"ante {plain_amount(unit * ante)}")
    return " ".join(parts) or "no blinds"


class Report:
    """Statistics per player (and per game and stakes, by ``by``: any of :data:`GROUPS`), hand by hand.

    >>> from pokerroom.formats.phh import loads
    >>> [hand] = loads('''variant = "NT"
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [5, 10, 0]
    ... min_bet = 10
    ... starting_stacks = [1000, 1000, 1000]
    ... players = ["Ann", "Bob", "Cat"]
    ... actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 30", "p1 cbr 90", "p2 f", "p3 f"]
    ... ''')
    >>> from pokerroom.formats.replay import replay
    >>> report = Report()
    >>> report.add(replay(hand))
    >>> [(r.player, r.hands, r.pfr_count, r.three_bet_count, r.fold_to_three_bet_count, str(r.net_bb))
    ...  for r in report.rows()]
    [('Ann', 1, 1, 1, 0, '4'), ('Bob', 1, 0, 0, 0, '-1'), ('Cat', 1, 1, 0, 1, '-3')]
    """

    def __init__(self, by: Iterable[str] = ()) -> None:
        """Raises :class:`StatsError` for a group not in :data:`GROUPS`."""
        groups = tuple(by)
        unknown = [g for g in groups if g not in GROUPS]
        if unknown:
            raise StatsError(f"cannot group by {', '.join(unknown)}; groups: {', '.join(GROUPS)}")
        self.by = frozenset(groups)
        self.hands = 0
        """Hands counted."""
        self._rows: dict[tuple[str, str | None, str | None, str | None], PlayerStats] = {}

    def add(self, result: ReplayResult) -> None:
        """Count the hand of ``result``.  Raises :class:`StatsError` naming the reason (:func:`uncounted`) when it
        cannot be counted; nothing is counted then."""
        why = uncounted(result)
        if why is not None:
            raise StatsError(f"hand not counted: {why}")
        hand = result.hand
        assert hand is not None
        counts = count_hand(hand)
        unit = _unit(result, hand)
        names = _names(result.players, hand.n)
        self._add(counts, names, hand, unit, _net(result, hand, unit))

    def _add(self, counts: HandCounts, names: Sequence[str], hand: Hand, unit: Decimal, net: Sequence[Decimal]) -> None:
        game = limit = stakes = None
        if "game" in self.by:
            game, limit = hand.game.id, hand.betting.limit.value
        if "stakes" in self.by:
            stakes = stakes_label(hand, unit)
        bet = Fraction(unit * counts.bet_unit)
        for seat, name, chips in zip(counts.seats, names, net, strict=True):
            key = (name, game, limit, stakes)
            row = self._rows.get(key)
            if row is None:
                row = self._rows[key] = PlayerStats(name, game, limit, stakes)
            row.add(seat, chips, Fraction(chips) / bet)
        self.hands += 1

    def rows(self, *, min_hands: int = 0, players: Iterable[str] | None = None) -> list[PlayerStats]:
        """Every player's (and group's) :class:`PlayerStats` with at least ``min_hands`` hands, only those of
        ``players`` when given; by game, limit and stakes, then most hands first, then by name."""
        wanted = None if players is None else set(players)
        out = [r for r in self._rows.values() if r.hands >= min_hands and (wanted is None or r.player in wanted)]
        out.sort(key=lambda r: (r.game or "", r.limit or "", r.stakes or "", -r.hands, r.player))
        return out


def _names(players: Sequence[str] | None, n: int) -> list[str]:
    """The record's names when it has one per seat, else ``p1`` .. ``pN``."""
    if players is not None and len(players) == n:
        return list(players)
    return [f"p{k + 1}" for k in range(n)]
