"""PokerStars text written and read back (docs/pokerstars.md, "Written and read back", issue 21).

* Every game at every limit: a seeded random hand played out, written by ``write_hand``, read, checked (``ok``) and
  turned back into a hand record gives the same events, in players' names, and the same payouts.
* The corpus re-written: each hand of ../shared/handhistories/pokerstars that checks ``ok``, turned into our record
  and written again, checks ``ok`` once more, and every line it writes has a shape PokerStars' own files hold (a
  tracker that reads those reads ours).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pokerroom.engine import Action, ActionKind, EventType
from pokerroom.formats.pokerstars import BadStarsHand, StarsHand, check, loads_each, read_each, to_record, write_hand
from pokerroom.games import all_games, find
from pokerroom.room.record import HandRecord, SeatRecord, record_of
from randomplay import play_randomly
from soak import SOAK

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CORPUS = SHARED / "handhistories" / "pokerstars"
needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/handhistories/pokerstars is not here")
SEEDS = range(30 if SOAK else 3)
"""Seeds per game and limit: 3 in the suite (192 hands, a tenth), 30 in ``make soak`` (1,920)."""


def _record(game_id: str, limit: str, seed: int) -> HandRecord:
    game = find(game_id)
    hand = play_randomly(game, next(x for x in game.limits if x.value == limit), seed)
    seats = [SeatRecord(k, f"pl{k}", hand.starting_stacks[k]) for k in range(hand.n)]
    return record_of(hand, seats=seats, table_name="T", number=seed + 1, started_at=datetime(2026, 12, 4, tzinfo=UTC))


def _by_name(record: HandRecord) -> list[tuple[object, ...]]:
    """The record's events with each seat as its player's name (the text orders players from the button)."""
    names = [s.player for s in record.setup.seats]
    return [
        (e.type, None if e.seat is None else names[e.seat], e.amount, e.to, e.cards,
         None if e.type is EventType.HAND_END else e.text,  # its text lists the stacks by seat: _payouts has them
         tuple((names[s], c) for s, c in e.winners or ()))
        for e in record.events
    ]  # fmt: skip


def _payouts(record: HandRecord) -> list[tuple[str, int, int]]:
    players = (s.player for s in record.setup.seats)
    return sorted(zip(players, record.result.payouts, record.final, strict=True))


def _read_one(text: str) -> StarsHand:
    hands = list(loads_each(text))
    assert len(hands) == 1
    assert not isinstance(hands[0], BadStarsHand), hands[0].error
    return hands[0]


def _short_bring_in(record: HandRecord) -> bool:
    """A stud bring-in posted all-in for less than the game's bring-in: the text cannot carry the game's."""
    return any(
        e.type is EventType.BRING_IN and e.all_in and (e.amount or 0) < record.setup.bring_in for e in record.events
    )


CASES = [(g.id, limit.value) for g in all_games() for limit in g.limits]


@pytest.mark.parametrize(("game_id", "limit"), CASES)
def test_every_game_written_and_read_back_is_the_same_record(game_id: str, limit: str) -> None:
    for seed in SEEDS:
        record = _record(game_id, limit, seed)
        if _short_bring_in(record):
            continue  # the text shows what was posted, not the game's bring-in (docs/pokerstars.md)
        hand = _read_one(write_hand(record))
        result = check(hand)
        assert result.status == "ok", (seed, result.message)
        back = to_record(hand)
        assert _by_name(back) == _by_name(record), seed
        assert _payouts(back) == _payouts(record), seed


def test_a_timed_out_fold_and_disconnect_protection_travel_in_the_text() -> None:
    game = find("holdem")
    from pokerroom.engine.dealing import ScriptedCards

    h = game.deal(
        stacks=[100, 100, 100],
        button=0,
        blinds=(1, 2),
        cards=ScriptedCards({0: "AsAh", 1: "KsKh", 2: "QsQh"}, "2c3d8h9sTc"),
    )
    h.act(Action(ActionKind.FOLD, timed_out=True), 0)
    h.artificial_all_in(1)
    while not h.is_complete:
        legal = h.legal_actions()
        assert legal is not None
        h.act(legal.passive(), legal.seat)
    record = record_of(h, seats=[SeatRecord(k, n, 100) for k, n in enumerate(("ann", "ben", "cy"))])
    text = write_hand(record)
    assert "ann has timed out\nann: folds" in text
    assert "ben: is all-in by disconnect protection" in text
    back = to_record(_read_one(text))
    assert _by_name(back) == _by_name(record)


# -- the corpus re-written --------------------------------------------------------------------------------------

_SHAPE = [
    (re.compile(r"\[[^]]*\]"), "[C]"),
    (re.compile(r" \([^()]*\)$"), " (D)"),  # a hand's name after a show
    (re.compile(r" with .*$"), " with D"),  # a hand's name in the summary
    (re.compile(r"[$€£]?\d[\d,]*(?:\.\d+)?"), "N"),
]


def _shape(line: str, names: list[str]) -> str:
    """A line with each player's name ``P``, cards ``[C]``, amounts ``N`` and hand names ``D``."""
    for name in sorted(names, key=len, reverse=True):
        line = line.replace(name, "P")
    for pattern, repl in _SHAPE:
        line = pattern.sub(repl, line)
    return line.strip()


