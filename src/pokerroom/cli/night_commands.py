"""The host's commands between two hands of ``pokerroom night`` (seeds 000/001 chapter 4; RULES G1, G2, §5).

Bots who have no chips buy in again at once; then, when somebody types (a human at the table, ``--enter`` or
``--pause``), the prompt takes the commands of :data:`BETWEEN_HELP`.  Names are matched without case.  A busted
player who does not buy again before the next deal leaves the table (cashed out with nothing); ``join`` brings
them back as a new player (a seat by lot; in club hold'em the fee of the first blind, RULES G2).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pokerroom.cli.night_evening import Paused, rules_text
from pokerroom.cli.rules import format_value, parse_rule
from pokerroom.cli.rules import rules_text as game_rules_text
from pokerroom.errors import PokerroomError, RoomError
from pokerroom.games import find
from pokerroom.room.night import format_kronor
from pokerroom.room.night_trial import check_rules
from pokerroom.words import plural

if TYPE_CHECKING:
    from pokerroom.cli.night_evening import Evening

__all__ = ["BETWEEN_HELP", "between_hands", "change_rule"]

BETWEEN_HELP = """Between hands:
  Enter (or deal)          deal the next hand
  rebuy NAME CHIPS         NAME buys more chips (the club's rules: G1, and G2's cap X = M/S)
  join NAME [CHIPS] [bot]  a player arrives: a seat by lot and a buy-in (club hold'em: the fee of the first blind)
  leave NAME               NAME leaves with their chips, cashed out at the evening's price
  rule KEY=VALUE           a house rule from the next hand on; rules: the rules in force
  standings                the standings now;  help: this list
  end                      end the evening at the end of this orbit;  end now: end it now
  pause                    stop here; continue later with pokerroom night --resume"""

_USAGE = {
    "rebuy": "rebuy NAME CHIPS",
    "r": "rebuy NAME CHIPS",
    "join": "join NAME [CHIPS] [bot]",
    "leave": "leave NAME",
    "rule": "rule KEY=VALUE",
    "set": "rule KEY=VALUE",
    "end": "end, or end now",
}
"""How each command is typed, for a command typed with the wrong number of words."""

_DIGITS = re.compile(r"[+-]?[0-9]+")
"""A whole number as typed: ASCII digits with an optional sign (``int`` would take other scripts' digits)."""

_SHORT_HELP = "Enter deals; or rebuy, join, leave, rule, rules, standings, end, end now, pause, help"


def _chips(word: str) -> int:
    if not _DIGITS.fullmatch(word):
        raise RoomError(f"chips are a whole number (digits 0-9), not {word!r}")
    value = int(word)
    if value < 1:
        raise RoomError(f"chips are at least 1, not {value}")
    return value


def change_rule(evening: Evening, text: str) -> None:
    """``KEY=VALUE`` for the next hands (meta-rule 2): checked against the game and tried on a trial table now,
    applied when the next hand is laid out.  Raises :class:`PokerroomError` naming the game's house rules or
    saying why the table refuses the value; the evening's rules stay as they were."""
    night = evening.night
    game = find(night.config.game)
    key, value = parse_rule(game, text)
    upcoming = {**night.rules_for_hand(night.hand + 1), key: value}
    check_rules(night, upcoming)  # refuses a value the game or the table cannot play with; nothing changes
    start = evening.book.set_rule(key, value)
    evening.say(f"Agreed: {key}={format_value(value)} from hand {start}.")


def _rebuy(evening: Evening, name: str, chips: int) -> None:
    name = evening.book.rebuy(name, chips)
    price = evening.night.config.price_per_chip
    evening.say(f"{name} buys {plural(chips, 'chip')} for {format_kronor(chips * price)}.")


def _bot_rebuys(evening: Evening) -> None:
    bots = [name for name in evening.bots if name not in evening.humans]
    for name, buy in evening.book.busted_rebuys(bots).items():
        _rebuy(evening, name, buy)


def _join(evening: Evening, words: list[str]) -> None:
    """``join NAME [CHIPS] [bot|human]``."""
    rest = words[2:]
    kind = None
    if rest and rest[-1].lower() in ("bot", "human"):
        kind = rest.pop().lower()
    if len(rest) > 1:
        raise RoomError("join NAME [CHIPS] [bot]: one name, then the chips")
    chips = _chips(rest[0]) if rest else None
    name, bought = evening.book.join(words[1], chips)
    human = kind == "human" or (kind is None and evening.had_humans and not evening.enter)
    if human and not evening.enter:
        evening.humans.add(name)
        evening.bots.pop(name, None)
        evening.had_humans = True
    else:
        evening.humans.discard(name)
        evening._bot_for(name)
    evening.remember_humans()
    night = evening.night
    price = night.config.price_per_chip
    seat = night.seats.index(name) + 1
    fee = ""
    if night.game.house.new_player_fee:
        fee = "; as a new player they pay the fee of the first blind in their first hand (G2)"
    who = "a bot" if name in evening.bots and not evening.enter else "typing"
    evening.say(
        f"{name} joins at seat {seat} (by lot, {who}) with {plural(bought, 'chip')} for "
        f"{format_kronor(bought * price)}{fee}. Seats: " + ", ".join(f"{k + 1} {n}" for k, n in enumerate(night.seats))
    )


def _leave_busted(evening: Evening) -> None:
    for name, chips in list(evening.stacks().items()):
        if chips == 0 and len(evening.night.seats) > 1:
            evening.say(
                f"{name} has no chips and leaves the table; `join {name} CHIPS` brings them back as a new player.",
                style="bold",
            )
            evening.depart(name)


def _command(evening: Evening, line: str) -> bool:
    """Carry out one command; returns whether to deal the next hand now."""
    words = line.split()
    if not words or words[0].lower() in ("deal", "d"):
        return True
    cmd = words[0].lower()
    night = evening.night
    if cmd in ("rebuy", "r") and len(words) == 3:
        _rebuy(evening, words[1], _chips(words[2]))
    elif cmd == "join" and len(words) >= 2:
        _join(evening, words)
    elif cmd == "leave" and len(words) == 2:
        name = night.resolve(words[1])
        if not night.is_seated(name):
            raise RoomError(f"{name} is not at the table")
        evening.depart(name)
        if len(evening.night.seats) < 2:
            return True
    elif cmd in ("rule", "set") and len(words) == 2:
        change_rule(evening, words[1])
    elif cmd == "rules" and len(words) == 1:
        game = find(night.config.game)
        now = game.with_rules(**night.rules_for_hand(night.hand + 1))
        agreed = rules_text(night.rules_for_hand(night.hand + 1))
        text = game_rules_text(now, game).rstrip()
        evening.say(text.replace(f"(pokerroom play {game.id} --rule NAME=VALUE)", "(between hands: rule NAME=VALUE)"))
        evening.say(f"Agreed for the next hand: {agreed or 'the club defaults'}; limit: {night.limit.value}.")
    elif cmd in ("standings", "st") and len(words) == 1:
        evening.standings()
    elif cmd in ("help", "?", "h") and len(words) == 1:
        evening.say(BETWEEN_HELP)
    elif cmd == "undo" and len(words) == 1:
        if not evening.enter:
            raise RoomError("undo takes back a hand typed in with --enter; a dealt hand stands")
        number = evening.book.undo()
        evening.say(f"Hand {number} is taken back: the stacks, the pot and the deal are as before it.")
    elif cmd == "end" and len(words) == 1:
        evening.book.stop_asked = True
        evening.book.save()
        evening.say("The evening ends at the end of this orbit ('end now' ends it at once).")
        return True
    elif cmd == "end" and len(words) == 2 and words[1].lower() == "now":
        evening.end_now = True
        return True
    elif cmd in ("pause", "stop") and len(words) == 1:
        raise Paused
    elif cmd in _USAGE:
        raise RoomError(f"type {_USAGE[cmd]}, not {line.strip()!r}")
    else:
        raise RoomError(f"not understood: {line.strip()!r}. {_SHORT_HELP}")
    return False


def between_hands(evening: Evening) -> None:
    """Rebuys, arrivals, departures and house-rule changes before the next hand (RULES G1/G2, §5 meta-rule 2).
    Raises :class:`Paused` when the host pauses, or the input ends while results are typed in (``--enter``); at
    the end of input otherwise the humans leave with their chips and bots alone play on."""
    _bot_rebuys(evening)
    if evening.interactive:
        busted = [name for name, chips in evening.stacks().items() if chips == 0]
        if busted:
            evening.say(
                f"No chips: {', '.join(busted)} (rebuy NAME CHIPS now, or they leave when the next hand is dealt)"
            )
        evening.say(_SHORT_HELP, style="dim")
        while True:
            line = evening.readline(f"hand {evening.night.hand + 1}> ")
            if line is None:
                # Nobody types any more: typed results wait for a resume; humans leave with their chips; bots
                # alone (--pause) play on to the agreed end.
                if evening.enter:
                    raise Paused
                for name in sorted(evening.humans):
                    if evening.night.is_seated(name):
                        evening.depart(name)
                break
            try:
                if _command(evening, line):
                    break
            except PokerroomError as exc:
                evening.say(f"Not accepted: {exc}", style="red")
    if not evening.end_now:
        _leave_busted(evening)
