"""Search-friendly hands: what a seat knows, a copy with every card it cannot see dealt again, and the deals as
chance nodes (issue 23).

Search methods (Monte Carlo tree search, counterfactual regret minimisation with sampling) ask three things of an
engine: a cheap copy (:meth:`~pokerroom.engine.hand.Hand.copy`), a copy in which the cards one player cannot see
are dealt again (:func:`resample`, ``hand.copy(resample=seat, rng=...)``), and the deals as explicit chance nodes
with exact probabilities, so that the tree of a small game (Kuhn poker, Leduc hold'em) can be walked exactly
(:func:`chance_outcomes`, ``hand.deal(cards)``, ``hand.copy(deal=cards)``).

**What a seat knows** (:func:`knowledge`, the one definition both use):

* every card dealt to it, face down or up, in the first deal or in its draws, and so every card it discarded;
* every up card (stud), every board card (the stud common card included) and every card shown at the showdown;
* where each of those cards is now, except a card it discarded once a reshuffle made for another player took it
  from the muck into the stub (RULES §2.5): from then on it may be in the stub, in another player's hand or in
  the muck again, and the seat has *lost track* of it, unless it is shown later.

It does not know the other players' down cards, what they discarded or drew, the muck's other cards or the stub.

**Resampling** (:func:`resample`): the cards the seat has not seen and the ones it lost track of are dealt again
at random over the places it cannot see: the other players' down cards (folded hands included), their discards
and draws (the events are rewritten with them, so the copy's history stays one that could have happened), the
muck and the stub.  The seat's own cards, its discards it still knows to be in the muck, the up cards, the board
and the shown cards stay.  Each such card is relabelled: one random permutation of them is applied to every
hidden place and record, so every card is still in exactly one place and each player's discards are never dealt
back to it.  Before any reshuffle (every hand of every game but a draw game after its stub ran out) the draw is
exact: every assignment of those cards to the hidden places is equally likely, the seat's belief given the cards
it has seen (what the players' actions reveal is the search method's to weigh).  After a reshuffle the links
between hidden places are kept (that the card one player threw away is the one another drew later); only which
cards lie on them is drawn, and a card the seat lost track of is only put on places filled after the reshuffle
that took it from the muck.  The copy's later deals come from a new shuffle keyed by 32 bytes drawn from ``rng``
(:class:`~pokerroom.engine.shuffle.DeckStream`), never from the original deck, and its reshuffles follow RULES
§2.5 as any :class:`~pokerroom.engine.dealing.DeckSource`.

**Chance nodes**: a hand whose ``stop_at_deals`` is set (from the start with ``DeckSource.shuffled(...,
stop_at_deals=True)``) stops before each street that deals cards: ``phase`` is ``Phase.DEAL``, nobody is to act,
:attr:`~pokerroom.engine.hand.Hand.pending_deal` lays out the deal (:class:`DealGroup`: each seat's hole cards in
dealing order, each seat's up cards, the board; the stud common card when the stub runs short, RULES G9), and
:func:`chance_outcomes` lists every outcome with its exact probability.  ``hand.deal(cards)`` deals one and goes on
to the next decision or chance node; ``hand.deal()`` deals the card source's next cards.  The replacement cards
of a draw are dealt inside the draw action (RULES §2.5): they are not a chance node of this interface (with
reshuffles their chances depend on every card in the muck); sample them with ``copy(resample=seat)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, NamedTuple

from pokerroom.cards import UNKNOWN, format_card
from pokerroom.engine.dealing import DeckSource
from pokerroom.engine.events import EventType
from pokerroom.engine.phase import Phase
from pokerroom.engine.shuffle import DeckStream
from pokerroom.errors import DuplicateCard, IllegalAction, InvalidCard, UnknownCards, UnsupportedRule

if TYPE_CHECKING:
    from pokerroom.engine.hand import Hand

__all__ = [
    "DealGroup",
    "Knowledge",
    "chance_outcomes",
    "copy_options",
    "knowledge",
    "outcome_count",
    "pending_deal",
    "place_deal",
    "resample",
    "unseen",
]

_DEAL_HOLE, _DEAL_UP, _DEAL_BOARD = EventType.DEAL_HOLE, EventType.DEAL_UP, EventType.DEAL_BOARD
_DRAW, _RESHUFFLE, _SHOW = EventType.DRAW, EventType.RESHUFFLE, EventType.SHOW
_CARD_EVENTS = frozenset((_DEAL_HOLE, _DEAL_UP, _DEAL_BOARD, _DRAW, _SHOW))
_NOW = 1 << 62
"""The event index of "now" (after every event): where a card lies at present."""
_LATER = 64
"""Added to a card to name the part of its way after the seat lost track of it (cards are 0..51)."""


class DealGroup(NamedTuple):
    """One part of a pending deal: ``size`` cards of ``type`` (``DEAL_HOLE`` face down, ``DEAL_UP`` face up, both
    to ``seat``; ``DEAL_BOARD`` to the board, ``seat`` ``None``)."""

    type: EventType
    seat: int | None
    size: int


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a seat knows (see the module docstring): ``seen``, every card it has seen; ``lost``, each card it
    discarded and lost track of, with the index of the event from which it may be elsewhere (the reshuffle that
    took it from the muck; in a record without reshuffle events, the event before it is next dealt)."""

    seen: frozenset[int]
    lost: dict[int, int]


