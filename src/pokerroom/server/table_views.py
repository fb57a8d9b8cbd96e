"""What each connection of a table is told: the ``state`` message (the part every connection shares, and each
player's own seat, rebuy allowance and view of the hand) and the broadcast after a change, as a ``delta`` or a
whole ``state`` (:mod:`pokerroom.server.deltas`, docs/protocol.md).  A part of :class:`~pokerroom.server.actor.
TableActor`, kept apart as :class:`~pokerroom.server.table_controls.OperatorControls` is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.engine import Event
from pokerroom.engine.codec import event_json
from pokerroom.server.actor_parts import ActorParts
from pokerroom.server.protocol import VERSION, view_json

if TYPE_CHECKING:
    from pokerroom.server.deltas import Deltas
    from pokerroom.server.shuffle_desk import ShuffleDesk

__all__ = ["TableViews"]


class TableViews(ActorParts):
    """The views part of a table's actor; :class:`~pokerroom.server.actor.TableActor` sets the attributes below
    (and :class:`~pokerroom.server.actor_parts.ActorParts`'s)."""

    if TYPE_CHECKING:
        shuffle: ShuffleDesk
        deltas: Deltas
        results: list[dict[str, object]]
        timed_out: set[int]
        hand_ids: dict[int, int]
        _rebuys_due: dict[str, int]

        def _watched(self) -> bool: ...

    def _shared(self) -> dict[str, object]:
        """The part of a ``state`` message that is the same for every connection."""
        t = self.table
        seats: list[dict[str, object] | None] = []
        # A dealt seat as the hand stands, not as it began: (chips behind, chips in the pot, all-in, protected).
        # Chips set aside by disconnect protection (RULES §3.7) are still the player's: they show as the stack.
        live: dict[int, tuple[int, int, bool, bool]] = {}
        h = t.hand
        if h is not None and t.layout is not None and not h.is_complete:
            for k, seat in enumerate(t.layout.dealt):
                aside = h.protected[k]
                stack = h.stacks[k]
                all_in = not h.folded[k] and (stack == 0 or aside > 0)
                live[seat] = (stack + aside, h.contributions[k] + h.dead_posted[k], all_in, aside > 0)
        for i, st in enumerate(t.seats):
            if st is None:
                seats.append(None)
                continue
            stack, in_pot, all_in, protected = live.get(i, (st.stack, 0, False, False))
            seats.append(
                {
                    "seat": i,
                    "player": st.player,
                    "stack": stack,
                    "in_pot": in_pot,
                    "all_in": all_in,
                    "protected": protected,
                    "sitting_out": st.sitting_out,
                    "connected": st.player in self.connections or st.player in self.bots,
                    "bot": st.player in self.bots,
                    "timed_out": i in self.timed_out,
                }
            )
        return {
            "v": VERSION,
            "type": "state",
            "table": self.info.id,
            "hand_number": t.hand_number,
            "seats": seats,
            "button": t.button,
            "clock": self._clock(),
            "next_deal": self._next_deal(),
            "paused": self.paused,
            "results": self.results[-5:],
            "shuffle": self.shuffle.state(running=self._hand_running()),
            "buy_in": {"min": t.buy_in.minimum, "max": t.buy_in.maximum, "default": t.default_buy_in()},
        }

    def _clock(self) -> dict[str, object] | None:
        """The clock of the player to act: ``seat``, ``action`` and ``bank`` (seconds left of the action time and
        of the seat's time bank, which counts down once the action time is spent), ``remaining`` (their sum),
        ``action_total`` and ``bank_total`` (the seconds each had when the action began); ``None`` when nobody is
        being timed.  A draw's timer has no bank (RULES §2.5)."""
        t, timer = self.table, self.table.running_timer
        if not self._hand_shown() or t.to_act is None or timer is None:
            return None
        action, bank = timer.left(self.clock.now())
        return {
            "seat": t.to_act, "remaining": round(action + bank, 1), "action": round(action, 1), "bank": round(bank, 1),
            "action_total": timer.action_seconds, "bank_total": round(timer.bank(t.to_act), 1),
        }  # fmt: skip

    def _next_deal(self) -> float | None:
        """Seconds until the next deal is due, or ``None`` when none is coming (a hand is being played, the table
        waits for players, or an operator paused or is closing it)."""
        if self._deal_due is None or self._hand_running() or self.paused or self.closing or not self._watched():
            return None  # no person playing: bots are not dealt a hand alone
        if not self.table.can_deal() and not self.bots:  # bots busted now are bought in again at the deal
            return None
        return round(max(0.0, self._deal_due - self.clock.now()), 1)

    def _hand_shown(self) -> bool:
        """Whether a hand is on the table to be shown: being played, or finished and not yet replaced."""
        h = self.table.hand
        return h is not None and self.table.layout is not None and (self.runner.hand_id is not None or h.is_complete)

    def _hand_json(self, es: int | None) -> dict[str, object] | None:
        """Engine seat ``es``'s view of the hand as JSON (``None``: a spectator's), or ``None`` without a hand."""
        parts = self._hand_parts(es)
        if parts is None:
            return None
        hand, events, seat_of = parts
        return {**hand, "events": [event_json(e, seat_of) for e in events]}

    def _hand_parts(self, es: int | None) -> tuple[dict[str, object], tuple[Event, ...], tuple[int, ...]] | None:
        """Engine seat ``es``'s view of the hand as JSON but its ``events``, the view's events (engine seats) and
        the table seat of each engine seat; ``None`` without a hand."""
        t = self.table
        if not self._hand_shown():
            return None
        h, layout = t.hand, t.layout
        assert h is not None and layout is not None
        view = h.view(es)
        hand = view_json(view, layout.dealt, number=t.hand_number, events=False)
        hand["hand_id"] = self.hand_ids.get(t.hand_number)
        return hand, view.events, tuple(layout.dealt)

    def _view_key(self, es: int | None) -> tuple[int, int | None, int | None] | None:
        """Which hand view engine seat ``es`` gets (``None``: none shown): a view of another hand, or another
        seat's, is sent whole."""
        if not self._hand_shown():
            return None
        return self.table.hand_number, self.hand_ids.get(self.table.hand_number), es

    def _personal(self, player: str) -> tuple[int | None, int | None, dict[str, object]]:
        """``player``'s seat, engine seat (``None``: not dealt in) and rebuy allowance."""
        t = self.table
        you: int | None = t.seat_of(player) if self._seated(player) else None
        layout = t.layout
        es = layout.dealt.index(you) if you is not None and layout is not None and you in layout.dealt else None
        most = t.max_rebuy(player, after_hand=True) if you is not None else None  # queued till the hand ends
        queued = self._rebuys_due.get(player)
        return you, es, {"allowed": you is not None and most != 0, "max": most, "queued": queued}

    def state(self, player: str) -> dict[str, object]:
        """``player``'s ``state`` message: the seats, the clock, the last results and that player's view of the
        hand (a spectator's view when not dealt in)."""
        you, es, rebuy = self._personal(player)
        return {**self._shared(), "you": you, "hand": self._hand_json(es), "rebuy": rebuy}

    def broadcast(self) -> None:
        """Tell every connection what changed for it (only after a change), as JSON text: a ``delta``, or a full
        ``state`` to a connection that has none yet (:mod:`pokerroom.server.deltas`).  The shared part and each
        engine seat's view are built once, each value encoded only when it changed."""
        if not self._changed:
            return
        self._changed = False
        if not self.connections:
            self.deltas.reset()
            return
        self.deltas.frame(self._shared())
        keys: set[object] = set()
        for player, conns in self.connections.items():
            you, es, rebuy = self._personal(player)
            key = self._view_key(es)
            keys.add(key)
            view = self.deltas.view(key, lambda es=es: self._hand_parts(es))  # type: ignore[misc]
            personal = {"you": you, "rebuy": rebuy}
            for conn in conns:
                text = self.deltas.message(conn, view, personal)
                if text is not None:
                    conn.send(text)
        self.deltas.end_frame(keys)
