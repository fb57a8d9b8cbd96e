"""Views: exactly what one seat may know (DESIGN: "views are first-class").

A :class:`HandView` carries the public state (stacks, bets, pot, board, who folded, whose turn), the seat's own
hole cards, other seats' cards only once shown at the showdown, the seat's legal actions when it is to act, and
the event list with other seats' hole cards masked as unknown.  Bots and the server see only views.

Views are built after every action for every seat and the spectator (the room's broadcast), so the hand keeps
each viewer's masked events between calls (:class:`ViewCache`) and masks only the events appended since; a show,
which unmasks that seat's earlier cards, masks them all again (issue 25).  :func:`_full_view` is the view built
from scratch, the reference the incremental one always equals.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerroom.cards import UNKNOWN
from pokerroom.engine.actions import LegalActions
from pokerroom.engine.events import Event, EventType
from pokerroom.engine.phase import Phase
from pokerroom.engine.pots import Pot

if TYPE_CHECKING:
    from pokerroom.engine.hand import Hand

__all__ = ["HandView", "ViewCache", "make_view", "redact"]


@dataclass(frozen=True, slots=True)
class HandView:
    """One seat's view of a hand (``seat`` is ``None`` for a spectator).  Chips are integers.

    ``hole[s]`` is a tuple of every card a seat holds, as dealt: the viewer's own, face-up cards and shown hands
    in the clear, ``UNKNOWN`` (-1) for cards the viewer may not see.  ``legal`` is set only when the viewer is to act.
    """

    seat: int | None
    game: str
    phase: str
    street: str
    button: int
    to_act: int | None
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    board: tuple[int, ...]
    folded: tuple[bool, ...]
    hole: tuple[tuple[int, ...], ...]
    legal: LegalActions | None
    events: tuple[Event, ...]
    big_blind: int
    starting_stacks: tuple[int, ...]
    pots: tuple[Pot, ...] = ()
    up: tuple[tuple[bool, ...], ...] = ()

    """``pots``: the main pot then the side pots as they stand (this round's bets included; empty once the hand
    is complete); ``up[s][i]``: whether ``hole[s][i]`` was dealt face up (stud), public to every seat."""

    @property
    def my_cards(self) -> tuple[int, ...]:
        return self.hole[self.seat] if self.seat is not None else ()


_PRIVATE = frozenset((EventType.DEAL_HOLE, EventType.DRAW))


def redact(events: Iterable[Event], seat: int | None, shown: Mapping[int, Sequence[int]]) -> Iterator[Event]:
    """``events`` as ``seat`` may see them (``None``: a spectator): another seat's down cards and discards
    become unknown (only their number shows), except cards that seat has shown (``shown``: the cards each seat
    showed so far).  Up cards, the board and every amount are public.  The one rule for live views and for
    hand records and histories written for a player."""
    for event in events:
        owner, cards = event[1], event[4]  # seat, cards: read as a tuple, the hot path of every view
        if cards is not None and owner != seat and event[0] in _PRIVATE:
            known = shown.get(owner) if owner is not None else None
            hidden = tuple(c if c in known else UNKNOWN for c in cards) if known else _UNKNOWN_CARDS[len(cards)]
            event = Event._make((*event[:4], hidden, *event[5:]))
        yield event


_UNKNOWN_CARDS = tuple((UNKNOWN,) * k for k in range(64))
"""Every count of cards a deal or a draw names, all unknown."""


class _Seen:
    """One viewer's events as it may see them, folded in as the hand goes (:func:`_redacted`): ``events`` is
    ``redact(source[:count], seat, shown)``; ``last`` is ``source[count - 1]`` (``None`` before any event)."""

    __slots__ = ("count", "events", "last", "shown", "source")

    def __init__(self, source: list[Event], shown: Mapping[int, tuple[int, ...]], seat: int | None) -> None:
        self.source = source
        self.shown = dict(shown)
        self.events = tuple(redact(source, seat, shown))
        self.count = len(source)
        self.last = source[-1] if source else None


class ViewCache:
    """What :func:`make_view` keeps between calls on one hand (the hand's ``_views``; a copy starts without one):
    each viewer's redacted events (``seen``, by seat, ``None`` for the spectator), and the last current pots
    with the chips and folds they were built from (``pots_key``, ``pots``)."""

    __slots__ = ("pots", "pots_key", "seen")

    def __init__(self) -> None:
        self.seen: dict[int | None, _Seen] = {}
        self.pots_key: tuple[object, ...] | None = None
        self.pots: tuple[Pot, ...] = ()


def _redacted(hand: Hand, seat: int | None, cache: ViewCache) -> tuple[Event, ...]:
    """``tuple(redact(hand.events, seat, hand.shown))``, redacting only the events appended since ``seat``'s last
    view.  Events are only ever appended (a resample rewrites the events of a fresh copy, which has no cache);
    what can change an earlier event's redaction is a show (``hand.shown``: the shown cards unmask that seat's
    earlier deals and draws), so a changed ``shown``, another event list, a shorter one or another last event
    redacts every event again."""
    source, shown = hand.events, hand.shown
    seen = cache.seen.get(seat)
    count = len(source)
    if (
        seen is None
        or seen.source is not source
        or count < seen.count
        or seen.shown != shown
        or (seen.count and source[seen.count - 1] is not seen.last)
    ):
        seen = cache.seen[seat] = _Seen(source, shown, seat)
    elif count > seen.count:
        seen.events += tuple(redact(source[seen.count :], seat, shown))
        seen.count = count
        seen.last = source[-1]
    return seen.events


def _current_pots(hand: Hand, cache: ViewCache) -> tuple[Pot, ...]:
    """``tuple(hand.current_pots())``, built again only when what builds them changed: while the betting runs
    the pots follow from the contributions, the folds, the stacks (all-in) and the dead money alone
    (:func:`~pokerroom.engine.pots.build_pots`); at the showdown and after, the hand's own list is read."""
    if hand.phase in _SETTLED:
        return tuple(hand.current_pots())
    key = (hand.dead, *hand.contributions, *hand.folded, *hand.stacks)  # n of each: a hand's seats never change
    if key != cache.pots_key:
        cache.pots = tuple(hand.current_pots())
        cache.pots_key = key
    return cache.pots


