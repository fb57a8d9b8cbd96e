// shuffle.js — the provable shuffle checked in the browser (docs/shuffle.md, issue 19). Each state's `shuffle`
// ({hand, seed_hash, root, client_seeds}) is remembered per hand number when first seen: the seed hash before the
// deal, the Merkle root at the deal, before anyone saw a card. Before each deal the page adds a fresh client seed
// (16 random bytes as hex, {"type": "seed", "hand", "seed"}). After the hand the `proof` message's openings are checked against
// the remembered root (never the proof's own copy): every opening leads to it, every card the hand's record dealt
// is the one committed at the position it was dealt from (the dealing rule of pokerroom.room.proof), every card
// this page saw (its own cards and the board) is opened and dealt, its client seed is in, and a revealed server
// seed hashes to the seed hash. The badge beside the result line says "Deck verified" or what failed.
// The next hand's deck lives in the server's memory: after a restart between hands the same hand number shows
// another seed hash, and the seeds taken are gone. So at each (re)connection (a `welcome`) the page forgets the
// commitments of the hands not yet dealt, unless the server still lists this page's seed for it, and sends a
// fresh seed for the hash then shown (shuffleWelcome).
// SHA-256 is our own (crypto.subtle is missing on plain-http LAN addresses); crypto.getRandomValues is everywhere.

import { t } from "./i18n.js";

export const PROOF_FORMAT = "pokerroom-proof/1"; // pokerroom.room.proof.FORMAT
const SEED_BYTES = 16; // a client seed: 16 random bytes, as 32 hex digits (the server takes 1 to 64)
const KEEP_HANDS = 4; // hands remembered back from the newest (a proof comes right after its hand)

// ---------------------------------------------------------------- SHA-256 (FIPS 180-4)

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const rotr = (x, n) => (x >>> n) | (x << (32 - n));

/** SHA-256 of `data` (a Uint8Array): 32 bytes. */
export function sha256(data) {
  const blocks = new Uint8Array(((data.length + 9 + 63) >> 6) << 6);
  blocks.set(data);
  blocks[data.length] = 0x80;
  const view = new DataView(blocks.buffer);
  view.setUint32(blocks.length - 8, Math.floor(data.length / 0x20000000)); // the length in bits, 64-bit
  view.setUint32(blocks.length - 4, (data.length * 8) >>> 0);
  const h = new Uint32Array(H0);
  const w = new Uint32Array(64);
  for (let off = 0; off < blocks.length; off += 64) {
    for (let i = 0; i < 16; i += 1) w[i] = view.getUint32(off + 4 * i);
    for (let i = 16; i < 64; i += 1) {
      const a = w[i - 15];
      const b = w[i - 2];
      w[i] = w[i - 16] + (rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)) + w[i - 7] + (rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10));
    }
    let [a, b, c, d, e, f, g, k] = h;
    for (let i = 0; i < 64; i += 1) {
      const t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      k = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += k;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i += 1) outView.setUint32(4 * i, h[i]);
  return out;
}

/** Lower-case hex of bytes. */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const HEX = /^(?:[0-9a-f]{2})*$/;

