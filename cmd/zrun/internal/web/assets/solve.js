// zrun serve's puzzle tools (issue #47): "Show the solution" loads the
// saved game the rule file names, (solution "x.zsg"), as a line the board
// steps through (first, previous, next, last; arrow keys), the moves in the
// game's notation in the move list, without touching the game in progress
// until "Play from here" takes it there. Solve searches the position on the
// board (or the editor's, when it is open) on the server: a forced win of
// the side to move, or a one-player puzzle's shortest solution; its
// progress shows live, Stop ends it, and its answer is worded as "zrun
// solve" words it, with the line to step through and a .zsg to save.
"use strict";
(function () {
  const B = window.zrunBoard;
  const box = document.getElementById("puzzle");
  if (!B || !box) return;
  const $ = (s) => document.getElementById(s);
  // What the page has shown (tests read it).
  const S = (window.zrunSolve = { info: null, status: null, line: null, step: -1, stopMs: -1, polls: 0 });

  function el(tag, props, ...kids) {
    const e = document.createElement(tag);
    Object.assign(e, props || {});
    for (const k of kids) e.append(k);
    return e;
  }
  const button = (id, text, title) => el("button", { id, type: "button", textContent: text, title: title || "" });

  // --- the panel
  const showSol = button("show-solution", "Show the solution", "step through the solution the rule file names");
  const solMissing = el("div", { id: "solution-missing", hidden: true });
  const time = el("select", { id: "solve-time", title: "stop the search after this long" });
  for (const s of [5, 15, 30, 60, 120, 300]) time.append(el("option", { value: s, textContent: s + " s", selected: s === 30 }));
  const moves = el("select", { id: "solve-moves", title: "the longest forced win looked for, in the winner's moves" });
  for (let n = 1; n <= 10; n++) moves.append(el("option", { value: n, textContent: String(n), selected: n === 3 }));
  const weight = el("select", { id: "solve-weight", title: "weight of the estimate: more finds a solution sooner, at most that many times the shortest" });
  for (const w of [1, 1.5, 2, 3, 5]) weight.append(el("option", { value: w, textContent: w === 1 ? "1 (shortest)" : String(w) }));
  const movesRow = el("label", { id: "solve-moves-row" }, "Mate in at most ", moves);
  const macro = el("input", { id: "solve-macro", type: "checkbox", title: "expand a position's walks and then its pushes at once (macro moves)" });
  const weightRow = el("span", { id: "solve-weight-row", hidden: true }, el("label", {}, "Weight ", weight), " ", el("label", {}, macro, " macro moves"));
  const go = button("solve-go", "Solve", "search this position for a forced win of the side to move, or a puzzle's shortest solution");
  const stop = button("solve-stop", "Stop");
  stop.disabled = true;
  const progress = el("div", { id: "solve-progress", "aria-live": "off" });
  const report = el("pre", { id: "solve-report", hidden: true });
  const zsg = el("a", { id: "solve-zsg", textContent: "Save the solution (.zsg)", hidden: true });
  const again = button("solve-line", "Show the line", "step through the line found");
  again.hidden = true;
  zsg.setAttribute("download", "");
  const lineTitle = el("div", { id: "line-title" });
  const lineText = el("div", { id: "line-text" });
  const pos = el("span", { id: "line-pos" });
  const first = button("line-first", "|\u25c0", "the line's start (Home)"), prev = button("line-prev", "\u25c0", "previous move (\u2190)");
  const next = button("line-next", "\u25b6", "next move (\u2192)"), last = button("line-last", "\u25b6|", "the line's end (End)");
  const take = button("line-take", "Play from here", "make this the game in progress (the rest of the line stays to redo)");
  const close = button("line-close", "Back to the game");
  const viewer = el("div", { id: "line-view", hidden: true }, lineTitle, lineText,
    el("div", { className: "buttons" }, first, prev, pos, next, last),
    el("div", { className: "buttons" }, take, close));
  box.append(el("legend", { textContent: "Puzzle" }),
    el("div", { className: "buttons", id: "solution-row", hidden: true }, showSol), solMissing,
    el("div", { className: "solve-form" }, el("label", {}, "Time ", time), " ", movesRow, weightRow, " ", go, stop),
    progress, report, el("div", { className: "buttons" }, again, zsg), viewer);

  function showError(msg) {
    const e = $("error");
    e.textContent = msg || "";
    e.hidden = !msg;
  }

  // --- the line viewer: the board shows the line's positions (through
  // the board's edit hook, as the editor does) until it is closed.
  let line = null, step = 0;
  // The board redraws its panel when the state's generation changes: each
  // step shown is a generation of its own, below the game's.
  let viewGen = 0;

  function view() {
    const s = line.steps[step];
    const history = line.steps.slice(1, step + 1).map((x) => x.move);
    return { board: s.board, hands: s.hands, mover: s.mover, last: s.last || [], check: s.check || [], status: s.status, over: s.over,
      result: s.result, goal: s.goal, legal: [], partial: -1, thinking: false, analysing: false, history, canUndo: false, canRedo: false,
      info: null, gen: viewGen, note: (line.source === "solution" ? "The solution " + line.name : "The solve's line") + ": move " + step + " of " + (line.steps.length - 1) };
  }

  function showStep(k) {
    step = Math.max(0, Math.min(line.steps.length - 1, k));
    S.step = step;
    pos.textContent = step + " / " + (line.steps.length - 1);
    first.disabled = prev.disabled = step === 0;
    next.disabled = last.disabled = step === line.steps.length - 1;
    viewGen--;
    B.redraw();
  }

  function openLine(l) {
    // The editor shows its own position: closed first.
    if ($("editor") && !$("editor").hidden && $("editor-close")) $("editor-close").click();
    line = l;
    S.line = l;
    lineTitle.textContent = (l.source === "solution" ? "Solution " + l.name : "Solve's line") + ", " + (l.steps.length - 1) + " moves";
    lineText.textContent = l.text || "";
    lineText.hidden = !l.text;
    viewer.hidden = false;
    again.hidden = true;
    document.body.classList.add("viewing-line");
    B.edit({ view, click() {} });
    showStep(0);
  }

  function closeLine() {
    if (!line) return;
    line = null;
    S.line = null;
    S.step = -1;
    viewer.hidden = true;
    again.hidden = !(S.status && S.status.line);
    document.body.classList.remove("viewing-line");
    B.edit(null);
  }

  first.onclick = () => showStep(0);
  prev.onclick = () => showStep(step - 1);
  next.onclick = () => showStep(step + 1);
  last.onclick = () => showStep(line.steps.length - 1);
  close.onclick = closeLine;
  again.onclick = () => S.status && S.status.line && openLine(S.status.line);
  document.addEventListener("keydown", (ev) => {
    if (!line || /INPUT|SELECT|TEXTAREA/.test((ev.target && ev.target.tagName) || "")) return;
    if (ev.key === "ArrowRight") showStep(step + 1);
    else if (ev.key === "ArrowLeft") showStep(step - 1);
    else if (ev.key === "Home") showStep(0);
    else if (ev.key === "End") showStep(line.steps.length - 1);
    else return;
    ev.preventDefault();
  });
  // A click on a move of the list goes back to the position after it.
  $("moves").addEventListener("click", (ev) => {
    const li = line && ev.target.closest("#moves li");
    if (li) showStep([...$("moves").children].indexOf(li) + 1);
  });
  // The editor opening, and every button that acts on the game in
  // progress (a move typed, undo, redo, new game, pass, the engine's move,
  // analysis), take the board back from the line first: the action then
  // happens on the game the board shows, not on one hidden behind the line.
  for (const id of ["edit-open", "undo", "redo", "new", "pass", "go", "an-go"]) {
    const b = $(id);
    if (b) b.addEventListener("click", closeLine, true);
  }
  const typed = $("typed");
  if (typed) typed.addEventListener("submit", closeLine, true);

  take.onclick = async () => {
    const body = { source: line.source, step };
    if (line.source === "solve" && S.status) body.seq = S.status.seq;
    try {
      showError("");
      const st = await B.call("line", body);
      closeLine();
      B.setState(st);
    } catch (e) {
      showError(e.message);
    }
  };

  showSol.onclick = async () => {
    try {
      showError("");
      openLine(await B.call("solution"));
    } catch (e) {
      showError(e.message);
    }
  };

  // --- solving
  let timer = 0;

  function fmt(n) { return Number(n || 0).toLocaleString("en"); }

  function showStatus(st) {
    S.status = st;
    const running = st.state === "running";
    go.disabled = running;
    stop.disabled = !running;
    box.dataset.state = st.state;
    if (st.state === "none") {
      progress.textContent = "";
    } else if (running) {
      const bound = st.bound ? (st.puzzle ? ", bound " + st.bound + " moves" : ", trying mate in " + st.bound) : "";
      progress.textContent = "Searching\u2026 " + st.elapsed.toFixed(1) + " s of " + st.time + " s, " + fmt(st.nodes) + " positions" + bound +
        (st.progress ? "\n" + st.progress : "");
    } else {
      progress.textContent = st.state === "failed" ? "" : (st.state === "stopped" ? "Stopped" : "Done") + " after " + st.elapsed.toFixed(1) + " s.";
    }
    report.hidden = !(st.report || st.error);
    report.textContent = st.error ? "Error: " + st.error : st.report || "";
    report.className = st.error ? "error" : st.found ? "found" : "";
    zsg.hidden = !st.zsg;
    if (st.zsg) zsg.href = st.zsg;
    zsg.title = st.noZsg || "";
    again.hidden = !st.line || !!line;
  }

  async function poll() {
    clearTimeout(timer);
    try {
      const st = await B.call("solve");
      S.polls++;
      finishOr(st);
    } catch (e) {
      showError(e.message);
    }
  }

  let shownSeq = 0;
  function finishOr(st) {
    showStatus(st);
    if (st.state === "running") {
      timer = setTimeout(poll, 250);
      return;
    }
    if (st.line && st.seq !== shownSeq) {
      shownSeq = st.seq;
      openLine(st.line);
    }
  }

  go.onclick = async () => {
    const body = { time: Number(time.value) };
    if (S.info && S.info.players === 1) {
      if (Number(weight.value) !== 1) body.weight = Number(weight.value);
      if (macro.checked) body.macro = true;
    } else body.moves = Number(moves.value);
    // The editor open with an accepted position: that position.
    const E = window.zrunEditor;
    if ($("editor") && !$("editor").hidden && E && E.verdict && E.verdict.ok) body.text = E.verdict.text;
    try {
      showError("");
      closeLine();
      finishOr(await B.call("solve", body));
    } catch (e) {
      showError(e.message);
    }
  };

  stop.onclick = async () => {
    const t0 = performance.now();
    try {
      const st = await B.call("solve/stop", {});
      S.stopMs = performance.now() - t0;
      clearTimeout(timer);
      finishOr(st);
    } catch (e) {
      showError(e.message);
      poll();
    }
  };

  B.call("puzzle").then((p) => {
    S.info = p;
    $("solution-row").hidden = !p.solution;
    showSol.title = p.solution ? "step through " + p.solution + ", the solution the rule file names" : "";
    solMissing.hidden = !p.missing;
    solMissing.textContent = p.missing ? "Solution: " + p.missing : "";
    const puzzle = p.players === 1;
    movesRow.hidden = puzzle;
    weightRow.hidden = !puzzle;
    go.title = puzzle ? "search for the shortest solution of this puzzle" : "search for a forced win of the side to move";
    shownSeq = p.solve.seq || 0; // an answer found before the page was opened is not replayed at once
    showStatus(p.solve);
    if (p.solve.state === "running") poll();
  }).catch((e) => showError(e.message));
})();
