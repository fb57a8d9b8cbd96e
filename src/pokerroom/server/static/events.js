// events.js — what a hand's events say about each seat, for the felt and the replayer: lastActions(hand) gives
// every seat's last action as a label ("Check", "Call 6", "Raise to 18", "Draws 2", ...). Pure: events in, labels
// out (the words come from the catalogue through t()). A label lasts until the next street: a card dealt after
// someone acted (board, up card, stud's last down card; not the cards that replace a discard) clears them all, and
// so does the first discard of a draw round; a draw's "Draws 2" stays on through the betting that follows until
// that player acts again.

import { chips } from "./util.js";
import { t } from "./i18n.js";

/** The events' types that are a player's own choice (or the forced bring-in): after one, a deal is a new street
 *  (also the hand log's actions, handtext.js). */
export const CHOICES = new Set(["fold", "check", "call", "bet", "raise", "bring_in", "draw", "split", "artificial_all_in"]);
const DEALS = new Set(["deal_hole", "deal_up", "deal_board"]);

/** The label of one event for its seat, or null when the event changes nothing on the seat.
 *  `street`: {broughtIn, raised} of the betting round so far (a raise of a bring-in completes it). */
function label(e, street) {
  const all = e.all_in ? t("felt.act.allin") : null;
  switch (e.type) {
    case "post_ante":
      return t("felt.act.ante", { amount: chips(e.amount) });
    case "post_blind":
    case "post_dead":
      return t("felt.act.post", { amount: chips(e.amount) });
    case "fold":
      return t("felt.act.fold");
    case "check":
      return t("felt.act.check");
    case "call":
      return all || t("felt.act.call", { amount: chips(e.amount) });
    case "bring_in":
      return all || t("felt.act.bring_in", { amount: chips(e.amount) });
    case "bet":
    case "raise": {
      const to = chips(e.to ?? e.amount);
      if (all) return all;
      if (street.broughtIn && !street.raised) return t("felt.act.complete", { amount: to });
      return e.type === "bet" ? t("felt.act.bet", { amount: to }) : t("felt.act.raise", { amount: to });
    }
    case "draw": {
      const n = (e.cards || []).length;
      return n ? t("felt.act.draw", { n }) : t("felt.act.pat");
    }
    case "split":
      return t("felt.act.split");
    case "artificial_all_in":
      return t("felt.act.allin");
    default:
      return null;
  }
}

/**
 * Each seat's last action in `hand` (a state's Hand, or just its list of events): {seat: label}, table seats as
 * the events give them. Labels: "Ante 1", "Posts 2", "Fold", "Check", "Call 6", "Bet 10", "Raise to 18",
 * "Brings in 1", "Completes to 4", "Draws 2", "Stands pat", "Split", "All-in" (a call, bet or raise that puts in
 * the last chip).
 */
export function lastActions(hand) {
  const events = Array.isArray(hand) ? hand : (hand && hand.events) || [];
  let labels = {};
  let acted = false; // someone chose since the street began: the next deal starts a new street
  let drawing = false; // the last choice was a discard: the next discard is in the same draw round
  let street = { broughtIn: false, raised: false };
  const newStreet = () => {
    labels = {};
    acted = false;
    street = { broughtIn: false, raised: false };
  };
  for (const e of events) {
    if (DEALS.has(e.type)) {
      if (acted && !drawing) newStreet(); // a discard's new cards (deal_hole after a draw) are not a street
      continue;
    }
    if (e.type === "draw" && !drawing && acted) newStreet();
    if (CHOICES.has(e.type)) {
      acted = true;
      drawing = e.type === "draw";
    }
    if (e.seat === undefined || e.seat === null) continue;
    const text = label(e, street);
    if (e.type === "bring_in") street.broughtIn = true;
    if (e.type === "bet" || e.type === "raise") street.raised = true;
    if (text !== null) labels[e.seat] = text;
  }
  return labels;
}
