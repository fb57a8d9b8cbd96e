// replay.js — the replayer view (#/hands/ID): a finished hand from GET /api/hands/ID (the player's own view) drawn
// step by step on the felt with the live table's renderers (seats.js: seats with their stacks as of that step and
// last actions, board, pot), a line above the felt saying what the step did (handtext.js, the history's shapes),
// back / next / play-pause, a jump to each street, a step counter, and the PokerStars-style text history in a <pre>
// with Copy (the clipboard, else the text selected) and a download link. The felt's DOM is the table view's: it is
// moved into this view while shown and put back on leaving (the renderers draw into fixed element ids).

import { roomUrl } from "./base.js";
import { renderResultLine } from "./felt.js";
import { handLines } from "./handtext.js";
import { streetName, t } from "./i18n.js";
import { layoutBets, renderCentre, renderSeats } from "./seats.js";
import { api, el, gameById, replace, tid, toast } from "./util.js";

const PLAY_MS = 1000;

let view = null; // {id, data, step, timer, gameKind, home: {parent, next}}
let bound = false;

function $(id) {
  return document.getElementById(id);
}

/** Open the replay of hand `id` (called by app.js's router). */
export async function showReplay(id) {
  if (view && view.id === id) return;
  if (view) hideReplay();
  if (!bound) bind();
  const v = { id, data: null, step: 0, timer: null, gameKind: null, home: null };
  view = v;
  borrowFelt(v);
  $("replay-title").textContent = t("replay.loading");
  $("replay-line").textContent = "";
  replace($("replay-text"));
  replace($("replay-streets"));
  $("replay-counter").textContent = "";
  document.title = t("replay.page_title");
  let data;
  try {
    data = await api("GET", `/api/hands/${encodeURIComponent(id)}`);
  } catch (err) {
    if (view !== v) return;
    $("replay-title").textContent = t("replay.failed", { error: err.message });
    return;
  }
  if (view !== v) return;
  v.data = data;
  const game = await gameById(data.game);
  if (view !== v) return;
  v.gameKind = game ? game.family : null;
  renderFrame(v);
  show(v, 0);
}

/** Leave the replay: stop playing and give the felt back to the table view. */
export function hideReplay() {
  if (!view) return;
  const v = view;
  view = null;
  clearInterval(v.timer);
  returnFelt(v);
}

// ---------------------------------------------------------------- the felt, borrowed from the table view

function borrowFelt(v) {
  const wrap = $("felt").parentElement;
  v.home = { parent: wrap.parentElement, next: wrap.nextSibling };
  $("replay-felt-slot").append(wrap);
}

function returnFelt(v) {
  if (!v.home) return;
  const wrap = $("felt").parentElement;
  v.home.parent.insertBefore(wrap, v.home.next);
  v.home = null;
}

// ---------------------------------------------------------------- one step

function names(data) {
  const out = {};
  for (const p of data.players) out[p.seat] = p.name;
  return out;
}

/** A state shaped as the live table's (seats.js reads it): the seats with their stacks as of `hand`. */
function stateOf(data, hand) {
  const seats = new Array(Math.max(data.seats, ...data.players.map((p) => p.seat + 1))).fill(null);
  const who = names(data);
  for (const p of hand.players) {
    seats[p.seat] = { player: who[p.seat], stack: p.stack, connected: true, sitting_out: false, bot: false };
  }
  // the finished hand carries its result, as the live table's state does: the winner lit, the result line
  const results = hand.phase === "complete" && data.summary ? [{ number: hand.number, summary: data.summary }] : [];
  return { table: data.table, seats, hand, you: data.you, button: data.button, results, clock: null, next_deal: null };
}

function context(v, hand) {
  const nop = () => false;
  return {
    state: stateOf(v.data, hand),
    gameKind: v.gameKind,
    tableGame: v.data.game,
    names: names(v.data),
    selected: new Set(),
    replay: true,
    send: nop,
    openBuyIn: nop,
    toggleCard: nop,
  };
}

