"""Tests of pokerroom.formats.phh: reading, validating and writing PHH hand histories.

The data tests read ``shared/phh`` next to the repository (skipped when it is absent).  Normal runs round-trip
every non-Pluribus hand and a 1,000-hand sample of Pluribus; ``POKERROOM_SOAK=1`` does all 10,000.
"""

from __future__ import annotations

import dataclasses
import datetime
import math
import re
import tomllib
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import UNKNOWN, parse_cards
from pokerroom.errors import PHHError
from pokerroom.formats import phh
from pokerroom.formats.phh import (
    INF,
    PHHAction,
    PHHHand,
    chip_unit,
    dumps,
    dumps_many,
    format_action,
    from_units,
    iter_paths,
    loads,
    parse_action,
    parse_actions,
    read,
    to_units,
    write,
)
from pokerroom.formats.phh_toml import parse_simple
from soak import SOAK

PHH = Path(__file__).resolve().parents[1].parent / "shared" / "phh"
needs_data = pytest.mark.skipif(not PHH.is_dir(), reason=f"PHH data not found at {PHH}")

# Hands per folder, counted once by hand (files: 10,000 + 84 + 5 + 1 + 4).
EXPECTED_HANDS = {
    "dataset/pluribus": 10_000,
    "dataset/wsop": 84,
    "dataset/*.phh": 5,
    "dataset/handhq": 4,
    "synthetic": 4,
}
EXPECTED_FILES = 10_094

_CACHE: dict[str, list[PHHHand]] = {}


def all_hands() -> list[PHHHand]:
    """Every hand under shared/phh, read once per test process."""
    if "all" not in _CACHE:
        _CACHE["all"] = [hand for path in iter_paths(PHH) for hand in read(path)]
    return _CACHE["all"]


def folder_of(hand: PHHHand) -> str:
    assert hand.path is not None
    parts = Path(hand.path).relative_to(PHH).parts
    if parts[0] == "dataset" and len(parts) == 2:
        return "dataset/*.phh"
    return parts[0] if parts[0] == "synthetic" else f"{parts[0]}/{parts[1]}"


def round_trip_sample() -> list[PHHHand]:
    hands = all_hands()
    pluribus = [h for h in hands if folder_of(h) == "dataset/pluribus"]
    others = [h for h in hands if folder_of(h) != "dataset/pluribus"]
    return others + (pluribus if SOAK else pluribus[::10])


def one(path: str) -> PHHHand:
    (hand,) = read(PHH / path)
    return hand


