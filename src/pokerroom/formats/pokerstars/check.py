"""Check a PokerStars hand against the rules (``docs/pokerstars.md``, "Checks").

:func:`check` replays a :class:`~pokerroom.formats.pokerstars.reader.StarsHand` through the engine on the one
replay path (:func:`pokerroom.formats.replay.replay`, through :func:`~.phh_of.map_hand`) and compares the file's
arithmetic with the rules', stopping at the first difference:

1. every forced bet, call, bet, raise, completion and bring-in: its amount (and a raise's increment) and whether
   it is all-in, line by line as the hand is replayed;
2. what each player collected and the final stacks (the replay's own comparison), each uncalled bet returned;
3. each pot: what each player collected from it, and the summary's main and side pots;
4. the summary: the total pot, the rake, the board and what each seat line says it won.

Statuses (:data:`STATUSES`): those of ``pokerroom replay`` (``ok``, ``mismatch``, ``error``, ``unchecked``,
``incomplete``, ``rake``) and ``unsupported`` (a game or feature the engine cannot express, named).  A cancelled
hand is ``incomplete`` once its actions replay without fault.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from decimal import Decimal

from pokerroom.cards import UNKNOWN
from pokerroom.engine import EventType, Hand, Phase
from pokerroom.errors import PokerroomError, StarsError, UnsupportedGame
from pokerroom.formats.phh import PHHHand
from pokerroom.formats.phh_actions import plain_amount
from pokerroom.formats.phh_hand import to_record as phh_record
from pokerroom.formats.pokerstars.base import STATUSES
from pokerroom.formats.pokerstars.phh_of import Mapped, map_hand
from pokerroom.formats.pokerstars.reader import StarsHand, StarsLine
from pokerroom.formats.replay import ReplayResult, allowed_reason, record_unit, replay
from pokerroom.room.record import HandRecord

__all__ = ["STATUSES", "check", "to_phh", "to_record"]


_BETS = {
    "call": EventType.CALL,
    "bet": EventType.BET,
    "raise": EventType.RAISE,
    "complete": EventType.RAISE,
    "bring-in": EventType.BRING_IN,
}
UNSUPPORTED = "unsupported: "
"""How an observer's message marks a difference the engine's rules cannot express (status ``unsupported``)."""
_MONEY_MOVES = frozenset({EventType.CALL, EventType.BET, EventType.RAISE, EventType.BRING_IN})


def _plain(x: Decimal) -> str:
    return plain_amount(x)


def _result(hand: StarsHand, status: str, message: str) -> ReplayResult:
    return ReplayResult(hand.path, hand.index, hand.hand_id, status, None, None, allowed_reason(hand.path), message)


class _Amounts:
    """The replay's observer: each betting line's amount against the engine's (check 1)."""

    def __init__(self, mapped: Mapped, unit: Decimal) -> None:
        self.mapped = mapped
        self.unit = unit
        self.seen = 0
        self.cur = 0  # the round's highest bet before the action being checked
        self.bets: list[int] = []  # each seat's chips in this round before the action being checked
        self.loose = _relaxed(mapped.stars)

    def __call__(self, k: int, hand: Hand) -> str | None:
        events = hand.events
        new = events[self.seen :]
        self.seen = len(events)
        betting = hand.phase is Phase.BETTING
        before, self.cur = self.cur, hand.cur if betting else 0
        own, self.bets = self.bets, list(hand.bets) if betting else [0] * hand.n
        line = self.mapped.sources[k] if k < len(self.mapped.sources) else None
        if line is None or line.kind not in _BETS or k in self.mapped.called:
            return None  # a raise nobody could call is replayed as the call (see _replay)
        seat = self.mapped.names.index(line.name or "")
        event = next((e for e in new if e.seat == seat and e.type in _MONEY_MOVES), None)
        if event is None:
            return f"line {line.line}: {line.name} {line.kind}s, but the rules make it no bet"
        return self.compare(line, event.amount, event.to, event.all_in, before, own[seat] if own else 0)

    def compare(
        self, line: StarsLine, amount: int | None, to: int | None, all_in: bool, before: int, own: int
    ) -> str | None:
        unit = self.unit
        said = line.amount or Decimal(0)
        if line.kind == "call" or line.kind == "bring-in":
            ours = unit * (amount or 0)
            what = "call" if line.kind == "call" else "bring-in"
        else:
            ours = unit * (to or 0)
            what = "total"
        short = self.mapped.short_blind
        if said != ours and short is not None and line.kind == "call" and said < ours and before == short[1] / unit:
            return (
                f"{UNSUPPORTED}line {line.line}: {line.name} calls {_plain(said)}, matching what was put in; with the "
                f"big blind all-in for {_plain(short[0])} the engine makes the call the level's {_plain(short[1])}"
            )
        if said != ours:
            return (
                f"line {line.line}: {line.name} {line.kind}s {_plain(said)}; the rules make the {what} {_plain(ours)}"
            )
        if self.loose and line.by == line.amount:
            pass  # converted and old exports write "raises Y to Y": the total twice
        elif line.by is not None and own and line.by == said - unit * own:
            pass  # some exports write the chips the raiser adds ("raises 30 to 40" from a 10 blind)
        elif short is not None and before == short[1] / unit and line.by is not None and line.by >= said - short[1]:
            pass  # over a big blind posted short PokerStars counts the raise from the highest chips put in
        elif line.kind == "raise" and line.by is not None and to is not None and line.by != unit * (to - before):
            rise = _plain(unit * (to - before))
            return (
                f"line {line.line}: {line.name} raises by {_plain(line.by)}; "
                f"from {_plain(unit * before)} to {_plain(said)} is {rise}"
            )
        if (line.all_in or line.capped) != all_in and not _other_room(self.mapped.stars):
            says = "is all-in" if line.all_in or line.capped else "is not all-in"
            rules = "is" if all_in else "is not"
            return f"line {line.line}: the file says {line.name} {says}; by the rules {line.name} {rules}"
        return None


