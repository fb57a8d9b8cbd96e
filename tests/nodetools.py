"""The page's modules run under Node (no browser needed): :func:`run_js` imports ``static/shuffle.js`` as ``m`` and
runs a script over it, with a fake page that records the badge (id ``shuffle-badge``) so that ``renderShuffle``
can be read.  Test modules import these."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

STATIC = Path(__file__).resolve().parent.parent / "src" / "pokerroom" / "server" / "static"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="no Node to run shuffle.js")

# Runs `script` (an async function body over `m`, the module, and `data`) with the JSON on stdin.
RUNNER = """
const badge = {textContent: "", title: "", hidden: true, cls: {}, classList: {toggle(c, on) { badge.cls[c] = on; }}};
globalThis.document = {documentElement: {}, getElementById: (id) => (id === "shuffle-badge" ? badge : null)};
const m = await import(process.argv[1]);
let text = "";
for await (const chunk of process.stdin) text += chunk;
const input = JSON.parse(text);
const body = new Function("m", "data", "badge", `return (async () => { ${input.script} })();`);
console.log(JSON.stringify(await body(m, input.data, badge)));
"""


def run_js(script: str, data: object = None) -> Any:
    """Run ``script`` with shuffle.js imported as ``m`` (and ``data``) under Node; returns what it returns."""
    assert NODE
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", RUNNER, (STATIC / "shuffle.js").as_uri()],
        input=json.dumps({"script": script, "data": data}),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


PAGE = """
  // The page's table socket as table.js drives shuffle.js: a welcome, each state, each proof, each error; the
  // page's random seeds are 1, 2, 3 ... repeated (so that a test knows them), and what it sends is recorded.
  globalThis.fetch = async () => ({ok: true, json: async () => data.catalogue});
  await (await import(data.i18n)).loadLanguage("en");
  let n = 0;
  crypto.getRandomValues = (bytes) => bytes.fill(++n);
  const sent = [];
  const send = (msg) => { sent.push(msg); return true; };
  let state = null;
  const badges = {};
  for (const msg of data.messages) {
    if (msg.type === "welcome") m.shuffleWelcome();
    else if (msg.type === "state") { state = msg; m.shuffleState(msg, send); }
    else if (msg.type === "error") m.shuffleError(msg);
    else if (msg.type === "proof") {
      m.shuffleProof(msg, state);
      m.renderShuffle({hand: {number: msg.number}});
      badges[msg.number] = badge.textContent;
    }
  }
  return {sent, badges};
"""


def run_page(messages: list[dict[str, Any]]) -> Any:
    """Feed ``messages`` (what a table page received, in order) to shuffle.js as table.js does, the page in
    English; returns ``{"sent": the messages the page sent, "badges": {hand number: the badge's text once that
    hand's proof came}}``.  The page's client seeds are :func:`page_seed` 1, 2, ..."""
    catalogue = json.loads((STATIC / "i18n" / "en.json").read_text())
    return run_js(PAGE, {"messages": messages, "catalogue": catalogue, "i18n": (STATIC / "i18n.js").as_uri()})


def page_seed(k: int) -> str:
    """The ``k``-th client seed (from 1) the page sends under :func:`run_page`: 16 bytes of ``k``, as hex."""
    return f"{k:02x}" * 16
