"""RULES §2.5, settled decision 22: every card of a seeded hand, reshuffles included, follows from the seed alone.

Hand ``i`` of every game (tests/seeded_cards.py: a random table, deck seed and choices all drawn from ``i``, draws
of many cards so that full draw tables reshuffle) is dealt and played in two processes that share nothing: other
``PYTHONHASHSEED`` values (no set or dict of strings may order a card), the hands in opposite orders (no state
carried from hand to hand), and in one of them the ``random`` module's own generator seeded and moved on between
hands (no card from the global random state).  Every card event must be the same: hole, up and board cards,
discards, reshuffles and the cards drawn.

``HANDS`` hands per game: 1,000 with ``POKERROOM_SOAK=1`` (as ``make soak`` runs), a tenth of that otherwise.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from pokerroom.games import all_games, find
from seeded_cards import cards_line
from soak import SOAK

HANDS = 1_000 if SOAK else 100
SCRIPT = Path(__file__).resolve().parent / "seeded_cards.py"
DRAW_GAMES = ("club-lowball", "five-card-draw", "27-triple-draw", "draw32")


def _run(hash_seed: str, *extra: str) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(HANDS), *extra],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


def test_every_card_of_a_seeded_hand_follows_from_the_seed_alone() -> None:
    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(_run, "0")
        second = pool.submit(_run, "4242", "--reverse", "--global-seed", "99")
        a, b = first.result(), second.result()
    assert len(a) == len(b) == HANDS * len(all_games())
    differ = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    assert not differ, f"{len(differ)} hands dealt other cards; the first:\n{differ[0][0]}\n{differ[0][1]}"
    # The draw games reshuffled, and often: those are the cards that used to follow something else.
    reshuffled = {game: sum(1 for line in a if line.startswith(game + " ") and " r:" in line) for game in DRAW_GAMES}
    assert all(count >= HANDS // 50 for count in reshuffled.values()), reshuffled


def test_the_same_hand_twice_in_one_process() -> None:
    # Same seed, same choices, same process: the same cards, a 27-triple-draw hand with reshuffles among them.
    for number in range(5):
        line = cards_line(find("27-triple-draw"), number)
        assert cards_line(find("27-triple-draw"), number) == line
    lines = [cards_line(find("draw32"), number) for number in range(10)]
    assert any(" r:" in line for line in lines)
    assert [cards_line(find("draw32"), number) for number in range(10)] == lines