def _pot_index(what: str | None) -> int:
    """The pot a ``collected ... from`` names: 0 the pot or main pot, ``side pot`` 1, ``side pot-2`` (Run It Once:
    ``side pot 2``) 2."""
    if what is None or not what.startswith("side pot"):
        return 0
    number = what[len("side pot") :].lstrip("- ")
    return int(number) if number.isdigit() else 1


def _settled(hand: StarsHand, mapped: Mapped, engine: Hand, unit: Decimal) -> str | None:
    """Checks 2 to 4 on a settled hand: the first difference, or ``None``.

    A file that writes no uncalled bet at all (exports before 2008, converted ones) may count a winner's
    uncalled bet in what it collected and in the total pot: both readings are accepted there.  A player who cashed
    out collects nothing in the file: the room, which paid the cash-out, takes that player's share."""
    names = mapped.names
    ours: dict[str, Decimal] = defaultdict(Decimal)
    for e in engine.events:
        if e.type is EventType.UNCALLED and e.seat is not None:
            ours[names[e.seat]] += unit * (e.amount or 0)
    for name, excess in mapped.called.values():
        ours[name] += excess
    theirs = _by_player(hand, "uncalled")
    collected = _by_player(hand, "collected")
    pots = [e for e in engine.events if e.type is EventType.POT]
    for e in list(pots):  # a pot only its own player is in: PokerStars returns it as an uncalled bet
        alone = names[e.eligible[0]] if e.eligible is not None and len(e.eligible) == 1 else None
        if alone is not None and theirs.get(alone, 0) == ours.get(alone, 0) + unit * (e.amount or 0):
            ours[alone] += unit * (e.amount or 0)
            pots.remove(e)
    # Old, converted and other rooms' exports write no uncalled bet, or split what comes back between it and the
    # pot collected their own way: there only what each player ends with is compared.
    relaxed = _relaxed(hand)
    silent = not any(theirs.values()) and relaxed
    split = relaxed and _ends_the_same(engine, names, unit, ours, theirs, collected)
    if not silent and not split:
        for name in names:
            if ours[name] != theirs[name]:
                return (
                    f"uncalled bet returned to {name}: the file says {_plain(theirs[name])}, "
                    f"the rules {_plain(ours[name])}"
                )
    cashed = {line.name for line in hand.lines if line.kind == "cash out"}
    won: dict[tuple[int, str], Decimal] = defaultdict(Decimal)
    for k, e in enumerate(pots):
        paid = [p for _, payouts in e.shares for p in payouts] if e.shares else list(e.winners or ())
        for seat, chips in paid:
            won[(k, names[seat])] += unit * chips
    said: dict[tuple[int, str], Decimal] = defaultdict(Decimal)
    for line in hand.lines:
        if line.kind == "collected" and line.name is not None:
            said[(_pot_index(line.what), line.name)] += line.amount or 0
    listed = len(stars_pots) if (stars_pots := hand.pots) else 1 + max((k for k, _ in said), default=0)
    # Pots a forfeit left with the same players may be cut anywhere: then only each player's total is compared.
    by_pot = len(pots) > 1 and listed == len(pots) and len({e.eligible for e in pots}) == len(pots)
    totals_won: dict[tuple[str, int], Decimal] = defaultdict(Decimal)  # (player, pot; 0 when only totals count)
    totals_said: dict[tuple[str, int], Decimal] = defaultdict(Decimal)
    for (k, name), x in won.items():
        totals_won[(name, k if by_pot else 0)] += x
    for (k, name), x in said.items():
        totals_said[(name, k if by_pot else 0)] += x
    for name, pot in sorted(set(totals_won) | set(totals_said)):
        rules, file = totals_won[(name, pot)], totals_said[(name, pot)]
        if rules == file or (name in cashed and file == 0) or (silent and file == rules + ours[name]) or split:
            continue
        where = "" if not by_pot else (" from the main pot" if pot == 0 else f" from side pot {pot}")
        return f"{name} collects {_plain(file)}{where} in the file, {_plain(rules)} by the rules"
    rake = unit * engine.rake
    amounts = [unit * (e.amount or 0) for e in pots]
    alone_total = sum(
        (unit * (e.amount or 0) for e in engine.events if e.type is EventType.POT and e not in pots), Decimal(0)
    )
    total = sum(amounts, Decimal(0)) + rake
    returned = sum(ours.values(), Decimal(0))
    if (
        hand.total_pot is not None
        and hand.total_pot not in (total, total + alone_total)
        # their totals may leave the rake out, or count the uncalled bet in
        and not (relaxed and hand.total_pot in (total - rake, total + returned))
        and not (split and hand.total_pot == sum(said.values(), Decimal(0)) + (hand.rake or 0))
    ):
        return f"the summary's total pot is {_plain(hand.total_pot)}; the rules make it {_plain(total)}"
    if hand.rake is not None and hand.rake != rake:
        return f"the summary's rake is {_plain(hand.rake)}; the rules take {_plain(rake)}"
    if hand.pots and list(hand.pots) != amounts:
        theirs_pots = ", ".join(_plain(x) for x in hand.pots)
        return f"the summary's pots are {theirs_pots}; the rules make them {', '.join(_plain(x) for x in amounts)}"
    shares = {name: sum((x for (_k, n), x in won.items() if n == name), Decimal(0)) for name in cashed if name}
    return _summary(hand, engine, shares, collected)


