"""PokerStars hands as PHH (pokerroom.formats.pokerstars.to_phh; docs/pokerstars.md, "From PokerStars to PHH"):
the hand's start in UTC through the zone PokerStars writes, a big-blind ante as dead money, a cash-out kept, and
every PHH hand of ../shared/phh written as PokerStars text and read back checking ``ok``."""

from __future__ import annotations

from datetime import time
from decimal import Decimal
from pathlib import Path

import pytest

from pokerroom.formats import phh
from pokerroom.formats.phh_hand import to_record as phh_record
from pokerroom.formats.pokerstars import BadStarsHand, StarsHand, check, loads_each, read_each, to_phh, write_hand
from pokerroom.formats.replay import replay

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
STARS = SHARED / "handhistories" / "pokerstars"
WSOP = SHARED / "phh" / "dataset" / "wsop" / "2023" / "43" / "5"
needs_shared = pytest.mark.skipif(not (STARS.is_dir() and WSOP.is_dir()), reason="../shared is not here")

WALK = """PokerStars Hand #{id}:  Hold'em No Limit ($0.01/$0.02 USD) - {when}
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: ann ($2 in chips)
Seat 2: ben ($2 in chips)
Seat 3: cat ($2 in chips)
ben: posts small blind $0.01
cat: posts big blind $0.02
*** HOLE CARDS ***
ann: folds
ben: folds
Uncalled bet ($0.01) returned to cat
cat collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 1: ann (button) folded before Flop (didn't bet)
Seat 2: ben (small blind) folded before Flop
Seat 3: cat (big blind) collected ($0.02)
"""


def _one(text: str) -> StarsHand:
    (hand,) = loads_each(text)
    assert isinstance(hand, StarsHand)
    return hand


@pytest.mark.parametrize(
    ("when", "utc"),
    [
        ("2009/11/25 14:12:58 ET", (2009, 11, 25, time(19, 12, 58))),  # eastern standard time: UTC-5
        ("2010/06/07 20:13:12 WET [2010/06/07 15:13:12 ET]", (2010, 6, 7, time(19, 13, 12))),  # Lisbon summer: UTC+1
        ("2021/11/23 22:30:22 MSK [2021/11/23 14:30:22 ET]", (2021, 11, 23, time(19, 30, 22))),  # Moscow: UTC+3
        ("2019/06/25 16:12 UTC [2019/06/25 17:12 CET]", (2019, 6, 25, time(16, 12))),
    ],
)
def test_the_start_is_kept_in_utc(when: str, utc: tuple[int, int, int, time]) -> None:
    record = to_phh(_one(WALK.format(id=1, when=when)))
    extra = record.extra
    assert (extra["year"], extra["month"], extra["day"], extra["time"], extra["time_zone"]) == (*utc, "UTC")
    started = phh_record(record).setup.started_at
    assert started is not None and started.hour == utc[3].hour
    assert "- {}/{:02d}/{:02d} {} UTC".format(*utc[:3], utc[3].strftime("%H:%M:%S")) in write_hand(phh_record(record))


def test_an_unknown_zone_keeps_the_files_words() -> None:
    extra = to_phh(_one(WALK.format(id=2, when="2009/11/25 14:12:58 XYZ"))).extra
    assert (extra["time"], extra["time_zone"]) == (time(14, 12, 58), "XYZ")


@needs_shared
def test_a_big_blind_ante_is_dead_money_and_other_antes_are_trimmed() -> None:
    record = to_phh(_one(WALK.format(id=4, when="2020/01/02 10:00:00 ET")))
    assert record.ante_trimming_status is True  # PokerStars' antes count in the side pots
    (hand,) = phh.read(sorted(WSOP.glob("*.phh"))[0])
    assert hand.ante_trimming_status is False and sum(1 for a in hand.antes if a) == 1  # a big-blind ante
    text = write_hand(phh_record(hand))
    back = to_phh(_one(text))
    assert back.ante_trimming_status is False  # the big blind's player alone antes: dead money
    assert check(_one(text)).status == "ok"


@needs_shared
def test_a_cash_out_is_kept_and_the_phh_replays_ok() -> None:
    (hand,) = [h for h in read_each(STARS / "cash/Stars/Flop/6-Card-PLO-6max-USD-1.00-2.00-202004.Cash.Out.2.txt")]
    assert isinstance(hand, StarsHand)
    record = to_phh(hand)
    assert record.extra["_cash_out"] == {"Hero": Decimal("258.65")}
    assert record.winnings == tuple(Decimal(x) for x in ("0", "591.04", "0", "0", "0", "0"))
    assert replay(phh.loads(phh.dumps(record))[0]).status == "ok"


@needs_shared
def test_every_wsop_2023_hand_written_as_pokerstars_reads_back_ok() -> None:
    hands = [h for path in sorted(WSOP.glob("*.phh")) for h in phh.read(path)]
    text = "\n\n\n".join(write_hand(phh_record(h), hand_id=k + 1) for k, h in enumerate(hands))
    read = list(loads_each(text))
    assert len(read) == len(hands) == 83
    assert not [h for h in read if isinstance(h, BadStarsHand)]
    assert {check(h).status for h in read if isinstance(h, StarsHand)} == {"ok"}
