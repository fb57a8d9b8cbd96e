"""The line shapes of PokerStars-style hand histories, as the reader reads them (``docs/pokerstars.md``, "Reading").

The header's games, limits, stakes, currencies and times; the table and seat lines; every line of play (posts,
deals, moves after ``NAME:``, what follows ``NAME `` without a colon, notes that move no chips); the summary's pot,
board and seat lines; and the amount and card readers they share.  A pattern about a player is matched after the
player's known name (:mod:`.reader`), never guessing where a name ends, so every line reads in linear time.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from pokerroom.cards import UNKNOWN, parse_card
from pokerroom.formats.pokerstars.writer import CARRIED_IN, VOIDED, written_name
from pokerroom.games import Limit, all_games

# -- the header -------------------------------------------------------------------------------------------------

START = re.compile(
    r"^(?P<site>PokerStars|POKERSTARS|Run It Once Poker|PokerBros|PokerMaster|Full Tilt(?: Poker)?|9stacks Poker"
    r"|Poker|Hand)"
    r"(?P<kind>(?: Home Game| Zoom| Rush| Game| GAME| Hand| HAND)*)"
    r"(?: #| ?#)(?P<id>[\w-]+):\s+(?P<rest>.*)$"
)
CLUB = re.compile(r"^\{(?P<club>[^}]*)\}\s*")
TOURNAMENT = re.compile(r"^(?:Zoom |Home Game )?Tournament #(?P<id>\d+),\s*(?P<rest>.*)$", re.IGNORECASE)

STARS_GAMES: dict[str, str | None] = {
    "hold'em": "holdem",
    "omaha": "omaha",
    "omaha hi/lo": "omaha8",
    "5 card omaha": "omaha5",
    "5 card omaha hi/lo": "omaha5-8",
    "6 card omaha": "omaha6",
    "6 card omaha hi/lo": None,
    "courchevel": "courchevel",
    "courchevel hi/lo": "courchevel8",
    "6+ hold'em": "6plus",
    "7 card stud": "stud",
    "7 card stud hi/lo": "stud8",
    "razz": "razz",
    "5 card draw": "five-card-draw",
    "triple draw 2-7 lowball": "27-triple-draw",
    "single draw 2-7 lowball": "27-single-draw",
    "badugi": None,
    "5 card stud": None,
}
"""PokerStars' game name (lower case) -> our game id; ``None`` for a game our engine does not deal (read, and
reported ``unsupported``)."""

STARS_GAMES.update(
    {written_name(g).lower(): g.id for g in all_games() if written_name(g).lower() not in STARS_GAMES}
)  # our games PokerStars never dealt, by the names our writer gives them

OMAHA_BY_CARDS = {("omaha", 5): "omaha5", ("omaha", 6): "omaha6", ("omaha8", 5): "omaha5-8"}
"""A header that says Omaha over hands of five or six cards (PokerMaster's): the game the cards dealt make it."""

LIMITS: dict[str, Limit | None] = {
    "no limit": Limit.NO,
    "pot limit": Limit.POT,
    "limit": Limit.FIXED,
    "fixed limit": Limit.FIXED,
    "half pot limit": Limit.HALF_POT,
    "spread limit": Limit.SPREAD,
    "pot limit pre-flop, no limit post-flop": None,
}
"""A header's betting structure -> our limit; ``None``: one the engine cannot express (read, ``unsupported``)."""

GAME_WORDS = "|".join(re.escape(g) for g in sorted(STARS_GAMES, key=len, reverse=True))
LIMIT_WORDS = "|".join(re.escape(x) for x in sorted(LIMITS, key=len, reverse=True))
GAME = re.compile(rf"(?<![\w+])(?P<game>{GAME_WORDS}) (?P<limit>{LIMIT_WORDS})(?![\w-])", re.IGNORECASE)
MONEY = r"(?:[$€£¥₹]|Rs\. ?)?\d[\d,]*(?:\.\d+)?(?: ?(?:USD|EUR|GBP|CAD|INR))?"
AMOUNT = re.compile(r"^(?P<sym>[$€£¥₹]|Rs\. ?)?(?P<num>\d[\d,]*(?:\.\d+)?)(?: ?(?P<cur>USD|EUR|GBP|CAD|INR))?$")
SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY", "Rs.": "INR", "Rs. ": "INR"}
STAKES = re.compile(rf"[(,] ?(?P<low>{MONEY})/(?P<high>{MONEY})(?P<more>[^)]*)\)")
"""``($0.01/$0.02 USD)``, and a mixed game's ``8-Game (Razz Limit, $400/$800 USD)``."""
BUTTON_BLIND = re.compile(rf"\(Button Blind (?P<blind>{MONEY}) - Ante (?P<ante>{MONEY})(?P<more>[^)]*)\)")
CAP = re.compile(rf"- (?P<cap>{MONEY}) Cap -")
WHEN = re.compile(
    r"(?P<date>\d{4}/\d{1,2}/\d{1,2})(?: -)? (?P<time>\d{1,2}:\d{2}(?::\d{2})?)(?: \(?(?P<zone>[A-Z]{2,5})\)?)?"
)
OLD_TIME = re.compile(r"\d{4}/\d{1,2}/\d{1,2} - \d{1,2}:\d{2}")
"""The time as exports before 2008 write it (``2007/10/15 - 10:18:17 (ET)``): those files write no uncalled bets."""
CONVERTED = re.compile(r"\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2}$")
"""A time with no zone ends the header of hands converted from other sites' exports, which write no uncalled
bets."""
LEVEL = re.compile(r"Level (?P<level>[IVXLCDM\d]+)(?: \((?P<low>[\d,.]+)/(?P<high>[\d,.]+)\))?")

# -- the table and seats ----------------------------------------------------------------------------------------

TABLE = re.compile(
    r"^Table(?: ID)? '(?P<name>.*)'(?:\(\d+\))?(?: (?P<max>\d+)-[Mm]ax)?(?: \((?P<money>Play Money|Real Money)\))?"
    r"(?: Seat #(?P<button>\d+) is the button)?$"
)
SEAT = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{MONEY}) in chips(?P<more>[^()]*)\)"
    r"(?P<rest>[^()]*(?:\([^()]*\)[^()]*)?)$"
)  # the name is greedy: a name may itself hold "(5 in chips)"

