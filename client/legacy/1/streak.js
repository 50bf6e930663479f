/* Legacy streak template (build 1): fills every [data-playloop-streak]
   element from its data attributes. Plain ES5, no dependencies. */
(function () {
  "use strict";
  function render(el) {
    var count = Math.max(0, parseInt(el.getAttribute("data-count"), 10) || 0);
    var goal = Math.min(14, Math.max(1, parseInt(el.getAttribute("data-goal"), 10) || 7));
    el.className += " plq-streak";
    el.innerHTML = "";
    var flame = document.createElement("span");
    flame.className = "plq-streak__flame";
    var text = document.createElement("div");
    var num = document.createElement("div");
    num.className = "plq-streak__count";
    num.textContent = String(count);
    var label = document.createElement("div");
    label.className = "plq-streak__label";
    label.textContent = count === 1 ? "day in a row" : "days in a row";
    text.appendChild(num);
    text.appendChild(label);
    var days = document.createElement("div");
    days.className = "plq-streak__days";
    for (var i = 0; i < goal; i++) {
      var d = document.createElement("span");
      d.className = "plq-streak__day" + (i < Math.min(count, goal) ? " plq-streak__day--done" : "");
      days.appendChild(d);
    }
    el.appendChild(flame);
    el.appendChild(text);
    el.appendChild(days);
  }
  var nodes = document.querySelectorAll("[data-playloop-streak]");
  for (var i = 0; i < nodes.length; i++) render(nodes[i]);
})();
