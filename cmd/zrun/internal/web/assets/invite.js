// The invitation form: makes a shared game of this page's game (POST
// /api/g/ID/invite) and shows a link per seat and the spectators' link.
"use strict";
(function () {
  const $ = (s) => document.getElementById(s);
  const id = document.body.dataset.game;
  let players = [];
  function showError(msg) {
    $("error").textContent = msg || "";
    $("error").hidden = !msg;
  }
  async function seats() {
    const r = await fetch("/api/g/" + id + "/state");
    const st = await r.json();
    if (!r.ok || st.error) return showError(st.error || "error " + r.status);
    players = st.players;
    for (let i = 0; i < players.length; i++) {
      if (players[i].random) continue;
      const l = document.createElement("label");
      const cb = document.createElement("input");
      cb.type = "checkbox";
      cb.dataset.seat = i;
      l.appendChild(cb);
      l.appendChild(document.createTextNode(" " + players[i].name + " "));
      $("engine-seats").appendChild(l);
    }
  }
  $("invite-form").onsubmit = async (ev) => {
    ev.preventDefault();
    showError("");
    const body = { public: $("public").checked, engine: players.map(() => false) };
    for (const cb of document.querySelectorAll("#engine-seats input")) body.engine[+cb.dataset.seat] = cb.checked;
    const mode = $("clock-mode").value;
    if (mode) body.clock = { mode, baseMs: Math.round(+$("clock-base").value * 60000), extraMs: Math.round(+$("clock-extra").value * 1000) };
    try {
      const r = await fetch("/api/g/" + id + "/invite", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const j = await r.json();
      if (!r.ok) throw new Error(j.error || "error " + r.status);
      // A server on the network, opened here as localhost, gives its
      // network address: the links others can open.
      const origin = j.origin || location.origin;
      const ul = $("seat-links");
      ul.textContent = "";
      for (const s of j.seats) {
        const li = document.createElement("li");
        li.appendChild(document.createTextNode(s.name + (s.engine ? " (engine; the link takes the seat back)" : "") + ": "));
        if (s.link) {
          const a = document.createElement("a");
          a.href = origin + s.link;
          a.textContent = origin + s.link;
          li.appendChild(a);
        } else li.appendChild(document.createTextNode("moves at random"));
        ul.appendChild(li);
      }
      $("watch-link").href = origin + j.page;
      $("watch-link").textContent = origin + j.page;
      $("links").hidden = false;
    } catch (e) {
      showError(e.message);
    }
  };
  seats();
})();
