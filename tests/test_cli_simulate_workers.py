"""``pokerroom simulate --workers N`` and ``--dask ADDRESS``: a run's hands are cut into fixed shards, each played at a
table of its own from a seed derived from ``--seed`` and the shard's number, so the merged results are the same
whatever plays them: this process, local worker processes, or a Dask cluster of any size."""

from __future__ import annotations

import dataclasses
import json
import pickle
import re
import socket
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.cli.simulate_pool import run_in_process, run_processes
from pokerroom.cli.simulate_shards import (
    ShardSpec,
    merge,
    plan,
    play_shard,
    seat_labels,
    shard_seed,
    shard_sizes,
    shard_table,
)
from pokerroom.room.table import TableConfig
from pokerroom.store import Store
from pokerroom.store.schema import accounts
from soak import count

runner = CliRunner()


# 5 shards of 40 hands, raked, two kinds of bot: small enough to run many times, large enough that the shards
# differ and the rake is not zero.
RUN = [
    "simulate", "holdem", "--players", "3", "--hands", "200", "--shard-hands", "40", "--seed", "4",
    "--bots", "simple,random", "--real-money",
]


def flat(output: str) -> str:
    for box in "│╭╮╰╯─":
        output = output.replace(box, " ")
    return " ".join(output.split())


def report(*extra: str, args: list[str] = RUN) -> tuple[dict[str, Any], dict[str, Any]]:
    """The ``--json`` report of a run, less its ``run`` part (table names and timing, which differ by design), and
    that part."""
    result = runner.invoke(app, [*args, *extra, "--json"])
    assert result.exit_code == 0, result.output
    doc: dict[str, Any] = json.loads(result.stdout)
    run: dict[str, Any] = doc.pop("run")
    assert len(run["tables"]) == doc["shards"] and run["seconds"] > 0
    return doc, run


def results(*extra: str, args: list[str] = RUN) -> dict[str, Any]:
    """The ``--json`` report of a run, less its ``run`` part."""
    return report(*extra, args=args)[0]


@pytest.fixture(scope="module")
def in_process() -> dict[str, Any]:
    """The run played one shard after the other in this process (the default, ``--workers 1``)."""
    return results()


# ---------------------------------------------------------------------------------------------- the same results


@pytest.mark.parametrize("workers", ["1", "2", "4"])
def test_local_workers_give_the_results_of_one_process(workers: str, in_process: dict[str, Any]) -> None:
    assert results("--workers", workers) == in_process


def test_the_merged_chips_add_up_exactly(in_process: dict[str, Any]) -> None:
    doc = in_process
    assert doc["shards"] == 5 and doc["hands"] == 200 and doc["shard_hands"] == 40
    assert [b["bot"] for b in doc["bots"]] == ["simple-1", "random-2", "simple-3"]
    assert all(b["hands"] == 200 for b in doc["bots"])  # every bot dealt every hand of every shard
    won = sum(b["chips_won"] for b in doc["bots"])
    assert doc["rake"] > 0 and doc["rake"] == doc["stored_rake"]
    assert won + doc["rake"] + doc["carried"] == 0
    assert doc["carried"] == 0  # hold'em carries nothing: the bots' winnings and the rake alone are zero
    assert doc["held"] == doc["deposited"] == sum(b["deposited"] for b in doc["bots"])
    assert doc["check"] == {"passed": True, "problems": []}
    for b in doc["bots"]:
        assert b["chips_per_100"]["mean"] == pytest.approx(b["chips_won"] / 2)
        assert b["bb_per_100"]["mean"] == pytest.approx(b["chips_won"] / 2 / doc["big_blind"])


