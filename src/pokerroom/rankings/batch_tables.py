"""Flat arrays for the batch evaluators: a ranking's generated tables turned into numpy arrays, cached on disk.

The one-call evaluators (:mod:`pokerroom.rankings.tables`, :mod:`pokerroom.rankings.suited`) look rank-multiset
keys up in dicts.  The compiled kernels (:mod:`pokerroom.rankings.kernels`) need plain arrays instead, so this
module re-keys the same tables:

* A card's weight is ``RANK_WEIGHT[i] << sig | suit weight`` where ``i`` is the rank's place in the ranking's
  deck (0 for the lowest rank the deck holds).  The rank part of an ``n``-card sum is then a non-negative key
  below ``n * RANK_WEIGHT[ranks - 1]``.
* Decks of up to nine ranks (short deck, the 32-card games) index a plain array by that key.  Thirteen ranks
  reach 7.8 million, so their keys go through a **row-displacement perfect hash**: ``slot = key +
  offset[key >> shift]``; the offsets are found once per deck and hand size (first fit, fullest rows first)
  and the value array has about one slot per key (49,205 for seven cards).  Every key up to ``9 *`` the top
  weight (duplicate cards included) lands inside the arrays, so unchecked input can give a meaningless value
  but never reads out of bounds.
* ``bits[card] = 1 << (16 * suit + rank)``: the OR over a hand holds the 13-bit rank mask of each suit in its
  own 16-bit lane, which is what the flush tables are keyed by.

Everything here is data derived from the ordering; the values are the one-call evaluator's own (the tests check
them against each other).  Arrays are cached as files (:data:`FORMAT`) under ``$POKERROOM_CACHE_DIR`` (default
``$XDG_CACHE_HOME/pokerroom`` or ``~/.cache/pokerroom``), named after the ranking and a digest of the rankings
package's source, so a changed ordering never reads stale tables (and the older files are removed); an unwritable
cache is skipped silently.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from pokerroom.rankings.cache_files import cache_dir, replace_file, source_digest
from pokerroom.rankings.model import SuitModel
from pokerroom.rankings.suited import HIGHEST_SUIT, TOP_CARD, SuitedTables
from pokerroom.rankings.tables import (
    FOUR_SUIT_WEIGHT,
    OFFSET,
    RANK_WEIGHT,
    SUIT_WEIGHT,
    Tables,
    _rank_multisets,
)

if TYPE_CHECKING:
    from pokerroom.rankings.ranking import Ranking

__all__ = ["BatchTables", "CardsTables", "Model", "batch_tables", "combos", "perfect_hash"]

Array = np.ndarray


class Model:
    """Kernel selectors (ints, for the compiled code)."""

    FLUSH = 0
    """Flush lookup, ``max(flush, unsuited)`` exact (high, short deck, Americana)."""
    FLUSH_EVERY_FIVE = 1
    """Flushes can rank below the unsuited reading (A-6 and 2-7 lows): every five when a suit holds five."""
    IGNORE = 2
    """Suits never matter (A-5 lows, eight-or-better)."""
    FOUR_FLUSH = 3
    """Sökö: also a table for exactly four cards of one suit."""
    CARDS = 4
    """Suits break ties (Telesina, 32-card draw): :class:`CardsTables`."""


HASH_SHIFT = 12
"""Row width (``2 ** 12`` keys) of the perfect hash over 13-rank keys."""

KEY_BITS, ROW_BITS, SLOT_BITS = 24, 12, 18
"""The kernels mask keys, rows and slots with these widths (constants, so the compiler knows every index is in
bounds and drops its negative-index checks: about 20 % faster); the arrays are padded to them."""

DIRECT_RANKS = 9
"""Decks with at most this many ranks index their values directly by key."""


@dataclass(frozen=True, eq=False)
class BatchTables:
    """The arrays of one ranking for :mod:`pokerroom.rankings.kernels` (``SuitModel`` other than ``CARDS``).

    * ``model``: a :class:`Model` int; ``sig_bits``: width of the suit signature in a weight (8, or 9 for
      Sökö); ``shift``: the perfect hash's row shift (62 for a direct table: one row, offset 0).
    * ``weight``: int64[52]; ``bits``: int64[52] (see the module docstring).
    * ``suit5``/``suit6``/``suit7``: int8[512], from the signature to ``1 + suit`` of a suit holding five or more
      cards (Sökö: ``5 + suit`` for exactly four), else 0.
    * ``off5``.. / ``val5``..: int32 offsets per row and values per slot for 5, 6 and 7 cards (int16 where every
      value fits, as in all of them but the suit-ranked ones; else int32).
    * ``flush``: [8192] (dtype of the values), the best suited five within a 13-bit rank mask; ``four``:
      [8192 * 16], Sökö's four-flush values by ``mask << 4 | fifth rank`` (zeros elsewhere); ``high_bit``:
      int8[8192], the highest rank in a mask.
    """

    model: int
    sig_bits: int
    shift: int
    weight: Array
    bits: Array
    suit5: Array
    suit6: Array
    suit7: Array
    off5: Array
    val5: Array
    off6: Array
    val6: Array
    off7: Array
    val7: Array
    flush: Array
    four: Array
    high_bit: Array


@dataclass(frozen=True, eq=False)
class CardsTables:
    """The arrays of a ``SuitModel.CARDS`` ranking (:mod:`pokerroom.rankings.suited`'s codes, re-keyed).

    * ``weight``: int64[52], ``rank key << (B + 8) | signature << B | order mask`` (``B`` = ``mask_bits``).
    * ``suit5``..: int8[512] as in :class:`BatchTables`.
    * ``where5``/``where6``/``where7``: int16 per rank key, the row of its code in ``code5``.. (0: none, try
      every five); ``code5``/``code6``/``code7``: int64[rows, 4], one cache line each: ``base``, ``km``,
      ``sh | hm << 8 | kind << 16`` and the nibble shifts to reduce (four bytes, 255 = none).  ``kind`` 0: the
      code is exact; 1: reduced first (three pairs in six cards); 2: try every five.  Two small arrays rather
      than one code per key: a few kB stay in the first-level cache.
    * ``flush``: int64[256], the best flush base by the suited ranks' bits gathered from the order mask;
      ``place``: int64[4], each suit's place in the suit order; ``counts``: whether a flush adds its suit's place;
      ``dominates``: whether the larger of flush and unsuited readings is exact; ``ranks``: ranks in the deck;
      ``highest``/``top``: :data:`~pokerroom.rankings.suited.HIGHEST_SUIT` and ``TOP_CARD``.
    """

    model: int
    mask_bits: int
    ranks: int
    counts: bool
    dominates: bool
    weight: Array
    suit5: Array
    suit6: Array
    suit7: Array
    code5: Array
    code6: Array
    code7: Array
    where5: Array
    where6: Array
    where7: Array
    flush: Array
    place: Array
    highest: Array
    top: Array


@cache
def combos(n: int) -> Array:
    """Every 5-card subset of ``n`` positions as an int8[C(n, 5), 5] array."""
    return np.array(list(combinations(range(n), 5)), dtype=np.int8).reshape(-1, 5)


def perfect_hash(keys: Array, limit: int, shift: int) -> tuple[Array, int]:
    """Row displacement for non-negative ``keys``: offsets such that ``key + offsets[key >> shift]`` is a distinct
    slot for every key, and every int up to ``limit`` lands in ``0..size``.  Returns ``(offsets, size)``.

    Rows are placed fullest first, each at the lowest base where all its columns are free.
    """
    rows = (limit >> shift) + 1
    width = 1 << shift
    cols_of: dict[int, Array] = {}
    for row in np.unique(keys >> shift):
        cols_of[int(row)] = np.sort(keys[(keys >> shift) == row] & (width - 1))
    taken = np.zeros(len(keys) * 2 + 2 * width, dtype=bool)
    base_of = np.zeros(rows, dtype=np.int64)
    for row in sorted(cols_of, key=lambda r: (-len(cols_of[r]), r)):
        cols = cols_of[row]
        while True:
            free = np.flatnonzero(~taken[: len(taken) - width]) - cols[0]
            free = free[free >= 0]
            for start in range(0, len(free), 512):
                bases = free[start : start + 512]
                clash = taken[bases[:, None] + cols[None, :]].any(axis=1)
                good = np.flatnonzero(~clash)
                if len(good):
                    base = int(bases[good[0]])
                    break
            else:
                taken = np.concatenate([taken, np.zeros(len(taken), dtype=bool)])
                continue
            break
        taken[base + cols] = True
        base_of[row] = base
    size = int(np.flatnonzero(taken)[-1]) + 1 + width
    offsets = base_of - (np.arange(rows, dtype=np.int64) << shift)
    return offsets.astype(np.int32), size


@cache
def _deck_hash(ranks: tuple[int, ...], n: int) -> tuple[Array, Array, int, int]:
    """``(keys, offsets, size, shift)`` for the ``n``-rank multisets of a deck, keys in multiset order."""
    weights = RANK_WEIGHT[: len(ranks)]
    keys = np.array([sum(weights[i] for i in m) for m in _rank_multisets(range(len(ranks)), n)], dtype=np.int64)
    limit = limit_of(ranks)
    if len(ranks) <= DIRECT_RANKS:
        return keys, np.zeros(1, dtype=np.int32), limit + 1, 62
    offsets, size = perfect_hash(keys, limit, HASH_SHIFT)
    return keys, offsets, size, HASH_SHIFT


def _values(tables: Tables, ranks: tuple[int, ...], n: int) -> tuple[Array, Array]:
    """The offsets and value array of ``n`` cards: the one-call tables' values under the batch keys."""
    keys, offsets, size, shift = _deck_hash(ranks, n)
    shifted = [w - OFFSET for w in RANK_WEIGHT]
    old = [sum(shifted[r] for r in m) for m in _rank_multisets(ranks, n)]
    table = tables.nonflush[n]
    if size > 1 << SLOT_BITS or len(offsets) > 1 << ROW_BITS or limit_of(ranks) >= 1 << KEY_BITS:
        raise RuntimeError("the batch tables outgrow the kernels' index masks")
    values = np.zeros(1 << SLOT_BITS, dtype=np.int32)
    slots = keys + offsets[keys >> shift] if shift < 62 else keys
    values[slots] = np.array([table[k] for k in old], dtype=np.int32)
    padded = np.zeros(1 << ROW_BITS, dtype=np.int32)
    padded[: len(offsets)] = offsets
    return padded, values


def limit_of(ranks: tuple[int, ...]) -> int:
    """The largest rank key the kernels can meet (nine cards of the top rank: unchecked input included)."""
    return 9 * RANK_WEIGHT[len(ranks) - 1]


def _suit_array(table: tuple[int, ...]) -> Array:
    """512 entries, read with ``k & 511``: an 8-bit table repeats (its ninth bit is the lowest rank bit)."""
    out = np.zeros(512, dtype=np.int8)
    out[: len(table)] = table
    if len(table) == 256:
        out[256:] = table
    return out


def _build(ranking: Ranking) -> BatchTables | CardsTables:
    tables = ranking.tables()
    ranks = tuple(sorted(ranking.ordering.ranks))
    if isinstance(tables, SuitedTables):
        return _build_cards(tables, ranks)
    model = tables.suit_model
    kind = {
        SuitModel.IGNORE: Model.IGNORE,
        SuitModel.FOUR_FLUSH: Model.FOUR_FLUSH,
    }.get(model, Model.FLUSH if tables.flush_dominates else Model.FLUSH_EVERY_FIVE)
    sig = tables.sig_bits
    suit_weight = FOUR_SUIT_WEIGHT if model is SuitModel.FOUR_FLUSH else SUIT_WEIGHT
    index = {r: i for i, r in enumerate(ranks)}
    weight = np.zeros(52, dtype=np.int64)
    for card in range(52):
        if card >> 2 in index:
            weight[card] = (RANK_WEIGHT[index[card >> 2]] << sig) + suit_weight[card & 3]
    bits = np.array([1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.int64)
    four = np.zeros(8192 * 16, dtype=np.int32)
    for key, value in tables.four_flush.items():
        four[key] = value
    high_bit = np.array([max(m.bit_length() - 1, 0) for m in range(8192)], dtype=np.int8)
    per_n = {n: _values(tables, ranks, n) for n in (5, 6, 7)}
    small = np.int16 if tables.max_value < 2**15 else np.int32  # half the cache lines: about 10 % faster
    return BatchTables(
        model=kind,
        sig_bits=sig,
        shift=_deck_hash(ranks, 5)[3],
        weight=weight,
        bits=bits,
        suit5=_suit_array(tables.flush_suit[5]),
        suit6=_suit_array(tables.flush_suit[6]),
        suit7=_suit_array(tables.flush_suit[7]),
        off5=per_n[5][0],
        val5=per_n[5][1].astype(small),
        off6=per_n[6][0],
        val6=per_n[6][1].astype(small),
        off7=per_n[7][0],
        val7=per_n[7][1].astype(small),
        flush=np.array(tables.flush_value, dtype=small),
        four=four.astype(small),
        high_bit=high_bit,
    )


def _build_cards(t: SuitedTables, ranks: tuple[int, ...]) -> CardsTables:
    index = {r: i for i, r in enumerate(ranks)}
    bits = t.mask_bits
    weights = RANK_WEIGHT[: len(ranks)]
    offset = (4 * weights[-1] + 3 * weights[-2] + 4 * weights[0] + 3 * weights[1]) // 14
    weight = np.zeros(52, dtype=np.int64)
    for card in range(52):
        rank, suit = card >> 2, card & 3
        if rank in index:
            mask = 1 << (4 * index[rank] + t.suit_order[suit])
            weight[card] = (weights[index[rank]] << (bits + 8)) + (SUIT_WEIGHT[suit] << bits) + mask
    size = 9 * weights[-1] + 1
    codes: dict[int, Array] = {}
    where: dict[int, Array] = {}
    for n in (5, 6, 7):
        rows: list[tuple[int, int, int, int]] = [(0, 0, 2 << 16, 0xFFFFFFFF)]  # row 0: try every five
        index_of = np.zeros(1 << 17, dtype=np.int16)  # read with `& 131071`
        if size > 1 << 17:
            raise RuntimeError("the suit-ranked tables outgrow the kernels' index mask")
        reduced = t.reduced.get(n, {})
        for m in _rank_multisets(ranks, n):
            old = sum(weights[index[r]] - offset for r in m)
            key = sum(weights[index[r]] for r in m)
            code = t.codes[n][old]
            if code is not None:
                row = (code[0], code[1], code[2] | code[3] << 8, 0xFFFFFFFF)
            elif old in reduced:
                base, km, sh, hm, shifts = reduced[old]
                if len(shifts) > 4:
                    raise RuntimeError("a reduced code with more than four ranks to reduce")
                packed = sum(shift << (8 * j) for j, shift in enumerate(shifts))
                packed |= sum(0xFF << (8 * j) for j in range(len(shifts), 4))
                row = (base, km, sh | hm << 8 | 1 << 16, packed)
            else:
                continue
            index_of[key] = len(rows)
            rows.append(row)
        codes[n] = np.array(rows, dtype=np.int64)
        where[n] = index_of
    flush = np.zeros(1 << len(ranks), dtype=np.int64)
    for spread_bits, value in t.flush_spread.items():
        compact = sum(1 << i for i in range(len(ranks)) if spread_bits >> (4 * i) & 1)
        flush[compact] = value
    return CardsTables(
        model=Model.CARDS,
        mask_bits=bits,
        ranks=len(ranks),
        counts=t.flush_suit_counts,
        dominates=t.flush_dominates,
        weight=weight,
        suit5=_suit_array(t.flush_suit[5]),
        suit6=_suit_array(t.flush_suit[6]),
        suit7=_suit_array(t.flush_suit[7]),
        code5=codes[5],
        code6=codes[6],
        code7=codes[7],
        where5=where[5],
        where6=where[6],
        where7=where[7],
        flush=flush,
        place=np.array(t.suit_order, dtype=np.int64),
        highest=np.array(HIGHEST_SUIT, dtype=np.int64),
        top=np.array(TOP_CARD, dtype=np.int64),
    )


FORMAT = b"pokerroom batch tables 1\n"
"""The first line of a cache file; then one line per field (``name dtype shape stored``: the dtype's ``str``,
the shape as comma-separated ints or ``-`` for a scalar, the number of elements stored), an empty line, and the
elements of every field one after another."""


def _cache_file(ranking: Ranking) -> str:
    return os.path.join(cache_dir(), f"batch-{ranking.id}-{source_digest()}.tables")


def _load(path: str, kind: type[BatchTables] | type[CardsTables]) -> BatchTables | CardsTables | None:
    """The arrays written by :func:`_save` (each 1-D array padded back to its length), or None if the file is
    missing, unreadable or not of ``kind``.  Read with one ``read`` and copies: no zip file, no ``np.load``."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        if not data.startswith(FORMAT):
            return None
        end = data.index(b"\n\n", len(FORMAT) - 1)
        lines = data[len(FORMAT) : end].decode().split("\n")
        offset = end + 2
        values: dict[str, object] = {}
        for f, line in zip(fields(kind), lines, strict=True):
            name, code, shape_text, stored_text = line.split(" ")
            if name != f.name:
                return None
            dtype = np.dtype(code)
            shape = () if shape_text == "-" else tuple(int(x) for x in shape_text.split(","))
            stored = int(stored_text)
            full = np.zeros(shape, dtype=dtype)  # owned and writeable: the kernels' argument types stay the same
            full.reshape(-1)[:stored] = np.frombuffer(data, dtype, stored, offset)
            offset += stored * dtype.itemsize
            values[f.name] = int(full) if f.type == "int" else bool(full) if f.type == "bool" else full
    except (OSError, ValueError, TypeError):
        return None
    return kind(**values)  # type: ignore[arg-type]


def _save(path: str, tables: BatchTables | CardsTables, ranking_id: str) -> None:
    """Write the arrays (:data:`FORMAT`) and remove this ranking's files of older sources.

    Uncompressed, for the first call of a process (reading is a copy; inflating a compressed ``.npz`` took about
    10 ms), but each 1-D array without its trailing zeros (the padding of the hash and value arrays: a file is
    about 0.5 MB rather than 2).
    """
    header = [FORMAT]
    chunks = []
    for f in fields(tables):
        value = np.asarray(getattr(tables, f.name))
        flat = value.reshape(-1)
        if value.ndim == 1:
            used = np.flatnonzero(flat)
            flat = flat[: int(used[-1]) + 1 if used.size else 0]
        shape = ",".join(map(str, value.shape)) or "-"
        header.append(f"{f.name} {value.dtype.str} {shape} {flat.size}\n".encode())
        chunks.append(flat.tobytes())
    replace_file(path, b"".join([*header, b"\n", *chunks]), f"batch-{ranking_id}-")


_MEMO: dict[str, BatchTables | CardsTables] = {}


def batch_tables(ranking: Ranking) -> BatchTables | CardsTables:
    """The batch arrays of ``ranking``: from memory, else from the disk cache, else built (and cached)."""
    held = _MEMO.get(ranking.id)
    if held is not None:
        return held
    path = _cache_file(ranking)
    kind: type[BatchTables] | type[CardsTables] = (
        CardsTables if ranking.ordering.suit_model is SuitModel.CARDS else BatchTables
    )
    tables = _load(path, kind)
    if tables is None:
        tables = _build(ranking)
        _save(path, tables, ranking.id)
    _MEMO[ranking.id] = tables
    return tables
