"""One seat's observation as a fixed-shape ``float32`` vector, built from its :class:`~pokerroom.engine.HandView`
only (so never another seat's hidden cards: the view masks them, DESIGN "views are first-class").

Layout for a game whose hands hold up to ``H`` cards (``Game.hole_cards``) at a table of ``N`` seats; seats are
counted from the observer (offset 0 is the observer, offset ``k`` the ``k``-th seat to its left); chip amounts
are in the table's unit (big blind, or the small bet in stud), card planes are one-hot over the 52 card numbers
of :mod:`pokerroom.cards`:

=========================  =============  ===============================================================
slice                      size           contents
=========================  =============  ===============================================================
own cards                  ``H × 52``     row ``i``: the ``i``-th card the observer holds (the bit order
                                          of the draw ids), rows past the cards held are zero
board                      ``52``         the community cards
others' visible cards      ``(N-1) × 52`` per seat offset 1..N-1: its up cards and shown cards only
per seat                   ``N × 6``      per offset 0..N-1: stack, bet this round, folded, to act,
                                          button, cards held / ``H``
table                      ``8``          pot, street index / (streets − 1), to call, smallest and
                                          largest legal bet or raise total (0 when none or not to act),
                                          phase is betting, draw, showdown
=========================  =============  ===============================================================
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerroom.cards import UNKNOWN
from pokerroom.engine import HandView
from pokerroom.engine.phase import Phase

__all__ = ["SEAT_FEATURES", "TABLE_FEATURES", "Layout"]

CARDS = 52
SEAT_FEATURES = 6
TABLE_FEATURES = 8


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each part of the observation vector sits for ``slots`` cards a hand and ``seats`` players, with
    chips divided by ``unit``."""

    slots: int
    seats: int
    streets: int
    unit: int

    @property
    def board(self) -> int:
        return self.slots * CARDS

    @property
    def others(self) -> int:
        return self.board + CARDS

    @property
    def per_seat(self) -> int:
        return self.others + (self.seats - 1) * CARDS

    @property
    def table(self) -> int:
        return self.per_seat + self.seats * SEAT_FEATURES

    @property
    def size(self) -> int:
        return self.table + TABLE_FEATURES

    def encode(self, view: HandView, street: int) -> npt.NDArray[np.float32]:
        """``float32[size]``: ``view`` (the observer's own, ``view.seat`` not ``None``) laid out as the module
        docstring says; ``street`` is the hand's street index (public)."""
        seat = view.seat
        assert seat is not None, "an observation is one seat's view"
        n, unit = self.seats, self.unit
        out = np.zeros(self.size, dtype=np.float32)
        own = view.hole[seat]
        if len(own) > self.slots:
            raise ValueError(f"seat {seat} holds {len(own)} cards; the layout has {self.slots} slots")
        for i, card in enumerate(own):
            out[i * CARDS + card] = 1.0
        for card in view.board:
            out[self.board + card] = 1.0
        for k in range(1, n):
            base = self.others + (k - 1) * CARDS
            for card in view.hole[(seat + k) % n]:
                if card != UNKNOWN:
                    out[base + card] = 1.0
        for k in range(n):
            s = (seat + k) % n
            base = self.per_seat + k * SEAT_FEATURES
            out[base : base + SEAT_FEATURES] = (
                view.stacks[s] / unit,
                view.bets[s] / unit,
                view.folded[s],
                view.to_act == s,
                view.button == s,
                len(view.hole[s]) / self.slots,
            )
        legal = view.legal
        span = None if legal is None else legal.bet or legal.raise_
        lo, hi = span if span is not None else (0, 0)
        out[self.table : self.size] = (
            view.pot / unit,
            street / max(1, self.streets - 1),
            (legal.call or 0) / unit if legal is not None else 0.0,
            lo / unit,
            hi / unit,
            view.phase == Phase.BETTING,
            view.phase == Phase.DRAW,
            view.phase == Phase.SHOWDOWN,
        )
        return out