# -- the play ---------------------------------------------------------------------------------------------------

STREET = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*(?P<cards>(?: \[[^]]*\])*)$")
CARDS = re.compile(r"\[([^]]*)\]")
GROUPS = re.compile(r"(?: \[[^]]*\]){1,2}")
UNCALLED = re.compile(rf"^Uncalled bet \((?P<amount>{MONEY})\) returned to (?P<name>.+)$")
# What follows "NAME " in a line about a seated player (matched after the name, so no pattern guesses where a
# name ends: a line is read in time linear in its length).
COLLECTED = re.compile(rf"collected (?P<amount>{MONEY}) from (?P<pot>pot|main pot|side pot(?:[- ](?P<k>\d+))?)")
CASH_OUT = re.compile(rf"cashed out the hand for (?P<amount>{MONEY})(?: \| Cash Out Fee (?P<fee>{MONEY}))?")
SHOWS_FOR = re.compile(r"shows \[(?P<cards>[^]]*)\] for [^[\]]*(?:\[[^]]*\])?")
TIMED_OUT = re.compile(r"has timed out")
SPLASH = re.compile(
    rf"^(?:STP added: |{re.escape(CARRIED_IN.split('{')[0])})(?P<amount>{MONEY})$"
)  # money the room adds to the pot: Run It Once's splash, the chips our tables carry over
ALL_IN = r"(?P<all_in> and is all-in)?"
VERBS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("post", re.compile(
        rf"^posts (?P<what>small & big blinds|small blind|big blind|the ante|button blind|straddle|dead blind"
        rf"|a dead small blind|ante) (?P<amount>{MONEY}){ALL_IN}$"
    )),
    ("fold", re.compile(r"^folds(?: (?P<cards>(?:\[[^]]*\] ?)+))?(?: \((?:disconnect(?:ed)?|auth)\))?$")),
    ("check", re.compile(r"^checks$")),
    ("call", re.compile(
        rf"^calls (?P<amount>{MONEY})(?:(?P<all_in> and is all-in)|(?P<capped> and has reached the {MONEY} cap))?$"
    )),
    ("bet", re.compile(rf"^bets (?P<amount>{MONEY}){ALL_IN}$")),
    ("raise", re.compile(
        rf"^raises (?P<by>{MONEY}) to (?P<amount>{MONEY})"
        rf"(?:(?P<all_in> and is all-in)|(?P<capped> and has reached the (?P<cap>{MONEY}) cap))?$"
    )),
    ("bring-in", re.compile(rf"^brings in for (?P<amount>{MONEY}){ALL_IN}$")),
    ("complete", re.compile(rf"^completes it to (?P<amount>{MONEY}){ALL_IN}$")),
    ("discard", re.compile(r"^discards (?P<n>\d+) cards?(?: (?P<cards>\[[^]]*\]))?$")),
    ("stand pat", re.compile(r"^stands pat(?: on (?P<cards>\[[^]]*\]))?$")),
    ("show", re.compile(r"^shows (?P<cards>\[[^]]*\])(?: \(.*\))?$")),
    ("muck", re.compile(r"^(?:mucks hand|Mucks)(?: (?P<cards>\[[^]]*\]))?(?: \(.*\))?$")),
    ("no show", re.compile(r"^doesn't show hand$|^doesn't show$")),
    ("split", re.compile(r"^(?:checks and (?:offers|agrees) to split the pot|accepts the split)$")),
    ("check", re.compile(r"^declines the split$")),
    ("protected", re.compile(r"^is all-in by disconnect protection$")),
    ("note", re.compile(
        r"^(?:sits out|is sitting out|sitting out|is away|is back|returns|has returned|is disconnected|is connected"
        r"|is timed out|has timed out|leaves the table|will be allowed to play after the button"
        rf"|waits for big blind|stands up|sits in|Table deposit {MONEY}|Seat re-join|Sitout(?: \(.*\))?)$"
    )),
)  # fmt: skip
"""The moves and notes after ``NAME: ``, tried in order."""

