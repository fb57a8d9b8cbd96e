"""Writing PHH from a played hand: read(write(hand)) gives the same hand (issue: hold'em skeleton)."""

from __future__ import annotations

import random

import pytest

from pokerroom.cards import UNKNOWN, parse_cards
from pokerroom.engine import Action, DeckSource, Hand, ScriptedCards
from pokerroom.errors import UnsupportedRule
from pokerroom.formats.phh import dumps, loads
from pokerroom.formats.phh_hand import from_hand, variant_code
from pokerroom.formats.replay import replay
from pokerroom.games import Betting, find


def random_play(hand: Hand, rng: random.Random) -> None:
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None
        options: list[Action] = []
        if legal.fold and legal.call is not None:
            options.append(Action.fold())
        options.append(Action.check() if legal.check else Action.call())
        options.append(Action.check() if legal.check else Action.call())
        for rng_ in (legal.bet, legal.raise_):
            if rng_ is not None:
                lo, hi = rng_
                amount = rng.choice([lo, hi, (lo + hi) // 2])
                options.append(Action.bet(amount) if legal.bet else Action.raise_to(amount))
        hand.act(rng.choice(options), legal.seat)


@pytest.mark.parametrize(("game", "limit"), [("holdem", "no"), ("holdem", "fixed"), ("omaha", "pot")])
def test_round_trip_random_hands(game: str, limit: str) -> None:
    rng = random.Random(20261130)
    g = find(game)
    for k in range(60):
        n = rng.randint(2, 9 if game == "holdem" else 6)
        stacks = [rng.choice([30, 200, 1000, rng.randint(3, 1500)]) for _ in range(n)]
        hand = g.deal(
            stacks=stacks,
            button=rng.randrange(n),
            blinds=(5, 10),
            ante=rng.choice([0, 0, 1]),
            limit=limit,
            cards=DeckSource.shuffled(seed=k),
        )
        random_play(hand, rng)
        record = from_hand(hand)
        again = loads(dumps(record))[0]
        assert again.actions == record.actions
        result = replay(again)
        assert result.status == "ok", (result.message, record.actions)
        assert result.hand is not None
        by_pos = [(hand.button + 1 + i) % n for i in range(n)]
        assert result.computed == [hand.stacks[s] for s in by_pos]
        assert [e.type for e in result.hand.events if e.type.value not in ("show",)] == [
            e.type for e in hand.events if e.type.value not in ("show",)
        ]


def test_written_from_a_seat_view_hides_unshown_cards() -> None:
    cards = ScriptedCards({0: "AsAh", 1: "7c2d", 2: "KcKd"}, "Td9h3s4h8c")
    hand = find("holdem").deal(stacks=[100, 100, 100], button=2, blinds=(1, 2), cards=cards)
    hand.act(Action.fold(), 2)
    hand.act(Action.raise_to(100), 0)
    hand.act(Action.call(), 1)
    record = from_hand(hand, seat=1)
    # p1 is seat 0 (shown at the showdown), p2 seat 1 (the viewer), p3 seat 2 (folded, never shown)
    assert record.actions[:3] == ("d dh p1 AsAh", "d dh p2 7c2d", "d dh p3 ????")
    assert record.finishing_stacks is not None and list(record.finishing_stacks) == [200, 0, 100]
    assert parse_cards("????") == [UNKNOWN, UNKNOWN]


def test_unit_scales_amounts() -> None:
    from decimal import Decimal

    hand = find("holdem").deal(stacks=[400, 400], button=0, blinds=(1, 2), cards=DeckSource.shuffled(seed=1))
    hand.act(Action.raise_to(5), 0)
    hand.act(Action.fold(), 1)
    record = from_hand(hand, unit=Decimal("0.25"))
    assert record.starting_stacks == (Decimal(100), Decimal(100))
    assert "p2 cbr 1.25" in record.actions
    assert replay(loads(dumps(record))[0]).status == "ok"


def test_no_code_for_half_pot_limit() -> None:
    """PHH has no code for half-pot limit: the game id is the variant and ``_limit`` names the structure
    (docs/phh.md); :func:`variant_code` still says there is no code."""
    hand = find("holdem").deal(
        stacks=[100, 100], button=0, blinds=(1, 2), betting=Betting.half_pot_limit(2), cards=DeckSource.shuffled(seed=1)
    )
    with pytest.raises(UnsupportedRule, match="no variant code"):
        variant_code(hand)
    hand.act(Action.raise_to(4), 0)
    hand.act(Action.fold(), 1)
    record = from_hand(hand)
    assert record.variant == "holdem" and record.extra == {"_limit": "half-pot"}
    assert "_limit = 'half-pot'" in dumps(record)
    assert replay(loads(dumps(record))[0]).status == "ok"
