"""The rule traps (../shared/TRAPS.md) played through the server's protocol with exact chips, and a short fuzz
of junk messages between legal moves in every kind of game (helpers in tests/servertools.py)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

import servertools
from servertools import (
    DUEL,
    PLAY,
    QUAD,
    SPLIT,
    TRIO,
    Driver,
    Message,
    api,
    check_or_call,
    conserved,
    fold_all,
    heads_up,
    my_turn,
    play_chips,
    result,
    serve,
    sign_up,
    small_blind,
    store_of,
    table,
    three_seated,
)

# Fixtures: pytest finds them among the module's names.
db_fixture = servertools.db_fixture

# --- the traps, through the protocol, with exact chips -----------------------------------------------------


def test_missed_blinds_are_posted_on_coming_back(db: str) -> None:
    """T07 (b): a player who missed both blinds and comes back before their big blind posts the big blind live
    and the small blind dead."""
    with serve(db, QUAD, next_hand_delay=0.2) as client:
        players = [sign_up(client, n) for n in ("alice", "bob", "carol", "dave", "watcher")]
        with (
            table(client, players[4]) as w,
            table(client, players[0]) as c0,
            table(client, players[1]) as c1,
            table(client, players[2]) as c2,
            table(client, players[3]) as c3,
        ):
            conns = {0: c0, 1: c1, 2: c2, 3: c3}
            for k, c in conns.items():
                c.send("sit", seat=k, buy_in=100)
            d = Driver(w, conns)
            s = d.run(fold_all, lambda s: s["hand"] is not None and len(s["hand"]["players"]) == 4)
            assert (s["hand"]["number"], s["button"]) == (1, 0)
            c3.send("sit_out")  # dave misses the big blind of hand 2 and the small blind of hand 3
            d.run(fold_all, lambda s: result(s, 3) is not None)
            c3.send("come_back")
            s = d.run(fold_all, lambda s: s["hand"] is not None and s["hand"]["number"] == 4)
            posts = [(e["type"], e["seat"], e["amount"]) for e in s["hand"]["events"] if e["type"].startswith("post")]
            assert posts == [("post_blind", 1, 1), ("post_blind", 2, 2), ("post_blind", 3, 2), ("post_dead", 3, 1)]
            s = d.run(fold_all, lambda s: result(s, 4) is not None)
            assert result(s, 4)["net"] == [0, -1, 4, -3]  # type: ignore[index]
            assert [(p["amount"], p["winners"]) for p in result(s, 4)["pots"]] == [(6, [[2, 6]])]  # type: ignore[index]
        conserved(client, players[:4])


def test_going_heads_up_when_the_button_leaves(db: str) -> None:
    """RULES §3.11 and T06: nobody posts the big blind twice in a row, and heads-up the button posts the small
    blind."""
    with serve(db, TRIO, next_hand_delay=0.2) as client:
        with three_seated(client, 100) as (d, players):
            conns = d.conns
            s = d.run(fold_all, lambda s: s["hand"] is not None and len(s["hand"]["players"]) == 3)
            number, button = s["hand"]["number"], s["button"]
            sb, bb = (button + 1) % 3, (button + 2) % 3
            assert small_blind(s["hand"]) == sb
            conns[button].send("leave")
            layouts = []
            for k in range(1, 4):
                s = d.run(fold_all, lambda s, n=number + k: s["hand"] is not None and s["hand"]["number"] == n)
                layouts.append((s["button"], small_blind(s["hand"])))
            assert layouts == [(bb, bb), (sb, sb), (bb, bb)]  # the big blind gets the button: no big blind twice
            s = d.run(fold_all, lambda s: result(s, number + 3) is not None)
            assert s["seats"][button] is None
        conserved(client, players[:3])


def test_uncalled_bet_goes_back(db: str) -> None:
    """T08: (b) the small blind's all-in is folded to: 98 go back and the win is the 4-chip pot, not 102; (a) an
    all-in call for less: the part no one can call goes back before the showdown."""

    def over(number: int) -> Callable[[Message], bool]:
        return lambda s: s["hand"] is not None and s["hand"]["number"] == number and s["hand"]["phase"] == "complete"

    with serve(db, DUEL, next_hand_delay=0.3) as client:
        with heads_up(client) as (alice, bob, a, b, _s):
            a.act("raise", amount=100, hand=1)
            b.state(lambda s: my_turn(s, 1))
            b.act("fold", hand=1)
            s = a.state(over(1), "hand 1 over")
            returned = [(e["seat"], e["amount"]) for e in s["hand"]["events"] if e["type"] == "uncalled_bet_returned"]
            assert returned == [(0, 98)]
            assert result(s, 1)["net"] == [2, -2]  # type: ignore[index]
            assert [(p["amount"], p["winners"]) for p in result(s, 1)["pots"]] == [(4, [[0, 4]])]  # type: ignore[index]
            # Hand 2: bob has the button and the small blind; alice (102) moves all in over bob's 98.
            b.state(lambda s: my_turn(s, 2))
            b.act("call", hand=2)
            a.state(lambda s: my_turn(s, 2))
            a.act("raise", amount=102, hand=2)
            b.state(lambda s: my_turn(s, 2))
            b.act("call", hand=2)
            s = a.state(over(2), "hand 2 over")
            returned = [(e["seat"], e["amount"]) for e in s["hand"]["events"] if e["type"] == "uncalled_bet_returned"]
            assert returned == [(0, 4)]
            assert sum(p["amount"] for p in result(s, 2)["pots"]) == 196  # type: ignore[index]
            # Alice wins it all (4 back + 196), bob doubles up (alice keeps the 4), or they split.
            assert sorted(p["stack"] for p in s["hand"]["players"]) in ([0, 200], [4, 196], [98, 102])
        conserved(client, [alice, bob])


def test_odd_chips_go_to_the_first_winner_left_of_the_button(db: str) -> None:
    """T10 (b): three-handed, the small blind folds, the others check it down; a tied pot of 5 gives its odd
    chip to the first winner clockwise from the button.  Hands are played until two ties have come up."""
    with serve(db, TRIO, rate=10**6, burst=10**6) as client, three_seated(client, 200) as (d, _players):

        def fold_small_blind(h: Message) -> dict[str, Any]:
            folded = any(e["type"] == "fold" for e in h["events"])
            if h["street"] == "preflop" and h["to_act"] == small_blind(h) and not folded:
                return {"action": "fold"}
            return check_or_call(h)

        ties: list[tuple[Message, int]] = []
        seen: set[int] = set()
        buttons: dict[int, int] = {}

        def stop(s: Message) -> bool:
            if s["hand"] is not None:
                buttons[s["hand"]["number"]] = s["hand"]["button"]
            for r in s["results"]:
                if r["number"] not in seen and len(r["players"]) == 3:
                    seen.add(r["number"])
                    if any(len(p["winners"]) > 1 for p in r["pots"]):
                        ties.append((r, buttons[r["number"]]))
            return len(ties) >= 2 or len(seen) >= 400

        d.run(fold_small_blind, stop)
        assert ties, f"no tie in {len(seen)} hands"
        for r, button in ties:
            (pot,) = r["pots"]
            assert pot["amount"] == 5
            winners = sorted(pot["winners"], key=lambda w: (w[0] - button - 1) % 3)
            assert [chips for _seat, chips in winners] == [3, 2], (r, button)


def test_draw32_split_divides_the_pot_odd_chip_left_of_the_button(db: str) -> None:
    """G15: everyone in the pot presses split: the pot is divided, the odd chip to the first of them clockwise
    from the button; nobody shows."""
    with serve(db, SPLIT, next_hand_delay=0.3) as client:
        with three_seated(client, 100) as (d, players):

            def split_it(h: Message) -> dict[str, Any]:
                if h["phase"] == "draw":
                    return {"action": "draw", "cards": []}
                drew = any(e["type"] == "draw" for e in h["events"])
                folded = any(e["type"] == "fold" for e in h["events"])
                if not drew and h["to_act"] == small_blind(h) and not folded and len(h["players"]) == 3:
                    return {"action": "fold"}
                return {"action": "split"} if drew else check_or_call(h)

            s = d.run(split_it, lambda s: any(len(r["players"]) == 3 for r in s["results"]))
            r = next(r for r in s["results"] if len(r["players"]) == 3)
            assert r["shown"] == {}
            (pot,) = r["pots"]
            assert (pot["amount"], pot["text"]) == (5, "split")
            assert sorted(chips for _seat, chips in pot["winners"]) == [2, 3]
            assert sum(r["net"]) == 0
        conserved(client, players[:3])


# --- a short fuzz: junk between legal moves in every kind of game -------------------------------------------


REFUSALS = ("illegal_action", "illegal_amount", "bad_card", "stale_hand", "not_your_turn", "room")


@pytest.mark.parametrize("game", ["holdem", "stud8", "draw32", "27-triple-draw", "telesina", "club-lowball"])
def test_junk_between_moves_changes_nothing(db: str, game: str) -> None:
    """At each turn: up to three illegal messages (wrong kinds, amounts out of range, cards not held, stale
    guards), each refused, then a random legal move; no hand is voided and every chip is accounted for."""
    rng = random.Random(game)
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    kinds = ["fold", "check", "call", "bet", "raise", "bring-in", "draw", "split", "show", "muck"]
    with serve(db, DUEL, rate=10**6, burst=10**6) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        info = api(
            client,
            alice,
            "POST",
            "/api/tables",
            201,
            json={"name": "Fuzz", "game": game, "seats": 2, "showdown": "choose"},
        )
        tid = info["id"]
        with table(client, alice, tid) as a, table(client, bob, tid) as b:
            conns = {0: a, 1: b}
            for k, c in conns.items():
                c.send("sit", seat=k, buy_in=info["buy_in"]["default"])
            done: set[int] = set()
            last: dict[int, tuple[int, int]] = {}
            refused = 0
            deadline = time.monotonic() + 20
            while len(done) < 6:
                assert time.monotonic() < deadline, "the table stalled"
                for seat, c in conns.items():
                    try:
                        m = c.recv(0.05)
                    except TimeoutError:
                        continue
                    if m["type"] == "error":
                        # room: a rebuy that came after the next deal; not_your_turn: a move after a junk amount
                        # the game's house rule placed at the nearest legal amount (and so took).
                        assert m["code"] in REFUSALS, m
                        refused += 1
                        continue
                    if m["type"] != "state":
                        continue
                    for r in m["results"]:
                        assert not r["voided"], r
                        done.add(r["number"])
                    if m["rebuy"]["allowed"] and m["seats"][seat]["stack"] < info["buy_in"]["min"]:
                        c.send("rebuy", amount=info["buy_in"]["min"])
                        c.send("come_back")
                    h = m["hand"]
                    if not my_turn(m) or last.get(seat) == (h["number"], len(h["events"])):
                        continue
                    last[seat] = (h["number"], len(h["events"]))
                    legal = h["legal"]
                    mine = h["players"][[p["seat"] for p in h["players"]].index(seat)]["cards"]
                    for _ in range(rng.randint(0, 3)):
                        kind = rng.choice(kinds)
                        junk: dict[str, Any] = {"action": kind}
                        if kind in ("bet", "raise"):
                            junk["amount"] = rng.choice([1, 3, 10**6, 2**53, 10**30])
                        if kind in ("draw", "show"):
                            junk["cards"] = rng.sample([c for c in deck if c not in mine], rng.randint(1, 2))
                        elif rng.random() < 0.3:
                            junk["hand"] = h["number"] + rng.choice([-1, 1]) or 2
                        ok_kind = kind in legal["actions"] and "cards" not in junk and "hand" not in junk
                        lo_hi = legal.get(kind) if kind in ("bet", "raise") else None
                        if ok_kind and not (lo_hi and not lo_hi[0] <= junk["amount"] <= lo_hi[1]):
                            continue  # that one would be legal
                        c.act(**junk)
                    kind = rng.choice(legal["actions"])
                    move: dict[str, Any] = {"action": kind, "hand": h["number"]}
                    if kind in ("bet", "raise"):
                        amounts = legal["amounts"] if "amounts" in legal else legal[kind]
                        move["amount"] = rng.choice(amounts)
                    if kind == "draw":
                        move["cards"] = rng.sample(mine, rng.randint(0, min(legal["draw"], len(mine))))
                    c.act(**move)
            assert refused
            for c in (a, b):
                c.send("leave")
            for c in (a, b):
                c.until(lambda m: m["type"] == "state" and m["you"] is None, "standing up", errors_ok=True)
        assert play_chips(client, alice) + play_chips(client, bob) == 2 * PLAY
        store_of(client).check_balanced()
