"""Bots by name: the one place a bot named on the command line, in a server setting or over the ACPC client is
found (issue 23).

A bot *spec* is one of:

* a built-in bot: ``simple``, ``random``, ``calling`` (any case);
* ``MODULE:ATTR``: an importable module and a class (or any callable) in it, ``mybots.tag:TightAggressive``;
* ``FILE.py:ATTR``: a Python file and a class in it, ``bots/tag.py:TightAggressive`` (relative to the current
  folder; :func:`normalize` makes it absolute, so worker processes started elsewhere find it);
* the name of an entry point in the ``pokerroom.bots`` group of an installed package (``[project.entry-points.
  "pokerroom.bots"] tag = "mybots.tag:TightAggressive"`` in its ``pyproject.toml``).

The class is called with the seat's seed (an ``int`` or ``None``) when it takes an argument, else with none; what
it returns must have ``act(view) -> Action`` (:class:`~pokerroom.bots.base.Bot`).  A spec travels as text, so
``simulate --workers`` and Dask workers resolve it themselves: no pickling, no ``if __name__ == "__main__"``.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from pokerroom.bots.base import Bot
from pokerroom.bots.calling import CallingStation
from pokerroom.bots.random_bot import RandomBot
from pokerroom.bots.simple import SimpleBot
from pokerroom.errors import UnsupportedRule

__all__ = ["BOTS", "ENTRY_POINT_GROUP", "BotFactory", "label", "make", "normalize", "resolve"]

BotFactory = Callable[[int | None], Bot]
"""Builds a bot from a seed."""

BOTS: dict[str, BotFactory] = {
    "simple": SimpleBot,
    "random": RandomBot,
    "calling": CallingStation,
}
"""The built-in bots: name -> constructor taking a seed."""

ENTRY_POINT_GROUP = "pokerroom.bots"
"""The entry-point group installed packages name their bots in."""

_FORMS = "simple, random, calling, MODULE:CLASS, FILE.py:CLASS or an installed 'pokerroom.bots' entry point"


def _entry_points() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _load_file(path: Path, spec: str) -> Any:
    """The module in the Python file ``path``, loaded once per process under a name of its own."""
    if not path.is_file():
        raise UnsupportedRule(f"bot {spec!r}: no file {path}")
    name = "pokerroom_bot_" + hashlib.sha256(str(path).encode()).hexdigest()[:16]
    module = sys.modules.get(name)
    if module is not None:
        return module
    found = importlib.util.spec_from_file_location(name, path)
    if found is None or found.loader is None:
        raise UnsupportedRule(f"bot {spec!r}: {path} is not a Python file")
    module = importlib.util.module_from_spec(found)
    sys.modules[name] = module
    try:
        found.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise UnsupportedRule(f"bot {spec!r}: {path} failed to load: {type(exc).__name__}: {exc}") from None
    return module


def _attribute(module: Any, attr: str, spec: str) -> Any:
    obj = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise UnsupportedRule(f"bot {spec!r}: {getattr(module, '__name__', module)!s} has no {attr!r}")
        obj = getattr(obj, part)
    return obj


def _factory(obj: Any, spec: str) -> BotFactory:
    """A factory calling ``obj`` with the seed when it takes a parameter; checks the bot it makes."""
    if not callable(obj):
        raise UnsupportedRule(f"bot {spec!r} is not a class or a function")
    try:
        takes_seed = any(
            p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)
            for p in inspect.signature(obj).parameters.values()
        )
    except (TypeError, ValueError):  # a builtin without a signature: try the seed
        takes_seed = True

    def make_one(seed: int | None) -> Bot:
        bot = obj(seed) if takes_seed else obj()
        if not callable(getattr(bot, "act", None)):
            raise UnsupportedRule(f"bot {spec!r} made {type(bot).__name__}, which has no act(view) method")
        return bot  # type: ignore[no-any-return]

    return make_one


def resolve(spec: str) -> BotFactory:
    """The factory for ``spec`` (see the module docstring).  Raises :class:`~pokerroom.errors.UnsupportedRule`
    naming what is wrong (no such module, file, class or entry point) and the forms a spec takes."""
    text = spec.strip()
    if not text:
        raise UnsupportedRule(f"a bot name is empty; bots: {_FORMS}")
    builtin = BOTS.get(text.lower())
    if builtin is not None:
        return builtin
    if ":" in text:
        where, _, attr = text.rpartition(":")
        if not where or not attr:
            raise UnsupportedRule(f"bot {spec!r}: MODULE:CLASS or FILE.py:CLASS expected")
        if where.endswith(".py") or "/" in where or "\\" in where:
            module = _load_file(Path(where).expanduser().resolve(), spec)
        else:
            try:
                module = importlib.import_module(where)
            except ImportError as exc:
                raise UnsupportedRule(f"bot {spec!r}: cannot import {where!r} ({exc})") from None
        return _factory(_attribute(module, attr, spec), spec)
    ep = _entry_points().get(text)
    if ep is not None:
        try:
            return _factory(ep.load(), spec)
        except ImportError as exc:
            raise UnsupportedRule(f"bot {spec!r}: its entry point {ep.value!r} does not load ({exc})") from None
    installed = sorted(_entry_points())
    more = f"; installed entry points: {', '.join(installed)}" if installed else ""
    raise UnsupportedRule(f"unknown bot {spec!r}; bots: {_FORMS}{more}")


def make(spec: str, seed: int | None = None) -> Bot:
    """A new bot for ``spec`` (:func:`resolve`) seeded with ``seed``; raises
    :class:`~pokerroom.errors.UnsupportedRule` for a spec that names no bot."""
    return resolve(spec)(seed)


def normalize(spec: str) -> str:
    """``spec`` checked (:func:`resolve`) and written so that any process finds it: a built-in name in lower case,
    a file path made absolute; raises :class:`~pokerroom.errors.UnsupportedRule` as :func:`resolve`."""
    resolve(spec)
    text = spec.strip()
    if text.lower() in BOTS:
        return text.lower()
    where, sep, attr = text.rpartition(":")
    if sep and (where.endswith(".py") or "/" in where or "\\" in where):
        return f"{Path(where).expanduser().resolve()}:{attr}"
    return text


def label(spec: str) -> str:
    """A short name for tables and reports: the built-in name, else the class (or entry point) name.

    >>> label("simple"), label("/home/ann/bots/tag.py:TightAggressive"), label("mybots.tag:Tag")
    ('simple', 'TightAggressive', 'Tag')
    """
    text = spec.strip()
    return text.rpartition(":")[2].rpartition(".")[2] if ":" in text else text.lower()
