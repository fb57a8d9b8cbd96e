"""The ``--bots``/``--bot`` option of every command that seats bots (``simulate``, ``play``, ``night``, ``serve``'s
house bots, ``acpc-client``): one reading, one check, one message (:mod:`pokerroom.bots.registry`)."""

from __future__ import annotations

from collections.abc import Sequence

import typer

from pokerroom.bots import normalize
from pokerroom.errors import PokerroomError

__all__ = ["BOT_HELP", "bot_spec", "bot_specs"]

BOT_HELP = "simple, random, calling, MODULE:CLASS, FILE.py:CLASS or an installed 'pokerroom.bots' entry point"
"""What a bot option takes, for the options' help."""


def bot_specs(texts: Sequence[str], param_hint: str = "--bots") -> list[str]:
    """Comma-separated bot specs, each checked and normalized (:func:`pokerroom.bots.normalize`): a usage error
    (exit 2) names the spec that names no bot and the forms a spec takes."""
    specs = [k.strip() for text in texts for k in text.split(",") if k.strip()]
    if not specs:
        raise typer.BadParameter(f"no bot given; bots: {BOT_HELP}", param_hint=param_hint)
    try:
        return [normalize(k) for k in specs]
    except PokerroomError as exc:
        raise typer.BadParameter(str(exc), param_hint=param_hint) from None


def bot_spec(text: str, param_hint: str = "--bots") -> str:
    """One bot spec, checked and normalized as :func:`bot_specs` does."""
    specs = bot_specs([text], param_hint)
    if len(specs) != 1:
        raise typer.BadParameter(f"one bot, not {len(specs)}: {text!r}", param_hint=param_hint)
    return specs[0]