def _other_room(hand: StarsHand) -> bool:
    """A hand another room wrote in PokerStars' format (Run It Once, 9stacks, PokerMaster...): such rooms do not
    always write "and is all-in"."""
    return not (hand.site.startswith("PokerStars") or hand.site == "pokerroom")


def _relaxed(hand: StarsHand) -> bool:
    """Old, converted and other rooms' exports: their own conventions for uncalled bets, raise increments and
    totals are accepted where what each player ends with is the same (docs/pokerstars.md, "Checks")."""
    return hand.old_format or hand.converted or _other_room(hand)


def _by_player(hand: StarsHand, kind: str) -> defaultdict[str, Decimal]:
    """The amounts of the file's ``kind`` lines (``uncalled``, ``collected``) summed by player."""
    out: defaultdict[str, Decimal] = defaultdict(Decimal)
    for line in hand.lines:
        if line.kind == kind and line.name is not None:
            out[line.name] += line.amount or 0
    return out


def _ends_the_same(
    engine: Hand,
    names: list[str],
    unit: Decimal,
    ours: dict[str, Decimal],
    theirs: dict[str, Decimal],
    collected: dict[str, Decimal],
) -> bool:
    """Whether each player gets back (uncalled bets and pots collected together) what the rules give back."""
    won = {name: unit * chips for name, chips in zip(names, engine.won, strict=True)}
    return all(ours[n] + won[n] == theirs.get(n, Decimal(0)) + collected.get(n, Decimal(0)) for n in names)


def _summary(
    hand: StarsHand, engine: Hand, cashed: dict[str, Decimal], collected: defaultdict[str, Decimal]
) -> str | None:
    """The summary's board and seat lines against the hand (``collected``: the file's pots collected by player;
    ``cashed``: what a cashed-out player's hand won by the rules)."""
    board = [c for c in engine.board if c != UNKNOWN]  # a board padded for an all-in player's fold: unknown cards
    for listed in hand.boards[:1]:
        if list(listed) != board[: len(listed)] or len(listed) != len(board):
            return "the summary's board differs from the board the street lines deal"
    seats = hand.seats_by_number()
    for number, summary in hand.summary.items():
        name = seats[number].name
        stated = sum(summary.won, Decimal(0))
        if summary.lost and collected[name] and name not in cashed:
            return f"the summary says {name} lost; the collected lines give {name} {_plain(collected[name])}"
        if name in cashed:  # a cashed-out player's line says what the hand won: the room's share
            if summary.won and stated != cashed[name]:
                rules = _plain(cashed[name])
                return f"the summary says {name}'s hand won {_plain(stated)}; by the rules it wins {rules}"
            continue
        if summary.won and stated != collected[name]:
            return f"the summary says {name} won {_plain(stated)}; the collected lines give {_plain(collected[name])}"
    return None


