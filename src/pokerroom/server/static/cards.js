// cards.js — card rendering: a card "As" becomes rank + suit symbol (red for hearts and diamonds),
// "??" a face-down back; a row of cards may be fanned (overlapping, the index in the corner). Every card element
// carries data-testid="card", data-card and data-up. A stud player's own down cards (face up only to them) are
// marked "card-down"; a winning hand's cards "card-best" (raised).

import { t } from "./i18n.js";
import { el } from "./util.js";

const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };

/** The rank as shown on the card face ("T" shows as "10"). */
function rankLabel(rank) {
  return rank === "T" ? "10" : rank;
}

/** A readable name for screen readers: "ace of spades", "face-down card" (card.name with the rank's word). */
export function cardName(code) {
  if (!code || code === "??") return t("cards.face_down");
  return t("cards.name", { rank: t(`rank.${code[0]}`), suit: code[1] });
}

/** Short text for logs: "A♠ K♥", "??" kept as is. */
export function cardsText(codes) {
  return (codes || []).map((c) => (c === "??" ? "??" : `${rankLabel(c[0])}${SUITS[c[1]] || c[1]}`)).join(" ");
}

/**
 * One card element.
 * opts.up: dealt face up (stud: raised and marked); opts.down: a down card only its owner sees (lowered, marked);
 * opts.best: one of the winning hand's cards (raised); opts.selected: chosen for a discard;
 * opts.onClick: makes the card a toggle button (draw phases); opts.small: a smaller card.
 */
export function cardEl(code, opts = {}) {
  const hidden = !code || code === "??";
  const classes = ["card"];
  if (hidden) classes.push("card-back");
  else classes.push(code[1] === "h" || code[1] === "d" ? "card-red" : "card-black");
  if (opts.up) classes.push("card-up");
  if (opts.down && !hidden) classes.push("card-down");
  if (opts.best) classes.push("card-best");
  if (opts.selected) classes.push("card-selected");
  if (opts.small) classes.push("card-small");
  if (opts.onClick) classes.push("card-pickable");
  const attrs = {
    class: classes.join(" "),
    dataset: { testid: "card", card: hidden ? "??" : code, up: opts.up ? "true" : "false" },
    title: cardName(code) + (opts.up ? ` (${t("cards.up_title")})` : opts.down && !hidden ? ` (${t("cards.down_title")})` : ""),
    "aria-label": cardName(code),
  };
  if (opts.onClick) {
    attrs.role = "button";
    attrs.tabindex = "0";
    attrs["aria-pressed"] = opts.selected ? "true" : "false";
    attrs.onclick = opts.onClick;
    attrs.onkeydown = (ev) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        opts.onClick(ev);
      }
    };
  }
  if (hidden) return el("span", attrs);
  return el(
    "span",
    attrs,
    el("span", { class: "card-rank" }, rankLabel(code[0])),
    el("span", { class: "card-suit" }, SUITS[code[1]] || code[1]),
  );
}

/**
 * A row of cards: cardsEl(["As", "??"], {up: [false, true]}); opts.down: per card, a down card only you see;
 * opts.best: a Set of the winning cards.
 * opts.fan: overlap the cards (each shows its left part with rank and suit in the corner), for five or more;
 * seven or more overlap by half (the middle of each card stays uncovered below that, to be clicked).
 */
export function cardsEl(codes, opts = {}) {
  const fan = opts.fan ? ((codes || []).length >= 7 ? " cards-fan cards-fan-7" : " cards-fan") : "";
  const row = el("span", { class: `cards${fan}` });
  (codes || []).forEach((code, i) => {
    row.append(
      cardEl(code, {
        up: opts.up ? Boolean(opts.up[i]) : false,
        down: opts.down ? Boolean(opts.down[i]) : false,
        best: opts.best ? opts.best.has(code) : false,
        selected: opts.selected ? opts.selected.has(code) : false,
        small: opts.small,
        onClick: opts.onClick ? () => opts.onClick(code, i) : undefined,
      }),
    );
  });
  return row;
}