_SETTLED = frozenset((Phase.SHOWDOWN, Phase.SPLIT, Phase.COMPLETE))
"""The phases whose pots are the hand's settled list (or none), not built from the chips."""


def _cards(hand: Hand, seat: int | None) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[bool, ...], ...]]:
    """The view's ``hole`` and ``up``: the viewer's own cards, another seat's shown hand, up cards, else
    unknown; which cards were dealt face up."""
    shown, ups, holes = hand.shown, hand.up, hand.hole
    if any(ups):
        return (
            tuple(
                tuple(cards) if s == seat else shown.get(s) or tuple(c if c in ups[s] else UNKNOWN for c in cards)
                for s, cards in enumerate(holes)
            ),
            tuple(tuple(c in ups[s] for c in cards) for s, cards in enumerate(holes)),
        )
    # No card face up (every game but stud; the hot path of the broadcast): unknown unless the viewer's or shown.
    hole = (
        [shown.get(s) or _UNKNOWN_CARDS[len(cards)] for s, cards in enumerate(holes)]
        if shown
        else [_UNKNOWN_CARDS[len(cards)] for cards in holes]
    )
    if seat is not None and 0 <= seat < len(hole):  # a seat not at the table sees what a spectator sees
        hole[seat] = tuple(holes[seat])
    return tuple(hole), tuple([_DOWN[len(cards)] for cards in holes])


_DOWN = tuple((False,) * k for k in range(64))
"""Every count of cards held, none face up."""


def make_view(hand: Hand, seat: int | None) -> HandView:
    """Build ``seat``'s view of ``hand`` (``Hand.view``), incrementally: the hand keeps each viewer's redacted
    events (:func:`_redacted`) and the current pots (:func:`_current_pots`) between calls.  Always equal to
    :func:`_full_view`, the view built from scratch."""
    cache = hand._views
    if cache is None:
        cache = hand._views = ViewCache()
    hole, up = _cards(hand, seat)
    return _view(hand, seat, hole, up, _redacted(hand, seat, cache), _current_pots(hand, cache))


def _full_view(hand: Hand, seat: int | None) -> HandView:
    """``seat``'s view of ``hand`` built from scratch from every event: the reference :func:`make_view` must
    always equal (tests/test_engine_views_incremental.py, benchmarks/bench_views.py)."""
    hole = tuple(
        tuple(cards) if s == seat else hand.shown.get(s) or tuple(c if c in hand.up[s] else UNKNOWN for c in cards)
        for s, cards in enumerate(hand.hole)
    )
    up = tuple(tuple(c in hand.up[s] for c in cards) for s, cards in enumerate(hand.hole))
    events = tuple(redact(hand.events, seat, hand.shown))
    return _view(hand, seat, hole, up, events, tuple(hand.current_pots()))


def _view(
    hand: Hand,
    seat: int | None,
    hole: tuple[tuple[int, ...], ...],
    up: tuple[tuple[bool, ...], ...],
    events: tuple[Event, ...],
    pots: tuple[Pot, ...],
) -> HandView:
    """The view with the cards, events and pots given; every other field read from ``hand`` as it is."""
    return HandView(
        seat=seat,
        game=hand.game.id,
        phase=hand.phase.value,
        street=hand.game.streets[hand.street].name,
        button=hand.button,
        to_act=hand.to_act,
        stacks=tuple(hand.stacks),
        bets=tuple(hand.bets),
        pot=0 if hand.is_complete else hand.pot_total,
        board=tuple(hand.board),
        folded=tuple(hand.folded),
        hole=hole,
        legal=hand.legal_actions() if seat is not None and hand.to_act == seat else None,
        events=events,
        big_blind=max(hand.blinds) if any(hand.blinds) else hand.betting.min_bet,
        starting_stacks=hand.starting_stacks,
        pots=pots,
        up=up,
    )