NT_TEXT = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 AsKd', 'd dh p3 ????', 'p3 f', 'p1 cbr 6', 'p2 f']
"""


def loads_one(text: str, path: str | None = None) -> PHHHand:
    hands = loads(text, path=path)
    assert len(hands) == 1
    return hands[0]


def refused(text: str, *fragments: str, path: str = "bad.phh") -> str:
    """Assert ``loads(text)`` raises PHHError whose message holds the path, the hand and ``fragments``."""
    with pytest.raises(PHHError) as info:
        loads(text, path=path)
    message = str(info.value)
    assert path in message
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


# -- the data ---------------------------------------------------------------------------------------------


@needs_data
def test_every_file_parses_with_exact_counts() -> None:
    paths = list(iter_paths(PHH))
    assert len(paths) == EXPECTED_FILES
    assert paths == sorted(paths)
    hands = all_hands()
    assert Counter(folder_of(h) for h in hands) == EXPECTED_HANDS
    assert len(hands) == 10_097
    assert all(h.path is not None and h.path.startswith(str(PHH)) for h in hands)


@needs_data
def test_iter_paths_keeps_argument_order_and_files() -> None:
    synthetic = sorted((PHH / "synthetic").glob("*.phh"))
    got = list(iter_paths([PHH / "synthetic", str(PHH / "dataset" / "dwan-ivey-2009.phh")]))
    assert got == [*synthetic, PHH / "dataset" / "dwan-ivey-2009.phh"]
    with pytest.raises(FileNotFoundError):
        list(iter_paths(PHH / "no-such-folder"))


@needs_data
def test_handhq_tables_labels_and_extra_fields() -> None:
    (path,) = (PHH / "dataset" / "handhq").glob("*.phhs")
    hands = read(path)
    assert [h.label for h in hands] == ["1", "6", "9", "10"]
    assert [h.index for h in hands] == [0, 1, 2, 3]
    first = hands[0]
    assert first.antes == (Decimal("2.50"),) * 6
    assert str(first.antes[0]) == "2.50"  # exact, trailing zero kept
    assert first.starting_stacks[0] == Decimal("2067.40")
    assert first.winnings is not None and first.winnings[2] == Decimal("37.50")
    assert first.finishing_stacks is None
    assert first.extra["time"] == datetime.time(0, 0, 26)
    assert first.extra["seats"] == [3, 4, 5, 6, 1, 2]
    assert first.extra["table"] == "CLEO AVE"
    assert "table [1]" in first.where and "hand 0" in first.where


@needs_data
def test_typical_pluribus_record() -> None:
    hand = one("dataset/pluribus/83/63.phh")
    assert hand.variant == "NT"
    assert hand.ante_trimming_status is True
    assert hand.blinds_or_straddles == (Decimal(50), Decimal(100)) + (Decimal(0),) * 4
    assert hand.min_bet == Decimal(100)
    assert all(type(x) is Decimal for x in (*hand.antes, *hand.starting_stacks))
    assert hand.players == ("Bill", "MrBlue", "Pluribus", "MrWhite", "Budd", "MrOrange")
    assert hand.extra == {"hand": 63}
    assert hand.label is None and hand.index == 0 and hand.player_count == 6
    assert hand.bring_in is None and hand.small_bet is None and hand.winnings is None


@needs_data
def test_inf_stacks_are_decimal_infinity() -> None:
    hand = one("synthetic/synthetic-nt-run-four-times.phh")
    assert hand.starting_stacks[0] == INF and hand.starting_stacks[0].is_infinite()
    assert hand.finishing_stacks is not None and hand.finishing_stacks[3] == INF
    assert "starting_stacks = [inf, 116400, 86900, inf, 50000, inf]" in dumps(hand)
    assert chip_unit(hand) == Decimal(1)  # every amount a multiple of 100, but no unit is coarser than 1
    with pytest.raises(PHHError, match="finite"):
        to_units(INF, Decimal(1))


@needs_data
def test_variants_of_the_wsop_data() -> None:
    hands = [h for h in all_hands() if folder_of(h) == "dataset/wsop"]
    assert Counter(h.variant for h in hands) == {
        "NT": 12, "FO/8": 14, "F7S": 13, "FR": 10, "PO": 7, "F2L3D": 7, "FT": 7, "N2L1D": 7, "F7S/8": 7,
    }  # fmt: skip
    stud = [h for h in hands if h.variant in phh.STUD_VARIANTS]
    assert stud and all(h.bring_in is not None and h.blinds_or_straddles is None for h in stud)


@needs_data
@pytest.mark.parametrize(
    ("path", "unit"),
    [
        ("dataset/pluribus/102/0.phh", "0.5"),  # finishing 10112.5 (halves 20225) and a 'cbr 337' (674)
        ("dataset/pluribus/32/23.phh", "0.5"),  # 10387.5 and 9275.0: their gcd 12.5 with 1 is 0.5
        ("dataset/pluribus/83/63.phh", "1"),  # 50/100, 10000, 9900, 10100: gcd 50, but never coarser than 1
        ("dataset/antonius-blom-2009.phh", "0.01"),  # a stack of 1259450.25 in USD: the cent
        ("dataset/dwan-ivey-2009.phh", "0.01"),  # antes 500 and a 1125600 stack: gcd 100, in USD: the cent
        ("dataset/wsop/2019/42/3/00-01-07.phh", "1"),  # 6675000 = 25000 * 267: gcd 25000, capped at 1
        ("dataset/alice-carol-wikipedia.phh", "1"),  # blinds 1/2
    ],
)
def test_chip_unit_on_real_files(path: str, unit: str) -> None:
    hand = one(path)
    got = chip_unit(hand)
    assert got == Decimal(unit) and str(got) == unit
    for amount in (*hand.antes, *hand.starting_stacks, *(hand.finishing_stacks or ())):
        if amount.is_finite():
            assert from_units(to_units(amount, got), got) == amount


@needs_data
def test_chip_unit_on_handhq_hands() -> None:
    # By hand, in cents: [1] antes 250 and a stack 206740: gcd(250, 206740) = 10 -> 0.10; [6] antes 250 and
    # 210740 -> 10 -> 0.10; [9] blinds 500/1000, stacks 203858 and 128944, bets 3000 ... 39400: gcd 2 ->
    # 0.02; [10] stacks 357974 (gcd with 500 is 2) and 202475 (odd) -> 1 -> 0.01.  Every file names its
    # currency ('$'), so no unit is coarser than the cent: all four count in cents.
    (path,) = (PHH / "dataset" / "handhq").glob("*.phhs")
    hands = read(path)
    assert [str(chip_unit(h)) for h in hands] == ["0.01"] * 4
    bare = [dataclasses.replace(h, extra={}) for h in hands]  # without the currency: the gcd itself
    assert [str(chip_unit(h)) for h in bare] == ["0.1", "0.1", "0.02", "0.01"]


@needs_data
def test_round_trip_of_the_data() -> None:
    hands = round_trip_sample()
    assert len(hands) >= 1_000 + 97
    for hand in hands:
        assert loads(dumps(hand)) == [dataclasses.replace(hand, path=None, index=0, label=None)], hand.where


@needs_data
def test_written_text_matches_the_dataset_files() -> None:
    # Files written by the PHH reference tools come back byte for byte (bar the final newline).
    paths = [p for p in iter_paths(PHH / "dataset") if "pluribus" not in p.parts]
    paths += list(iter_paths(PHH / "dataset" / "pluribus"))[:: 1 if SOAK else 10]  # make test: a tenth
    same = 0
    for path in paths:
        hands = read(path)
        text = dumps_many(hands) if path.suffix == ".phhs" else dumps(hands[0])
        if text.rstrip("\n") == path.read_text(encoding="utf-8").rstrip("\n"):
            same += 1
        else:  # only the hand-written, commented files differ
            assert path.parent == PHH / "dataset", path
    assert same == len(paths) - 5


@needs_data
def test_phhs_round_trip_keeps_labels(tmp_path: Path) -> None:
    (path,) = (PHH / "dataset" / "handhq").glob("*.phhs")
    hands = read(path)
    text = dumps_many(hands)
    assert text.startswith("[1]\nvariant = 'NT'\n") and "\n\n[6]\n" in text
    assert loads(text) == [dataclasses.replace(h, path=None) for h in hands]
    target = tmp_path / "copy.phhs"
    write(target, hands)
    assert read(target) == [dataclasses.replace(h, path=str(target)) for h in hands]
    single = tmp_path / "one.phh"
    write(single, hands[2])
    assert read(single) == [dataclasses.replace(hands[2], path=str(single), index=0, label=None)]
    with pytest.raises(PHHError, match="exactly one hand"):
        write(tmp_path / "two.phh", hands[:2])


@needs_data
def test_every_action_of_the_data_parses_and_formats_back() -> None:
    hands = round_trip_sample()
    verbs: Counter[str] = Counter()
    for hand in hands:
        for text, action in zip(hand.actions, parse_actions(hand), strict=True):
            verbs[action.verb] += 1
            assert format_action(action) == text
    assert set(verbs) == {"dh", "db", "f", "cc", "cbr", "pb", "sd", "sm"}


@needs_data
def test_fast_reader_agrees_with_tomllib_on_the_data() -> None:
    paths = [p for p in iter_paths(PHH) if "pluribus" not in p.parts]
    paths += list(iter_paths(PHH / "dataset" / "pluribus"))[:: 1 if SOAK else 10]
    fast = 0
    for path in paths:
        text = path.read_text(encoding="utf-8")
        doc = parse_simple(text)
        if doc is not None:
            fast += 1
            assert repr(doc) == repr(tomllib.loads(text, parse_float=Decimal)), path
    # tomllib reads the 5 commented hand-written files, the 4 synthetic ones and the .phhs
    assert fast == len(paths) - 10


# Mostly the layout the fast reader takes, with near misses mixed in.
_keys = st.sampled_from(["a", "b", "a-b", "c_1", "1"]) | st.sampled_from(["x y", "", "a.b", "'k'"])
_good_scalars = st.sampled_from(
    ["0", "-0", "7", "-12", "1.5", "1.50", "-0.25", "inf", "true", "false", "'x'", "'a, b'", "''", "'\t'",
     "'é ’'", "'a # b'", "'x = y'"]
)  # fmt: skip
_bad_scalars = st.sampled_from(
    ["01", "1.", ".5", "1e3", "-inf", "nan", "'it''s'", '"q"', "[]", "1_000", "+1", "'a\nb'", "tru"]
)
_scalars = st.one_of(_good_scalars, _good_scalars, _good_scalars, _bad_scalars)
_values = _scalars | st.builds(
    lambda items, sep, close: "[" + sep.join(items) + close,
    st.lists(_scalars, max_size=4),
    st.sampled_from([", ", ", ", ", ", ",", " , "]),
    st.sampled_from(["]", "]", "]", "]]", ",]", " ]", "] # c"]),
)
_lines = st.builds(
    lambda k, eq, v: f"{k}{eq}{v}", _keys, st.sampled_from([" = ", " = ", " = ", "=", " =  "]), _values
)
_texts = st.builds(
    lambda lines, newline: newline.join(lines),
    st.lists(_lines | st.sampled_from(["", "# c", "[1]", " "]), max_size=4),
    st.sampled_from(["\n", "\n", "\r\n", "\n\n"]),
)


@settings(max_examples=500, deadline=None)
@given(_texts)
def test_fast_reader_never_disagrees_with_tomllib(text: str) -> None:
    doc = parse_simple(text)
    try:
        expected = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError:
        assert doc is None
        return
    if doc is not None:
        assert repr(doc) == repr(expected)


# -- actions ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("d dh p1 AcKd", PHHAction("d", "dh", 0, None, (48, 45))),
        ("d dh p3 ????", PHHAction("d", "dh", 2, None, (UNKNOWN, UNKNOWN))),
        ("d dh p2 ??", PHHAction("d", "dh", 1, None, (UNKNOWN,))),
        ("d dh p4 ????????", PHHAction("d", "dh", 3, None, (UNKNOWN,) * 4)),
        ("d dh p1 As??7h", PHHAction("d", "dh", 0, None, (51, UNKNOWN, 22))),
        ("d db Jc3d5c", PHHAction("d", "db", None, None, tuple(parse_cards("Jc3d5c")))),
        ("p2 f", PHHAction(1, "f")),
        ("p1 cc", PHHAction(0, "cc")),
        ("p12 cbr 7000", PHHAction(11, "cbr", amount=Decimal(7000))),
        ("p4 cbr 803.50", PHHAction(3, "cbr", amount=Decimal("803.50"))),
        ("p1 pb", PHHAction(0, "pb")),
        ("p2 sd", PHHAction(1, "sd", cards=())),
        ("p4 sd AsQs", PHHAction(3, "sd", cards=(51, 43))),
        ("p1 sd ????", PHHAction(0, "sd", cards=(UNKNOWN, UNKNOWN))),
        ("p3 sm ????", PHHAction(2, "sm", cards=(UNKNOWN, UNKNOWN))),
        ("p5 sm KhKs", PHHAction(4, "sm", cards=(46, 47))),
        ("p1 sm", PHHAction(0, "sm", cards=())),
        ("p3 f # Ted", PHHAction(2, "f", comment="Ted")),
        ("d db 5h # the turn # really", PHHAction("d", "db", None, None, (14,), "the turn # really")),
        ("p2 cbr 2 # raise", PHHAction(1, "cbr", amount=Decimal(2), comment="raise")),
        ("p2 cc #", PHHAction(1, "cc", comment="")),
    ],
)
def test_parse_action_every_form(text: str, expected: PHHAction) -> None:
    action = parse_action(text)
    assert action == expected
    assert format_action(action) == text


def test_parse_action_lenient_forms_write_canonical() -> None:
    assert parse_action("d  dh p1 10d A♠") == PHHAction("d", "dh", 0, None, (33, 51))
    assert format_action(parse_action("d  dh p1 10d A♠")) == "d dh p1 TdAs"
    assert parse_action("p1 cbr 1e3#big") == PHHAction(0, "cbr", amount=Decimal(1000), comment="big")
    assert format_action(parse_action("p1 cbr 1e3#big")) == "p1 cbr 1000 # big"
    assert parse_action("p1 f").is_dealer is False and parse_action("d db As").is_dealer is True
    assert parse_action("d dh p3 As").player == 2 and parse_action("d db As").player is None


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("p1", "no verb"),
        ("p1 xx", "unknown verb 'xx'"),
        ("x1 f", "not a player"),
        ("p0 f", "numbered from p1"),
        ("d f", "dealer's verb 'f'"),
        ("p1 dh AsKd", "dealer's: write 'd dh"),
        ("d dh AsKd", "is not a player"),
        ("d dh p1", "needs cards"),
        ("d db", "board cards"),
        ("p1 f 10", "takes nothing"),
        ("p1 cbr", "exactly one amount"),
        ("p1 cbr ten", "not a number"),
        ("p1 cbr -5", "non-negative"),
        ("p1 cbr inf", "finite"),
        ("d db AsKx", "bad card"),
        ("d dh p1 Zs??", "bad card"),
        ("p1 sm AsK", "bad card"),
    ],
)
def test_parse_action_refuses(text: str, fragment: str) -> None:
    with pytest.raises(PHHError) as info:
        parse_action(text)
    message = str(info.value)
    assert repr(text) in message and fragment in message
    assert ("cards are written together" if fragment == "bad card" else "the forms are") in message


@pytest.mark.parametrize(
    "action",
    [
        PHHAction(0, "cbr"),
        PHHAction("d", "dh", None, None, (1,)),
        PHHAction("d", "db", None, None, ()),
        PHHAction(-1, "f"),
        PHHAction(0, "dh", 1, None, (1,)),
        PHHAction(0, "sm", cards=(99,)),
    ],
)
def test_format_action_refuses_inconsistent_actions(action: PHHAction) -> None:
    with pytest.raises(PHHError, match="cannot write"):
        format_action(action)


_card = st.integers(min_value=-1, max_value=51)
_cards = st.lists(_card, min_size=1, max_size=6).map(tuple)
_comment = st.none() | st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zs", "Zl", "Zp"))
)
_amount = st.decimals(min_value=0, max_value=10**12, places=2, allow_nan=False, allow_infinity=False)
_actions = st.one_of(
    st.builds(PHHAction, st.just("d"), st.just("dh"), st.integers(0, 11), st.none(), _cards, _comment),
    st.builds(PHHAction, st.just("d"), st.just("db"), st.none(), st.none(), _cards, _comment),
    st.builds(PHHAction, st.integers(0, 11), st.sampled_from(["f", "cc", "pb"]), comment=_comment),
    st.builds(PHHAction, st.integers(0, 11), st.just("cbr"), amount=_amount, comment=_comment),
    st.builds(
        PHHAction,
        st.integers(0, 11),
        st.sampled_from(["sd", "sm"]),
        cards=_cards | st.just(()),
        comment=_comment,
    ),
)


@settings(max_examples=300, deadline=None)
@given(_actions)
def test_format_then_parse_is_identity(action: PHHAction) -> None:
    assert parse_action(format_action(action)) == action


# -- broken inputs ----------------------------------------------------------------------------------------


def test_malformed_toml() -> None:
    message = refused("variant = 'NT'\nantes = [0, 0,, 0]\n", "not valid TOML", "line 2")
    assert "hand" not in message


def test_missing_fields_per_variant() -> None:
    refused(NT_TEXT.replace("min_bet = 2\n", ""), "hand 0", "missing field 'min_bet'", "'NT'")
    refused(NT_TEXT.replace("blinds_or_straddles = [1, 2, 0]\n", ""), "missing field 'blinds_or_straddles'")
    refused(NT_TEXT.replace("variant = 'NT'", "variant = 'FT'"), "missing field 'small_bet'", "fixed-limit")
    stud = NT_TEXT.replace("variant = 'NT'", "variant = 'F7S'") + "small_bet = 2\nbig_bet = 4\n"
    refused(stud, "missing field 'bring_in'", "stud")
    refused(NT_TEXT.replace("antes = [0, 0, 0]\n", ""), "missing field 'antes'")
    refused(NT_TEXT.replace("variant = 'NT'\n", ""), "missing field 'variant'")
    refused(NT_TEXT.replace("actions =", "moves ="), "missing field 'actions'")
    assert phh.required_fields("F7S/8") == (
        "variant", "antes", "starting_stacks", "actions", "bring_in", "small_bet", "big_bet",
    )  # fmt: skip


def test_wrong_list_lengths() -> None:
    refused(NT_TEXT.replace("antes = [0, 0, 0]", "antes = [0, 0]"), "field 'antes'", "2 entries", "3 players")
    text = NT_TEXT + "finishing_stacks = [100, 100, 100, 100]\n"
    refused(text, "field 'finishing_stacks'", "4 entries")
    refused(NT_TEXT + "players = ['a', 'b']\n", "field 'players'", "3 names")
    refused(NT_TEXT.replace("[100, 100, 100]", "[100]"), "field 'starting_stacks'", "at least 2 players")


def test_malformed_actions_name_the_action() -> None:
    bad = NT_TEXT.replace("'p3 f'", "'p3 fold'")
    refused(bad, "hand 0", "actions[3]", "'p3 fold'", "unknown verb 'fold'", "the forms are")
    bad_card = NT_TEXT.replace("AsKd", "AsKz")
    refused(bad_card, "actions[1]", "'d dh p2 AsKz'", "bad card", "'z' is not a suit")
    refused(NT_TEXT.replace("'p3 f'", "'p4 f'"), "actions[3]", "no player p4", "p1..p3")
    refused(NT_TEXT.replace("'p3 f'", "3"), "actions[3]", "not a string")
    refused(NT_TEXT.replace("'p3 f'", '"p3 f\\np2 f"'), "actions[3]", "takes nothing after it")


def test_negative_and_odd_amounts() -> None:
    refused(NT_TEXT.replace("min_bet = 2", "min_bet = -2"), "field 'min_bet'", "negative")
    refused(
        NT_TEXT.replace("[100, 100, 100]", "[100, -100.5, 100]"), "'starting_stacks', entry for p2", "-100.5"
    )
    refused(NT_TEXT.replace("antes = [0, 0, 0]", "antes = [0, inf, 0]"), "'antes'", "inf is allowed only")
    refused(NT_TEXT.replace("antes = [0, 0, 0]", "antes = [0, nan, 0]"), "'antes'", "nan")
    refused(NT_TEXT.replace("antes = [0, 0, 0]", "antes = [0, true, 0]"), "'antes'", "not a number")
    refused(NT_TEXT.replace("antes = [0, 0, 0]", "antes = 0"), "'antes'", "expected a list")
    refused(NT_TEXT + "ante_trimming_status = 1\n", "'ante_trimming_status'", "true or false")
    refused(NT_TEXT.replace("variant = 'NT'", "variant = 7"), "field 'variant'")


def test_phhs_errors_name_the_table() -> None:
    text = "[1]\n" + NT_TEXT + "\n[2]\n" + NT_TEXT.replace("min_bet = 2\n", "")
    message = refused(text, "hand 1 (table [2])", "min_bet", path="x.phhs")
    assert message.startswith("x.phhs, hand 1")
    refused("[1]\n" + NT_TEXT + "\n[2]\nvariant = 'NT'\n", "hand 1 (table [2])", "missing field 'antes'")
    assert loads("", path="empty.phhs") == []
    refused("", "missing field 'variant'")


def test_read_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.phh"
    path.write_text(NT_TEXT.replace("min_bet = 2\n", ""), encoding="utf-8")
    with pytest.raises(PHHError, match=re.escape(f"{path}, hand 0: missing field 'min_bet'")):
        read(path)
    path.write_bytes(b"variant = '\xff'\n")
    with pytest.raises(PHHError, match="not UTF-8"):
        read(path)


def test_parse_actions_names_the_hand() -> None:
    hand = dataclasses.replace(loads_one(NT_TEXT), actions=("p1 f", "p9 f"), path="h.phh", index=4)
    with pytest.raises(PHHError, match=r"h\.phh, hand 4: actions\[1\] 'p9 f': there is no player p9"):
        parse_actions(hand)


# -- records and writing ----------------------------------------------------------------------------------


def test_unknown_variant_is_kept() -> None:
    hand = loads_one(NT_TEXT.replace("variant = 'NT'", "variant = 'NXYZ'"))
    assert hand.variant == "NXYZ"
    assert loads_one(dumps(hand)) == hand


def test_extra_fields_and_strings_round_trip() -> None:
    text = (
        NT_TEXT
        + 'players = ["O\'Brien", "tab\\there", "line\\nbreak"]\n'
        + "_ext = {a = 1, 'b c' = [1.50, 'x']}\nevent = 'Main ’23'\nday = 3\nstamp = 2009-07-01T00:00:26\n"
        + "ratio = 0.1e-9\nflag = false\n"
    )
    hand = loads_one(text)
    assert hand.players == ("O'Brien", "tab\there", "line\nbreak")
    assert hand.extra["_ext"] == {"a": 1, "b c": [Decimal("1.50"), "x"]}
    written = dumps(hand)
    assert written.index("event =") < written.index("day =") < written.index("players =")
    assert written.index("players =") < written.index("_ext =")
    assert "'Main ’23'" in written and "'b c'" not in written
    assert loads_one(written) == hand


def test_records_built_in_code_can_be_written() -> None:
    hand = PHHHand(
        variant="NT",
        antes=(Decimal(0), Decimal(0)),
        blinds_or_straddles=(Decimal("0.5"), Decimal(1)),
        min_bet=Decimal(1),
        starting_stacks=(Decimal("100.00"), INF),
        actions=("d dh p1 ????", "d dh p2 ????", "p2 cbr 3.5", "p1 f"),
        finishing_stacks=(Decimal("99.50"), INF),
        players=("a", "b"),
        ante_trimming_status=False,
        extra={"hand": 7},
    )
    text = dumps(hand)
    assert text.splitlines()[:3] == ["variant = 'NT'", "ante_trimming_status = false", "antes = [0, 0]"]
    assert "starting_stacks = [100.00, inf]" in text
    assert text.endswith("hand = 7\nplayers = ['a', 'b']\nfinishing_stacks = [99.50, inf]\n")
    assert loads_one(text) == hand
    assert chip_unit(hand) == Decimal("0.5")
    with pytest.raises(PHHError, match="extra field 'antes'"):
        dumps(dataclasses.replace(hand, extra={"antes": [1, 1]}))
    with pytest.raises(PHHError, match="cannot write"):
        dumps(dataclasses.replace(hand, extra={"x": None}))
    with pytest.raises(PHHError, match=r"table name \[1\] is used twice"):
        dumps_many([hand, dataclasses.replace(hand, label="1")])
    assert dumps_many([hand, hand]).startswith("[1]\n") and "\n[2]\n" in dumps_many([hand, hand])
    assert hash(hand) == hash(dataclasses.replace(hand, extra={}))


def test_decimal_text_is_exact() -> None:
    hand = loads_one(NT_TEXT.replace("[100, 100, 100]", "[100.10, 1e3, 12345678901234567890.123456789]"))
    big = Decimal("12345678901234567890.123456789")
    assert hand.starting_stacks == (Decimal("100.10"), Decimal(1000), big)
    assert "starting_stacks = [100.10, 1000, 12345678901234567890.123456789]" in dumps(hand)
    assert chip_unit(hand) == Decimal("1E-9")


# -- chip units -------------------------------------------------------------------------------------------


def test_units_conversions() -> None:
    assert to_units(Decimal("10112.5"), Decimal("0.5")) == 20225
    assert to_units(Decimal("2.50"), Decimal("0.01")) == 250
    assert to_units(300, Decimal(50)) == 6
    assert from_units(20225, Decimal("0.5")) == Decimal("10112.5")
    assert from_units(10**40, Decimal("0.01")) == Decimal(10**38)  # no rounding at any size
    assert str(from_units(5, Decimal("0.02"))) == "0.1"
    with pytest.raises(PHHError, match="not a whole multiple"):
        to_units(Decimal("0.75"), Decimal("0.5"))
    with pytest.raises(PHHError, match="positive"):
        to_units(Decimal(1), Decimal(0))
    with pytest.raises(PHHError, match="positive"):
        from_units(1, Decimal("-0.5"))
    zero = loads_one(NT_TEXT.replace("blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [0, 0, 0]")
                     .replace("min_bet = 2", "min_bet = 0").replace("[100, 100, 100]", "[0, 0, 0]")
                     .replace(", 'p1 cbr 6'", ""))  # fmt: skip
    assert chip_unit(zero) == Decimal(1)


@settings(max_examples=200, deadline=None)
@given(st.lists(_amount.filter(bool), min_size=2, max_size=8))
def test_chip_unit_is_the_greatest_common_divisor(stacks: list[Decimal]) -> None:
    hand = PHHHand(
        variant="NT",
        antes=(Decimal(0),) * len(stacks),
        blinds_or_straddles=(Decimal(0),) * len(stacks),
        starting_stacks=tuple(stacks),
        actions=(),
    )
    unit = chip_unit(hand)
    counts = [to_units(s, unit) for s in stacks]
    assert [from_units(n, unit) for n in counts] == stacks
    # the largest that also divides 1 (no unit is coarser than 1): the counts and 1's count share no factor
    assert math.gcd(*counts, to_units(1, unit)) == 1
