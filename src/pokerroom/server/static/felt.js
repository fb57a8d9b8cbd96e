// felt.js — the end of a hand told on the felt: the result line ("alice wins 62 with two pair, tens and eights";
// hi/lo halves in one line; "bob wins 12, uncontested"), an aria-live status that stays until the next deal; the
// winners' seats highlighted and their winning cards raised (the `best` cards of state.results[].summary, among
// hole and board cards); the pot's chips sliding to each winner (a CSS transition, none with reduced motion).
// Hand names come from the catalogue (hand.<category> with the rank words as arguments; handName, also used by the
// Results panel and the hand log), else the server's English name.

import { hasMessage, language, t } from "./i18n.js";
import { chips, el, replace } from "./util.js";

/** The settled result of the hand shown once it is complete (state.results entry), else null. */
export function shownResult(state) {
  const hand = state.hand;
  if (!hand || hand.phase !== "complete") return null;
  const results = state.results || [];
  for (let i = results.length - 1; i >= 0; i -= 1) {
    const r = results[i];
    if (r.number === hand.number && (!hand.hand_id || !r.hand_id || r.hand_id === hand.hand_id)) return r;
  }
  return null;
}

/** Arguments of a hand-name message: r1..r5 the rank words ("ten"), p1..p5 their plurals ("tens"), distinct
 *  ranks in the order the server gives them. */
function rankArgs(ranks) {
  const args = {};
  const distinct = [];
  for (const r of ranks || []) if (!distinct.includes(r)) distinct.push(r);
  distinct.forEach((r, i) => {
    args[`r${i + 1}`] = t(`rank.${r}`);
    args[`p${i + 1}`] = t(`rank.${r}.plural`);
  });
  return args;
}

/** Games whose rankings name a full house by its trips alone ("full house, kings full"). */
const SHORT_FULL_HOUSE = new Set(["telesina", "draw32"]);
/** Games whose lows (deuce-to-seven) are named by all five cards ("eight-six-five-four-two"), not the top two. */
const LOW_ALL_FIVE = new Set(["27-triple-draw", "27-single-draw"]);

/** The message of a low with no pair: "eight-six low", the wheel (5-4-3-2-A), deuce-to-seven's five cards and its
 *  best, 7-5-4-3-2 "the number one" (the rankings' own wordings, pokerroom.rankings.lows). */
function lowKey(ranks, game) {
  const cards = ranks.join("");
  if (LOW_ALL_FIVE.has(game)) return cards === "75432" ? "hand.no-pair.number-one" : "hand.no-pair.all";
  return cards === "5432A" ? "hand.no-pair.wheel" : "hand.no-pair";
}

/** A hand's name (`h`: a summary hand {share, category, ranks, suit, name}; `game`: the hand's game id) from the
 *  catalogue: hand.<category> with the rank words (hand.straight-flush.ace for the royal flush,
 *  hand.full-house.short where the game says "kings full", lows with no pair by lowKey, a suit-ranked game's
 *  flush with its suit: "flush, hearts"); the server's English `name` for a category the catalogue lacks. */
export function handName(h, game = null) {
  const ranks = h.ranks || [];
  if (!h.category) return h.name || "";
  let key = `hand.${h.category}`;
  if (h.category === "straight-flush" && ranks[0] === "A") key = `${key}.ace`;
  if (h.category === "full-house" && SHORT_FULL_HOUSE.has(game)) key = `${key}.short`;
  if (h.category === "no-pair") key = lowKey(ranks, game);
  if (!hasMessage(key)) return h.name || "";
  const suited = h.suit && (h.category === "flush" || h.category === "straight-flush");
  if (suited && h.category === "flush" && game === "telesina") return t("hand.flush.suit", { suit: h.suit });
  const name = t(key, { ...rankArgs(ranks), share: h.share || "high" });
  return suited ? t("hand.suited", { hand: name, suit: h.suit }) : name;
}

/** One winner's part of the line: "alice wins 62 with ..." or "bob wins 12, uncontested". */
function winnerText(w, split, game) {
  const amount = chips(w.amount);
  if (w.uncontested) return t("felt.uncontested", { player: w.player, amount });
  const hands = (w.hands || []).map((h) =>
    split && h.share ? t("felt.share", { hand: handName(h, game), share: h.share }) : handName(h, game),
  );
  if (!hands.length) return t("felt.takes", { player: w.player, amount });
  const list = new Intl.ListFormat(language(), { type: "conjunction" }).format(hands);
  return t("felt.wins", { player: w.player, amount, hand: list });
}

/** The result line of a result entry (its `summary`; `game` the hand's game id), or "" when there is none. */
export function resultText(result, game = null) {
  const summary = result && result.summary;
  if (!summary || !summary.length) return "";
  const shares = new Set();
  for (const w of summary) for (const h of w.hands || []) if (h.share) shares.add(h.share);
  const split = shares.size > 1; // hi/lo: each hand says which half it won
  return summary.map((w) => winnerText(w, split, game)).join("; ");
}

/** The result line under the board: shown from the hand's end until the next deal. */
export function renderResultLine(state) {
  const node = document.getElementById("felt-result");
  if (!node) return;
  const text = resultText(shownResult(state), state.hand ? state.hand.game : null);
  if (node.textContent !== text) node.textContent = text;
  node.hidden = !text;
}

/** Winning seats and the cards they won with, for seats.js: {seats: Set, best: {seat: Set}, board: Set}. */
export function winners(state) {
  const result = shownResult(state);
  const out = { seats: new Set(), best: {}, board: new Set() };
  if (!result || !result.summary) return out;
  const board = new Set((state.hand && state.hand.board) || []);
  for (const w of result.summary) {
    out.seats.add(w.seat);
    const mine = new Set();
    for (const h of w.hands || []) {
      for (const card of h.best || []) {
        if (board.has(card)) out.board.add(card);
        else mine.add(card);
      }
    }
    out.best[w.seat] = mine;
  }
  return out;
}

/** Raise the board's winning cards (after the board was drawn). */
export function markBoard(won) {
  for (const card of document.querySelectorAll("#board [data-testid=card]")) {
    card.classList.toggle("card-best", won.board.has(card.dataset.card));
  }
}

let running = null; // the number of the hand last seen being played
let movedFor = null; // the hand whose chips were moved (each hand's once)

/** Slide the pot's chips from the centre to each winner's seat, once for a hand seen being played (seats drawn
 *  first). */
export function movePot(state) {
  const hand = state.hand;
  if (hand && hand.phase !== "complete") {
    running = hand.number;
    return;
  }
  const result = shownResult(state);
  if (!result || !result.summary || result.number !== running || movedFor === result.number) return;
  movedFor = result.number;
  const felt = document.getElementById("felt");
  const layer = document.getElementById("pot-moves");
  if (!felt || !layer) return;
  replace(layer);
  for (const w of result.summary) {
    const seat = document.querySelector(`#seats [data-testid=seat][data-seat="${w.seat}"]`);
    if (!seat) continue;
    const chip = el("span", { class: "pot-move", "aria-hidden": "true" }, chips(w.amount));
    chip.style.left = "50%";
    chip.style.top = "50%";
    layer.append(chip);
    // the next frame: the end position starts the transition
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        chip.style.left = seat.style.left;
        chip.style.top = seat.style.top;
        chip.classList.add("pot-move-done");
      }),
    );
  }
  setTimeout(() => replace(layer), 1600);
}
