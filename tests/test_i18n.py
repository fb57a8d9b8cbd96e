"""The page's message catalogues (static/i18n/{en,sv,nb,ru}.json, issue 18 item 8), checked without a browser.

Every language has exactly the keys of English; every message is ICU MessageFormat of the subset static/i18n.js
formats (``{name}``, ``{n, number}``, ``{n, plural, ...}`` with ``#``, ``{x, select, ...}``); a key's versions use
the same arguments; a plural gives the categories the language needs (CLDR: en/sv/nb one, other; ru one, few,
many, other).  The sources are scanned so that every key the page asks for is in en.json, and every key in en.json
is asked for somewhere.  A key built at run time (```t(`game.${id}`)```) must be listed in :data:`DYNAMIC` with
the set of values it is built from; each of its expansions must be in the catalogue.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pokerroom.cards import RANKS
from pokerroom.games import Limit, all_games, room_games
from pokerroom.server.summary import CATEGORY_IDS, NO_PAIR

STATIC = Path(__file__).resolve().parent.parent / "src" / "pokerroom" / "server" / "static"
LANGUAGES = ("en", "sv", "nb", "ru")
PLURAL_CATEGORIES = {
    "en": {"one", "other"},
    "sv": {"one", "other"},
    "nb": {"one", "other"},
    "ru": {"one", "few", "many", "other"},
}
"""The CLDR cardinal plural categories of each language for whole numbers (what Intl.PluralRules selects)."""

OPTIONAL_ARGS = {"lobby.waitlist.place": {"ord"}}
"""Arguments a translation may leave out: ``ord`` is the language's ordinal category ("1st", "2nd"; Swedish
"1:a", "3:e"); Norwegian and Russian write an ordinal with a sign ("2.", "2-й") and need none."""

GAME_IDS = {g.id for g in room_games()}
"""The games the page names: those the server lists (/api/games; the research games are not offered)."""
HOUSE_RULES = {rule.name for g in all_games() for rule in g.house_rules}
LIMITS = {limit.value for limit in Limit}
HAND_CATEGORIES = set(CATEGORY_IDS.values()) | {NO_PAIR}
"""The categories the felt names (felt.js handName): every one the server's summary gives."""
STREETS = {street.name.replace(" ", "_") for g in all_games() for street in g.streets} | {"common_card"}
"""The streets' ids (i18n.js streetName, street.<id>), and the common card stud deals when the deck runs out."""
CHAT_ERRORS = {
    *("spectator", "chat_empty", "chat_too_long", "chat_rate", "chat_muted"),
    *("not_operator", "no_message", "no_player"),
}

DYNAMIC: dict[str, set[str]] = {
    "game.{}": GAME_IDS,
    "limit.{}": LIMITS,
    "rule.{}": HOUSE_RULES,
    "lobby.kind.{}": {"play", "real"},
    "hand.{}": HAND_CATEGORIES,
    "rank.{}": set(RANKS),
    "rank.{}.plural": set(RANKS),
    "history.status.{}": {"incomplete", "complete", "voided"},
    "chat.error.{}": CHAT_ERRORS,
    "street.{}": STREETS,
    "night.phase.{}": {"waiting", "running", "paused", "ended", "cancelled", "stopped"},
    "night.col.{}": {"player", "deals", "bought", "chips", "net", "paid", "chips_out", "value"},
}
"""Keys the page builds from a value (```t(`game.${id}`)```, ``{}`` the value) and the values it builds them from."""

INDIRECT = {
    "hand.straight-flush.ace": "felt.js handName: `${key}.ace` for the royal flush",
    "hand.full-house.short": "felt.js handName: `${key}.short` where a game says 'kings full'",
}
"""Keys used but spelled nowhere whole in the sources, with where they are made."""


def catalogue(lang: str) -> dict[str, str]:
    data = json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{lang}.json is not a flat object"
    for key, message in data.items():
        assert isinstance(message, str), f"{lang}.json {key}: not a string"
    return data


CATALOGUES = {lang: catalogue(lang) for lang in LANGUAGES}


# ---------------------------------------------------------------- an ICU MessageFormat parser (our subset)


class IcuError(ValueError):
    """A message that is not ICU MessageFormat of the subset i18n.js formats."""


@dataclass
class Parsed:
    """What a message uses: its argument names, and each plural's selectors (argument name, selectors)."""

    arguments: set[str] = field(default_factory=set)
    plurals: list[tuple[str, set[str]]] = field(default_factory=list)


_NAME = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*")
_SELECTOR = re.compile(r"\s*(=\d+|[A-Za-z0-9_-]+)\s*")


