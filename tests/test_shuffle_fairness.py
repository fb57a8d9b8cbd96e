"""The shuffle's fairness measured (issue 19, item 2; figures in docs/shuffle.md): chi-square tests of the one card
source on card-by-position counts and on serial pairs over many shuffles, and of the first card each seat gets
across server deals (the table's deal from a committed server seed and a client seed, as the server deals).

``POKERROOM_SOAK=1`` runs the full counts (10^6 shuffles, 10^5 deals); the suite runs a tenth.  The seeds are
fixed, so a run is deterministic: a p-value below :data:`ALPHA` means the construction changed for the worse,
never bad luck on the day.  A broken shuffle (the naive "swap with any position" variant) is shown to fail the
same test, so the test can fail.  Run with ``-s`` to print the figures.
"""

from __future__ import annotations

import hashlib
import itertools
import math

from pokerroom.cards import DECK52
from pokerroom.engine import EventType
from pokerroom.engine.shuffle import DeckStream, deck_key, shuffle
from pokerroom.room.proof import seed_hash
from pokerroom.room.record import Deck
from soak import SOAK
from tabletools import new_table

SHUFFLES = 1_000_000 if SOAK else 100_000
DEALS = 100_000 if SOAK else 10_000
ALPHA = 1e-4
"""The smallest p-value a fair shuffle passes with."""


def p_value(chi2: float, df: int) -> float:
    """The chi-square survival function by the Wilson-Hilferty cube-root normal approximation (accurate to a few
    per cent of p for the hundreds and thousands of degrees of freedom here)."""
    z = ((chi2 / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def chi2(counts: list[int], expected: float) -> float:
    return sum((c - expected) ** 2 for c in counts) / expected


def _orders(n: int, *, naive: bool = False) -> list[list[int]]:
    out = []
    for i in range(n):
        key = deck_key(hashlib.sha256(b"fairness %d" % i).digest())
        deck = list(DECK52)
        stream = DeckStream(key)
        if naive:  # the classic mistake: swap each position with any position
            for k in range(52):
                j = stream.below(52)
                deck[k], deck[j] = deck[j], deck[k]
        else:
            shuffle(deck, stream)
        out.append(deck)
    return out


def _position_test(orders: list[list[int]]) -> tuple[float, int, float]:
    counts = [0] * (52 * 52)
    for order in orders:
        for position, card in enumerate(order):
            counts[position * 52 + card] += 1
    stat = chi2(counts, len(orders) / 52)
    df = 51 * 51
    return stat, df, p_value(stat, df)


def _serial_test(orders: list[list[int]]) -> tuple[float, int, float]:
    counts = [0] * (52 * 52)
    for order in orders:
        for a, b in itertools.pairwise(order):
            counts[a * 52 + b] += 1
    cells = [c for k, c in enumerate(counts) if k // 52 != k % 52]  # a card never follows itself
    stat = chi2(cells, len(orders) * 51 / len(cells))
    df = len(cells) - 1
    return stat, df, p_value(stat, df)


def test_card_by_position_and_serial_pairs_are_uniform() -> None:
    orders = _orders(SHUFFLES)
    stat, df, p = _position_test(orders)
    print(f"\ncard by position: {SHUFFLES} shuffles, chi2 {stat:.1f} on {df} df, p = {p:.3f}")
    assert p > ALPHA
    stat, df, p = _serial_test(orders)
    print(f"serial pairs: {SHUFFLES} shuffles, chi2 {stat:.1f} on {df} df, p = {p:.3f}")
    assert p > ALPHA


def test_the_naive_shuffle_fails_the_same_test() -> None:
    # The counts of the fair test's own size: what the test would say of a biased shuffle.
    orders = _orders(SHUFFLES // 4, naive=True)
    stat, df, p = _position_test(orders)
    print(f"\nnaive shuffle, card by position: {len(orders)} shuffles, chi2 {stat:.1f} on {df} df, p = {p:.2e}")
    assert p < ALPHA


def test_the_first_card_of_each_seat_across_server_deals() -> None:
    seats = 6
    counts = [[0] * 52 for _ in range(seats)]
    t = new_table("holdem", players=tuple(range(seats)), stack=200, blinds=(1, 2))
    for i in range(DEALS):
        secret = hashlib.sha256(b"deal %d" % i).digest()
        deck = Deck(server_seed=secret.hex(), client_seeds=((i % seats, f"{i:x}"),), seed_hash=seed_hash(secret))
        t.start_hand(deck=deck)
        h = t.hand
        assert h is not None
        setup = t.setup
        assert setup is not None
        for e in h.events:
            if e.type is EventType.DEAL_HOLE and e.seat is not None and e.cards:
                counts[setup.seats[e.seat].seat][e.cards[0]] += 1
        t.void_hand("fairness test: only the deal is counted")  # every chip back: the stacks never move
    total = 0.0
    for seat in range(seats):
        stat = chi2(counts[seat], DEALS / 52)
        total += stat
        assert p_value(stat, 51) > ALPHA / seats, (seat, stat)
    p = p_value(total, 51 * seats)
    print(
        f"\nfirst card per seat: {DEALS} server deals x {seats} seats, chi2 {total:.1f} on {51 * seats} df, p = {p:.3f}"
    )
    assert p > ALPHA
