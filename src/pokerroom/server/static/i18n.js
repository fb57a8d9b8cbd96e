// i18n.js — the page's languages: English, Swedish, Norwegian (bokmål) and Russian. One catalogue per language in
// /static/i18n/LANG.json, a flat object of ICU MessageFormat messages ("table.call": "Call {amount}",
// "hands": "{n, plural, one {# hand} other {# hands}}"). t(key, args) formats one message in the page's language,
// falling back to English for a key the language lacks. The language is the one chosen in the page (remembered in
// localStorage "pokerroom_lang"), else the browser's first supported one, else English. translate(root) fills
// elements marked data-i18n="key" (text) and data-i18n-attr="attr:key;attr:key" (attributes); bindLanguageSwitch()
// makes the top bar's <select> the switch. gameName(id), limitName(id), streetName(id) and ruleName(name) give the
// names of games, limits, streets and house rules in each rulebook's own words (seeds 000-004: "Lukket poker", "spelvariationer"), falling
// back to the server's English. Server text (an API error's detail, the night's log) is shown as sent.

import { roomUrl } from "./base.js";

export const LANGUAGES = { en: "English", sv: "Svenska", nb: "Norsk bokmål", ru: "Русский" };
const STORE = "pokerroom_lang";
const catalogues = { en: {} };
let current = "en";
let plurals = new Intl.PluralRules("en");

/** The language the page would pick: the remembered choice, else the browser's languages, else "en". */
export function detectLanguage() {
  try {
    const saved = localStorage.getItem(STORE);
    if (saved && saved in LANGUAGES) return saved;
  } catch {
    // no storage: fall through to the browser's languages
  }
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
    if (base === "no" || base === "nn") return "nb"; // Norwegian without a written standard: bokmål
  }
  return "en";
}

async function fetchCatalogue(lang) {
  const response = await fetch(roomUrl(`/static/i18n/${lang}.json`), { credentials: "same-origin" });
  if (!response.ok) throw new Error(`catalogue ${lang}: HTTP ${response.status}`);
  return response.json();
}

/** Load English and `lang` (default: detectLanguage()) and make `lang` the page's language. */
export async function loadLanguage(lang = detectLanguage()) {
  if (!(lang in LANGUAGES)) lang = "en";
  if (!Object.keys(catalogues.en).length) catalogues.en = await fetchCatalogue("en");
  if (!catalogues[lang]) {
    try {
      catalogues[lang] = await fetchCatalogue(lang);
    } catch {
      lang = "en";
    }
  }
  current = lang;
  plurals = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  return lang;
}

/** Remember `lang` as the page's language and load the page again in it. */
export function chooseLanguage(lang) {
  try {
    localStorage.setItem(STORE, lang);
  } catch {
    // not remembered: the page still switches for this visit
  }
  location.reload();
}

/** The page's language code ("en", "sv", "nb", "ru"). */
export function language() {
  return current;
}

/** Whether `key` is in the English catalogue. */
export function hasMessage(key) {
  return key in catalogues.en;
}

/** The message `key` formatted with `args` in the page's language (English when the language lacks it; the key
 *  itself when no catalogue has it, so a missing message shows rather than breaking the page). */
export function t(key, args = {}) {
  const message = catalogues[current]?.[key] ?? catalogues.en[key];
  if (message === undefined) return key;
  return format(message, args);
}

/** Make `select` the page's language switch: the four languages by their own names, the page's one chosen;
 *  picking another remembers it and loads the page again in it (chooseLanguage). */
export function bindLanguageSwitch(select) {
  if (!select) return;
  select.replaceChildren(
    ...Object.entries(LANGUAGES).map(([code, name]) => {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = name;
      return option;
    }),
  );
  select.value = current;
  select.addEventListener("change", () => {
    if (select.value !== current) chooseLanguage(select.value);
  });
}

/** The message `key` when a catalogue has it, else `fallback`. */
function named(key, fallback) {
  return hasMessage(key) ? t(key) : fallback;
}

/** A game's name in the page's language, in its rulebook's own words where it has them (game.<id>: "Lukket
 *  poker", "Лоуболл от туза до шестёрки"); for a game the catalogue lacks, `fallback` (the server's English name
 *  from /api/games, `game_name` of a table), else the id. */
