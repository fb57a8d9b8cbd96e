"""What ``pokerroom play`` prints about a hand: one line per event the human may see, street headers for games
without a board and for each draw, the up cards of each stud street on one line, and who won what (both halves
of a hi/lo pot).

:class:`Narrator` reads a hand's events in order and gives the lines; :func:`pot_lines` reports the pots.  Names
come from ``names[seat]`` (seat 0 of the table is the human, "You").
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import format_cards
from pokerroom.engine import Event, EventType, Hand, Phase
from pokerroom.engine.results import hand_name, pot_shares
from pokerroom.games import Family
from pokerroom.words import plural

__all__ = ["Narrator", "hand_name", "pot_lines"]

_PLAYER_DEAL = (EventType.DEAL_HOLE, EventType.DEAL_UP)


def _verb(word: str, you: bool) -> str:
    """``fold``/``folds``; ``bring in``/``brings in``."""
    if you:
        return word
    head, _, rest = word.partition(" ")
    ending = "es" if head.endswith(("s", "sh", "ch")) else "s"
    return f"{head}{ending}{' ' + rest if rest else ''}"


class Narrator:
    """Turns one hand's events into lines for the human at ``human`` (a seat of the hand), naming seats by
    ``names``.  Call :meth:`lines` with each new slice of ``hand.events``."""

    def __init__(self, hand: Hand, names: Sequence[str], human: int) -> None:
        self.hand = hand
        self.game = hand.game
        self.names = names
        self.human = human
        self.board: list[int] = []
        self.prev: Event | None = None
        self._block: set[tuple[EventType, int | None]] | None = None
        self._deal_streets = [s for s in self.game.streets if s.hole or s.up]
        self._draw_streets: set[int] = set()
        self._dealt = 0
        self._bring_in_to: int | None = None
        self._stud = self.game.family is Family.STUD
        self._headers = self.game.family is not Family.BOARD

    def lines(self, events: Sequence[Event]) -> list[str]:
        out: list[str] = []
        ups: list[str] = []
        for event in events:
            header = self._header(event)
            if event.type is not EventType.DEAL_UP and ups:
                out.append("Up cards: " + ", ".join(ups))
                ups = []
            if header:
                out.append(header)
            if event.type is EventType.DEAL_UP:
                ups.append(f"{self._name(event.seat)} {format_cards(event.cards or (), sep=' ')}")
            else:
                line = self._line(event)
                if line is not None:
                    out.append(line)
            if event.type is not EventType.RESHUFFLE:  # the cards dealt after a reshuffle still answer the draw
                self.prev = event
        if ups:
            out.append("Up cards: " + ", ".join(ups))
        hand = self.hand
        if hand.phase is Phase.DRAW and hand.street not in self._draw_streets:
            self._draw_streets.add(hand.street)  # a draw begins: announce it before the first drawer acts
            out.append(f"*** {hand.game.streets[hand.street].name.upper()} ***")
        return out

    # ------------------------------------------------------------------ streets

    def _header(self, event: Event) -> str | None:
        """A street header when ``event`` starts a street's deal or a draw (games without a board)."""
        t = event.type
        prev = self.prev
        replacement = t is EventType.DEAL_HOLE and prev is not None and prev.type is EventType.DRAW
        common = t is EventType.DEAL_BOARD and event.text == "common card"
        if (t in _PLAYER_DEAL and not replacement) or common:
            key = (t, event.seat)
            if self._block is not None and key not in self._block and not common:
                self._block.add(key)
                return None
            self._block = {key}
            self._bring_in_to = None
            k = self._dealt
            self._dealt += 1
            if not self._headers or k >= len(self._deal_streets):
                return None
            name = self._deal_streets[k].name.upper()
            return f"*** {name} STREET ***" if self._stud else f"*** {name} ***"
        if not replacement:
            self._block = None
        if t is EventType.DEAL_BOARD:
            self._bring_in_to = None
        return None

    # ------------------------------------------------------------------ one event

    def _name(self, seat: int | None) -> str:
        return "the dealer" if seat is None else self.names[seat]

    def _line(self, event: Event) -> str | None:
        t = event.type
        who = self._name(event.seat)
        you = event.seat == self.human
        allin = (" and are all-in" if you else " and is all-in") if event.all_in else ""
        if t is EventType.POST_BLIND:
            blind = "a big blind" if event.text == "posted big blind" else f"the {event.text}"  # out of position
            return f"{who} {_verb('post', you)} {blind} of {event.amount}{allin}"
        if t is EventType.POST_ANTE:
            return f"{who} {_verb('post', you)} an ante of {event.amount}{allin}"
        if t is EventType.DEAL_HOLE:
            if not you:
                return None
            cards = format_cards(event.cards or (), sep=" ")
            if self.prev is not None and self.prev.type is EventType.DRAW:
                return f"You draw {cards}"
            return f"You are dealt {cards}{' face down' if self._stud else ''}"
        if t is EventType.DEAL_BOARD:
            self.board.extend(event.cards or ())
            return f"*** {(event.text or 'board').upper()} *** {format_cards(self.board, sep=' ')}"
        if t is EventType.BRING_IN:
            self._bring_in_to = event.to
            return f"{who} {_verb('bring in', you)} for {event.amount}{allin}"
        if t is EventType.DRAW:
            timed = " (timed out)" if event.text else ""
            if not event.amount:
                return f"{who} {_verb('stand', you)} pat{timed}"
            if you:
                return f"You discard {format_cards(event.cards or (), sep=' ')}{timed}"
            return f"{who} draws {event.amount}{timed}"
        if t is EventType.FOLD:
            return f"{who} {_verb('fold', you)}"
        if t is EventType.CHECK:
            return f"{who} {_verb('check', you)}"
        if t is EventType.CALL:
            return f"{who} {_verb('call', you)} {event.amount}{allin}"
        if t in (EventType.BET, EventType.RAISE):
            completing = self._bring_in_to is not None  # the first bet over a bring-in completes it
            first_stud_bet = self._stud and t is EventType.BET and self._dealt == 1
            self._bring_in_to = None
            if completing or first_stud_bet:
                return f"{who} {_verb('complete', you)} to {event.to}{allin}"
            if t is EventType.BET:
                return f"{who} {_verb('bet', you)} {event.to}{allin}"
            return f"{who} {_verb('raise', you)} to {event.to}{allin}"
        if t is EventType.SPLIT:
            if event.text == "declines":
                return f"{who} {_verb('decline', you)} the split"
            if event.text == "accepts":
                return f"{who} {_verb('accept', you)} the split"
            return f"{who} {_verb('press', you)} split (a check that offers to split the pot)"
        if t is EventType.RESHUFFLE:
            return f"The dealer reshuffles {plural(event.amount or 0, 'discard')} into the stub"
        if t is EventType.UNCALLED:
            return f"Uncalled bet of {event.amount} returned to {who}"
        if t is EventType.SHOW:
            name = hand_name(self.game, event.cards or (), self.hand.board) if event.seat is not None else ""
            cards = format_cards(event.cards or (), sep=" ")
            return f"{who} {_verb('show', you)} {cards}" + (f" ({name})" if name else "")
        if t is EventType.MUCK:
            return f"{who} {_verb('muck', you)}"
        return None  # POT, WIN, HAND_END: reported by pot_lines