NOTE_ENDS = (
    "leaves the table", "is disconnected", "is connected", "has returned", "has timed out while disconnected",
    "has timed out while being disconnected", "will be allowed to play after the button", "is sitting out",
    "has timed out",  # a player with no seat line (seated players' time-outs are read before the notes)
    "was removed from the table for failing to post", "sits out", "is capped",
)  # fmt: skip
NOTE_TAIL = re.compile(
    r" (?:joins the table at seat #\d+|finished the tournament(?: in \d+\w* place)?(?: and received [^\n]*)?)$"
)
NOTE_WORDS = re.compile(
    r" (?:wins the tournament and receives |re-buys and receives |takes the add-on and receives |said, \""
    r"|wins (?:the )?\S+ (?:bounty )?for eliminating |wins an entry to tournament |cashed out"
    r"|has (?:been )?(?:a )?(?:re)?(?:moved|registered)|wins \S+ for splitting the elimination of "
    r"|split the \S+ bounty for eliminating )"
)
"""Lines about a player, seated or not, that change no chips in this hand (joining, leaving, chat, tournament
news): a fixed end (:data:`NOTE_ENDS`, :data:`NOTE_TAIL`) or fixed words after the name (:data:`NOTE_WORDS`),
each found in time linear in the line."""


def is_note(line: str) -> bool:
    """Whether ``line`` is a note about a player (see :data:`NOTE_WORDS`)."""
    return (
        line.endswith(tuple(" " + end for end in NOTE_ENDS))
        or NOTE_TAIL.search(line) is not None
        or NOTE_WORDS.search(line) is not None
    )


DOUBLE_BET = "Pair on board - a double bet is allowed"
VOIDED_LINE = re.compile("^" + re.escape(VOIDED).replace(r"\{reason\}", "(?P<reason>.*)") + "$")
TABLE_NOTES = re.compile(
    r"^(?:Betting is capped|Hand cancelled|Hand was run twice|Hand was run three times|The deck is reshuffled|"
    r"No low hand qualified|Pair on board - a double bet is allowed|Hand voided: .*|"
    rf"Table deposit {MONEY}|Seat sit down|Seat re-join|Table leave user|# .*|"
    r"The hand was run \w+ times?|Board run twice|Table '[^']*' \d+-max is closing[^\n]*|"
    r"Game (?:was )?(?:paused|resumed)[^\n]*)$"
)

# -- the summary ------------------------------------------------------------------------------------------------

TOTAL = re.compile(rf"^Total pot (?P<total>{MONEY})(?P<pots>.*?) \| Rake (?P<rake>{MONEY})(?P<more>.*)$")
SUMMARY_POT = re.compile(
    rf"(?:\| )?(?P<name>Main pot|Side pot(?:[- ](?P<k>\d+))?|STP|Jackpot|Bingo) (?P<amount>{MONEY})\.?"
)
BOARD = re.compile(r"^(?:(?P<run>FIRST|SECOND|THIRD|1st|2nd|3rd) )?Board \[(?P<cards>[^]]*)\]$")
SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")


def money(text: str) -> tuple[Decimal, str | None]:
    """An amount as the file writes it (``$0.25``, ``Rs. 5,605.43``, ``25 USD``, ``1,500``): its value and its
    currency (``None`` for plain chips).  Raises ``ValueError`` for text that is not an amount."""
    m = AMOUNT.match(text.strip())
    if m is None:
        raise ValueError(text)
    try:
        value = Decimal(m["num"].replace(",", ""))
    except InvalidOperation:
        raise ValueError(text) from None
    return value, m["cur"] or SYMBOLS.get((m["sym"] or "").strip())


def amount(text: str) -> Decimal:
    """The value of an amount (:func:`money`)."""
    return money(text)[0]


def currency(text: str) -> str | None:
    """The currency an amount names (:func:`money`), ``None`` for plain chips or text that is no amount."""
    try:
        return money(text)[1]
    except ValueError:
        return None


def cards(text: str) -> tuple[int, ...]:
    """Cards in brackets' inside: ``Ah Kd``; ``Xx``/``??`` (a card the file does not show) is unknown."""
    out: list[int] = []
    for token in text.split():
        out.append(UNKNOWN if token.upper() in ("XX", "??", "X", "?") else parse_card(token))
    return tuple(out)
