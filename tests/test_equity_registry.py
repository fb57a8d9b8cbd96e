"""Equity takes its games from the registry (issue "One rule, one place", part 2).

* Every id and alias ``pokerroom games`` lists is accepted by ``equity()`` and by ``pokerroom equity``, and
  nothing else (refused naming the known games).
* Exact results equal a plain enumeration written here: every way to deal the unknown cards, each player's hand
  valued with the registry game's own shares (``Share.evaluate``) and pot rule (``Share.pot_keys``), each pot split
  as RULES §2.2 and §2.4 say; Monte Carlo lies inside its interval of the exact answer.  Sökö (G8), Americana
  (G13), Telesina with its Vela and the heads-up straight-flush rule (G14), five-card Omaha and its hi/lo form
  (after G6, G7), 32-card draw (G15) and razz (G16).
* A deal known to the last card is shared by equity exactly as the engine pays it, in every game.
* Five-card Omaha and five-card Omaha hi/lo are played by the engine to the showdown.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from typer.testing import CliRunner

from handtools import pots
from pokerroom.cards import DECK32, format_card, parse_cards
from pokerroom.cli import app
from pokerroom.engine import Action, ActionKind, DeckSource, EventType, Hand, ScriptedCards
from pokerroom.equity import equity
from pokerroom.errors import UnsupportedRule
from pokerroom.games import Game, all_games, find
from pokerroom.rankings.batch import batch_pot_rule, evaluate_batch
from randomplay import all_in

NAMES = [(name, g.id) for g in all_games() for name in (g.id, *g.aliases)]


# --------------------------------------------------------------------------------- the plain enumeration


def every_deal(rest: Sequence[int], sizes: Sequence[int]) -> Iterator[list[list[int]]]:
    """Every way to deal groups of ``sizes`` cards, in order, from ``rest``."""
    if not sizes:
        yield []
        return
    first, *others = sizes
    for pick in combinations(rest, first):
        left = [c for c in rest if c not in pick]
        for more in every_deal(left, others):
            yield [list(pick), *more]


def pot_shares(game: Game, holes: list[list[int]], board: list[int]) -> list[Fraction]:
    """One pot contested by every player, shared as RULES §2.2 and §2.4 say: each share with a qualifying hand
    takes an equal part, split equally among its best hands (by the share's pot rule when it has one)."""
    winners_by_share = []
    for share in game.shares:
        scored = [(p, v) for p, hole in enumerate(holes) if (v := share.evaluate(hole, board)) is not None]
        if not scored:
            continue
        keys = [v for _, v in scored]
        if share.pot_keys is not None:
            keys = list(share.pot_keys(keys))
        best = max(keys)
        winners_by_share.append([p for (p, _), key in zip(scored, keys, strict=True) if key == best])
    out = [Fraction(0)] * len(holes)
    for winners in winners_by_share:
        for p in winners:
            out[p] += Fraction(1, len(winners_by_share) * len(winners))
    return out


def brute_force(game_id: str, hands: list[str], board: str = "", dead: str = "") -> tuple[list[Fraction], int]:
    """Each player's expected share of the pot over every deal of the unknown cards, and the number of deals."""
    game = find(game_id)
    hole = sum(s.hole + s.up for s in game.streets)
    board_size = sum(s.board for s in game.streets)
    known = [parse_cards(h) for h in hands]
    shown = parse_cards(board)
    out = set(parse_cards(dead)) | set(shown) | {c for h in known for c in h}
    rest = [c for c in game.deck if c not in out]
    totals = [Fraction(0)] * len(hands)
    deals = 0
    for more_board, *more in every_deal(rest, [board_size - len(shown), *(hole - len(h) for h in known)]):
        shares = pot_shares(game, [h + m for h, m in zip(known, more, strict=True)], shown + more_board)
        totals = [t + s for t, s in zip(totals, shares, strict=True)]
        deals += 1
    return [t / deals for t in totals], deals


CASES = [
    # Sökö: a four-flush beats a pair (E-SOKO); three players, one up card of another's suit dead.
    ("soko", ["Ah 9h 6h 2h", "Kc Kd 7s 3c"], "", ""),
    ("soko", ["8c 9d Th Js", "Ac Ad 3s 4h", "Qh Jh 5h 4d"], "", "2h 7h"),
    # Americana: a flush beats a full house; the 32-card deck, A-7-8-9-T the lowest straight.
    ("americana", ["Ah Kh Qh 9h", "Ks Kd 7c 7d"], "", ""),
    ("americana", ["Ac Ad 7s Jh", "Kc Kd Ks 8h", "Tc 9c 8c 7c"], "", ""),
    # Telesina: heads-up, the A-7-8-9-T straight flush with the Vela beats the royal (RULES G14, A-G14-2) ...
    ("telesina", ["Ah Kh Qh Jh", "9s 8s 7s Ts"], "As", ""),
    ("telesina", ["Ah Kh Qh Jh", "9s 8s 7s Ts"], "", ""),
    # ... three-way the royal wins; suits break ties.
    ("telesina", ["Ah Kh Qh Jh", "9s 8s 7s Ts", "Kd Qd Jd Td"], "As", ""),
    ("telesina", ["Ah Kc Qd 9s", "Ad Ks Qc 9h"], "", ""),
    # Five-card Omaha: exactly two of five hole cards; hi/lo with its low half.
    ("omaha5", ["Ah Kh Qd Jd 9c", "As Ac 8s 7s 2d"], "Th 8h 3s", ""),
    ("omaha5", ["Ah Kh Qd Jd 9c", "As Ac 8s 7s 2d", "6c 5c 4d 4s Kc"], "Th 8h 3s 7c", ""),
    ("omaha5-8", ["Ah 2h 3d Kd 9c", "As 4c 5s Qh Qs"], "6d 7c Ks", ""),
    ("omaha5-8", ["Ah 2h 3d Kd 9c", "As 4c 5s Qh Qs", "Ac 2c Jd Js Th"], "6d 7c Ks 8h", ""),
    # A draw game (hands as they stand, suits rank in E-32DRAW) and a stud game (razz, a dead card).
    ("draw32", ["Ah Kh Qh", "As Ad Ks 7c"], "", ""),
    ("razz", ["As 2d 3c 9h Kd Kc", "2s 3d 4h 5c Qd Qc"], "", "6s"),
]


@pytest.mark.parametrize(("game", "hands", "board", "dead"), CASES)
def test_exact_equals_brute_force_and_monte_carlo_covers_it(game: str, hands: list[str], board: str, dead: str) -> None:
    expected, deals = brute_force(game, hands, board, dead)
    result = equity(game, hands, board=board, dead=dead, method="exact")
    assert result.deals == deals
    assert [p.exact for p in result.players] == expected
    # 95 % intervals: over seeds 1 to 29, 41 of these 957 intervals (4.3 %) miss; with seed 5 none does.
    mc = equity(game, hands, board=board, dead=dead, method="monte-carlo", samples=60_000, seed=5)
    for p, exact in zip(mc.players, expected, strict=True):
        assert p.ci_low <= exact <= p.ci_high, (p, exact)


def test_omaha5_8_scoops_and_halves_equal_brute_force() -> None:
    hands, board = ["Ah 2h 3d Kd 9c", "As 4c 5s Qh Qs"], "6d 7c Ks"
    game = find("omaha5-8")
    known = [parse_cards(h) for h in hands]
    rest = [c for c in game.deck if c not in {*parse_cards(board), *known[0], *known[1]}]
    scoops = [0, 0]
    for more in combinations(rest, 2):
        shares = pot_shares(game, known, parse_cards(board) + list(more))
        scoops = [n + (s == 1) for n, s in zip(scoops, shares, strict=True)]
    result = equity("omaha5-8", hands, board=board, method="exact")
    assert result.hi_lo and [round(p.scoop * result.deals) for p in result.players] == scoops
    for p in result.players:
        assert p.scoop + p.high_only + p.low_only + p.split == pytest.approx(p.win + p.tie)


def test_telesina_heads_up_rule_decides_and_three_way_it_does_not() -> None:
    royal, low, third = "Ah Kh Qh Jh Th", "9s 8s 7s Ts Kd", "Ad Qd Jd Td 9d"
    heads_up = equity("telesina", [royal, low], board="As", method="exact")
    assert [p.exact for p in heads_up.players] == [0, 1]  # A-7-8-9-T of spades (with the Vela) beats the royal
    three = equity("telesina", [royal, low, third], board="As", method="exact")
    assert [p.exact for p in three.players] == [1, 0, 0]  # multi-way: the plain ranking
    mc = equity("telesina", [royal, low], board="As", method="monte-carlo", samples=1_000, seed=3)
    assert [p.equity for p in mc.players] == [0.0, 1.0]


def test_the_array_form_of_the_pot_rule_is_the_one_call_rule() -> None:
    rule = find("telesina").shares[0].pot_keys
    assert rule is not None
    batch = batch_pot_rule(rule)
    assert batch.special.size == 20  # five straight-flush tops (T to A) in four suits
    rng = np.random.default_rng(4)
    deals = np.array([rng.permutation(DECK32)[:16] for _ in range(4_000)])
    vela = deals[:, 15:]
    values = np.stack([evaluate_batch(np.hstack([deals[:, 5 * p : 5 * p + 5], vela]), "telesina") for p in range(3)], 1)
    flushes = rng.choice(batch.special, size=(4_000, 3))
    mixed = np.where(rng.random((4_000, 3)) < 0.5, flushes, values)
    pairs = [[int(a), int(b)] for a in batch.special for b in batch.special]
    for rows in (np.array(pairs), values[:, :2], mixed[:, :2], flushes[:, :2], values, mixed, flushes):
        assert batch(rows).tolist() == [list(rule(row)) for row in rows.tolist()]
    with pytest.raises(UnsupportedRule, match="no array form"):
        batch_pot_rule(lambda values: values)


# --------------------------------------------------------------------------------- every registry game, only them


@pytest.mark.parametrize(("name", "game_id"), NAMES)
def test_every_registry_id_and_alias_is_accepted(name: str, game_id: str) -> None:
    deck = find(game_id).deck
    hands = [format_card(deck[-1]), format_card(deck[-2])]
    result = equity(name, hands, method="monte-carlo", samples=2_000, seed=1)
    assert result.game == game_id and result.deals == 2_000
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_registry_game_exact_on_a_known_deal_is_the_engines_split(game: Game) -> None:
    """Deal a hand, play it to the showdown with every player checking and calling (one pot, everybody in), then
    give equity the cards as dealt: its exact shares are the engine's payouts (odd chips aside)."""
    rng = random.Random(game.id)
    for seed in range(3):
        n = rng.randint(2, min(4, game.max_players))
        h = game.deal(stacks=[1_000] * n, button=n - 1, cards=DeckSource.shuffled(game.deck, seed=seed))
        play_passively(h)
        pot = sum(e.amount or 0 for e in h.events if e.type is EventType.POT)
        won = [0] * n
        for _, winners in pots(h):
            for seat, chips in winners or ():
                won[seat] += chips
        result = equity(game.id, [list(cards) for cards in h.hole], board=list(h.board), method="exact")
        assert result.deals == 1
        for share, chips in zip((p.exact for p in result.players), won, strict=True):
            assert share is not None and abs(share * pot - chips) < n, (game.id, seed, h.hole, h.board)
            assert (share > 0) == (chips > 0) or share * pot < 1


def play_passively(h: Hand) -> None:
    """Bring in, call, check and stand pat until the hand ends."""
    while not h.is_complete:
        legal = h.legal_actions()
        assert legal is not None
        kinds = legal.kinds()
        if ActionKind.BRING_IN in kinds:
            action = Action.post_bring_in()
        elif ActionKind.CHECK in kinds:
            action = Action.check()
        elif ActionKind.CALL in kinds:
            action = Action.call()
        elif ActionKind.DRAW in kinds:
            action = Action.stand_pat()
        else:
            action = Action.show()
        h.act(action, legal.seat)


@pytest.mark.parametrize("name", ["whist", "27_triple_draw", "omaha-5", ""])
def test_unknown_games_are_refused_naming_the_known_ones(name: str) -> None:
    with pytest.raises(UnsupportedRule, match="known games") as refused:
        equity(name, ["As", "Ks"])
    assert all(g.id in str(refused.value) for g in all_games())


def test_cli_equity_telesina_prints_a_result() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["equity", "telesina", "Ah Kh Qh Jh", "9s 8s 7s Ts", "--board", "As"])
    assert out.exit_code == 0, out.output
    assert "telesina: exact" in out.output and "AhKhQhJh +1 random" in out.output
    assert "0.1976%" in out.output and "99.8024%" in out.output and "506 deals" in out.output
    bad = runner.invoke(app, ["equity", "whist", "As", "Ks"])
    assert bad.exit_code == 2 and "known games" in bad.output and "telesina" in bad.output