# ---------------------------------------------------------------------------------------------- pots


def _wins(names: Sequence[str], human: int, payouts: Sequence[tuple[int, int]]) -> str:
    """``Bot 1 wins 25, You win 25``; a tied winner who gets no chip of a tiny pot is left out."""
    paid = [(s, chips) for s, chips in payouts if chips] or list(payouts[:1])
    return ", ".join(f"{names[s]} {'win' if s == human else 'wins'} {chips}" for s, chips in paid)


def pot_lines(hand: Hand, names: Sequence[str], human: int) -> list[str]:
    """Who won what: ``You win 40 from the pot of 40``; in a hi/lo game each contested pot names both halves
    (``The pot of 100: high: Bot 1 wins 50; low: You win 50``) or says the high scooped (``no low: high
    scoops``)."""
    pots = [e for e in hand.events if e.type is EventType.POT]
    game = hand.game
    lines: list[str] = []
    for k, pot in enumerate(pots):
        label = "the pot" if len(pots) == 1 else ("the main pot" if k == 0 else f"side pot {k}")
        halves = pot_shares(hand, pot) if len(game.shares) > 1 and pot.text != "split" else None
        if pot.text == "split":
            lines.append(
                f"{label[0].upper()}{label[1:]} of {pot.amount} is split by agreement: "
                f"{_wins(names, human, pot.winners or ())}"
            )
        elif halves is None:
            for seat, chips in pot.winners or ():
                verb = "win" if seat == human else "wins"
                lines.append(f"{names[seat]} {verb} {chips} from {label} of {pot.amount}")
        else:
            got = [name for name, _ in halves]
            missing = [s.name for s in game.shares if s.name not in got]
            text = "; ".join(f"{name}: {_wins(names, human, payouts)}" for name, payouts in halves)
            if missing and len(got) == 1:
                text = f"no {' and no '.join(missing)}: {got[0]} scoops: {_wins(names, human, halves[0][1])}"
            elif missing:
                text += "; no " + " and no ".join(missing)
            lines.append(f"{label[0].upper()}{label[1:]} of {pot.amount}: {text}")
        if pot.text and pot.text != "split":
            lines.append(f"({pot.text})")
    return lines
