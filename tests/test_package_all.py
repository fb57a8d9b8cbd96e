"""Every module of the pokerroom package imports, and its ``__all__`` (where it has one) lists only names the
module defines (or, in a package, its submodules, which ``from package import *`` imports), each once.

The modules are found with :mod:`pkgutil` from the package's files, subpackages included, without importing
anything to find them, so a package that fails to import still has each of its modules as a case of its own.  A
module that cannot be imported without an optional dependency (one that only an extra of pokerroom's declares,
such as ``pokerroom[cluster]``) is skipped, naming the dependency and the extra; a missing required dependency,
or any other import error, fails.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import pkgutil
import re
from collections import Counter
from pathlib import Path

import pytest
from packaging.requirements import Requirement

import pokerroom


def _modules() -> list[str]:
    """The dotted names of pokerroom and every module and subpackage below it."""
    names = [pokerroom.__name__]

    def walk(folder: Path, prefix: str) -> None:
        for info in pkgutil.iter_modules([str(folder)], prefix):
            names.append(info.name)
            if info.ispkg:
                walk(folder / info.name.rpartition(".")[2], info.name + ".")

    for folder in pokerroom.__path__:
        walk(Path(folder), pokerroom.__name__ + ".")
    return sorted(names)


MODULES = _modules()


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _extras_only() -> dict[str, list[str]]:
    """The distributions only extras of pokerroom's require (canonical name: the extras)."""
    metadata = importlib.metadata.metadata("pokerroom")
    extras = metadata.get_all("Provides-Extra") or []
    required: set[str] = set()
    optional: dict[str, list[str]] = {}
    for text in importlib.metadata.requires("pokerroom") or []:
        req = Requirement(text)
        name = _canonical(req.name)
        if req.marker is None or req.marker.evaluate({"extra": ""}):
            required.add(name)
            continue
        optional.setdefault(name, []).extend(e for e in extras if req.marker.evaluate({"extra": e}))
    return {name: ways for name, ways in optional.items() if name not in required}


def test_the_walk_finds_every_module_file() -> None:
    """The walk misses no ``.py`` file of the package (one module per file, a package per ``__init__.py``)."""
    root = Path(pokerroom.__path__[0])
    files = {
        ".".join(("pokerroom", *p.relative_to(root).with_suffix("").parts)).removesuffix(".__init__")
        for p in root.rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert set(MODULES) == files
    assert len(MODULES) == len(set(MODULES))


@pytest.mark.parametrize("name", MODULES)
def test_all_lists_names_the_module_defines(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        missing = (exc.name or "").partition(".")[0]
        extras = _extras_only().get(_canonical(missing))
        if not missing or missing == pokerroom.__name__ or not extras:
            raise
        wanted_by = " or ".join(f"pokerroom[{extra}]" for extra in extras)
        pytest.skip(f"{name} needs {missing}, an optional dependency ({wanted_by}) that is not installed")
    listed = getattr(module, "__all__", None)
    if listed is None:
        return
    assert isinstance(listed, list | tuple), f"{name}.__all__ is a {type(listed).__name__}, not a list or tuple"
    assert all(isinstance(n, str) for n in listed), f"{name}.__all__ holds names that are not strings: {listed}"
    twice = sorted(n for n, count in Counter(listed).items() if count > 1)
    assert not twice, f"{name}.__all__ lists {twice} more than once"
    is_package = hasattr(module, "__path__")
    absent = [
        n
        for n in listed
        if not hasattr(module, n) and not (is_package and importlib.util.find_spec(f"{name}.{n}") is not None)
    ]
    assert not absent, f"{name}.__all__ lists {absent}, which {name} does not define"
