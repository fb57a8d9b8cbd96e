"""Where the club night's players sit at its table, and who deals next (RULES §3.11, seeds 000/001 chapter 4).

The night (:class:`~pokerroom.room.night.Night`) keeps the players in seat order and says who deals; the table
(:class:`~pokerroom.room.table.Table`) deals.  The night's players sit at the table's seats ``0..n-1`` in that
order; after an arrival or a departure they are moved (chips and every debt with them: fee, missed blinds) so the
order holds again, and the table's button is put where its next deal goes to the night's dealer.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.errors import RoomError
from pokerroom.room.layout import Candidate, plan_hand
from pokerroom.room.table import Table

__all__ = ["arrange", "first_button_for"]


def first_button_for(table: Table, seats: Sequence[int], dealer: int) -> int:
    """The ``first_button`` that makes ``table``'s next hand, dealt to ``seats``, go to ``dealer``.

    The table's layout treats the button as the previous hand's position, and club hold'em's literal heads-up
    layout (A-G2-5) places the button on the big blind, so the answer depends on the dealer kind, the number of
    players and the house rules: rather than copy those rules here, ask the layout planner (pure) which previous
    position gives ``dealer``, trying the seats counterclockwise from it.  Raises :class:`RoomError` when none
    does."""
    candidates = [Candidate(s) for s in sorted(seats)]
    for k in range(1, table.size + 1):
        previous = (dealer - k) % table.size
        layout = plan_hand(
            candidates,
            size=table.size,
            dealer=table.dealer,
            previous_button=previous,
            blinds=table.blinds,
            new_player_rule=table.new_player_rule,
            hu_button_posts_sb=table.game.house.hu_button_posts_sb,
        )
        if layout is not None and layout.button == dealer:
            return previous
    raise RoomError(f"the table cannot give the next deal to seat {dealer}")


def arrange(table: Table, order: Sequence[str], dealer: str | None) -> None:
    """Seat the players of ``order`` (every one seated at ``table``) at seats ``0..n-1`` in that order, and put
    the button so the next hand is dealt by ``dealer`` (``None``: the button stays), between hands.  The players
    keep their seat states (chips, fee, missed blinds); nothing moves in the store, whose stacks are kept by
    player, not by seat.
    Raises :class:`RoomError` while a hand is being played, when ``order`` and the seated players differ, or when
    the table has fewer seats."""
    if table.hand is not None and not table.hand.is_complete:
        raise RoomError("the seats are arranged between hands only")
    by_name = {st.player: st for st in table.seats if st is not None}
    if set(by_name) != set(order) or len(order) != len(by_name):
        raise RoomError(f"the table seats {sorted(by_name)}, the night {sorted(order)}")
    if len(order) > table.size:
        raise RoomError(f"the table has {table.size} seats, not {len(order)}")
    if [None if st is None else st.player for st in table.seats[: len(order)]] != list(order):
        table.seats[:] = [by_name[name] for name in order] + [None] * (table.size - len(order))
        # The previous hand's blind positions name seats that now hold others: the next deal plans as a new
        # table's first deal does, from the button alone.
        table._bb = table._sb = None
    if dealer is None:
        return
    playing = [k for k, name in enumerate(order) if by_name[name].stack > 0]
    table.button = first_button_for(table, playing, list(order).index(dealer))
