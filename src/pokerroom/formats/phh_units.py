"""Chip units of PHH amounts: exact Decimal amounts as whole numbers of a unit and back, the largest unit dividing a
list of amounts, and the smallest unit of the currencies (RULES: chips are integers in the smallest unit).

:mod:`pokerroom.formats.phh` re-exports every name here and adds :func:`~pokerroom.formats.phh.chip_unit`, the unit
a hand is counted in.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from decimal import Decimal

from pokerroom.errors import PHHError

__all__ = ["CURRENCY_UNITS", "common_unit", "from_units", "to_units"]


def _exact_decimal(numerator: int, denominator: int) -> Decimal:
    """``numerator / denominator`` as an exact Decimal without trailing zeros; ``denominator`` divides a power
    of ten."""
    k, scale = 0, 1
    while scale % denominator:
        k, scale = k + 1, scale * 10
    m = numerator * (scale // denominator)
    while k and m % 10 == 0:
        k, m = k - 1, m // 10
    return Decimal(f"{m}E-{k}") if k else Decimal(m)


CURRENCY_UNITS: Mapping[str, Decimal] = {
    **dict.fromkeys(("JPY", "KRW", "ISK", "CLP", "VND", "XAF", "XOF", "HUF"), Decimal(1)),
    **dict.fromkeys(("BHD", "KWD", "OMR", "JOD", "TND", "LYD", "IQD"), Decimal("0.001")),
    **dict.fromkeys(("¥", "₩"), Decimal(1)),
}
"""The smallest unit of the currencies (ISO 4217 codes, or symbols) whose unit is not the hundredth; any other
currency a file names counts in hundredths (the cent)."""


_RATIOS: dict[Decimal, tuple[int, int]] = {}
"""Each amount's exact ratio, as :meth:`Decimal.as_integer_ratio` gives it, for the amounts met so far (a dataset
repeats its stacks, blinds and bet sizes from hand to hand); it stops growing at 4,096 entries."""


def common_unit(amounts: Iterable[Decimal]) -> Decimal:
    """The largest unit dividing every one of ``amounts`` (their signs, zeros and ``inf`` ignored; ``Decimal(1)``
    if none is left).

    >>> common_unit([Decimal("10112.5"), Decimal(50), Decimal(-100), Decimal(0)])
    Decimal('12.5')
    """
    known = _RATIOS
    ratios = set()
    for a in set(amounts):  # amounts repeat: each once
        ratio = known.get(a)
        if ratio is None:
            if not a.is_finite():
                continue
            ratio = a.as_integer_ratio()
            if len(known) < 4096:
                known[a] = ratio
        ratios.add(ratio)
    denominators = {d for _n, d in ratios}
    if len(denominators) <= 1:  # one denominator (whole amounts: 1), the usual case
        denominator = denominators.pop() if denominators else 1
        numerator = math.gcd(*[n for n, _d in ratios])
    else:
        denominator = math.lcm(*denominators)
        numerator = math.gcd(*[n * (denominator // d) for n, d in ratios])
    if not numerator:  # no amount but zeros (a zero's ratio, 0/1, changes neither the gcd nor the lcm)
        return Decimal(1)
    common = math.gcd(numerator, denominator)
    return _exact_decimal(numerator // common, denominator // common)


def _check_unit(unit: Decimal) -> None:
    if not isinstance(unit, Decimal | int) or not Decimal(unit).is_finite() or unit <= 0:
        raise PHHError(f"chip unit {unit!r} must be a finite, positive Decimal")


def to_units(amount: Decimal | int, unit: Decimal) -> int:
    """``amount`` as a whole number of ``unit`` (``amount / unit``, exactly).

    Raises :class:`~pokerroom.errors.PHHError` when ``amount`` is not a whole multiple of ``unit``, is not
    finite (``inf`` has no count), or ``unit`` is not positive.

    >>> to_units(Decimal("10112.5"), Decimal("0.5")), to_units(Decimal("2.50"), Decimal("0.1"))
    (20225, 25)
    """
    _check_unit(unit)
    if type(amount) is not int and not (isinstance(amount, Decimal) and amount.is_finite()):
        raise PHHError(f"amount {amount!r} has no count of chip units: it must be a finite Decimal or int")
    an, ad = amount.as_integer_ratio()
    un, ud = unit.as_integer_ratio()
    count, rest = divmod(an * ud, ad * un)
    if rest:
        raise PHHError(f"amount {amount} is not a whole multiple of the chip unit {unit}")
    return count


def from_units(n: int, unit: Decimal) -> Decimal:
    """``n`` chip units as an exact Decimal amount (``n * unit``, no rounding whatever the size).

    Raises :class:`~pokerroom.errors.PHHError` when ``unit`` is not a finite, positive Decimal.

    >>> from_units(20225, Decimal("0.5")), from_units(3, Decimal("50"))
    (Decimal('10112.5'), Decimal('150'))
    """
    _check_unit(unit)
    un, ud = Decimal(unit).as_integer_ratio()
    return _exact_decimal(n * un, ud)
