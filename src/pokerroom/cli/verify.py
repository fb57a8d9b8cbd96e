"""``pokerroom verify HANDFILE``: check a hand's provable shuffle (docs/shuffle.md).

The file is what a player downloads for a finished hand (``GET /api/hands/{id}/proof``): the hand as they saw it,
the commitments published before the deal, and the openings of the positions they saw.  Exit status 0 when every
check holds, 1 when one failed (each failure names the card and the check), 2 when the file cannot be read.
``--seed HEX`` gives the server seed once the room reveals it (the file holds it when it was already revealed):
then the whole deck, its order and the hand's every card, reshuffles included, are checked as well.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from pokerroom.room.proof import ProofError
from pokerroom.room.proof import verify as verify_proof

__all__ = ["verify"]


def verify(
    handfile: Annotated[Path, typer.Argument(help="a proof file (GET /api/hands/{id}/proof)")],
    seed: Annotated[str | None, typer.Option("--seed", help="the server seed in hex, once the room reveals it")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object on standard output")] = False,
) -> None:
    """Check a hand's provable shuffle: its openings against the committed root, with the seed the whole deck."""
    err = Console(stderr=True)
    try:
        data = json.loads(handfile.read_text(encoding="utf-8"))
        verdict = verify_proof(data, server_seed=seed)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError, ProofError) as exc:  # JSON Python cannot hold too
        err.print(f"error: {handfile}: {exc}", markup=False)
        raise typer.Exit(code=2) from None
    if as_json:
        print(
            json.dumps(
                {
                    "ok": verdict.ok,
                    "full": verdict.full,
                    "checks": list(verdict.checks),
                    "failures": list(verdict.failures),
                }
            )
        )
    else:
        out = Console()
        for line in verdict.checks:
            out.print(f"ok: {line}", markup=False)
        for line in verdict.failures:
            out.print(f"FAILED: {line}", markup=False)
        scope = (
            "the whole deck and the hand"
            if verdict.full
            else "the cards you saw (no server seed: the rest stays hidden)"
        )
        out.print(f"{handfile}: {'verified' if verdict.ok else 'NOT verified'}: {scope}", markup=False)
    if not verdict.ok:
        raise typer.Exit(code=1)
