"""Commands imported on first use: the ``pokerroom`` group lists every command from a table of names and one-line
helps, and imports a command's module only when that command is run or asked for its own help.

Why: the commands between them import NumPy, numba, FastAPI, SQLAlchemy and Dask (over half a second); a user
typing ``pokerroom --help`` or ``pokerroom games`` should not wait for them (issue 24: under 0.3 s).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import typer
from typer import _click as click  # Typer's own copy of Click (Typer 0.26 on vendors it)
from typer.core import TyperCommand, TyperGroup

__all__ = ["LazyCommand", "LazyGroup"]


@dataclass(frozen=True)
class LazyCommand:
    """One command of the group: ``name`` as typed, ``target`` as ``"module:attribute"`` (a Typer command function
    or a :class:`typer.Typer` sub-application), ``short_help`` the line the group's help shows."""

    name: str
    target: str
    short_help: str
    _loaded: dict[str, click.Command] = field(default_factory=dict, compare=False, repr=False)

    def load(self) -> click.Command:
        """The real Click command, its module imported on the first call."""
        if "command" not in self._loaded:
            module, _, attribute = self.target.partition(":")
            obj = getattr(importlib.import_module(module), attribute)
            if isinstance(obj, typer.Typer):
                command = typer.main.get_command(obj)
            else:
                single = typer.Typer(add_completion=False)
                single.command(name=self.name)(obj)
                command = typer.main.get_command(single)
            command.name = self.name
            self._loaded["command"] = command
        return self._loaded["command"]

    def stub(self) -> click.Command:
        """A placeholder that carries only the name and the one-line help (for the group's help listing)."""
        return TyperCommand(self.name, short_help=self.short_help, help=self.short_help)


class LazyGroup(TyperGroup):
    """A Typer group whose commands are :class:`LazyCommand` entries (build one with :meth:`of`)."""

    lazy: Sequence[LazyCommand] = ()

    @classmethod
    def of(cls, commands: Sequence[LazyCommand]) -> type[LazyGroup]:
        """A subclass of this group serving ``commands`` (Typer takes the group as a class, ``cls=``)."""
        return type("PokerroomGroup", (cls,), {"lazy": tuple(commands)})

    def _entry(self, name: str) -> LazyCommand | None:
        return next((c for c in self.lazy if c.name == name), None)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [c.name for c in self.lazy]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = self._entry(cmd_name)
        return entry.stub() if entry is not None else None

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        entry = self._entry(name) if name is not None else None
        return name, (entry.load() if entry is not None else command), rest

    @property
    def commands(self) -> dict[str, Any]:
        """Every command by name, loaded (Click's attribute; the typo suggestions read its keys)."""
        return {c.name: _Deferred(c) for c in self.lazy}

    @commands.setter
    def commands(self, value: object) -> None:
        """Typer hands the group its registered commands; this group registers none of its own."""


class _Deferred:
    """A value of :attr:`LazyGroup.commands` that loads its command only when something uses it."""

    def __init__(self, entry: LazyCommand) -> None:
        self._entry = entry

    def __getattr__(self, name: str) -> Any:
        return getattr(self._entry.load(), name)
