"""An ACPC client: one of our bots plays a match on any ACPC dealer (the reference's or ours).

The client sends ``VERSION:2.0.0``, then reads ``MATCHSTATE`` lines; it rebuilds each hand through the one ACPC
play path (:class:`~pokerroom.formats.acpc.play.AcpcHand`), and when its position is to act it asks the bot for
an action on the seat's view (:meth:`pokerroom.engine.Hand.view`: its own cards, the board, the betting; never
another seat's cards) and replies with the state and the action.  Lines starting with ``#`` or ``;`` are
skipped.  The match ends when the dealer closes the connection.

Without a game definition the client plays the competition's game (:func:`~pokerroom.formats.acpc.gamedef.
competition_game`) for the number of positions in the first state, fixed limit or no limit as the betting
shows: a raise written ``r`` is limit, ``r<total>`` is no limit; until a raise is seen it reads the hand as no
limit and sends raises as ``r<total>``, which a limit dealer reads as ``r``.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TextIO

from pokerroom.acpc.wire import LineChannel, WireClosed
from pokerroom.bots import Bot
from pokerroom.errors import AcpcError, PokerroomError
from pokerroom.formats.acpc.gamedef import AcpcBetting, AcpcGame, competition_game
from pokerroom.formats.acpc.matchstate import MatchState, format_response, parse_matchstate
from pokerroom.formats.acpc.play import AcpcHand

__all__ = ["AcpcClient", "ClientResult", "connect"]

VERSION = "VERSION:2.0.0"


@dataclass
class ClientResult:
    """What the client saw: ``hands`` finished, ``total`` its value over them (exact), ``actions`` it sent."""

    hands: int = 0
    total: Fraction = Fraction(0)
    actions: int = 0


def _betting_kind(state: MatchState) -> AcpcBetting | None:
    for rnd in state.betting:
        for a in rnd:
            if a.kind == "r":
                return AcpcBetting.LIMIT if a.size is None else AcpcBetting.NO_LIMIT
    return None


@dataclass
class AcpcClient:
    """``bot`` playing over ``channel``; ``game`` is the match's definition (``None``: the competition's game, as
    the module says).  ``transcript`` gets each line received and sent when given."""

    channel: LineChannel
    bot: Bot
    game: AcpcGame | None = None
    transcript: TextIO | None = None
    result: ClientResult = field(default_factory=ClientResult)
    _hand: AcpcHand | None = field(default=None, init=False)
    _counted: int = field(default=-1, init=False)
    _inferred: AcpcBetting | None = field(default=None, init=False)

    @property
    def hand(self) -> AcpcHand | None:
        """The hand as the last state showed it (``None`` before the first)."""
        return self._hand

    def _game_for(self, state: MatchState) -> AcpcGame:
        if self.game is not None:
            return self.game
        kind = _betting_kind(state)
        if kind is not None:
            self._inferred = kind
        return competition_game(len(state.hole), self._inferred or AcpcBetting.NO_LIMIT)

    def _sync(self, state: MatchState) -> AcpcHand:
        """The hand as ``state`` shows it: the last one carried on when only actions were added, else rebuilt."""
        game = self._game_for(state)
        hand = self._hand
        board = [c for rnd in state.board for c in rnd]
        done = 0
        if (
            hand is None
            or hand.game != game
            or hand.hand_number != state.hand_number
            or list(hand.hand.board) != board
            or hand.hole[state.position] != state.hole[state.position]
            or any(state.hole[p] for p in range(len(state.hole)) if p != state.position)
        ):
            hand = AcpcHand(game, state.hand_number, state.hole, board)
        else:
            mine = hand.betting
            theirs = state.betting
            flat_mine = [a for rnd in mine for a in rnd]
            flat_theirs = [a for rnd in theirs for a in rnd]
            if flat_theirs[: len(flat_mine)] != flat_mine:
                hand = AcpcHand(game, state.hand_number, state.hole, board)
            else:
                done = len(flat_mine)
        for a in [a for rnd in state.betting for a in rnd][done:]:
            hand.apply(a)
        self._hand = hand
        return hand

    def handle(self, line: str) -> str | None:
        """The reply to one line from the dealer (``None``: nothing to send).  Raises
        :class:`~pokerroom.errors.AcpcError` for a state this client cannot follow."""
        if not line or line[0] in "#;":
            return None
        state = parse_matchstate(line)
        try:
            hand = self._sync(state)
        except AcpcError as exc:
            hint = "" if self.game is not None else " (give the match's game definition: --game GAMEFILE)"
            raise AcpcError(f"hand {state.hand_number}: {exc}{hint}") from None
        if hand.finished:
            if self._counted != state.hand_number:
                self._counted = state.hand_number
                self.result.hands += 1
                self.result.total += hand.values()[state.position]
            return None
        if hand.to_act != state.position:
            return None
        try:
            action = hand.acpc_action(self.bot.act(hand.hand.view(state.position)))
        except PokerroomError as exc:
            raise AcpcError(f"hand {state.hand_number}: the bot's action: {exc}") from None
        self.result.actions += 1
        return format_response(state, action)

    def run(self) -> ClientResult:
        """Play until the dealer closes the connection; returns what the client saw."""
        self._write(VERSION)
        while True:
            try:
                line = self.channel.readline()
            except WireClosed:
                break
            if self.transcript is not None:
                print(f"< {line}", file=self.transcript, flush=True)
            reply = self.handle(line)
            if reply is not None:
                self._write(reply)
        self.channel.close()
        return self.result

    def _write(self, line: str) -> None:
        if self.transcript is not None:
            print(f"> {line}", file=self.transcript, flush=True)
        self.channel.send(line)


def connect(host: str, port: int, *, timeout: float = 30.0) -> LineChannel:
    """A channel to a dealer's seat; raises :class:`~pokerroom.errors.AcpcError` naming the address when the
    connection cannot be made within ``timeout`` seconds."""
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except OSError as exc:
        raise AcpcError(f"could not connect to {host}:{port}: {exc}") from None
    return LineChannel(sock)
