// Every game's live countdowns. An element with data-countdown="<ISO time>" shows the time
// left as "5h 04m 09s" (then data-countdown-suffix, e.g. " left"), and once the time has
// come, data-countdown-done (e.g. "any second now"). At that moment it sends the bubbling
// event "countdown:done", once per time, for a game that wants to act on it. Reads the DOM
// on every tick, so it keeps working after htmx swaps in new content.
(function () {
  function pad(n) { return String(n).padStart(2, "0"); }
  function tick() {
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      var left = Math.max(0, new Date(el.dataset.countdown) - Date.now());
      var s = Math.floor(left / 1000);
      el.textContent = left === 0 && el.dataset.countdownDone !== undefined ? el.dataset.countdownDone :
        Math.floor(s / 3600) + "h " + pad(Math.floor(s / 60) % 60) + "m " + pad(s % 60) + "s" +
        (el.dataset.countdownSuffix || "");
      if (left === 0 && el.dataset.countdownFired !== el.dataset.countdown) {
        el.dataset.countdownFired = el.dataset.countdown;
        el.dispatchEvent(new CustomEvent("countdown:done", {bubbles: true}));
      }
    });
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSettle", tick);
})();
