// The Exoptosis table's deadline: a live countdown of the awaited decision's time left
// (H7.7). The poll brings a new deadline with each move; between moves this keeps it true.
(function () {
  function pad(n) { return String(n).padStart(2, "0"); }
  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, new Date(el.dataset.deadline) - Date.now());
      var s = Math.floor(left / 1000);
      el.textContent = left === 0 ? "no time" :
        Math.floor(s / 3600) + "h " + pad(Math.floor(s / 60) % 60) + "m " + pad(s % 60) + "s";
    });
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSettle", tick);
})();
