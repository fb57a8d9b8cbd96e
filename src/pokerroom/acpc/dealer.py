"""An ACPC dealer: any client that speaks the protocol (version 2) plays a match of our hold'em over TCP.

The match follows the reference dealer (``dealer.c`` of the ACPC server) where a client can tell:

* one listening port per seat, printed as the first line of standard output (numbers separated by spaces);
  seats connect in any order, each first sends ``VERSION:2.<minor>.<revision>``;
* seats rotate: in hand ``h`` seat ``s`` plays position ``(s - h) mod n`` (``fixed_seats`` keeps seat ``s`` at
  position ``s``); hand numbers start at 0;
* before every action each seat is sent its ``MATCHSTATE`` view, and after the hand its final view (every hand
  still in shown at a showdown);
* replies: lines starting with ``#`` or ``;`` are skipped, a reply whose state is malformed or is not the state
  asked about is skipped (a warning), a malformed action or an invalid one is taken as a call (a warning; more
  than ``max_invalid`` of them ends the match), a no-limit raise outside the legal sizes is moved to the nearest;
* time limits (:class:`TimeLimits`): per reply, per seat and hand, and per seat over the match (the per-hand
  average times the number of hands); a reply too late, a seat out of time, a closed connection end the match
  with an ``ERROR:`` line on standard error and no ``SCORE`` (:class:`MatchFailed`);
* the log: ``#`` header lines, one ``STATE`` line per hand (values by position, split pots exactly as the
  protocol defines them, names by position) and the final ``SCORE`` line (totals and names by seat).

Where ours differs (docs/acpc.md): the cards come from our deck (:mod:`pokerroom.engine.shuffle`, one stream for
the match keyed by the seed), the betting rules are RULES.md's (the same as the protocol's for the competition
games, whose stacks are equal), each reply's time is counted once however many skipped lines came before it,
and the version line must come within the reply time.  Every hand is also written as PHH.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import TextIO

from pokerroom.acpc.wire import LineChannel, WireClosed, WireTimeout
from pokerroom.cards import DECK52
from pokerroom.engine.shuffle import DeckStream, deck_key, seed_bytes, shuffle
from pokerroom.errors import AcpcError
from pokerroom.formats import phh
from pokerroom.formats.acpc.gamedef import AcpcGame
from pokerroom.formats.acpc.log import ScoreLine, StateLine, format_score, format_state
from pokerroom.formats.acpc.matchstate import AcpcAction, MatchState, format_matchstate, parse_action, parse_matchstate
from pokerroom.formats.acpc.play import AcpcHand, decimal_value, phh_record

__all__ = ["Dealer", "MatchFailed", "MatchResult", "TimeLimits", "split_response"]

VERSION_MAJOR = 2


class MatchFailed(AcpcError):
    """The match ended early (the reference dealer's ``ERROR:`` cases): a seat out of time, a closed connection,
    a bad version line, too many invalid actions."""


@dataclass(frozen=True)
class TimeLimits:
    """The reference dealer's limits in milliseconds (its defaults): ``response_ms`` for one reply (10 minutes),
    ``hand_ms`` for a seat's replies in one hand (10 minutes), ``per_hand_ms`` a seat's average over the match
    (7 seconds, so a match of ``N`` hands allows ``7 N`` seconds), ``start_ms`` for every seat to connect
    (``None``: wait for ever)."""

    response_ms: int = 600_000
    hand_ms: int = 600_000
    per_hand_ms: int = 7_000
    start_ms: int | None = None


@dataclass
class MatchResult:
    """A finished match: ``totals`` by seat (exact values), ``names`` by seat, ``hands`` played."""

    names: tuple[str, ...]
    totals: list[Fraction]
    hands: int

    @property
    def score(self) -> ScoreLine:
        """The ``SCORE`` line's contents (six decimals, as the reference prints them)."""
        return ScoreLine(tuple(decimal_value(t) for t in self.totals), self.names)


def split_response(line: str) -> tuple[MatchState, AcpcAction | None]:
    """A client's reply split into the state it answers and its action (``None`` when the action part is missing
    or malformed; text after a valid action is ignored, as the reference does).  Raises
    :class:`~pokerroom.errors.AcpcError` when the state part is malformed."""
    parts = line.split(":")
    state = parse_matchstate(":".join(parts[:5]))
    if len(parts) < 6 or not parts[5]:
        return state, None
    text = parts[5]
    k = 1
    if text[0] == "r":
        while k < len(text) and text[k].isdigit():
            k += 1
    try:
        return state, parse_action(text[:k])
    except AcpcError:
        return state, None


def _same_state(a: MatchState, b: MatchState) -> bool:
    """The reference's ``matchStatesEqual``: viewer, hand, betting, board and the viewer's own hole cards."""
    return (
        a.position == b.position
        and a.hand_number == b.hand_number
        and a.betting == b.betting
        and a.board == b.board
        and len(a.hole) == len(b.hole)
        and a.hole[a.position] == b.hole[b.position]
    )


@dataclass
class _Seat:
    channel: LineChannel
    match_s: float = 0.0
    hand_s: float = 0.0
    invalid: int = 0
    address: str = ""


@dataclass
class Dealer:
    """A match of ``hands`` hands of ``game`` between ``names`` (one per seat).  :meth:`listen` opens the ports,
    :meth:`run` waits for the seats and plays; ``log`` and ``phh_out`` receive the log lines and the PHH hands
    as they finish, ``transcript`` the warnings, errors and (unless ``quiet``) every message sent and received.
    Raises :class:`~pokerroom.errors.UnsupportedGame` for a definition that is not our hold'em."""

    game: AcpcGame
    hands: int
    seed: int
    names: Sequence[str]
    ports: Sequence[int] = ()
    host: str = "0.0.0.0"
    limits: TimeLimits = field(default_factory=TimeLimits)
    fixed_seats: bool = False
    max_invalid: int | None = None
    match_name: str = "match"
    game_name: str = "game"
    log: TextIO | None = None
    phh_out: TextIO | None = None
    transcript: TextIO | None = None
    quiet: bool = False
    _listeners: list[socket.socket] = field(default_factory=list, init=False)
    _seats: list[_Seat] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self.game.check_holdem()
        n = self.game.num_players
        if len(self.names) != n:
            raise AcpcError(f"the game has {n} seats; {len(self.names)} names given")
        if any(not name or any(c in name for c in ":|\r\n") for name in self.names):
            raise AcpcError("a player name must be non-empty without ':', '|' or line ends")
        if self.hands < 1:
            raise AcpcError(f"hands {self.hands}: at least 1")
        if self.ports and len(self.ports) > n:
            raise AcpcError(f"{len(self.ports)} ports for {n} seats")
        if any(not 0 <= p <= 65535 for p in self.ports):
            raise AcpcError(f"ports are 0 to 65535 (0: any free port); got {list(self.ports)}")

    # ------------------------------------------------------------------ connections

    def listen(self) -> list[int]:
        """Open one listening socket per seat (the given port, or any free one) and return the ports."""
        if not self._listeners:
            for k in range(self.game.num_players):
                port = self.ports[k] if k < len(self.ports) else 0
                try:
                    self._listeners.append(socket.create_server((self.host, port), backlog=4))
                except OSError as exc:
                    self.close()
                    raise MatchFailed(f"could not listen for seat {k + 1} on {self.host}:{port}: {exc}") from None
        return [s.getsockname()[1] for s in self._listeners]

    def _accept(self) -> None:
        start = time.monotonic()
        for k, listener in enumerate(self._listeners):
            if self.limits.start_ms is None:
                listener.settimeout(None)
            else:
                listener.settimeout(max(0.0, start + self.limits.start_ms / 1000 - time.monotonic()))
            try:
                sock, addr = listener.accept()
            except TimeoutError:
                raise MatchFailed(f"timed out waiting for seat {k + 1} to connect") from None
            except OSError as exc:
                raise MatchFailed(f"seat {k + 1} could not connect: {exc}") from None
            listener.close()
            self._seats.append(_Seat(LineChannel(sock), address=f"{addr[0]}:{addr[1]}"))
        self._listeners.clear()
        for k, seat in enumerate(self._seats):
            deadline = time.monotonic() + self.limits.response_ms / 1000
            try:
                line = seat.channel.readline(deadline)
            except AcpcError as exc:
                raise MatchFailed(f"could not read version string from seat {k + 1}: {exc}") from None
            major, _, rest = line.removeprefix("VERSION:").partition(".")
            if not line.startswith("VERSION:") or not major.isdigit() or rest.count(".") != 1:
                raise MatchFailed(f"invalid version string from seat {k + 1}: {line!r} (VERSION:2.0.0 expected)")
            if int(major) != VERSION_MAJOR:
                self._say(f"ERROR: this server is currently using version 2.0.0; seat {k + 1} sent {line}")

    def close(self) -> None:
        """Close every socket."""
        for s in self._listeners:
            s.close()
        self._listeners.clear()
        for seat in self._seats:
            seat.channel.close()

    # ------------------------------------------------------------------ output

    def _say(self, text: str) -> None:
        if self.transcript is not None:
            print(text, file=self.transcript, flush=True)

    def _header(self) -> str:
        lim = self.limits
        return (
            f"# name/game/hands/seed {self.match_name} {self.game_name} {self.hands} {self.seed}\n"
            f"#--t_response {lim.response_ms}\n#--t_hand {lim.hand_ms}\n#--t_per_hand {lim.per_hand_ms}\n"
        )

    def _send(self, k: int, state: MatchState) -> float:
        line = format_matchstate(state)
        try:
            self._seats[k].channel.send(line)
        except WireClosed as exc:
            raise MatchFailed(f"could not send state to seat {k + 1}: {exc}") from None
        sent = time.monotonic()
        if not self.quiet:
            self._say(f"TO {k + 1} at {time.time():.6f} {line}")
        return sent

    # ------------------------------------------------------------------ the match

    def run(self) -> MatchResult:
        """Wait for every seat, play the match and return its result; the sockets are closed at the end.
        Raises :class:`MatchFailed` (the log keeps the hands finished before)."""
        self.listen()
        header = self._header()
        if self.transcript is not None:
            self.transcript.write(header)
        if self.log is not None:
            self.log.write(header)
            self.log.flush()
        try:
            self._accept()
            return self._play()
        except (WireClosed, WireTimeout) as exc:
            raise MatchFailed(str(exc)) from None
        finally:
            self.close()

    def _play(self) -> MatchResult:
        game = self.game
        n = game.num_players
        stream = DeckStream(deck_key(seed_bytes(self.seed)))
        totals = [Fraction(0)] * n
        first = 0  # the seat at position 0
        cards = 2 * n + sum(game.num_board_cards)
        for h in range(self.hands):
            if h and not self.fixed_seats:
                first = (first + 1) % n
            deck = list(DECK52)
            shuffle(deck, stream)
            hole = [(deck[p], deck[p + n]) for p in range(n)]
            hand = AcpcHand(game, h, hole, deck[2 * n : cards])
            for seat in self._seats:
                seat.hand_s = 0.0
            while not hand.finished:
                pos = hand.to_act
                assert pos is not None
                actor = (pos + first) % n
                states = [hand.matchstate((k - first) % n) for k in range(n)]
                sent = [self._send(k, state) for k, state in enumerate(states)]
                hand.apply(self._reply(actor, hand, states[actor], sent[actor]))
            values = hand.values()
            for p, v in enumerate(values):
                totals[(p + first) % n] += v
            names = tuple(self.names[(p + first) % n] for p in range(n))
            self._record(hand, values, names)
            for k in range(n):
                self._send(k, hand.matchstate((k - first) % n))
        result = MatchResult(tuple(self.names), totals, self.hands)
        line = format_score(result.score)
        self._say(line)
        if self.log is not None:
            self.log.write(line + "\n")
            self.log.flush()
        return result

    def _record(self, hand: AcpcHand, values: list[Fraction], names: tuple[str, ...]) -> None:
        game = self.game
        if self.log is not None:
            board = hand.board_by_round()
            shown = tuple(hand.hole)
            state = StateLine(hand.hand_number, hand.betting, shown, board, tuple(map(decimal_value, values)), names)
            self.log.write(format_state(state) + "\n")
            self.log.flush()
        if self.phh_out is not None:
            record = phh_record(game, names, hand.phh_actions)
            finishing = tuple(Decimal(s) for s in hand.hand.stacks)
            record = replace(
                record,
                finishing_stacks=finishing,
                label=str(hand.hand_number),
                extra={**record.extra, "hand": hand.hand_number},
            )
            if hand.hand_number:
                self.phh_out.write("\n")
            self.phh_out.write(phh.dumps_many([record]))
            self.phh_out.flush()

    def _reply(self, k: int, hand: AcpcHand, asked: MatchState, sent: float) -> AcpcAction:
        """Seat ``k``'s action for ``asked`` under the reference's rules for replies (module docstring)."""
        seat = self._seats[k]
        deadline = sent + self.limits.response_ms / 1000
        while True:
            try:
                line = seat.channel.readline(deadline)
            except WireTimeout:
                waited = time.monotonic() - sent
                raise MatchFailed(
                    f"could not get action from seat {k + 1}: {waited:.1f} seconds spent waiting; "
                    f"timeout {self.limits.response_ms / 1000:.1f}"
                ) from None
            except WireClosed as exc:
                raise MatchFailed(f"could not get action from seat {k + 1}: {exc}") from None
            except AcpcError as exc:
                self._say(f"WARNING: bad state format in response from seat {k + 1}: {exc}")
                continue
            if not self.quiet:
                self._say(f"FROM {k + 1} at {time.time():.6f} {line}")
            if not line or line[0] in "#;":
                continue
            try:
                state, action = split_response(line)
            except AcpcError:
                self._say(f"WARNING: bad state format in response from seat {k + 1}")
                continue
            if not _same_state(state, asked):
                self._say(f"WARNING: ignoring un-requested response from seat {k + 1}")
                continue
            self._charge(k, time.monotonic() - sent)
            if action is None:
                self._invalid(k, "bad action format in response, changed to call")
                return AcpcAction("c")
            taken, warning, counted = hand.fixed(action)
            if warning is not None:
                if counted:
                    self._invalid(k, warning)
                else:
                    self._say(f"WARNING: seat {k + 1}: {warning}")
            return taken

    def _charge(self, k: int, seconds: float) -> None:
        seat = self._seats[k]
        seat.hand_s += seconds
        seat.match_s += seconds
        lim = self.limits
        if (
            seconds > lim.response_ms / 1000
            or seat.hand_s > lim.hand_ms / 1000
            or seat.match_s > lim.per_hand_ms * self.hands / 1000
        ):
            raise MatchFailed(f"seat {k + 1} ran out of time")

    def _invalid(self, k: int, warning: str) -> None:
        seat = self._seats[k]
        seat.invalid += 1
        if self.max_invalid is not None and seat.invalid > self.max_invalid:
            raise MatchFailed(f"seat {k + 1}: more than {self.max_invalid} invalid actions ({warning})")
        self._say(f"WARNING: seat {k + 1}: {warning}")
