"""Real online hands: the HandHQ samples of the public PHH dataset (``tests/data/handhq``, MIT, see NOTICE.md):
six sites (Absolute, Full Tilt, iPoker, Ongame, PokerStars, PartyPoker), no-limit hold'em at 0.25 to 10 big
blinds, 558 tables from 13 files.

Every table gets a status and none is an ``error`` or a ``mismatch``: the posts (negative blind entries, live at
the big blind's size, dead below it), ``inf`` stacks, string hand ids, all-zero ``winnings`` (not recorded),
winnings with or without the winner's uncalled bet, a rake the record implies, and files that stop after the river
card.  The counts per file are pinned, so a change in how any hand reads or replays shows here.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from pokerroom.formats.phh import PHHHand, read_each
from pokerroom.formats.replay import PASSING, replay

DATA = Path(__file__).resolve().parent / "data" / "handhq"

# file -> (ok, unchecked, incomplete, rake)
EXPECTED = {
    "abs-50NLH-1.phhs": (20, 8, 0, 15),
    "abs-200NLH-1.phhs": (26, 6, 0, 12),
    "abs-1000NLH-1.phhs": (30, 9, 0, 12),
    "ftp-50NLH-1.phhs": (3, 40, 0, 4),
    "ftp-1000NLH-1.phhs": (7, 35, 0, 5),
    "ipn-100NLH-1.phhs": (0, 43, 1, 0),
    "ipn-1000NLH-1.phhs": (0, 40, 1, 0),
    "ong-400NLH-1.phhs": (26, 0, 0, 18),
    "ong-1000NLH-1.phhs": (28, 0, 0, 14),
    "ps-25NLH-1.phhs": (3, 28, 0, 7),
    "ps-1000NLH-1.phhs": (5, 30, 0, 5),
    "pty-25NLH-1.phhs": (9, 0, 0, 25),
    "pty-1000NLH-1.phhs": (29, 0, 0, 14),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_handhq_sample_table_replays(name: str) -> None:
    counts: Counter[str] = Counter()
    for record in read_each(DATA / name):
        assert isinstance(record, PHHHand), record  # no table of the samples is unreadable
        result = replay(record)
        assert result.status in PASSING, (result.label, result.message)
        counts[result.status] += 1
    assert (counts["ok"], counts["unchecked"], counts["incomplete"], counts["rake"]) == EXPECTED[name]


def test_ongame_dead_small_blind_posts() -> None:
    """Ongame ``[2, 4, 0, -2, 0]``: p4 posts a missed small blind dead and raises to 16; everybody folds.  The pot
    p4 takes is 2 + 4 + 4 (the called part) + 2 dead = 12, as the file's winnings say; a live post would make it 10."""
    records = list(read_each(DATA / "ong-400NLH-1.phhs"))
    first = records[0]
    assert isinstance(first, PHHHand) and first.blinds_or_straddles == tuple(map(Decimal, (2, 4, 0, -2, 0)))
    result = replay(first)
    assert result.status == "ok" and result.hand is not None
    assert result.hand.dead_posted == [0, 0, 0, 200, 0]  # in cents
    assert result.hand.won == [0, 0, 0, 1200, 0]


def test_partypoker_winnings_hold_the_uncalled_bet() -> None:
    """PartyPoker [9]: p2 raises the turn to 0.50 over p1's 0.25 and p1 folds; the pot is 1.00 and the uncalled
    0.25 comes back.  The file's winnings of 1.20 are 1.25 less a rake of 0.05."""
    record = next(r for r in read_each(DATA / "pty-25NLH-1.phhs") if r.label == "9")
    assert isinstance(record, PHHHand)
    result = replay(record)
    assert result.status == "rake" and result.message == "a rake of 0.05 is implied (winnings: p2 1.25 -> 1.2)"
