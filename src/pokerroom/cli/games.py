"""``pokerroom games``: every game in the registry, one line each (id, name, deck size, players, limits with the
default first, aliases), a research game's name marked ``(research)`` (``Game.research``: Kuhn poker, Leduc
hold'em; never offered by the room).  ``pokerroom rules GAME`` tells the rules of one (:mod:`pokerroom.cli.rules`)."""

from __future__ import annotations

from pokerroom.games import Game, all_games

__all__ = ["games", "games_table"]


def _limits(game: Game) -> str:
    ordered = [game.default_limit, *(lim for lim in game.limits if lim is not game.default_limit)]
    return ", ".join(lim.value for lim in ordered)


def games_table() -> str:
    """The table ``pokerroom games`` prints."""
    rows = [("id", "name", "deck", "players", "limits (default first)", "aliases")]
    for game in all_games():
        rows.append(
            (
                game.id,
                f"{game.name} (research)" if game.research else game.name,
                str(len(game.deck)),
                f"{game.min_players}-{game.max_players}",
                _limits(game),
                ", ".join(game.aliases) or "-",
            )
        )
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    return "\n".join(lines)


def games() -> None:
    """List every game: id, name, deck size, players, limits and aliases."""
    print(games_table())
    print("\npokerroom rules GAME tells a game's rules; pokerroom play GAME plays it against bots.")
    print("(research): a game of the research literature, small enough to walk its game tree exactly; the room")
    print("does not offer it at its tables.")
