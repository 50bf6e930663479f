/* Playloop legacy streak template (old runtime). Renders the streak card inside a host element
 * and reports play.session_start / streak.ui_ack through the events API. Usage:
 *   PlayloopStreak.mount(element, { apiBase, sessionToken, goals }) */
(function () {
  "use strict";
  function post(apiBase, token, type) {
    return fetch(apiBase + "/v1/events", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer " + token },
      body: JSON.stringify({ type: type, payload: {} }),
    });
  }
  function get(apiBase, token) {
    return fetch(apiBase + "/v1/progress/state", { headers: { Authorization: "Bearer " + token } }).then(function (r) { return r.json(); });
  }
  function render(el, state) {
    var s = state.streak || {};
    el.innerHTML = "";
    var card = document.createElement("section");
    card.className = "pl-streak";
    var h = document.createElement("h2");
    h.textContent = (s.current_streak || 0) + "-day streak";
    var best = document.createElement("p");
    best.textContent = "Best: " + (s.best_streak || 0) + " days";
    var list = document.createElement("ul");
    (s.goals || []).forEach(function (g) { var li = document.createElement("li"); li.textContent = g; list.appendChild(li); });
    card.appendChild(h); card.appendChild(best); card.appendChild(list);
    el.appendChild(card);
  }
  window.PlayloopStreak = {
    mount: function (el, opts) {
      var apiBase = opts.apiBase || "";
      return post(apiBase, opts.sessionToken, "play.session_start")
        .then(function () { return get(apiBase, opts.sessionToken); })
        .then(function (state) { render(el, state); return post(apiBase, opts.sessionToken, "streak.ui_ack"); });
    },
  };
})();
