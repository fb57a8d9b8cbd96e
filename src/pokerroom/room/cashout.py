"""The club night's money: kronor as the club writes them, and the cash-out sheet that settles the evening
(seeds 000/001 chapter 4 step 5: every player's chips cashed in for money; who pays whom).  Money is in öre
(1 kr = 100 öre), chips are whole chips."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pokerroom.errors import RoomError

__all__ = ["CashOut", "CashOutRow", "format_kronor", "settle"]


def format_kronor(ore: int) -> str:
    """``ore`` as kronor with two decimals, a Swedish decimal comma and a space between thousands.

    >>> format_kronor(1240), format_kronor(-5), format_kronor(0), format_kronor(2_000_000)
    ('12,40 kr', '-0,05 kr', '0,00 kr', '20 000,00 kr')
    """
    sign = "-" if ore < 0 else ""
    kr, rest = divmod(abs(ore), 100)
    thousands = f"{kr:,}".replace(",", " ")
    return f"{sign}{thousands},{rest:02d} kr"


@dataclass(frozen=True)
class CashOutRow:
    """One player's line of the cash-out sheet: chips bought and what they cost (öre), chips at the end (or when
    they left) and their worth (öre), and ``net`` = worth - cost (öre; positive: the player won)."""

    name: str
    chips_bought: int
    paid: int
    chips_out: int
    value: int

    @property
    def net(self) -> int:
        return self.value - self.paid


@dataclass
class CashOut:
    """The evening's cash-out sheet: ``rows`` per player and ``transfers`` (payer, payee, öre) that settle every
    net between the players.  The nets sum to zero."""

    rows: list[CashOutRow]
    transfers: list[tuple[str, str, int]]
    price_per_chip: int

    def net(self, name: str) -> int:
        """``name``'s net in öre; raises :class:`RoomError` for a name not on the sheet."""
        for row in self.rows:
            if row.name == name:
                return row.net
        raise RoomError(f"{name!r} is not on the cash-out sheet")

    def format(self) -> str:
        """The sheet as a plain-text table in kronor (Swedish decimal comma), then the transfers."""
        header = ("Player", "Chips bought", "Paid", "Chips out", "Value", "Net")
        body = [
            (
                r.name,
                str(r.chips_bought),
                format_kronor(r.paid),
                str(r.chips_out),
                format_kronor(r.value),
                format_kronor(r.net),
            )
            for r in self.rows
        ]
        total = (
            "Total",
            str(sum(r.chips_bought for r in self.rows)),
            format_kronor(sum(r.paid for r in self.rows)),
            str(sum(r.chips_out for r in self.rows)),
            format_kronor(sum(r.value for r in self.rows)),
            format_kronor(sum(r.net for r in self.rows)),
        )
        table = [header, *body, total]
        widths = [max(len(line[i]) for line in table) for i in range(len(header))]

        def line(cells: Sequence[str]) -> str:
            first = cells[0].ljust(widths[0])
            rest = (c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True))
            return "  ".join((first, *rest)).rstrip()

        rule = "-" * len(line(header))
        out = [
            f"Cash-out ({format_kronor(self.price_per_chip)} per chip)",
            line(header),
            rule,
            *map(line, body),
            rule,
            line(total),
            "",
        ]
        if not self.transfers:
            out.append("No transfers needed.")
        else:
            out.append("Transfers:")
            who = max(len(p) for p, _, _ in self.transfers)
            to = max(len(q) for _, q, _ in self.transfers)
            money = max(len(format_kronor(o)) for _, _, o in self.transfers)
            out += [
                f"  {p.ljust(who)} pays {q.ljust(to)}  {format_kronor(o).rjust(money)}" for p, q, o in self.transfers
            ]
        return "\n".join(out) + "\n"


def settle(nets: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """The transfers ``(payer, payee, öre)`` that settle ``nets`` (öre by name, summing to zero), at most one
    fewer than the players with a net."""
    # Greedy: the largest debtor pays the largest creditor as much as either allows; ties by name, so the
    # result is deterministic.  Each step clears at least one player, so n players need at most n - 1 transfers.
    owes = {n: -v for n, v in nets.items() if v < 0}
    gets = {n: v for n, v in nets.items() if v > 0}
    transfers: list[tuple[str, str, int]] = []
    while owes and gets:
        payer = min(owes, key=lambda n: (-owes[n], n))
        payee = min(gets, key=lambda n: (-gets[n], n))
        amount = min(owes[payer], gets[payee])
        transfers.append((payer, payee, amount))
        for book, who in ((owes, payer), (gets, payee)):
            book[who] -= amount
            if book[who] == 0:
                del book[who]
    return transfers
