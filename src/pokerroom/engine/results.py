"""What a settled hand's showdown means in words: hand names under every share, and each pot's split by share
(high and low halves of a hi/lo pot), worked out again from the shown hands (RULES §2.4, §6.3).

Used by the terminal narrator and the server's results; the engine's own events stay the record.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.engine.events import Event
from pokerroom.engine.hand import Hand
from pokerroom.engine.pots import split_chips
from pokerroom.errors import PokerroomError
from pokerroom.games import Game

__all__ = ["hand_name", "pot_shares"]


def hand_name(game: Game, hole: Sequence[int], board: Sequence[int]) -> str:
    """The hand's name under every share (``flush, ace high; 8-6-4-3-2``), ``""`` when it cannot be valued."""
    names: list[str] = []
    for share in game.shares:
        try:
            value = share.evaluate(hole, board)
            names.append(share.describe(value) if value else f"no {share.name}")
        except (PokerroomError, KeyError, IndexError):
            return ""
    return "; ".join(names)


def pot_shares(hand: Hand, event: Event) -> list[tuple[str, list[tuple[int, int]]]] | None:
    """Each share's payouts of one contested pot, as the engine splits it (RULES §2.4, §6.3): ``None`` when the
    pot had one contender or the split cannot be worked out again from the shown hands."""
    game = hand.game
    mucked = set(hand.mucked)
    contenders = [s for s in event.eligible or () if s not in mucked]
    if len(contenders) < 2 or event.amount is None:
        return None
    odd_order = [(hand.button + 1 + k) % hand.n for k in range(hand.n)]
    winners_by_share: list[tuple[str, list[int]]] = []
    for share in game.shares:
        scored: list[tuple[int, int]] = []
        for seat in contenders:
            try:
                value = share.evaluate(hand.hole[seat], hand.board)
            except (PokerroomError, KeyError, IndexError):
                return None
            if value is not None:
                scored.append((seat, value))
        if not scored:
            continue
        if share.pot_keys is not None:
            keys = share.pot_keys([v for _, v in scored])
            scored = [(seat, key) for (seat, _), key in zip(scored, keys, strict=True)]
        best = max(v for _, v in scored)
        winners_by_share.append((share.name, [s for s, v in scored if v == best]))
    if not winners_by_share:
        return None
    base, odd = divmod(event.amount, len(winners_by_share))
    carry = hand.carry_odd_chips
    out: list[tuple[str, list[tuple[int, int]]]] = []
    for k, (name, seats) in enumerate(winners_by_share):
        chunk = base + (1 if k < odd else 0)
        if carry:
            chunk -= chunk % len(seats)
        out.append((name, split_chips(chunk, [s for s in odd_order if s in seats])))
    totals: dict[int, int] = {}
    for _, payouts in out:
        for seat, chips in payouts:
            totals[seat] = totals.get(seat, 0) + chips
    if sorted(totals.items()) != sorted(event.winners or ()):
        return None  # a rule this report does not know: fall back to the plain line
    return out
