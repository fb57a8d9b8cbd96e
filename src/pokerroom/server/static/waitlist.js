// waitlist.js — the player's places on tables' waiting lists: GET /api/waitlist every few seconds while logged in
// (on every page), join / leave (POST / DELETE /api/tables/ID/waitlist), and the notice of a seat offered to the
// first in line, shown on any page with "Take seat" (opens the table and the buy-in for that seat) and
// "Decline". The lobby reads the places through waitlistEntry() and redraws on onWaitlistChange().

import { api, el, replace, tid, toast } from "./util.js";
import { language, t } from "./i18n.js";

const POLL_MS = 3000;
let timer = null;
let entries = new Map(); // table id -> {table, name, place, waiting, offer: {seat, seconds} | null}
let fetchedAt = 0; // performance.now() of the last answer: the offer's seconds count down from it
let tick = null;
let takenSeat = null; // {table, seat}: the seat "Take seat" opened the table for, until the table asks
const listeners = new Set();

/** Start polling (the player logged in). */
export function startWaitlist() {
  if (timer) return;
  poll();
  timer = setInterval(poll, POLL_MS);
}

/** Stop polling and forget the places (the player logged out). */
export function stopWaitlist() {
  clearInterval(timer);
  timer = null;
  entries = new Map();
  render();
}

/** Call `fn` after every change of the places. */
export function onWaitlistChange(fn) {
  listeners.add(fn);
}

/** The player's entry on table `id`'s waiting list, or undefined. */
export function waitlistEntry(id) {
  return entries.get(Number(id));
}

/** The seat "Take seat" offered at table `id`, once (the table page opens its buy-in), else null. */
export function offeredSeat(id) {
  if (!takenSeat || takenSeat.table !== Number(id)) return null;
  const seat = takenSeat.seat;
  takenSeat = null;
  return seat;
}

/** The ordinal text of a place in line: "2nd in line", "2:a i kön" (`ord`: the page's language's ordinal
 *  category of the place, for the languages whose ordinals take an ending). */
export function placeText(place) {
  const ord = new Intl.PluralRules(language(), { type: "ordinal" }).select(place);
  return t("lobby.waitlist.place", { place, ord });
}

/** Join table `id`'s waiting list; throws the API's error. */
export async function joinWaitlist(id) {
  const entry = await api("POST", `/api/tables/${encodeURIComponent(id)}/waitlist`);
  entries.set(entry.table, entry);
  fetchedAt = performance.now();
  changed();
  return entry;
}

/** Leave table `id`'s waiting list (declining a seat offered). */
export async function leaveWaitlist(id) {
  await api("DELETE", `/api/tables/${encodeURIComponent(id)}/waitlist`);
  entries.delete(Number(id));
  changed();
  poll();
}

async function poll() {
  let answer;
  try {
    answer = await api("GET", "/api/waitlist");
  } catch (err) {
    if (err.status === 401) stopWaitlist();
    return;
  }
  if (!timer) return;
  entries = new Map(answer.map((e) => [e.table, e]));
  fetchedAt = performance.now();
  changed();
}

function changed() {
  render();
  for (const fn of listeners) fn();
}

// ---------------------------------------------------------------- the offer notice

function notice() {
  let box = document.getElementById("waitlist-notice");
  if (!box) {
    box = el("div", tid("waitlist-offer", { id: "waitlist-notice", class: "waitlist-notice", role: "alert" }));
    box.hidden = true;
    document.body.append(box);
  }
  return box;
}

function offered() {
  return [...entries.values()].find((e) => e.offer);
}

function secondsLeft(entry) {
  const gone = (performance.now() - fetchedAt) / 1000;
  return Math.max(0, Math.ceil(entry.offer.seconds - gone));
}

function render() {
  const box = notice();
  const entry = offered();
  clearInterval(tick);
  tick = null;
  if (!entry) {
    box.hidden = true;
    replace(box);
    return;
  }
  const text = el("span", tid("waitlist-offer-text"));
  const show = () => {
    text.textContent = t("lobby.waitlist.offer", {
      table: entry.name,
      seat: entry.offer.seat + 1, // seats are counted from 1 on the page, as in the hand text
      seconds: secondsLeft(entry),
    });
  };
  show();
  tick = setInterval(show, 1000);
  replace(
    box,
    text,
    el("button", tid("waitlist-take", { type: "button", onclick: () => take(entry) }), t("lobby.waitlist.take")),
    el(
      "button",
      tid("waitlist-decline", { type: "button", class: "secondary", onclick: () => decline(entry) }),
      t("lobby.waitlist.decline"),
    ),
  );
  box.hidden = false;
}

function take(entry) {
  takenSeat = { table: entry.table, seat: entry.offer.seat };
  location.hash = `#/table/${encodeURIComponent(entry.table)}`; // already there: the next state opens the buy-in
}

async function decline(entry) {
  try {
    await leaveWaitlist(entry.table);
  } catch (err) {
    toast(err.message);
  }
}
