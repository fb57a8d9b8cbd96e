"""A finished hand for the browser's replayer (``GET /api/hands/{id}``, docs/protocol.md): the hand dealt again
from its record and played action by action through the engine, one step per action, each step the live table's
``state.hand`` JSON (:func:`~pokerroom.server.protocol.view_json`) from the viewer's own view.

The hand is dealt by :meth:`~pokerroom.room.record.Setup.deal` (from the deck's seed; a record without one from
the cards its events name) and each action applied by :func:`~pokerroom.room.record.apply`, the record's own
replay; the events it makes must be the record's, else :class:`~pokerroom.errors.RecordError`.  The viewer sees
only what their seat saw at that moment (:meth:`~pokerroom.engine.Hand.view`): others' down cards are ``"??"``
until shown.  A voided hand (RULES §3.8) ends with one more step, the refund: phase ``"void"``, every stack back to
its starting stack, no bets and no pot.
"""

from __future__ import annotations

from pokerroom.cards import UNKNOWN
from pokerroom.engine import Phase
from pokerroom.errors import PokerroomError, RecordError
from pokerroom.formats.pokerstars import write_hand
from pokerroom.room.record import HandRecord, Status, apply, recorded_actions, scripted_cards
from pokerroom.server.protocol import view_json
from pokerroom.server.summary import summary

__all__ = ["VOID_PHASE", "replay_json"]

VOID_PHASE = "void"
"""The last step's ``phase`` in a voided hand's replay: every chip put in was returned (RULES §3.8)."""

def _refund(last: dict[str, object], final: dict[int, int]) -> dict[str, object]:
    """The step after ``last`` (a step's JSON) in which a voided hand gives every chip back: phase
    :data:`VOID_PHASE`, nobody to act, no pot, no bets, each player's ``stack`` from ``final`` (table seat ->
    chips: the starting stacks).  Its events are ``last``'s: the void is not an event of the hand."""
    players = last["players"]
    assert isinstance(players, list)
    return {
        **last,
        "phase": VOID_PHASE,
        "to_act": None,
        "pot": 0,
        "pots": [],
        "players": [{**p, "stack": final[p["seat"]], "bet": 0} for p in players],
    }


def replay_json(record: HandRecord, viewer: int, *, hand_id: int, max_seats: int | None = None) -> dict[str, object]:
    """The replayer's JSON of a full ``record`` (every card) for engine seat ``viewer``: ``id`` (``hand_id``),
    ``table``, ``number``, ``game``, ``players`` (``[{seat, name}]``, table seats), ``you`` (the viewer's table
    seat), ``button``, ``seats`` (the table's size), ``steps`` (the hand after the deal, then after each action:
    :func:`~pokerroom.server.protocol.view_json` with ``legal`` null; a voided hand's last step is its refund,
    phase :data:`VOID_PHASE`), ``streets`` (``[{name, step}]``: the first step of each street), ``final_stacks``
    (table seat -> chips: the record's, a void's starting stacks; the last step's stacks), ``summary`` (who won
    what with which hand, as the live table's results give it: :func:`~pokerroom.server.summary.summary`; ``[]``
    for a void), ``text`` (the
    PokerStars-style history of :func:`~pokerroom.formats.pokerstars.write_hand` from the viewer's view) and
    ``voided``.  Raises :class:`~pokerroom.errors.RecordError` when the record does not replay to its
    own events (and the engine's errors for an action not legal there)."""
    setup = record.setup
    if record.viewer is not None:
        raise RecordError("the replayer deals the hand again from the full record, not a seat's view", field="viewer")
    seat_of = [s.seat for s in setup.seats]
    number = setup.number or 0
    hand = setup.deal(cards=None if setup.deck.dealable else scripted_cards(record))
    if not setup.deck.dealable and any(c == UNKNOWN for e in record.events for c in e.cards or ()):
        raise RecordError("the record's cards are not all known, so it cannot be dealt again", field="events")

    def step() -> dict[str, object]:
        state = view_json(hand.view(viewer), seat_of, number=number)
        state["legal"] = None
        return state

    steps = [step()]
    streets = [{"name": hand.view(viewer).street, "step": 0}]
    for seat, action in recorded_actions(hand, record):
        try:
            apply(hand, action, seat)
        except PokerroomError as err:
            raise RecordError(f"hand {hand_id} does not replay: {err}", field="events") from None
        steps.append(step())
        street = hand.view(viewer).street
        if street != streets[-1]["name"] and hand.phase is not Phase.COMPLETE:
            streets.append({"name": street, "step": len(steps) - 1})
    if tuple(hand.events[: len(record.events)]) != record.events:
        raise RecordError(f"hand {hand_id} does not replay to its recorded events", field="events")
    final = record.result.final if record.result is not None else setup.stacks
    if record.status is Status.VOIDED:
        steps.append(_refund(steps[-1], {seat_of[k]: chips for k, chips in enumerate(final)}))
    return {
        "id": hand_id,
        "table": setup.table_id,
        "table_name": setup.table_name,
        "number": setup.number,
        "game": setup.game,
        "players": [{"seat": s.seat, "name": s.player} for s in setup.seats],
        "you": seat_of[viewer],
        "button": seat_of[setup.button],
        "seats": max_seats or max(seat_of) + 1,
        "steps": steps,
        "streets": streets,
        "final_stacks": {str(seat_of[k]): chips for k, chips in enumerate(final)},
        "summary": summary(record, hand),
        "text": write_hand(record, viewer, hand_id=hand_id, max_seats=max_seats),
        "voided": record.status is Status.VOIDED,
    }