/** What step `k` did, as history lines ("bob: raises 6 to 8"): the events it added to the step before. */
function stepText(v, k) {
  const steps = v.data.steps;
  const who = names(v.data);
  const name = (seat) => who[seat] || t("hh.seat", { seat });
  const from = k === 0 ? 0 : steps[k - 1].events.length;
  const lines = handLines(steps[k].events, name).filter((line) => line.index >= from);
  const text = lines.map((line) => line.text).join(" · ");
  return k === 0 ? [t("replay.start"), text].filter(Boolean).join(" ") : text;
}

function show(v, k) {
  const steps = v.data.steps;
  v.step = Math.max(0, Math.min(k, steps.length - 1));
  const hand = steps[v.step];
  const ctx = context(v, hand);
  renderSeats(ctx);
  renderCentre(ctx);
  layoutBets();
  const last = v.step === steps.length - 1;
  // the result line as the live table shows it once the hand is complete; the next-deal countdown is not the replay's
  renderResultLine(ctx.state);
  $("next-deal").textContent = "";
  $("replay-line").textContent = last && v.data.voided ? t("replay.voided") : stepText(v, v.step);
  $("replay-counter").textContent = t("replay.step", { n: v.step + 1, total: steps.length });
  $("replay-prev").disabled = v.step === 0;
  $("replay-next").disabled = last;
  for (const b of document.querySelectorAll("#replay-streets button")) {
    b.setAttribute("aria-pressed", String(b.dataset.street === hand.street && !last));
  }
  if (last) stop(v);
}

function renderFrame(v) {
  const d = v.data;
  $("replay-title").textContent = t("replay.title", { number: d.number, table: d.table_name || d.table });
  const back = $("replay-back-table");
  back.hidden = d.table === null || d.table === undefined;
  back.href = `#/table/${encodeURIComponent(d.table)}`;
  replace(
    $("replay-streets"),
    d.streets.map((s) =>
      el(
        "button",
        tid("replay-street", { type: "button", class: "secondary", dataset: { street: s.name, step: String(s.step) }, onclick: () => jump(s.step) }),
        streetName(s.name),
      ),
    ),
  );
  $("replay-text").textContent = d.text;
  const link = $("replay-download");
  link.href = roomUrl(`/api/hands/${encodeURIComponent(d.id)}/text`);
  link.download = `hand-${d.table}-${d.number}.txt`;
  document.title = `${t("replay.title", { number: d.number, table: d.table_name || d.table })} — pokerroom`;
}

// ---------------------------------------------------------------- controls

function jump(k) {
  if (!view || !view.data) return;
  stop(view);
  show(view, k);
}

function stop(v) {
  clearInterval(v.timer);
  v.timer = null;
  $("replay-play").textContent = t("replay.play");
  $("replay-play").setAttribute("aria-pressed", "false");
}

function togglePlay() {
  const v = view;
  if (!v || !v.data) return;
  if (v.timer) {
    stop(v);
    return;
  }
  if (v.step === v.data.steps.length - 1) show(v, 0);
  $("replay-play").textContent = t("replay.pause");
  $("replay-play").setAttribute("aria-pressed", "true");
  v.timer = setInterval(() => {
    if (view !== v) return;
    show(v, v.step + 1);
  }, PLAY_MS);
}

/** Copy the text history: the clipboard when the page may use it, else the text is selected for Ctrl+C. */
async function copyText() {
  const pre = $("replay-text");
  try {
    if (!navigator.clipboard) throw new Error("no clipboard");
    await navigator.clipboard.writeText(pre.textContent);
    toast(t("replay.copied"), "info");
  } catch {
    const range = document.createRange();
    range.selectNodeContents(pre);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    toast(t("replay.copy_select"), "info");
  }
}

function bind() {
  bound = true;
  $("replay-prev").addEventListener("click", () => view && view.data && jump(view.step - 1));
  $("replay-next").addEventListener("click", () => view && view.data && jump(view.step + 1));
  $("replay-play").addEventListener("click", togglePlay);
  $("replay-copy").addEventListener("click", copyText);
  document.addEventListener("keydown", (ev) => {
    if (!view || !view.data || ev.target.closest("input, textarea, select")) return;
    if (ev.key === "ArrowLeft") jump(view.step - 1);
    else if (ev.key === "ArrowRight") jump(view.step + 1);
  });
}
