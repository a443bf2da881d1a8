// The Hall's phase clock: a live countdown to the boundary. When it has come, the home page
// (marked data-reload-at-boundary) reloads once, and the server runs the due boundary on the
// next request; pages with forms being typed in are left alone.
(function () {
  var reloading = false;
  function pad(n) { return String(n).padStart(2, "0"); }
  function tick() {
    document.querySelectorAll("[data-phase-ends]").forEach(function (el) {
      var left = Math.max(0, new Date(el.dataset.phaseEnds) - Date.now());
      var s = Math.floor(left / 1000);
      el.textContent = left === 0 ? "the phase is ending" :
        Math.floor(s / 3600) + "h " + pad(Math.floor(s / 60) % 60) + "m " + pad(s % 60) + "s left";
      if (left === 0 && !reloading && document.querySelector("[data-reload-at-boundary]")) {
        reloading = true;
        setTimeout(function () { window.location.reload(); }, 5000);
      }
    });
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSettle", tick);
})();
