"""Every hand shown at a showdown as data (``Result.hands``, :func:`pokerroom.server.summary.shown_hands`), so the
page names losing hands in its language too (issue 18 item 8): one entry per share, a low that does not qualify
as ``no-hand``, cards that cannot be valued as no entry at all."""

from __future__ import annotations

from pokerroom.cards import parse_cards
from pokerroom.games import HOLDEM, OMAHA8, RAZZ
from pokerroom.server.summary import shown_hands


def test_a_holdem_hand_shown_is_its_category_and_ranks() -> None:
    hands = shown_hands(HOLDEM, parse_cards("Th 8c"), parse_cards("Ts 8d 2c 3h Kd"))
    assert hands == [
        {
            "share": "high",
            "category": "two-pair",
            "ranks": ["T", "8"],
            "suit": None,
            "name": "two pair, tens and eights",
            "best": ["Ts", "Th", "8d", "8c", "Kd"],
        }
    ]


def test_an_omaha_hi_lo_hand_with_no_low_names_the_low_share_no_low() -> None:
    hands = shown_hands(OMAHA8, parse_cards("Ah Ad Kc Qs"), parse_cards("As 9d 9c Th 2c"))
    assert [(h["share"], h["category"], h["ranks"], h["name"]) for h in hands] == [
        ("high", "full-house", ["A", "9"], "full house, aces full of nines"),
        (
            "low",
            "no-hand",
            [],
            "no low",
        ),
    ]


def test_a_razz_low_lists_all_five_ranks_and_unvalued_cards_give_nothing() -> None:
    hands = shown_hands(RAZZ, parse_cards("8c 6d 4h 3s Ac Kd Kh"), [])
    assert [(h["category"], h["ranks"], h["name"]) for h in hands] == [
        ("no-pair", ["8", "6", "4", "3", "A"], "eight-six low")
    ]
    assert shown_hands(HOLDEM, parse_cards("Th"), []) == []