def _notes(hand: StarsHand) -> str:
    """What the check leaves to the room: cash-outs paid outside the pot, other fees."""
    out = []
    for line in hand.lines:
        if line.kind == "cash out":
            fee = f" (fee {_plain(line.by)})" if line.by is not None else ""
            out.append(f"{line.name} cashed out for {_plain(line.amount or Decimal(0))}{fee}, paid outside the pot")
    for name, amount in hand.fees:
        if name != "STP":
            out.append(f"{name} {_plain(amount)} outside the pot")
    return "; ".join(out)


def _bare(hand: StarsHand, exc: Exception) -> str:
    """An error's text without the file and hand the result names already."""
    return str(exc).removeprefix(f"{hand.where}: ").removeprefix(f"{hand.where}, ")


def _blinds_against_header(hand: StarsHand) -> str | None:
    """The first small and big blind posted in full against the header's stakes (below fixed limit, whose header
    gives the bets): a difference is the file's."""
    if hand.stakes is None or hand.limit is None or hand.limit.value == "fixed":
        return None
    for what, level in (("small blind", hand.stakes[0]), ("big blind", hand.stakes[1])):
        line = next((ln for ln in hand.lines if ln.kind == "post" and ln.what == what), None)
        if line is not None and not line.all_in and line.amount is not None and line.amount != level:
            return (
                f"line {line.line}: {line.name} posts a {what} of {_plain(line.amount)}; "
                f"the header's {what} is {_plain(level)}"
            )
    return None


def check(hand: StarsHand) -> ReplayResult:
    """Replay ``hand`` and compare its arithmetic with the rules' (the module docstring lists the checks).  Never
    raises for a bad hand: the result's status and message say what happened (``label`` is the hand id)."""
    if hand.unsupported is not None:
        return _result(hand, "unsupported", hand.unsupported)
    try:
        mapped = map_hand(hand)
        unit = record_unit(mapped.phh)
    except UnsupportedGame as exc:
        return _result(hand, "unsupported", str(exc))
    except (StarsError, PokerroomError) as exc:
        if hand.cancelled:
            return _result(hand, "incomplete", f"hand cancelled before it could be played: {_bare(hand, exc)}")
        return _result(hand, "error", _bare(hand, exc))
    if any(line.kind == "cash out" for line in hand.lines):  # the file's winnings leave out the cashed-out shares
        mapped.phh = dataclasses.replace(mapped.phh, winnings=None, finishing_stacks=None)
    result = _replay(mapped, unit)
    result = dataclasses.replace(result, label=hand.hand_id)
    header = _blinds_against_header(hand)
    if header is not None and result.status not in ("error",):
        return dataclasses.replace(result, status="mismatch", message=header)
    notes = _notes(hand)

    def done(status: str, message: str) -> ReplayResult:
        message = _named(message, mapped.names)
        return dataclasses.replace(result, status=status, message=f"{message}; {notes}" if notes else message)

    if result.status == "mismatch" and result.message.startswith(UNSUPPORTED):
        return done("unsupported", result.message.removeprefix(UNSUPPORTED))
    if hand.cancelled or hand.voided is not None:
        what = f"hand voided ({hand.voided})" if hand.voided is not None else "hand cancelled"
        if result.status in ("error", "mismatch"):
            return done(result.status, f"{what}; {result.message}")
        return done("incomplete", f"{what}: its actions replay without fault, and every chip goes back")
    if result.status not in ("ok", "rake", "unchecked") or result.hand is None or not result.hand.is_complete:
        return done(result.status, result.message)
    differs = _settled(hand, mapped, result.hand, unit)
    if differs is not None:
        return done("mismatch", differs)
    if mapped.called:
        called = [
            f"{name} raises when nobody can call more: the rules make it a call" for name, _ in mapped.called.values()
        ]
        notes = "; ".join([*called, *([notes] if notes else [])])
    if result.status == "rake" and hand.rake is not None:
        result = dataclasses.replace(result, status="ok")  # the file's rake was taken; what each got is checked above
    if result.status in ("ok", "unchecked") and result.hand is not None and result.hand.is_complete:
        return done("ok", "every amount, pot, side pot and the rake match")
    return done(result.status, result.message)


_ACTION = re.compile(r"^action (\d+) ")
_PLAYER = re.compile(r"(?<![\w-])p(\d{1,2})(?![\w-])")


