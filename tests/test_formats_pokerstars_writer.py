"""The PokerStars-style writer (pokerroom.formats.pokerstars.write_hand, docs/pokerstars.md): real hands dealt and
played through the engine written line for line in players' names (a hold'em showdown with a side pot, a stud
hand, a triple-draw hand, an uncontested hand, a hi/lo split, a void), only the viewer's own down cards dealt to
them, and every line in a shape taken from real PokerStars files (/work/shared/handhistories/pokerstars)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import Action, ActionKind, Hand, ScriptedCards
from pokerroom.formats.pokerstars import text_name, write_hand
from pokerroom.games import Betting, find
from pokerroom.room.record import HandRecord, SeatRecord, Status, record_of

REAL = Path(__file__).resolve().parents[1].parent / "shared" / "handhistories" / "pokerstars"


def record(
    hand: Hand, names: list[str], *, first_seat: int = 0, status: Status | None = None, reason: str | None = None
) -> HandRecord:
    seats = [SeatRecord(first_seat + k, names[k], hand.starting_stacks[k]) for k in range(hand.n)]
    return record_of(
        hand,
        seats=seats,
        table_name="Main",
        number=7,
        status=status,
        reason=reason,
        started_at=datetime(2026, 12, 3, 13, 0, tzinfo=UTC),
    )


def passive(hand: Hand, raises: dict[int, int] | None = None) -> None:
    """Bring in, raise where ``raises`` says (seat -> total, once), else check or call, to the end."""
    raises = dict(raises or {})
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None
        kinds = legal.kinds()
        if ActionKind.BRING_IN in kinds:
            hand.act(Action(ActionKind.BRING_IN), legal.seat)
        elif legal.seat in raises and (ActionKind.RAISE in kinds or ActionKind.BET in kinds):
            to = raises.pop(legal.seat)
            hand.act(Action.raise_to(to) if ActionKind.RAISE in kinds else Action.bet(to), legal.seat)
        elif ActionKind.DRAW in kinds:
            hand.act(Action.draw(), legal.seat)
        elif ActionKind.CHECK in kinds:
            hand.act(Action.check(), legal.seat)
        else:
            hand.act(Action.call(), legal.seat)


def side_pot_hand() -> HandRecord:
    """alice (button, 50) shoves aces; bob (small blind) re-raises kings to 120; carol calls with queens."""
    h = find("holdem").deal(
        stacks=[50, 200, 200],
        button=0,
        blinds=(1, 2),
        cards=ScriptedCards({0: "AsAh", 1: "KsKh", 2: "QsQh"}, "2c3d8h9sTc"),
    )
    h.act(Action.raise_to(50), 0)
    h.act(Action.raise_to(120), 1)
    h.act(Action.call(), 2)
    passive(h)
    return record(h, ["alice", "bob", "carol"], first_seat=2)


def test_holdem_showdown_with_a_side_pot_line_for_line() -> None:
    text = write_hand(side_pot_hand(), hand_id=41, max_seats=6)
    assert text.splitlines() == [
        "PokerStars Hand #41:  Hold'em No Limit (1/2) - 2026/12/03 13:00:00 UTC",
        "Table 'Main' 6-max Seat #3 is the button",
        "Seat 3: alice (50 in chips)",
        "Seat 4: bob (200 in chips)",
        "Seat 5: carol (200 in chips)",
        "bob: posts small blind 1",
        "carol: posts big blind 2",
        "*** HOLE CARDS ***",
        "Dealt to bob [Ks Kh]",
        "Dealt to carol [Qs Qh]",
        "Dealt to alice [As Ah]",
        "alice: raises 48 to 50 and is all-in",
        "bob: raises 70 to 120",
        "carol: calls 118",
        "*** FLOP *** [2c 3d 8h]",
        "bob: checks",
        "carol: checks",
        "*** TURN *** [2c 3d 8h] [9s]",
        "bob: checks",
        "carol: checks",
        "*** RIVER *** [2c 3d 8h 9s] [Tc]",
        "bob: checks",
        "carol: checks",
        "*** SHOW DOWN ***",
        "bob: shows [Ks Kh] (one pair, kings)",
        "carol: shows [Qs Qh] (one pair, queens)",
        "alice: shows [As Ah] (one pair, aces)",
        "alice collected 150 from main pot",
        "bob collected 140 from side pot",
        "*** SUMMARY ***",
        "Total pot 290 Main pot 150. Side pot 140. | Rake 0",
        "Board [2c 3d 8h 9s Tc]",
        "Seat 3: alice (button) showed [As Ah] and won (150) with one pair, aces",
        "Seat 4: bob (small blind) showed [Ks Kh] and won (140) with one pair, kings",
        "Seat 5: carol (big blind) showed [Qs Qh] and lost with one pair, queens",
    ]


def test_a_viewer_is_dealt_only_their_own_cards() -> None:
    lines = write_hand(side_pot_hand(), 2).splitlines()
    assert [x for x in lines if x.startswith("Dealt to")] == ["Dealt to carol [Qs Qh]"]
    assert "bob: shows [Ks Kh] (one pair, kings)" in lines  # shown at the showdown all the same
    assert lines[0] == "PokerStars Hand #7:  Hold'em No Limit (1/2) - 2026/12/03 13:00:00 UTC"  # the table's number
    assert lines[1] == "Table 'Main' 10-max Seat #3 is the button"  # no table size given: the game's most


def stud_hand() -> HandRecord:
    h = find("stud").deal(
        stacks=[100, 100],
        ante=1,
        bring_in=2,
        betting=Betting.fixed_limit(4, 8, rounds=5),
        cards=ScriptedCards({0: "AsKd7h8c9c2d3d", 1: "QsQd2h5c6c4h4d"}),
    )
    passive(h, {0: 4})
    return record(h, ["alice", "bob"])


def test_stud_streets_up_cards_bring_in_and_completion() -> None:
    lines = write_hand(stud_hand(), 0).splitlines()
    assert lines[:2] == ["PokerStars Hand #7:  7 Card Stud Limit (4/8) - 2026/12/03 13:00:00 UTC", "Table 'Main' 8-max"]
    assert lines[4:] == [
        "bob: posts the ante 1",
        "alice: posts the ante 1",
        "*** 3rd STREET ***",
        "Dealt to bob [2h]",
        "Dealt to alice [As Kd 7h]",
        "bob: brings in for 2",
        "alice: raises 2 to 4",
        "bob: calls 2",
        "*** 4th STREET ***",
        "Dealt to bob [2h] [5c]",
        "Dealt to alice [As Kd 7h] [8c]",
        "alice: checks",
        "bob: checks",
        "*** 5th STREET ***",
        "Dealt to bob [2h 5c] [6c]",
        "Dealt to alice [As Kd 7h 8c] [9c]",
        "alice: checks",
        "bob: checks",
        "*** 6th STREET ***",
        "Dealt to bob [2h 5c 6c] [4h]",
        "Dealt to alice [As Kd 7h 8c 9c] [2d]",
        "alice: checks",
        "bob: checks",
        "*** RIVER ***",
        "Dealt to alice [As Kd 7h 8c 9c 2d] [3d]",
        "alice: checks",
        "bob: checks",
        "*** SHOW DOWN ***",
        "alice: shows [As Kd 7h 8c 9c 2d 3d] (high card, ace)",
        "bob: shows [Qs Qd 2h 5c 6c 4h 4d] (two pair, queens and fours)",
        "bob collected 10 from pot",
        "*** SUMMARY ***",
        "Total pot 10 | Rake 0",
        "Seat 1: alice showed [As Kd 7h 8c 9c 2d 3d] and lost with high card, ace",
        "Seat 2: bob showed [Qs Qd 2h 5c 6c 4h 4d] and won (10) with two pair, queens and fours",
    ]


def triple_draw_hand() -> HandRecord:
    h = find("27-triple-draw").deal(
        stacks=[100, 100], button=0, blinds=(1, 2), betting=Betting.fixed_limit(2, 4),
        cards=ScriptedCards({0: "2s7s5h3cQh" "8d" "9d" "Kc", 1: "2h3h4d6c8s" "Td"}),
    )  # fmt: skip
    h.act(Action.call(), 0)  # the button completes the small blind
    h.act(Action.check(), 1)
    h.act(Action.draw((parse_cards("8s")[0],)), 1)
    h.act(Action.draw((parse_cards("Qh")[0],)), 0)
    h.act(Action.bet(2), 1)
    h.act(Action.call(), 0)
    h.act(Action.draw(), 1)
    h.act(Action.draw((parse_cards("8d")[0],)), 0)
    h.act(Action.bet(4), 1)
    h.act(Action.fold(), 0)
    return record(h, ["alice", "bob"])


def test_triple_draw_discards_stands_pat_and_the_draws() -> None:
    lines = write_hand(triple_draw_hand(), 1).splitlines()
    assert lines == [
        "PokerStars Hand #7:  Triple Draw 2-7 Lowball Limit (2/4) - 2026/12/03 13:00:00 UTC",
        "Table 'Main' 6-max Seat #1 is the button",
        "Seat 1: alice (100 in chips)",
        "Seat 2: bob (100 in chips)",
        "alice: posts small blind 1",
        "bob: posts big blind 2",
        "*** DEALING HANDS ***",
        "Dealt to bob [2h 3h 4d 6c 8s]",
        "alice: calls 1",
        "bob: checks",
        "*** FIRST DRAW ***",
        "bob: discards 1 card [8s]",
        "Dealt to bob [2h 3h 4d 6c] [Td]",
        "alice: discards 1 card",
        "bob: bets 2",
        "alice: calls 2",
        "*** SECOND DRAW ***",
        "bob: stands pat",
        "alice: discards 1 card",
        "bob: bets 4",
        "alice: folds",
        "Uncalled bet (4) returned to bob",
        "bob collected 8 from pot",
        "*** SUMMARY ***",
        "Total pot 8 | Rake 0",
        "Seat 1: alice (button) (small blind) folded after the 2nd Draw",
        "Seat 2: bob (big blind) collected (8)",
    ]


def uncontested_hand() -> HandRecord:
    h = find("holdem").deal(
        stacks=[100, 100, 100], button=0, blinds=(1, 2), cards=ScriptedCards({0: "AsAh", 1: "KsKh", 2: "QsQh"})
    )
    h.act(Action.raise_to(6), 0)
    h.act(Action.fold(), 1)
    h.act(Action.fold(), 2)
    return record(h, ["alice", "bob", "carol"])


def test_uncontested_hand() -> None:
    assert write_hand(uncontested_hand(), 1).splitlines()[5:] == [
        "bob: posts small blind 1",
        "carol: posts big blind 2",
        "*** HOLE CARDS ***",
        "Dealt to bob [Ks Kh]",
        "alice: raises 4 to 6",
        "bob: folds",
        "carol: folds",
        "Uncalled bet (4) returned to alice",
        "alice collected 5 from pot",
        "*** SUMMARY ***",
        "Total pot 5 | Rake 0",
        "Seat 1: alice (button) collected (5)",
        "Seat 2: bob (small blind) folded before Flop",
        "Seat 3: carol (big blind) folded before Flop",
    ]


def hilo_hand() -> HandRecord:
    h = find("omaha8").deal(
        stacks=[100, 100],
        button=0,
        blinds=(1, 2),
        betting=Betting.fixed_limit(2, 4),
        cards=ScriptedCards({0: "As2c3dQs", 1: "KhKc9c9h"}, "4h5s8dKdJc"),
    )
    passive(h, {0: 4})
    return record(h, ["alice", "bob"])


def test_hilo_split_collects_each_half() -> None:
    lines = write_hand(hilo_hand()).splitlines()
    assert lines[0] == "PokerStars Hand #7:  Omaha Hi/Lo Limit (2/4) - 2026/12/03 13:00:00 UTC"
    assert lines[lines.index("*** SHOW DOWN ***") :] == [
        "*** SHOW DOWN ***",
        "bob: shows [Kh Kc 9c 9h] (three of a kind, kings; no low)",
        "alice: shows [As 2c 3d Qs] (high card, ace; eight-five low)",
        "bob collected 4 from pot",
        "alice collected 4 from pot",
        "*** SUMMARY ***",
        "Total pot 8 | Rake 0",
        "Board [4h 5s 8d Kd Jc]",
        "Seat 1: alice (button) (small blind) showed [As 2c 3d Qs] and won (4) with high card, ace; eight-five low",
        "Seat 2: bob (big blind) showed [Kh Kc 9c 9h] and won (4) with three of a kind, kings; no low",
    ]


def voided_hand() -> HandRecord:
    h = find("holdem").deal(
        stacks=[100, 100, 100], button=0, blinds=(1, 2), cards=ScriptedCards({0: "AsAh", 1: "KsKh", 2: "QsQh"})
    )
    h.act(Action.raise_to(6), 0)
    h.act(Action.call(), 1)
    return record(h, ["alice", "bob", "carol"], status=Status.VOIDED, reason="the server stopped")


def test_a_voided_hand_says_so_and_refunds() -> None:
    assert write_hand(voided_hand(), 0).splitlines()[9:] == [
        "alice: raises 4 to 6",
        "bob: calls 5",
        "Hand voided: the server stopped; every chip put in was returned",
        "Hand cancelled",
        "*** SUMMARY ***",
        "Total pot 0 | Rake 0",
        "Seat 1: alice (button) was refunded (6)",
        "Seat 2: bob (small blind) was refunded (6)",
        "Seat 3: carol (big blind) was refunded (2)",
    ]


def test_a_game_pokerstars_never_dealt_gets_its_own_header() -> None:
    h = find("telesina").deal(stacks=[100, 100], ante=1, seed=5)
    passive(h)
    lines = write_hand(record(h, ["alice", "bob"])).splitlines()
    assert lines[0] == "Hand #7:  Telesina Pot Limit (2/2) - 2026/12/03 13:00:00 UTC"
    assert lines[1] == "Table 'Main' 6-max"  # a stud game: no button
    assert "*** 2nd STREET ***" in lines and lines[-3:-2] != ["Total pot 0 | Rake 0"]


# -- the line shapes of real PokerStars files ------------------------------------------------------------------

AMOUNT = r"\$?[\d.]+"
SHAPES = {
    "header": rf"^PokerStars (Hand|Game) #\d+: +.+ \({AMOUNT}/{AMOUNT}( USD)?\) - \d{{4}}/\d{{2}}/\d{{2}} \d{{1,2}}:\d{{2}}:\d{{2}} [A-Z]+",  # noqa: E501
    "table": r"^Table '[^']+' \d+-max( Seat #\d+ is the button)?$",
    "seat": rf"^Seat \d+: .+ \({AMOUNT} in chips\)$",
    "post": rf"^.+: posts (small blind|big blind|the ante) {AMOUNT}$",
    "section": r"^\*\*\* (HOLE CARDS|DEALING HANDS|(FIRST|SECOND|THIRD) DRAW|[3-6](rd|th) STREET|RIVER|SHOW DOWN|SUMMARY) \*\*\*$",  # noqa: E501
    "board deal": r"^\*\*\* (FLOP|TURN|RIVER) \*\*\* \[[^\]]+\]( \[[^\]]+\])?$",
    "dealt": r"^Dealt to .+? \[[^\]]+\]( \[[^\]]+\])?$",
    "action": rf"^.+: (folds|checks|calls {AMOUNT}|bets {AMOUNT}|raises {AMOUNT} to {AMOUNT}|brings in for {AMOUNT}"
    rf"|completes it to {AMOUNT})( and is all-in)?$",
    "draw": r"^.+: (discards \d cards?( \[[^\]]+\])?|stands pat)$",
    "uncalled": rf"^Uncalled bet \({AMOUNT}\) returned to .+$",
    "shows": r"^.+: shows \[[^\]]+\] \(.+\)$",
    "collected": rf"^.+ collected {AMOUNT} from (pot|main pot|side pot(-\d)?)$",
    "total": rf"^Total pot {AMOUNT}( Main pot {AMOUNT}\.( Side pot(-\d)? {AMOUNT}\.)+)? \| Rake {AMOUNT}$",
    "board": r"^Board \[[^\]]+\]$",
    "cancelled": r"^Hand cancelled$",
    "seat summary": rf"^Seat \d+: .+?( \(button\))?( \((small|big) blind\))? (folded (before Flop|on the (Flop|Turn|River)"  # noqa: E501
    rf"|on the [3-6](rd|th) Street|before the Draw|after the ([1-3](st|nd|rd) )?Draw)( \(didn't bet\))?"
    rf"|showed \[[^\]]+\] and (won \({AMOUNT}\)|lost) with .+|collected \({AMOUNT}\)|mucked( \[[^\]]+\])?)$",
}
OURS_ONLY = (r"^Hand #\d+:  ", r"^Hand voided: ", r"^\*\*\* 2nd STREET \*\*\*$", r"^Seat \d+: .+ was refunded \(\d+\)$")
"""Our own lines (docs/pokerstars.md): the header of a game PokerStars never dealt, a void, Telesina's 2nd street."""