def knowledge(hand: Hand, seat: int) -> Knowledge:
    """What ``seat`` knows of ``hand``'s cards, read from the events (its own deals and draws, up cards, the
    board, shows; each reshuffle and who it was made for)."""
    seen: set[int] = set()
    discarded_at: dict[int, int] = {}
    thrown: dict[int | None, set[int]] = {}  # every seat's discards so far
    lost: dict[int, int] = {}
    drawer: int | None = None
    for i, event in enumerate(hand.events):
        kind = event.type
        if kind not in _CARD_EVENTS and kind is not _RESHUFFLE:
            continue
        cards = event.cards or ()
        if kind is _DEAL_HOLE or kind is _DRAW:
            owner = event.seat
            if kind is _DRAW:
                drawer = owner
                thrown.setdefault(owner, set()).update(cards)
            if owner == seat:
                seen.update(cards)
                if kind is _DRAW:
                    discarded_at.update(dict.fromkeys(cards, i))
            else:
                for c in cards:
                    if c in discarded_at and c not in lost:
                        lost[c] = i - 1  # a record without reshuffle events: it left the muck before this deal
        elif kind is _RESHUFFLE:
            if drawer != seat:  # the muck less the drawer's own discards goes into the stub (RULES §2.5)
                own = thrown.get(drawer, set())
                for c in discarded_at:
                    if c not in lost and c not in own:
                        lost[c] = i
        else:
            seen.update(cards)
            if kind is _SHOW:
                for c in cards:
                    lost.pop(c, None)  # shown: the seat knows where it is again
    seen.discard(UNKNOWN)
    return Knowledge(frozenset(seen), lost)


def unseen(hand: Hand, seat: int) -> list[int]:
    """The cards ``seat`` has not seen or has lost track of (:func:`knowledge`), in the deck's order: the cards a
    resample deals again, and the cards the seat's :func:`chance_outcomes` deal from."""
    known = knowledge(hand, _seat(hand, seat))
    return [c for c in hand.game.deck if c not in known.seen or c in known.lost]


def pending_deal(hand: Hand) -> tuple[DealGroup, ...] | None:
    """The deal a hand at a chance node waits for, in dealing order (see
    :attr:`~pokerroom.engine.hand.Hand.pending_deal`); ``None`` when no deal is pending."""
    if hand.phase is not Phase.DEAL:
        return None
    street = hand.game.streets[hand.street]
    seats, common = hand._deal_plan()
    groups: list[DealGroup] = []
    if common:
        groups.append(DealGroup(_DEAL_BOARD, None, 1))
    elif street.hole:
        groups.extend(DealGroup(_DEAL_HOLE, s, street.hole) for s in seats)
    if street.up:
        groups.extend(DealGroup(_DEAL_UP, s, street.up) for s in seats)
    if street.board:
        groups.append(DealGroup(_DEAL_BOARD, None, street.board))
    return tuple(groups)


def outcome_count(cards: int, counts: Sequence[int]) -> int:
    """How many ways ``counts`` cards (one group after another, each unordered) can be dealt from ``cards``.

    >>> outcome_count(47, [3]), outcome_count(3, [1, 1]), outcome_count(52, [2, 2])
    (16215, 6, 1624350)
    """
    total = 1
    for k in counts:
        total *= comb(cards, k)
        cards -= k
    return total