def test_a_shared_database_gives_the_same_results(tmp_path: Path, in_process: dict[str, Any]) -> None:
    # Two processes writing one SQLite file (its busy timeout lets each wait for the other's transaction).
    url = f"sqlite:///{tmp_path / 'room.db'}"
    doc, run = report("--workers", "2", "--database", url)
    assert doc == in_process
    with Store(url) as store, store.engine.connect() as conn:
        store.check_balanced()
        names = sorted(str(name) for (name,) in conn.execute(select(accounts.c.name)))
    first = run["tables"][0]
    assert re.fullmatch(r"simulate-holdem-[0-9a-f]{8}", first)
    assert run["tables"] == [shard_table(first, i) for i in range(5)]
    assert names == sorted(f"{t}-{label}" for t in run["tables"] for label in ("simple-1", "random-2", "simple-3"))


def test_without_a_seed_the_shards_deal_differently() -> None:
    args = ["simulate", "holdem", "--players", "3", "--hands", "40", "--shard-hands", "20"]
    first = results(args=args)
    assert first["seed"] is None and first["hands"] == 40 and first["shards"] == 2 and first["check"]["passed"]
    assert first["bots"] != results(args=args)["bots"]


def test_the_text_report_of_several_shards() -> None:
    result = runner.invoke(app, [*RUN, "--workers", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith("; 200 hands, seed 4.")
    assert lines[1] == "Shards: 5 shards of 40 hands, each at a table of its own, played by 2 worker processes."
    assert lines[2] == "Store: a temporary SQLite file per shard, deleted at the end; --database keeps one"
    assert re.fullmatch(r"Tables (simulate-holdem-[0-9a-f]{8}) \(shard 0\), \1-s1 to \1-s4; .*", lines[3])
    out = flat(result.output)
    assert "Results after 200 hands" in out and "hands/s (through the store, 2 worker processes)" in out
    assert "Store check passed: each shard's ledger balances; this run's chips in" in out


# ---------------------------------------------------------------------------------------------- Dask


def test_a_dask_cluster_of_any_size_gives_the_results_of_one_process(in_process: dict[str, Any]) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0"  # no fixed port to collide on
    ) as cluster, distributed.Client(cluster, set_as_default=False) as client:
        address = cluster.scheduler_address
        for n in (1, 2, 4):
            cluster.scale(n)
            client.wait_for_workers(n, timeout=120)
            result = runner.invoke(app, [*RUN, "--dask", address, "--json"])
            assert result.exit_code == 0, result.output
            doc = json.loads(result.stdout)
            assert doc.pop("run")["played"] == f"{n} Dask worker{'s' if n > 1 else ''}"
            assert doc == in_process, n


# ---------------------------------------------------------------------------------------------- the shard model


def config() -> TableConfig:
    return TableConfig("holdem", seats=3)


def specs(hands: int, seed: int | None, shard_hands: int = 40) -> list[ShardSpec]:
    return plan(
        hands=hands, shard_hands=shard_hands, seed=seed, config=config(), kinds=["simple", "random"], players=3,
        buy_in=200, run="simulate-holdem-00000000", database=None,
    )


def test_shard_sizes_and_seeds_depend_on_the_seed_and_the_shard_alone() -> None:
    assert shard_sizes(200, 40) == [40] * 5
    assert shard_sizes(201, 40) == [40] * 5 + [1]
    assert shard_sizes(3, 40) == [3]
    with pytest.raises(ValueError, match="1 or more"):
        shard_sizes(10, 0)
    # Pinned: the same on every machine, Python and run (BLAKE2b, not hash(), which is salted per process).
    assert shard_seed(1, 0) == 2370514542463845223
    assert shard_seed(-5, 3) == shard_seed(-5, 3) != shard_seed(-5, 4)
    long, short = specs(200, 7), specs(90, 7)
    assert [s.seed for s in long] == [shard_seed(7, i) for i in range(5)]
    assert [s.seed for s in short] == [s.seed for s in long[:3]]  # a longer run only adds shards
    assert [s.hands for s in short] == [40, 40, 10]
    run = "simulate-holdem-00000000"
    assert [s.table for s in long] == [run, f"{run}-s1", f"{run}-s2", f"{run}-s3", f"{run}-s4"]
    assert all(s.seed is None for s in specs(200, None))
    assert len({s.seed for s in long}) == 5
    assert seat_labels(["simple", "random"], 3) == ["simple-1", "random-2", "simple-3"]


def test_a_shard_is_plain_data_and_plays_the_same_twice() -> None:
    spec = specs(30, 11, shard_hands=15)[1]
    assert pickle.loads(pickle.dumps(spec)) == spec
    first, second = play_shard(spec), play_shard(spec)
    assert first.error is None and first.problems == () and first.hands == 15
    assert pickle.loads(pickle.dumps(first)) == first
    assert dataclasses.replace(first, seconds=0) == dataclasses.replace(second, seconds=0)
    assert sum(sum(seat.results) for seat in first.seats) + first.rake + first.carried == 0


def test_merge_follows_the_shard_order_not_the_finishing_order() -> None:
    done = [play_shard(spec) for spec in specs(30, 3, shard_hands=10)]
    merged, backwards = merge(done), merge(reversed(done))
    assert merged == backwards
    assert merged.hands == 30 and [b.label for b in merged.bots] == ["simple-1", "random-2", "simple-3"]
    assert merged.bots[0].results == [x for r in done for x in r.seats[0].results]


def test_a_failing_store_stops_the_shards_and_says_why_across_processes(tmp_path: Path) -> None:
    gone = f"sqlite:///{tmp_path / 'no-such-folder' / 'room.db'}"  # SQLite cannot create a file there
    broken = [dataclasses.replace(spec, database=gone, check_ledger=False) for spec in specs(30, 2, shard_hands=10)]
    for done in (run_in_process(broken), run_processes(broken, 2)):
        assert done and all(r.error is None for r in done[:-1])
        assert done[-1].error is not None and "unable to open database file" in done[-1].error
        assert done[-1].hands == 0 and done[-1].seats == ()


# ---------------------------------------------------------------------------------------------- refusals


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--workers", "0"], "Invalid value for '--workers'"),
        (["--shard-hands", "0"], "Invalid value for '--shard-hands'"),
        (["--workers", "2", "--dask", "tcp://127.0.0.1:8786"], "give one of them"),
        (["--dask", "127.0.0.1"], "not a Dask scheduler address: '127.0.0.1' (missing port number"),
        (["--dask", "nonsense://x:1"], "not a Dask scheduler address: 'nonsense://x:1' (unknown address scheme"),
    ],
)
def test_bad_options_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "holdem", "--hands", "3", *args])
    assert result.exit_code == 2, result.output
    assert message in flat(result.output)


