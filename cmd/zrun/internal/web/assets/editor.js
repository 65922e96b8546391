// zrun serve's board editor: pieces of any type and owner placed from a
// palette drawn as the board draws them, pieces in hand, the player to
// move, castling, a Chess960 start array where the game has one. Every
// change asks the server whether setboard would take the position (the
// reason beside the board when not); "Play from here" and "Analyse from
// here" set it up in the game only when it is accepted. The position's
// link (/g/ID?pos=TEXT: its FEN, or a compact text where FEN cannot say
// it) opens it in the editor again.
"use strict";
(function () {
  const B = window.zrunBoard;
  if (!B || !document.getElementById("editor")) return;
  const $ = (s) => document.getElementById(s);
  const SVGNS = "http://www.w3.org/2000/svg";
  let info = null; // the editor's facts about the game (/editor)
  let pos = null; // {board: {p: [t, o]}, hands: {"pl,t": n}, mover, castling}
  let pick = null; // the palette's choice: {t, o} or {erase: true}
  let checkSeq = 0; // answers to older checks are dropped
  const E = (window.zrunEditor = { checks: 0, verdict: null });

  function view() {
    const board = [], hands = [];
    for (const p in pos.board) board.push([+p, pos.board[p][0], pos.board[p][1]]);
    for (const k in pos.hands) {
      const [pl, t] = k.split(",").map(Number);
      if (pos.hands[k] > 0) hands.push([pl, t, pos.hands[k]]);
    }
    return { board, hands, legal: [], last: [], check: [], partial: -1, over: false, thinking: false, analysing: false, mover: pos.mover };
  }

  function request(extra) {
    const v = view();
    return Object.assign({ board: v.board, hands: v.hands, mover: pos.mover, castling: $("editor-castling").value.trim() }, extra || {});
  }

  // load takes the pieces of a check's answer into the editor.
  function load(a) {
    pos = { board: {}, hands: {}, mover: a.mover, castling: a.castling || "" };
    for (const [p, t, o] of a.board || []) pos.board[p] = [t, o];
    for (const [pl, t, n] of a.hands || []) pos.hands[pl + "," + t] = n;
    $("editor-castling").value = pos.castling;
    $("editor-mover").value = String(pos.mover);
    B.redraw();
  }

  function showVerdict(a) {
    E.verdict = a;
    const v = $("editor-verdict");
    v.className = a.ok ? "ok" : "refused";
    v.textContent = a.ok ? "Accepted: " + (a.status || "") : "Refused: " + a.reason;
    $("editor-text").value = a.text || "";
    const link = location.pathname + "?pos=" + encodeURIComponent(a.text || "");
    $("editor-link").href = link;
    $("editor-play").disabled = $("editor-analyse").disabled = !a.ok;
  }

  async function check(body) {
    const seq = ++checkSeq;
    try {
      const a = await B.call("position", Object.assign({ apply: "check" }, body));
      if (seq !== checkSeq) return null;
      E.checks++;
      showVerdict(a);
      return a;
    } catch (e) {
      if (seq !== checkSeq) return null;
      E.checks++;
      E.verdict = { ok: false, reason: e.message };
      const v = $("editor-verdict");
      v.className = "refused";
      v.textContent = "Refused: " + e.message;
      $("editor-play").disabled = $("editor-analyse").disabled = true;
      return null;
    }
  }

  // changed redraws the position and checks it.
  function changed() {
    B.redraw();
    return check(request());
  }

  // setText sets up a position text (a FEN or compact text, a Chess960
  // array) in the editor, as the server reads it.
  async function setText(body) {
    const a = await check(body);
    if (a && a.board) load(a);
    return a;
  }

  function palette() {
    const st = B.state();
    const box = $("palette");
    box.textContent = "";
    const players = st.players.map((p, i) => i).filter((i) => !st.players[i].random);
    const erase = document.createElement("button");
    erase.className = "pal erase";
    erase.textContent = "\u2715";
    erase.title = "remove pieces";
    erase.dataset.erase = "1";
    erase.onclick = () => choose({ erase: true }, erase);
    box.appendChild(erase);
    for (const o of players) {
      const name = document.createElement("div");
      name.className = "who";
      name.textContent = st.players[o].name;
      box.appendChild(name);
      const row = document.createElement("div");
      row.className = "row";
      st.pieces.forEach((pc, t) => {
        const b = document.createElement("button");
        b.className = "pal";
        b.title = pc.name + " (" + st.players[o].name + ")";
        b.dataset.palette = t + "," + o;
        if (pc.invisible) {
          // A marker the author never shows: named, not drawn.
          b.classList.add("txt");
          b.textContent = pc.symbol || pc.name;
        } else {
          const svg = document.createElementNS(SVGNS, "svg");
          svg.setAttribute("viewBox", "0 0 40 40");
          B.drawPiece(svg, t, o, 20, 20, 38);
          b.appendChild(svg);
          // A picture shrunk to under half its size (a mancala's tall
          // piles of seeds) is named under it too.
          const P = $("use-pics").checked && st.layout.pictures;
          const pp = P && P.pieces[t] && P.pieces[t][o] && P.pieces[t][o][0];
          if (pp && Math.max(pp.w || 0, pp.h || 0) > 76) {
            const c = document.createElement("span");
            c.className = "cap";
            c.textContent = pc.symbol || pc.name;
            b.appendChild(c);
            b.classList.add("capped");
          }
        }
        b.onclick = () => choose({ t, o }, b);
        row.appendChild(b);
      });
      box.appendChild(row);
    }
  }

  function choose(p, btn) {
    pick = p;
    for (const b of document.querySelectorAll("#palette .pal")) b.classList.toggle("on", b === btn);
  }

  // click edits the position where the board was clicked: the palette's
  // piece is placed (or taken off when it stands there already), the
  // eraser removes; a hand's piece is taken back one at a time.
  function click(e) {
    if (!e) return;
    if (e.dataset.hand) {
      const k = e.dataset.hand;
      if (pos.hands[k] > 0) pos.hands[k]--;
      return changed();
    }
    const p = B.pieceIndex(e.dataset.pos || e.dataset.at);
    if (p < 0) return;
    const here = pos.board[p];
    if (!pick || pick.erase || (here && here[0] === pick.t && here[1] === pick.o)) delete pos.board[p];
    else pos.board[p] = [pick.t, pick.o];
    return changed();
  }

  function hand(delta) {
    if (!pick || pick.erase) return;
    const k = pick.o + "," + pick.t;
    pos.hands[k] = Math.max(0, (pos.hands[k] || 0) + delta);
    changed();
  }

  async function open(text) {
    info = await B.call("editor");
    const st = B.state();
    const mv = $("editor-mover");
    mv.textContent = "";
    for (const i of info.movers) {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = st.players[i].name;
      mv.appendChild(o);
    }
    $("editor-hand").hidden = !info.hands;
    $("editor-960").hidden = !info.has960;
    $("editor-castling-row").hidden = !info.castles;
    pos = { board: {}, hands: {}, mover: st.mover, castling: info.castling };
    $("editor").hidden = false;
    $("edit-open").disabled = true;
    document.body.classList.add("editing");
    B.edit({ view, click });
    $("status").textContent = "Editing a position (the game in progress stays as it is until Play or Analyse from here)";
    palette();
    await setText({ text: text || info.text });
  }

  function close() {
    $("editor").hidden = true;
    $("edit-open").disabled = false;
    document.body.classList.remove("editing");
    B.edit(null);
  }

  async function apply(mode) {
    try {
      const body = request({ apply: mode });
      if (mode === "analyse") body.multipv = Number($("multipv").value);
      const s = await B.call("position", body);
      close();
      B.setState(s);
    } catch (e) {
      const v = $("editor-verdict");
      v.className = "refused";
      v.textContent = "Refused: " + e.message.replace(/^position refused: /, "");
    }
  }

  // The palette is drawn as the board is: again when the pictures are
  // switched on or off.
  $("use-pics").addEventListener("change", () => { if (!$("editor").hidden) palette(); });
  $("edit-open").onclick = () => open();
  $("editor-close").onclick = close;
  $("editor-play").onclick = () => apply("play");
  $("editor-analyse").onclick = () => apply("analyse");
  $("hand-add").onclick = () => hand(1);
  $("hand-remove").onclick = () => hand(-1);
  $("editor-mover").onchange = () => { pos.mover = Number($("editor-mover").value); changed(); };
  $("editor-castling").onchange = () => changed();
  $("editor-clear").onclick = () => { pos.board = {}; pos.hands = {}; changed(); };
  $("editor-start").onclick = async () => setText({ text: (await B.call("editor")).start });
  $("editor-current").onclick = async () => setText({ text: (await B.call("editor")).text });
  $("editor-load").onclick = () => setText({ text: $("editor-text").value });
  $("set960").onclick = () => setText({ start960: Number($("start960").value) });
  $("random960").onclick = () => setText({ start960: -1 });
  window.zrunEditorOpen = open;
  // A position's link opens the editor on it once the board is drawn.
  const q = new URLSearchParams(location.search).get("pos");
  if (q) {
    const wait = () => (B.state() ? open(q) : setTimeout(wait, 50));
    wait();
  }
})();
