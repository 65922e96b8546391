// The Design tab of a game's page: a self-play run of the game's rules
// ("zrun design") started here, its progress polled while it plays, a
// Stop button, and the report (with its plots) in a frame when it ends.
"use strict";
(() => {
  const base = "/api/g/" + document.body.dataset.game + "/design";
  const main = document.querySelector("main");
  const tab = document.getElementById("design-tab");
  const tabPlay = document.getElementById("tab-play");
  const tabDesign = document.getElementById("tab-design");
  if (!tab || !tabPlay || !tabDesign) return;

  function el(tag, props, ...kids) {
    const e = document.createElement(tag);
    Object.assign(e, props || {});
    for (const k of kids) e.append(k);
    return e;
  }

  // The form: games, the engine's strength (a depth, or a time a move).
  const games = el("input", { id: "design-games", type: "number", min: 1, max: 1000, value: 100 });
  const strength = el("select", { id: "design-strength" });
  for (let d = 1; d <= 4; d++) strength.append(el("option", { value: "d" + d, textContent: "depth " + d, selected: d === 2 }));
  for (const ms of [50, 200, 1000]) strength.append(el("option", { value: "t" + ms, textContent: ms + " ms a move" }));
  const start = el("button", { id: "design-start", type: "submit", textContent: "Start" });
  const stop = el("button", { id: "design-stop", type: "button", textContent: "Stop", disabled: true });
  const form = el("form", { id: "design-form" },
    el("label", {}, "Games ", games), " ",
    el("label", {}, "Engine ", strength), " ", start, stop);
  const bar = el("progress", { id: "design-bar", max: 1, value: 0 });
  const live = el("div", { id: "design-live", role: "status" });
  const err = el("div", { id: "design-error", role: "alert", hidden: true });
  const link = el("a", { id: "design-open", target: "_blank", rel: "noopener", textContent: "open the report on its own", hidden: true });
  const frame = el("iframe", { id: "design-report", title: "design report", hidden: true });
  tab.append(
    el("h2", { textContent: "Design: what the rules do, by self-play" }),
    el("p", { className: "design-about", textContent:
      "The engine plays this game's rules against itself (from the start and from randomised openings) " +
      "and reports who wins, by which goal, game length, branching, drama, which rules fired and piece values, " +
      "each with its 95% interval. The position on the board is not used." }),
    form, bar, live, err, link, frame);

  let timer = 0, shownReport = "";

  function pct(f) { return (100 * f.Value).toFixed(1) + "% [" + (100 * f.Lo).toFixed(1) + ", " + (100 * f.Hi).toFixed(1) + "]"; }
  function num(f) { return f.Value.toFixed(1) + " [" + f.Lo.toFixed(1) + ", " + f.Hi.toFixed(1) + "]"; }

  function show(st) {
    const running = st.state === "running";
    start.disabled = running;
    stop.disabled = !running;
    tab.dataset.state = st.state;
    if (st.limits) {
      games.max = st.limits.games;
    }
    err.hidden = !st.error;
    err.textContent = st.error || "";
    if (st.state === "none") {
      live.textContent = "No run yet.";
      bar.value = 0;
      return;
    }
    bar.max = st.games;
    bar.value = st.done;
    const l = st.live;
    const words = { running: "Playing", done: "Done", stopped: "Stopped", failed: "Failed" };
    let text = (words[st.state] || st.state) + ": " + st.done + " of " + st.games + " games (" +
      (st.moveTime ? st.moveTime + " ms a move" : "depth " + st.depth) + "), " + Math.round(st.elapsed) + " s";
    if (l.games > 0) {
      text += "\nfirst player +" + l.wins[0] + " −" + l.wins[1] + " =" + l.draws + (l.cut ? ", " + l.cut + " cut at the cap" : "") +
        "\nfirst player's score " + pct(l.score) + ", draws " + pct(l.draw) + "\ngame length " + num(l.length) + " plies";
    }
    if (st.note) text += "\n" + st.note;
    if (st.state === "stopped" && !st.report) text += "\nNo game finished: no report.";
    live.textContent = text;
    if (st.report && st.report !== shownReport) {
      shownReport = st.report;
      frame.src = st.report;
      link.href = st.report;
    }
    frame.hidden = link.hidden = !st.report || running;
  }

  async function call(method, path, body) {
    const opt = { method, headers: {} };
    if (body !== undefined) {
      opt.body = JSON.stringify(body);
      opt.headers["Content-Type"] = "application/json";
    }
    const r = await fetch(base + path, opt);
    const j = await r.json().catch(() => ({ error: "bad answer from the server (" + r.status + ")" }));
    if (!r.ok || j.error && !j.state) throw new Error(j.error || "error " + r.status);
    return j;
  }

  async function poll() {
    clearTimeout(timer);
    try {
      const st = await call("GET", "");
      show(st);
      if (st.state === "running") timer = setTimeout(poll, 500);
    } catch (e) {
      err.hidden = false;
      err.textContent = e.message;
      timer = setTimeout(poll, 2000);
    }
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const req = { games: Number(games.value) };
    const s = strength.value;
    if (s[0] === "d") req.depth = Number(s.slice(1)); else req.moveTime = Number(s.slice(1));
    try {
      show(await call("POST", "", req));
      poll();
    } catch (e) {
      err.hidden = false;
      err.textContent = e.message;
    }
  });
  stop.addEventListener("click", async () => {
    try {
      await call("POST", "/stop", {});
    } catch (e) {
      err.hidden = false;
      err.textContent = e.message;
    }
    poll();
  });

  function select(design) {
    main.hidden = design;
    tab.hidden = !design;
    tabPlay.setAttribute("aria-selected", String(!design));
    tabDesign.setAttribute("aria-selected", String(design));
    if (design) poll();
  }
  tabPlay.addEventListener("click", () => select(false));
  tabDesign.addEventListener("click", () => select(true));
})();
