"""Player statistics from hand histories, as trackers have them (``pokerroom stats``; ``docs/cli.md``).

* :mod:`.counters`: :func:`count_hand` counts one settled engine hand seat by seat (what each did and had the
  chance to do; the first betting round is "preflop" in every game);
* :mod:`.report`: :class:`Report` sums replayed hands per player, and per game and stakes, into
  :class:`PlayerStats` (ratios, aggression, net won, bb/100 with its 95% interval).
"""

from pokerroom.stats.counters import HandCounts, SeatCounts, bet_unit, count_hand
from pokerroom.stats.report import PlayerStats, Ratio, Report, StatsError, interval, uncounted

__all__ = [
    "HandCounts",
    "PlayerStats",
    "Ratio",
    "Report",
    "SeatCounts",
    "StatsError",
    "bet_unit",
    "count_hand",
    "interval",
    "uncounted",
]