export function gameName(id, fallback = "") {
  return named(`game.${id}`, fallback || String(id ?? ""));
}

/** A limit structure's name ("no", "pot", "half-pot", "fixed", "spread": limit.<id>, "no limit"), else the id. */
export function limitName(limit) {
  return named(`limit.${limit}`, String(limit ?? ""));
}

/** A street's name ("preflop", "third", "first draw", "vela": street.<id> with spaces as "_", "Third street"),
 *  else the id with a capital. */
export function streetName(street) {
  const id = String(street ?? "");
  return named(`street.${id.replaceAll(" ", "_")}`, id.charAt(0).toUpperCase() + id.slice(1));
}

const STAKES_PARTS = { "bets up to": "stakes.bets_up_to", bets: "stakes.bets", blinds: "stakes.blinds", ante: "stakes.ante", "bring-in": "stakes.bring_in" };

/** A table's stakes as the server writes them (pokerroom.server.lobby.stakes_text: "bets 2/4, blinds 1/2",
 *  "ante 2, bring-in 5", "no forced bets") in the page's language, part by part; a part it does not know as
 *  written. */
export function stakesName(text) {
  const source = String(text ?? "");
  if (source === "no forced bets") return t("stakes.none");
  return source
    .split(", ")
    .map((part) => {
      const m = /^(bets up to|bets|blinds|ante|bring-in) (\S+)$/.exec(part);
      return m ? t(STAKES_PARTS[m[1]], { value: m[2] }) : part;
    })
    .join(", ");
}

/** A house rule's name for players (rule.<name>: "ante" -> "Ante", the club's "Storlek på anten"), else the name
 *  as written in NAME=VALUE. */
export function ruleName(name) {
  return named(`rule.${name}`, String(name ?? ""));
}

/** Fill data-i18n and data-i18n-attr elements under `root` with their messages. */
export function translate(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of node.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) node.setAttribute(attr, t(key));
    }
  }
}

// ---------------------------------------------------------------- ICU MessageFormat (the subset we use)
// Arguments {name}; {n, number}; {n, plural, =0 {...} one {...} few {...} many {...} other {...}} with # for the
// number; {x, select, a {...} other {...}}; '{' quoting is not used by our catalogues.

/** Format an ICU message with `args` in the page's language. */
export function format(message, args = {}) {
  return formatPart(message, args, null);
}

function formatPart(text, args, hash) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "#" && hash !== null) {
      out += hash;
      i += 1;
    } else if (ch === "{") {
      const end = matching(text, i);
      out += argument(text.slice(i + 1, end), args);
      i = end + 1;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

function matching(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === "{") depth += 1;
    else if (text[i] === "}") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return text.length;
}

function numberText(value) {
  return typeof value === "number" ? value.toLocaleString(current) : String(value);
}

function argument(body, args) {
  const first = body.indexOf(",");
  if (first < 0) {
    const value = args[body.trim()];
    return value === undefined || value === null ? "" : String(value);
  }
  const name = body.slice(0, first).trim();
  const rest = body.slice(first + 1);
  const second = rest.indexOf(",");
  const kind = (second < 0 ? rest : rest.slice(0, second)).trim();
  const value = args[name];
  if (kind === "number") return numberText(value);
  const options = branches(second < 0 ? "" : rest.slice(second + 1));
  if (kind === "plural") {
    const n = Number(value);
    const exact = options[`=${n}`];
    const branch = exact ?? options[plurals.select(n)] ?? options.other ?? "";
    return formatPart(branch, args, Number.isFinite(n) ? numberText(n) : String(value)); // # as {n, number}
  }
  if (kind === "select") return formatPart(options[String(value)] ?? options.other ?? "", args, null);
  return value === undefined ? "" : String(value);
}

function branches(text) {
  const out = {};
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i])) i += 1;
    const open = text.indexOf("{", i);
    if (open < 0) break;
    const selector = text.slice(i, open).trim();
    const end = matching(text, open);
    out[selector] = text.slice(open + 1, end);
    i = end + 1;
  }
  return out;
}
