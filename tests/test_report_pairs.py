"""Fair play: ``pokerroom report pairs`` over crafted hands played through a table runner: one player dumps chips
to another (every hand raises to 10 and folds to the re-raise: exactly 10 chips a hand, one way), and another
pair checks every street to each other (soft play).  The flows follow the pro-rata rule of
:mod:`pokerroom.store.pairs`."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.engine import Action, HandView
from pokerroom.room.config import TableConfig
from pokerroom.room.record import HandRecord
from pokerroom.store import Store
from pokerroom.store.pairs import (
    DUMP_MIN_BIG_BLINDS,
    SOFT_MIN_CONTESTED,
    Pair,
    _actions,
    _add_hand,
    pair_report,
)
from pokerroom.store.runner import TableRunner
from storetools import Clock

runner = CliRunner()
HANDS = 12


def dumper(view: HandView) -> Action:
    """Raises to 10, folds to anything above it."""
    return Action.fold() if max(view.bets) > 10 else Action.raise_to(10)


def receiver(view: HandView) -> Action:
    """Re-raises the dumper's 10 to 30; otherwise (first to act, small blind) completes."""
    return Action.raise_to(30) if max(view.bets) == 10 else Action.call()


def passive(view: HandView) -> Action:
    """Checks when it may, else calls: never bets or raises."""
    assert view.legal is not None
    return Action.check() if view.legal.check else Action.call()


def play(store: Store, name: str, players: dict[str, object], hands: int, seed: int) -> list[HandRecord]:
    config = TableConfig("holdem", stakes="1/2", limit="no", seats=2)
    records = []
    with TableRunner(store, name, config) as table:
        for seat, player in enumerate(players):
            store.create_account(player, deposit=2_000)
            table.sit(seat, player, table.table.buy_in.maximum)
        for k in range(hands):
            records.append(table.play_hand(players, seed=seed + k))  # type: ignore[arg-type]
        table.stand_all()
    return records


