// The countdown to noon Central, shown in the player's own time zone (their profile's). Reads the DOM on
// every tick, so it keeps working after htmx swaps in a new "Your day" panel. When noon
// has come it reloads the board once: the server resolves a due noon on the next request.
(function () {
  var reloading = false;
  function pad(n) { return String(n).padStart(2, "0"); }
  function tick() {
    document.querySelectorAll("[data-noon]").forEach(function (el) {
      var left = Math.max(0, new Date(el.dataset.noon) - Date.now());
      var s = Math.floor(left / 1000);
      if (left === 0 && !reloading) {
        reloading = true;
        setTimeout(function () { window.location.reload(); }, 5000);
      }
      el.textContent = left === 0 ? "any second now" :
        Math.floor(s / 3600) + "h " + pad(Math.floor(s / 60) % 60) + "m " + pad(s % 60) + "s";
    });
    document.querySelectorAll("[data-local-time]").forEach(function (el) {
      if (el.dataset.done) return;
      // The zone chosen on the profile (on <body>), else the browser's own.
      el.textContent = new Date(el.dataset.localTime).toLocaleTimeString([], {hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone: document.body.dataset.timeZone || undefined});
      el.dataset.done = "1";
    });
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSettle", tick);
})();
