"""Fuzzing the PHH readers and the replay: whatever the text, :func:`loads_each` yields hands or
:class:`BadHand` (or raises :class:`PHHError` for text that cannot be cut into tables), and :func:`replay` of a hand
read returns a result; nothing else is ever raised.

Inputs: real files of the dataset (the HandHQ samples, a Pluribus hand, the synthetic side pots) mutated at random
(characters replaced, inserted, deleted, lines repeated or dropped, numbers swapped for huge, negative or odd ones)
and text built from TOML and PHH tokens.  ``POKERROOM_SOAK=1`` runs 200 times as many examples (60,000 each,
about five minutes).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.errors import PHHError
from pokerroom.formats.phh import BadHand, PHHHand, loads_each
from pokerroom.formats.replay import replay
from soak import SOAK

EXAMPLES = 300 * (200 if SOAK else 1)
SHARED = Path(__file__).resolve().parents[2] / "shared" / "phh"
DATA = Path(__file__).resolve().parent / "data" / "handhq"


def _seeds() -> list[str]:
    paths = [
        *sorted(DATA.glob("*.phhs"))[:3],
        SHARED / "dataset" / "pluribus" / "102" / "0.phh",
        SHARED / "synthetic" / "synthetic-nt-4way-side-pots.phh",
        SHARED / "dataset" / "handhq" / "abs-NLH-handhq_1-OBFUSCATED.sample.phhs",
    ]
    texts = []
    for p in paths:
        if p.exists():
            text = p.read_text(encoding="utf-8")
            texts.append(text[:6000])  # a few tables of each: mutations stay quick
    return texts or ["variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
                     "starting_stacks = [100, 100]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']\n"]  # fmt: skip


SEEDS = _seeds()
TOKENS = [
    "[", "]", "[[", "]]", "'", '"', "=", ",", "\n", " ", "#", "inf", "-inf", "nan", "-", ".", "1e999", "0",
    "-10", "10" * 30, "0.000000000000001", "true", "[1]", "[1.x]", "variant", "'NT'", "'FT'", "'F7S'", "antes",
    "blinds_or_straddles", "starting_stacks", "actions", "'p1 cbr 5'", "'p9 f'", "'d db AsAs'", "'d dh p1 ??'",
    "'p2 sm ????'", "min_bet", "bring_in", "winnings", "finishing_stacks", "00:00:09", "2009-02-30", "\ufeff",
    "\r\n", "{", "}", "\\", "\x00",
]  # fmt: skip


def _check(text: str) -> None:
    try:
        items = list(loads_each(text, path="fuzz.phhs"))
    except PHHError:
        return
    for item in items:
        assert isinstance(item, PHHHand | BadHand)
        if isinstance(item, BadHand):
            assert isinstance(item.error, PHHError) and item.where in str(item.error)
            continue
        result = replay(item)
        assert result.status in ("ok", "mismatch", "error", "unchecked", "incomplete", "rake")


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.integers(0, 4))
        at = draw(st.integers(0, max(0, len(text) - 1)))
        if kind == 0:  # replace a character
            text = text[:at] + draw(st.characters(codec="utf-8")) + text[at + 1 :]
        elif kind == 1:  # insert a token
            text = text[:at] + draw(st.sampled_from(TOKENS)) + text[at:]
        elif kind == 2:  # delete a span
            text = text[:at] + text[at + draw(st.integers(1, 40)) :]
        elif kind == 3:  # drop or repeat a line
            lines = text.split("\n")
            k = draw(st.integers(0, len(lines) - 1))
            lines[k : k + 1] = [] if draw(st.booleans()) else [lines[k], lines[k]]
            text = "\n".join(lines)
        else:  # swap a number for a hostile one
            digits = [i for i, c in enumerate(text) if c.isdigit()]
            if digits:
                i = draw(st.sampled_from(digits))
                text = text[:i] + draw(st.sampled_from(["-", "9" * 40, "0.0000000000001", "inf", "1e30"])) + text[i:]
    return text


@pytest.mark.skipif(not SEEDS, reason="no seed files")
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_files_never_raise_anything_but_the_readers_error(text: str) -> None:
    _check(text)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=60).map("".join))
def test_token_soup_never_raises_anything_but_the_readers_error(text: str) -> None:
    _check(text)
