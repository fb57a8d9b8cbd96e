"""Reading equity's input: cards, hands and ranges, board and dead cards, checked with typed errors.

A player's entry is cards (text such as ``"As Ad"`` or ``"?? ?? Kd"``, or card ints, numpy's included) or, in
hold'em and Omaha, a range (:mod:`pokerroom.equity.ranges`).  Text is a range when it is range notation
(``QQ+``, ``AKs``, ``T9s-65s``, ``*``), when it has a comma (``AhKh,AsKs``: two combos) or when it names more
cards than a player holds (``AhKh AsKs``); otherwise it is the player's known cards, and the rest of the
player's cards are dealt at random (``??`` stands for one of them and counts toward the player's cards).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from pokerroom.cards import UNKNOWN, format_card, format_cards, parse_cards
from pokerroom.equity.games import EquityGame
from pokerroom.equity.ranges import ANY_HAND, parse_range
from pokerroom.errors import DuplicateCard, InvalidCard, PokerroomError, RangeError

__all__ = ["Player", "cards_of", "check_known", "read_players", "whole_number"]



@dataclass
class Player:
    """One player: ``text`` for display, ``combos`` (int64 ``[count, width]``: the cards of each combo; one row
    of the known cards for a hand, ``hole`` cards per row for a range), ``missing`` cards still to deal."""

    text: str
    combos: np.ndarray
    missing: int


def whole_number(name: str, value: object, low: int) -> int:
    """``value`` as an int of at least ``low``; :class:`~pokerroom.errors.PokerroomError` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise PokerroomError(f"{name} must be a whole number, got {value!r}")
    if int(value) < low:
        raise PokerroomError(f"{name} must be at least {low}, got {value}")
    return int(value)


def cards_of(value: object, what: str) -> list[int]:
    """Cards from text (``??`` allowed, as -1) or an iterable of card ints (numpy ints included).

    Raises :class:`~pokerroom.errors.InvalidCard` for a bad card and
    :class:`~pokerroom.errors.PokerroomError` for something that is neither text nor cards.
    """
    if isinstance(value, str):
        return parse_cards(value, allow_unknown=True, unique=False)
    if not isinstance(value, Iterable):
        raise PokerroomError(f"{what} must be card text such as 'As Kd' or a list of card ints, got {value!r}")
    out = []
    for card in value:
        try:
            number = operator.index(card)
        except TypeError:
            raise InvalidCard(repr(card), f"{what}: a card int is rank * 4 + suit, in 0..51") from None
        if isinstance(card, bool) or not UNKNOWN <= number < 52:
            raise InvalidCard(repr(card), f"{what}: a card int is rank * 4 + suit, in 0..51")
        out.append(number)
    return out


def _as_range(game: EquityGame, text: str) -> bool:
    """Whether hold'em/Omaha text is a range rather than one player's known cards."""
    if text.strip().lower() in ANY_HAND or "," in text:
        return True
    try:
        cards = parse_cards(text, allow_unknown=True, unique=False)
    except InvalidCard:
        return True
    return len(cards) > game.hole


def read_players(game: EquityGame, hands: Sequence[object], live: Sequence[int]) -> list[Player]:
    """Each entry of ``hands`` read as a :class:`Player`; ``live``: the cards not on the board or dead.

    Ranges are read against the game's deck, then leave out combos that use a board, dead or other player's known
    card (a range term of only blocked combos adds nothing).  Raises the errors of :func:`cards_of`,
    :class:`~pokerroom.errors.RangeError` (bad notation, or no combo left), and
    :class:`~pokerroom.errors.PokerroomError` for too many cards.
    """
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise PokerroomError(f"hands must be a list with one hand or range per player, got {hands!r}")
    known: dict[int, list[int]] = {}
    ranges: dict[int, str] = {}
    for i, hand in enumerate(hands):
        what = f"player {i + 1}"
        if isinstance(hand, str) and game.ranges and _as_range(game, hand):
            ranges[i] = hand
            continue
        if isinstance(hand, str) and not game.ranges:
            try:
                cards = cards_of(hand, what)
            except InvalidCard as exc:
                raise InvalidCard(exc.token, f"{what}: {game.id} takes cards (ranges such as QQ+ or AKs are "
                                  "hold'em and Omaha notation)") from None  # fmt: skip
        else:
            cards = cards_of(hand, what)
        if len(cards) > game.hole:
            raise PokerroomError(f"{what} holds {len(cards)} cards (?? included); {game.id} deals {game.hole}")
        known[i] = [c for c in cards if c != UNKNOWN]
    taken = {c for cards in known.values() for c in cards}
    blocked = (set(game.deck) - set(live)) | taken  # board, dead and known cards: their combos are left out
    out = []
    for i in range(len(hands)):
        if i in known:
            row = np.array(known[i], dtype=np.int64).reshape(1, len(known[i]))
            missing = game.hole - len(known[i])
            text = format_cards(known[i]) + (f" +{missing} random" if missing else "") if known[i] else "random"
            out.append(Player(text, row, missing))
            continue
        combos = [c for c in parse_range(ranges[i], hole=game.hole, deck=game.deck) if blocked.isdisjoint(c)]
        if not combos:
            raise RangeError(f"player {i + 1}'s range {ranges[i]!r} has no combo left beside the known cards")
        out.append(Player(ranges[i], np.array(combos, dtype=np.int64), 0))
    return out


def check_known(game: EquityGame, board: list[int], dead: list[int], players: list[Player]) -> None:
    """Every known card in the game's deck and seen once (board, dead cards, players' known cards).

    Raises :class:`~pokerroom.errors.InvalidCard` or :class:`~pokerroom.errors.DuplicateCard`.
    """
    seen: set[int] = set()
    fixed = [(c, "the board") for c in board] + [(c, "the dead cards") for c in dead]
    for i, p in enumerate(players):
        if p.combos.shape[0] == 1:
            fixed += [(int(c), f"player {i + 1}") for c in p.combos[0]]
    for card, where in fixed:
        if card not in game.deck:
            raise InvalidCard(format_card(card), f"{where}: the {game.id} deck has no such card")
        if card in seen:
            raise DuplicateCard(format_card(card))
        seen.add(card)
