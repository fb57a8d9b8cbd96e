"""The research games, Kuhn poker and Leduc hold'em (issue 23): exact hands with chips and whose turn, the bet sizes
and caps, the showdown by E-HIGH on fewer than five cards, every deal walked exactly, PHH written and replayed,
and the room never offering them."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import numpy as np
import pytest
from typer.testing import CliRunner

import servertools
from pokerroom.cards import format_cards, parse_cards
from pokerroom.cli import app
from pokerroom.engine import Action, Hand
from pokerroom.engine.dealing import DeckSource, ScriptedCards
from pokerroom.engine.events import EventType
from pokerroom.equity import equity
from pokerroom.errors import DuplicateCard, IllegalAction, PokerroomError, RoomError, UnsupportedRule
from pokerroom.formats.phh import dumps, loads
from pokerroom.formats.phh_hand import from_hand
from pokerroom.formats.replay import replay
from pokerroom.games import HouseDefaults, all_games, find, room_game, room_games
from pokerroom.games.kuhn import KUHN, KUHN_DECK
from pokerroom.games.leduc import LEDUC, LEDUC_DECK
from pokerroom.rankings.batch import evaluate_batch
from pokerroom.rankings.few import FEW_HIGH
from pokerroom.room.night import NightConfig
from servertools import api, serve, sign_up

db_fixture = servertools.db_fixture
runner = CliRunner()


def kuhn(hole0: str, hole1: str, stacks: tuple[int, int] = (10, 10)) -> Hand:
    """A Kuhn hand with the button on seat 1: seat 0 acts first (OpenSpiel's player 0)."""
    return KUHN.deal(stacks=list(stacks), button=1, cards=ScriptedCards({0: hole0, 1: hole1}))


def leduc(hole0: str, hole1: str, board: str, stacks: tuple[int, int] = (20, 20)) -> Hand:
    return LEDUC.deal(stacks=list(stacks), button=1, cards=ScriptedCards({0: hole0, 1: hole1}, board=board))


def won(hand: Hand) -> list[int]:
    """Chips each seat took from the pots."""
    out = [0] * hand.n
    for e in hand.events:
        if e.type is EventType.POT:
            for seat, chips in e.winners or ():
                out[seat] += chips
    return out


# --------------------------------------------------------------------------------------------- the declarations


def test_the_games_are_registered_as_research_games() -> None:
    assert find("kuhn") is KUHN and find("kuhn_poker") is KUHN and find("leduc_poker") is LEDUC
    assert [g.id for g in all_games() if g.research] == ["kuhn", "leduc"]
    assert format_cards(KUHN_DECK, sep=" ") == "Js Qs Ks"
    assert format_cards(LEDUC_DECK, sep=" ") == "Jh Js Qh Qs Kh Ks"
    assert (KUHN.min_players, KUHN.max_players, LEDUC.min_players, LEDUC.max_players) == (2, 2, 2, 2)
    kuhn_bets, leduc_bets = KUHN.betting(big_blind=1, big_bet=1), LEDUC.betting(big_blind=2, big_bet=4)
    assert (kuhn_bets.bet_sizes, kuhn_bets.cap) == ((1,), 1)
    assert (leduc_bets.bet_sizes, leduc_bets.cap) == ((2, 4), 2)
    with pytest.raises(UnsupportedRule, match="kuhn seats 2 to 2 players, not 3"):
        KUHN.deal(stacks=[10, 10, 10])


def test_a_cap_below_one_bet_is_a_declaration_error() -> None:
    from dataclasses import replace

    with pytest.raises(UnsupportedRule, match="a fixed-limit cap is one bet or more"):
        replace(KUHN, house=HouseDefaults(ante=1, fixed_cap=0))


# --------------------------------------------------------------------------------------------- Kuhn poker


def test_kuhn_check_bet_fold_the_king_takes_the_antes() -> None:
    h = kuhn("Js", "Ks")
    assert h.stacks == [9, 9] and h.to_act == 0  # antes of 1; left of the button opens
    legal = h.legal_actions()
    assert legal is not None and legal.check and legal.bet == (1, 1) and not legal.fold  # no fold without a bet
    with pytest.raises(IllegalAction):
        h.act(Action.fold(), 0)
    assert h.to_act == 0 and h.stacks == [9, 9]  # the refusal changed nothing
    h.act(Action.check(), 0)
    assert h.to_act == 1
    h.act(Action.bet(1), 1)
    assert h.to_act == 0
    legal = h.legal_actions()
    assert legal is not None and legal.call == 1 and legal.fold and legal.raise_ is None  # one bet, no raise
    with pytest.raises(IllegalAction):
        h.act(Action.raise_to(2), 0)
    h.act(Action.fold(), 0)
    assert h.is_complete and h.stacks == [9, 11] and won(h) == [0, 2]  # the bet comes back, the antes go to K


@pytest.mark.parametrize(
    ("hole0", "hole1", "stacks"),
    [("Js", "Ks", [8, 12]), ("Ks", "Qs", [12, 8]), ("Qs", "Js", [12, 8])],
)
def test_kuhn_bet_call_the_higher_card_takes_four(hole0: str, hole1: str, stacks: list[int]) -> None:
    h = kuhn(hole0, hole1)
    h.act(Action.bet(1), 0)
    assert h.to_act == 1
    h.act(Action.call(), 1)
    assert h.is_complete and h.stacks == stacks and sum(won(h)) == 4


def test_kuhn_check_check_the_higher_card_takes_two() -> None:
    h = kuhn("Qs", "Js")
    h.act(Action.check(), 0)
    h.act(Action.check(), 1)
    assert h.is_complete and h.stacks == [11, 9] and won(h) == [2, 0]


def test_kuhn_every_ordered_deal_walked_exactly() -> None:
    """Three cards, two players: 3 x 2 = 6 ordered deals, and the higher card wins each at the showdown."""
    outcomes: dict[tuple[str, str], list[int]] = {}
    for order in permutations(KUHN_DECK):
        h = KUHN.deal(stacks=[5, 5], button=1, cards=DeckSource(order))  # seat 0 is dealt first
        h.act(Action.check(), 0)
        h.act(Action.check(), 1)
        outcomes[(format_cards(h.hole[0]), format_cards(h.hole[1]))] = h.stacks
    assert len(outcomes) == 6
    rank = {"Js": 0, "Qs": 1, "Ks": 2}
    for (a, b), stacks in outcomes.items():
        assert stacks == ([6, 4] if rank[a] > rank[b] else [4, 6]), (a, b)


# --------------------------------------------------------------------------------------------- Leduc hold'em


def test_leduc_bet_raise_cap_sizes_two_then_four_and_the_pair_wins() -> None:
    h = leduc("Qh", "Ks", "Qs")
    assert h.stacks == [19, 19] and h.to_act == 0
    legal = h.legal_actions()
    assert legal is not None and legal.bet == (2, 2) and legal.check and not legal.fold
    h.act(Action.bet(2), 0)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 1 and legal.raise_ == (4, 4) and legal.call == 2
    h.act(Action.raise_to(4), 1)
    legal = h.legal_actions()  # a bet and one raise: the cap; only call or fold
    assert legal is not None and legal.seat == 0 and legal.raise_ is None and legal.bet is None
    assert legal.call == 2 and legal.fold
    with pytest.raises(IllegalAction):
        h.act(Action.raise_to(6), 0)
    h.act(Action.call(), 0)
    assert h.board == parse_cards("Qs") and h.to_act == 0 and h.stacks == [15, 15]  # left of the button again
    legal = h.legal_actions()
    assert legal is not None and legal.bet == (4, 4)  # the second round's bet is 4
    h.act(Action.bet(4), 0)
    legal = h.legal_actions()
    assert legal is not None and legal.raise_ == (8, 8)
    h.act(Action.raise_to(8), 1)
    legal = h.legal_actions()
    assert legal is not None and legal.raise_ is None and legal.call == 4
    h.act(Action.call(), 0)
    assert h.is_complete and h.stacks == [33, 7] and won(h) == [26, 0]  # the queens pair the board: 26 chips


def test_leduc_no_pair_the_higher_card_wins() -> None:
    h = leduc("Kh", "Qs", "Js")
    for seat in (0, 1, 0, 1):
        h.act(Action.check(), seat)
    assert h.is_complete and h.stacks == [21, 19]


def test_leduc_equal_ranks_split() -> None:
    h = leduc("Kh", "Ks", "Jh")
    h.act(Action.bet(2), 0)
    h.act(Action.call(), 1)
    h.act(Action.check(), 0)
    h.act(Action.bet(4), 1)
    h.act(Action.call(), 0)
    assert h.is_complete and h.stacks == [20, 20] and won(h) == [7, 7]


def test_leduc_every_deal_with_the_board_walked_exactly() -> None:
    """Six cards, two hole cards and a board card: 6 x 5 x 4 = 120 ordered deals.  Checked down, a pair with the
    board or else the higher card wins; the 24 deals of two cards of one rank split."""
    results: Counter[str] = Counter()
    deals = set()
    rank = {"J": 0, "Q": 1, "K": 2}
    for first in permutations(LEDUC_DECK, 3):
        rest = [c for c in LEDUC_DECK if c not in first]
        h = LEDUC.deal(stacks=[5, 5], button=1, cards=DeckSource([*first, *rest]))
        for seat in (0, 1, 0, 1):
            h.act(Action.check(), seat)
        a, b, board = format_cards(h.hole[0])[0], format_cards(h.hole[1])[0], format_cards(h.board)[0]
        deals.add((h.hole[0][0], h.hole[1][0], h.board[0]))
        key_a = (a == board, rank[a])
        key_b = (b == board, rank[b])
        want = [6, 4] if key_a > key_b else [4, 6] if key_b > key_a else [5, 5]
        assert h.stacks == want, (a, b, board)
        results["split" if want == [5, 5] else "seat 0" if want == [6, 4] else "seat 1"] += 1
    assert len(deals) == 120
    assert results == {"seat 0": 48, "seat 1": 48, "split": 24}


def test_shuffled_leduc_deals_reach_every_deal() -> None:
    seen = set()
    for seed in range(1_500):
        h = LEDUC.deal(stacks=[5, 5], button=1, seed=seed)
        h.act(Action.check(), 0)
        h.act(Action.check(), 1)
        seen.add((h.hole[0][0], h.hole[1][0], h.board[0]))
    assert len(seen) == 120 and all(c in LEDUC_DECK for deal in seen for c in deal)


# --------------------------------------------------------------------------------------------- the ranking


def test_few_high_values_one_and_two_cards() -> None:
    value = FEW_HIGH.evaluate
    assert value(parse_cards("Ks")) > value(parse_cards("Qs")) > value(parse_cards("Js"))
    assert value(parse_cards("Js Jh")) > value(parse_cards("Ks Qh")) > value(parse_cards("Qs Jh"))
    assert value(parse_cards("Kh Jh")) == value(parse_cards("Ks Js"))
    assert FEW_HIGH.describe(value(parse_cards("Qs Qh"))) == "one pair, queens"
    hand = FEW_HIGH.best_hand("Jh Ks")
    assert (hand.name, format_cards(hand.cards, sep=" ")) == ("high card, king", "Ks Jh")
    with pytest.raises(PokerroomError, match="1 to 4 cards, got 5"):
        FEW_HIGH.best_hand("2c 3c 4c 5c 7d")
    with pytest.raises(UnsupportedRule, match="no five-card tables"):
        FEW_HIGH.tables()


def test_batch_values_and_exact_equity_of_leduc() -> None:
    hands = np.array([parse_cards("Ks Qh"), parse_cards("Qs Qh"), parse_cards("Kh Qs"), parse_cards("Js Qh")])
    assert evaluate_batch(hands, FEW_HIGH).tolist() == [FEW_HIGH.evaluate(list(h)) for h in hands.tolist()]
    with pytest.raises(DuplicateCard):
        evaluate_batch(np.array([parse_cards("Ks Ks")]), FEW_HIGH)
    # Ks against Qh, the board to come from Jh Js Qs Kh: the king wins three boards of four, the queen one
    result = equity("leduc", ["Ks", "Qh"], method="exact")
    assert result.deals == 4 and [p.exact for p in result.players] == [0.75, 0.25]
    tied = equity("leduc", ["Ks", "Kh"], board="Jh", method="exact")
    assert [p.exact for p in tied.players] == [0.5, 0.5]


# --------------------------------------------------------------------------------------------- hand histories


@pytest.mark.parametrize("game_id", ["kuhn", "leduc"])
def test_phh_written_with_the_game_id_and_replayed(game_id: str) -> None:
    if game_id == "kuhn":
        h = kuhn("Js", "Ks")
        plays = [(Action.check(), 0), (Action.bet(1), 1), (Action.call(), 0)]
    else:
        h = leduc("Qh", "Ks", "Qs", stacks=(10, 10))
        plays = [(Action.bet(2), 0), (Action.raise_to(4), 1), (Action.call(), 0), (Action.bet(4), 0),
                 (Action.call(), 1)]  # fmt: skip
    for action, seat in plays:
        h.act(action, seat)
    text = dumps(from_hand(h))
    assert f"variant = '{game_id}'" in text and "_limit = 'fixed'" in text and "_betting" not in text
    (record,) = loads(text)
    assert (list(record.antes), record.small_bet, record.big_bet) == (
        ([1, 1], 1, 1) if game_id == "kuhn" else ([1, 1], 2, 4)
    )
    result = replay(record)
    assert result.status == "ok", result.message
    assert list(record.finishing_stacks or ()) == ([8, 12] if game_id == "kuhn" else [19, 1])


# --------------------------------------------------------------------------------------------- the room


def test_the_room_does_not_offer_research_games() -> None:
    assert not {g.id for g in room_games()} & {"kuhn", "leduc"}
    assert len(room_games()) == len(all_games()) - 2
    assert room_game("holdem") is find("holdem")
    with pytest.raises(UnsupportedRule, match=r"kuhn \(Kuhn poker\) is a research game, not offered by the room"):
        room_game("kuhn-poker")
    with pytest.raises(RoomError, match="a club night plays"):
        NightConfig("leduc")


def test_the_server_lists_and_creates_no_research_table(db: str) -> None:
    with serve(db) as client:
        listed = {g["id"] for g in api(client, None, "GET", "/api/games")}
        assert "holdem" in listed and not listed & {"kuhn", "leduc"}
        player = sign_up(client, "researcher")
        body = {"name": "tree", "game": "leduc", "stakes": "2/4", "limit": "fixed"}
        refused = api(client, player, "POST", "/api/tables", 400, json=body)
        assert "leduc (Leduc hold'em) is a research game" in refused["detail"]
        assert all(t["name"] != "tree" for t in api(client, None, "GET", "/api/tables"))


def test_games_command_marks_them_and_play_deals_them() -> None:
    listed = runner.invoke(app, ["games"])
    assert listed.exit_code == 0
    rows = {line.split()[0]: line for line in listed.stdout.splitlines() if line.strip()}
    assert "Kuhn poker (research)" in rows["kuhn"] and "Leduc hold'em (research)" in rows["leduc"]
    assert "(research)" not in rows["holdem"]
    rules = runner.invoke(app, ["rules", "leduc"]).stdout
    assert "high by E-HIGH on fewer than five cards (few-high), the player's cards and the board" in rules
    assert "fixed limit: at most a bet and one raise in each round" in rules
    played = runner.invoke(app, ["play", "kuhn", "--seed", "3"], input="c\n" * 6 + "q\n")
    assert played.exit_code == 0, played.output
    assert "=== Hand 1:" in played.stdout and "ante" in played.stdout
