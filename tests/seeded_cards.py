"""Every card a seeded hand deals, for the seed test (tests/test_engine_seeds.py): deal and play hand ``i`` of
every game of the registry from seeds that depend on ``i`` and the game only, and write the cards it dealt.

Run as a script (``python tests/seeded_cards.py HANDS [--reverse] [--global-seed N]``) it prints one line per
hand: the game id, the hand's number and every card event in order (hole cards, up cards, board cards, discards,
reshuffles and the cards they deal).  ``--reverse`` plays the hands in the other order and ``--global-seed`` seeds
the ``random`` module's own generator (and draws from it between hands): neither may change a single card, since
every card of a seeded hand follows from its seed alone (RULES §2.5, settled decision 22).

The players' choices come from a generator seeded with the hand's number: random legal actions
(:func:`randomplay.random_action`), and discards of up to the most allowed, most often three or more, so that
full draw tables run the stub out and reshuffle.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pokerroom.cards import format_cards
from pokerroom.engine import Action, EventType, Hand, LegalActions
from pokerroom.games import Game, all_games
from randomplay import random_action, random_hand

CARD_EVENTS = {
    EventType.DEAL_HOLE: "h",
    EventType.DEAL_UP: "u",
    EventType.DEAL_BOARD: "b",
    EventType.DRAW: "d",
    EventType.RESHUFFLE: "r",
    EventType.SHOW: "s",
}


def choose(hand: Hand, legal: LegalActions, rng: random.Random) -> Action:
    """A random legal action; a draw discards a random number of the seat's cards, most often many."""
    if legal.draw is not None:
        most = min(legal.draw, len(hand.hole[legal.seat]))
        count = rng.choice((most, most, rng.randint(0, most)))
        return Action.draw(tuple(rng.sample(hand.hole[legal.seat], count)))
    return random_action(rng, legal, hand, timed_out=0.0)


def play(game: Game, number: int) -> Hand:
    """Hand ``number`` of ``game``: the table, the deck's seed and every choice follow from ``number`` (and the
    game's place in the registry) alone."""
    index = [g.id for g in all_games()].index(game.id)
    rng = random.Random(number * 1_000 + index)
    limit = game.limits[number % len(game.limits)]
    hand = random_hand(game, limit, rng)  # the deck's seed is drawn from ``rng`` too
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None
        hand.act(choose(hand, legal, rng), legal.seat)
    return hand


def cards_line(game: Game, number: int) -> str:
    """``game number`` and every card event of the hand, one token each (``h3:AsKd``: seat 3 dealt As Kd)."""
    tokens = [game.id, str(number)]
    for e in play(game, number).events:
        tag = CARD_EVENTS.get(e.type)
        if tag is None:
            continue
        where = "" if e.seat is None else str(e.seat)
        what = str(e.amount) if e.type is EventType.RESHUFFLE else format_cards(e.cards or ())
        tokens.append(f"{tag}{where}:{what}")
    return " ".join(tokens)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("hands", type=int)
    parser.add_argument("--reverse", action="store_true")
    parser.add_argument("--global-seed", type=int, default=None)
    args = parser.parse_args(argv)
    if args.global_seed is not None:
        random.seed(args.global_seed)
    order = range(args.hands - 1, -1, -1) if args.reverse else range(args.hands)
    lines: list[str] = []
    for game in all_games():
        for number in order:
            if args.global_seed is not None:
                random.random()  # the module's generator moves on between hands: no card may follow it
            lines.append(cards_line(game, number))
    lines.sort(key=lambda line: (line.split(" ", 2)[0], int(line.split(" ", 2)[1])))
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
