"""The felt's story of a hand, server side (issue 18): each result's summary (who won how much with which hand,
hi/lo halves, uncontested), the next deal's delay, the clock's action time and bank apart, the time-out notice,
and what stopping the server did.  The actor is driven synchronously on a virtual clock with seeded decks, so
every card, name and second is exact."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from browsertools import free_port
from pokerroom.cli import app as cli_app
from pokerroom.engine import Action
from pokerroom.room.clock import FOLD_DELAY, VirtualClock
from pokerroom.server import create_app
from pokerroom.server.accounts import PLAY_CHIPS, Users, play_account
from pokerroom.server.actor import TableActor
from pokerroom.server.lobby import Lobby, Starter
from pokerroom.server.protocol import VERSION, ComeBack, Rebuy, Sit
from pokerroom.server.summary import CATEGORY_IDS, NO_PAIR
from pokerroom.server.table_info import ShutSummary
from pokerroom.store import Store
from servertools import Recorder, turn_act

Client = Recorder


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'felt.db'}")
    yield s
    s.close()


def _table(
    store: Store, clock: VirtualClock, seed: int, names: tuple[str, ...], game: str = "holdem", **options: Any
) -> tuple[Lobby, TableActor, dict[str, Client]]:
    """People ``names`` seated in seats 0, 1, ... with 200 chips each at a fresh table whose decks come from
    ``seed``; nothing dealt yet (the clock reads 0)."""
    users = Users(store)
    for name in names:
        users.sign_up(name, "password1")
    defaults: dict[str, Any] = {"bot_delay": 0.0, "next_hand_delay": 5.0}
    lobby = Lobby(store, clock=clock, seed=seed, **{**defaults, **options})
    stakes, limit = ("1/2", "no") if game == "holdem" else ("2/4", "fixed")
    actor = lobby.create(name="Felt", game=game, stakes=stakes, limit=limit, seats=len(names))
    clients = {name: Client(name) for name in names}
    for seat, name in enumerate(names):
        actor.connect(clients[name])
        actor.handle(clients[name], Sit(seat, 200))
    return lobby, actor, clients


def _check_down(actor: TableActor, clients: dict[str, Client]) -> None:
    """Everyone checks, or calls when facing a bet, to the end of the hand."""
    while actor._hand_running():
        seat = actor.table.to_act
        assert seat is not None
        st = actor.table.seats[seat]
        assert st is not None
        legal = actor.table.hand.legal_actions()  # type: ignore[union-attr]
        assert legal is not None
        kinds = [k.value for k in legal.kinds()]
        actor.handle(clients[st.player], turn_act(actor, Action.check() if "check" in kinds else Action.call()))


# ---------------------------------------------------------------------------------------------- the result line


def test_a_holdem_showdown_names_the_winner_the_amount_the_hand_and_its_five_cards(store: Store) -> None:
    clock = VirtualClock()
    lobby, actor, clients = _table(store, clock, 1, ("alice", "bob"))
    clock.advance(5.0)
    actor.tick()
    assert actor.table.hand_number == 1
    _check_down(actor, clients)
    state = actor.state("alice")
    result = state["results"][-1]
    assert result["board"] == ["8h", "6c", "7d", "8c", "Tc"]
    assert result["shown"] == {"1": ["Kh", "Jh"], "0": ["Th", "8s"]}
    # alice's full house, eights full of tens, beats bob's eights (no flush, no straight on this board): the
    # 4-chip pot, both blinds.
    assert result["summary"] == [
        {
            "seat": 0,
            "player": "alice",
            "amount": 4,
            "uncontested": False,
            "hands": [
                {
                    "share": "high",
                    "category": "full-house",
                    "ranks": ["8", "T"],
                    "suit": None,
                    "name": "full house, eights full of tens",
                    "best": ["8s", "8h", "8c", "Th", "Tc"],
                }
            ],
        }
    ]
    assert result["hand_names"] == {"1": "one pair, eights", "0": "full house, eights full of tens"}  # as in v1
    assert result["ended_at"] == 5.0
    # The result stays on the felt for the whole next_hand_delay: 5 s after a showdown.
    assert actor.deal_delay(result) == 5.0
    assert state["next_deal"] == 5.0
    clock.advance(4.9)
    actor.tick()
    assert actor.table.hand_number == 1 and actor.state("bob")["next_deal"] == 0.1
    clock.advance(0.1)
    actor.tick()
    assert actor.table.hand_number == 2 and actor.state("bob")["next_deal"] is None
    lobby.close()


def test_a_hi_lo_split_gives_both_halves_each_with_its_own_hand(store: Store) -> None:
    clock = VirtualClock()
    lobby, actor, clients = _table(store, clock, 2, ("alice", "bob", "carol"), game="omaha8")
    clock.advance(5.0)
    actor.tick()
    _check_down(actor, clients)
    result = actor.results[-1]
    assert result["board"] == ["Qh", "3h", "Kc", "Ah", "7s"]
    # Omaha hi/lo (RULES G7): exactly two hole cards.  alice's 4c 2d make the low 7-4-3-2-A; bob's 8h 4h make
    # the flush, ace high (his low 7-6-4-3-A loses); carol's aces and kings (and 8-7 low) lose both.  The 6-chip
    # pot is split 3 and 3.
    assert result["summary"] == [
        {
            "seat": 0,
            "player": "alice",
            "amount": 3,
            "uncontested": False,
            "hands": [
                {
                    "share": "low",
                    "category": NO_PAIR,
                    "ranks": ["7", "4", "3", "2", "A"],
                    "suit": None,
                    "name": "seven-four low",
                    "best": ["7s", "4c", "3h", "2d", "Ah"],
                }
            ],
        },
        {
            "seat": 1,
            "player": "bob",
            "amount": 3,
            "uncontested": False,
            "hands": [
                {
                    "share": "high",
                    "category": "flush",
                    "ranks": ["A"],
                    "suit": None,
                    "name": "flush, ace high",
                    "best": ["Ah", "Qh", "8h", "4h", "3h"],
                }
            ],
        },
    ]
    assert result["net"] == [1, 1, -2]
    lobby.close()


def test_everyone_folds_the_winner_wins_uncontested_and_the_next_deal_comes_sooner(store: Store) -> None:
    clock = VirtualClock()
    lobby, actor, clients = _table(store, clock, 1, ("alice", "bob"))
    clock.advance(5.0)
    actor.tick()
    # Heads-up the button posts the small blind and acts first (settled decision 14): alice folds her 1 chip;
    # bob's uncalled big blind chip comes back and he wins the 2-chip pot.
    assert actor.table.button == 0 and actor.table.to_act == 0
    actor.handle(clients["alice"], turn_act(actor, Action.fold()))
    result = actor.results[-1]
    assert result["summary"] == [{"seat": 1, "player": "bob", "amount": 2, "uncontested": True, "hands": []}]
    assert result["shown"] == {} and result["net"] == [-1, 1]
    assert actor.deal_delay(result) == FOLD_DELAY == 2.0
    assert actor.state("bob")["next_deal"] == 2.0
    clock.advance(1.9)
    actor.tick()
    assert actor.table.hand_number == 1
    clock.advance(0.1)
    actor.tick()
    assert actor.table.hand_number == 2
    # One rule: never longer than next_hand_delay itself.
    actor.next_hand_delay = 1.5
    assert actor.deal_delay(result) == 1.5
    actor.next_hand_delay = 5.0
    assert actor.deal_delay(None) == 5.0  # a hand with no result entry waits the whole delay
    lobby.close()


def test_category_ids_are_one_stable_list() -> None:
    ids = [*CATEGORY_IDS.values(), NO_PAIR]
    assert ids == [
        "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind", "two-pair",
        "four-flush", "four-straight", "one-pair", "high-card", "no-hand", "no-pair",
    ]  # fmt: skip
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", i) for i in ids)


# ------------------------------------------------------------------------------------------ the clock, time-outs


def test_the_clock_shows_the_action_time_and_the_bank_apart_and_a_time_out_is_told(store: Store) -> None:
    """20 s to act, then the 30-second bank (TableConfig's defaults); at 50 s the table folds for alice, who
    faces the big blind, tells her so, and flags her seat for everyone until the next deal."""
    clock = VirtualClock()
    lobby, actor, clients = _table(store, clock, 1, ("alice", "bob"))
    clock.advance(5.0)
    actor.tick()
    assert actor.table.to_act == 0
    full = {"seat": 0, "action_total": 20.0, "bank_total": 30.0}
    assert actor.state("bob")["clock"] == {**full, "remaining": 50.0, "action": 20.0, "bank": 30.0}
    clock.advance(12.0)
    assert actor.state("bob")["clock"] == {**full, "remaining": 38.0, "action": 8.0, "bank": 30.0}
    clock.advance(13.0)  # 25 s in: the action time is spent, the bank has given 5 s
    assert actor.state("alice")["clock"] == {**full, "remaining": 25.0, "action": 0.0, "bank": 25.0}
    assert actor.next_deadline() == 55.0
    clock.advance(24.9)
    actor.tick()
    assert actor._hand_running() and not clients["alice"].notices()
    clock.advance(0.1)
    actor.tick()
    assert clients["alice"].notices() == [
        {"v": VERSION, "type": "notice", "code": "timed_out", "hand": 1, "seat": 0, "action": "fold", "bank": 0.0}
    ]
    assert not clients["bob"].notices()
    for name in ("alice", "bob"):
        state = actor.state(name)
        assert [s["timed_out"] for s in state["seats"]] == [True, False]
        folds = [e for e in state["hand"]["events"] if e["type"] == "fold"]
        assert folds == [{"type": "fold", "seat": 0, "text": "timed out"}]
    result = actor.results[-1]
    assert result["summary"] == [{"seat": 1, "player": "bob", "amount": 2, "uncontested": True, "hands": []}]
    clock.advance(2.0)
    actor.tick()
    state = actor.state("alice")
    assert actor.table.hand_number == 2 and [s["timed_out"] for s in state["seats"]] == [False, False]
    # Hand 2: bob has the button and acts first with his full bank; alice's bank stays spent (no refill).
    assert state["clock"] == {"seat": 1, "action_total": 20.0, "bank_total": 30.0, "remaining": 50.0,
                              "action": 20.0, "bank": 30.0}  # fmt: skip
    assert actor.table.timer.bank(0) == 0.0
    lobby.close()


# ------------------------------------------------------------------------------------------------ stopping


def test_shut_says_how_many_hands_it_voided_and_what_chips_went_back(store: Store) -> None:
    clock = VirtualClock()
    lobby, actor, clients = _table(store, clock, 1, ("alice", "bob"))
    quiet = lobby.create(name="Quiet", game="holdem", stakes="1/2", limit="no", seats=2)
    carol = Client("carol")
    Users(store).sign_up("carol", "password1")
    quiet.connect(carol)
    quiet.handle(carol, Sit(0, 150))  # alone: never dealt
    clock.advance(5.0)
    actor.tick()
    actor.handle(clients["alice"], turn_act(actor, Action.call()))  # 2 chips each in the pot of hand 1
    assert actor._hand_running() and actor.state("alice")["hand"]["pot"] == 4
    done = lobby.close()
    # Hand 1 is void, every chip back (RULES §3.8); alice, bob and carol stand up with 200, 200 and 150.
    assert done == ShutSummary(hands_voided=1, play_chips=550, players=3)
    assert done.text() == "1 hand voided, 550 play chips returned to 3 players"
    assert [store.balance(store.account_id(play_account(n))) for n in ("alice", "bob", "carol")] == [PLAY_CHIPS] * 3
    assert ShutSummary().text() == "0 hands voided, 0 chips returned to 0 players"
    both = ShutSummary(2, play_chips=1500, players=5) + ShutSummary(0, real_chips=40, players=1)
    assert both.text() == "2 hands voided, 1,500 play chips and 40 real-money chips returned to 6 players"
    # Real money and play chips never add up: the operator reconciles each currency apart.
    bots = ShutSummary(1, real_chips=1, players=1, play_bot_chips=12_000, real_bot_chips=210, bots=4)
    assert bots.text() == (
        "1 hand voided, 1 real-money chip returned to 1 player (and 12,000 play chips and 210 real-money chips to "
        "4 house bots)"
    )


def test_the_app_and_serve_report_the_stop(store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clean stop with no hand running: 0 hands voided, the house bot's chips back; ``pokerroom serve``
    announces the address it binds and prints the stop in one line."""
    app = create_app(store=store, starters=(Starter("Duo", "holdem", "1/2", "no", bots=1, seats=2),), seed=1)
    with TestClient(app):
        buy_in = app.state.lobby.actors[1].table.default_buy_in()
    assert app.state.stopped == ShutSummary(play_bot_chips=buy_in, bots=1) and buy_in == 200

    import uvicorn

    seated: list[int] = []

    def run(served: Any, **options: Any) -> None:
        assert options["host"] == "127.0.0.1" and options["port"] == port
        assert served.state.lobby.actor_options["next_hand_delay"] == 1.5
        with TestClient(served):
            actors = served.state.lobby.actors.values()
            seated.extend(st.stack for a in actors for st in a.table.seats if st is not None)

    monkeypatch.setattr(uvicorn, "run", run)
    url = f"sqlite:///{tmp_path / 'served.db'}"
    port = free_port()  # serve tries the port before it starts
    out = CliRunner().invoke(cli_app, ["serve", "--database", url, "--port", str(port), "--next-hand-delay", "1.5"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].startswith(f"pokerroom: the card room is at http://127.0.0.1:{port}/ (store: sqlite:///")
    # The starter tables: ten, three house bots at each play-money one (none at the real-money table: house bots
    # sit at real money only where the operator's own --tables file puts them), nobody dealt a hand.
    assert len(seated) == 27
    assert lines[-1] == (
        f"pokerroom stopped: 0 hands voided, 0 chips returned to 0 players (and {sum(seated):,} play chips to 27 "
        "house bots), "
        "store closed"
    )


# ------------------------------------------------------------------------------------------------ rebuying


def test_a_busted_player_rebuys_during_the_next_hand_and_is_dealt_in_after_it(store: Store) -> None:
    """A player who lost every chip is sat out; "Come back" with 0 chips is refused (nothing to play with); a
    rebuy asked for while the others play is queued and made when that hand ends (RULES §3.3: chips are added
    between hands), and the player is dealt into the hand after."""
    clock = VirtualClock()
    lobby, actor, clients = _table(store, clock, 3, ("alice", "bob", "carol"))
    clock.advance(5.0)
    actor.tick()
    st = actor.table.seats[0]
    assert st is not None
    for _ in range(30):  # alice moves all-in every hand, bob calls, carol folds, until alice loses it all (seeded)
        clock.advance(5.0)
        actor.tick()
        while actor._hand_running():
            seat = actor.table.to_act
            legal = actor.table.hand.legal_actions()  # type: ignore[union-attr]
            assert seat is not None and legal is not None
            player = actor.table.seats[seat].player  # type: ignore[union-attr]
            shove = player == "alice" and legal.raise_ is not None
            passive = Action.fold() if player == "carol" and legal.fold else legal.passive()
            action = Action.raise_to(legal.raise_[1]) if shove else passive
            actor.handle(clients[player], turn_act(actor, action))
        if st.stack == 0:
            break
    assert st.sitting_out and st.stack == 0
    actor.handle(clients["alice"], ComeBack())
    assert clients["alice"].errors()[-1]["message"] == "alice has 0 chips: add at least 1 (a rebuy) first"
    clock.advance(5.0)
    actor.tick()
    assert actor._hand_running() and not actor.table.in_hand(0)
    assert actor.state("alice")["rebuy"] == {"allowed": True, "max": 200, "queued": None}
    actor.handle(clients["alice"], Rebuy(150))
    assert clients["alice"].notices()[-1] == {"v": VERSION, "type": "notice", "code": "rebuy_queued", "amount": 150}
    assert st.stack == 0 and actor.state("alice")["rebuy"]["queued"] == 150
    _check_down(actor, clients)
    assert st.stack == 150 and not st.sitting_out and actor._rebuys_due == {}
    clock.advance(5.0)
    actor.tick()
    assert actor.table.in_hand(0)
    lobby.close()
