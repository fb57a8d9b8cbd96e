"""``pokerroom compare`` and ``pokerroom rank``: hands under any ranking system (issue: every hand ranking).

``compare`` ranks hands (the winners and each hand's name; ``--json`` prints one object with ``winners``,
``names``, ``values`` and ``cards``).  Pot rules such as Telesina's heads-up straight-flush rule belong to the
engine, not here.  ``rank`` prints one hand's value, name and the five cards used.  Bad input (an unknown
ranking, a malformed or repeated card, a wrong count) exits with status 2 and a message saying what is wrong.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console

from pokerroom.cards import format_cards
from pokerroom.errors import PokerroomError
from pokerroom.rankings import compare as compare_hands
from pokerroom.rankings import ids
from pokerroom.rankings import rank as rank_hand

__all__ = ["compare", "rank"]

_RANKING_HELP = "ranking system id: " + ", ".join(ids())


def _fail(exc: PokerroomError) -> typer.Exit:
    Console(stderr=True).print(f"error: {exc}", markup=False)
    return typer.Exit(code=2)


def compare(
    hands: Annotated[list[str], typer.Argument(help='each hand as one argument: "As Ks Qs" or AsKsQs')],
    ranking: Annotated[str, typer.Option("--ranking", "-r", help=_RANKING_HELP)] = "high",
    board: Annotated[str | None, typer.Option(help="board cards each hand is combined with")] = None,
    omaha: Annotated[bool, typer.Option("--omaha", help="exactly two hole cards and three board cards")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object on standard output")] = False,
) -> None:
    """Compare hands: the winner(s) and each hand's name."""
    try:
        result = compare_hands(ranking, hands, board=board, omaha=omaha)
    except PokerroomError as exc:
        raise _fail(exc) from exc
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    width = max(len(t) for t in hands)
    for i, (text, hand) in enumerate(zip(hands, result.hands, strict=True)):
        mark = "  winner" if i in result.winners else ""
        used = format_cards(hand.cards, sep=" ") if hand.cards else "-"
        print(f"{i}  {text:<{width}}  {used:<14}  {hand.name}{mark}")
    if not result.winners:
        print("no hand qualifies")
    elif len(result.winners) > 1:
        print("split between hands " + ", ".join(str(w) for w in result.winners))


def rank(
    cards: Annotated[str, typer.Argument(help='5 to 9 cards: "As Ks Qs Js Ts" or AsKsQsJsTs')],
    ranking: Annotated[str, typer.Option("--ranking", "-r", help=_RANKING_HELP)] = "high",
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object on standard output")] = False,
) -> None:
    """One hand: its value (larger is better), its name and the five cards used."""
    try:
        hand = rank_hand(ranking, cards)
    except PokerroomError as exc:
        raise _fail(exc) from exc
    used = format_cards(hand.cards, sep=" ")
    if as_json:
        print(json.dumps({"ranking": ranking, "value": hand.value, "name": hand.name, "cards": used.split()}))
        return
    print(f"{hand.value}  {hand.name}  ({used})")
