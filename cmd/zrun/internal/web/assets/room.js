// A shared game's panel: whose turn it is by seat, who is connected, the
// clocks (the server keeps time; this only counts down between its
// updates), offers, resignation. The board is app.js's, pointed at the
// room's API by the body's data-api; it tells this file of each new state
// with a "zrun-state" event.
"use strict";
(function () {
  const $ = (s) => document.getElementById(s);
  const api = (p) => document.body.dataset.api + "/" + p;
  let room = null, at = 0; // the last room state and when it came
  function showError(msg) {
    $("room-error").textContent = msg || "";
    $("room-error").hidden = !msg;
  }
  function fmt(ms) {
    ms = Math.max(0, ms);
    const s = Math.floor(ms / 1000), m = Math.floor(s / 60), h = Math.floor(m / 60);
    const mm = String(m % 60).padStart(2, "0"), ss = String(s % 60).padStart(2, "0");
    const t = h > 0 ? h + ":" + mm + ":" + ss : m + ":" + ss;
    return ms < 10000 ? t + "." + Math.floor((ms % 1000) / 100) : t;
  }
  // faces is each seat's time as shown now: [main ms, delay ms], counted
  // down from the server's last answer for the seat whose clock runs.
  function faces() {
    const c = room && room.clock;
    if (!c) return null;
    const gone = c.running ? performance.now() - at : 0;
    return room.seats.map((s, i) => {
      let left = c.left[i], delay = 0;
      if (i === c.mover && c.running) {
        if (c.mode === "delay") {
          delay = c.delay - gone;
          if (delay < 0) { left += delay; delay = 0; }
        } else left -= gone;
      }
      return [Math.max(0, left), Math.max(0, delay)];
    });
  }
  // The clocks as shown, and when (tests compare pages by it).
  window.zrunClock = () => ({ faces: faces(), running: !!(room && room.clock && room.clock.running), mover: room && room.clock ? room.clock.mover : -1, now: Date.now() });
  function clocks() {
    const c = room && room.clock;
    const box = $("clocks");
    box.textContent = "";
    if (!c) return;
    faces().forEach(([left, delay], i) => {
      const d = document.createElement("span");
      d.className = "clock" + (i === c.mover && c.running ? " running" : "") + (left < 10000 ? " low" : "");
      d.textContent = room.seats[i].name + " " + fmt(left) + (delay > 0 ? " (+" + (delay / 1000).toFixed(1) + ")" : "");
      box.appendChild(d);
    });
  }
  function render() {
    const r = room;
    $("turn").textContent = r.turn;
    const ul = $("seats");
    ul.textContent = "";
    r.seats.forEach((s, i) => {
      const li = document.createElement("li");
      let t = s.name + ": " + (s.engine ? "the engine" : s.random ? "moves at random" : s.taken ? "taken" : "free");
      if (i === r.you) { t += " (you)"; li.classList.add("seat-you"); }
      if (s.connected) li.classList.add("seat-on");
      li.appendChild(document.createTextNode(t + " "));
      if (s.open && r.you < 0) {
        const b = document.createElement("button");
        b.textContent = "Take this seat";
        b.onclick = () => post("take", { seat: i });
        li.appendChild(b);
      }
      ul.appendChild(li);
    });
    const sp = document.createElement("li");
    sp.textContent = r.spectators + " watching";
    ul.appendChild(sp);
    const me = r.you >= 0 && !r.over;
    $("player-buttons").hidden = !me;
    $("offer-pause").hidden = r.paused;
    $("offer-resume").hidden = !r.paused;
    $("give-engine").hidden = !me || r.seats[r.you].engine;
    $("take-engine").hidden = !me || !r.seats[r.you].engine;
    const o = $("offer");
    o.textContent = "";
    o.hidden = !r.offer;
    if (r.offer) {
      const words = { draw: "offers a draw", takeback: "asks to take back a move", pause: "asks to pause", resume: "asks to resume" };
      o.appendChild(document.createTextNode(r.offer.fromName + " " + words[r.offer.kind] + ". "));
      if (r.you >= 0 && r.you !== r.offer.from) {
        const a = document.createElement("button");
        a.textContent = "Accept";
        a.onclick = () => post("offer", { kind: r.offer.kind, accept: true });
        const d = document.createElement("button");
        d.textContent = "Decline";
        d.onclick = () => post("offer", { kind: r.offer.kind, decline: true });
        o.append(a, d);
      } else if (r.you === r.offer.from) {
        const w = document.createElement("button");
        w.textContent = "Withdraw";
        w.onclick = () => post("offer", { kind: r.offer.kind, decline: true });
        o.appendChild(w);
      }
    }
    $("room-note").textContent = r.note || "";
    $("room-note").hidden = !r.note;
    clocks();
  }
  // A change made here: the answer is the new state, which app.js draws
  // when the event stream says so; the panel is redrawn from it at once.
  async function post(path, body) {
    showError("");
    try {
      const r = await fetch(api(path), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const j = await r.json();
      if (!r.ok) throw new Error(j.error || "error " + r.status);
      if (j.room) { room = j.room; at = performance.now(); render(); }
    } catch (e) {
      showError(e.message);
    }
  }
  document.addEventListener("zrun-state", (ev) => {
    if (!ev.detail.room) return;
    room = ev.detail.room;
    at = ev.detail.receivedAt || performance.now();
    render();
  });
  $("resign").onclick = () => { if (confirm("Resign the game?")) post("resign", {}); };
  $("offer-draw").onclick = () => post("offer", { kind: "draw" });
  $("offer-takeback").onclick = () => post("offer", { kind: "takeback" });
  $("offer-pause").onclick = () => post("offer", { kind: "pause" });
  $("offer-resume").onclick = () => post("offer", { kind: "resume" });
  $("give-engine").onclick = () => post("seat-engine", { on: true });
  $("take-engine").onclick = () => post("seat-engine", { on: false });
  $("leave").onclick = () => post("leave", {});
  setInterval(clocks, 100);
})();
