"""Bots by name (issue 23): built-ins, MODULE:CLASS, FILE.py:CLASS and installed entry points, through
pokerroom.bots.resolve and every command that seats bots (simulate with worker processes, play, night, serve's
house bots, acpc-client); a name that finds no bot is a usage error naming the forms a name takes."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.bots import CallingStation, SimpleBot, label, make, normalize
from pokerroom.cli import app
from pokerroom.errors import UnsupportedRule
from pokerroom.games import find

runner = CliRunner()

# A tight bot in a file of its own, as a researcher writes one: raise with a pair or two high cards, else
# check or fold; it counts the hands it saw so a test can tell it played.
TAG = """
from pokerroom.bots import aggressive, passive
from pokerroom.engine import Action

SEEN = []


class Tag:
    name = "tag"

    def __init__(self, seed):
        self.seed = seed

    def act(self, view):
        legal = view.legal
        SEEN.append(self.seed)
        ranks = sorted((c >> 2 for c in view.my_cards if c >= 0), reverse=True)
        strong = len(ranks) >= 2 and (ranks[0] == ranks[1] or ranks[1] >= 9)
        if strong:
            bet = aggressive(legal, 4 * max(1, view.pot))
            if bet is not None:
                return bet
        if legal.check or legal.fold is False:
            return passive(legal)
        return Action.fold()


class NoSeed:
    def act(self, view):
        return passive(view.legal)


class NoAct:
    pass
"""


@pytest.fixture
def tag_file(tmp_path: Path) -> Path:
    path = tmp_path / "tag.py"
    path.write_text(TAG)
    return path


def test_builtins_any_case() -> None:
    assert isinstance(make("Simple", 1), SimpleBot)
    assert isinstance(make(" calling "), CallingStation)
    assert normalize("RANDOM") == "random" and label("RANDOM") == "random"


def test_a_module_class() -> None:
    bot = make("pokerroom.bots.simple:SimpleBot", 3)
    assert isinstance(bot, SimpleBot)
    assert label("pokerroom.bots.simple:SimpleBot") == "SimpleBot"


def test_a_file_class_with_and_without_a_seed(tag_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tag_file.parent)
    bot = make("tag.py:Tag", 5)
    assert type(bot).__name__ == "Tag" and bot.seed == 5  # type: ignore[attr-defined]
    assert normalize("tag.py:Tag") == f"{tag_file}:Tag"  # absolute, for processes started elsewhere
    hand = find("holdem").deal(stacks=[200, 200], seed=1)
    seat = hand.to_act
    assert seat is not None
    hand.act(bot.act(hand.view(seat)), seat)
    assert make(f"{tag_file}:NoSeed").act is not None
    # The file is loaded once per process: a second bot from it shares the module (and its SEEN list).
    again = make("tag.py:Tag", 6)
    assert type(again) is type(bot)
    assert sys.modules[type(bot).__module__].SEEN == [5]


@pytest.fixture
def entry_point(tmp_path: Path) -> Iterator[None]:
    """An installed distribution with a ``pokerroom.bots`` entry point (a real dist-info on ``sys.path``)."""
    site = tmp_path / "site"
    (site / "mybots").mkdir(parents=True)
    (site / "mybots" / "__init__.py").write_text(TAG)
    info = site / "mybots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mybots\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[pokerroom.bots]\ntag = mybots:Tag\nbroken = mybots_missing:Nope\n")
    sys.path.insert(0, str(site))
    try:
        yield
    finally:
        sys.path.remove(str(site))
        sys.modules.pop("mybots", None)


@pytest.mark.usefixtures("entry_point")
def test_an_entry_point() -> None:
    bot = make("tag", 9)
    assert type(bot).__name__ == "Tag" and bot.seed == 9  # type: ignore[attr-defined]
    with pytest.raises(UnsupportedRule, match=r"bot 'broken': its entry point 'mybots_missing:Nope' does not load"):
        make("broken")
    with pytest.raises(UnsupportedRule, match="installed entry points: broken, tag"):
        make("shark")


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ("", "a bot name is empty; bots: simple, random, calling, MODULE:CLASS, FILE.py:CLASS"),
        ("shark", "unknown bot 'shark'; bots: simple, random, calling, MODULE:CLASS, FILE.py:CLASS"),
        ("no_such_module_x:Bot", "cannot import 'no_such_module_x'"),
        ("pokerroom.bots.simple:Nope", "pokerroom.bots.simple has no 'Nope'"),
        ("missing.py:Bot", "no file"),
        ("pokerroom.bots.simple:", "MODULE:CLASS or FILE.py:CLASS expected"),
        ("pokerroom.bots:BOTS", "is not a class or a function"),
    ],
)
def test_names_that_find_no_bot(spec: str, needle: str) -> None:
    with pytest.raises(UnsupportedRule, match=needle.replace("(", r"\(")):
        make(spec)


def test_a_class_without_act_and_a_broken_file(tag_file: Path) -> None:
    with pytest.raises(UnsupportedRule, match="made NoAct, which has no act"):
        make(f"{tag_file}:NoAct")
    bad = tag_file.parent / "bad.py"
    bad.write_text("def oops(:\n")
    with pytest.raises(UnsupportedRule, match="failed to load: SyntaxError"):
        make(f"{bad}:Bot")


def test_simulate_with_a_file_bot_in_worker_processes(tag_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tag_file.parent)
    args = ["simulate", "holdem", "--players", "3", "--hands", "40", "--shard-hands", "20", "--seed", "2"]
    args += ["--bots", "tag.py:Tag,calling", "--json"]
    one = runner.invoke(app, args)
    two = runner.invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    a, b = json.loads(one.stdout), json.loads(two.stdout)
    assert [bot["bot"] for bot in a["bots"]] == ["Tag-1", "calling-2", "Tag-3"]
    assert a["bots"][0]["kind"] == f"{tag_file}:Tag"
    a.pop("run")
    b.pop("run")
    assert a == b  # the same seed plays the same hands in this process and in two workers


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "holdem", "--bots", "simple,shark"],
        ["play", "holdem", "--bots", "shark"],
        ["night", "--players", "Ann,Bo", "--bots", "shark"],
        ["serve", "--house-bots", "shark", "--port", "1"],
        ["acpc-client", "127.0.0.1", "1", "--bot", "shark"],
    ],
)
def test_every_command_refuses_an_unknown_bot_the_same_way(args: list[str]) -> None:
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 2, result.output
    flat = " ".join(result.output.replace("│", " ").split())
    assert "unknown bot 'shark'; bots: simple, random, calling, MODULE:CLASS, FILE.py:CLASS" in flat
