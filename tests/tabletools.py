"""Helpers the room table tests share (tests/test_room_table_*.py): a table of seated players, what the hand
being played shows in table seats (bets, dead money, positions, the seats dealt), playing moves and whole hands,
the room's events and a hand's balance."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.engine import Action, LegalActions
from pokerroom.room.clock import VirtualClock
from pokerroom.room.record import HandRecord
from pokerroom.room.table import Table, TableConfig

F, K, C = Action.fold(), Action.check(), Action.call()
R, B = Action.raise_to, Action.bet
DAY = 24 * 3600.0


def new_table(
    game: str,
    *,
    players: Sequence[int] = (),
    stack: int = 1000,
    clock: VirtualClock | None = None,
    first_button: int | None = None,
    **config: object,
) -> Table:
    """A table of ``game`` with players ``p<seat>`` at ``players`` holding ``stack`` chips each."""
    t = Table(TableConfig(game, **config), clock=clock or VirtualClock(), first_button=first_button)  # type: ignore[arg-type]
    for seat in players:
        t.sit(seat, f"p{seat}", stack)
    return t


def bets(t: Table) -> dict[int, int]:
    """Chips each table seat has in front of it this betting round (blinds and bets; not dead money)."""
    assert t.hand is not None and t.layout is not None
    return {seat: t.hand.bets[i] for i, seat in enumerate(t.layout.dealt) if t.hand.bets[i]}


def dealt(t: Table) -> tuple[int, ...]:
    """The table seats dealt into the hand being played (or the last one)."""
    assert t.layout is not None
    return t.layout.dealt


def dead(t: Table) -> dict[int, int]:
    """Dead money each table seat has posted this hand (missed small blinds, the club's new-player fee)."""
    assert t.hand is not None and t.layout is not None
    return {seat: t.hand.dead_posted[i] for i, seat in enumerate(t.layout.dealt) if t.hand.dead_posted[i]}


def positions(t: Table) -> tuple[int, int | None, int | None, int | None]:
    """(button, small blind, big blind, seat to act) of the hand being played, in table seats."""
    assert t.layout is not None
    return t.layout.button, t.layout.small_blind, t.layout.big_blind, t.to_act


def play(t: Table, *moves: tuple[int, Action]) -> None:
    """Make each ``(seat, action)`` move in turn, checking that the seat is the one to act."""
    for seat, action in moves:
        assert t.to_act == seat, (t.to_act, seat, action)
        t.act(seat, action)


def play_out(t: Table, choose: Callable[[LegalActions], Action]) -> HandRecord:
    """Act for every seat with ``choose(legal)`` until the hand ends."""
    h = t.hand
    assert h is not None
    while not h.is_complete:
        seat = t.to_act
        assert seat is not None
        legal = h.legal_actions()
        assert legal is not None
        t.act(seat, choose(legal))
    assert t.record is not None
    return t.record


def fold_around(t: Table) -> HandRecord:
    """Everyone folds to the last blind (or checks when nothing is to call) until the hand ends."""
    return play_out(t, lambda legal: F if legal.call else K)


def check_down(t: Table) -> HandRecord:
    """Call or check every action until the hand ends (draws stand pat)."""

    def choose(legal: LegalActions) -> Action:
        if legal.draw is not None:
            return Action.stand_pat()
        if legal.bring_in is not None:
            return Action.post_bring_in()
        return C if legal.call else K

    return play_out(t, choose)


def kinds(t: Table, start: int = 0) -> list[tuple[str, int | None, int, str]]:
    """The room's events from ``start`` on as (kind, seat, amount, text), sitting down and standing up left out."""
    return [(e.kind, e.seat, e.amount, e.text) for e in t.events[start:] if e.kind not in ("sit", "stand")]


def net(result: HandRecord) -> dict[str, int]:
    """Each player's net win (or loss) in the hand, by name."""
    return {name: f - s for (_, name), s, f in zip(result.players, result.starting, result.final, strict=True)}


def balanced(result: HandRecord) -> bool:
    """Whether the hand paid out what went in: contributions and chips carried in equal payouts, rake and chips
    carried out."""
    return sum(result.contributions) + result.carried_in == (sum(result.payouts) + result.rake + result.carried_out)


def t07_table(first_button: int) -> Table:
    """TRAPS T07: NLHE 5/10, p1..p5 at seats 0..4; ``first_button`` is the button before the first hand."""
    t = Table(TableConfig("holdem", blinds=(5, 10), seats=5), clock=VirtualClock(), first_button=first_button)
    for seat in range(5):
        t.sit(seat, f"p{seat + 1}", 1000)
    return t


def fl_table(clock: VirtualClock, **config: object) -> Table:
    """Fixed-limit hold'em at €2/€4 (blinds 100/200 in cents), real money, p0..p3 at seats 0..3 with 5000 each;
    ``config`` overrides the settings."""
    cfg: dict[str, Any] = {"blinds": (100, 200), "limit": "fixed", "real_money": True, "seats": 4}
    cfg.update(config)
    return new_table("holdem", players=range(4), stack=5000, clock=clock, **cfg)
