"""The provable shuffle through the server (issue 19, item 1; docs/shuffle.md): the seed hash published before
the deal, client seeds taken between hands only, the root at the deal, each player's proof after the hand, the
download that ``pokerroom verify`` checks (and fails with one card changed), and the server seed never sent."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokerroom.cli import app as cli_app
from pokerroom.room.proof import Reveal, seed_hash, verify
from servertools import DUEL, TRIO, Conn, Message, api, serve, sign_up, table

# Fixtures: pytest finds them among the module's names (Argon2 at its cheapest).


def _fold_hand(a: Conn, b: Conn, number: int) -> None:
    """Whoever is to act in hand ``number`` folds."""
    for conn in (a, b):
        s = conn.current(lambda s: s["hand"] is not None and s["hand"]["number"] == number, f"hand {number}")
        h = s["hand"]
        if h["to_act"] == s["you"] and h["legal"] is not None:
            conn.act("fold")
            return
    raise AssertionError("nobody to act")


def test_the_seed_hash_comes_before_the_deal_and_the_proof_after_the_hand(tmp_path: Path) -> None:
    # A second between hands: the next hand's hash is shown, and seeds are taken, before its deal.
    with serve(f"sqlite:///{tmp_path / 'room.db'}", DUEL, next_hand_delay=1.0) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        with table(client, alice) as a, table(client, bob) as b:
            a.send("sit", seat=0, buy_in=100)
            before = a.state(lambda s: s["you"] == 0)["shuffle"]
            assert before["hand"] == 1 and before["root"] is None and len(before["seed_hash"]) == 64
            a.send("seed", hand=1, seed="c0ffee")  # alice's seed for hand 1, whose hash is shown
            assert a.state(lambda s: s["shuffle"]["client_seeds"] == [[0, "c0ffee"]])["shuffle"]["hand"] == 1
            b.send("sit", seat=1, buy_in=100)
            dealt = a.state(lambda s: s["hand"] is not None)
            sh = dealt["shuffle"]
            assert sh["hand"] == 1 and sh["seed_hash"] == before["seed_hash"] and len(sh["root"]) == 64
            assert sh["client_seeds"] == [[0, "c0ffee"]]
            # During the hand a seed is refused: the next hand's hash is not out yet.
            a.send("seed", hand=2, seed="ab")
            assert "being played" in a.error("seed_refused")["message"]
            _fold_hand(a, b, 1)
            proofs: dict[str, Message] = {}
            for name, conn in (("alice", a), ("bob", b)):
                proofs[name] = conn.until(lambda m: m["type"] == "proof", "the proof")
            texts = []
            for name, m in proofs.items():
                assert m["number"] == 1 and m["proof"]["server_seed"] is None
                deck = m["proof"]["hand"]["setup"]["deck"]
                assert deck["root"] == sh["root"] and deck["seed_hash"] == sh["seed_hash"], name
                assert verify(m["proof"]).ok
                texts.append(json.dumps(m))
            hand_id = proofs["alice"]["hand_id"]
            # The seed itself is in the store alone: never in a message, never in the download.
            store_record = client.app.state.store.hand_record(hand_id)  # type: ignore[attr-defined]
            raw = store_record.setup.deck.secret  # this test server is seeded (7): the seed stands for the secret
            assert raw is not None and seed_hash(raw) == sh["seed_hash"]
            secret = raw.hex()
            assert all(secret not in t for t in texts)
            # The next hand's hash before its deal; bob's seed goes into hand 2.
            nxt = a.current(lambda s: s["shuffle"]["hand"] == 2 and s["shuffle"]["root"] is None)["shuffle"]
            assert nxt["seed_hash"] != sh["seed_hash"]
            b.send("seed", hand=2, seed="0badcafe")
            second = a.state(lambda s: s["hand"] is not None and s["hand"]["number"] == 2)["shuffle"]
            assert second["client_seeds"] == [[1, "0badcafe"]] and second["seed_hash"] == nxt["seed_hash"]
            assert secret not in json.dumps(a.drain()) + json.dumps(b.drain())
            r = client.get(f"/api/hands/{hand_id}/proof", headers=alice.headers)
            assert r.status_code == 200 and secret not in r.text
            assert "proof.json" in r.headers["content-disposition"]
            proof = r.json()
            path = tmp_path / "hand.json"
            path.write_text(json.dumps(proof))
            runner = CliRunner()
            ok = runner.invoke(cli_app, ["verify", str(path)])
            assert ok.exit_code == 0 and "verified" in ok.output
            # One card changed: verify fails naming it.
            hole = next(e for e in proof["hand"]["events"] if e["type"] == "deal_hole" and e["cards"][0] != "??")
            real = hole["cards"][0]
            fake = next(c for c in ("2c", "3d", "4h", "5s", "6c") if c not in json.dumps(proof["hand"]))
            hole["cards"][0] = fake
            path.write_text(json.dumps(proof))
            bad = runner.invoke(cli_app, ["verify", str(path)])
            assert bad.exit_code == 1 and f"FAILED: {fake} (seat 0" in bad.output and real in bad.output
            # Others cannot download alice's seat; a spectator's seed is refused.
            carol = sign_up(client, "carol")
            api(client, carol, "GET", f"/api/hands/{hand_id}/proof", 403)
            with table(client, carol) as c:
                c.send("seed", hand=2, seed="ab")
                c.error("not_seated")


def test_seed_refusals_say_what_is_allowed(tmp_path: Path) -> None:
    with serve(f"sqlite:///{tmp_path / 'room.db'}", DUEL) as client:
        alice = sign_up(client, "alice")
        with table(client, alice) as a:
            a.send("sit", seat=0, buy_in=100)
            a.state(lambda s: s["you"] == 0)
            a.send("seed", hand=7, seed="ab")
            assert a.error("seed_refused")["message"] == (
                "the next hand is 1, not 7: a seed is for the hand whose hash is shown"
            )
            a.send("seed", hand=1, seed="XYZ")
            assert a.error("seed_refused")["message"] == "a client seed is 1 to 64 lower-case hex digits"
            a.send("seed", hand=1, seed="a" * 65)
            assert "1 to 64 characters" in a.error("bad_field")["message"]


def test_a_seat_takes_one_seed_a_hand_kept_with_the_player_who_sent_it(tmp_path: Path) -> None:
    """Issue 19, items 3 and 9: a second seed from a seat for the same hand is refused (``seed_refused``) and
    sends no one a state (a seed changes the state everyone is sent: more would be a flood amplifier); a seed is
    kept with the player who sent it from that seat, and dealt only while that player sits there."""
    with serve(f"sqlite:///{tmp_path / 'room.db'}", TRIO) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        with table(client, alice) as a, table(client, bob) as b:
            a.send("sit", seat=0, buy_in=100)
            a.state(lambda s: s["you"] == 0)
            a.send("seed", hand=1, seed="a1")
            a.state(lambda s: s["shuffle"]["client_seeds"] == [[0, "a1"]])
            b.drain()
            a.send("seed", hand=1, seed="a2")
            assert a.error("seed_refused")["message"] == "one seed per hand: yours for hand 1 is taken"
            assert [m for m in b.drain() if m["type"] == "state"] == []
            # alice moves to seat 2: her seat-0 seed is not dealt from an empty seat; seat 2 takes one of hers
            a.send("leave")
            a.state(lambda s: s["you"] is None)
            a.send("sit", seat=2, buy_in=100)
            assert a.state(lambda s: s["you"] == 2)["shuffle"]["client_seeds"] == []
            a.send("seed", hand=1, seed="a3")
            a.state(lambda s: s["shuffle"]["client_seeds"] == [[2, "a3"]])
            # back in seat 0: her seed for it stands, and bob in seat 2 does not get her seat-2 seed
            a.send("leave")
            a.state(lambda s: s["you"] is None)
            a.send("sit", seat=0, buy_in=100)
            assert a.state(lambda s: s["you"] == 0)["shuffle"]["client_seeds"] == [[0, "a1"]]
            b.send("sit", seat=2, buy_in=100)
            dealt = a.state(lambda s: s["hand"] is not None)["shuffle"]
            assert dealt["hand"] == 1 and dealt["root"] is not None and dealt["client_seeds"] == [[0, "a1"]]


def test_a_reveal_setting_puts_the_seed_in_the_proof(tmp_path: Path) -> None:
    with serve(f"sqlite:///{tmp_path / 'room.db'}", DUEL, reveal=Reveal.parse("after:0")) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        with table(client, alice) as a, table(client, bob) as b:
            a.send("sit", seat=0, buy_in=100)
            a.state(lambda s: s["you"] == 0)
            b.send("sit", seat=1, buy_in=100)
            a.state(lambda s: s["hand"] is not None)
            _fold_hand(a, b, 1)
            m = a.until(lambda m: m["type"] == "proof", "the proof")
            verdict = verify(m["proof"])
            assert m["proof"]["server_seed"] is not None and verdict.ok and verdict.full


def test_a_database_error_never_prints_the_statements_parameters(tmp_path: Path) -> None:
    # A hand's set-up, written with its secret seed, must not reach a log line through a driver error.
    from sqlalchemy import text

    from pokerroom.store.connect import make_engine

    engine = make_engine(f"sqlite:///{tmp_path / 'x.db'}")
    secret = "5d93b3e4ad11f631" * 4
    try:
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO no_such_table VALUES (:seed)"), {"seed": secret})
    except Exception as err:  # the driver's OperationalError, wrapped by SQLAlchemy
        assert "no such table" in str(err) and secret not in str(err)
    else:
        raise AssertionError("the insert into a missing table was accepted")
    finally:
        engine.dispose()
