"""What a replay compares with the record (:func:`pokerroom.formats.replay.replay`): its ``finishing_stacks`` and
``winnings`` once the hand is settled (:func:`compare`: ``ok``, ``rake``, ``mismatch`` or ``unchecked``), and the
winnings alone when cards are unknown at the showdown (:func:`unknown_cards`).  Amounts are the record's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from pokerroom.engine import EventType, Hand
from pokerroom.formats.phh import PHHHand
from pokerroom.formats.phh_actions import plain_amount

if TYPE_CHECKING:
    from pokerroom.formats.replay import ReplayResult

__all__ = ["compare", "unknown_cards"]

_Result = Callable[..., "ReplayResult"]
_is_infinite = Decimal.is_infinite


def _returned(hand: Hand, unit: Decimal) -> list[Decimal]:
    """Each seat's uncalled bets handed back (RULES §2.3), in the record's amounts."""
    back = [Decimal(0)] * hand.n
    for e in hand.events:
        if e.type is EventType.UNCALLED and e.seat is not None and e.amount is not None:
            back[e.seat] += unit * e.amount
    return back


def unknown_cards(record: PHHHand, hand: Hand, unit: Decimal, message: str, result: _Result) -> ReplayResult:
    """Cards unknown at the showdown: ``unchecked``, but ``winnings`` must still fit in the pot (uncalled bets
    included, which some sites count in them); more than that is a ``mismatch``."""
    if record.winnings is None or not any(record.winnings):
        return result("unchecked", message, hand=hand)
    pot = unit * (sum(hand.contributions) + hand.dead) + sum(_returned(hand, unit))
    total = sum(record.winnings, Decimal(0))
    if total > pot:
        text = f"{message}; the record's winnings ({plain_amount(total)}) exceed the pot ({plain_amount(pot)})"
        return result("mismatch", text, hand=hand)
    return result("unchecked", f"{message}; the record's winnings ({plain_amount(total)}) fit in the pot", hand=hand)


def compare(record: PHHHand, hand: Hand, unit: Decimal, computed: list[Decimal], result: _Result) -> ReplayResult:
    """The status of a completed replay against the record's ``finishing_stacks`` and ``winnings`` (what each
    player took from the pots): ``ok`` when they agree; ``rake`` when the only difference is chips missing from
    what the pots' winners took (a rake the replay was not told of), the same in both fields where both show it;
    ``mismatch`` otherwise; ``unchecked`` with neither to compare (or ``inf`` stacks and no winnings).  Final
    stacks are the stronger check: when they agree (or differ by a rake) and the winnings do not, the record
    contradicts itself, and the message says so."""
    finishing = record.finishing_stacks
    fields: list[tuple[str, Sequence[Decimal], list[Decimal]]] = []  # (name, the record's, ours)
    bounded = False  # a winner's uncalled bet counted in: an implied rake must then look like one
    if finishing is not None and not any(map(_is_infinite, (*record.starting_stacks, *finishing))):
        if record.winnings is None and computed == list(finishing):  # the usual record, replayed right
            return result("ok", "final stacks match", computed, hand)
        fields.append(("final stacks", finishing, computed))
    won = [unit * w for w in hand.won]
    if record.winnings is not None and any(record.winnings):  # all zeros (several sites' files): not recorded
        # Sites differ on whether a winner's uncalled bet is in what they took (PartyPoker's winnings hold it, a
        # walk's big blind at others): a record above the pots' share is measured against share + uncalled bet.
        back = _returned(hand, unit)
        base = [w + b if e > w else w for w, b, e in zip(won, back, record.winnings, strict=True)]
        bounded = base != won
        fields.append(("winnings", record.winnings, base))
    if not fields:
        why = "no finishing_stacks or winnings to compare"
        if record.finishing_stacks is not None:
            why = "the stacks include inf, so the finishing stacks cannot be compared, and no winnings"
        if record.winnings is not None:
            why += " (the winnings are all zero: not recorded)"
        return result("unchecked", why, computed, hand)
    gaps = [[m - t for m, t in zip(ours, theirs, strict=True)] for _name, theirs, ours in fields]
    verdicts = [_verdict(gap, won, bounded and f[0] == "winnings") for gap, f in zip(gaps, fields, strict=True)]
    names = [name for name, _theirs, _ours in fields]
    if verdicts == ["ok"] * len(fields):
        return result("ok", f"{' and '.join(names)} match", computed, hand)
    note = ""
    if verdicts[0] != "mismatch" and verdicts[-1] == "mismatch" and len(fields) == 2:
        note = f"; the record's winnings contradict its own final stacks ({_differences(*fields[1][1:])})"
        fields, gaps, verdicts = fields[:1], gaps[:1], verdicts[:1]
    raked = [k for k, v in enumerate(verdicts) if v == "rake"]
    if "mismatch" not in verdicts and all(gaps[k] == gaps[raked[0]] for k in raked):
        if not raked:
            return result("ok", f"{fields[0][0]} match{note}", computed, hand)
        name, _theirs, ours = fields[raked[-1]]  # the winnings, when they show it: what each winner took
        gap = gaps[raked[-1]]
        took = ours if name == "winnings" else won
        takers = ", ".join(
            f"p{i + 1} {plain_amount(took[i])} -> {plain_amount(took[i] - d)}" for i, d in enumerate(gap) if d
        )
        shown = " and ".join(fields[k][0] for k in raked)
        message = f"a rake of {plain_amount(sum(gap, Decimal(0)))} is implied ({shown}: {takers}){note}"
        return result("rake", message, computed, hand)
    diffs = [f"{name} (expected vs computed): {_differences(theirs, ours)}" for name, theirs, ours in fields]
    return result("mismatch", "; ".join(d for d in diffs if not d.endswith(": ")) + note, computed, hand)


def _verdict(gap: Sequence[Decimal], won: Sequence[Decimal], bounded: bool) -> str:
    """``ok`` (no difference), ``rake`` (only chips missing from what winners took) or ``mismatch``.  Where a
    winner's uncalled bet was counted in (``bounded``), a real difference could pass for a rake: there it must be
    at most a quarter of the pots (RULES §3.10 takes 5 %; the HandHQ files imply up to 12 % of small pots)."""
    if not any(gap):
        return "ok"
    if (
        all(d >= 0 for d in gap)
        and all(d == 0 or 0 < d <= won[i] for i, d in enumerate(gap))  # never more than a winner took
        and not (bounded and sum(gap) * 4 > sum(won))
    ):
        return "rake"
    return "mismatch"


def _differences(theirs: Sequence[Decimal], ours: Sequence[Decimal]) -> str:
    pairs = enumerate(zip(theirs, ours, strict=True))
    return ", ".join(f"p{i + 1} {plain_amount(t)} vs {plain_amount(o)}" for i, (t, o) in pairs if t != o)
