// handtext.js — a hand's events (the protocol's event JSON, table seats) as the lines of a PokerStars-style hand
// history in players' names, the same shapes the server's text history writes (pokerroom.formats.pokerstars,
// docs/pokerstars.md): "alice: posts small blind 1", "Dealt to alice [Ah Kd]", "bob: raises 6 to 8",
// "*** FLOP *** [2c 7d Jh]", "Uncalled bet (6) returned to bob", "alice collected 62 from pot". Used by the "This
// hand" log (panels.js) and the replayer's line above the felt (replay.js). Pure: events in, lines out.

import { CHOICES as ACTIONS } from "./events.js";
import { language, streetName, t } from "./i18n.js";
import { chips } from "./util.js";


function cardList(cards) {
  return `[${(cards || []).join(" ")}]`;
}

function known(cards) {
  return Array.isArray(cards) && cards.length > 0 && cards.every((c) => c !== "??");
}

/** The lines of one pot: who collected what from it ("pot", "main pot", "side pot", "side pot-2"), each share's
 * winners. */
function potLines(e, k, count, name) {
  const side = count === 2 ? t("hh.side_pot_one") : t("hh.side_pot", { n: k }); // PokerStars: "side pot" when one
  const where = count === 1 ? t("hh.pot") : k === 0 ? t("hh.main_pot") : side;
  const paid = Array.isArray(e.shares) && e.shares.length ? e.shares.flatMap(([, winners]) => winners) : e.winners || [];
  return paid
    .filter(([, amount]) => amount > 0)
    .map(([seat, amount]) => t("hh.collected", { player: name(seat), amount: chips(amount), pot: where }));
}

/**
 * The history lines of `events` (oldest first): [{event, index, text}], one or more per event that shows in a
 * history (forced bets, deals, actions, the showdown, the pots); `name(seat)` names a table seat; `handText(seat)`,
 * when given, names a shown hand in the page's language (else the event's English text). Street names and every
 * word come from the catalogue (hh.*, street.*): in English the lines are the text history's.
 */
export function handLines(events, name, handText = () => "") {
  const out = [];
  const pots = events.filter((e) => e.type === "pot").length;
  let potIndex = 0;
  let cur = 0; // the round's highest bet: a raise says by how much
  let acted = false; // someone chose since the last deal: the next deal starts a street
  let board = [];
  let showdown = false;
  let holeHeader = false;
  let splitOffered = false; // a split pressed and not yet answered by another move: the next press agrees
  events.forEach((e, index) => {
    const who = e.seat === undefined || e.seat === null ? "" : name(e.seat);
    const add = (text) => out.push({ event: e, index, text });
    const all = e.all_in ? t("hh.all_in") : "";
    if ((e.type === "deal_up" || e.type === "deal_board" || e.type === "draw") && acted) cur = 0;
    if (e.type === "deal_up" || e.type === "deal_board" || e.type === "draw") acted = false;
    if (ACTIONS.has(e.type)) acted = true;
    const wasOffered = splitOffered;
    splitOffered = e.type === "split" || (wasOffered && !ACTIONS.has(e.type));
    const timedOut = e.text === "timed out";
    // The clock's move is told before the move itself (a show or muck: after the showdown's header, below).
    if (timedOut && ACTIONS.has(e.type)) add(t("hh.timed_out", { player: who }));
    switch (e.type) {
      case "post_ante":
        add(t("hh.post_ante", { player: who, amount: chips(e.amount) }));
        break;
      case "post_blind":
        add(t(e.text === "small blind" ? "hh.post_sb" : "hh.post_bb", { player: who, amount: chips(e.amount) }));
        cur = Math.max(cur, e.to ?? e.amount ?? 0);
        break;
      case "post_dead":
        add(t("hh.post_dead", { player: who, amount: chips(e.amount) }));
        break;
      case "deal_hole":
      case "deal_up":
        if (!holeHeader && e.type === "deal_hole" && board.length === 0) {
          holeHeader = true;
          add(t("hh.hole_cards"));
        }
        if (known(e.cards)) add(t("hh.dealt", { player: who, cards: cardList(e.cards) }));
        break;
      case "deal_board": {
        const label = streetName(e.text || "board").toLocaleUpperCase(language());
        const before = board.length ? `${cardList(board)} ` : "";
        add(t("hh.street", { street: label, cards: `${before}${cardList(e.cards)}` }));
        board = board.concat(e.cards || []);
        break;
      }
      case "bring_in":
        add(t("hh.brings_in", { player: who, amount: chips(e.amount), all }));
        cur = e.to ?? e.amount ?? 0;
        break;
      case "fold":
        add(t("hh.folds", { player: who }));
        break;
      case "check":
        add(t("hh.checks", { player: who }));
        break;
      case "call":
        add(t("hh.calls", { player: who, amount: chips(e.amount), all }));
        break;
      case "bet":
      case "raise": {
        const to = e.to ?? e.amount ?? 0;
        // A completion of the bring-in is a raise, as PokerStars' files write it.
        if (e.type === "bet" || cur === 0) add(t("hh.bets", { player: who, amount: chips(to), all }));
        else add(t("hh.raises", { player: who, by: chips(to - cur), amount: chips(to), all }));
        cur = to;
        break;
      }
      case "draw": {
        const n = e.amount ?? (e.cards || []).length;
        if (!n) add(t("hh.stands_pat", { player: who }));
        else add(t("hh.discards", { player: who, n, cards: known(e.cards) ? ` ${cardList(e.cards)}` : "" }));
        break;
      }
      case "artificial_all_in":
        add(t("hh.protected", { player: who }));
        break;
      case "split":
        add(t(wasOffered ? "hh.split_agree" : "hh.split_offer", { player: who }));
        break;
      case "uncalled_bet_returned":
        add(t("hh.uncalled", { player: who, amount: chips(e.amount) }));
        break;
      case "show":
      case "muck":
        if (!showdown) {
          showdown = true;
          add(t("hh.show_down"));
        }
        if (timedOut) add(t("hh.timed_out", { player: who }));
        if (e.type === "muck") add(t("hh.mucks", { player: who }));
        else {
          const shown = handText(e.seat) || (timedOut ? "" : e.text);
          add(t("hh.shows", { player: who, cards: cardList(e.cards), name: shown ? ` (${shown})` : "" }));
        }
        break;
      case "pot":
        for (const text of potLines(e, potIndex, pots, name)) add(text);
        potIndex += 1;
        break;
      default:
        break; // rake, reshuffle, hand_end: in the summary of the text history, not the log
    }
  });
  return out;
}
