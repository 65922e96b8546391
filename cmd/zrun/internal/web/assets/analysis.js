// zrun serve's analysis board: the engine analyses the position without
// end, several lines (the count chosen here) with depth, score and the
// line in the game's notation, updated live from the event stream; Stop
// or a move stops it (a move starts it again on the new position). The
// game tree is drawn as a move list: click a move to go there; moves made
// after going back become variations, which can be promoted or deleted.
"use strict";
(function () {
  const B = window.zrunBoard;
  if (!B || !document.getElementById("analysis")) return;
  const $ = (s) => document.getElementById(s);
  // What the page has shown (tests read it).
  const A = (window.zrunAnalysis = { events: 0, last: null, tree: null, stopMs: -1 });

  function showError(msg) {
    const e = $("error");
    e.textContent = msg || "";
    e.hidden = !msg;
  }

  // The lines belong to the position they were found for: shown after
  // Stop, cleared once the position changes.
  let linesKey = "";
  const keyOf = (st) => (st ? JSON.stringify([st.board, st.hands, st.mover]) : "");

  function showLines(a) {
    A.last = a;
    if (a.analysing || !(a.lines || []).length) linesKey = keyOf(B.state());
    const tb = $("lines").tBodies[0];
    tb.textContent = "";
    for (const l of a.lines || []) {
      const tr = document.createElement("tr");
      tr.dataset.rank = l.rank;
      for (const [v, cls] of [[l.rank, ""], [l.depth, ""], [l.score, "score"], [l.pv, "pv"]]) {
        const td = document.createElement("td");
        td.textContent = v;
        if (cls) td.className = cls;
        tr.appendChild(td);
      }
      tb.appendChild(tr);
    }
    buttons(a.analysing);
  }

  function buttons(on) {
    $("an-go").disabled = on;
    $("an-stop").disabled = !on;
  }

  document.addEventListener("zrun-analysis", (ev) => {
    A.events++;
    showLines(ev.detail);
  });

  let treeGen = -1;
  document.addEventListener("zrun-state", (ev) => {
    const st = ev.detail;
    buttons(!!st.analysing);
    if (!st.analysing && keyOf(st) !== linesKey) {
      $("lines").tBodies[0].textContent = "";
      linesKey = keyOf(st);
    }
    if (st.gen !== treeGen) {
      treeGen = st.gen;
      loadTree();
    }
  });

  async function loadTree() {
    try {
      drawTree(await B.call("tree"));
    } catch (e) {
      showError(e.message);
    }
  }

  function drawTree(t) {
    A.tree = t;
    const box = $("tree");
    box.textContent = "";
    const line = (moves, parent) => {
      for (const m of moves) {
        if (m.num) {
          const n = document.createElement("span");
          n.className = "num";
          n.textContent = m.num + " ";
          parent.appendChild(n);
        }
        const s = document.createElement("span");
        s.className = "mv" + (m.cur ? " cur" : "");
        s.dataset.node = m.id;
        s.textContent = m.text;
        parent.appendChild(s);
        parent.appendChild(document.createTextNode(" "));
        for (const v of m.vars || []) {
          const vs = document.createElement("span");
          vs.className = "var";
          vs.appendChild(document.createTextNode("("));
          line(v, vs);
          vs.appendChild(document.createTextNode(") "));
          parent.appendChild(vs);
        }
      }
    };
    line(t.lines, box);
    if (!t.lines.length) box.textContent = "(no moves)";
    $("tree-promote").disabled = $("tree-delete").disabled = !t.onVariation;
    const cur = box.querySelector(".cur");
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }

  async function treeOp(body) {
    try {
      showError("");
      drawTree(await B.call("tree", body));
      B.refresh();
    } catch (e) {
      showError(e.message);
    }
  }

  $("tree").addEventListener("click", (ev) => {
    const m = ev.target.closest("[data-node]");
    if (m) treeOp({ op: "goto", id: Number(m.dataset.node) });
  });
  $("tree-promote").onclick = () => treeOp({ op: "promote" });
  $("tree-delete").onclick = () => treeOp({ op: "delete" });

  $("an-go").onclick = async () => {
    try {
      showError("");
      showLines(await B.call("analyse", { multipv: Number($("multipv").value) }));
    } catch (e) {
      showError(e.message);
    }
  };
  $("an-stop").onclick = async () => {
    const t0 = performance.now();
    try {
      const a = await B.call("analyse", { stop: true });
      A.stopMs = performance.now() - t0;
      showLines(a);
    } catch (e) {
      showError(e.message);
    }
  };
  $("multipv").onchange = () => {
    // A running analysis starts again with the new count.
    if (A.last && A.last.analysing) $("an-go").onclick();
  };

  async function loadPGN(text) {
    try {
      showError("");
      const r = await fetch(B.api("loadpgn"), { method: "POST", body: text, headers: { "Content-Type": "application/octet-stream" } });
      const j = await r.json().catch(() => ({ error: "bad answer from the server (" + r.status + ")" }));
      if (!r.ok || j.error) throw new Error(j.error || "error " + r.status);
      B.setState(j);
      loadTree();
      return true;
    } catch (e) {
      showError(e.message);
      return false;
    }
  }
  $("load-pgn").onchange = async (ev) => {
    const f = ev.target.files[0];
    if (f) await loadPGN(await f.text());
    ev.target.value = "";
  };
  $("pgn-load").onclick = () => loadPGN($("pgn-text").value);
  window.zrunLoadPGN = loadPGN;
  B.call("analysis").then(showLines).catch(() => {});
})();
