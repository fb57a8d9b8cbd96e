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
    DUMP_MIN_GIVEAWAYS,
    PAIR_MIN_HANDS,
    SOFT_MIN_CONTESTED,
    Pair,
    _actions,
    _add_hand,
    _flags,
    pair_report,
)
from pokerroom.store.runner import TableRunner
from storetools import Clock

runner = CliRunner()
HANDS = 24


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
            for st in table.table.seats:
                if st is not None and st.stack < 50:  # a dumper out of chips buys more (the flows are the hands')
                    table.rebuy(st.player, 100)
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
    assert (dump.gave_a, dump.gift_a, dump.gave_b) == (HANDS, 10 * HANDS, 0)  # raised, then folded: every hand
    assert HANDS >= PAIR_MIN_HANDS and HANDS >= DUMP_MIN_GIVEAWAYS
    assert dump.flags == [
        f"likely chip dumping: dana lost 240 chips (120.0 big blinds net) to finn over {HANDS} hands together "
        "and won 0 back; 240 of them in 24 hands dana gave up (bet or raised then folded to finn, or called "
        "finn's all-in and mucked) (flagged at 50 big blinds and 2 a hand, one way, in 5 such hands or more over "
        "20 hands together)"
    ]
    pair = by["cleo", "eli"]
    assert (pair.hands, pair.tables, pair.won_by_a, pair.won_by_b) == (HANDS, {3}, cleo_won, eli_won)
    assert (pair.contested, pair.aggression, pair.a_folded_to_b, pair.b_folded_to_a) == (HANDS, 0, 0, 0)
    assert HANDS >= SOFT_MIN_CONTESTED
    assert pair.flags == [
        f"soft play: {HANDS} contested hands together with 0 bets or raises between them "
        "(flagged at 10 hands and at most 1/10 a hand, over 20 hands together)"
    ]
    assert pairs[0].flags  # flagged pairs first

    # The command: a table, and --json with the same figures; --min-hands leaves pairs out.
    out = runner.invoke(app, ["report", "--database", url, "pairs", "--since", "2024-05-02"])
    assert out.exit_code == 0, out.output
    assert "likely chip dumping: dana lost 240 chips" in out.output and "2 pairs, 2 flagged for review." in out.output
    (row,) = [line for line in out.output.splitlines() if line.lstrip().startswith("dana")]
    assert " #2 dump " in row  # the table by its id and name
    assert "\n" not in out.output.split("likely chip dumping")[1].split("big blinds net")[0]  # never cut at 80
    listed = runner.invoke(app, ["report", "--database", url, "pairs", "--since", "2024-04-01", "--json"])
    assert listed.exit_code == 0, listed.output
    rows = {(r["a"], r["b"]): r for r in json.loads(listed.output)}
    assert rows["dana", "finn"]["won_by_b"] == 240 and rows["dana", "finn"]["a_folded_to_b"] == HANDS
    assert rows["dana", "finn"]["a_gave_up_to_b"] == HANDS
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


def test_ordinary_losing_is_not_flagged(tmp_path: Path) -> None:
    """carol checks and calls for 11 hands and loses her 100-big-blind buy-in at a showdown (bob shoves the 11th
    hand, she calls and shows): a lost buy-in, not evidence.  Too few hands together for any flag, and the same
    flow over enough hands is no dumping either without chips given up as a normal loser does not."""
    shove = {"hand": 0}

    def bob(view: HandView) -> Action:
        assert view.legal is not None
        if shove["hand"] == 10 and view.legal.raise_ is not None:
            return Action.raise_to(view.legal.raise_[1])
        return Action.check() if view.legal.check else Action.call()

    with Store(f"sqlite:///{tmp_path / 'loss.db'}") as store:
        with TableRunner(store, "ordinary", TableConfig("holdem", stakes="1/2", limit="no", seats=2)) as table:
            for seat, player in enumerate(("bob", "carol")):
                store.create_account(player, deposit=2_000)
                table.sit(seat, player, table.table.buy_in.maximum)
            records = []
            for k in range(11):
                shove["hand"] = k
                records.append(table.play_hand({"bob": bob, "carol": passive}, seed=314 + k))
            table.stand_all()
        with store.reading() as conn:
            (pair,) = pair_report(conn, datetime(2020, 1, 1, tzinfo=UTC))
    last = dict(zip([n for _s, n in records[-1].players], records[-1].net, strict=True))
    assert last == {"bob": 200, "carol": -200}  # the whole buy-in, at a showdown
    assert (pair.a, pair.b, pair.hands, pair.won_by_a, pair.won_by_b) == ("bob", "carol", 11, 208, 8)
    assert pair.bb_a - pair.bb_b == 100
    assert (pair.gave_a, pair.gave_b) == (0, 0)  # she called and showed: nothing given up
    assert pair.flags == []
    # Enough hands together and the same one-way flow: still no dumping flag without chips given up.
    many = Pair("bob", "carol", hands=PAIR_MIN_HANDS, flow_a=Fraction(200), bb_a=Fraction(100), contested=0)
    assert _flags(many) == []
    many.gave_b, many.gift_b = DUMP_MIN_GIVEAWAYS, Fraction(100)  # half the flow given up in 5 hands: flagged
    assert [f.split(":")[0] for f in _flags(many)] == ["likely chip dumping"]
