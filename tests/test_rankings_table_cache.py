"""The one-call tables' disk cache (issue 24, ``pokerroom.rankings.table_cache``): a process reads the tables a
former one built, exactly equal to building them; a damaged, foreign or stale file is never read."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from pokerroom.rankings import find, ids
from pokerroom.rankings.high import HighOrdering
from pokerroom.rankings.lows import AceToFiveOrdering
from pokerroom.rankings.table_cache import FORMAT, _decode, _encode, cached_tables, table_file
from pokerroom.rankings.tables import build_tables


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("POKERROOM_CACHE_DIR", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("ranking_id", [r for r in ids() if hasattr(find(r), "ordering")])
def test_every_rankings_tables_read_back_equal(ranking_id: str) -> None:
    ordering = find(ranking_id).ordering
    built = build_tables(ordering)
    assert _decode(_encode(built)) == built  # every field: the dicts, the classes array, categories, suit model


def test_the_second_process_reads_what_the_first_wrote(cache: Path) -> None:
    ordering = find("a5-low-8").ordering
    first = cached_tables(ordering)
    files = [p.name for p in cache.iterdir()]
    path = table_file(ordering)
    assert path is not None and files == [os.path.basename(path)] and files[0].startswith("tables-a5-low-8-")
    assert Path(path).read_bytes().startswith(FORMAT)
    again = cached_tables(ordering)
    assert again == first and again is not first  # read from the file, not built
    assert find("a5-low-8").evaluator()(list(range(0, 28, 4))) == find("a5-low-8").evaluate(list(range(0, 28, 4)))


def test_a_damaged_or_foreign_file_is_built_again(cache: Path) -> None:
    ordering = find("high").ordering
    expected = cached_tables(ordering)
    path = table_file(ordering)
    assert path is not None
    data = Path(path).read_bytes()
    head = len(FORMAT)
    flipped = bytearray(data)
    flipped[-10] ^= 1  # one bit of the data: the CRC no longer matches
    for damaged in (b"", data[: len(data) // 2], bytes(flipped), b"PK\x03\x04" + data[4:], data[: head + 8] + b" "):
        Path(path).write_bytes(damaged)
        assert cached_tables(ordering) == expected
        assert Path(path).read_bytes() == data  # rewritten whole


def test_older_sources_files_go_and_other_rankings_stay(cache: Path) -> None:
    for name in ("tables-a5-low-0123456789abcdef01234567.marshal", "tables-a5-low-8-0123456789abcdef01234567.marshal"):
        (cache / name).write_bytes(b"older source")
    cached_tables(find("a5-low").ordering)
    path = table_file(find("a5-low").ordering)
    assert path is not None
    assert sorted(p.name for p in cache.iterdir()) == sorted(
        [os.path.basename(path), "tables-a5-low-8-0123456789abcdef01234567.marshal"]
    )


def test_orderings_differing_in_a_parameter_have_their_own_files(cache: Path) -> None:
    low = AceToFiveOrdering()
    other = AceToFiveOrdering(qualifier=7)
    assert low.id == other.id and table_file(low) != table_file(other)


def test_an_ordering_from_outside_the_package_is_not_cached(cache: Path) -> None:
    @dataclasses.dataclass(frozen=True)
    class Mine(HighOrdering):
        pass

    mine = Mine()
    assert table_file(mine) is None
    assert cached_tables(mine) == build_tables(find("high").ordering)
    assert list(cache.iterdir()) == []
