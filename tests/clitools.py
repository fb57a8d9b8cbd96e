"""Helpers the command-line tests share: ``pokerroom play`` run with typed lines."""

from __future__ import annotations

from typer.testing import CliRunner

from pokerroom.cli import app

runner = CliRunner()


def play(*args: str, lines: str) -> str:
    """The output of ``pokerroom play ARGS`` given ``lines`` as the player's input; it must exit 0 cleanly."""
    result = runner.invoke(app, ["play", *args], input=lines)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.stdout
