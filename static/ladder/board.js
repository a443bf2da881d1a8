// The countdown to noon Central, shown in the player's own time zone. Reads the DOM on
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
      el.textContent = new Date(el.dataset.localTime).toLocaleTimeString([], {hour: "numeric", minute: "2-digit", timeZoneName: "short"});
      el.dataset.done = "1";
    });
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSettle", tick);
})();

// While the board says noon is being counted, ask the server every few seconds whether
// the report is out, and reload the board once it is.
(function () {
  var polling = false;
  function poll() {
    var notice = document.querySelector("[data-noon-counting]");
    if (!notice || polling) return;
    polling = true;
    var ask = function () {
      fetch(notice.dataset.noonCounting, {headers: {"Accept": "application/json"}})
        .then(function (r) { return r.ok ? r.json() : {counting: true}; })
        .catch(function () { return {counting: true}; })
        .then(function (s) { if (s.counting) setTimeout(ask, 3000); else window.location.reload(); });
    };
    setTimeout(ask, 3000);
  }
  poll();
  document.addEventListener("htmx:afterSettle", poll);
})();
