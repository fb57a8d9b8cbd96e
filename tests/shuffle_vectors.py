"""Test vectors of the provable shuffle for the browser's check (static/shuffle.js), made by
``pokerroom.room.proof``: a leaf, a node and a root for a fixed server seed, and a played hold'em hand's proof as
table seat 1 gets it.  ``python tests/shuffle_vectors.py`` prints them as JSON."""

from __future__ import annotations

import json
from typing import Any

from pokerroom.cards import DECK52, parse_card
from pokerroom.engine.shuffle import deck_key, deck_order
from pokerroom.room.proof import commit, leaf, merkle_levels, proof_json, salt, seed_hash
from pokerroom.room.record import Deck, HandRecord
from tabletools import check_down, new_table

SECRET = bytes(range(32))
"""The fixed server seed."""
CLIENT_SEEDS = ((4, "c0ffee"), (7, "00ff"))
"""The client seeds of the hand: (table seat, text)."""
VIEWER = 0
"""The engine seat whose proof is made (table seat 1: the players sit at 1, 4 and 7)."""


def played_hand() -> HandRecord:
    """A hold'em hand at table seats 1, 4, 7 dealt from :data:`SECRET` and :data:`CLIENT_SEEDS`, checked down."""
    t = new_table("holdem", players=(1, 4, 7), stack=200, blinds=(1, 2))
    t.start_hand(deck=Deck(server_seed=SECRET.hex(), client_seeds=CLIENT_SEEDS, seed_hash=seed_hash(SECRET)))
    return check_down(t)


def vectors() -> dict[str, Any]:
    """``leaf`` (position 0, Ah, its salt), ``node`` (of leaves 0 and 1), ``root`` (of the whole deck the key
    deals), ``seed_hash`` and ``proof`` (:func:`proof_json` for :data:`VIEWER`, hand id 12)."""
    order = deck_order(DECK52, deck_key(SECRET, dict(CLIENT_SEEDS)))
    leaves = [leaf(p, card, salt(SECRET, p)) for p, card in enumerate(order)]
    levels = merkle_levels(leaves)
    record = played_hand()
    deck = record.setup.deck
    assert (
        deck.root
        == levels[-1][0].hex()
        == commit(Deck(server_seed=SECRET.hex(), client_seeds=CLIENT_SEEDS), DECK52).root
    )
    return {
        "leaf": {
            "position": 0,
            "card": "Ah",
            "salt": salt(SECRET, 0).hex(),
            "hash": leaf(0, parse_card("Ah"), salt(SECRET, 0)).hex(),
        },
        "node": {"left": leaves[0].hex(), "right": leaves[1].hex(), "hash": levels[1][0].hex()},
        "root": deck.root,
        "seed_hash": deck.seed_hash,
        "proof": proof_json(record, VIEWER, reveal=False, hand_id=12),
    }


if __name__ == "__main__":
    print(json.dumps(vectors(), indent=1))