def parse(message: str) -> Parsed:
    """Parse ``message``; raises :class:`IcuError` with the position of the fault."""
    out = Parsed()
    end = _message(message, 0, out, top=True)
    if end != len(message):
        raise IcuError(f"unmatched '}}' at {end}")
    return out


def _message(text: str, i: int, out: Parsed, *, top: bool) -> int:
    """Parse text and arguments from ``i`` up to an unmatched '}' (or the end at the top); returns its index."""
    while i < len(text):
        ch = text[i]
        if ch == "'" and i + 1 < len(text) and text[i + 1] in "{}'":
            raise IcuError(f"ICU quoting at {i}: i18n.js does not unquote, write the text without it")
        if ch == "{":
            i = _argument(text, i + 1, out)
        elif ch == "}":
            return i
        else:
            i += 1
    if not top:
        raise IcuError("a '{' is never closed")
    return i


def _argument(text: str, i: int, out: Parsed) -> int:
    """Parse ``name[, kind[, style]]}`` from just after its '{'; returns the index after its '}'."""
    m = _NAME.match(text, i)
    if not m:
        raise IcuError(f"an argument name is expected at {i}")
    name = m.group(1)
    out.arguments.add(name)
    i = m.end()
    if i < len(text) and text[i] == "}":
        return i + 1
    if i >= len(text) or text[i] != ",":
        raise IcuError(f"',' or '}}' expected after argument {name!r} at {i}")
    m = _NAME.match(text, i + 1)
    if not m or m.group(1) not in ("number", "plural", "select"):
        raise IcuError(f"argument {name!r}: the kind must be number, plural or select (at {i + 1})")
    kind = m.group(1)
    i = m.end()
    if kind == "number":
        if i < len(text) and text[i] == "}":
            return i + 1
        raise IcuError(f"argument {name!r}: number takes no style in i18n.js (at {i})")
    if i >= len(text) or text[i] != ",":
        raise IcuError(f"argument {name!r}: {kind} needs its branches (at {i})")
    i += 1
    selectors: set[str] = set()
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i < len(text) and text[i] == "}":
            break
        m = _SELECTOR.match(text, i)
        if not m or m.end() >= len(text) or text[m.end()] != "{":
            raise IcuError(f"argument {name!r}: a selector and '{{' expected at {i}")
        selector = m.group(1)
        if selector in selectors:
            raise IcuError(f"argument {name!r}: selector {selector!r} twice")
        if selector.startswith("=") and kind != "plural":
            raise IcuError(f"argument {name!r}: an exact match {selector!r} is only for plural")
        selectors.add(selector)
        i = _message(text, m.end() + 1, out, top=False) + 1
    if "other" not in selectors:
        raise IcuError(f"argument {name!r}: {kind} without 'other'")
    if kind == "plural":
        out.plurals.append((name, selectors))
    return i + 1


@pytest.mark.parametrize(
    "bad",
    [
        "{n",
        "n}",
        "{n, plural, one {# x}}",
        "{n, plural, one {# x} other {# y}",
        "{, select, other {}}",
        "'{x}'",
        "{n, date}",
        "{n, plural, one {x} one {y} other {z}}",
        "{n, select, =0 {x} other {y}}",
    ],
)
def test_the_parser_refuses_broken_messages(bad: str) -> None:
    with pytest.raises(IcuError):
        parse(bad)


def test_the_parser_reads_arguments_and_plural_categories() -> None:
    parsed = parse("{player} wins {n, plural, =0 {nothing} one {# chip} other {# chips}}{x, select, a {{y}} other {}}")
    assert parsed.arguments == {"player", "n", "x", "y"}
    assert parsed.plurals == [("n", {"=0", "one", "other"})]


# ---------------------------------------------------------------- the catalogues


def test_every_language_has_exactly_the_english_keys() -> None:
    english = set(CATALOGUES["en"])
    for lang in LANGUAGES[1:]:
        keys = set(CATALOGUES[lang])
        assert not english - keys, f"{lang}.json lacks {sorted(english - keys)}"
        assert not keys - english, f"{lang}.json has keys English lacks: {sorted(keys - english)}"


