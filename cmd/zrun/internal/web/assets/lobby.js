// The lobby: public shared games with a seat to take, and recent ones to
// watch (/api/rooms).
"use strict";
(function () {
  const $ = (s) => document.getElementById(s);
  function item(g, take) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "/r/" + g.id + "/";
    a.textContent = g.variant + " (" + g.rules + ")";
    li.appendChild(a);
    let t = " — " + g.moves + " moves";
    if (g.clock) t += ", " + g.clock;
    if (g.over) t += " — " + g.result;
    else if (take) t += " — free: " + g.open.join(", ");
    li.appendChild(document.createTextNode(t));
    return li;
  }
  function fill(ul, games, take) {
    ul.textContent = "";
    if (!games.length) {
      const li = document.createElement("li");
      li.textContent = "none";
      ul.appendChild(li);
    }
    for (const g of games) ul.appendChild(item(g, take));
  }
  async function load() {
    try {
      const r = await fetch("/api/rooms");
      const j = await r.json();
      if (!r.ok) throw new Error(j.error || "error " + r.status);
      fill($("open"), j.open, true);
      fill($("recent"), j.recent, false);
    } catch (e) {
      $("error").textContent = e.message;
      $("error").hidden = false;
    }
  }
  load();
  setInterval(load, 10000);
})();
