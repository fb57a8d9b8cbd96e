"""The provable shuffle (issue 19, docs/shuffle.md): the one card source's construction pinned by known values,
the commitments a table publishes, the openings a player gets, and ``pokerroom verify`` failing on one changed
card with the card named."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cards import DECK52, format_card, format_cards, parse_card
from pokerroom.cli import app
from pokerroom.engine import Action, DeckSource, EventType, LegalActions
from pokerroom.engine.shuffle import DeckStream, deck_key, deck_order, seed_bytes
from pokerroom.games import all_games
from pokerroom.room.proof import ProofError, commit, openings, proof_json, salt, seed_hash, verify
from pokerroom.room.record import Deck, HandRecord
from pokerroom.room.record_json import record_from_json, record_json
from tabletools import check_down, new_table, play_out

SECRET = bytes(range(32))


def test_the_construction_is_pinned_by_known_values() -> None:
    # Anyone re-implementing docs/shuffle.md must get these: the key, the first words, the first deck.
    assert seed_bytes(1).hex() == "5d93b3e4ad11f631" + seed_bytes(1).hex()[16:]
    key = deck_key(seed_bytes(1))
    stream = DeckStream(key)
    assert [stream.below(52) for _ in range(5)] == [34, 45, 22, 41, 12]
    assert format_cards(deck_order(DECK52, key)[:10]) == "ThKh8cKc6c6d9sAh3hAc"
    # Client seeds change the key; their order of arrival does not (ascending seat order).
    assert deck_key(SECRET, {3: "aa", 1: "bb"}) == deck_key(SECRET, {1: "bb", 3: "aa"}) != deck_key(SECRET)
    assert deck_key(SECRET, {1: "bb"}) != deck_key(SECRET, {2: "bb"})
    # One word read for each number below n (rejection only above n): 1 never reads.
    s = DeckStream(key)
    assert s.below(1) == 0 and s.word() == DeckStream(key).word()


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_dealing_card_by_card_is_the_whole_shuffle(game: str) -> None:
    deck = next(g for g in all_games() if g.id == game).deck
    for seed in (1, 2, 99):
        src = DeckSource.shuffled(deck, seed=seed)
        each = 2 if len(deck) >= 6 else 1  # Kuhn poker's three cards: one each
        dealt = src.deal_hole([0, 1, 2], each)
        rest = src.deal_board(len(deck) - 3 * each)
        order = deck_order(deck, deck_key(seed_bytes(seed)))
        assert [c for k in range(each) for h in dealt for c in h[k : k + 1]] + rest == order


def _provable_table(game: str = "holdem", players: tuple[int, ...] = (1, 4, 7), **config: object):  # type: ignore[no-untyped-def]
    t = new_table(game, players=players, stack=200, **config)
    deck = Deck(server_seed=SECRET.hex(), client_seeds=((4, "c0ffee"), (7, "00ff")), seed_hash=seed_hash(SECRET))
    return t, deck


def _played_holdem() -> HandRecord:
    t, deck = _provable_table(blinds=(1, 2))
    t.start_hand(deck=deck)
    return check_down(t)


def test_a_committed_deal_publishes_the_root_and_its_cards_open_against_it() -> None:
    record = _played_holdem()
    d = record.setup.deck
    assert d.seed_hash == seed_hash(SECRET) and d.root is not None and len(d.root) == 64
    assert d.client_seeds == ((4, "c0ffee"), (7, "00ff"))
    order = deck_order(DECK52, deck_key(SECRET, {4: "c0ffee", 7: "00ff"}))
    hole = {e.seat: e.cards for e in record.events if e.type is EventType.DEAL_HOLE}
    # Hole cards one at a time from the left of the button (table seat 4 = engine seat 1 first), then the board.
    assert hole[1][0] == order[0] and hole[2][0] == order[1] and hole[0][0] == order[2]
    assert record.board == tuple(order[6:11])
    assert commit(replace(d, root=None), DECK52).root == d.root
    mine = openings(record, 0)
    seen = {c for e in record.view(0).events for c in e.cards or () if c >= 0}
    assert {o.card for o in mine} == seen  # every card seat 0 saw is opened, and nothing else
    assert all(o.root().hex() == d.root for o in mine)
    assert [o.salt for o in mine] == [salt(SECRET, o.position).hex() for o in mine]


def test_without_client_seeds_the_deck_is_the_server_seeds_alone() -> None:
    t, deck = _provable_table(blinds=(1, 2))
    t.start_hand(deck=replace(deck, client_seeds=()))
    first = t.hand.events  # type: ignore[union-attr]
    t2, deck2 = _provable_table(blinds=(1, 2))
    t2.start_hand(deck=deck2)
    assert [e.cards for e in first if e.cards] != [e.cards for e in t2.hand.events if e.cards]  # type: ignore[union-attr]


def test_a_proof_verifies_and_keeps_hidden_cards_hidden() -> None:
    record = _played_holdem()
    for seat in (0, 1, 2):
        data = json.loads(json.dumps(proof_json(record, seat, reveal=False, hand_id=5)))
        text = json.dumps(data)
        assert SECRET.hex() not in text and data["server_seed"] is None
        verdict = verify(data)
        assert verdict.ok and not verdict.full, verdict.failures
        others = {
            c
            for s, cs in ((e.seat, e.cards) for e in record.events if e.type is EventType.DEAL_HOLE)
            if s != seat
            for c in cs or ()
        }
        shown = {c for cs in record.shown().values() for c in cs}
        assert not {parse_card(o["card"]) for o in data["openings"]} & (others - shown)


def test_one_changed_card_fails_with_the_card_named() -> None:
    record = _played_holdem()
    data = proof_json(record, 0, reveal=False)
    # The hand's turn card changed in the file: the committed card at its position differs.
    board = [e for e in data["hand"]["events"] if e["type"] == "deal_board"]
    turn = board[1]
    real = turn["cards"][0]
    fake = next(format_card(c) for c in DECK52 if format_card(c) not in json.dumps(data["hand"]))
    turn["cards"] = [fake]
    verdict = verify(data)
    assert not verdict.ok
    assert verdict.failures == (
        f"{fake} (the board, the 10th card dealt) differs from the card committed at position 9: {real}",
    )
    # The opening changed to match: the Merkle path no longer leads to the root.
    for o in data["openings"]:
        if o["card"] == real:
            o["card"] = fake
    verdict = verify(data)
    assert not verdict.ok and verdict.failures[0].startswith(f"position 9: {fake} with its salt and path does not lead")


def test_the_revealed_seed_checks_the_whole_deck() -> None:
    record = _played_holdem()
    data = proof_json(record, 1, reveal=True)
    assert data["server_seed"] == SECRET.hex() and data["hand"]["setup"]["deck"]["server_seed"] == SECRET.hex()
    verdict = verify(data)
    assert verdict.ok and verdict.full and "the whole deck's order gives the published root" in verdict.checks
    # A seed that does not hash to the published hash, given on the command line's behalf.
    wrong = verify(proof_json(record, 1, reveal=False), server_seed=bytes(32).hex())
    assert not wrong.ok and wrong.failures[0].startswith("the server seed hashes to 66687aadf862bd77")
    # The seat's view with the right seed: the deck and root check, the positions too.
    assert verify(proof_json(record, 1, reveal=False), server_seed=SECRET.hex()).ok


def test_a_draw_games_reshuffle_is_dealt_again_from_the_seed() -> None:
    t, deck = _provable_table("27-triple-draw", players=(0, 1, 2, 3, 4, 5), blinds=(1, 2))
    t.start_hand(deck=deck)
    h = t.hand
    assert h is not None

    def draw_five(legal: LegalActions) -> Action:  # every draw discards all five: the stub runs out
        if legal.draw is not None:
            assert h is not None and h.to_act is not None
            return Action.draw(tuple(h.hole[h.to_act][:5]))
        return Action.call() if legal.call else Action.check()

    play_out(t, draw_five)
    record = t.record
    assert record is not None
    assert any(e.type is EventType.RESHUFFLE for e in record.events)
    full = proof_json(record, 0, reveal=True)
    assert verify(full).ok
    # A card dealt after the reshuffle changed in the full record: the seed deals another.
    events = full["hand"]["events"]
    after = next(k for k, e in enumerate(events) if e["type"] == "reshuffle")
    k = next(i for i in range(after, len(events)) if events[i]["type"] == "deal_hole")
    was = events[k]["cards"][0]
    swap = next(format_card(c) for c in DECK52 if format_card(c) != was)
    events[k]["cards"][0] = swap
    verdict = verify(full)
    assert not verdict.ok and f"the file says {swap}" in verdict.failures[-1] and was in verdict.failures[-1]
    assert verify(proof_json(record, 3, reveal=False)).ok


def test_bad_proof_files_are_refused_with_what_is_wrong(tmp_path: Path) -> None:
    record = _played_holdem()
    with pytest.raises(ProofError, match="format"):
        verify({"format": "x"})
    data = proof_json(record, 0, reveal=False)
    data["openings"][0]["path"] = [["X", "00"]]
    with pytest.raises(ProofError, match="opening 1 cannot be read"):
        verify(data)
    bare = copy.deepcopy(proof_json(record, 0, reveal=False))
    bare["hand"]["setup"]["deck"]["root"] = None
    with pytest.raises(ProofError, match="no commitments"):
        verify(bare)
    assert record_from_json(record_json(record)) == record  # the commitments and client seeds read back


def test_pokerroom_verify_exits_0_1_2(tmp_path: Path) -> None:
    record = _played_holdem()
    good = tmp_path / "hand.json"
    good.write_text(json.dumps(proof_json(record, 0, reveal=False, hand_id=7)))
    runner = CliRunner()
    ok = runner.invoke(app, ["verify", str(good)])
    assert ok.exit_code == 0 and "verified: the cards you saw" in ok.output
    full = runner.invoke(app, ["verify", str(good), "--seed", SECRET.hex()])
    assert full.exit_code == 0 and "verified: the whole deck and the hand" in full.output
    data = json.loads(good.read_text())
    hole = next(e for e in data["hand"]["events"] if e["type"] == "deal_hole" and e["cards"][0] != "??")
    real = hole["cards"][0]
    fake = next(format_card(c) for c in DECK52 if format_card(c) not in good.read_text())
    hole["cards"][0] = fake
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    failed = runner.invoke(app, ["verify", str(bad), "--json"])
    out = json.loads(failed.output)
    assert failed.exit_code == 1 and not out["ok"] and fake in out["failures"][0] and real in out["failures"][0]
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert runner.invoke(app, ["verify", str(broken)]).exit_code == 2


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_every_game_proves_every_seats_cards(game: str) -> None:
    """Random legal play of every game at a provable table: each seat's proof verifies, with and without the
    seed, and the whole record's proof deals every card again (reshuffles included)."""
    import random

    from randomplay import random_action

    g = next(x for x in all_games() if x.id == game)
    n = min(g.max_players, 6)
    rng = random.Random(game)
    for hand_no in range(3):
        t = new_table(game, players=tuple(range(n)), stack=200)  # stakes: the game's defaults
        secret = bytes([hand_no]) * 32
        deck = Deck(server_seed=secret.hex(), client_seeds=((0, f"{hand_no:x}"),), seed_hash=seed_hash(secret))
        t.start_hand(deck=deck)
        hand = t.hand
        play_out(t, lambda legal, hand=hand: random_action(rng, legal, hand, timed_out=0.0))  # type: ignore[misc]
        record = t.record
        assert record is not None
        for k in range(len(record.setup.seats)):
            verdict = verify(json.loads(json.dumps(proof_json(record, k, reveal=False))))
            assert verdict.ok, (game, k, verdict.failures)
        full = verify(json.loads(json.dumps(proof_json(record, 0, reveal=True))))
        assert full.ok and full.full, (game, full.failures)
