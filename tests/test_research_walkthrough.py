"""docs/research.md run as written, at a small count: the bot file from the page, the simulate command (200 hands
instead of 10,000), the page's Python over the rows, and the stats commands (over the run's PHH and a tenth of a
hundredth of the Pluribus hands)."""

from __future__ import annotations

import csv
import json
import re
import shlex
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app

DOC = Path(__file__).resolve().parents[1] / "docs" / "research.md"
PLURIBUS = Path(__file__).resolve().parents[2] / "shared" / "phh" / "dataset" / "pluribus"
HANDS = 200


def blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", DOC.read_text(), flags=re.S)


def commands() -> list[list[str]]:
    out = []
    for block in blocks("sh"):
        for line in block.replace("\\\n", " ").splitlines():
            if line.startswith("pokerroom "):
                words = shlex.split(line.split(" > ")[0])[1:]
                out.append(words)
    return out


def test_the_walkthrough(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tag.py").write_text(blocks("python")[0])
    sample = tmp_path / "pluribus"
    sample.mkdir()
    for path in sorted(PLURIBUS.rglob("*.phh"))[:100]:
        shutil.copy(path, sample / f"{path.parent.name}-{path.name}")
    runner = CliRunner()
    simulate, *stats = commands()
    assert simulate[:2] == ["simulate", "holdem"] and "tag.py:TightAggressive,simple,calling" in simulate
    simulate[simulate.index("--hands") + 1] = str(HANDS)
    done = runner.invoke(app, [*simulate, "--json"])
    assert done.exit_code == 0, done.output
    result = json.loads(done.stdout)
    labels = [b["bot"] for b in result["bots"]]
    assert labels == ["TightAggressive-1", "simple-2", "calling-3", "TightAggressive-4", "simple-5", "calling-6"]
    with (tmp_path / "hands.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == HANDS * 6 and {r["start"] for r in rows} == {"200"}  # 100 big blinds of 2
    assert len(list((tmp_path / "hands").glob("*.phhs"))) == 1  # 200 hands: one shard
    # The page's Python over the rows.
    exec(blocks("python")[1].replace("10000", str(HANDS)), {})
    for words in stats:
        words = [str(sample) if w.endswith("pluribus") else w for w in words]
        got = runner.invoke(app, words)
        assert got.exit_code == 0, (words, got.output)
        if "--player" in words:
            assert "Pluribus" in got.output and "100" in got.output
        elif "--json" not in words:
            assert "TightAggressive-1" in got.output