def test_dumping_and_soft_play_are_flagged_with_exact_chips(tmp_path: Path) -> None:
    clock = Clock(datetime(2024, 5, 1, 12, 0, tzinfo=UTC))
    url = f"sqlite:///{tmp_path / 'pairs.db'}"
    with Store(url, now=clock) as store:
        # An old evening, before --since: never counted.
        play(store, "old", {"olga": passive, "omar": passive}, 3, seed=1)
        clock.set(datetime(2024, 5, 3, 20, 0, tzinfo=UTC))
        dumped = play(store, "dump", {"dana": dumper, "finn": receiver}, HANDS, seed=100)
        soft = play(store, "soft", {"cleo": passive, "eli": passive}, HANDS, seed=200)
        with store.reading() as conn:
            pairs = pair_report(conn, datetime(2024, 5, 2, tzinfo=UTC))
    assert [r.net for r in dumped] == [(-10, 10) if r.players[0][1] == "dana" else (10, -10) for r in dumped]
    cleo = sum(r.net[[n for _s, n in r.players].index("cleo")] for r in soft)
    cleo_won = sum(max(r.net[[n for _s, n in r.players].index("cleo")], 0) for r in soft)
    eli_won = sum(max(r.net[[n for _s, n in r.players].index("eli")], 0) for r in soft)
    assert cleo == cleo_won - eli_won and all(abs(n) <= 2 for r in soft for n in r.net)  # checked down: the blinds

    by = {(p.a, p.b): p for p in pairs}
    assert set(by) == {("dana", "finn"), ("cleo", "eli")}
    dump = by["dana", "finn"]
    assert (dump.hands, dump.tables, dump.won_by_a, dump.won_by_b) == (HANDS, {2}, 0, 10 * HANDS)
    assert (dump.a_folded_to_b, dump.b_folded_to_a, dump.contested) == (HANDS, 0, 0)
    assert dump.aggression == 2 * HANDS  # the raise to 10 and the re-raise, each hand
    assert dump.bb_b == 5 * HANDS and 5 * HANDS >= DUMP_MIN_BIG_BLINDS
    assert dump.flags == [
        f"likely chip dumping: dana lost 120 chips (60.0 big blinds net) to finn over {HANDS} hands together "
        f"and won 0 back (flagged at 50 big blinds and 2 a hand, one way)"
    ]
    pair = by["cleo", "eli"]
    assert (pair.hands, pair.tables, pair.won_by_a, pair.won_by_b) == (HANDS, {3}, cleo_won, eli_won)
    assert (pair.contested, pair.aggression, pair.a_folded_to_b, pair.b_folded_to_a) == (HANDS, 0, 0, 0)
    assert HANDS >= SOFT_MIN_CONTESTED
    assert pair.flags == [
        f"soft play: {HANDS} contested hands together with 0 bets or raises between them "
        "(flagged at 10 hands and at most 1/10 a hand)"
    ]
    assert pairs[0].flags  # flagged pairs first

    # The command: a table, and --json with the same figures; --min-hands leaves pairs out.
    out = runner.invoke(app, ["report", "--database", url, "pairs", "--since", "2024-05-02"])
    assert out.exit_code == 0, out.output
    assert "likely chip dumping: dana lost 120 chips" in out.output and "2 pairs, 2 flagged for review." in out.output
    assert "\n" not in out.output.split("likely chip dumping")[1].split("big blinds net")[0]  # never cut at 80
    listed = runner.invoke(app, ["report", "--database", url, "pairs", "--since", "2024-04-01", "--json"])
    assert listed.exit_code == 0, listed.output
    rows = {(r["a"], r["b"]): r for r in json.loads(listed.output)}
    assert rows["dana", "finn"]["won_by_b"] == 120 and rows["dana", "finn"]["a_folded_to_b"] == HANDS
    assert rows["olga", "omar"]["hands"] == 3 and rows["olga", "omar"]["flags"] == []
    few = runner.invoke(app, ["report", "--database", url, "pairs", "--since", "2024-04-01", "--min-hands", "4"])
    assert "olga" not in few.output and "2 pairs" in few.output
    bad = runner.invoke(app, ["report", "--database", url, "pairs", "--since", "May 2"])
    assert bad.exit_code == 2 and "YYYY-MM-DD" in bad.output


def test_winnings_are_taken_from_the_losers_pro_rata(tmp_path: Path) -> None:
    """Three players: the winner's gain comes from each loser in proportion to their loss, the rake from
    nobody's win."""
    with Store(f"sqlite:///{tmp_path / 'three.db'}") as store:
        config = TableConfig("holdem", stakes="1/2", limit="no", seats=3)
        with TableRunner(store, "three", config) as table:
            for seat, player in enumerate(("ann", "bo", "cy")):
                store.create_account(player, deposit=1_000)
                table.sit(seat, player, 200)
            raiser = {"n": 0}

            def bot(view: HandView) -> Action:
                assert view.legal is not None
                if view.legal.raise_ is not None and raiser["n"] == 0:
                    raiser["n"] = 1
                    return Action.raise_to(20)
                return Action.check() if view.legal.check else Action.call()

            record = table.play_hand({"ann": bot, "bo": bot, "cy": bot}, seed=5)
    pairs: dict[tuple[str, str], Pair] = {}
    _add_hand(pairs, 1, record, {n: n for _s, n in record.players})
    names = [n for _s, n in record.players]
    net = dict(zip(names, record.net, strict=True))
    lost = sum(-n for n in net.values() if n < 0)
    for (a, b), p in pairs.items():
        assert p.flow_a == Fraction(max(net[a], 0) * max(-net[b], 0), lost)
        assert p.flow_b == Fraction(max(net[b], 0) * max(-net[a], 0), lost)
    winners = [n for n in names if net[n] > 0]
    assert sum(p.flow_a + p.flow_b for p in pairs.values()) == sum(net[w] for w in winners)
    folded_to, contested, _aggression = _actions(record)
    assert not folded_to and len(contested) == 3  # nobody folded: all three saw the flop together