def real_lines() -> list[str]:
    out: list[str] = []
    for path in sorted((REAL / "cash" / "Stars").rglob("*.txt")):
        if "RIO" in path.name or "PokerBros" in path.name or "PokerMaster" in path.name:
            continue  # other rooms' files in PokerStars' clothes
        out += path.read_text(encoding="utf-8-sig", errors="replace").splitlines()
    return out


@pytest.mark.skipif(not REAL.is_dir(), reason="the real PokerStars files are not on this machine")
def test_every_shape_is_taken_from_real_files_and_every_line_we_write_has_one() -> None:
    shapes = {name: re.compile(rx) for name, rx in SHAPES.items()}
    real = real_lines()
    for name, rx in shapes.items():
        assert any(rx.match(line) for line in real), f"no real line has the shape {name!r}"
    hands = [side_pot_hand(), stud_hand(), triple_draw_hand(), uncontested_hand(), hilo_hand(), voided_hand()]
    written = [line for r in hands for viewer in (None, 0, 1) for line in write_hand(r, viewer).splitlines()]
    odd = [
        x
        for x in written
        if not any(rx.match(x) for rx in shapes.values()) and not any(re.match(rx, x) for rx in OURS_ONLY)
    ]
    assert odd == []


# -- the clock, the split, names and our games' headers --------------------------------------------------------


