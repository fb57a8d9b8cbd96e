"""One table's actor: the single writer of a table's state (DESIGN: server layer).

A :class:`TableActor` owns a :class:`~pokerroom.store.runner.TableRunner`; every change to the table goes
through :meth:`TableActor.handle` (a player's command), :meth:`TableActor.tick` (the clock: bots' turns, time-outs,
the end of a disconnected player's grace, the next deal) or :meth:`TableActor.connect` / :meth:`disconnect`.
Those methods are synchronous; :meth:`TableActor.run` is the asyncio task that alone calls them, taking commands
from one queue, so two messages can never race.  After every change each connection is told what changed for
it: a ``delta`` message (:mod:`pokerroom.server.deltas`; a full ``state`` on connect and on ``resync``) of the
table and that seat's view of the hand (``hand.view(seat)``), never another seat's down cards.  A ``ping``
changes nothing: it is answered to its sender alone.  An action is carried out only if it answers the
moment being played (its hand, the events seen, the seat to act), so a message sent twice acts at most once.

Players are named; their chips live in store accounts (``account_of``).  Disconnects (RULES §3.7): a player whose
every connection has dropped keeps the seat for ``grace`` seconds and their clock runs as usual; reconnecting
resumes the seat.  After the grace the room's rule applies at their turns (the table's time-out: disconnect
protection on real-money fixed and spread limit tables, else check or fold) and they sit out from the next hand;
after ``stand_after`` more seconds away they stand up, their chips back in their account.

Two parts of the actor live in modules of their own: the house bots (:mod:`pokerroom.server.house_bots`) and an
operator's controls (:mod:`pokerroom.server.table_controls`: pause, resume, close, void, remove a player).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from pokerroom.engine import EventType, HandView
from pokerroom.engine.results import pot_shares
from pokerroom.errors import (
    DuplicateCard,
    IllegalAction,
    IllegalAmount,
    InvalidCard,
    NotYourCards,
    NotYourTurn,
    PokerroomError,
    RoomError,
    StoreError,
)
from pokerroom.room.clock import FOLD_DELAY, NEXT_HAND_DELAY
from pokerroom.room.decisions import Cause
from pokerroom.room.proof import Reveal
from pokerroom.room.record import HandRecord
from pokerroom.server.chat import ChatRoom, TableChat, is_chat
from pokerroom.server.deltas import Deltas
from pokerroom.server.house_bots import BotFactory, BotHome, HouseBotSeats, check_players_bots
from pokerroom.server.metrics import RoomMetrics
from pokerroom.server.oplog import event
from pokerroom.server.protocol import (
    VERSION,
    Act,
    AddBots,
    ComeBack,
    Command,
    Leave,
    Ping,
    ProtocolError,
    Rebuy,
    Resync,
    Seed,
    Sit,
    SitOut,
    card_text,
    error_message,
    legal_json,
    pong,
)
from pokerroom.server.shuffle_desk import SeedRefused, ShuffleDesk
from pokerroom.server.summary import shown_hands, summary
from pokerroom.server.table_controls import OperatorControls
from pokerroom.server.table_info import ShutSummary, TableInfo
from pokerroom.server.table_views import TableViews
from pokerroom.server.waitlist import Waitlist
from pokerroom.store.audit import standing
from pokerroom.store.runner import TableRunner

__all__ = ["HOUSE_BOT_RETRY", "BotFactory", "BotHome", "Connection", "TableActor", "hand_voided"]

log = logging.getLogger(__name__)

HOUSE_BOT_RETRY = 10.0
"""Seconds between tries to seat a table's missing house bots while a person waits alone for a hand (a short
house bankroll, funded by the operator meanwhile)."""


class Connection(Protocol):
    """One client of a table: its ``player`` name and a non-blocking :meth:`send` of one message, given as a dict
    or already encoded as JSON text (the broadcast's ``state`` and ``delta`` messages)."""

    player: str

    def send(self, message: dict[str, Any] | str) -> None: ...


@dataclass
class _Away:
    """A player with no connection: since when (table clock) and whether the grace has run out."""

    since: float
    grace_over: bool = False
    sat_out: bool = False
    """Whether the end of the grace sat them out (a player who chose to sit out stays out on coming back)."""


def _code(err: PokerroomError) -> str:
    if isinstance(err, ProtocolError):
        return err.code
    if isinstance(err, NotYourTurn):
        return "not_your_turn"
    if isinstance(err, NotYourCards):
        return "bad_card"
    if isinstance(err, IllegalAmount):
        return "illegal_amount"
    if isinstance(err, IllegalAction):
        return "illegal_action"
    if isinstance(err, (InvalidCard, DuplicateCard)):
        return "bad_card"
    if isinstance(err, StoreError):
        return "store"
    if isinstance(err, SeedRefused):
        return "seed_refused"
    return "room"


def hand_voided(r: HandRecord, *, table: str, table_id: int, hand_id: object, metrics: RoomMetrics) -> int:
    """Count the voided hand ``r`` (RULES §3.8: at the table, by an operator or by the crash recovery) and log
    one ``hand_voided`` event: ``table``, ``table_id``, ``hand_id``, ``number``, ``reason``, ``refunded`` (each
    player's chips that were in play and went back to them, by name; those who put none in left out) and
    ``refunded_total`` (their sum).  Returns ``refunded_total`` (chips)."""
    metrics.hand_ended(voided=True)
    refunded: dict[str, int] = {}
    for (_seat, name), chips in zip(r.players, r.payouts, strict=True):
        if chips:
            refunded[name] = refunded.get(name, 0) + chips
    total = sum(refunded.values())
    event(
        "hand_voided", table=table, table_id=table_id, hand_id=hand_id, number=r.number, reason=r.reason,
        refunded=refunded, refunded_total=total,
    )  # fmt: skip
    return total


class TableActor(HouseBotSeats, OperatorControls, TableViews):
    """The single writer of one table (see the module docstring).

    ``runner``: the table and its store.  ``bot_delay``: seconds a bot waits before acting (so people can follow);
    ``next_hand_delay``: seconds between a hand's end and the next deal, the result shown on the felt meanwhile
    (shorter after a hand won uncontested: :meth:`deal_delay`); ``grace``: seconds a disconnected player's
    seat is held as if connected; ``stand_after``: seconds after the grace before an absent player stands up;
    ``bot_kind``: the bots' kind (``pokerroom.bots.make``); ``fund_bot``: opens a bot's account before it sits;
    ``bot_home``: sends a bot's chips back to the house once it stands (none: they stay in its account);
    ``chat``: the server's chat room (mutes, operators; a room of this table alone without it).
    Times are read from the table's clock (``runner.table.clock``), so tests drive it with a virtual clock.
    """

    def __init__(
        self,
        runner: TableRunner,
        *,
        info: TableInfo,
        fund_bot: BotFactory,
        bot_home: BotHome | None = None,
        bot_delay: float = 0.6,
        next_hand_delay: float = NEXT_HAND_DELAY,
        grace: float = 30.0,
        stand_after: float = 300.0,
        bot_kind: str = "simple",
        seed: int | None = None,
        chat: ChatRoom | None = None,
        reveal: Reveal | None = None,
        metrics: RoomMetrics | None = None,
    ) -> None:
        self.runner = runner
        self.table = runner.table
        self.clock = runner.table.clock
        self.info = info
        info.table = runner.table
        self.fund_bot = fund_bot
        self.bot_home = bot_home
        self.bot_delay = bot_delay
        self.next_hand_delay = next_hand_delay
        self.grace = grace
        self.stand_after = stand_after
        self.bot_kind = bot_kind
        self._seed = seed
        self.metrics = metrics if metrics is not None else RoomMetrics()
        """The server's metrics (:mod:`pokerroom.server.metrics`; a registry of this table's own without one)."""
        self.shuffle = ShuffleDesk(runner.table, reveal)
        """The provable shuffle: the next deck's commitment, the client seeds, the proofs (docs/shuffle.md)."""
        self.bots: dict[str, Any] = {}
        self.connections: dict[str, list[Connection]] = {}
        self.away: dict[str, _Away] = {}
        self._leaving: set[str] = set()
        """Players who asked to leave during a hand: they stand when it is over."""
        self._rebuys_due: dict[str, int] = {}
        """Rebuys asked for by players not dealt into the hand being played: made when it is over (RULES §3.3:
        chips are added between hands)."""
        self._bot_due: float | None = None
        self._deal_due: float | None = self.clock.now()
        self.results: list[dict[str, object]] = []
        """The last settled hands (newest last, at most 20): number, store id, pots, winners, shown hands, the
        felt's ``summary`` (:func:`~pokerroom.server.summary.summary`)."""
        self.timed_out: set[int] = set()
        """Table seats the clock acted for in the hand on the table (shown until the next deal)."""
        self.hand_ids: dict[int, int] = {}
        """Table hand number -> store hand id, for the hands of this actor's lifetime."""
        self.inbox: asyncio.Queue[tuple[Connection | None, Command | str]] = asyncio.Queue()
        self.closed = False
        self._changed = False
        self.waitlist = Waitlist(self.clock)
        """The table's waiting list (server/waitlist.py): its offers hold seats against others' ``sit``."""
        self.chat = TableChat(chat or ChatRoom(clock=self.clock))
        """The table's chat (``chat``: the server's :class:`~pokerroom.server.chat.ChatRoom`)."""
        self.paused = False
        """An operator paused the table: no new deal until :meth:`resume` (the hand being played plays on)."""
        self.closing = False
        """An operator closed the table: no more deals; everyone stands once the hand being played is over."""
        self.when_closed: Callable[[TableActor, dict[str, int]], None] | None = None
        """Called once the close is done, with the chips each player took back to their account (the lobby)."""
        self.house_bots = 0
        """House bots the operator's configuration seats here (``lobby_tables.bots``): :meth:`seat_house_bots`
        keeps trying to seat the missing ones before each deal and when a person sits."""
        self._short_logged = False
        """Why the configured bots cannot sit was logged (``house_bankroll_short``, or the store's refusal), and
        they are not all seated yet: said once until they are."""
        self._acted = False
        """A player's action was carried out by the command being handled (its latency is observed)."""
        self.deltas = Deltas()
        """What each connection was last sent: the broadcast's ``delta`` messages."""

    # ------------------------------------------------------------------ connections

    def connect(self, conn: Connection) -> None:
        """A client joined (a seated player coming back resumes the seat, RULES §3.7)."""
        self.connections.setdefault(conn.player, []).append(conn)
        away = self.away.pop(conn.player, None)
        if away is not None and self._seated(conn.player):
            self.table.reconnect(conn.player)
            if away.grace_over and away.sat_out:
                with contextlib.suppress(RoomError):
                    self.runner.come_back(conn.player)
        chat = self.chat.welcome(conn.player)  # the last messages, whether an operator, whom they muted
        conn.send({"v": VERSION, "type": "welcome", "player": conn.player, "table": self.info.json(), "chat": chat})
        self._schedule_deal()
        self._changed = True

    def disconnect(self, conn: Connection) -> None:
        """A client's connection ended; the player's last one starts the grace period."""
        conns = self.connections.get(conn.player, [])
        self.deltas.forget(conn)
        if conn in conns:
            conns.remove(conn)
        if not conns:
            self.connections.pop(conn.player, None)
            if self._seated(conn.player):
                self.table.disconnect(conn.player)
                self.away[conn.player] = _Away(self.clock.now())
        self._changed = True

    def _seated(self, player: str) -> bool:
        try:
            self.table.seat_of(player)
        except RoomError:
            return False
        return True

    # ------------------------------------------------------------------ commands

    def handle(self, conn: Connection, command: Command) -> None:
        """Carry out ``command`` from ``conn``'s player; a refusal is sent back to ``conn`` as an ``error``
        message and changes nothing."""
        if isinstance(command, Ping):  # to its sender alone, no state: pings must not cost other connections
            conn.send(pong(command))
            return
        if isinstance(command, Resync):  # a full state at the broadcast that ends this step (to others: nothing)
            self.deltas.forget(conn)
            self._changed = True
            return
        try:
            if is_chat(command):  # the chat changes nothing a state shows: no broadcast (return skips the else)
                self.chat.handle(conn, command, seated=self._seated(conn.player), connections=self.connections)
                return
            self._handle(conn, command)
        except PokerroomError as err:
            conn.send(self._error(err))
        else:
            self._changed = True

    def _error(self, err: PokerroomError) -> dict[str, object]:
        code = _code(err)
        perr = err if isinstance(err, ProtocolError) else ProtocolError(code, str(err))
        if code in ("illegal_action", "illegal_amount") and perr.allowed is None:
            h = self.table.hand
            legal = h.legal_actions() if h is not None and not h.is_complete else None
            if legal is not None:
                perr.allowed = legal_json(legal)
        return error_message(perr)

    def _handle(self, conn: Connection, command: Command) -> None:
        player = conn.player
        if isinstance(command, AddBots):
            if not self._seated(player):  # bots join people, never fill a table nobody plays at
                raise ProtocolError("not_seated", f"{player}: sit down first; bots are added by a seated player")
            check_players_bots(self.info.real_money, command.count)
            self.add_bots(command.count)
            return
        if isinstance(command, Sit):
            if command.seat >= self.table.size:
                raise ProtocolError(
                    "bad_field", f"seat {command.seat} does not exist; seats are 0 to {self.table.size - 1}"
                )
            self.waitlist.check_sit(command.seat, player)  # a seat offered to the waiting list's first is theirs
            held = standing(self.runner.store, player)  # a socket opened across a hold still cannot sit
            if held is not None:
                raise RoomError(f"{held}; a suspended or banned player cannot sit")
            self.runner.sit(command.seat, player, command.buy_in)
            self.waitlist.sat(player)
            self.seat_house_bots()  # a funded bankroll seats the configured bots with the first person
            self._schedule_deal()
            return
        if not self._seated(player):
            raise ProtocolError("not_seated", f"{player} has no seat at this table; sit first")
        seat = self.table.seat_of(player)
        if isinstance(command, Act):
            self._act(seat, command)
        elif isinstance(command, Seed):
            self.shuffle.add_seed(seat, command.hand, command.seed, running=self._hand_running())
        elif isinstance(command, Leave):
            self._leave(player, seat)
        elif isinstance(command, SitOut):
            self.runner.sit_out(player)
        elif isinstance(command, ComeBack):
            self._leaving.discard(player)
            self.runner.come_back(player)
            self._schedule_deal()
        elif isinstance(command, Rebuy):
            if self._hand_running():
                if self.table.in_hand(seat):
                    raise RoomError("chips are added between hands (RULES §3.3); wait for this hand to end")
                self._rebuys_due[player] = command.amount  # made between hands, refused then if out of range
                conn.send({"v": VERSION, "type": "notice", "code": "rebuy_queued", "amount": command.amount})
                return
            self._rebuy(player, command.amount)

    def _rebuy(self, player: str, amount: int) -> None:
        """Add ``amount`` chips to ``player``'s stack between hands; a player sat out for having too few chips is
        dealt in again (what a rebuy is for)."""
        st = self.table.seats[self.table.seat_of(player)]
        assert st is not None
        short = st.sitting_out and st.stack < max(self.table.min_stack, 1)
        self.runner.rebuy(player, amount)
        if short and player not in self._leaving:
            self.runner.come_back(player)
        self._schedule_deal()

    def _queued_rebuys(self) -> None:
        for player, amount in sorted(self._rebuys_due.items()):
            try:
                self._rebuy(player, amount)
            except PokerroomError as err:  # told to the player; the table deals on
                for conn in self.connections.get(player, ()):
                    conn.send(self._error(err))
        self._rebuys_due.clear()

    def _act(self, seat: int, command: Act) -> None:
        """``command`` from table ``seat``, carried out only if it answers the moment being played: the hand
        (``hand``), the turn (``seq``: the hand's events when the player chose) and the seat to act."""
        if command.seat is not None and command.seat != seat:
            raise ProtocolError("wrong_seat", f"seat {command.seat} is not yours; you sit in seat {seat}")
        number = self.table.hand_number
        if not self._hand_running():
            over = f" (hand {number} is over)" if number else ""
            raise ProtocolError("stale_hand", f"no hand is being played{over}; wait for the next deal")
        if command.hand != number:
            raise ProtocolError("stale_hand", f"hand {command.hand} is not being played; the table is at hand {number}")
        h = self.table.hand
        assert h is not None
        if command.seq != len(h.events):
            raise ProtocolError(
                "stale_hand",
                f"the action was chosen after event {command.seq} of hand {number}; the hand is at event "
                f"{len(h.events)} now: look again",
            )
        to_act = self.table.to_act
        if to_act != seat:
            st = self.table.seats[to_act] if to_act is not None else None
            whose = "nobody's turn" if st is None else f"{st.player}'s turn (seat {to_act})"
            raise ProtocolError("not_your_turn", f"it is {whose}, not yours (seat {seat})")
        self.runner.act(seat, command.action)
        self.metrics.action(bot=False)
        self._acted = True
        self._after_action()

    def _leave(self, player: str, seat: int) -> None:
        layout = self.table.layout
        if self._hand_running() and layout is not None and seat in layout.dealt:
            self._leaving.add(player)  # stands once the hand is over; checks or folds at its turns meanwhile
            self.runner.sit_out(player)
            return
        self.runner.stand(player)
        self.bots.pop(player, None)

    def _hand_running(self) -> bool:
        h = self.table.hand
        return h is not None and not h.is_complete and self.runner.hand_id is not None

    # ------------------------------------------------------------------ the clock

    def _schedule_deal(self) -> None:
        if not self._hand_running() and self._deal_due is None:
            self._deal_due = self.clock.now() + self.next_hand_delay

    def _after_action(self) -> None:
        h = self.table.hand
        if h is None:
            return
        if h.is_complete or self.runner.hand_id is None:
            self._hand_over()
        else:
            self._bot_due = self.clock.now() + self.bot_delay if self._bot_to_act() else None

    def _bot_to_act(self) -> str | None:
        seat = self.table.to_act
        if seat is None or not self._hand_running():
            return None
        st = self.table.seats[seat]
        return st.player if st is not None and (st.player in self.bots) else None

    def deal_delay(self, result: dict[str, object] | None) -> float:
        """Seconds from the end of the hand whose ``results`` entry is ``result`` to the next deal: the result
        stays on the felt for ``next_hand_delay``, or at most :data:`FOLD_DELAY` after a hand won uncontested."""
        won = result.get("summary") if result is not None else None
        if isinstance(won, list) and any(item["uncontested"] for item in won):
            return min(FOLD_DELAY, self.next_hand_delay)
        return self.next_hand_delay

    def _hand_over(self) -> None:
        record = self.table.record
        result = self._record(record) if record is not None else None
        if record is not None:  # each player dealt in gets the openings of what they saw (docs/shuffle.md)
            proofs = self.shuffle.proofs(record, self.hand_ids.get(record.number or 0), self.connections)
            for player, proof in proofs.items():
                for conn in self.connections.get(player, ()):
                    conn.send(proof)
        self._bot_due = None
        self._stand_leavers()
        self.table.finish_busts()
        self._queued_rebuys()
        self._deal_due = self.clock.now() + self.deal_delay(result)

    def _record(self, r: HandRecord) -> dict[str, object]:
        """Add the settled (or voided) hand ``r`` to :attr:`results`; returns its entry."""
        seat_of = [seat for seat, _ in r.players]
        h = self.table.hand
        shown: dict[int, list[str]] = {}
        names: dict[str, str] = {}
        hands: dict[str, list[dict[str, object]]] = {}  # the shown hands as data, for the page's languages
        pots: list[dict[str, object]] = []
        for e in r.events:
            if e.type is EventType.SHOW and e.seat is not None and e.cards is not None:
                shown[seat_of[e.seat]] = [card_text(c) for c in e.cards]
                if h is not None and not r.voided:
                    valued = hands[str(seat_of[e.seat])] = shown_hands(h.game, e.cards, h.board)
                    names[str(seat_of[e.seat])] = "; ".join(str(x["name"]) for x in valued)  # hand_name's text
            if e.type is EventType.POT and e.winners is not None:
                shares = pot_shares(h, e) if h is not None and len(h.game.shares) > 1 and e.text != "split" else None
                pots.append(
                    {
                        "amount": e.amount,
                        "text": e.text,
                        "winners": [[seat_of[s], chips] for s, chips in e.winners],
                        "shares": None
                        if shares is None
                        else [
                            {"share": share, "winners": [[seat_of[s], chips] for s, chips in paid]}
                            for share, paid in shares
                        ],
                    }
                )
        entry: dict[str, object] = {
            "number": r.number,
            "hand_id": None if r.number is None else self.hand_ids.get(r.number),
            "players": [[seat, name] for seat, name in r.players],
            "net": list(r.net),
            "pots": pots,
            "shown": {str(k): v for k, v in shown.items()},
            "hand_names": names,
            "hands": hands,
            "board": [card_text(c) for c in h.board] if h is not None else [],
            "rake": r.rake,
            "voided": r.voided,
            "summary": summary(r, h) if h is not None else [],
            "ended_at": round(self.clock.now(), 3),
        }
        self.results.append(entry)
        del self.results[:-20]
        self._ended(r, entry)
        return entry

    def _ended(self, r: HandRecord, entry: dict[str, object]) -> None:
        """Count the hand ``r`` and log it: ``hand_settled`` (table, hand id and number, ``pot``: the chips won
        plus the rake, ``rake``, ``winners``: each winner's name and chips won) or ``hand_voided``
        (:func:`hand_voided`)."""
        if r.voided:
            hand_voided(r, table=self.info.name, table_id=self.info.id, hand_id=entry["hand_id"], metrics=self.metrics)
            return
        self.metrics.hand_ended(voided=False)
        names = dict(r.players)
        won: dict[str, int] = {}
        for pot in entry["pots"]:  # type: ignore[attr-defined]
            for seat, chips in pot["winners"]:
                won[names[seat]] = won.get(names[seat], 0) + chips
        event(
            "hand_settled", table=self.info.name, table_id=self.info.id, hand_id=entry["hand_id"], number=r.number,
            pot=sum(won.values()) + r.rake, rake=r.rake, winners=won,
        )  # fmt: skip

    def next_deadline(self) -> float | None:
        """The table-clock time of the next thing :meth:`tick` will do (``None``: nothing until a command)."""
        times = [t for t in (self._bot_due, self._deal_due, self.waitlist.deadline()) if t is not None]
        timer = self.table.running_timer
        if self._hand_running() and timer is not None and self.table.to_act is not None:
            times.append(self.clock.now() + timer.remaining(self.clock.now()))
        for player, away in self.away.items():
            if away.grace_over and self._in_hand(player):
                continue  # stands when the hand is over, which another deadline or command brings
            times.append(away.since + (self.stand_after + self.grace if away.grace_over else self.grace))
        return min(times) if times else None

    def tick(self) -> None:
        """Do whatever is due by the table's clock: the end of a grace period, a bot's turn, a time-out, the
        next deal."""
        now = self.clock.now()
        for player, away in list(self.away.items()):
            if not away.grace_over and now >= away.since + self.grace:
                away.grace_over = True
                self._changed = True
                st = self.table.seats[self.table.seat_of(player)] if self._seated(player) else None
                if st is not None and not st.sitting_out:
                    with contextlib.suppress(PokerroomError):
                        self.runner.sit_out(player)
                        away.sat_out = True
            elif away.grace_over and now >= away.since + self.grace + self.stand_after and not self._in_hand(player):
                del self.away[player]
                with contextlib.suppress(PokerroomError):
                    self.runner.stand(player)
                self._changed = True
        if self._hand_running():
            self._turns(now)
        elif self._deal_due is not None and now >= self._deal_due:
            self._deal_due = None
            self._deal()
        if self.closing and not self.closed and not self._hand_running():
            self._finish_close()
            return
        self.offer_seats()

    def offer_seats(self) -> None:
        """Bring the waiting list up to date with the seats: expired offers passed on, free seats offered."""
        seats = self.table.seats
        self.waitlist.refresh([i for i, st in enumerate(seats) if st is None], [st.player for st in seats if st])

    def waitlist_changed(self) -> None:
        """The waiting list changed outside a command (the lobby: a join, a leave, a log-out; on the event loop,
        between the actor's steps): a seat freed is offered to the next in line at once, and the actor's task is
        woken to wait for the new offers' deadlines."""
        self.offer_seats()
        if not self.closed:
            self.submit(None, "tick")

    def _in_hand(self, player: str) -> bool:
        return self._seated(player) and self._hand_running() and self.table.in_hand(self.table.seat_of(player))

    def _turns(self, now: float) -> None:
        """Bots' turns, leavers' turns and time-outs, until a person is to act with time left."""
        while self._hand_running():
            seat = self.table.to_act
            assert seat is not None
            st = self.table.seats[seat]
            assert st is not None
            if st.player in self.bots:
                if self._bot_due is None:
                    self._bot_due = now + self.bot_delay
                if now < self._bot_due:
                    return
                self._bot_act(seat, st.player)
            elif st.player in self._leaving:
                self.runner.force(Cause.LEFT)
            elif self.table.expired():
                self._time_out(seat, st.player)
            else:
                return
            self._changed = True
            self._after_action()

    def _time_out(self, seat: int, player: str) -> None:
        """The clock acts for ``player`` at table ``seat`` (RULES §2.5, §3.7): the seat is flagged until the next
        deal and the player's connections get a ``timed_out`` notice naming what the table did."""
        number = self.table.hand_number
        event = self.runner.time_out()
        self.timed_out.add(seat)
        notice = {
            "v": VERSION, "type": "notice", "code": "timed_out", "hand": number, "seat": seat,
            "action": event.type.value, "bank": round(self.table.timer.bank(seat), 1),
        }  # fmt: skip
        for conn in self.connections.get(player, []):
            conn.send(notice)

    def _bot_act(self, seat: int, name: str) -> None:
        h = self.table.hand
        assert h is not None and self.table.layout is not None
        es = self.table.layout.dealt.index(seat)
        view: HandView = h.view(es)
        try:
            self.runner.act(seat, self.bots[name].act(view))
        except IllegalAction:
            self.runner.force(Cause.LEFT)  # a bot's mistake never stalls the table: check, else fold
        self.metrics.action(bot=True)

    def _watched(self) -> bool:
        """Whether a person (not a house bot) is seated and not sitting out: house bots never play each other
        alone, a spectator watching or not (the house would rake its own chips)."""
        return any(st is not None and st.player not in self.bots and not st.sitting_out for st in self.table.seats)

    def _deal(self) -> None:
        if self.paused or self.closing:
            return  # an operator's pause or close: dealt again on resume
        self.seat_house_bots()  # the house's bankroll may have been funded since: its bots sit now
        if not self._watched():
            return  # dealt again when someone connects or sits
        self._bot_rebuys()
        try:
            # The deck committed to before the hand (its seed hash shown) with the players' client seeds.
            hand_id = self.runner.start_hand(deck=self.shuffle.deal_deck())
        except RoomError:  # not enough players: dealt when someone sits or comes back
            if len(self.bots) < self.house_bots:  # or when the house's bankroll can seat its missing bots
                self._deal_due = self.clock.now() + HOUSE_BOT_RETRY
            return
        self.shuffle.dealt()
        self.metrics.hand_dealt()
        self.hand_ids[self.table.hand_number] = hand_id
        self.timed_out.clear()
        self._changed = True
        self._after_action()

    # ------------------------------------------------------------------ the task

    async def run(self) -> None:
        """The actor's task: take commands from :attr:`inbox` one at a time, run :meth:`tick` when something is
        due, broadcast after each change.  Ends on :meth:`stop`."""
        while not self.closed:
            due = self.next_deadline()
            timeout = None if due is None else max(0.0, due - self.clock.now())
            if timeout is not None and timeout <= 0:
                await asyncio.sleep(0)  # wait_for with no time left would never give the loop a turn
                try:
                    conn, item = self.inbox.get_nowait()
                except asyncio.QueueEmpty:
                    conn, item = None, "tick"
            else:
                try:
                    conn, item = await asyncio.wait_for(self.inbox.get(), timeout)
                except TimeoutError:
                    conn, item = None, "tick"
            if item == "stop":
                break
            began = time.perf_counter()
            self._acted = False
            try:
                if conn is not None and item == "connect":
                    self.connect(conn)
                elif conn is not None and item == "disconnect":
                    self.disconnect(conn)
                elif conn is not None and not isinstance(item, str):
                    self.handle(conn, item)
                self.tick()
            except Exception as exc:  # a bug must not stop the table: log it, void the hand (RULES §3.8), play on
                self.metrics.error("table")
                event(
                    "error", level=logging.ERROR, where="table", table=self.info.name, error=repr(exc),
                    exception=traceback.format_exc(), message="unexpected error; the hand is voided",
                )  # fmt: skip
                self._void("server error: hand void, chips returned (RULES §3.8)")
                self._deal_due = self.clock.now() + self.next_hand_delay
            self.broadcast()
            if self._acted:  # an action carried out, as actions_total{by="player"} counts: not a refused one
                self._acted = False
                self.metrics.action_latency(time.perf_counter() - began)
        self.closed = True
        self.deltas.reset()  # a night's room sends its own states to these connections now: full ones next

    def _void(self, reason: str) -> None:
        """Void the hand being played, if any (RULES §3.8): every contribution back, the void in the results."""
        self._changed = True
        with contextlib.suppress(PokerroomError):
            if self._hand_running():
                result = self.runner.void(reason)
                self._record(result)

    def shut(self) -> ShutSummary:
        """Close the table for good (the server is stopping): void the hand being played, every player's exact
        contributions back (RULES §3.8), stand everyone up with their chips back in their accounts, give the
        table's lease back.  Returns what it did."""
        self.closed = True
        running = self._hand_running()
        self._void("server stopped: hand void, chips returned (RULES §3.8)")
        voided = int(running and not self._hand_running())
        try:
            moved = self.runner.stand_all()
            self._send_bots_home(moved)
        finally:
            self.runner.close()
        people = {name: chips for name, chips in moved.items() if name not in self.bots}
        bots = {name: chips for name, chips in moved.items() if name in self.bots}
        real = self.info.real_money
        chips, bot_chips = sum(people.values()), sum(bots.values())
        return ShutSummary(
            voided, 0 if real else chips, chips if real else 0, len(people), 0 if real else bot_chips,
            bot_chips if real else 0, len(bots),
        )  # fmt: skip

    def submit(self, conn: Connection | None, item: Command | str) -> None:
        """Queue ``item`` (a command, ``"connect"``, ``"disconnect"``, ``"stop"``, ``"tick"``: look at the clock)
        for the actor's task."""
        self.inbox.put_nowait((conn, item))

    def stop(self) -> None:
        self.submit(None, "stop")
