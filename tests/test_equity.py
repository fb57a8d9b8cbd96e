"""Equity (issue 7): exact values checked against brute force that never touches the batch path, Monte Carlo
inside its stated interval of the exact value, hi/lo shares, ranges, stud with dead cards, bad input, the CLI."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

import pytest
from typer.testing import CliRunner

from pokerroom.cards import parse_cards
from pokerroom.cli import app
from pokerroom.equity import equity, parse_range
from pokerroom.errors import DuplicateCard, InvalidCard, PokerroomError, RangeError, UnsupportedRule
from pokerroom.rankings import find, omaha_value

HIGH = find("high")
LOW8 = find("a5-low-8")


def _shares(highs: Sequence[int], lows: Sequence[int] | None) -> list[Fraction]:
    """The pot shares of one deal, worked the plain way (RULES §2.2)."""
    n = len(highs)
    top = max(highs)
    hi = [h == top for h in highs]
    if lows is None or max(lows) == 0:
        return [Fraction(int(w), sum(hi)) for w in hi]
    best = max(lows)
    lo = [v == best for v in lows]
    return [Fraction(int(hi[i]), 2 * sum(hi)) + Fraction(int(lo[i]), 2 * sum(lo)) for i in range(n)]


def _brute_board(hands: list[str], board: str, dead: str = "", ranking: str = "high") -> list[Fraction]:
    evaluate = find(ranking).evaluate
    known = [c for h in hands for c in parse_cards(h)] + parse_cards(board) + parse_cards(dead)
    rest = [c for c in range(52) if c not in known and c >> 2 in find(ranking).ordering.ranks]
    cards = [parse_cards(h) for h in hands]
    base = parse_cards(board)
    totals = [Fraction(0)] * len(hands)
    count = 0
    for more in combinations(rest, 5 - len(base)):
        full = base + list(more)
        shares = _shares([evaluate(h + full) for h in cards], None)
        totals = [t + s for t, s in zip(totals, shares, strict=True)]
        count += 1
    return [t / count for t in totals]


def test_ahkh_against_qsqd_preflop_is_0_462145() -> None:
    result = equity("holdem", ["AhKh", "QsQd"], method="exact")
    first, second = result.players
    assert round(first.equity, 6) == 0.462145
    assert first.exact == Fraction(197833, 428076)
    assert first.exact + second.exact == 1
    assert result.deals == 1_712_304 and result.method == "exact"
    assert first.tie == second.tie and round(first.win, 4) == 0.4602


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["AhKh", "QsQd"], "2c 7h Kd 9s"),
        (["AsKs", "QsJs", "7c7d"], "9s 8s 2h"),
        (["AsKs", "QsJs"], "9s 8s 2s"),  # three of a suit on the board: every board is walked
        (["Tc9c", "AhAd", "KsKd", "5h4h"], "8c 7c 2h"),
        (["AsKs", "AdKd"], "7s 2d"),  # by rank multiset, and hearts and clubs (free) walked once for both
        (["AsKs", "AdKd"], "7s 2d 9h"),
    ],
)
def test_exact_board_equals_brute_force(hands: list[str], board: str) -> None:
    result = equity("holdem", hands, board=board, method="exact")
    assert [p.exact for p in result.players] == _brute_board(hands, board)


def test_exact_with_dead_cards_and_short_deck() -> None:
    dead = "2c 3c 4c 5c 6c 8d"
    result = equity("holdem", ["AhKh", "QsQd"], board="Jh Td", dead=dead, method="exact")
    assert [p.exact for p in result.players] == _brute_board(["AhKh", "QsQd"], "Jh Td", dead)
    short = equity("short-deck", ["AhKh", "QsQd", "9c8c"], board="6c 7d", method="exact")
    assert [p.exact for p in short.players] == _brute_board(["AhKh", "QsQd", "9c8c"], "6c 7d", ranking="short-deck")


def test_omaha8_flop_equals_brute_force_with_hi_lo_shares() -> None:
    hands, board = ["As2s3d4d", "KhKdQcJc"], "5h 7s 8c"
    cards = [parse_cards(h) for h in hands]
    known = [c for h in cards for c in h] + parse_cards(board)
    rest = [c for c in range(52) if c not in known]
    totals = [Fraction(0)] * 2
    scoop = [0, 0]
    deals = 0
    for more in combinations(rest, 2):
        full = parse_cards(board) + list(more)
        highs = [omaha_value(h, full, HIGH) for h in cards]
        lows = [omaha_value(h, full, LOW8) for h in cards]
        shares = _shares(highs, lows)
        totals = [t + s for t, s in zip(totals, shares, strict=True)]
        scoop = [n + (s == 1) for n, s in zip(scoop, shares, strict=True)]
        deals += 1
    result = equity("omaha8", hands, board=board, method="exact")
    assert [p.exact for p in result.players] == [t / deals for t in totals]
    assert [round(p.scoop * deals) for p in result.players] == scoop
    for p in result.players:
        assert p.scoop + p.high_only + p.low_only + p.split == pytest.approx(p.win + p.tie)


def test_stud8_sixth_street_with_dead_cards_equals_brute_force() -> None:
    hands, dead = ["As 2s 3d 8h Kc 9d", "Kh Kd 7c 6c 4s Qd"], "5s 5d Jh"
    cards = [parse_cards(h) for h in hands]
    known = [c for h in cards for c in h] + parse_cards(dead)
    rest = [c for c in range(52) if c not in known]
    totals = [Fraction(0)] * 2
    deals = 0
    for a in rest:
        for b in rest:
            if a != b:
                full = [cards[0] + [a], cards[1] + [b]]
                shares = _shares([HIGH.evaluate(h) for h in full], [LOW8.evaluate(h) for h in full])
                totals = [t + s for t, s in zip(totals, shares, strict=True)]
                deals += 1
    result = equity("stud8", hands, dead=dead, method="exact")
    assert result.deals == deals == 37 * 36
    assert [p.exact for p in result.players] == [t / deals for t in totals]


def test_monte_carlo_is_inside_its_interval_and_reproducible() -> None:
    mc = equity("holdem", ["AhKh", "QsQd"], method="monte-carlo", samples=200_000, seed=11)
    assert mc.method == "monte-carlo" and mc.deals == 200_000 and mc.seed == 11
    first = mc.players[0]
    assert 0 < first.ci < 0.005
    assert abs(first.equity - 197833 / 428076) <= first.ci
    again = equity("holdem", ["AhKh", "QsQd"], method="monte-carlo", samples=200_000, seed=11)
    assert [p.equity for p in again.players] == [p.equity for p in mc.players]


def test_monte_carlo_stud8_inside_the_exact_interval() -> None:
    hands = ["As 2s 3d 8h Kc", "Kh Kd 7c 6c 4s"]
    exact = equity("stud8", hands, method="exact")
    assert exact.deals == 861 * 780  # C(42, 2) * C(40, 2)
    mc = equity("stud8", hands, method="monte-carlo", samples=150_000, seed=5)
    for e, m in zip(exact.players, mc.players, strict=True):
        assert abs(m.equity - e.equity) <= m.ci
        assert abs(m.scoop - e.scoop) < 0.01 and abs(m.low_only - e.low_only) < 0.01


def test_hand_against_range_is_the_average_over_its_combos() -> None:
    whole = equity("holdem", ["AhKh", "QQ"], board="Qd 7c 2h", method="exact")
    singles = [equity("holdem", ["AhKh", list(c)], board="Qd 7c 2h", method="exact").players[0].exact
               for c in parse_range("QQ", deck=[c for c in range(52) if c not in parse_cards("Qd 7c 2h")])]  # fmt: skip
    assert len(singles) == 3 and whole.matchups == 3
    assert whole.players[0].exact == sum(singles, Fraction(0)) / 3
    assert whole.players[1].combos == 3


def test_range_against_range_counts_only_compatible_matchups() -> None:
    result = equity("holdem", ["KK,AKs", "AA"], board="Ks 7d 2c", method="exact")
    # KK: 3 combos left (Ks is on the board); AKs: 3 (AsKs is out); AA: 6; AhKh-type combos block one ace each
    assert result.matchups == 3 * 6 + 3 * 3
    assert result.players[0].combos == 6 and result.players[1].combos == 6


def test_draw_hands_as_they_stand() -> None:
    result = equity("27-triple-draw", ["7c 5d 4h 3s 2d", "8c 6d 4s 3h 2c"], method="exact")
    assert [p.equity for p in result.players] == [1.0, 0.0] and result.deals == 1
    lowball = equity("club-lowball", ["5c 4d 3h 2s Ac", "5d 4c 3s 2h Ah"], method="exact")
    assert [p.exact for p in lowball.players] == [Fraction(1, 2), Fraction(1, 2)]


def test_bad_input_is_refused() -> None:
    with pytest.raises(DuplicateCard):
        equity("holdem", ["AhKh", "AhQs"])
    with pytest.raises(DuplicateCard):
        equity("holdem", ["AhKh", "QsQd"], board="Ah 2c 3c")
    with pytest.raises(InvalidCard):
        equity("holdem", ["AhKx", "QsQd"])
    with pytest.raises(UnsupportedRule, match=r"unknown game 'whist'; known games: .*telesina"):
        equity("whist", ["AhKh", "QsQd"])
    with pytest.raises(PokerroomError, match="has 3 cards"):
        equity("holdem", ["AhKhQh", "QsQd"])
    with pytest.raises(PokerroomError, match="2 to 10 players"):
        equity("holdem", ["AhKh"])
    with pytest.raises(InvalidCard):
        equity("stud", ["QQ+", "AhKh"])  # ranges are hold'em and Omaha notation
    with pytest.raises(RangeError):
        equity("holdem", ["QQ++", "AhKh"])
    with pytest.raises(InvalidCard, match="short-deck"):
        equity("short-deck", ["2h2d", "AhKh"])
    with pytest.raises(PokerroomError, match="stud has 0 board cards"):
        equity("stud", ["AhKh", "2c3c"], board="9d 8d")
    with pytest.raises(PokerroomError, match="exact, monte-carlo or auto"):
        equity("holdem", ["AhKh", "QsQd"], method="guess")


def test_cli_prints_a_table_and_json() -> None:
    runner = CliRunner()
    table = runner.invoke(app, ["equity", "holdem", "AhKh", "QsQd"])
    assert table.exit_code == 0, table.output
    assert "46.2145%" in table.output and "53.7855%" in table.output and "1,712,304 deals" in table.output
    data = runner.invoke(app, ["equity", "stud8", "As 2s 3d", "Kh Kd 7c", "--samples", "20000", "--seed", "3",
                               "--json"])  # fmt: skip
    assert data.exit_code == 0, data.output
    parsed = json.loads(data.stdout)
    assert parsed["method"] == "monte-carlo" and parsed["seed"] == 3 and parsed["deals"] == 20_000
    assert sum(p["equity"] for p in parsed["players"]) == pytest.approx(1.0)
    bad = runner.invoke(app, ["equity", "holdem", "AhKh", "AhQs"])
    assert bad.exit_code == 2 and "duplicate card" in bad.output


def test_comma_separated_hands_are_ranges() -> None:
    two = equity("holdem", ["AhKh,AsKs", "QsQd"], method="exact")
    assert two.matchups == 2 and two.players[0].combos == 2
    alone = [equity("holdem", [h, "QsQd"], method="exact").players[0].exact for h in ("AhKh", "AsKs")]
    assert two.players[0].exact == sum(alone, Fraction(0)) / 2
    spaced = equity("holdem", ["AhKh AcKc", "QsQd"], method="exact")
    assert spaced.matchups == 2 and spaced.players[0].combos == 2
    blocked = equity("holdem", ["AhKh,AsKs", "QsQd"], board="Ks 7d 2c", method="exact")
    assert blocked.players[0].combos == 1  # AsKs uses the board's Ks
    omaha = equity("omaha", ["AhKhQdJd,AsKsQcJc", "QsQcJhTc"], method="exact", board="2c 3d 4h")
    assert omaha.players[0].combos == 1 and omaha.matchups == 1  # the second combo needs the opponent's Qc
    with pytest.raises(RangeError, match="an exact hand here has 4"):
        equity("omaha", ["AhKh,AsKs", "QsQdJcTc"])


def test_auto_samples_when_enumeration_would_be_slow_and_exact_refuses_hours() -> None:
    quick = equity("holdem", ["Kh", "QsQd"], samples=20_000, seed=2)
    assert quick.method == "monte-carlo" and quick.players[0].hand == "Kh +1 random"
    with pytest.raises(PokerroomError, match="use Monte Carlo"):
        equity("holdem", ["*", "*", "*"], method="exact")
    with pytest.raises(PokerroomError, match="use Monte Carlo"):
        equity("razz", ["??", "??"], method="exact")
    with pytest.raises(UnsupportedRule, match="one common card"):
        equity("stud", ["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s"])


def test_monte_carlo_when_every_live_card_is_dealt() -> None:
    known = parse_cards("AhKh QsQd")
    left = [c for c in range(52) if c not in known]
    dead = left[5:]
    exact = equity("holdem", ["AhKh", "QsQd"], dead=dead, method="exact")
    mc = equity("holdem", ["AhKh", "QsQd"], dead=dead, method="monte-carlo", samples=1_000, seed=1)
    assert exact.deals == 1 and [p.equity for p in mc.players] == [p.equity for p in exact.players]


def test_interval_is_honest_near_certainty() -> None:
    exact = equity("holdem", ["AhKh", "7s2d"], board="As Ad 7c", method="exact").players[0].equity
    assert 0.998 < exact < 1
    covered = 0
    for seed in range(40):
        p = equity("holdem", ["AhKh", "7s2d"], board="As Ad 7c", method="monte-carlo", samples=50, seed=seed)
        first = p.players[0]
        assert first.ci > 0 and first.ci_low <= first.equity <= first.ci_high
        covered += first.ci_low <= exact <= first.ci_high
    assert covered >= 36  # 95 % intervals: at least 90 % of 40 runs


def test_typed_errors_for_wrong_types_and_numpy_cards() -> None:
    import numpy as np

    for kwargs in ({"seed": -1}, {"seed": 1.5}, {"samples": "100"}, {"samples": 0}):
        with pytest.raises(PokerroomError):
            equity("holdem", ["AhKh", "QsQd"], method="monte-carlo", **kwargs)  # type: ignore[arg-type]
    with pytest.raises(PokerroomError, match="game id"):
        equity(None, ["AhKh", "QsQd"])  # type: ignore[arg-type]
    with pytest.raises(PokerroomError):
        equity("holdem", [None, "QsQd"])  # type: ignore[list-item]
    with pytest.raises(PokerroomError, match=r"holds 8 cards \(\?\? included\)"):
        equity("stud", ["?? ?? ?? ?? ?? ?? ?? ??", "AsKs"])
    with pytest.raises(InvalidCard, match="hold'em and Omaha notation"):
        equity("stud", ["AA", "KsKd"])
    with pytest.raises(RangeError):
        parse_range(None)  # type: ignore[arg-type]
    as_numpy = equity("holdem", [np.array([50, 46]), np.array([43, 41])], board=np.array([0, 5, 9]), method="exact")
    assert as_numpy.players[0].hand == "AhKh" and as_numpy.deals == 990


def test_split_is_zero_outside_hi_lo() -> None:
    mc = equity("holdem", ["AdKd", "AhKh"], method="monte-carlo", samples=5_000, seed=3)
    assert mc.players[0].tie > 0.5 and mc.players[0].split == 0.0
