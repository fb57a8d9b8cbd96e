"""Fair play: chip flows between pairs of accounts, from the store's settled hands, flagged for review.

For every two accounts dealt into the same settled hands (house bots left out: their chips are the house's),
:func:`pair_report` gives the hands they played together, at which tables, the chips each won from the other,
how often each folded to the other's bet or raise, how often they bet or raised while both were in, and flags
with the reason when the figures look like chip dumping or soft play.

Who won what from whom (the attribution rule): in each hand, every loser's net loss is shared among the winners
in proportion to their net gains.  A winner ``W`` with net gain ``g_W`` takes ``g_W * l_L / sum(l)`` chips from
loser ``L`` (net loss ``l_L``; ``sum(l)`` is every loser's loss, so the rake comes out of each loss pro rata and
is nobody's win).  The shares are exact fractions summed over the hands and rounded to whole chips once, at the
end.  A hand's big blind (its largest blind, else its smallest bet) measures each flow in big blinds too, so
flows at different stakes add up fairly.

The flags (each threshold a named constant below) need evidence a reviewer would want, not only a loss: no pair
with fewer than :data:`PAIR_MIN_HANDS` hands together is flagged (a lost buy-in over a few hands is ordinary), and

* *chip dumping*: one player's net flow to the other is at least :data:`DUMP_MIN_BIG_BLINDS` big blinds and at
  least :data:`DUMP_MIN_BB_PER_HAND` big blinds per hand played together, while the other way carried at most
  :data:`DUMP_MAX_RETURN` of it back, *and* the loser gave the chips up as a normal loser does not: in at least
  :data:`DUMP_MIN_GIVEAWAYS` hands, carrying at least :data:`DUMP_MIN_GIVEAWAY_SHARE` of the flow, the loser
  either bet or raised and then folded to the other's bet or raise (chips put in to be lost without a
  showdown), or called the other's all-in and mucked at the showdown.  Chips lost at a showdown the loser
  showed, or by calling and folding, are what cards deal, and never make the flag alone;
* *soft play*: at least :data:`SOFT_MIN_CONTESTED` contested hands (both still in after the first betting round,
  or both to the end) with at most :data:`SOFT_MAX_AGGRESSION` bets and raises between them per contested hand:
  two players who check every street to each other.  Hand strength at a fold is not judged (the cards a fold
  hides were never dealt), so the folds to each other's bets are counted for the reviewer, who reads the hands
  themselves (``pokerroom export``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

from sqlalchemy import select
from sqlalchemy.engine import Connection

from pokerroom.engine import EventType
from pokerroom.errors import PokerroomError, StoreError
from pokerroom.room.record import HandRecord
from pokerroom.room.record_json import record_from_json
from pokerroom.store.checks import as_utc, to_naive_utc
from pokerroom.store.hands import SETTLED
from pokerroom.store.ledger import PLAY_PREFIX, is_house_bot
from pokerroom.store.schema import accounts, hand_players, hands

__all__ = [
    "DUMP_MAX_RETURN",
    "DUMP_MIN_BB_PER_HAND",
    "DUMP_MIN_BIG_BLINDS",
    "DUMP_MIN_GIVEAWAYS",
    "DUMP_MIN_GIVEAWAY_SHARE",
    "PAIR_MIN_HANDS",
    "SOFT_MAX_AGGRESSION",
    "SOFT_MIN_CONTESTED",
    "Pair",
    "pair_report",
]

PAIR_MIN_HANDS = 20
"""No flag for a pair with fewer hands together than this: a buy-in lost over a few hands is ordinary."""
DUMP_MIN_BIG_BLINDS = 50
"""Chip dumping: the net flow from one player to the other reaches this many big blinds."""
DUMP_MIN_BB_PER_HAND = 2
"""Chip dumping: ... and this many big blinds per hand they played together (a winning player wins a few big
blinds per hundred hands; two big blinds a hand, one way, is two orders of magnitude more)."""
DUMP_MAX_RETURN = Fraction(1, 5)
"""Chip dumping: ... while the chips won the other way are at most this share of the flow."""
DUMP_MIN_GIVEAWAYS = 5
"""Chip dumping: ... in at least this many hands the loser gave chips up to the other as a normal loser does not
(bet or raised, then folded to the other's bet or raise; or called the other's all-in and mucked)."""
DUMP_MIN_GIVEAWAY_SHARE = Fraction(1, 2)
"""Chip dumping: ... and those hands carried at least this share of the net flow."""
SOFT_MIN_CONTESTED = 10
"""Soft play: at least this many contested hands together (both in after the first betting round)."""
SOFT_MAX_AGGRESSION = Fraction(1, 10)
"""Soft play: at most this many bets and raises between them per contested hand."""

_BATCH = 500  # hands read per query: a month of a busy room never sits in memory whole
_ROUND_STARTS = {EventType.DEAL_BOARD, EventType.DEAL_UP, EventType.DRAW}
_AGGRESSION = {EventType.BET, EventType.RAISE}
_ACTIONS = {EventType.CHECK, EventType.CALL, EventType.BET, EventType.RAISE, EventType.FOLD}


@dataclass
class Pair:
    """Two accounts (``a`` < ``b`` by name) and what passed between them: ``hands`` together, ``tables`` (ids),
    ``won_by_a`` / ``won_by_b`` (chips each won from the other, whole chips: see the module's rule; the exact
    fractions in ``flow_a``/``flow_b``, and in big blinds in ``bb_a``/``bb_b``), ``a_folded_to_b`` /
    ``b_folded_to_a`` (folds facing the other's bet or raise), ``contested`` hands (both in after the first
    betting round), ``aggression`` (bets and raises by either while both were in the hand), ``gave_a`` /
    ``gave_b`` (hands in which ``a`` gave chips up to ``b`` as a normal loser does not, or ``b`` to ``a``: see
    the module's dumping rule) with the chips they carried (``gift_a`` / ``gift_b``, exact), and ``flags``: the
    reasons for review (empty: nothing to see)."""

    a: str
    b: str
    hands: int = 0
    tables: set[int] = field(default_factory=set)
    flow_a: Fraction = Fraction(0)
    flow_b: Fraction = Fraction(0)
    bb_a: Fraction = Fraction(0)
    bb_b: Fraction = Fraction(0)
    a_folded_to_b: int = 0
    b_folded_to_a: int = 0
    contested: int = 0
    aggression: int = 0
    gave_a: int = 0
    gave_b: int = 0
    gift_a: Fraction = Fraction(0)
    gift_b: Fraction = Fraction(0)
    flags: list[str] = field(default_factory=list)

    @property
    def won_by_a(self) -> int:
        """Chips ``a`` won from ``b``, rounded to whole chips."""
        return round(self.flow_a)

    @property
    def won_by_b(self) -> int:
        """Chips ``b`` won from ``a``, rounded to whole chips."""
        return round(self.flow_b)

    def json(self) -> dict[str, object]:
        """The pair as JSON: names, chips and counts (integers), tables (sorted ids), flags."""
        return {
            "a": self.a, "b": self.b, "hands": self.hands, "tables": sorted(self.tables),
            "won_by_a": self.won_by_a, "won_by_b": self.won_by_b,
            "big_blinds_won_by_a": round(float(self.bb_a), 2), "big_blinds_won_by_b": round(float(self.bb_b), 2),
            "a_folded_to_b": self.a_folded_to_b, "b_folded_to_a": self.b_folded_to_a,
            "contested": self.contested, "aggression": self.aggression,
            "a_gave_up_to_b": self.gave_a, "b_gave_up_to_a": self.gave_b, "flags": list(self.flags),
        }  # fmt: skip


def pair_report(conn: Connection, since: datetime, *, min_hands: int = 1) -> list[Pair]:
    """Every pair of accounts dealt together into hands settled at or after ``since`` (a naive time is UTC),
    with at least ``min_hands`` hands together; flagged pairs first, then by hands together (most first) and
    names.  Voided hands moved no chips and are left out.  StoreError names a hand whose record cannot be
    read."""
    if isinstance(min_hands, bool) or not isinstance(min_hands, int) or min_hands < 1:
        raise StoreError(f"min_hands is a whole number of 1 or more, not {min_hands!r}")
    pairs: dict[tuple[str, str], Pair] = {}
    for table, record, names in _hands(conn, to_naive_utc(as_utc(since))):
        _add_hand(pairs, table, record, names)
    found = [p for p in pairs.values() if p.hands >= min_hands]
    for p in found:
        p.flags = _flags(p)
    found.sort(key=lambda p: (not p.flags, -p.hands, p.a, p.b))
    return found


def _hands(conn: Connection, since: datetime) -> Iterator[tuple[int, HandRecord, dict[str, str]]]:
    """Each settled hand since ``since``: its table, record and its players' account names by player name."""
    last = 0
    while True:
        rows = conn.execute(
            select(hands.c.id, hands.c.table_id, hands.c.number, hands.c.record)
            .where(hands.c.status == SETTLED, hands.c.ended_at >= since, hands.c.id > last)
            .order_by(hands.c.id)
            .limit(_BATCH)
        ).all()
        if not rows:
            return
        last = int(rows[-1].id)
        dealt: dict[int, list[str]] = {}
        for hand, name in conn.execute(
            select(hand_players.c.hand_id, accounts.c.name)
            .join(accounts, accounts.c.id == hand_players.c.account_id)
            .where(hand_players.c.hand_id.in_([int(r.id) for r in rows]))
        ):
            dealt.setdefault(int(hand), []).append(str(name))
        for row in rows:
            if row.record is None:
                continue
            try:
                record = record_from_json(row.record)
            except PokerroomError as err:
                where = f"hand {row.id} (table {row.table_id}, number {row.number})"
                raise StoreError(f"{where} cannot be read: {err}") from None
            yield int(row.table_id), record, _account_names(record, dealt.get(int(row.id), []))


def _account_names(record: HandRecord, dealt: list[str]) -> dict[str, str]:
    """Player name -> the account their chips came from: ``NAME``, ``play:NAME`` or a club night's ``night N:
    NAME`` among the accounts dealt into the hand (the name itself when the hand lists none)."""
    out: dict[str, str] = {}
    for _seat, player in record.players:
        out[player] = next(
            (n for n in dealt if n == player or n == PLAY_PREFIX + player or n.endswith(f": {player}")), player
        )
    return out


def _big_blind(record: HandRecord) -> int:
    setup = record.setup
    return max(max(setup.blinds, default=0), setup.betting.min_bet, 1)


def _add_hand(pairs: dict[tuple[str, str], Pair], table: int, record: HandRecord, names: dict[str, str]) -> None:
    """Add one settled hand's flows and actions to ``pairs``."""
    players = [names[player] for _seat, player in record.players]  # account names by engine seat
    people = [i for i, name in enumerate(players) if not is_house_bot(name)]
    if len(people) < 2:
        return
    net = record.net
    lost = sum(-n for n in net if n < 0)
    bb = _big_blind(record)
    folded_to, contested, aggression = _actions(record)
    given = _giveaways(record)
    for x, i in enumerate(people):
        for j in people[x + 1 :]:
            a, b = (i, j) if players[i] <= players[j] else (j, i)
            key = (players[a], players[b])
            pair = pairs.get(key)
            if pair is None:
                pair = pairs[key] = Pair(*key)
            pair.hands += 1
            pair.tables.add(table)
            if lost:
                a_from_b = Fraction(max(net[a], 0) * max(-net[b], 0), lost)
                b_from_a = Fraction(max(net[b], 0) * max(-net[a], 0), lost)
                pair.flow_a += a_from_b
                pair.flow_b += b_from_a
                if b_from_a and (a, b) in given:
                    pair.gave_a += 1
                    pair.gift_a += b_from_a
                if a_from_b and (b, a) in given:
                    pair.gave_b += 1
                    pair.gift_b += a_from_b
                pair.bb_a += a_from_b / bb
                pair.bb_b += b_from_a / bb
            pair.a_folded_to_b += folded_to.get((a, b), 0)
            pair.b_folded_to_a += folded_to.get((b, a), 0)
            pair.aggression += aggression.get(frozenset((a, b)), 0)
            if (a, b) in contested or (b, a) in contested:
                pair.contested += 1


def _actions(record: HandRecord) -> tuple[dict[tuple[int, int], int], set[tuple[int, int]], dict[frozenset[int], int]]:
    """From a hand's events (engine seats): (folder, aggressor) -> folds facing that seat's bet or raise; the
    pairs of seats both still in after the first betting round (or at the end); and for each pair of seats, the
    bets and raises either made while both were in."""
    seats = range(len(record.players))
    live = set(seats)
    folded_to: dict[tuple[int, int], int] = {}
    aggression: dict[frozenset[int], int] = {}
    contested: set[tuple[int, int]] = set()
    aggressor: int | None = None
    acted = first_over = False

    def mark() -> None:
        contested.update((i, j) for i in live for j in live if i < j)

    for e in record.events:
        if e.type in _ROUND_STARTS and acted:
            aggressor = None  # a new betting round: nobody's bet is faced yet
            if not first_over:
                first_over = True
                mark()
        if e.type not in _ACTIONS or e.seat is None:
            continue
        acted = True
        if e.type is EventType.FOLD:
            if aggressor is not None and aggressor != e.seat:
                folded_to[(e.seat, aggressor)] = folded_to.get((e.seat, aggressor), 0) + 1
            live.discard(e.seat)
        elif e.type in _AGGRESSION:
            aggressor = e.seat
            for other in live - {e.seat}:
                key = frozenset((e.seat, other))
                aggression[key] = aggression.get(key, 0) + 1
    if not first_over:
        mark()  # the hand ended in its first betting round: those still in went to the end together
    return folded_to, contested, aggression


def _giveaways(record: HandRecord) -> set[tuple[int, int]]:
    """The (loser, winner) engine seats of a hand in which the loser gave chips up to the winner as a normal
    loser does not: the loser bet or raised, then folded facing the winner's bet or raise; or the loser called
    the winner's all-in and mucked at the showdown."""
    out: set[tuple[int, int]] = set()
    raised: set[int] = set()
    aggressor: int | None = None
    all_in_by: int | None = None
    called_all_in: dict[int, int] = {}
    for e in record.events:
        if e.type in _ROUND_STARTS:
            aggressor = all_in_by = None
        if e.seat is None:
            continue
        if e.type in _AGGRESSION:
            raised.add(e.seat)
            aggressor = e.seat
            all_in_by = e.seat if e.all_in else None
        elif e.type is EventType.FOLD and aggressor is not None and aggressor != e.seat and e.seat in raised:
            out.add((e.seat, aggressor))
        elif e.type is EventType.CALL and all_in_by is not None and all_in_by != e.seat:
            called_all_in[e.seat] = all_in_by
        elif e.type is EventType.MUCK and e.seat in called_all_in:
            out.add((e.seat, called_all_in[e.seat]))
    return out


def _flags(p: Pair) -> list[str]:
    """The reasons ``p`` is flagged for review (see the module docstring)."""
    flags: list[str] = []
    if p.hands < PAIR_MIN_HANDS:
        return flags
    sides = (
        (p.a, p.b, p.flow_a, p.flow_b, p.bb_a - p.bb_b, p.gave_b, p.gift_b),
        (p.b, p.a, p.flow_b, p.flow_a, p.bb_b - p.bb_a, p.gave_a, p.gift_a),
    )
    for winner, loser, gain, back, bb, gave, gift in sides:
        one_way = bb >= DUMP_MIN_BIG_BLINDS and bb >= DUMP_MIN_BB_PER_HAND * p.hands and back <= DUMP_MAX_RETURN * gain
        given_up = gave >= DUMP_MIN_GIVEAWAYS and gift >= DUMP_MIN_GIVEAWAY_SHARE * (gain - back)
        if one_way and given_up:
            flags.append(
                f"likely chip dumping: {loser} lost {round(gain)} chips ({float(bb):.1f} big blinds net) to "
                f"{winner} over {p.hands} hands together and won {round(back)} back; {round(gift)} of them in "
                f"{gave} hands {loser} gave up (bet or raised then folded to {winner}, or called {winner}'s all-in "
                f"and mucked) (flagged at {DUMP_MIN_BIG_BLINDS} big blinds and {DUMP_MIN_BB_PER_HAND} a hand, "
                f"one way, in {DUMP_MIN_GIVEAWAYS} such hands or more over {PAIR_MIN_HANDS} hands together)"
            )
    if p.contested >= SOFT_MIN_CONTESTED and p.aggression <= SOFT_MAX_AGGRESSION * p.contested:
        flags.append(
            f"soft play: {p.contested} contested hands together with {p.aggression} bets or raises between them "
            f"(flagged at {SOFT_MIN_CONTESTED} hands and at most {SOFT_MAX_AGGRESSION} a hand, over "
            f"{PAIR_MIN_HANDS} hands together)"
        )
    return flags