def test_an_unreachable_scheduler_exits_2_without_a_traceback(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{free_port()}"
    url = f"sqlite:///{tmp_path / 'room.db'}"
    args = ["simulate", "holdem", "--hands", "3", "--dask", address, "--dask-timeout", "0.5", "--database", url]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert f"no Dask scheduler answered at '{address}' within 0.5 s" in flat(result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not (tmp_path / "room.db").exists()  # refused before the store is opened


def test_dask_without_distributed_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now raises ImportError
    result = runner.invoke(app, ["simulate", "holdem", "--hands", "3", "--dask", "tcp://127.0.0.1:8786"])
    assert result.exit_code == 2, result.output
    assert "--dask needs the distributed package: pip install 'pokerroom[cluster]'" in flat(result.output)


# ---------------------------------------------------------------------------------------------- soak


def test_soak_a_long_run_is_the_same_on_one_and_four_workers() -> None:
    hands = str(count(4000))  # make test: a tenth
    args = ["simulate", "omaha", "--players", "6", "--hands", hands, "--seed", "9", "--bots", "simple,random,calling"]
    one = results(args=[*args, "--real-money"])
    assert one == results("--workers", "4", args=[*args, "--real-money"])
    assert sum(b["chips_won"] for b in one["bots"]) + one["rake"] + one["carried"] == 0