/** The bytes of lower-case hex text; null when it is not hex. */
export function fromHex(text) {
  if (typeof text !== "string" || !HEX.test(text)) return null;
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// ---------------------------------------------------------------- the commitments (pokerroom.room.proof)

/** Leaf `position` (hex): SHA-256(0x00 + UTF-8 of "position:card:salt"), card as "Ah", salt in hex. */
export function leafHash(position, card, salt) {
  return toHex(sha256(concat([0], new TextEncoder().encode(`${position}:${card}:${salt}`))));
}

/** A node (hex) over two children (hex): SHA-256(0x01 + left + right). */
export function nodeHash(left, right) {
  return toHex(sha256(concat([1], fromHex(left), fromHex(right))));
}

const CARD = /^[2-9TJQKA][cdhs]$/;
const NODE = /^[0-9a-f]{64}$/;

/** Whether `o` is an opening {position, card, salt, path: [["L"|"R", hex64], ...]}. */
function wellFormed(o) {
  return (
    o !== null &&
    typeof o === "object" &&
    Number.isInteger(o.position) &&
    o.position >= 0 &&
    typeof o.card === "string" &&
    CARD.test(o.card) &&
    /^[0-9a-f]{32}$/.test(o.salt) &&
    Array.isArray(o.path) &&
    o.path.every((s) => Array.isArray(s) && s.length === 2 && (s[0] === "L" || s[0] === "R") && NODE.test(s[1]))
  );
}

/** The root (hex) an opening's leaf and path lead to. */
export function openingRoot(o) {
  let node = leafHash(o.position, o.card, o.salt);
  for (const [side, sibling] of o.path) node = side === "L" ? nodeHash(sibling, node) : nodeHash(node, sibling);
  return node;
}

const DEALS = new Set(["deal_hole", "deal_up", "deal_board"]);

/** Each card a record dealt as {position, card, reshuffled}, by the dealing rule of docs/shuffle.md
 *  (pokerroom.room.proof._dealt), worked out from the set-up and not from the order of the events: each street's
 *  hole (or up) cards one at a time clockwise from the left of the button to every seat not folded, board cards
 *  off the top, a draw's cards to the drawer. Returns null when the events do not follow that rule. */
export function dealtCards(hand) {
  const events = hand.events;
  const n = hand.setup.seats.length;
  const order = [];
  for (let k = 0; k < n; k += 1) order.push((hand.setup.button + 1 + k) % n);
  const folded = new Set();
  const out = [];
  let reshuffled = false;
  let drawer = null;
  let k = 0;
  while (k < events.length) {
    const e = events[k];
    if (e.type === "fold" && e.seat !== null && e.seat !== undefined) folded.add(e.seat);
    else if (e.type === "draw") drawer = e.seat;
    else if (e.type === "reshuffle") reshuffled = true;
    else if (e.type === "deal_board" || (e.type === "deal_hole" && drawer !== null && e.seat === drawer)) {
      for (const card of e.cards || []) out.push({ position: out.length, card, reshuffled });
      if (e.type === "deal_hole") drawer = null;
    } else if (e.type === "deal_hole" || e.type === "deal_up") {
      const seats = order.filter((s) => !folded.has(s));
      const group = events.slice(k, k + seats.length);
      const size = (e.cards || []).length;
      const ok = seats.length > 0 && group.length === seats.length &&
        group.every((g, i) => g.type === e.type && g.seat === seats[i] && (g.cards || []).length === size);
      if (!ok) return null;
      for (let j = 0; j < size; j += 1) {
        for (const g of group) out.push({ position: out.length, card: g.cards[j], reshuffled });
      }
      k += group.length;
      continue;
    }
    k += 1;
  }
  return out;
}

const fail = (key, args = {}) => ({ ok: false, key, args });

/** Check `proof` (the `proof` message's proof: pokerroom.room.proof.proof_json) against what this page saw of
 *  hand `number`: `seen` = {seedHash, root (published at the deal, or null), changed (the commitments changed
 *  after they were shown), cards (the cards shown to this page), seat and seed (the client seed sent, or null)}.
 *  Returns {ok: true, cards: how many were opened} or {ok: false, key, args}: the failure as a message key of
 *  the catalogue (shuffle.fail.*) and its arguments. The first failure found is returned. */
export function checkProof(proof, seen, number) {
  const deck = proof && proof.hand && proof.hand.setup && proof.hand.setup.deck;
  const events = proof && proof.hand && proof.hand.events;
  if (!deck || proof.format !== PROOF_FORMAT || !Array.isArray(proof.openings) || !Array.isArray(events)) {
    return fail("shuffle.fail.unreadable");
  }
  if (!proof.openings.every(wellFormed)) return fail("shuffle.fail.unreadable");
  if (seen.changed) return fail("shuffle.fail.changed", { number });
  if (!seen.root) return fail("shuffle.fail.no_root", { number });
  if (deck.seed_hash !== seen.seedHash || deck.root !== seen.root) return fail("shuffle.fail.commitment", { number });
  const byPosition = new Map();
  for (const o of proof.openings) {
    if (openingRoot(o) !== seen.root) return fail("shuffle.fail.opening", { card: o.card, position: o.position });
    byPosition.set(o.position, o.card);
  }
  const opened = new Set(byPosition.values());
  const dealt = new Set();
  const late = new Set(); // dealt after a draw game's reshuffle: not opened (who threw it away stays hidden)
  const cards = dealtCards(proof.hand);
  if (cards === null) return fail("shuffle.fail.unreadable");
  for (const { position, card, reshuffled } of cards) {
    if (card === "??") continue;
    if (reshuffled) {
      late.add(card);
      continue;
    } else if (!byPosition.has(position)) {
      return fail("shuffle.fail.unopened_position", { card, position });
    } else if (byPosition.get(position) !== card) {
      return fail("shuffle.fail.differs", { card, position, committed: byPosition.get(position) });
    }
    dealt.add(card);
  }
  for (const card of seen.cards) {
    if (late.has(card) && !dealt.has(card)) continue; // checked with the server seed only
    if (!opened.has(card)) return fail("shuffle.fail.unopened", { card });
    if (!dealt.has(card)) return fail("shuffle.fail.not_dealt", { card });
  }
  if (seen.seed !== null && seen.seed !== undefined) {
    const seeds = Array.isArray(deck.client_seeds) ? deck.client_seeds : [];
    if (!seeds.some((s) => Array.isArray(s) && s[0] === seen.seat && s[1] === seen.seed)) {
      return fail("shuffle.fail.your_seed");
    }
  }
  if (proof.server_seed) {
    const secret = fromHex(proof.server_seed);
    if (!secret || toHex(sha256(secret)) !== seen.seedHash) return fail("shuffle.fail.server_seed");
  }
  return { ok: true, cards: byPosition.size };
}

// ---------------------------------------------------------------- the table's hands

let hands = new Map(); // hand number -> {seedHash, root, changed, cards: Set, seat, seed, verdict}
let rejoined = new Map(); // hand number -> its entry before a (re)connection: not yet dealt, this page's seed sent

/** Forget every hand (another table is shown). */
export function resetShuffle() {
  hands = new Map();
  rejoined = new Map();
  renderShuffle(null);
}

/** A `welcome` (the page connected again; the server may have restarted and drawn the next deck again): the
 *  hands not yet dealt are forgotten. One this page sent a seed for is kept aside, and taken back at the next
 *  state only if the server still lists that seed (it did not restart); else the hash then shown is remembered
 *  and a fresh seed sent for it. */
export function shuffleWelcome() {
  rejoined = new Map();
  for (const [number, h] of hands) {
    if (h.root !== null) continue;
    hands.delete(number);
    if (h.seed !== null) rejoined.set(number, h);
  }
}

/** Whether `shuffle` (a state's) lists the client seed of entry `h`. */
function listsSeed(shuffle, h) {
  const seeds = Array.isArray(shuffle.client_seeds) ? shuffle.client_seeds : [];
  return seeds.some((s) => Array.isArray(s) && s[0] === h.seat && s[1] === h.seed);
}

function handOf(number) {
  let h = hands.get(number);
  if (!h) {
    h = { seedHash: null, root: null, changed: false, cards: new Set(), seat: null, seed: null, verdict: null };
    hands.set(number, h);
    for (const old of hands.keys()) if (old < number - KEEP_HANDS) hands.delete(old);
  }
  return h;
}

/** A fresh client seed: 16 random bytes in hex. */
export function freshSeed() {
  return toHex(crypto.getRandomValues(new Uint8Array(SEED_BYTES)));
}

/** Take in one `state` message: remember the hand's commitments as first shown (a later change is noted), the
 *  cards shown to this page, and send a client seed (by `send`) once for the next hand while seated. */
export function shuffleState(state, send) {
  const sh = state.shuffle;
  if (sh && Number.isInteger(sh.hand)) {
    const before = rejoined.get(sh.hand); // the first state since a welcome decides
    rejoined = new Map();
    if (before && !hands.has(sh.hand) && listsSeed(sh, before)) hands.set(sh.hand, before);
    const h = handOf(sh.hand);
    if (h.seedHash === null) h.seedHash = sh.seed_hash;
    else if (h.seedHash !== sh.seed_hash) h.changed = true;
    if (sh.root) {
      if (h.root === null) h.root = sh.root;
      else if (h.root !== sh.root) h.changed = true;
    }
    const seated = state.you !== null && state.you !== undefined;
    if (!sh.root && h.root === null && seated && h.seed === null) {
      const seed = freshSeed();
      if (send({ type: "seed", hand: sh.hand, seed })) {
        h.seed = seed;
        h.seat = state.you;
      }
    }
  }
  const hand = state.hand;
  if (hand && Number.isInteger(hand.number) && state.you !== null && state.you !== undefined) {
    const h = handOf(hand.number);
    const me = (hand.players || []).find((p) => p.seat === state.you);
    for (const card of [...(me ? me.cards : []), ...(hand.board || [])]) if (card !== "??") h.cards.add(card);
  }
  renderShuffle(state);
}

/** A refused client seed (an `error` whose code begins "seed", e.g. sent just after the deal): the seed is not
 *  looked for in that hand. Returns whether the error was the seed's (then it is not shown). */
export function shuffleError(msg) {
  if (typeof msg.code !== "string" || !msg.code.startsWith("seed")) return false;
  for (const h of hands.values()) if (h.seed !== null && h.verdict === null && h.root === null) h.seed = null;
  return true;
}

/** Take in one `proof` message ({hand_id, number, proof}): check it and show the verdict for `state`. */
export function shuffleProof(msg, state) {
  if (!Number.isInteger(msg.number) || !hands.has(msg.number)) return; // a hand this page never saw
  const h = hands.get(msg.number);
  h.verdict = checkProof(msg.proof, h, msg.number);
  if (state) renderShuffle(state);
}

/** The badge beside the felt's result line: the verdict of the hand shown, hidden while there is none. */
export function renderShuffle(state) {
  const node = document.getElementById("shuffle-badge");
  if (!node) return;
  const number = state && state.hand ? state.hand.number : null;
  const h = number === null ? undefined : hands.get(number);
  const verdict = h ? h.verdict : null;
  let text = "";
  let title = "";
  if (verdict && verdict.ok) {
    text = t("shuffle.verified");
    title = t("shuffle.verified_title", { n: verdict.cards });
  } else if (verdict) {
    text = t("shuffle.failed", { what: t(verdict.key, verdict.args) });
    title = text;
  }
  if (node.textContent !== text) node.textContent = text;
  node.title = title;
  node.hidden = !text;
  node.classList.toggle("shuffle-failed", Boolean(verdict && !verdict.ok));
}
