"""The fast paths of reading and replaying PHH give exactly what the plain paths give (issue 24).

* the fast reader for the one-key-a-line layout (:func:`pokerroom.formats.phh_toml.parse_simple`) against
  :mod:`tomllib` alone, record by record (refusals included), on the hand histories of ``../shared/phh`` and of
  ``tests/data``: every file under ``POKERROOM_SOAK=1``, all but Pluribus and a sample of Pluribus otherwise;
* the chip unit (:func:`~pokerroom.formats.phh_units.common_unit`, each amount's ratio remembered) against its
  definition;
* ``pokerroom replay``'s shortcuts: a file starting with a lower-case letter is PHH (the PokerStars and ACPC
  detectors say so too), a file's bytes read once serve the reader, whole amounts keep their spelling.
"""

from __future__ import annotations

import math
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.formats import phh
from pokerroom.formats import pokerstars as stars
from pokerroom.formats.acpc.log import is_log
from pokerroom.formats.phh_units import common_unit
from pokerroom.formats.replay import replay
from soak import SOAK

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "phh"
DATA = Path(__file__).resolve().parent / "data"


def _files() -> list[Path]:
    found = sorted(p for root in (SHARED, DATA) for p in root.rglob("*") if p.suffix in (".phh", ".phhs"))
    pluribus = [p for p in found if "pluribus" in p.parts]
    return [p for p in found if "pluribus" not in p.parts] + pluribus[:: 1 if SOAK else 50]


def _items(text: str, path: Path) -> list[str]:
    """What the reader gives for ``text``, each hand or refusal written out (a BadHand's error by its message)."""
    try:
        return [repr(item) if isinstance(item, phh.PHHHand) else repr((item.where, str(item.error)))
                for item in phh.loads_each(text, path=path)]  # fmt: skip
    except phh.PHHError as err:
        return [f"refused: {err}"]


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"PHH data not found at {SHARED}")
def test_records_through_the_fast_reader_are_tomllibs(monkeypatch: pytest.MonkeyPatch) -> None:
    files = _files()
    texts = [p.read_text(encoding="utf-8") for p in files]
    fast = [_items(text, p) for text, p in zip(texts, files, strict=True)]
    monkeypatch.setattr(phh, "parse_simple", lambda text: None)  # every text through tomllib alone
    for text, p, ours in zip(texts, files, fast, strict=True):
        assert _items(text, p) == ours, p


def _reference_unit(amounts: list[Decimal]) -> Decimal:
    """The definition: the largest unit dividing every non-zero finite amount, by its exact ratio."""
    ratios = {abs(a).as_integer_ratio() for a in amounts if a and a.is_finite()}
    if not ratios:
        return Decimal(1)
    denominator = math.lcm(*(d for _n, d in ratios))
    numerator = math.gcd(*(n * (denominator // d) for n, d in ratios))
    return Decimal(numerator) / Decimal(denominator)


_amounts = st.lists(
    st.decimals(min_value=-(10**6), max_value=10**6, places=3, allow_nan=False, allow_infinity=False)
    | st.sampled_from([Decimal(0), Decimal("-0"), Decimal("Infinity"), Decimal("2.50"), Decimal("1E+3")]),
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(_amounts)
def test_common_unit_is_its_definition(amounts: list[Decimal]) -> None:
    unit = common_unit(amounts)
    assert unit == _reference_unit(amounts)
    assert unit == unit.normalize() or unit == unit.to_integral_value()  # no trailing zeros
    assert common_unit(amounts) == unit  # the ratios remembered give the same


@settings(max_examples=300, deadline=None)
@given(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), st.text(max_size=80))
def test_a_start_in_lower_case_is_neither_pokerstars_nor_an_acpc_log(first: str, rest: str) -> None:
    from pokerroom.cli.histories import Format, _format_of, _sniff_text

    start = (first + rest).encode("utf-8")
    text = _sniff_text(start, True)
    assert not stars.is_pokerstars(text) and not is_log(text)  # what the full detection would conclude
    assert _format_of(start, len(start)) is Format.PHH


def test_the_bytes_read_once_serve_the_reader(tmp_path: Path) -> None:
    path = tmp_path / "hand.phh"
    text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 150]\n"
    path.write_text(text + "actions = ['d dh p1 ????', 'd dh p2 AsKd', 'p2 f']\n", encoding="utf-8")
    assert list(phh.read_each(path, data=path.read_bytes())) == list(phh.read_each(path))
    path.write_bytes(b"variant = '\xff'\n")
    with pytest.raises(phh.PHHError) as direct:
        list(phh.read_each(path))
    with pytest.raises(phh.PHHError) as given_bytes:
        list(phh.read_each(path, data=path.read_bytes()))
    assert str(given_bytes.value) == str(direct.value) and "not UTF-8 text" in str(direct.value)


def test_whole_amounts_keep_their_spelling() -> None:
    text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [{}]\n"
    text += "actions = []\n"
    (first,) = phh.loads(text.format("10000, 10000"))
    (second,) = phh.loads(text.format("10000.0, 10000"))  # a TOML float: Decimal('10000.0'), not the int's
    assert [repr(x) for x in second.starting_stacks] == ["Decimal('10000.0')", "Decimal('10000')"]
    assert first.starting_stacks == second.starting_stacks
    assert phh.dumps(second).count("10000.0") == 1


def test_a_card_named_twice_is_refused_without_reshuffles() -> None:
    head = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\n"
    for actions, card in (
        ("['d dh p1 AsKd', 'd dh p2 AsQh', 'p2 cc', 'p1 cc']", "As"),
        ("['d dh p1 AsKd', 'd dh p2 QsQh', 'p2 cc', 'p1 cc', 'd db KdJc2c']", "Kd"),
    ):
        (record,) = phh.loads(f"{head}actions = {actions}\n")
        result = replay(record)
        assert result.status == "error"
        assert result.message == f"set-up: duplicate card '{card}': each card can appear only once"


def test_bets_and_raises_to_the_same_amount_stay_apart() -> None:
    head = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
    head += "starting_stacks = [200, 200, 200]\n"
    actions = ["d dh p1 AsKd", "d dh p2 QsQh", "d dh p3 7c2d", "p3 cbr 8", "p1 cc", "p2 cc", "d db 3c4d9h",
               "p1 cbr 8", "p2 cbr 24", "p3 f", "p1 f"]  # fmt: skip
    (record,) = phh.loads(f"{head}actions = {actions!r}\n")
    result = replay(record)
    assert result.status == "unchecked" and result.hand is not None
    kinds = [e.type.value for e in result.hand.events if e.type.value in ("bet", "raise")]
    assert kinds == ["raise", "bet", "raise"]


def test_lines_read_before_are_handed_out_afresh() -> None:
    from pokerroom.formats.phh_toml import parse_simple

    text = "antes = [0, 0]\nplayers = ['a', 'b']\nvariant = 'NT'\n"
    first = parse_simple(text)
    assert first is not None
    first["antes"].append(7)
    first["players"][0] = "changed"
    assert parse_simple(text) == {"antes": [0, 0], "players": ["a", "b"], "variant": "NT"}
    assert parse_simple(text + "antes = [0, 0]\n") is None  # a key twice, though each line was read before
