"""Card sources: where a hand's cards come from (DESIGN: the engine takes a card source).

* :class:`DeckSource`: a deck in order: a shuffle for play (the keyed stream of :mod:`pokerroom.engine.shuffle`,
  from a seed, a key, or a fresh ``secrets`` seed) or a scripted deck for tests.  Hole cards go one at a time
  round the table starting left of the button, as a dealer deals; board cards come off the top.  No burn cards
  (RULES §2.1).
* :class:`ScriptedCards`: each seat's hole cards and the board given outright (tests and hand-history
  replays); ``UNKNOWN`` (``??``) cards are allowed there.

Each source has ``copy()`` (``Hand.copy``: the copy deals on exactly as the source would; :func:`copy_source`).  For
search (:mod:`pokerroom.engine.chance`) a :class:`DeckSource` says which cards are in the stub and the muck, can
be made to deal chosen cards next (:meth:`DeckSource.put_on_top`), and with ``stop_at_deals`` makes the hand dealt
from it stop before each street's deal.

Draw games (RULES §2.5): discarded and folded cards go to the muck; when the stub cannot complete a draw, the
muck less the drawer's own discards is shuffled together with the stub, as often as the draw needs (settled
decision 22), and a player is never dealt a card he discarded earlier in the hand (``strict_never_own_discards``).
A :class:`DeckSource` says how many cards each reshuffle of its last draw put into the stub
(:attr:`DeckSource.reshuffled`); the hand records each as a ``RESHUFFLE`` event.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Protocol

from pokerroom.cards import DECK52, UNKNOWN, format_card, parse_cards
from pokerroom.engine.shuffle import (
    DeckStream,
    LegacyStream,
    Randomness,
    deck_key,
    fresh_seed,
    seed_bytes,
    shuffle,
    shuffle_steps,
)
from pokerroom.errors import DuplicateCard, IllegalAction

__all__ = ["CardSource", "DeckSource", "OutOfCards", "ScriptedCards", "copy_source"]

_new = object.__new__


class OutOfCards(IllegalAction):
    """The card source has no more cards for the deal asked for."""


class CardSource(Protocol):
    """What the engine asks of a card source."""

    def deal_hole(self, seats: Sequence[int], count: int) -> list[list[int]]:
        """``count`` cards for each of ``seats`` (in that order)."""
        ...

    def deal_board(self, count: int) -> list[int]:
        """``count`` board cards."""
        ...

    def deal_draw(self, seat: int, count: int, own: Sequence[int]) -> list[int]:
        """``count`` replacement cards for ``seat``, never one of ``own`` (the seat's discards this hand)."""
        ...

    def discard(self, cards: Sequence[int]) -> None:
        """Put discarded or folded ``cards`` in the muck."""
        ...

    def draw_capacity(self, own: Sequence[int]) -> int | None:
        """How many cards a draw by a seat with discards ``own`` can get at most (``None``: no limit known)."""
        ...

    @property
    def remaining(self) -> int | None:
        """Cards left in the stub (``None`` when the source cannot tell, as a script)."""
        ...

    @property
    def reshuffled(self) -> tuple[int, ...]:
        """The cards each reshuffle of the last :meth:`deal_draw` put into the stub, in order (RULES §2.5; empty:
        none, or a source that never reshuffles, as a script)."""
        ...


def copy_source(source: CardSource) -> CardSource:
    """An independent copy of a card source at its place: its own ``copy()`` (every source of pokerroom has one),
    else ``copy.deepcopy`` (a test's or a user's source)."""
    copier = getattr(source, "copy", None)
    if copier is not None:
        twin: CardSource = copier()
        return twin
    return copy.deepcopy(source)


class DeckSource:
    """Deal from an ordered deck (index 0 is the top card), or from a deck shuffled as it is dealt.

    A shuffled source (:meth:`shuffled`, :meth:`keyed`) draws each card uniformly from those not yet dealt, one
    Fisher-Yates step per card from its :class:`~pokerroom.engine.shuffle.DeckStream`: the same deck, card for
    card, as shuffling the whole deck first (:func:`~pokerroom.engine.shuffle.deck_order`), at the cost of the
    cards dealt only.

    ``muck``: cards already in the muck (a draw's reshuffle takes them; a resampled hand's,
    :mod:`pokerroom.engine.chance`); ``stop_at_deals``: a hand dealt from this source stops before each street's
    deal.  Raises :class:`~pokerroom.errors.DuplicateCard` for a card named twice.

    >>> src = DeckSource(parse_cards("AsKsQsJsTs 2c3c"))
    >>> src.deal_hole([1, 0], 2)
    [[51, 43], [47, 39]]
    """

    __slots__ = ("_cards", "_lazy", "_muck", "_pos", "_stream", "_top", "reshuffled", "stop_at_deals")

    def __init__(
        self,
        cards: Sequence[int],
        *,
        stream: Randomness | None = None,
        muck: Sequence[int] = (),
        stop_at_deals: bool = False,
    ) -> None:
        distinct = set(cards)
        if len(distinct) != len(cards) or (muck and (len(set(muck)) != len(muck) or not distinct.isdisjoint(muck))):
            seen: set[int] = set()
            for c in (*cards, *muck):  # the first card named twice, for the error
                if c in seen:
                    raise DuplicateCard(format_card(c))
                seen.add(c)
        self._cards = list(cards)
        self._pos = 0
        self._top = 0  # the cards before this position are placed (put_on_top): dealt as they lie
        self._stream = stream  # shuffles the deck as it is dealt and the stub at every reshuffle
        self._lazy = stream is not None  # the cards from _pos on are not shuffled yet
        self._muck: list[int] = list(muck)
        self.reshuffled: tuple[int, ...] = ()
        """The cards each reshuffle of the last :meth:`deal_draw` put into the stub, in order (none: empty)."""
        self.stop_at_deals = stop_at_deals
        """A hand dealt from this source stops before each street's deal (``Hand.stop_at_deals``, a chance node)."""

    @classmethod
    def shuffled(
        cls, deck: Sequence[int] = DECK52, *, seed: int | None = None, stop_at_deals: bool = False
    ) -> DeckSource:
        """A shuffled deck: reproducible with a whole-number ``seed`` (the server seed
        :func:`~pokerroom.engine.shuffle.seed_bytes` stands for), else from a fresh ``secrets`` seed.
        ``stop_at_deals``: a hand dealt from it stops before each street's deal (:mod:`pokerroom.engine.chance`)."""
        server_seed = seed_bytes(seed) if seed is not None else fresh_seed()
        source = cls.keyed(deck, deck_key(server_seed))
        source.stop_at_deals = stop_at_deals
        return source

    @classmethod
    def keyed(cls, deck: Sequence[int], key: bytes) -> DeckSource:
        """``deck`` shuffled by the stream of ``key`` (:func:`~pokerroom.engine.shuffle.deck_key`)."""
        return cls(deck, stream=DeckStream(key))

    @property
    def remaining(self) -> int:
        return len(self._cards) - self._pos

    @property
    def stub(self) -> tuple[int, ...]:
        """The cards not dealt yet (in no meaningful order while the deck is shuffled as it is dealt)."""
        return tuple(self._cards[self._pos :])

    @property
    def muck(self) -> tuple[int, ...]:
        """The discarded and folded cards, in the order they reached the muck (a draw's reshuffle takes them)."""
        return tuple(self._muck)

    def copy(self) -> DeckSource:
        """An independent copy at the same place: the stream is copied with its place, so the copy deals the
        same cards."""
        twin = _new(DeckSource)
        twin._cards, twin._pos, twin._top, twin._muck = self._cards.copy(), self._pos, self._top, self._muck.copy()
        stream = self._stream
        if stream is not None:
            copier = getattr(stream, "copy", None)
            stream = copier() if copier is not None else copy.deepcopy(stream)
        twin._stream = stream
        twin._lazy = self._lazy
        twin.reshuffled = self.reshuffled
        twin.stop_at_deals = self.stop_at_deals
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> DeckSource:
        return self.copy()

    def put_on_top(self, cards: Sequence[int]) -> None:
        """The next cards dealt are ``cards``, in this order (a chosen chance outcome, ``Hand.deal``); the rest of
        the stub stays as random as it was.  Raises :class:`~pokerroom.errors.DuplicateCard`, changing nothing,
        for a card that is not in the stub (dealt, mucked, named twice, or not of this deck)."""
        pos = self._pos
        stub = self._cards[pos:]
        if len(set(cards)) != len(cards) or not set(cards) <= set(stub):
            bad = next(c for i, c in enumerate(cards) if c not in stub or c in cards[:i])
            raise DuplicateCard(format_card(bad))
        deck = self._cards
        for k, card in enumerate(cards):
            i = pos + k
            j = deck.index(card, i)
            deck[i], deck[j] = deck[j], deck[i]
        self._top = pos + len(cards)

    def _take(self, count: int) -> list[int]:
        pos = self._pos
        cards = self._cards
        end = pos + count
        if end > len(cards):
            raise OutOfCards(f"the deck has {len(cards) - pos} cards left, {count} needed")
        if self._lazy:
            assert self._stream is not None
            top = self._top
            shuffle_steps(cards, self._stream, pos if pos >= top else min(top, end), end)
        self._pos = end
        return cards[pos:end]

    def deal_hole(self, seats: Sequence[int], count: int) -> list[list[int]]:
        n = len(seats)
        cards = self._take(count * n)
        if count == 1:
            return [[c] for c in cards]
        return [cards[i::n] for i in range(n)]

    def deal_board(self, count: int) -> list[int]:
        return self._take(count)

    def discard(self, cards: Sequence[int]) -> None:
        self._muck.extend(c for c in cards if c >= 0)

    def draw_capacity(self, own: Sequence[int]) -> int:
        """The cards of the stub and the muck that are not among ``own`` (RULES §2.5, decision 22)."""
        banned = set(own)
        stub = sum(1 for c in self._cards[self._pos :] if c not in banned) if banned else self.remaining
        return stub + sum(1 for c in self._muck if c not in banned)

    def deal_draw(self, seat: int, count: int, own: Sequence[int]) -> list[int]:
        """``count`` cards from the stub, never one of ``own``; when the stub cannot give them, the muck less
        ``own`` is shuffled into it first, and again whenever the stub runs out (:attr:`reshuffled` says how
        many cards each time).  Raises :class:`OutOfCards`, changing nothing, when even that cannot complete the
        draw (more than :meth:`draw_capacity` cards)."""
        if count == 0:
            self.reshuffled = ()
            return []
        capacity = self.draw_capacity(own)
        if count > capacity:  # refused before anything moves: the stub, the muck and the generator stay as they are
            raise OutOfCards(
                f"seat {seat} cannot draw {count}: the stub and the muck hold {capacity} cards it may get (RULES §2.5)"
            )
        self.reshuffled = ()
        banned = set(own)
        if self.remaining < count:
            self._reshuffle(banned)
        out: list[int] = []
        while len(out) < count:
            if self.remaining == 0:
                # Decision 22: the stub held only the drawer's own discards (put back in the muck as they came);
                # the eligible cards left are in the muck, so the reshuffle always finds some (capacity above).
                moved = self._reshuffle(banned)
                assert moved, "draw_capacity counted cards the reshuffle did not find"
            card = self._take(1)[0]
            if card in banned:  # never the drawer's own discards: back to the muck
                self._muck.append(card)
                continue
            out.append(card)
        return out

    def _reshuffle(self, banned: set[int]) -> int:
        """RULES §2.5 ``merge``: the muck less the drawer's own discards, shuffled with the rest of the stub.
        Returns the number of cards put into the stub (recorded in :attr:`reshuffled` when there were any)."""
        keep = [c for c in self._muck if c not in banned]
        if not keep and self.remaining == 0:
            return 0
        self._muck = [c for c in self._muck if c in banned]
        stream = self._stream
        if stream is None:  # an ordered deck (a test's) has no randomness of its own: a fresh one mixes it
            stream = DeckStream(deck_key(fresh_seed()))
            self._stream = stream
        if isinstance(stream, LegacyStream):  # a hand stored by an earlier release, dealt as it was
            stub = self._cards[self._pos :] + keep
            stream.rng.shuffle(stub)
            self._cards = self._cards[: self._pos] + stub
            self._lazy = False
            self.reshuffled = (*self.reshuffled, len(keep))
            return len(keep)
        if self._lazy:  # the rest of the deck in its place first: the stream read as the whole shuffle reads it
            shuffle(self._cards, stream, max(self._pos, self._top))
            self._lazy = False
        stub = self._cards[self._pos :] + keep
        shuffle(stub, stream)
        self._cards = self._cards[: self._pos] + stub
        self.reshuffled = (*self.reshuffled, len(keep))
        return len(keep)


class ScriptedCards:
    """Hole cards per seat and the board in order, given outright.

    ``hole`` maps a seat to its cards (a string like ``"AsKs"`` or ints); ``board`` is every board card in the
    order dealt.  Seats not in ``hole`` get unknown cards.  A deal beyond the script raises :class:`OutOfCards`.

    >>> src = ScriptedCards({0: "AsKs", 1: "????"}, board="2c3c4c")
    >>> src.deal_hole([0, 1], 2), src.deal_board(3)
    ([[51, 47], [-1, -1]], [0, 4, 8])
    """

    __slots__ = ("_board", "_board_pos", "_hole", "_hole_pos")

    reshuffled: tuple[int, ...] = ()
    """A script says every card outright: it never reshuffles."""

    def __init__(self, hole: Mapping[int, str | Sequence[int]], board: str | Sequence[int] = ()) -> None:
        self._hole = {s: parse_cards(c, unique=False) if isinstance(c, str) else list(c) for s, c in hole.items()}
        self._board = parse_cards(board, unique=False) if isinstance(board, str) else list(board)
        known = [c for cs in self._hole.values() for c in cs if c != UNKNOWN]
        known += [c for c in self._board if c != UNKNOWN]
        if len(set(known)) != len(known):
            dup = next(c for c in known if known.count(c) > 1)
            raise DuplicateCard(format_card(dup))
        self._hole_pos = dict.fromkeys(self._hole, 0)
        self._board_pos = 0

    def copy(self) -> ScriptedCards:
        """An independent copy at the same place in the script (the script itself is never changed: shared)."""
        twin = _new(ScriptedCards)
        twin._hole, twin._board = self._hole, self._board
        twin._hole_pos, twin._board_pos = dict(self._hole_pos), self._board_pos
        return twin

    def deal_hole(self, seats: Sequence[int], count: int) -> list[list[int]]:
        out = []
        for s in seats:
            cards = self._hole.get(s)
            if cards is None:
                out.append([UNKNOWN] * count)
                continue
            pos = self._hole_pos[s]
            if pos + count > len(cards):
                raise OutOfCards(f"the script gives seat {s} {len(cards)} cards, {pos + count} needed")
            out.append(cards[pos : pos + count])
            self._hole_pos[s] = pos + count
        return out

    @property
    def remaining(self) -> int | None:
        return None

    def discard(self, cards: Sequence[int]) -> None:
        """A script deals what it says; the muck plays no part."""

    def draw_capacity(self, own: Sequence[int]) -> int | None:
        return None

    def deal_draw(self, seat: int, count: int, own: Sequence[int]) -> list[int]:
        return self.deal_hole([seat], count)[0]

    def deal_board(self, count: int) -> list[int]:
        pos = self._board_pos
        if pos + count > len(self._board):
            raise OutOfCards(f"the script has {len(self._board) - pos} board cards left, {count} needed")
        self._board_pos = pos + count
        return self._board[pos : pos + count]