# --------------------------------------------------------------------------------- five-card Omaha at the engine


def test_omaha5_uses_exactly_two_of_five_hole_cards() -> None:
    game = find("plo5")
    assert game.id == "omaha5" and game.hole_cards == 5 and game.default_limit.value == "pot"
    # Seat 0 holds five hearts but only two may play: A-K of hearts with the three board hearts, a flush.
    # Seat 1's As Ac with Th 8h 3h is a pair of aces; with five board cards it would have had more.
    hole = {0: "Ah Kh Qh Jh 9h", 1: "As Ac 8s 7s 2d"}
    h = game.deal(stacks=[100, 100], button=1, cards=ScriptedCards(hole, "Th 8h 3h 4c 5d"))
    all_in(h)
    assert pots(h) == [(200, ((0, 200),))] and h.stacks == [200, 0]
    assert [len(cards) for cards in h.hole] == [5, 5]


def test_omaha5_8_splits_high_and_low() -> None:
    game = find("plo5-8")
    assert game.id == "omaha5-8" and [s.name for s in game.shares] == ["high", "low"]
    # Seat 0: 7-4-3-2-A low (Ah 3h with 2c 4d 7s), two pair high; seat 1: three kings, no low (one card under 9).
    hole = {0: "Ah 3h 9c 9s Td", 1: "Ks Qs Jh Jc 8h"}
    h = game.deal(stacks=[100, 100], button=1, cards=ScriptedCards(hole, "2c 4d 7s Kh Kd"))
    all_in(h)
    assert pots(h) == [(200, ((0, 100), (1, 100)))] and h.stacks == [100, 100]
    split = equity("omaha5-8", [hole[0], hole[1]], board="2c 4d 7s Kh Kd", method="exact")
    assert [p.exact for p in split.players] == [Fraction(1, 2), Fraction(1, 2)]
    assert split.players[0].low_only == 1.0 and split.players[1].high_only == 1.0


@pytest.mark.parametrize("game_id", ["omaha5", "omaha5-8"])
def test_five_card_omaha_hands_play_to_the_showdown(game_id: str) -> None:
    game = find(game_id)
    for seed in range(6):
        n = 2 + seed % 8
        h = game.deal(stacks=[500] * n, button=seed % n, seed=seed)
        play_passively(h)
        assert sum(h.stacks) == 500 * n and all(len(cards) == 5 for cards in h.hole) and len(h.board) == 5
        assert any(e.type is EventType.SHOW for e in h.events)
    with pytest.raises(UnsupportedRule, match="2 to 9 players"):
        game.deal(stacks=[100] * 10)
    with pytest.raises(UnsupportedRule, match="pot"):
        game.betting("fixed", big_blind=2)
