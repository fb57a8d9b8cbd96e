"""A table's provable shuffle on the server (docs/shuffle.md): the next hand's committed deck, the client seeds
the seated players add before its deal, the ``shuffle`` field of every ``state`` message, and the ``proof``
message each player dealt in gets when the hand ends.

Order matters, and :class:`ShuffleDesk` keeps it: the server seed's hash is published (the next deck is drawn)
before any client seed is taken, client seeds are taken only between hands for the hand whose hash is shown,
and the deal commits to the deck's positions (the root) before anyone sees a card.  A seat takes one seed a hand
(a seed changes the state every connection is sent, so more would be a flood amplifier), kept with the player who
sent it: it is dealt only while that player still sits in that seat.  The next deck and its seeds live in
memory: after a restart between hands the same hand number shows another seed hash and no seeds (the page
forgets, at each ``welcome``, what it remembered of hands not yet dealt: static/shuffle.js).  The server seed
itself never leaves: a state gives :meth:`~pokerroom.room.record.Deck.public` fields only, and a proof gives the seed
only when the operator's :class:`~pokerroom.room.proof.Reveal` setting allows.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace

from pokerroom.errors import PokerroomError
from pokerroom.room.proof import Reveal, proof_json
from pokerroom.room.record import Deck, HandRecord, Status
from pokerroom.room.table import Table

__all__ = ["CLIENT_SEED", "SeedRefused", "ShuffleDesk"]

CLIENT_SEED = re.compile(r"[0-9a-f]{1,64}")
"""A client seed: 1 to 64 lower-case hex digits."""


class SeedRefused(PokerroomError):
    """A client seed the table does not take now (see the message for why and what is allowed)."""


class ShuffleDesk:
    """The provable shuffle of one :class:`~pokerroom.room.table.Table` (the actor calls it)."""

    def __init__(self, table: Table, reveal: Reveal | None = None) -> None:
        self.table = table
        self.reveal = reveal or Reveal()
        self._next: Deck | None = None
        self._seeds: dict[tuple[int, str], str] = {}
        """(table seat, player) -> the client seed that player sent from that seat for the next hand."""

    def next_deck(self) -> Deck:
        """The next hand's deck, drawn (and its hash published) once, before any client seed is taken."""
        if self._next is None:
            self._next = self.table.next_deck()
            self._seeds = {}
        return self._next

    def _occupant(self, seat: int) -> str | None:
        st = self.table.seats[seat] if 0 <= seat < len(self.table.seats) else None
        return None if st is None else st.player

    def add_seed(self, seat: int | None, hand: object, seed: object, *, running: bool) -> None:
        """Take ``seed`` from the player at table ``seat`` for hand number ``hand``.  Raises :class:`SeedRefused`
        when nobody sits there, a hand is being played (its deck is dealt; the next one's hash is not out yet),
        the hand number is not the next one, the seed is not 1 to 64 lower-case hex digits, or that player has
        sent their seed for this hand already (one a hand)."""
        player = None if seat is None else self._occupant(seat)
        if seat is None or player is None:
            raise SeedRefused("only a seated player adds a client seed")
        if not isinstance(seed, str) or not CLIENT_SEED.fullmatch(seed):
            raise SeedRefused("a client seed is 1 to 64 lower-case hex digits")
        upcoming = self.table.hand_number + 1
        if running:
            raise SeedRefused(
                f"hand {self.table.hand_number} is being played; send a seed for hand {upcoming} "
                "once its seed hash is shown, before its deal"
            )
        if hand != upcoming:
            raise SeedRefused(f"the next hand is {upcoming}, not {hand!r}: a seed is for the hand whose hash is shown")
        self.next_deck()
        if (seat, player) in self._seeds:
            raise SeedRefused(f"one seed per hand: yours for hand {upcoming} is taken")
        self._seeds[seat, player] = seed

    def deal_deck(self) -> Deck:
        """The deck to deal the next hand from: the committed one with the client seeds of the players still in
        the seats they sent them from."""
        deck = self.next_deck()
        seeds = ((seat, text) for (seat, player), text in self._seeds.items() if self._occupant(seat) == player)
        return replace(deck, client_seeds=tuple(sorted(seeds)))

    def dealt(self) -> None:
        """The hand was dealt from :meth:`deal_deck`: the next one gets a new server seed."""
        self._next = None
        self._seeds = {}

    def state(self, *, running: bool) -> dict[str, object]:
        """The ``shuffle`` field of a ``state`` message: the hand in play (with its root) while one is running,
        else the next hand (its seed hash; root ``null``) and the client seeds taken so far."""
        setup = self.table.setup
        if running and setup is not None and setup.deck.seed_hash is not None:
            deck, number = setup.deck, self.table.hand_number
        else:
            deck, number = self.deal_deck(), self.table.hand_number + 1
        return {
            "hand": number,
            "seed_hash": deck.seed_hash,
            "root": deck.root if running else None,
            "client_seeds": [[seat, text] for seat, text in deck.client_seeds],
        }

    def proofs(self, record: HandRecord, hand_id: int | None, players: Collection[str]) -> dict[str, dict[str, object]]:
        """The ``proof`` message of each of ``players`` (those connected) dealt into the finished hand ``record``
        (none for a voided hand or a deck without commitments)."""
        if record.status is not Status.COMPLETE or record.setup.deck.root is None:
            return {}
        reveal = self.reveal.now(record, table_open=True)  # the table is dealing: it is open
        out: dict[str, dict[str, object]] = {}
        for k, seat in enumerate(record.setup.seats):
            if seat.player not in players:
                continue
            out[seat.player] = {
                "type": "proof",
                "hand_id": hand_id,
                "number": record.setup.number,
                "proof": proof_json(record, k, reveal=reveal, hand_id=hand_id),
            }
        return out
