"""The felt's seats (static/seats.js) under Node with a small fake DOM (no browser): a seat put all-in by
disconnect protection (RULES §3.7, issue 20) shows the chips set aside for it as its stack, never 0, and is
marked all-in with a title that says it is protection; the other seats show their live stacks."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from nodetools import NODE, STATIC, needs_node

# Renders state (stdin) with renderSeats and prints each taken seat's player, stack text and tags.
RENDER = """
const fs = await import("node:fs");
class Node {
  constructor(tag) { this.tag = tag; this.children = []; this.dataset = {}; this.attrs = {}; this.className = "";
    this.style = {}; this.classList = { add: (c) => { this.className += ` ${c}`; }, toggle() {} }; }
  setAttribute(k, v) { this.attrs[k] = v; }
  addEventListener() {}
  append(...c) { this.children.push(...c); }
  replaceChildren(...c) { this.children = [...c]; }
  get textContent() { return this.children.map((c) => c.textContent).join(""); }
}
class Text extends Node { constructor(s) { super("#text"); this.text = s; } get textContent() { return this.text; } }
globalThis.Node = Node;
const seats = new Node("div");
globalThis.document = { documentElement: {}, baseURI: "http://room.test/", createElement: (t) => new Node(t),
  createTextNode: (s) => new Text(s), getElementById: (id) => (id === "seats" ? seats : null) };
globalThis.fetch = async (url) => {
  const name = String(url).match(/i18n[/](\\w+)[.]json/)[1];
  return { ok: true, json: async () => JSON.parse(fs.readFileSync(`${process.argv[1]}/i18n/${name}.json`, "utf8")) };
};
await (await import(`file://${process.argv[1]}/i18n.js`)).loadLanguage("en");
const m = await import(`file://${process.argv[1]}/seats.js`);
let text = "";
for await (const chunk of process.stdin) text += chunk;
m.renderSeats({ state: JSON.parse(text), names: null, openBuyIn() {}, gameKind: "board", selected: null });
const find = (node, pred, out = []) => {
  if (pred(node)) out.push(node);
  for (const c of node.children || []) find(c, pred, out);
  return out;
};
const taken = find(seats, (n) => n.dataset && n.dataset.testid === "seat" && n.dataset.player);
console.log(JSON.stringify(taken.map((s) => ({
  player: s.dataset.player,
  stack: find(s, (n) => n.dataset && n.dataset.testid === "seat-stack")[0].textContent,
  tags: find(s, (n) => (n.className || "").startsWith("tag "))
    .map((n) => [n.className, n.textContent, n.attrs.title || null]),
}))));
"""


def _seat(seat: int, player: str, stack: int, in_pot: int, protected: bool = False) -> dict[str, Any]:
    return {
        "seat": seat, "player": player, "stack": stack, "in_pot": in_pot, "all_in": protected, "protected": protected,
        "sitting_out": protected, "connected": not protected, "bot": False, "timed_out": protected,
    }  # fmt: skip


def _render(state: dict[str, Any]) -> list[dict[str, Any]]:
    assert NODE
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", RENDER, str(STATIC)],
        input=json.dumps(state), capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@needs_node
def test_a_protected_seat_shows_its_chips_behind_and_all_in_by_protection() -> None:
    # Three-handed fixed limit: ann raised to 4, bob (small blind, 1 in) timed out and is protected with 99 behind,
    # cat (big blind, 2 in) is to act.  The hand's own stack for bob is 0; the state's seat says 99.
    hand_players = [
        {"seat": s, "stack": st, "bet": b, "starting": 100, "folded": False, "cards": ["??"] * 2, "up": [False] * 2}
        for s, st, b in ((0, 96, 4), (1, 0, 1), (2, 98, 2))
    ]
    state = {
        "you": None, "button": 0, "clock": None, "results": [],
        "seats": [_seat(0, "ann", 96, 4), _seat(1, "bob", 99, 1, protected=True), _seat(2, "cat", 98, 2)],
        "hand": {
            "number": 1, "game": "holdem", "phase": "betting", "street": "preflop", "button": 0, "to_act": 2,
            "pot": 7, "pots": [], "board": [], "players": hand_players, "big_blind": 2, "legal": None, "events": [],
        },
    }  # fmt: skip
    shown = {s["player"]: s for s in _render(state)}
    assert shown["bob"]["stack"] == "99"
    assert ["tag tag-allin tag-protected", "all-in", "bob: is all-in by disconnect protection"] in shown["bob"]["tags"]
    assert (shown["ann"]["stack"], shown["ann"]["tags"]) == ("96", [])
    assert (shown["cat"]["stack"], shown["cat"]["tags"]) == ("98", [])
    # Once the hand is over the seat is no longer protected: the plain stack, no all-in tag.
    state["hand"]["phase"] = "complete"
    state["seats"][1] = {**_seat(1, "bob", 101, 0), "sitting_out": True}
    shown = {s["player"]: s for s in _render(state)}
    assert shown["bob"]["stack"] == "101" and not any("tag-allin" in t[0] for t in shown["bob"]["tags"])