def test_every_message_parses_with_the_same_arguments_and_the_plurals_each_language_needs() -> None:
    faults: list[str] = []
    english = {key: parse(message) for key, message in CATALOGUES["en"].items()}
    for lang in LANGUAGES:
        for key, message in CATALOGUES[lang].items():
            try:
                parsed = english[key] if lang == "en" else parse(message)
            except IcuError as err:
                faults.append(f"{lang} {key}: {err}")
                continue
            if not message.strip():
                faults.append(f"{lang} {key}: empty")
            if key in english and lang != "en":
                want = english[key].arguments
                optional = OPTIONAL_ARGS.get(key, set())
                if parsed.arguments - want or (want - optional) - parsed.arguments:
                    faults.append(f"{lang} {key}: arguments {sorted(parsed.arguments)}, English {sorted(want)}")
            for name, selectors in parsed.plurals:
                plain = {s for s in selectors if not s.startswith("=")}
                need = PLURAL_CATEGORIES[lang]
                if plain != need:
                    faults.append(f"{lang} {key}: plural {name} has {sorted(plain)}, {lang} needs {sorted(need)}")
    assert not faults, "\n".join(faults)


def test_translations_are_not_left_in_english() -> None:
    """A message the same as English in another language is allowed only where the word is the same (an
    argument alone, a symbol, a loanword such as "Flop"): such keys are few, so a growing count shows a key copied
    untranslated."""
    english = CATALOGUES["en"]
    for lang in LANGUAGES[1:]:
        same = [
            k
            for k, v in CATALOGUES[lang].items()
            if v == english.get(k) and re.search(r"[a-z]{4}", re.sub(r"\{[^{}]*\}", "", v))
        ]
        assert len(same) <= max(12, len(english) // 12), f"{lang}: {len(same)} messages still English: {same}"


def test_english_game_names_are_the_servers() -> None:
    """game.<id> in English is the name /api/games gives (pokerroom.games), so English pages read the same."""
    english = CATALOGUES["en"]
    assert {g.id: english.get(f"game.{g.id}") for g in room_games()} == {g.id: g.name for g in room_games()}


# ---------------------------------------------------------------- the sources


_COMMENT = re.compile(r"<!--.*?-->|/\*.*?\*/|(?:^|(?<=\s))//[^\n]*", re.S | re.M)


def sources() -> dict[str, str]:
    """The page's sources by file name, comments left out (they speak of keys without using them)."""
    files = sorted([*STATIC.glob("*.js"), *STATIC.glob("*.html")])
    return {p.name: _COMMENT.sub("", p.read_text(encoding="utf-8")) for p in files}


KEY = r"[a-z0-9_]+(?:\.[A-Za-z0-9_-]+)+"
_T_LITERAL = re.compile(r"""\bt\(\s*(["'`])(""" + KEY + r""")\1""")
_T_OTHER = re.compile(r"""\bt\(\s*`([^`]*)`""")
_DATA_I18N = re.compile(r"""data-i18n\s*=\s*["']([^"']+)["']|i18n\s*:\s*["']([^"']+)["']""")
_DATA_ATTR = re.compile(r"""data-i18n-attr\s*=\s*["']([^"']+)["']|i18nAttr\s*:\s*["']([^"']+)["']""")
_TEMPLATE = re.compile(r"`((?:[a-z0-9_]+\.)+)\$\{[^}`]*\}((?:\.[A-Za-z0-9_-]+)*)`")
_QUOTED = re.compile(r"""(["'`])(""" + KEY + r""")\1""")


def keys_asked(text: str) -> set[str]:
    """The keys a source asks for whole: t("key") and data-i18n / data-i18n-attr (in HTML or el() datasets)."""
    keys = {m.group(2) for m in _T_LITERAL.finditer(text)}
    for m in _DATA_I18N.finditer(text):
        keys.add(m.group(1) or m.group(2))
    for m in _DATA_ATTR.finditer(text):
        for pair in (m.group(1) or m.group(2)).split(";"):
            if ":" in pair:
                keys.add(pair.split(":", 1)[1].strip())
    return keys


def templates(text: str) -> set[str]:
    """The keys a source builds: `area.${value}` and `area.${value}.suffix`, as "area.{}" / "area.{}.suffix"."""
    return {f"{m.group(1)}{{}}{m.group(2)}" for m in _TEMPLATE.finditer(text)}


def test_every_key_the_page_asks_for_is_in_english() -> None:
    english = CATALOGUES["en"]
    areas = {key.split(".")[0] for key in english} | {p.split(".")[0] for p in DYNAMIC}
    faults = []
    for name, text in sources().items():
        for key in sorted(keys_asked(text)):
            if key not in english:
                faults.append(f"{name}: {key!r} is not in en.json")
        if name.endswith(".js"):
            # a key held in a variable first (t(key), t(allKey)): every quoted key-like literal of a known area
            for m in _QUOTED.finditer(text):
                key = m.group(2)
                if key.split(".")[0] in areas and key not in english and not key.endswith((".js", ".json", ".css")):
                    faults.append(f"{name}: {key!r} looks like a message key and is not in en.json")
            for m in _T_OTHER.finditer(text):
                if "${" in m.group(1) and not _TEMPLATE.fullmatch(f"`{m.group(1)}`"):
                    faults.append(f"{name}: t(`{m.group(1)}`) builds a key this test cannot read")
            for pattern in sorted(templates(text)):
                if pattern not in DYNAMIC:
                    faults.append(f"{name}: builds {pattern!r}: list it in test_i18n.DYNAMIC with its values")
    for pattern, values in DYNAMIC.items():
        missing = sorted(v for v in values if pattern.replace("{}", v) not in english)
        if missing:
            faults.append(f"{pattern}: en.json lacks the keys for {missing}")
    assert not faults, "\n".join(faults)


def test_every_english_key_is_used() -> None:
    text = "\n".join(sources().values())
    built = {pattern for name, src in sources().items() for pattern in templates(src)}
    used = {m.group(2) for m in _QUOTED.finditer(text)} | keys_asked(text) | set(INDIRECT)
    for pattern in built & set(DYNAMIC):
        used |= {pattern.replace("{}", v) for v in DYNAMIC[pattern]}
    unused = sorted(set(CATALOGUES["en"]) - used)
    assert not unused, f"en.json keys no source uses: {unused}"
    stale = sorted(set(DYNAMIC) - built)
    assert not stale, f"DYNAMIC patterns no source builds any more: {stale}"


# ---------------------------------------------------------------- i18n.js itself, run by Node


NODE = shutil.which("node")
FORMAT_SCRIPT = """
const [base, lang, calls] = [process.argv[1], process.argv[2], JSON.parse(process.argv[3])];
const fs = await import("node:fs");
globalThis.fetch = async (url) => {
  const name = url.match(/i18n[/](\\w+)[.]json/)[1];
  return { ok: true, json: async () => JSON.parse(fs.readFileSync(`${base}/i18n/${name}.json`, "utf8")) };
};
globalThis.document = { documentElement: {} };
const m = await import(`file://${base}/i18n.js`);
await m.loadLanguage(lang);
const out = calls.map(([fn, ...a]) => {
  if (fn !== "t") return m[fn](...a);
  const value = (v) => (typeof v === "string" && v.startsWith("@") ? m.t(v.slice(1)) : v);
  const args = Object.fromEntries(Object.entries(a[1] || {}).map(([k, v]) => [k, value(v)]));
  return m.t(a[0], args);
});
console.log(JSON.stringify([document.documentElement.lang, out]));
"""


def run_i18n(lang: str, calls: list[list[object]]) -> tuple[str, list[str]]:
    """Load ``lang`` with i18n.js under Node and make ``calls`` (["t", key, args] or [function, argument...]; an
    argument "@key" is that key's message first); returns <html lang> and the results."""
    assert NODE
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", FORMAT_SCRIPT, str(STATIC), lang, json.dumps(calls)],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    html_lang, out = json.loads(done.stdout)
    return html_lang, out


@pytest.mark.skipif(NODE is None, reason="no Node to run i18n.js")
def test_i18n_js_formats_each_language_with_its_plurals_and_rulebook_words() -> None:
    chips = [["t", "night.chip_count", {"n": n, "chips": str(n)}] for n in (1, 3, 5, 21)]
    two_pair = ["t", "hand.two-pair", {"p1": "@rank.T.plural", "p2": "@rank.8.plural"}]
    lang, out = run_i18n("ru", [*chips, two_pair, ["gameName", "a6-lowball"], ["t", "bar.fold"]])
    assert lang == "ru"
    assert out == [
        "1 фишка",
        "3 фишки",
        "5 фишек",
        "21 фишка",
        "две пары, десятки и восьмёрки",
        "Лоуболл от туза до шестёрки (один обмен, фикс-лимит 1/2)",
        "Сбросить",
    ]
    places = [["t", "lobby.waitlist.place", {"place": n, "ord": ord}] for n, ord in ((2, "one"), (3, "other"))]
    lang, out = run_i18n("sv", [two_pair, ["ruleName", "ante"], *places])
    assert (lang, out) == ("sv", ["två par, tior och åttor", "Storlek på anten", "2:a i kön", "3:e i kön"])
    calls: list[list[object]] = [["gameName", "five-card-draw"], ["limitName", "half-pot"], ["gameName", "new", "New"]]
    assert run_i18n("nb", calls) == ("nb", ["Lukket poker", "½Pot Limit", "New"])
    calls = [["t", "night.length_both", {"hands": 1, "minutes": 150}], ["t", "no.such.key"], ["ruleName", "x"]]
    assert run_i18n("en", calls) == ("en", ["1 hand or 150 minutes", "no.such.key", "x"])
