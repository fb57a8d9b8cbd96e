"""PokerStars text read and replayed, pokerroom beside PokerKit on the same files, and beside PHH (issue 21).

Inputs: the no-limit hold'em files of ../shared/handhistories/pokerstars (the games PokerKit's PokerStars parser
reads), the same bytes for both.  Rows, each in hands per second through the public path a user calls:

* read: ``pokerstars.loads_each`` (pokerroom) against ``HandHistory.from_pokerstars`` (PokerKit), decoding included;
* read and replayed: ``loads_each`` then ``check`` (every amount, pot and the rake compared) against PokerKit's parse
  then a walk through every state of each hand (``for state in hand_history``);
* the same hands as PHH (converted once, beforehand): ``phh.loads`` then ``replay``, pokerroom's PHH path.

Interleaved runs, ratios from one run (the machine is shared).  ``python benchmarks/bench_pokerstars.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import warnings
from collections.abc import Callable
from pathlib import Path

from common import Row, best_rates, format_table, peer

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "handhistories" / "pokerstars"
FILES = (
    "tour/Stars/Flop/NLHE-USD-MTT-5r-200710.txt",
    "tour/Stars/Flop/NLHE-USD-MTT-1-KO.201008.txt",
    "cash/Stars/Flop/NLHE-FR-USD-0.01-0.02-201005.microgrind.txt",
    "cash/Stars/Flop/NLHE-6max-USD-0.05-0.10-200911.txt",
    "tour/Stars/Flop/NLHE-USD-STT-20-201006.DONturbo.txt",
)


def _texts() -> list[str]:
    from pokerroom.formats.pokerstars import decode

    return [decode((CORPUS / name).read_bytes()) for name in FILES]


def ours_read(texts: list[str]) -> Callable[[], int]:
    from pokerroom.formats.pokerstars import loads_each

    return lambda: sum(1 for text in texts for _ in loads_each(text))


def ours_replay(texts: list[str]) -> Callable[[], int]:
    from pokerroom.formats.pokerstars import StarsHand, check, loads_each

    def run() -> int:
        n = 0
        for text in texts:
            for hand in loads_each(text):
                if isinstance(hand, StarsHand):
                    check(hand)
                    n += 1
        return n

    return run


def ours_phh(texts: list[str]) -> Callable[[], int]:
    from pokerroom.formats import phh
    from pokerroom.formats.pokerstars import StarsHand, loads_each, to_phh
    from pokerroom.formats.replay import replay

    docs = []
    for text in texts:
        for hand in loads_each(text):
            if isinstance(hand, StarsHand):
                try:
                    docs.append(phh.dumps(to_phh(hand)))
                except Exception:
                    continue

    def run() -> int:
        n = 0
        for doc in docs:
            for record in phh.loads(doc):
                replay(record)
                n += 1
        return n

    return run


def theirs_read(texts: list[str]) -> Callable[[], int]:
    from pokerkit import HandHistory

    def run() -> int:
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):  # it prints each refusal
            warnings.simplefilter("ignore")
            return sum(1 for text in texts for _ in HandHistory.from_pokerstars(text))

    return run


def theirs_replay(texts: list[str]) -> Callable[[], int]:
    from pokerkit import HandHistory

    def run() -> int:
        n = 0
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            for text in texts:
                for hh in HandHistory.from_pokerstars(text):
                    try:
                        for _state in hh:
                            pass
                    except Exception:
                        continue
                    n += 1
        return n

    return run


def rows(quick: bool = False) -> list[Row]:
    """The rows of ``make bench``: hands per second beside PokerKit's, interleaved; the PHH row compares with
    PokerKit's PokerStars replay of the same hands (its own path for these files)."""
    peer("pokerkit")
    texts = _texts()
    seconds, rounds = (0.3, 2) if quick else (1.0, 3)
    read, replayed, as_phh, kit_read, kit_replay = best_rates(
        [ours_read(texts), ours_replay(texts), ours_phh(texts), theirs_read(texts), theirs_replay(texts)],
        rounds,
        seconds,
    )
    return [
        Row("PokerStars text read", "hands/s", read, "pokerkit", kit_read),
        Row("PokerStars text read and replayed (every amount checked)", "hands/s", replayed, "pokerkit", kit_replay),
        Row("the same hands as PHH, read and replayed", "hands/s", as_phh, "pokerkit", kit_replay),
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="shorter measurements")
    args = parser.parse_args(argv)
    texts = _texts()
    counts = (ours_read(texts)(), ours_replay(texts)(), theirs_read(texts)(), theirs_replay(texts)())
    print(f"{len(FILES)} files: pokerroom reads {counts[0]} hands and replays {counts[1]}; PokerKit reads {counts[2]}")
    print(f"and replays {counts[3]} (a refused hand is not counted)")
    print(format_table(rows(args.quick)))


if __name__ == "__main__":
    main()