@needs_corpus
def test_the_corpus_rewritten_checks_ok_in_pokerstars_own_line_shapes() -> None:
    theirs: set[str] = set()
    ours: dict[str, str] = {}
    rewritten = 0
    for path in sorted(CORPUS.rglob("*.txt")):
        for hand in read_each(path):
            if isinstance(hand, BadStarsHand):
                continue
            names = [s.name for s in hand.seats]
            lines = path.read_bytes().decode("utf-8", errors="replace").splitlines()
            first = hand.first_line - 1
            end = next((k for k in range(first + 1, len(lines)) if lines[k].startswith("PokerStars")), len(lines))
            theirs |= {_shape(line, names) for line in lines[first + 2 : end]}
            if check(hand).status != "ok" or hand.site != "PokerStars":
                continue
            text = write_hand(to_record(hand), hand_id=int(hand.hand_id))
            again = _read_one(text)
            assert check(again).status == "ok", (hand.where, check(again).message)
            for line in text.splitlines()[2:]:  # the header and table lines: docs/pokerstars.md, "The header"
                ours.setdefault(_shape(line, names), hand.where)
            rewritten += 1
    assert rewritten == 938
    # A draw player's mucked final hand is not carried (which first cards were kept is not known): "mucked" alone.
    extra = sorted(s for s in set(ours) - theirs if not s.endswith(" mucked"))
    assert extra == [], [(s, ours[s]) for s in extra]


def test_chips_carried_over_from_the_last_hand_travel_in_the_text() -> None:
    from pokerroom.engine.dealing import ScriptedCards

    h = find("holdem").deal(
        stacks=[100, 100, 100],
        button=0,
        blinds=(1, 2),
        cards=ScriptedCards({0: "AsAh", 1: "KsKh", 2: "QsQh"}, "2c3d8h9sTc"),
        carried_in=5,
    )
    while not h.is_complete:
        legal = h.legal_actions()
        assert legal is not None
        h.act(legal.passive(), legal.seat)
    record = record_of(h, seats=[SeatRecord(k, n, 100) for k, n in enumerate(("ann", "ben", "cy"))])
    text = write_hand(record)
    assert "Seat 3: cy (100 in chips)\nPot carried over from the last hand: 5\nben: posts small blind 1" in text
    hand = _read_one(text)
    assert check(hand).status == "ok"
    back = to_record(hand)
    assert back.setup.carried_in == 5
    assert _payouts(back) == _payouts(record) == [("ann", 11, 109), ("ben", 0, 98), ("cy", 0, 98)]