def choose_hand() -> HandRecord:
    """A hold'em showdown where players choose (no automatic showdown), checked down with bob's flop check made
    by the clock; at the showdown the clock mucks for bob, then for alice, who is the last in and wins the pot."""
    h = find("holdem").deal(
        stacks=[100, 100], button=0, blinds=(1, 2), auto_showdown=False,
        cards=ScriptedCards({0: "AsAh", 1: "KsKh"}, "2c3d8h9sTc"),
    )  # fmt: skip
    h.act(Action.call(), 0)
    h.act(Action.check(), 1)
    h.act(Action(ActionKind.CHECK, timed_out=True), 1)
    while not h.is_complete:
        legal = h.legal_actions()
        assert legal is not None
        h.act(Action(ActionKind.MUCK, timed_out=True) if legal.muck else Action.check(), legal.seat)
    return record(h, ["alice", "bob"])


def test_every_move_the_clock_made_is_preceded_by_has_timed_out() -> None:
    """Bet round, draw, bring-in, show down muck: each clock-made move has its ``has timed out`` line before it."""
    lines = write_hand(choose_hand(), 0).splitlines()
    assert lines[lines.index("*** FLOP *** [2c 3d 8h]") :] == [
        "*** FLOP *** [2c 3d 8h]",
        "bob has timed out",
        "bob: checks",
        "alice: checks",
        "*** TURN *** [2c 3d 8h] [9s]",
        "bob: checks",
        "alice: checks",
        "*** RIVER *** [2c 3d 8h 9s] [Tc]",
        "bob: checks",
        "alice: checks",
        "*** SHOW DOWN ***",
        "bob has timed out",
        "bob: mucks hand",
        "alice has timed out",
        "alice: mucks hand",
        "alice collected 4 from pot",
        "*** SUMMARY ***",
        "Total pot 4 | Rake 0",
        "Board [2c 3d 8h 9s Tc]",
        # the last in mucked and won: PokerStars' words for a pot won without showing
        "Seat 1: alice (button) (small blind) collected (4)",
        "Seat 2: bob (big blind) mucked",
    ]

    stud = find("stud").deal(
        stacks=[100, 100], ante=1, bring_in=2, betting=Betting.fixed_limit(4, 8, rounds=5),
        cards=ScriptedCards({0: "AsKd7h8c9c2d3d", 1: "QsQd2h5c6c4h4d"}),
    )  # fmt: skip
    stud.act(Action(ActionKind.BRING_IN, timed_out=True), 1)
    stud.act(Action.fold(), 0)
    assert write_hand(record(stud, ["alice", "bob"]), 0).splitlines()[6:12] == [
        "*** 3rd STREET ***",
        "Dealt to bob [2h]",
        "Dealt to alice [As Kd 7h]",
        "bob has timed out",
        "bob: brings in for 2",
        "alice: folds",
    ]

    draw = find("27-triple-draw").deal(
        stacks=[100, 100], button=0, blinds=(1, 2), betting=Betting.fixed_limit(2, 4),
        cards=ScriptedCards({0: "2s7s5h3cQh", 1: "2h3h4d6c8s"}),
    )  # fmt: skip
    draw.act(Action.call(), 0)
    draw.act(Action.check(), 1)
    draw.act(Action.draw(timed_out=True), 1)
    lines = write_hand(record(draw, ["alice", "bob"], status=Status.VOIDED, reason="test"), 1).splitlines()
    assert lines[lines.index("*** FIRST DRAW ***") :][:3] == [
        "*** FIRST DRAW ***",
        "bob has timed out",
        "bob: stands pat",
    ]


