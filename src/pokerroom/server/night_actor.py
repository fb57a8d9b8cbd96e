"""A club night's table in the server: :class:`NightActor`, a :class:`~pokerroom.server.actor.TableActor` that plays
a :class:`~pokerroom.store.night_runner.NightRunner` (seeds 000/001 chapter 4; RULES §3.11, G1, G2, §5).

The table actor's machinery is the night's too: one task, one queue of commands, the table's clock (time-outs),
bots acting after a delay, every action through the runner (``runner.act`` / ``runner.force`` /
``runner.time_out``: the table's one accept step), and a ``state`` per connection with that seat's view of the
hand only.  What the night adds, between hands, in the order the terminal's evening keeps
(:mod:`pokerroom.cli.night_evening`):

* the deal: bots with no chips buy again, a busted player who has not bought again within ``bust_wait`` seconds
  leaves the table (cashed out with nothing; ``join`` brings them back as a new player), the evening ends when
  every person has left or fewer than two players are seated, else the night deals (``book.start_hand``, the
  last hand flagged when it completes the orbit after the agreed length) and counts the hand
  (``book.hand_done``);
* the players' requests: ``rebuy`` (the club's rules and cap, the book refuses with the numbers), ``join`` (a seat
  by lot, club hold'em's new-player fee), ``leave`` (cashed out at the evening's price); made during a hand they
  wait for its end (a leaver checks or folds at their turns meanwhile);
* the host's: house rules from the next hand on (tried at a trial table first), ``end`` after the orbit, ``end
  now``, ``pause`` and ``resume``;
* the end: ``book.end()`` settles the sheet, which is shown to everyone at the night (:meth:`on_end`).

A night deals from its books (the night's seed, or a fresh one), not from a committed deck: its states carry no
``shuffle`` field and a ``seed`` message is refused (``seed_refused``).

A disconnected player keeps the seat for the whole evening (their turns time out: check, else fold); they are
never sat out or stood up, which would take the deal from the night.  A night resumed after a restart starts
paused: the hand cut off is void and refunded (RULES §3.8), and the host deals on with ``resume``.
"""

from __future__ import annotations

import contextlib
import logging
import math
from collections.abc import Callable
from typing import Any

from pokerroom.bots import make as make_bot
from pokerroom.errors import PokerroomError, RoomError
from pokerroom.games import find
from pokerroom.games.base import format_rule_value
from pokerroom.room.faults import HandVoided
from pokerroom.room.night import Night, format_kronor, name_key
from pokerroom.room.night_trial import check_rules
from pokerroom.room.record import Status
from pokerroom.room.record_json import rule_value_json
from pokerroom.server.actor import Connection, TableActor
from pokerroom.server.lobby import stakes_text
from pokerroom.server.night_invites import (
    BOT_PREFIX,
    Invite,
    house_rule,
    is_bot,
)
from pokerroom.server.night_protocol import HOST_ONLY, NightCommand
from pokerroom.server.protocol import VERSION, Act, Command, Leave, Ping, ProtocolError, Rebuy, Seed
from pokerroom.server.table_info import ShutSummary, TableInfo
from pokerroom.store import nights as stored_nights
from pokerroom.store.night_runner import NightRunner
from pokerroom.words import plural

__all__ = ["RUNNING", "NightActor", "agreement_json"]

log = logging.getLogger(__name__)

RUNNING = "running"
PAUSED = "paused"
ENDED = "ended"

LOG_LINES = 60
"""The night's log lines kept for the page (newest last)."""


def agreement_json(invite: Invite) -> dict[str, object]:
    """What was agreed for the evening, as the page shows it: the game, the limit, the money (öre, and as
    kronor), the length and the house rules."""
    config = invite.config
    game = find(config.game)
    limit = "no" if config.no_limit else game.default_limit.value
    return {
        "token": invite.token,
        "host": invite.host,
        "game": config.game,
        "game_name": game.name,
        "limit": limit,
        "price_per_chip": config.price_per_chip,
        "price_kr": format_kronor(config.price_per_chip),
        "first_buyin": config.first_buyin,
        "buyin_kr": format_kronor(config.first_buyin * config.price_per_chip),
        "hands": config.agreed_hands,
        "minutes": config.agreed_minutes,
        "length": config.length_text(),
        "house_rules": {k: rule_value_json(v) for k, v in config.house_rules.items()},
        "fee": game.house.new_player_fee,
        "rebuy_cap": game.house.rebuy_to_average,
        "max_players": game.max_players,
    }