def chance_outcomes(
    hand: Hand, seat: int | None = None, *, limit: int = 1_000_000
) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every way the pending deal can come, each with its exact probability (they sum to 1).

    An outcome's cards are laid out as :func:`pending_deal` lists the groups: each group's cards in ascending
    order (the order within a group changes nothing: one outcome per set of cards), the groups one after another.
    ``hand.deal(cards)`` or ``hand.copy(deal=cards)`` deals one.

    * ``seat=None``: the true chances: the cards come from the stub (for a deck source its exact cards; for a
      script, every card of the game's deck not dealt, discarded or folded); every outcome equally likely, so
      there are ``outcome_count(len(stub), counts)`` of them;
    * ``seat``: that seat's belief: the cards come from every card it has not seen or lost track of
      (:func:`unseen`: the stub and the other players' down cards alike); an outcome holding a card another
      player has is dealt on ``hand.copy(resample=seat, deal=cards, rng=...)``, which deals the others again
      around it.

    Raises :class:`~pokerroom.errors.IllegalAction` when no deal is pending, for a seat not at the table, or when
    there are more than ``limit`` outcomes (the message gives the number: deal a sample with ``hand.deal()``
    instead); :class:`~pokerroom.errors.UnknownCards` for ``seat=None`` when a script's unknown cards leave the
    stub unknown.

    >>> from pokerroom.engine import Action, DeckSource
    >>> from pokerroom.games import find
    >>> hand = find("holdem").deal(stacks=[100, 100], cards=DeckSource.shuffled(seed=1, stop_at_deals=True))
    >>> hand.phase.value, [(g.type.value, g.seat, g.size) for g in hand.pending_deal]
    ('deal', [('deal_hole', 1, 2), ('deal_hole', 0, 2)])
    >>> outcome_count(52, [2, 2])  # too many to list under the default limit: deal a sample
    1624350
    >>> _ = hand.deal()
    >>> _ = hand.act(Action.call(), 0)
    >>> _ = hand.act(Action.check(), 1)
    >>> [(g.type.value, g.seat, g.size) for g in hand.pending_deal]
    [('deal_board', None, 3)]
    >>> outcomes = hand.chance_outcomes()
    >>> len(outcomes), outcomes[0], sum(p for _, p in outcomes)
    (17296, ((0, 1, 2), Fraction(1, 17296)), Fraction(1, 1))
    >>> len(hand.chance_outcomes(0))  # seat 0 cannot see seat 1's two cards: 50 unseen
    19600
    >>> [e.cards for e in hand.deal(outcomes[0][0])], hand.phase.value, hand.to_act
    ([(0, 1, 2)], 'betting', 1)
    """
    groups = pending_deal(hand)
    if groups is None:
        raise IllegalAction(
            f"no deal is pending: the hand is in its {hand.phase.value}; chance outcomes are listed at a chance node "
            "(a hand that stops at deals: hand.stop_at_deals = True, or DeckSource.shuffled(stop_at_deals=True))"
        )
    if seat is None:
        _check_known(hand, "the stub")
        pool = sorted(_places(hand)[0])
    else:
        pool = sorted(unseen(hand, seat))
    counts = [g.size for g in groups]
    need = sum(counts)
    if need > len(pool):
        raise IllegalAction(f"the deal needs {need} cards; only {len(pool)} can come")
    total = outcome_count(len(pool), counts)
    if total > limit:
        raise IllegalAction(
            f"the pending deal has {total:,} outcomes, more than limit={limit:,}: raise the limit, or sample "
            "deals with hand.deal() (or copy(resample=seat, rng=...))"
        )
    p = Fraction(1, total)
    if len(counts) == 1:
        return [(combo, p) for combo in combinations(pool, counts[0])]
    out: list[tuple[tuple[int, ...], Fraction]] = []

    def walk(k: int, cards: list[int], prefix: tuple[int, ...]) -> None:
        if k == len(counts):
            out.append((prefix, p))
            return
        for combo in combinations(cards, counts[k]):
            rest = [c for c in cards if c not in combo]
            walk(k + 1, rest, prefix + combo)

    walk(0, pool, ())
    return out


def place_deal(hand: Hand, cards: Sequence[int]) -> None:
    """Make ``cards`` (laid out as :func:`pending_deal` says) the next cards the hand's deck deals, each in its
    group's place.  Raises, changing nothing, :class:`~pokerroom.errors.IllegalAction` for the wrong number of
    cards, :class:`~pokerroom.errors.InvalidCard` for a card of another deck,
    :class:`~pokerroom.errors.DuplicateCard` for a card not in the stub, and
    :class:`~pokerroom.errors.UnsupportedRule` when the card source is a script."""
    groups = pending_deal(hand)
    assert groups is not None
    cards = list(cards)
    _check_layout(hand, groups, cards)
    source = hand._cards
    if not isinstance(source, DeckSource):
        raise UnsupportedRule(
            "this hand's cards come from a script, which deals the cards it names: hand.deal() deals them, and "
            "hand.copy(resample=seat, deal=cards, rng=...) deals chosen cards from a deck"
        )
    source.put_on_top(_dealing_order(groups, cards))


def copy_options(twin: Hand, *, resample: int | None, rng: random.Random | None, deal: Sequence[int] | None) -> None:
    """``Hand.copy``'s ``resample``, ``rng`` and ``deal``, applied to the fresh copy ``twin`` (see there)."""
    if rng is not None and resample is None:
        raise IllegalAction("rng is the randomness of a resample: give resample=seat with it")
    if deal is not None and twin.phase is not Phase.DEAL:
        raise IllegalAction(
            f"deal= names the cards of a pending deal, and the hand is in its {twin.phase.value}: copy(deal=...) "
            "applies at a chance node (a hand that stops at deals)"
        )
    if resample is not None:
        # A fresh generator when none is given, like a deck dealt without a seed.
        resample_copy(twin, resample, rng if rng is not None else random.Random(), deal=deal)
    if deal is not None:
        twin.deal(deal)


def resample(hand: Hand, seat: int, rng: random.Random, *, deal: Sequence[int] | None = None) -> Hand:
    """A copy of ``hand`` with every card ``seat`` has not seen or has lost track of dealt again at random (see the
    module docstring), and its later deals from a new shuffle drawn from ``rng``; with ``deal`` (at a chance node,
    cards ``seat`` has not seen, laid out as :func:`pending_deal` says) those cards are left in the stub and dealt.
    The same as ``hand.copy(resample=seat, rng=rng, deal=deal)``."""
    return hand.copy(resample=seat, rng=rng, deal=deal)


def resample_copy(hand: Hand, seat: int, rng: random.Random, *, deal: Sequence[int] | None = None) -> None:
    """:func:`resample` done in place on ``hand``, a fresh copy nobody else holds (``Hand.copy`` calls it)."""
    seat = _seat(hand, seat)
    if hand.phase is Phase.COMPLETE:
        raise IllegalAction("the hand is complete: its pots were won with the cards dealt, nothing is left to resample")
    _check_known(hand, "a resample")
    known = knowledge(hand, seat)
    seen, lost = known.seen, known.lost
    events = hand.events
    # Where each card the seat cannot place was first recorded in a hidden place: its own card, or the part of its
    # way after the seat lost track of it (card + _LATER).  A label can only go where it could have been then.
    first: dict[int, int] = {}
    for i, event in enumerate(events):
        kind = event.type
        if (kind is _DEAL_HOLE or kind is _DRAW) and event.seat != seat:
            for c in event.cards or ():
                if c not in seen:
                    first.setdefault(c, i)
                elif c in lost and i > lost[c]:
                    first.setdefault(c + _LATER, i)
    free = [c for c in hand.game.deck if c not in seen]  # the cards it never saw: labels, and their own ways
    ways = free + [c + _LATER for c in lost]
    stub, muck = _places(hand)
    targets: set[int] = set()
    if deal is not None:
        groups = pending_deal(hand)
        assert groups is not None
        _check_layout(hand, groups, list(deal))
        pool = set(free) | set(lost)
        outside = [c for c in deal if c not in pool]
        if outside:
            raise DuplicateCard(format_card(outside[0]))  # a card the seat has seen, where it lies
        targets = set(deal)
    in_stub = {c if c not in seen else c + _LATER for c in stub}
    # The constrained labels first (the deal's cards, then the lost ones, latest first): each one's choices are a
    # nested family, so drawing them in this order is uniform over the assignments that keep the constraints.
    constrained = sorted(targets | set(lost), key=lambda c: (c not in targets, -lost.get(c, -1), c))
    label_of: dict[int, int] = {}
    remaining = ways[:]
    for label in constrained:
        after = lost.get(label, -1)
        choices = [w for w in remaining if first.get(w, _NOW) > after and (label not in targets or w in in_stub)]
        if not choices:  # cannot happen: the card's own way always qualifies (see the module docstring)
            raise AssertionError(f"no place left for {format_card(label)}")
        way = choices[rng.randrange(len(choices))]
        remaining.remove(way)
        label_of[way] = label
    rest = [c for c in free if c not in targets]
    rng.shuffle(remaining)
    label_of.update(zip(remaining, rest, strict=True))

    def relabel(card: int, at: int) -> int:
        if card not in seen:
            return label_of[card]
        since = lost.get(card)
        if since is not None and at > since:
            return label_of[card + _LATER]
        return card

    for i, event in enumerate(events):
        kind = event.type
        if (kind is _DEAL_HOLE or kind is _DRAW) and event.seat != seat and event.cards:
            cards = tuple(relabel(c, i) for c in event.cards)
            if cards != event.cards:
                events[i] = event._replace(cards=cards)
    for s in range(hand.n):
        if s == seat:
            continue
        hand.hole[s][:] = [relabel(c, _NOW) for c in hand.hole[s]]
        hand.discards[s][:] = [c for e in events if e.type is _DRAW and e.seat == s for c in e.cards or ()]
    new_stub = [relabel(c, _NOW) for c in stub]
    new_muck = [relabel(c, _NOW) for c in muck]
    hand._cards = DeckSource(new_stub, stream=DeckStream(rng.randbytes(32)), muck=new_muck)


# --------------------------------------------------------------------------------------------- helpers


def _seat(hand: Hand, seat: int) -> int:
    if not (isinstance(seat, int) and 0 <= seat < hand.n):
        raise IllegalAction(f"seat {seat!r} is not a seat of this {hand.n}-seat table (0..{hand.n - 1})")
    return seat


def _check_known(hand: Hand, what: str) -> None:
    """Raise :class:`~pokerroom.errors.UnknownCards` when ``what`` needs cards the hand does not know (a
    script's or a replay's ``????``)."""
    if isinstance(hand._cards, DeckSource):
        return
    for s, cards in enumerate(hand.hole):
        if UNKNOWN in cards:
            raise UnknownCards(
                f"seat {s}'s cards are unknown (??): {what} needs every card the hand dealt (a hand dealt from a "
                "deck, or a record with every card known)"
            )
    for event in hand.events:
        if event.cards is not None and UNKNOWN in event.cards:
            raise UnknownCards(f"the record has unknown cards ({event}): {what} needs every card the hand dealt")


def _places(hand: Hand) -> tuple[list[int], list[int]]:
    """The stub and the muck now: a deck source's own; for a script, every card of the game's deck in nobody's
    hand and not on the board (the muck: folded hands and discards, in the order they were thrown)."""
    source = hand._cards
    if isinstance(source, DeckSource):
        return list(source.stub), list(source.muck)
    folded = hand.folded
    in_play = {c for s in range(hand.n) if not folded[s] for c in hand.hole[s]} | set(hand.board)
    muck: dict[int, None] = {}
    for event in hand.events:
        if event.type is _DRAW:
            muck.update((c, None) for c in event.cards or () if c not in in_play)
    for s in range(hand.n):
        if folded[s]:
            muck.update((c, None) for c in hand.hole[s] if c not in in_play)
    stub = [c for c in hand.game.deck if c not in in_play and c not in muck]
    return stub, list(muck)


def _check_layout(hand: Hand, groups: Sequence[DealGroup], cards: list[int]) -> None:
    need = sum(g.size for g in groups)
    if len(cards) != need:
        parts = ", ".join(
            f"seat {g.seat} {g.size} {'up' if g.type is _DEAL_UP else 'down'}"
            if g.seat is not None
            else f"the board {g.size}"
            for g in groups
        )
        raise IllegalAction(
            f"the {hand.game.streets[hand.street].name} deal takes {need} cards ({parts}), not {len(cards)}"
        )
    deck = set(hand.game.deck)
    for c in cards:
        if not isinstance(c, int) or c not in deck:
            raise InvalidCard(str(c), f"not a card of the {hand.game.name} deck")
    if len(set(cards)) != len(cards):
        raise DuplicateCard(format_card(next(c for i, c in enumerate(cards) if c in cards[:i])))


def _dealing_order(groups: Sequence[DealGroup], cards: list[int]) -> list[int]:
    """``cards`` (group after group) in the order the deck must hold them: the dealer gives each seat of a round
    one card at a time, round the table (``DeckSource.deal_hole``), and the board in order."""
    out: list[int] = []
    pos = 0
    i = 0
    while i < len(groups):
        group = groups[i]
        if group.seat is None:
            out.extend(cards[pos : pos + group.size])
            pos += group.size
            i += 1
            continue
        j = i
        while j < len(groups) and groups[j].type is group.type and groups[j].seat is not None:
            j += 1
        hands = []
        for g in groups[i:j]:
            hands.append(cards[pos : pos + g.size])
            pos += g.size
        out.extend(h[r] for r in range(group.size) for h in hands)
        i = j
    return out