def split_hand(agree: bool) -> HandRecord:
    """32-card draw, three players checked to the last round; alice offers the split, then bob agrees to it (and
    carol too, splitting the pot) or checks (ending the proposal, RULES G15)."""
    h = find("draw32").deal(stacks=[100, 100, 100], button=0, blinds=(1, 2), seed=3)
    while h.legal_actions() is not None and not h.legal_actions().split:  # type: ignore[union-attr]
        legal = h.legal_actions()
        assert legal is not None
        h.act(Action.draw() if legal.draw else Action.check() if legal.check else Action.call(), legal.seat)
    order = []
    for _ in range(3):
        legal = h.legal_actions()
        if legal is None:
            break
        order.append(legal.seat)
        h.act(Action.split() if agree or not order[1:] else Action.check(), legal.seat)
    passive(h)
    return record(h, ["alice", "bob", "carol"])


def test_a_split_offered_and_agreed_to_are_worded_apart() -> None:
    agreed = write_hand(split_hand(True)).splitlines()
    split = [x for x in agreed if "split" in x]
    first, second, third = (x.split(":")[0] for x in split[:3])
    assert split == [
        f"{first}: checks and offers to split the pot",
        f"{second}: checks and agrees to split the pot",
        f"{third}: checks and agrees to split the pot",
    ]
    assert "*** SHOW DOWN ***" not in agreed
    declined = write_hand(split_hand(False)).splitlines()
    split = [x for x in declined if "split" in x]
    assert split == [f"{first}: checks and offers to split the pot"]
    assert declined[declined.index(split[0]) + 1] == f"{second}: checks"