def _noop(_: str) -> None:
    """The night's players are funded by their buy-ins (the night's own accounts), bots too."""


class NightActor(TableActor):
    """The single writer of one club night (see the module docstring).  ``book``: the night in the store;
    ``invite``: its invitation (the host, the token); ``bust_wait``: seconds a player with no chips has to buy
    again before the next deal; ``paused``: start paused (a resumed night); ``on_end``: called once the night is
    settled.  The rest as :class:`TableActor`."""

    def __init__(
        self,
        book: NightRunner,
        *,
        invite: Invite,
        bot_kind: str = "simple",
        seed: int | None = None,
        bust_wait: float = 20.0,
        paused: bool = False,
        on_end: Callable[[NightActor], None] | None = None,
        **actor_options: Any,
    ) -> None:
        table = book.table
        info = TableInfo(
            id=book.runner.table_id,
            name=f"{table.game.name} · night {book.id}",
            game=table.game.id,
            game_name=table.game.name,
            family=table.game.family.value,
            stakes=stakes_text(table),
            limit=table._limit.value,
            real_money=False,
            seats=table.size,
            players=[None] * table.size,
            buy_in={"min": table.buy_in.minimum, "max": table.buy_in.maximum, "default": table.default_buy_in()},
        )
        actor_options.pop("grace", None)  # a night holds a player's seat all evening (see the module docstring)
        actor_options.pop("stand_after", None)
        super().__init__(book.runner, info=info, fund_bot=_noop, bot_kind=bot_kind, seed=seed, **actor_options)
        self.book = book
        self.invite = invite
        self.bust_wait = bust_wait
        self.on_end = on_end
        humans = [str(h) for h in book.options.get("humans", [])]
        self.humans: set[str] = {h for h in humans if book.night.is_seated(h)}
        self.had_humans = bool(humans)
        for name in book.night.players:
            if name not in humans:
                self._bot_for(name)
        self.phase = RUNNING
        self.paused = paused
        self.end_now = False
        self.sheet: dict[str, object] | None = None
        self.lines: list[str] = []
        self._queue: list[tuple[str, NightCommand]] = []
        self._busted: dict[str, float] = {}
        self._caps: dict[str, int | None] = {}
        self._base = book.elapsed
        self._started: float | None = None
        self._effective = 0.0
        self._deal_due = None if paused else self.clock.now() + self.next_hand_delay

    @property
    def night(self) -> Night:
        """The books (a property: a void or a refusal replaces them in the runner)."""
        return self.book.night

    def say(self, text: str) -> None:
        """A line of the night's log, shown to everyone at the night."""
        self.lines.append(text)
        del self.lines[:-LOG_LINES]
        self._changed = True

    def _bot_for(self, name: str) -> None:
        if name not in self.bots:
            k = len(self.bots)  # as the terminal's evening seeds its bots
            self.bots[name] = make_bot(self.bot_kind, seed=None if self._seed is None else self._seed * 100 + k)

    # ------------------------------------------------------------------ the clock of the evening

    def elapsed(self) -> float:
        """Minutes played: before this process took the night up, and since its first deal here (a pause not
        counted)."""
        here = 0.0 if self._started is None else (self.clock.now() - self._started) / 60.0
        return self._base + here

    def _stop_clock(self) -> None:
        self._base, self._started = self.elapsed(), None
        self.book.elapsed = self._base

    # ------------------------------------------------------------------ connections

    def connect(self, conn: Connection) -> None:
        """A client joined: a seated player's seat is theirs again (it was held all along)."""
        self.connections.setdefault(conn.player, []).append(conn)
        self.away.pop(conn.player, None)
        if self._seated(conn.player):
            self.table.reconnect(conn.player)
        conn.send(
            {
                "v": VERSION,
                "type": "welcome",
                "player": conn.player,
                "table": self.info.json(),
                "night": self.invite.token,
            }
        )
        self._changed = True
        self._schedule_deal()

    # ------------------------------------------------------------------ commands

    def _handle(self, conn: Connection, command: Command | NightCommand) -> None:
        player = conn.player
        if isinstance(command, Ping):
            super()._handle(conn, command)
            return
        if self.phase == ENDED:
            raise ProtocolError("night_over", "the night has ended: see the cash-out sheet")
        if isinstance(command, Seed):  # a night deals from no published commitment: no deck a seed could join
            raise ProtocolError("seed_refused", "club nights deal without client seeds")
        if isinstance(command, Act):
            if not self._seated(player):
                raise ProtocolError("not_at_night", f"{player} has no seat at this night; join it first")
            super()._handle(conn, command)
            return
        if isinstance(command, Rebuy):
            command = NightCommand("rebuy", chips=command.amount)
        elif isinstance(command, Leave):
            command = NightCommand("leave")
        if not isinstance(command, NightCommand):
            raise ProtocolError("night", "a night seats its players by lot: use join (a seat by lot), rebuy and leave")
        self._night_command(player, command)

    def _night_command(self, player: str, cmd: NightCommand) -> None:
        host = self.invite.host
        if cmd.kind in HOST_ONLY and player != host:
            raise ProtocolError("not_host", f"only the host ({host}) may {cmd.kind.replace('_', ' ')} the night")
        if cmd.player is not None and cmd.player != player and player != host:
            raise ProtocolError("not_host", f"only the host ({host}) may ask for another player")
        kind = cmd.kind
        if kind in ("take_seat", "stand_up", "start", "cancel", "remove_bot"):
            raise ProtocolError("night", "the evening has started: seats are taken by lot with join")
        if kind == "pause":
            if not self.paused:
                self.paused = True
                self._deal_due = None
                if not self._hand_running():
                    self._stop_clock()  # a break does not count towards the agreed minutes
                self.say(f"{host} pauses the evening" + (" after this hand." if self._hand_running() else "."))
            return
        if kind in ("resume", "deal"):
            if self.paused:
                self.paused = False
                self.say(f"{host} deals on.")
            if kind == "deal" and not self._hand_running():
                now = self.clock.now()
                self._deal_due = now  # the next hand now: a busted player's wait ends too
                self._busted = {name: min(due, now) for name, due in self._busted.items()}
            else:
                self._schedule_deal()
            return
        if kind == "rule":
            assert cmd.key is not None
            try:
                key, value = house_rule(find(self.night.config.game), cmd.key, cmd.value)
                upcoming = {**self.night.rules_for_hand(self.night.hand + 1), key: value}
                check_rules(self.night, upcoming)  # refused now, before anything is agreed
            except PokerroomError as err:
                raise ProtocolError("night", str(err)) from None
            cmd = NightCommand("rule", key=key, value=value)
        if kind == "rebuy" and cmd.chips is not None:
            who = cmd.player or player
            self._resolve(who)
        if self._hand_running() and kind in ("rebuy", "join", "leave", "rule", "end", "add_bot"):
            self._later(player, cmd)
            return
        self._apply(player, cmd)
        self._schedule_deal()

    def _resolve(self, name: str) -> str:
        """The night's player ``name`` stands for (without case); refuses a name nobody at the night has."""
        try:
            return self.night.resolve(name)
        except RoomError as err:
            raise ProtocolError("not_at_night", str(err)) from None

    def _later(self, player: str, cmd: NightCommand) -> None:
        """A request made during a hand: checked as far as it can be now, carried out when the hand is over."""
        who = cmd.player or player
        if cmd.kind in ("leave", "rebuy") and not self.night.is_seated(who):
            raise ProtocolError("not_at_night", f"{who} is not at the table")
        if cmd.kind == "join" and self.night.is_seated(who):
            raise ProtocolError("night", f"{who} is already seated")
        self._queue.append((player, cmd))
        if cmd.kind == "leave":
            name = self._resolve(who)
            self._leaving.add(name)  # checks or folds at their turns (TableActor._turns)
            self.say(f"{name} leaves after this hand.")
        elif cmd.kind == "end":
            self.say("The evening ends " + ("after this hand." if cmd.now else "at the end of this orbit."))
            if cmd.now:
                self.end_now = True
        elif cmd.kind == "rebuy":
            self.say(f"{who} buys {plural(cmd.chips or 0, 'chip')} when this hand is over.")
        elif cmd.kind == "join":
            self.say(f"{who} joins when this hand is over.")
        elif cmd.kind == "rule":
            self.say(f"{cmd.key} = {format_rule_value(cmd.value)} is agreed when this hand is over.")
        self._changed = True

    def _apply(self, player: str, cmd: NightCommand) -> None:
        """Carry out ``cmd`` between hands; raises the book's refusal (nothing changed)."""
        price = self.night.config.price_per_chip
        kind = cmd.kind
        try:
            if kind == "rebuy":
                assert cmd.chips is not None
                name = self.book.rebuy(cmd.player or player, cmd.chips)
                self._busted.pop(name, None)
                self.say(f"{name} buys {plural(cmd.chips, 'chip')} for {format_kronor(cmd.chips * price)}.")
            elif kind == "join":
                self._join(player, cmd.chips, bot=False)
            elif kind == "add_bot":
                for _ in range(max(1, cmd.count)):
                    self._join(self._bot_name(), None, bot=True)
            elif kind == "leave":
                name = self.night.resolve(cmd.player or player)
                if not self.night.is_seated(name):
                    raise RoomError(f"{name} is not at the table")
                self._depart(name)
            elif kind == "rule":
                assert cmd.key is not None
                start = self.book.set_rule(cmd.key, cmd.value)
                self.say(f"Agreed: {cmd.key} = {format_rule_value(cmd.value)} from hand {start}.")
            elif kind == "end":
                if cmd.now:
                    self.end_now = True
                    if self.table.carried:  # the chips carried in the pot are paid out on a last hand (A-G1-7)
                        self.paused = False
                        carried = plural(self.table.carried, "chip")
                        self.say(f"The evening ends after one last hand, which pays out the {carried} in the pot.")
                    else:
                        self.say("The evening ends now.")
                        self._finish()
                elif not self.book.stop_asked:
                    self.book.stop_asked = True
                    self.book.save()
                    self.say("The evening ends at the end of this orbit.")
        except RoomError as err:
            raise ProtocolError("night", str(err)) from None

    def _bot_name(self) -> str:
        k = 1
        while any(name_key(p) == name_key(f"{BOT_PREFIX}{k}") for p in self.night.players):
            k += 1
        return f"{BOT_PREFIX}{k}"

    def _join(self, name: str, chips: int | None, *, bot: bool) -> None:
        night = self.night
        known = next((p for p in night.players if name_key(p) == name_key(name)), None)
        if known is not None and known != name:
            raise RoomError(f"{known!r} has sat at this night: two players' names must differ (without case)")
        name, bought = self.book.join(name, chips)
        if bot:
            self._bot_for(name)
        else:
            self.humans.add(name)
            self.had_humans = True
            self.bots.pop(name, None)
        price = self.night.config.price_per_chip
        fee = (
            " As a new player they pay the fee of the first blind in their first hand."
            if self.night.game.house.new_player_fee
            else ""
        )
        self.say(
            f"{name} joins at seat {self.night.seats.index(name) + 1} (by lot) with {plural(bought, 'chip')} for "
            f"{format_kronor(bought * price)}.{fee}"
        )

    def _depart(self, name: str) -> None:
        """``name`` leaves between hands with their chips, cashed at the evening's price; with fewer than two
        players left the evening ends (the last player seated never leaves: their chips go on the sheet)."""
        self._leaving.discard(name)
        self._busted.pop(name, None)
        if not self.night.is_seated(name):
            return
        if len(self.night.seats) > 1:
            name, chips = self.book.leave(name)
            price = self.night.config.price_per_chip
            self.say(f"{name} leaves with {plural(chips, 'chip')} ({format_kronor(chips * price)}).")
        self.humans.discard(name)
        if len(self.night.seats) < 2:
            self.say("Fewer than two players are left: the evening is over.")
            self._finish()

    def _run_queue(self) -> None:
        queue, self._queue = self._queue, []
        for player, cmd in queue:
            if self.phase == ENDED:
                return
            try:
                self._apply(player, cmd)
            except PokerroomError as err:
                perr = err if isinstance(err, ProtocolError) else ProtocolError("night", str(err))
                self.say(f"Not done ({cmd.player or player}, {cmd.kind}): {perr}")
                for conn in self.connections.get(player, []):
                    conn.send(self._error(perr))

    # ------------------------------------------------------------------ the deal

    def _schedule_deal(self) -> None:
        if self.phase == RUNNING and not self.paused:
            super()._schedule_deal()

    def next_deadline(self) -> float | None:
        """As the table's, without the grace periods (a night holds every seat)."""
        if self.phase != RUNNING:
            return None
        times = [t for t in (self._bot_due, self._deal_due) if t is not None]
        timer = self.table.running_timer
        if self._hand_running() and timer is not None and self.table.to_act is not None:
            times.append(self.clock.now() + timer.remaining(self.clock.now()))
        return min(times) if times else None

    def tick(self) -> None:
        """Bots' turns, time-outs and the next deal, as they fall due."""
        if self.phase != RUNNING:
            return
        now = self.clock.now()
        if not self._hand_running() and self.table.hand is not None and self.book.table_hand != self.table.hand_number:
            self._hand_over()  # a hand ended outside the usual path (an engine fault voided it)
        if self._hand_running():
            self._turns(now)
        elif self._deal_due is not None and now >= self._deal_due:
            self._deal_due = None
            self._deal()

    def _bot_rebuys(self) -> None:
        """Bots with no chips buy again at once (as at the terminal)."""
        for name, buy in self.book.busted_rebuys(self.bots).items():
            with contextlib.suppress(PokerroomError):
                self._apply(name, NightCommand("rebuy", chips=buy, player=name))

    def _deal(self) -> None:
        if self.phase != RUNNING or self.paused:
            return
        if self.humans and not any(name in self.connections for name in self.humans):
            return  # nobody at the night is here: dealt when someone connects (their turns would only time out)
        self._bot_rebuys()
        now = self.clock.now()
        waiting = [due for name, due in self._busted.items() if due > now and self.book.stacks().get(name, 1) == 0]
        if waiting and not self.end_now:
            self._deal_due = min(waiting)  # a busted player may still buy again
            return
        for name, chips in list(self.book.stacks().items()):
            if chips == 0 and self.phase == RUNNING:
                self.say(f"{name} has no chips and leaves the table; join brings them back as a new player.")
                self._depart(name)
        if self.phase != RUNNING:
            return
        if self.end_now and self.table.carried == 0:
            self._finish()
            return
        if self.had_humans and not self.humans:
            self.say("Every player has left: the evening ends here.")
            self._finish()
            return
        if len(self.night.seats) < 2:
            self.say("Fewer than two players are left: the evening is over.")
            self._finish()
            return
        played = self.elapsed()
        self.book.elapsed = played
        self._effective = math.inf if (self.book.stop_asked or self.end_now) else played
        last = self.end_now or self.night.next_is_last(self._effective)
        self._caps = self._rebuy_caps()
        try:
            self.book.start_hand(last=last)
        except HandVoided as voided:
            self.book.hand_done()
            self.say(f"Hand void: {voided}; every chip goes back and the same deal is played again.")
            self._deal_due = now + self.next_hand_delay
            return
        except PokerroomError as err:  # the store or the table refused the deal: the host decides what next
            log.warning("night %s: cannot deal (%s)", self.book.id, err)
            self.say(f"The next hand cannot be dealt: {err}. The evening is paused.")
            self.paused = True
            return
        if self._started is None:
            self._started = now
        hand_id = self.runner.hand_id
        if hand_id is None:  # settled at the deal (everyone all-in from the forced bets): the store's last hand
            hand_id = stored_nights.table_hands(self.book.store, self.runner.table_id)[-1]
        self.hand_ids[self.table.hand_number] = hand_id
        self._changed = True
        self._after_action()

    def _hand_over(self) -> None:
        record = self.table.record
        result = self._record(record) if record is not None else None
        self._bot_due = None
        if self.book.table_hand != self.table.hand_number:
            record = self.book.hand_done()
            if record.status is Status.VOIDED:
                self.say(f"Hand {record.number} is void ({record.reason}): every chip goes back.")
        for name in sorted(self._leaving):
            if not any(p == name and c.kind == "leave" for p, c in self._queue):
                self._queue.insert(0, (name, NightCommand("leave")))
        self._leaving.clear()
        self._run_queue()
        if self.phase != RUNNING:
            return
        now = self.clock.now()
        for name, chips in self.book.stacks().items():
            if chips == 0 and name in self.humans:
                self._busted.setdefault(name, now + self.bust_wait)
        if (self.end_now and self.table.carried == 0) or self.night.is_over(self._effective):
            self._finish()
            return
        if self.paused:
            self._stop_clock()
        self._deal_due = None if self.paused else now + self.deal_delay(result)
        self._caps = self._rebuy_caps()

    def _void(self, reason: str) -> None:
        """Void the hand being played (RULES §3.8): the chips back, the night's books as before it."""
        self._changed = True
        with contextlib.suppress(PokerroomError):
            if self._hand_running():
                self._record(self.book.void_hand(reason))
                self.say(f"The hand being played is void ({reason}): every chip goes back.")

    # ------------------------------------------------------------------ the end

    def _finish(self) -> None:
        """Settle the evening (:meth:`NightRunner.end`); the sheet is shown to everyone.  A hand being played is
        voided first; chips that do not settle leave the night paused and running, with the reason in the log."""
        if self.phase != RUNNING:
            return
        self._void("the evening ended")
        self._stop_clock()
        try:
            self.book.end()
        except PokerroomError as err:
            self.say(f"The chips do not settle: {err}. The evening is paused.")
            self.paused = True
            return
        n = self.night.hand
        self.say(f"The evening ends after {plural(n, 'hand')}.")
        self.phase = ENDED
        self._deal_due = self._bot_due = None
        self.book.close()
        self.closed = True  # the task ends after this broadcast; the night page shows the sheet
        if self.on_end is not None:
            self.on_end(self)

    def shut(self) -> ShutSummary:
        """The server is stopping: void the hand being played (every chip back, RULES §3.8), write the books and
        give the table back; the night resumes where it stopped when the server starts again.  Returns what it
        did (the chips stay on the night's books: none go back to accounts)."""
        self.closed = True
        if self.phase != RUNNING:
            return ShutSummary()
        running = self._hand_running()
        self._void("server stopped: hand void, chips returned (RULES §3.8)")
        with contextlib.suppress(PokerroomError):
            self._stop_clock()
            self.book.save()
        self.book.close()
        return ShutSummary(hands_voided=int(running and not self._hand_running()))

    # ------------------------------------------------------------------ what everyone sees

    def _rebuy_caps(self) -> dict[str, int | None]:
        caps: dict[str, int | None] = {}
        if self._hand_running():
            return self._caps
        for name in self.night.seats:
            with contextlib.suppress(PokerroomError):
                caps[name] = self.table.max_rebuy(name)
        return caps

    def _fee_due(self, name: str) -> bool:
        """Whether ``name`` pays the new-player fee in their next hand, as the table will deal it (A-G2-7)."""
        if not self._seated(name):
            return False
        st = self.table.seats[self.table.seat_of(name)]
        return st is not None and st.fee_due

    def night_json(self) -> dict[str, object]:
        """The night as every connection sees it: the agreement, the phase, the deal, the standings (chips
        bought, in front, net), the rebuy caps between hands, the log, and the sheet once settled."""
        night = self.night
        price = night.config.price_per_chip
        stacks = self.book.stacks() if self.phase == RUNNING else {}
        cashed: dict[str, int] = {}
        for m in night.moves:
            if m.kind == "leave":
                cashed[m.name] = cashed.get(m.name, 0) + m.chips
        if not self._hand_running() and self.phase == RUNNING:
            self._caps = self._rebuy_caps()
        players = []
        for name in night.players:
            seated = night.is_seated(name)
            out = stacks.get(name, 0) + cashed.get(name, 0)
            bought = night.chips_bought(name)
            players.append(
                {
                    "name": name,
                    "bot": name in self.bots or is_bot(name),
                    "seated": seated and self.phase == RUNNING,
                    "deals": night.deals.get(name, 0),
                    "bought": bought,
                    "paid_kr": format_kronor(bought * price),
                    "chips": stacks.get(name, 0) if seated else cashed.get(name, 0),
                    "net_chips": out - bought,
                    "net_ore": (out - bought) * price,
                    "net_kr": format_kronor((out - bought) * price),
                    "fee_due": self._fee_due(name),
                    "connected": name in self.connections or name in self.bots,
                    "leaving": name in self._leaving,
                    "rebuy_max": self._caps.get(name),
                }
            )
        rules = night.rules_for_hand(night.hand + 1)
        return {
            **agreement_json(self.invite),
            "id": self.book.id,
            "phase": ENDED if self.phase == ENDED else PAUSED if self.paused else RUNNING,
            "hand": night.hand,
            "hand_running": self._hand_running(),
            "dealer": night.dealer_name if night.hand else None,
            "next_dealer": night.next_dealer if night.seats else None,
            "seats_by_lot": night.seats,
            "first_dealer": night.first_dealer,
            "elapsed": round(self.elapsed(), 1),
            "ending": self.book.stop_asked or any(c.kind == "end" for _, c in self._queue),
            "end_now": self.end_now,
            "rules": {k: rule_value_json(v) for k, v in rules.items()},
            "players": players,
            "humans": sorted(self.humans),
            "log": list(self.lines),
            "sheet": self.sheet,
        }

    def _shared(self) -> dict[str, object]:
        shared = super()._shared()
        del shared["shuffle"]  # a night deals no committed deck: no seed hash to show, no seeds to take
        return {**shared, "night": self.night_json()}
