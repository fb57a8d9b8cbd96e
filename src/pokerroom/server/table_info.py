"""What is read about a table from outside its actor: :class:`TableInfo`, the lobby's row of a table, and
:class:`ShutSummary`, what closing tables did (the line ``pokerroom serve`` prints when it stops).  Chips are
integers in the smallest unit."""

from __future__ import annotations

from dataclasses import astuple, dataclass

from pokerroom.room.table import Table
from pokerroom.words import plural

__all__ = ["ShutSummary", "TableInfo"]


@dataclass
class TableInfo:
    """What the lobby shows of a table: its store ``id`` and ``name``, the game and its ``family`` (``board``,
    ``stud`` or ``draw``, :class:`~pokerroom.games.Family`), stakes, limit, whether it is played for
    ``real_money``, seats, who sits where and who created it."""

    id: int
    name: str
    game: str
    game_name: str
    family: str
    stakes: str
    limit: str
    real_money: bool
    seats: int
    players: list[str | None]
    buy_in: dict[str, int | None]
    table: Table | None = None
    """The table itself, read for who sits where each time (``players`` is used without it)."""
    created_by: str | None = None
    """The player who created the table (``None``: the house's); not shown, counted for
    :data:`~pokerroom.server.lobby.MAX_OPEN_TABLES`."""

    def json(self) -> dict[str, object]:
        if self.table is not None:
            self.players = [None if st is None else st.player for st in self.table.seats]
        return {
            "id": self.id,
            "name": self.name,
            "game": self.game,
            "game_name": self.game_name,
            "family": self.family,
            "stakes": self.stakes,
            "limit": self.limit,
            "kind": "real" if self.real_money else "play",
            "seats": self.seats,
            "taken": sum(p is not None for p in self.players),
            "players": self.players,
            "buy_in": self.buy_in,
        }


@dataclass(frozen=True)
class ShutSummary:
    """What closing tables did (:meth:`TableActor.shut`): ``hands_voided`` (hands being played, every
    contribution back, RULES §3.8), ``play_chips``/``real_chips`` (chips moved from the tables to people's
    accounts, by currency: the two never add up) and ``players`` (people stood up); ``play_bot_chips``,
    ``real_bot_chips`` and ``bots`` the same for the house bots (their chips back to the house's bankroll), told
    apart so the operator reads what players got back.  Summed with ``+`` over a server's tables."""

    hands_voided: int = 0
    play_chips: int = 0
    real_chips: int = 0
    players: int = 0
    play_bot_chips: int = 0
    real_bot_chips: int = 0
    bots: int = 0

    def __add__(self, other: ShutSummary) -> ShutSummary:
        return ShutSummary(*(a + b for a, b in zip(astuple(self), astuple(other), strict=True)))

    def text(self) -> str:
        """``"2 hands voided, 150 play chips and 40 real-money chips returned to 5 players"``, and ``" (and 600
        play chips to 3 house bots)"`` when bots were stood up."""
        out = (
            f"{plural(self.hands_voided, 'hand')} voided, {_amounts(self.play_chips, self.real_chips)} returned "
            f"to {plural(self.players, 'player')}"
        )
        if self.bots:
            out += f" (and {_amounts(self.play_bot_chips, self.real_bot_chips)} to {plural(self.bots, 'house bot')})"
        return out


def _amounts(play: int, real: int) -> str:
    """``"600 play chips and 210 real-money chips"``; ``"0 chips"`` when both are 0."""
    parts = [plural(n, f"{kind} chip", spec=",") for n, kind in ((play, "play"), (real, "real-money")) if n]
    return " and ".join(parts) if parts else "0 chips"
