"""PokerStars histories written in another language, read as the English ones (``docs/pokerstars.md``, "Reading").

A PokerStars client writes its hand histories in the player's language.  The reader understands English; a hand
whose first line is in a language below has each of its lines turned into the English line of the same meaning
first (:func:`english`), so one parser reads every language and a line neither form matches is still an error
naming the line.  Russian and Portuguese are here (the words of real client files); the table grows a language at
a time.
Numbers, cards and names are never translated: only the fixed words around them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["LANGUAGES", "english", "is_separator", "language_of"]

_Rule = tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]


def _date(m: re.Match[str]) -> str:
    """``04.05.2026 21:35:18`` (day.month.year) -> ``2026/05/04 21:35:18``."""
    return f"{m['y']}/{m['m']}/{m['d']} {m['t']}"


_DATE = r"(?P<d>\d{1,2})\.(?P<m>\d{1,2})\.(?P<y>\d{4}) (?P<t>\d{1,2}:\d{2}(?::\d{2})?)"

_RU_GAMES = (
    ("Холдем", "Hold'em"),
    ("Омаха Хай-Лоу", "Omaha Hi/Lo"),
    ("Омаха", "Omaha"),
    ("Стад", "7 Card Stud"),
    ("Разз", "Razz"),
)
_RU_LIMITS = (
    ("Безлимитный", "No Limit"),
    ("Пот-лимитный", "Pot Limit"),
    ("Пот-лимит", "Pot Limit"),
    ("Фикс-лимитный", "Limit"),
    ("Лимитный", "Limit"),
)

_RU_STREETS = {"Флоп": "Flop", "Терн": "Turn", "Ривер": "River"}
_RU: tuple[_Rule, ...] = (
    (re.compile(r"^Раздача PokerStars (?:Zoom )?№"), "PokerStars Hand #"),
    (re.compile(r"^Турнир №"), "Tournament #"),
    (re.compile(_DATE), _date),
    (re.compile(r"\bВВ\]"), "ET]"),
    (re.compile(r"^Стол '(.*)' (\d+)-max Баттон на месте №(\d+)$"), r"Table '\1' \2-max Seat #\3 is the button"),
    (re.compile(r"^Стол '(.*)' (\d+)-max$"), r"Table '\1' \2-max"),
    (re.compile(r"^Место (\d+): (.*) \((\S+) фишек\)( не участвует)?$"), r"Seat \1: \2 (\3 in chips)"),
    (re.compile(r": ставит малый блайнд "), ": posts small blind "),
    (re.compile(r": ставит большой блайнд "), ": posts big blind "),
    (re.compile(r": ставит анте "), ": posts the ante "),
    (re.compile(r"^\*\*\* ЗАКРЫТЫЕ КАРТЫ \*\*\*$"), "*** HOLE CARDS ***"),
    (re.compile(r"^\*\*\* ФЛОП \*\*\*"), "*** FLOP ***"),
    (re.compile(r"^\*\*\* ТЕРН \*\*\*"), "*** TURN ***"),
    (re.compile(r"^\*\*\* РИВЕР \*\*\*"), "*** RIVER ***"),
    (re.compile(r"^\*\*\* ВСКРЫТИЕ КАРТ \*\*\*$"), "*** SHOW DOWN ***"),
    (re.compile(r"^\*\*\* ИТОГ \*\*\*$"), "*** SUMMARY ***"),
    (re.compile(r"^Карты (.*) (\[[^]]*\](?: \[[^]]*\])?)$"), r"Dealt to \1 \2"),
    (re.compile(r": делает фолд$"), ": folds"),
    (re.compile(r": делает чек$"), ": checks"),
    (re.compile(r": делает колл "), ": calls "),
    (re.compile(r": делает бет "), ": bets "),
    (re.compile(r": делает рейз (\S+) (\S+)"), r": raises \1 to \2"),
    (re.compile(r" и олл-ин$"), " and is all-in"),
    (re.compile(r": открывает (\[[^]]*\])(?: \(.*\))?$"), r": shows \1"),
    (re.compile(r": сбрасывает карты$"), ": mucks hand"),
    (re.compile(r": не показывает руку$"), ": doesn't show hand"),
    (re.compile(r"^Неуравненная ставка \((\S+)\) возвращается игроку (.*)$"), r"Uncalled bet (\1) returned to \2"),
    (re.compile(r"^(.*) получил (\S+) \( ?(?:основной )?банк\)$"), r"\1 collected \2 from pot"),
    (re.compile(r"^(.*) получил (\S+) \( ?побочный банк(-\d+)?\)$"), r"\1 collected \2 from side pot\3"),
    (re.compile(r" покидает стол$"), " leaves the table"),
    (re.compile(r" присоединяется к столу на месте №(\d+)$"), r" joins the table at seat #\1"),
    (re.compile(r" садится за стол на место №(\d+)$"), r" joins the table at seat #\1"),
    (re.compile(r"^Общий банк (\S+) \| Доля (\S+)$"), r"Total pot \1 | Rake \2"),
    (re.compile(r"^Борд "), "Board "),
    (re.compile(r" \(баттон\)"), " (button)"),
    (re.compile(r" \(малый блайнд\)"), " (small blind)"),
    (re.compile(r" \(большой блайнд\)"), " (big blind)"),
    (re.compile(r" сделал фолд до Флоп \(не ставил\)$"), " folded before Flop (didn't bet)"),
    (re.compile(r" сделал фолд до Флоп$"), " folded before Flop"),
    (re.compile(r" сделал фолд на (Флоп|Терн|Ривер)$"), lambda m: " folded on the " + _RU_STREETS[m[1]]),
    (re.compile(r" открыл (\[[^]]*\]) и выиграл \((\S+)\) ?, собрав .*$"), r" showed \1 and won (\2)"),
    (re.compile(r" открыл (\[[^]]*\]) и проиграл ?, собрав .*$"), r" showed \1 and lost"),
    (re.compile(r" собрал \((\S+)\)$"), r" collected (\1)"),
    (re.compile(r"^Место (\d+): "), r"Seat \1: "),  # a summary seat line (the chips line is read above)
    (re.compile(r" сбросил (\[[^]]*\])$"), r" mucked \1"),
)


_PT_STREETS = {"Flop": "Flop", "Turn": "Turn", "River": "River"}
_PT: tuple[_Rule, ...] = (
    (re.compile(r"^Mão PokerStars (?:Zoom )?#"), "PokerStars Hand #"),
    (re.compile(r"\bTorneio #"), "Tournament #"),
    (re.compile(r"\bNível "), "Level "),
    (re.compile(r"^Mesa '(.*)' (\d+)-max Lugar #(\d+) é o botão$"), r"Table '\1' \2-max Seat #\3 is the button"),
    (re.compile(r"^Mesa '(.*)' (\d+)-max$"), r"Table '\1' \2-max"),
    (
        re.compile(r"^Lugar (\d+): (.*) \((\S+),? em fichas\)( está sit out| está ausente)?$"),
        lambda m: f"Seat {m[1]}: {m[2]} ({m[3]} in chips)" + (" is sitting out" if m[4] else ""),
    ),
    (re.compile(r": coloca (?:o )?ante "), ": posts the ante "),
    (re.compile(r": (?:paga|coloca) o small blind "), ": posts small blind "),
    (re.compile(r": (?:paga|coloca) o big blind "), ": posts big blind "),
    (re.compile(r"^\*\*\* CARTAS DA MÃO \*\*\*$"), "*** HOLE CARDS ***"),
    (re.compile(r"^\*\*\* (?:MOSTRAR|SHOWDOWN) \*\*\*$"), "*** SHOW DOWN ***"),
    (re.compile(r"^\*\*\* SUMÁRIO \*\*\*$"), "*** SUMMARY ***"),
    (re.compile(r"^(.*) recebe (\[[^]]*\](?: \[[^]]*\])?)$"), r"Dealt to \1 \2"),
    (re.compile(r": desiste$"), ": folds"),
    (re.compile(r": passa$"), ": checks"),
    (re.compile(r": iguala "), ": calls "),
    (re.compile(r": aposta "), ": bets "),
    (re.compile(r": aumenta (\S+) para (\S+)"), r": raises \1 to \2"),
    (re.compile(r" e está all-in$"), " and is all-in"),
    (re.compile(r": mostra (\[[^]]*\])(?: \(.*\))?$"), r": shows \1"),
    (re.compile(r": não mostra a mão$"), ": doesn't show hand"),
    (re.compile(r"^Aposta não-igualada \((\S+)\) voltou para (.*)$"), r"Uncalled bet (\1) returned to \2"),
    (re.compile(r"^(.*) recebeu (\S+) do pote principal$"), r"\1 collected \2 from main pot"),
    (
        re.compile(r"^(.*) recebeu (\S+) do pote paralelo(?:-(\d+))?$"),
        lambda m: f"{m[1]} collected {m[2]} from side pot" + (f"-{m[3]}" if m[3] else ""),
    ),
    (re.compile(r"^(.*) recebeu (\S+) do pote$"), r"\1 collected \2 from pot"),
    (re.compile(r"^Total pote (\S+) \| comissão (\S+)$"), r"Total pot \1 | Rake \2"),
    (re.compile(r"^Mesa \["), "Board ["),
    (re.compile(r" \(Botão\)"), " (button)"),
    (re.compile(r" desistiu no (Flop|Turn|River)"), lambda m: " folded on the " + _PT_STREETS[m[1]]),
    (re.compile(r" desistiu antes (?:do )?Flop"), " folded before Flop"),
    (re.compile(r" \(não apostou\)"), " (didn't bet)"),
    (re.compile(r" recebeu \((\S+)\)$"), r" collected (\1)"),
    (re.compile(r" mostrou (\[[^]]*\]) e ganhou \((\S+)\).*$"), r" showed \1 and won (\2)"),
    (re.compile(r" mostrou (\[[^]]*\]) e perdeu.*$"), r" showed \1 and lost"),
    (re.compile(r"^Lugar (\d+): "), r"Seat \1: "),
)  # the words of real Portuguese-client files (2015)


def _ru_header(line: str) -> str:
    for ru, en in _RU_GAMES:
        line = line.replace(f" {ru} ", f" {en} ", 1)
    for ru, en in _RU_LIMITS:
        line = line.replace(f" {ru} (", f" {en} (", 1).replace(f" {ru} -", f" {en} -", 1)
    return line


LANGUAGES: dict[str, tuple[str, tuple[_Rule, ...], Callable[[str], str]]] = {
    "ru": ("Раздача PokerStars", _RU, _ru_header),
    "pt": ("Mão PokerStars", _PT, str),
}
"""Language code -> (how its first line starts, its line rules, its header's game words)."""

_SEPARATOR = re.compile(r"^\*{5,} ?(?:#|№) ?\d+ ?\*{5,}$")


def language_of(first_line: str) -> str | None:
    """The language of a hand whose first line is ``first_line`` (``"ru"``), or ``None`` for English."""
    for code, (start, _rules, _header) in LANGUAGES.items():
        if first_line.startswith(start):
            return code
    return None


def is_separator(line: str) -> bool:
    """A PokerStars "hand N" separator line between exported hands (``*********** # 3 **************``,
    ``*********** №3 **************``): nothing to read."""
    return _SEPARATOR.match(line) is not None


def english(line: str, language: str, *, header: bool = False) -> str:
    """``line`` of a ``language`` hand as the English line of the same meaning (unchanged when no rule matches:
    the English parser then names it)."""
    _start, rules, header_words = LANGUAGES[language]
    if header:
        line = header_words(line)
    for pattern, repl in rules:
        line = pattern.sub(repl, line)
    return line