def test_names_cannot_forge_lines_or_close_the_table_quotes() -> None:
    """A table name with a quote, a player name with a line break: the header stays one line, the quote
    typographic, and every line the player's name starts is an action of theirs."""
    h = find("holdem").deal(stacks=[100, 100], button=0, blinds=(1, 2), cards=ScriptedCards({0: "AsAh", 1: "KsKh"}))
    h.act(Action.fold(), 0)
    rec = record(h, ["eve\n*** SUMMARY ***\r\nSeat 9:", "O'Brien\u202e\t"])
    rec = HandRecord(
        replace(rec.setup, table_name="x' 9-max Seat #9 is the button *** SUMMARY ***"),
        rec.events, rec.status, rec.result, rec.reason,
    )  # fmt: skip
    lines = write_hand(rec, hand_id=3, max_seats=2).splitlines()
    assert lines[:4] == [
        "PokerStars Hand #3:  Hold'em No Limit (1/2) - 2026/12/03 13:00:00 UTC",
        "Table 'x\u2019 9-max Seat #9 is the button *** SUMMARY ***' 2-max Seat #1 is the button",
        "Seat 1: eve *** SUMMARY *** Seat 9: (100 in chips)",
        "Seat 2: O\u2019Brien (100 in chips)",
    ]
    assert [x for x in lines if x.startswith("***")] == ["*** HOLE CARDS ***", "*** SUMMARY ***"]
    assert "Seat 1: eve *** SUMMARY *** Seat 9: (button) (small blind) folded before Flop" in lines
    assert text_name("  a\r\n\u2028b\tc\x00 ") == "a b c" and text_name("\n\u200b") == "?"
    assert text_name('say "hi"') == "say \u201dhi\u201d"


def test_a_game_pokerstars_never_dealt_names_its_structure_once() -> None:
    h = find("a6-lowball").deal(stacks=[50, 50], seed=2)
    passive(h)
    assert write_hand(record(h, ["alice", "bob"])).splitlines()[0] == (
        "Hand #7:  Ace-to-six lowball Fixed Limit (1/2) - 2026/12/03 13:00:00 UTC"
    )
    assert find("a6-lowball").name == "Ace-to-six lowball (single draw, fixed limit 1/2)"  # the game keeps its name