def _named(message: str, names: list[str]) -> str:
    """A replay's message in the file's words: PHH's ``p3`` is the player's name."""
    return _PLAYER.sub(lambda m: names[int(m[1]) - 1] if 0 < int(m[1]) <= len(names) else m[0], message)


def _rake_by_pot(mapped: Mapped, hand: Hand, unit: Decimal) -> bool:
    """Where the summary lists the main and side pots after the rake, the rake each pot gave is the file's
    (PokerStars has raked the main pot first, and each pot at the rate up to the cap): set ``_rake`` ``pots`` to
    those parts when they differ from the replay's, are none negative, and sum to the file's rake.  Returns whether
    it changed the record (the replay then runs again)."""
    stars = mapped.stars
    rake = mapped.phh.extra.get("_rake")
    pots = [e for e in hand.events if e.type is EventType.POT]
    if not stars.pots or len(stars.pots) != len(pots) or not isinstance(rake, dict) or "pots" in rake:
        return False
    before = [unit * ((e.amount or 0) + taken) for e, taken in zip(pots, hand.rake_by_pot, strict=False)]
    parts = [b - listed for b, listed in zip(before, stars.pots, strict=True)]
    if parts == [unit * x for x in hand.rake_by_pot] or any(x < 0 for x in parts):
        return False
    if sum(parts, Decimal(0)) != (stars.rake or 0):
        return False
    extra = {**mapped.phh.extra, "_rake": {"pots": parts}}
    mapped.phh = dataclasses.replace(mapped.phh, extra=extra)
    return True


def _replay(mapped: Mapped, unit: Decimal) -> ReplayResult:
    """Replay ``mapped``; a raise the rules refuse because no opponent can put in more than the bet it faces
    (PokerStars accepts it and returns the excess as an uncalled bet) is replayed as the call it amounts to, and the
    replay runs again (each time one such raise)."""
    while True:
        result = replay(mapped.phh, unit=unit, observer=_Amounts(mapped, unit))
        m = _ACTION.match(result.message)
        hand = result.hand
        if hand is not None and hand.is_complete and _rake_by_pot(mapped, hand, unit):
            continue
        if result.status != "error" or m is None or hand is None or hand.phase is not Phase.BETTING:
            return result
        k = int(m[1])
        line = mapped.sources[k] if k < len(mapped.sources) else None
        seat = hand.to_act
        if line is None or line.kind != "raise" or seat is None or mapped.names[seat] != line.name:
            return result
        cur = hand.cur
        reach = max(
            (hand.bets[s] + hand.stacks[s] for s in range(hand.n) if s != seat and not hand.folded[s]), default=0
        )
        if reach > cur or hand.stacks[seat] <= cur - hand.bets[seat]:
            return result
        actions = list(mapped.phh.actions)
        actions[k] = f"p{seat + 1} cc"
        mapped.phh = dataclasses.replace(mapped.phh, actions=tuple(actions))
        mapped.called[k] = (line.name or "", (line.amount or Decimal(0)) - unit * cur)


def to_phh(hand: StarsHand) -> PHHHand:
    """``hand`` as a PHH record (:func:`~.phh_of.map_hand`; ``docs/pokerstars.md``, "From PokerStars to PHH"),
    replayed once to settle what only the replay tells: a raise nobody could call becomes the call, and each pot's
    part of the rake is the summary's.  Raises :class:`~pokerroom.errors.UnsupportedGame` for what the engine
    cannot deal and :class:`~pokerroom.errors.StarsError` for lines that contradict each other."""
    mapped = map_hand(hand)
    unit = record_unit(mapped.phh)
    result = _replay(mapped, unit)
    outs = {line.name: line.amount for line in hand.lines if line.kind == "cash out" and line.name is not None}
    if outs and result.hand is not None and result.hand.is_complete:
        # A cash-out is paid by the room outside the pot: the record keeps what each hand won by the rules, and
        # says who cashed out for how much (``_cash_out``).
        engine = result.hand
        mapped.phh = dataclasses.replace(
            mapped.phh,
            winnings=tuple(unit * w for w in engine.won),
            finishing_stacks=tuple(unit * x for x in engine.stacks),
            extra={**mapped.phh.extra, "_cash_out": outs},
        )
    return mapped.phh


def to_record(hand: StarsHand) -> HandRecord:
    """``hand`` as the one hand record, through :func:`to_phh` (:func:`pokerroom.formats.phh_hand.to_record`);
    raises as :func:`to_phh`, and :class:`~pokerroom.errors.PHHError` when the rules refuse an action."""
    return phh_record(to_phh(hand))
