// zrun serve's page: draws the board the server describes (/api/g/ID/state)
// as SVG and sends moves back. The server knows the rules; this file only
// draws, highlights legal targets and posts the move the user picked.
"use strict";
(function () {
  const id = document.body.dataset.game;
  // A shared game's page (room.html) points the board at its room's API.
  const api = (p) => (document.body.dataset.api || "/api/g/" + id) + "/" + p;
  const SVGNS = "http://www.w3.org/2000/svg";
  const $ = (s) => document.getElementById(s);
  // Chess pieces, our own drawings (public domain, like the rest of
  // zrun's page) on a 100x100 square: "body" paths filled with the
  // owner's colour and outlined, "line" paths drawn in the contrasting ink.
  // Drawn as SVG, they need no font.
  const BASE = "M26 80 H74 Q78 80 78 85 V90 H22 V85 Q22 80 26 80 Z";
  const CHESS = {
    P: { body: ["M50 17 A12 12 0 1 1 49.9 17 Z", "M38 41 H62 L58 47 H42 Z", "M42 47 Q44 64 32 80 H68 Q56 64 58 47 Z", BASE] },
    R: { body: ["M28 14 H38 V22 H45 V14 H55 V22 H62 V14 H72 V32 H28 Z", "M33 32 H67 L64 70 H36 Z", "M30 70 H70 V80 H30 Z", BASE], line: ["M33 32 H67", "M36 70 H64"] },
    B: { body: ["M50 4 A5 5 0 1 1 49.9 4 Z", "M50 13 C70 30 66 50 59 58 H41 C34 50 30 30 50 13 Z", "M39 58 H61 V64 H39 Z", "M41 64 H59 Q60 74 68 80 H32 Q40 74 41 64 Z", BASE], line: ["M47 30 L55 42", "M39 58 H61"] },
    N: { body: ["M32 80 C30 62 42 56 45 47 C38 52 30 54 26 48 C22 42 34 32 40 25 L41 13 L49 21 C66 22 76 42 72 80 Z", BASE], line: ["M40 32 L42 30"] },
    Q: { body: ["M23 32 A5 5 0 1 1 22.9 32 Z", "M37 26 A5 5 0 1 1 36.9 26 Z", "M50 22 A5 5 0 1 1 49.9 22 Z", "M63 26 A5 5 0 1 1 62.9 26 Z", "M77 32 A5 5 0 1 1 76.9 32 Z",
      "M23 37 L34 64 L37 31 L45 61 L50 27 L55 61 L63 31 L66 64 L77 37 L69 80 H31 Z", BASE], line: ["M33 68 Q50 63 67 68"] },
    K: { body: ["M46 6 H54 V14 H62 V21 H54 V30 H46 V21 H38 V14 H46 Z", "M31 80 C17 60 27 40 42 46 C43 36 57 36 58 46 C73 40 83 60 69 80 Z", BASE], line: ["M50 44 V58", "M35 68 Q50 62 65 68"] },
  };
  let st = null; // the last state
  let flipped = false;
  let sel = null; // {pos} or {hand: [player, type]} or {drop: pos}
  let pending = 0; // commands sent or waiting to be sent
  let missedGen = null; // the last change announced while commands were pending
  let answered = 0; // commands answered with a state (refresh drops a fetch they overtook)
  let queue = Promise.resolve(); // settles when the last command queued is answered
  let helps = null; // per piece: help with its moves described, fetched after the first drawing
  // The page's switches, remembered by the browser: the author's pictures
  // or our plain drawing, and whether moves are animated.
  const pref = (k) => localStorage.getItem("zrun-" + k) !== "off";
  let usePics = pref("pictures"), animate = pref("animate");
  let histLen = -1; // the move list's length at the last drawing
  const times = (window.zrunTimes = { start: performance.now() });
  // What the animation has done (tests read it): pieces slid, faded out, faded in.
  const anim = (window.zrunAnim = { slides: 0, fades: 0, appears: 0 });
  window.zrunState = () => st;

  function el(name, attrs, parent) {
    const e = document.createElementNS(SVGNS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function showError(msg) {
    const e = $("error");
    e.textContent = msg || "";
    e.hidden = !msg;
  }

  async function call(path, body, raw) {
    const opt = { method: body === undefined ? "GET" : "POST", headers: {} };
    if (body !== undefined) {
      opt.body = raw ? body : JSON.stringify(body);
      opt.headers["Content-Type"] = raw ? "application/octet-stream" : "application/json";
    }
    const r = await fetch(api(path), opt);
    const j = await r.json().catch(() => ({ error: "bad answer from the server (" + r.status + ")" }));
    if (!r.ok || j.error) throw new Error(j.error || "error " + r.status);
    j.receivedAt = performance.now(); // before drawing: a room's clock counts from it
    return j;
  }

  async function refresh() {
    if (editing) return; // the editor's position is shown; the game comes back when it closes
    // A command's answer that arrives while this fetch is on its way is
    // the newer state (New game pressed as the solution viewer closes and
    // fetches the game): the fetched one is then dropped, not drawn over it.
    const asked = answered;
    try {
      const s = await call("state");
      if (answered !== asked || pending > 0) return;
      setState(s);
    } catch (e) {
      showError(e.message);
    }
  }

  // post sends a command whose answer is the new state. Commands go one at
  // a time in the order given: a setting changed while another command is
  // on its way (a second checkbox ticked at once, the move time and then an
  // engine side) is sent after it, not lost.
  function post(path, body) {
    pending++;
    const done = queue.then(() => postNow(path, body)).finally(() => {
      // A change announced while this was on its way (another player's
      // move right after ours) was not fetched then: fetch it now.
      if (--pending === 0 && missedGen !== null && st && missedGen !== st.gen) refresh();
      missedGen = null;
    });
    queue = done;
    return done;
  }

  async function postNow(path, body) {
    try {
      showError("");
      const t0 = performance.now();
      const s = await call(path, body);
      const t1 = performance.now();
      answered++;
      setState(s);
      times.lastFetchMs = t1 - t0;
      times.lastRenderMs = performance.now() - t1;
      return true;
    } catch (e) {
      showError(e.message);
      render(); // the state is as it was; clear the selection marks
      return false;
    }
  }

  function setState(s) {
    if (editing) return;
    // The layout is the same object across states of one rule set as far
    // as the drawing is concerned; keep the old one when it is equal so the
    // board layer is not rebuilt.
    if (st && JSON.stringify(st.layout) === JSON.stringify(s.layout)) s.layout = st.layout;
    st = s;
    document.dispatchEvent(new CustomEvent("zrun-state", { detail: st })); // room.js's panel
    const P = st.layout.pictures;
    if (P && P.missing && P.missing.length && $("pic-missing").hidden) {
      $("pic-missing").textContent = "Pictures not found, drawn our way: " + P.missing.join(", ");
      $("pic-missing").hidden = false;
    }
    sel = st.partial >= 0 ? { pos: st.partial } : null;
    hideChoice();
    panelGen = -1;
    render();
    if (!times.ready) {
      times.ready = performance.now();
      call("pieces").then((h) => {
        helps = h;
        for (const g of document.querySelectorAll("#board [data-t]")) g.dataset.help = helpOf(+g.dataset.t, +g.dataset.o);
      }).catch(() => {});
    }
  }

  // --- geometry

  // hexPoints is the outline of the hexagon centred on box b: flat-topped
  // boards have corners at 0, 60, ... degrees, pointy-topped at 30, 90, ...
  function hexPoints(b, L) {
    const cx = b[0] + b[2] / 2, cy = b[1] + b[3] / 2, r = L.hexR;
    const start = L.hex === "flat" ? 0 : 30;
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = ((start + 60 * k) * Math.PI) / 180;
      pts.push((cx + r * Math.cos(a)).toFixed(1) + "," + (cy + r * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }

  function box(r) {
    // r = [x, y, w, h] in layout units; flipping turns the board round.
    if (!flipped) return r;
    const L = st.layout;
    return [22 + L.w - (r[0] + r[2]), L.h - (r[1] + r[3]), r[2], r[3]];
  }
  const posBox = {}; // position index -> [x, y, w, h] as drawn
  const posName = {}; // position index -> name
  const hexShade = {}; // position index -> shade on a hex board (-1: off its lattice)
  // The drawing is kept between states: the board layer is rebuilt only
  // when the layout or the orientation changes, and pieces only where the
  // position changed, so a move on Tenjiku Shogi's 256 squares touches a
  // few elements rather than a thousand.
  let drawn = null; // {layout, flipped, W, H, cs, gHands, gMarks, gPieces, pieces: {pos: {key, g}}}

  function buildBoard() {
    const L = st.layout;
    const svg = $("board");
    svg.textContent = "";
    for (const k in posBox) delete posBox[k];
    const cells = L.cells;
    const sizes = cells.map((c) => Math.min(c.r[2], c.r[3])).sort((a, b) => a - b);
    const cs = Math.max(24, Math.min(56, sizes.length ? sizes[sizes.length >> 1] : 48));
    let W = L.w + 4;
    const H = Math.max(L.h + 22, ...(L.labels || []).map((l) => l.y + 6));
    const gBoard = el("g", { class: "board" }, svg);
    const pic = pictures() && st.layout.pictures.board && st.layout.pictures.board[0];
    if (pic) {
      // The author's board: the positions are its hot spots, drawn
      // transparent over it (the picture shows the squares).
      const b = box(pic.r);
      const im = el("image", { class: "boardpic", href: pic.u, x: b[0], y: b[1], width: b[2], height: b[3], preserveAspectRatio: "none" }, gBoard);
      if (flipped) im.setAttribute("transform", "rotate(180 " + (b[0] + b[2] / 2) + " " + (b[1] + b[3] / 2) + ")");
    }
    if (L.points && !pic) el("rect", { class: "boardbg", x: 22 - cs * 0.1, y: -cs * 0.1, width: L.w - 22 + cs * 0.2, height: L.h + cs * 0.2 }, gBoard);
    const centre = (b) => [b[0] + b[2] / 2, b[1] + b[3] / 2];
    for (const c of cells) {
      posBox[c.p] = box(c.r);
      posName[c.p] = c.n;
      hexShade[c.p] = c.shade || 0;
    }
    if (L.points && L.links && !pic) {
      for (const [a, b] of L.links) {
        const p = centre(posBox[a]), q = centre(posBox[b]);
        el("line", { class: "link", x1: p[0], y1: p[1], x2: q[0], y2: q[1] }, gBoard);
      }
    }
    for (const c of cells) {
      const b = posBox[c.p];
      // A helper (a turn marker's square no visible piece reaches) is
      // not a square to play on: not drawn.
      if (c.helper) continue;
      let e;
      if (L.points || (L.hex && c.shade < 0)) {
        const [x, y] = centre(b);
        e = el("circle", { class: "point", cx: x, cy: y, r: Math.min(b[2], b[3]) * 0.42 }, gBoard);
      } else if (L.hex) {
        e = el("polygon", { class: "cell hex s" + (c.shade || 0), points: hexPoints(b, L) }, gBoard);
      } else {
        e = el("rect", { class: "cell " + (c.dark ? "dark" : "light"), x: b[0], y: b[1], width: b[2], height: b[3] }, gBoard);
      }
      if (pic) e.classList.add("pic");
      e.setAttribute("data-pos", c.n);
      e.dataset.idx = c.p;
    }
    for (const l of L.labels || []) {
      // Flipped, files stay below and ranks left, in reverse order.
      let x = l.x, y = l.y;
      if (flipped && l.x < 22) y = L.h - y + 8;
      else if (flipped) x = 22 + L.w - x;
      const t = el("text", { class: "label", x, y }, gBoard);
      t.textContent = l.t;
    }
    // Positions without a place on the board (reserves, storage cells)
    // go in a column to the right, named.
    const dummies = L.dummies || [];
    if (dummies.length) {
      const rows = Math.max(1, Math.floor(L.h / (cs + 14)));
      const cols = Math.ceil(dummies.length / rows);
      const x0 = W + 14;
      dummies.forEach((d, i) => {
        const x = x0 + Math.floor(i / rows) * (cs + 10), y = (i % rows) * (cs + 14);
        posBox[d.id] = [x, y, cs, cs];
        posName[d.id] = d.title;
        const r = el("rect", { class: "dummy", x, y, width: cs, height: cs, "data-pos": d.title }, gBoard);
        r.dataset.idx = d.id;
        const t = el("text", { class: "hlabel", x: x + cs / 2, y: y + cs + 10, "text-anchor": "middle", "font-size": Math.max(10, cs * 0.22) }, gBoard);
        t.textContent = d.title;
      });
      W = x0 + cols * (cs + 10);
    }
    drawn = { layout: L, flipped, W, H, cs, pieces: {},
      gHands: el("g", { class: "hands" }, svg), gMarks: el("g", { class: "marks" }, svg), gPieces: el("g", { class: "pieces" }, svg) };
  }

  function render() {
    if (!st) return;
    const L = st.layout;
    if (!drawn || drawn.layout !== L || drawn.flipped !== flipped) buildBoard();
    const svg = $("board");
    const cs = drawn.cs;
    let W = drawn.W, H = drawn.H;
    // Hands: one row per player under the board, a piece and its count.
    const handRows = handLayout();
    const gHands = drawn.gHands;
    gHands.textContent = "";
    const handBoxes = [];
    handRows.forEach((row, ri) => {
      const y = H + 6 + ri * (cs * 0.8 + 8);
      const t = el("text", { class: "hlabel", x: 2, y: y + cs * 0.5, "font-size": cs * 0.26 }, gHands);
      t.textContent = st.players[row.pl].name + ":";
      row.items.forEach((it, k) => {
        const x = 70 + k * (cs * 0.8 + 34);
        const g = el("g", { class: "handitem", "data-hand": row.pl + "," + it.t }, gHands);
        el("rect", { x: x - 2, y: y - 2, width: cs * 0.8 + 30, height: cs * 0.8 + 4, fill: "#fff8", stroke: "#bbb", rx: 4 }, g);
        drawPiece(g, it.t, row.pl, x + cs * 0.4, y + cs * 0.4, cs * 0.8, null);
        const n = el("text", { class: "hlabel count", x: x + cs * 0.8 + 2, y: y + cs * 0.5, "font-size": cs * 0.26 }, g);
        n.textContent = "\u00d7" + it.n;
        handBoxes.push([row.pl, it.t, g]);
      });
      W = Math.max(W, 70 + row.items.length * (cs * 0.8 + 34));
    });
    H += handRows.length * (cs * 0.8 + 8) + (handRows.length ? 10 : 0);
    svg.setAttribute("viewBox", "0 -4 " + W + " " + (H + 4));
    // Marks under the pieces: last move, check, selection, targets.
    const gMarks = drawn.gMarks;
    gMarks.textContent = "";
    const markRect = (p, cls) => {
      const b = posBox[p];
      if (!b) return;
      if (L.points || (L.hex && hexShade[p] < 0)) el("circle", { class: cls, cx: b[0] + b[2] / 2, cy: b[1] + b[3] / 2, r: Math.min(b[2], b[3]) * 0.42 }, gMarks);
      else if (L.hex) el("polygon", { class: cls, points: hexPoints(b, L) }, gMarks);
      else el("rect", { class: cls, x: b[0], y: b[1], width: b[2], height: b[3] }, gMarks);
    };
    const zi = $("zones").value;
    if (zi !== "" && L.zones && L.zones[+zi]) for (const p of L.zones[+zi].positions) markRect(p, "zone");
    for (const p of st.last || []) if (p >= 0) markRect(p, "last");
    for (const p of st.check || []) markRect(p, "check");
    const occupied = {};
    for (const [p] of st.board || []) occupied[p] = true;
    if (sel && sel.pos !== undefined) markRect(sel.pos, "sel");
    for (const t of targets()) {
      const b = posBox[t];
      if (!b) continue;
      const r = Math.min(b[2], b[3]);
      const c = el("circle", { class: "target" + (occupied[t] ? " capture" : ""), cx: b[0] + b[2] / 2, cy: b[1] + b[3] / 2,
        r: occupied[t] ? r * 0.44 : r * 0.17, "data-target": nameOf(t) }, gMarks);
      if (occupied[t]) c.setAttribute("stroke-width", r * 0.08);
    }
    // Pieces: redraw only the positions whose piece changed. After one
    // new move the mover slides from its square, captured pieces fade and
    // dropped ones appear (purely visual: the next click is taken at once).
    const moved = animate && histLen >= 0 && (st.history || []).length === histLen + 1 && st.last ? st.last : null;
    histLen = (st.history || []).length;
    const now = {};
    for (const [p, t, o] of st.board || []) now[p] = t + "/" + o;
    for (const p in drawn.pieces) {
      if (now[p] !== drawn.pieces[p].key) {
        const g = drawn.pieces[p].g;
        if (moved && +p !== moved[0] && g.animate && st.animateCaptures) {
          anim.fades++;
          g.style.pointerEvents = "none";
          g.removeAttribute("data-at"); // no longer what stands there: only fading
          g.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 250 }).onfinish = () => g.remove();
        } else g.remove();
        delete drawn.pieces[p];
      }
    }
    for (const [p, t, o] of st.board || []) {
      const b = posBox[p];
      if (!b || drawn.pieces[p] || (st.pieces[t] && st.pieces[t].invisible)) continue;
      const size = Math.min(b[2], b[3]);
      const g = drawPiece(drawn.gPieces, t, o, b[0] + b[2] / 2, b[1] + b[3] / 2, size, nameOf(p));
      drawn.pieces[p] = { key: now[p], g };
      if (!moved || !g.animate) continue;
      const from = posBox[moved[0]];
      if (p === moved[1] && from && moved[0] !== moved[1]) {
        const dx = from[0] + from[2] / 2 - (b[0] + b[2] / 2), dy = from[1] + from[3] / 2 - (b[1] + b[3] / 2);
        // While it slides it is drawn over other squares: it takes no
        // clicks, which go to the squares beneath (the next move's input
        // is never held up by an animation).
        anim.slides++;
        g.style.pointerEvents = "none";
        g.animate([{ transform: "translate(" + dx + "px," + dy + "px)" }, { transform: "translate(0,0)" }], { duration: 200, easing: "ease-out" })
          .onfinish = () => { g.style.pointerEvents = ""; };
      } else if (p === moved[1] || !from) {
        // A drop (no square it came from) appears unless the rule file
        // turns drop animation off.
        if (!from && !st.animateDrops) continue;
        anim.appears++;
        g.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 250 });
      }
    }
    if (sel && sel.hand) {
      for (const [pl, t, g] of handBoxes) if (pl === sel.hand[0] && t === sel.hand[1]) g.classList.add("selected");
    }
    if (panelGen !== st.gen) {
      panelGen = st.gen;
      renderPanel();
    }
  }
  let panelGen = -1;

  function nameOf(p) {
    return posName[p] !== undefined ? posName[p] : String(p);
  }

  // handLayout lists each player's pieces in hand: the counts the position
  // holds, and a zero entry for a type the player could drop (none here).
  function handLayout() {
    const rows = [];
    for (const [pl, t, n] of st.hands || []) {
      // A piece the author never shows (Splut's turn markers) has no row,
      // but in the board editor, which sets it like any piece (Gufuu's marks).
      if (!editing && st.pieces[t] && st.pieces[t].invisible) continue;
      let row = rows.find((r) => r.pl === pl);
      if (!row) rows.push((row = { pl, items: [] }));
      row.items.push({ t, n });
    }
    return rows.sort((a, b) => a.pl - b.pl);
  }

  // helpOf is a piece's hover text: its name, owner and rules.
  function helpOf(t, owner) {
    const pc = st.pieces[t] || { name: "?" };
    const pl = st.players[owner] || { name: "?" };
    const help = (helps && helps[t]) || pc.help;
    return pc.name + " (" + pl.name + ")" + (help ? "\n" + help : "");
  }

  // pictures: the author's pictures when the switch asks for them and the
  // rule file names some.
  function pictures() {
    return usePics && st && st.layout.pictures ? st.layout.pictures : null;
  }

  function drawPiece(parent, t, owner, cx, cy, size, at) {
    const pc = st.pieces[t] || { name: "?", symbol: "?" };
    const pl = st.players[owner] || { name: "?", color: "#888", ink: "#000" };
    const g = el("g", { class: "piece", "data-piece": pc.name, "data-owner": pl.name }, parent);
    if (at !== null) g.setAttribute("data-at", at);
    g.dataset.t = t;
    g.dataset.o = owner;
    g.dataset.help = helpOf(t, owner);
    const P = pictures();
    const pp = P && P.pieces[t] && P.pieces[t][owner] && P.pieces[t][owner][0];
    if (pp) {
      // The author's picture, at its own size on the board picture's
      // scale (Zillions draws it unscaled on its board), else fitted; off
      // the board (pieces in hand, at === null) it is shrunk to its box.
      let w = pp.w || size * 0.9, h = pp.h || size * 0.9;
      if (at === null && Math.max(w, h) > size) {
        const k = size / Math.max(w, h);
        w *= k;
        h *= k;
      }
      el("image", { href: pp.u, x: cx - w / 2, y: cy - h / 2, width: w, height: h }, g);
      g.setAttribute("data-pic", "1");
      return g;
    }
    if (pc.stack) {
      // A stack: its men from the bottom up, each disc a little higher.
      const n = pc.stack.length, step = (size * 0.5) / Math.max(n, 2), r = size * 0.3;
      pc.stack.forEach((o, i) => {
        const c = st.players[o] || pl;
        el("ellipse", { cx, cy: cy + ((n - 1) / 2 - i) * step + step / 2, rx: r, ry: r * 0.55, fill: c.color, stroke: "#000",
          "stroke-width": Math.max(1, size * 0.025) }, g);
      });
      return g;
    }
    if (pc.glyph && CHESS[pc.glyph]) {
      const k = (size * 0.86) / 100;
      const d = CHESS[pc.glyph];
      const pg = el("g", { transform: "translate(" + (cx - 50 * k) + " " + (cy - 50 * k) + ") scale(" + k + ")",
        "stroke-linejoin": "round", "stroke-linecap": "round" }, g);
      for (const b of d.body) el("path", { d: b, fill: pl.color, stroke: "#000", "stroke-width": 3 }, pg);
      for (const l of d.line || []) el("path", { d: l, fill: "none", stroke: pl.ink, "stroke-width": 3 }, pg);
      return g;
    }
    el("circle", { cx, cy, r: size * 0.38, fill: pl.color, stroke: "#000", "stroke-width": Math.max(1, size * 0.025) }, g);
    const sym = pc.symbol || "?";
    const len = Math.max(1, [...sym].length);
    const tx = el("text", { x: cx, y: cy + size * 0.13, "font-size": (size * 0.38) / Math.max(1, len * 0.62), "text-anchor": "middle",
      "font-family": "sans-serif", "font-weight": "bold", fill: pl.ink }, g);
    tx.textContent = sym;
    return g;
  }

  // --- choosing a move

  function candidates() {
    if (!st || !sel || !st.legal) return [];
    if (sel.hand) return st.legal.filter((m) => m.d && m.p === sel.hand[1]);
    if (sel.pos !== undefined) return st.legal.filter((m) => m.f === sel.pos && !m.d && !m.pass);
    return [];
  }

  function targets() {
    const out = new Set();
    for (const m of candidates()) out.add(m.t >= 0 ? m.t : m.f);
    return [...out];
  }

  function moveLabel(m) {
    return m.s ? m.s + "  (" + m.z + ")" : m.z;
  }

  function playMove(moves) {
    if (moves.length === 1) return send(moves[0]);
    // Several moves to the same target (promotions, a choice of captures):
    // offer them by their notation.
    const box = $("choice");
    box.textContent = "";
    const h = document.createElement("div");
    h.textContent = "Choose:";
    box.appendChild(h);
    for (const m of moves) {
      const b = document.createElement("button");
      b.textContent = moveLabel(m);
      b.dataset.move = m.z;
      b.onclick = () => { hideChoice(); send(m); };
      box.appendChild(b);
    }
    const c = document.createElement("button");
    c.textContent = "Cancel";
    c.onclick = () => { hideChoice(); sel = null; render(); };
    box.appendChild(c);
    box.hidden = false;
  }

  function hideChoice() { $("choice").hidden = true; }

  function send(m) {
    const i = st.legal.indexOf(m);
    times.clickAt = times.lastClick;
    return post("move", { index: i, gen: st.gen }).then((ok) => {
      if (ok && times.clickAt) times.lastMoveMs = performance.now() - times.clickAt;
    });
  }

  function clickPos(p) {
    if (!st || st.over || (st.thinking && !st.analysing) || pending > 0) return;
    times.lastClick = performance.now();
    const cand = candidates();
    const here = cand.filter((m) => (m.t >= 0 ? m.t : m.f) === p);
    if (here.length) return playMove(here);
    if (sel && sel.pos === p) return; // selected already, by the press that began this click
    const from = st.legal.filter((m) => m.f === p && !m.d && !m.pass);
    if (from.length && !(st.partial >= 0 && p !== st.partial)) {
      sel = { pos: p };
      render();
      return;
    }
    // An empty position that takes drops: play the drop (or choose one).
    const drops = st.legal.filter((m) => m.d && m.t === p);
    if (drops.length) return playMove(drops);
    sel = st.partial >= 0 ? { pos: st.partial } : null;
    render();
  }

  function clickHand(pl, t) {
    if (!st || st.over || (st.thinking && !st.analysing)) return;
    sel = { hand: [pl, t] };
    render();
  }

  $("board").addEventListener("click", (ev) => {
    if (editing) return editing.click(ev.target.closest("[data-hand],[data-pos],[data-at]"));
    const h = ev.target.closest("[data-hand]");
    if (h) {
      const [pl, t] = h.dataset.hand.split(",").map(Number);
      return clickHand(pl, t);
    }
    const e = ev.target.closest("[data-pos],[data-at]");
    if (!e) return;
    const name = e.dataset.pos || e.dataset.at;
    const c = st.layout.cells.find((c) => c.n === name);
    const d = (st.layout.dummies || []).find((d) => d.title === name);
    clickPos(c ? c.p : d ? d.id : -1);
  });

  // Drag: pressing on a piece selects it (so its targets show while it is
  // dragged), releasing over a target plays the move.
  const idxOf = (name) => {
    for (const k in posName) if (posName[k] === name) return +k;
    return -1;
  };
  let dragFrom = -1;
  $("board").addEventListener("pointerdown", (ev) => {
    const e = ev.target.closest("[data-at]");
    dragFrom = e && !editing ? idxOf(e.dataset.at) : -1;
    if (dragFrom < 0 || !st || st.over || (st.thinking && !st.analysing) || pending > 0 || (sel && sel.pos === dragFrom)) return;
    if (candidates().some((m) => (m.t >= 0 ? m.t : m.f) === dragFrom)) return; // a capture target: the click plays it
    if (st.legal.some((m) => m.f === dragFrom && !m.d && !m.pass) && !(st.partial >= 0 && dragFrom !== st.partial)) {
      sel = { pos: dragFrom };
      render();
    }
  });
  $("board").addEventListener("pointerup", (ev) => {
    if (dragFrom < 0) return;
    const under = document.elementFromPoint(ev.clientX, ev.clientY);
    const e = under && under.closest("[data-pos],[data-at]");
    const q = e ? idxOf(e.dataset.pos || e.dataset.at) : -1;
    if (q >= 0 && q !== dragFrom && sel && sel.pos === dragFrom) {
      suppressClick = true;
      clickPos(q);
    }
    dragFrom = -1;
  });
  let suppressClick = false;
  $("board").addEventListener("click", (ev) => { if (suppressClick) { suppressClick = false; ev.stopImmediatePropagation(); } }, true);

  // Hover help: the piece's name and its rule text.
  $("board").addEventListener("mousemove", (ev) => {
    const e = ev.target.closest("[data-help]");
    const hv = $("hover");
    if (!e) { hv.hidden = true; return; }
    hv.textContent = e.dataset.help;
    hv.style.left = ev.clientX + 14 + "px";
    hv.style.top = ev.clientY + 14 + "px";
    hv.hidden = false;
  });
  $("board").addEventListener("mouseleave", () => ($("hover").hidden = true));

  // --- the side panel

  function renderPanel() {
    const s = $("status");
    s.textContent = st.status + (st.over && st.goal ? " (goal: " + st.goal + ")" : "") + (st.analysing ? " — analysing…" : st.thinking ? " — engine thinking…" : "");
    s.classList.toggle("over", !!st.over);
    const re = $("rule-error");
    re.hidden = !st.ruleError;
    re.textContent = st.ruleError ? "The rule file has errors; the old rules stay in play:\n" + st.ruleError : "";
    const note = $("note");
    note.hidden = !st.note;
    note.textContent = st.note || "";
    $("undo").disabled = !st.canUndo;
    $("redo").disabled = !st.canRedo;
    const pass = (st.legal || []).find((m) => m.pass);
    $("pass").hidden = !pass;
    const ol = $("moves");
    ol.textContent = "";
    for (const m of st.history) {
      const li = document.createElement("li");
      li.textContent = m.san || m.zil;
      li.title = m.player + ": " + m.zil + (m.coord !== m.zil ? " (" + m.coord + ")" : "");
      if (m.san) {
        const z = document.createElement("span");
        z.className = "zil";
        z.textContent = m.zil;
        li.appendChild(z);
      }
      ol.appendChild(li);
    }
    ol.scrollTop = ol.scrollHeight;
    fillLegal();
    const zs = $("zones");
    const zones = st.layout.zones || [];
    if (zs.options.length !== zones.length + 1) {
      zs.length = 1;
      zones.forEach((z, i) => {
        const o = document.createElement("option");
        o.value = i;
        o.textContent = z.name + " (" + z.player + ")";
        zs.appendChild(o);
      });
    }
    $("zones-row").hidden = zones.length === 0;
    const vs = $("variant");
    if (vs.options.length !== st.variants.length) {
      vs.textContent = "";
      for (const v of st.variants) {
        const o = document.createElement("option");
        o.value = v.id;
        o.textContent = v.title;
        vs.appendChild(o);
      }
    }
    vs.value = st.id;
    vs.disabled = st.variants.length < 2;
    const sides = $("engine-sides");
    if (sides.childElementCount !== st.players.length) {
      sides.textContent = "";
      st.players.forEach((p, i) => {
        const l = document.createElement("label");
        l.hidden = !!p.random; // random players move by themselves
        const cb = document.createElement("input");
        cb.type = "checkbox";
        cb.dataset.player = i;
        cb.onchange = () => post("engine", { engineFor: [...sides.querySelectorAll("input")].map((c) => c.checked) });
        l.appendChild(cb);
        l.appendChild(document.createTextNode(" plays " + p.name + " "));
        sides.appendChild(l);
      });
    }
    sides.querySelectorAll("input").forEach((cb, i) => (cb.checked = !!st.engineFor[i]));
    $("movetime").value = String(st.moveTime);
    $("player").value = st.player;
    $("player").disabled = st.thinking;
    $("player-why").textContent = st.playerWhy || "";
    $("go").disabled = st.thinking || st.over;
    $("stop").disabled = !st.thinking;
    if (st.info) showInfo(st.info);
    else if (!st.thinking) $("engine-info").textContent = "";
    $("save-zsg").href = api("save.zsg");
    $("save-pgn").href = api("save.pgn");
    $("save-pgn").setAttribute("aria-disabled", st.san ? "false" : "true");
  }

  // The list of all legal moves is filled only while it is open: large
  // games have hundreds of moves, and most turns nobody looks.
  function fillLegal() {
    const lg = $("legal");
    lg.textContent = "";
    if (!$("all-moves").open) return;
    (st.legal || []).forEach((m, i) => {
      const o = document.createElement("option");
      o.value = i;
      o.textContent = moveLabel(m);
      lg.appendChild(o);
    });
  }
  $("all-moves").addEventListener("toggle", () => st && fillLegal());

  function showInfo(i) {
    $("engine-info").textContent = "depth " + i.depth + "  score " + i.score + "\n" + i.nodes + " nodes  " +
      Math.round(i.nps / 1000) + " kN/s  " + (i.ms / 1000).toFixed(1) + " s\npv " + i.pv;
  }

  $("undo").onclick = () => post("undo", {});
  $("redo").onclick = () => post("redo", {});
  $("new").onclick = () => post("new", {});
  $("flip").onclick = () => { flipped = !flipped; render(); };
  $("use-pics").checked = usePics;
  $("animate").checked = animate;
  $("use-pics").onchange = () => {
    usePics = $("use-pics").checked;
    localStorage.setItem("zrun-pictures", usePics ? "on" : "off");
    drawn = null; // the board layer and every piece are drawn again
    render();
  };
  $("animate").onchange = () => {
    animate = $("animate").checked;
    localStorage.setItem("zrun-animate", animate ? "on" : "off");
  };
  $("zones").onchange = () => render();
  $("pass").onclick = () => { const m = st.legal.find((m) => m.pass); if (m) send(m); };
  $("go").onclick = () => post("engine", { go: true, moveTime: Number($("movetime").value) });
  $("stop").onclick = () => post("engine", { stop: true });
  $("movetime").onchange = () => post("engine", { moveTime: Number($("movetime").value) });
  $("player").onchange = () => post("engine", { player: $("player").value });
  $("variant").onchange = (ev) => { location.href = "/g/" + ev.target.value; };
  $("legal").ondblclick = $("legal").onkeydown = (ev) => {
    if (ev.type === "keydown" && ev.key !== "Enter") return;
    const i = Number($("legal").value);
    if (st.legal[i]) send(st.legal[i]);
  };
  $("typed").onsubmit = async (ev) => {
    ev.preventDefault();
    const t = $("move-text").value;
    if (await post("move", { text: t })) $("move-text").value = "";
  };
  $("load").onchange = async (ev) => {
    const f = ev.target.files[0];
    if (!f) return;
    const data = await f.arrayBuffer();
    try {
      showError("");
      setState(await call("load", data, true));
    } catch (e) {
      showError(e.message);
    }
    ev.target.value = "";
  };
  window.zrunLoadZSG = async (text) => {
    try { showError(""); setState(await call("load", text, true)); } catch (e) { showError(e.message); }
  };

  // Live updates: the engine's progress and every change of the game (by
  // the engine, another tab, a reloaded rule file).
  function listen() {
    const es = new EventSource(api("events"));
    es.addEventListener("state", (ev) => {
      const d = JSON.parse(ev.data);
      // A command in flight brings the new state with its answer.
      // A shared game's event brings the state with it, unless it was
      // made for the seat this page held when the stream opened and the
      // page has taken or left a seat since: then it is fetched.
      const ds = d.state;
      if (pending > 0) missedGen = d.gen;
      else if (ds && st && st.room && ds.room && ds.room.you === st.room.you) {
        if (ds.gen > st.gen) { ds.receivedAt = performance.now(); setState(ds); }
      } else if (!st || d.gen !== st.gen) refresh();
    });
    es.addEventListener("info", (ev) => showInfo(JSON.parse(ev.data)));
    es.addEventListener("analysis", (ev) => document.dispatchEvent(new CustomEvent("zrun-analysis", { detail: JSON.parse(ev.data) })));
  }
  // The board editor and the analysis board (editor.js, analysis.js) use
  // the board's drawing: the editor shows its position here while it is
  // open (its hooks: view, the position's fields; click, a board click).
  let editing = null;
  window.zrunBoard = {
    api, call, el, nameOf, pieceIndex: idxOf,
    drawPiece: (parent, t, o, cx, cy, size) => drawPiece(parent, t, o, cx, cy, size, null),
    state: () => st,
    refresh,
    setState: (s) => { if (!editing) setState(s); },
    edit(h) {
      if (h && !editing) real = st;
      editing = h;
      sel = null;
      hideChoice();
      if (h) { st = Object.assign({}, real, h.view()); render(); } else if (real) { st = real; real = null; drawn = null; render(); refresh(); }
    },
    redraw() { if (editing) { st = Object.assign({}, real, editing.view()); render(); } },
  };
  let real = null; // the game's state while the editor shows its own
  refresh().then(listen);
})();
