// At the phase boundary the home page (marked data-reload-at-boundary) reloads once to show
// the new phase: the moment the boundary's commit is pushed (static/js/live.js, group
// hall.phase), or a while after the phase clock (static/js/countdown.js) reaches the
// boundary: 5 s when the live socket is down, 20 s with it up (a job runner that shares
// no channel layer with the web server, as under `make run`, pushes nothing). Pages with
// forms being typed in are left alone.
(function () {
  var reloading = false;
  function reload(delay) {
    if (reloading || !document.querySelector("[data-reload-at-boundary]")) return;
    reloading = true;
    setTimeout(function () { window.location.reload(); }, delay);
  }
  document.addEventListener("countdown:done", function (event) {
    if (!event.target.matches("[data-phase-ends]")) return;
    reload(document.documentElement.dataset.live === "connected" ? 20000 : 5000);
  });
  document.addEventListener("live", function (event) {
    if (event.target.id !== "hall-live" || !event.detail || event.detail.reason !== "changed") return;
    reload(0);
  });
})();

// One press, one intent: a submitted form's buttons are disabled until its answer arrives
// (a plain post leaves the page; an htmx post re-enables them, or swaps in fresh forms).
// The server guards the same with each spending form's one-time key.
(function () {
  function buttons(form) {
    return Array.prototype.filter.call(form.querySelectorAll("button, input[type=submit]"),
      function (b) { return !b.disabled; });
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.method.toLowerCase() !== "post" || event.defaultPrevented) return;
    var pressed = buttons(form);
    // Disabled after this turn of the loop, so the pressed button's name and value still
    // go with the form.
    setTimeout(function () {
      pressed.forEach(function (b) { b.disabled = true; b.dataset.pressed = "1"; });
    }, 0);
  }, true);
  function release(root) {
    root.querySelectorAll("[data-pressed]").forEach(function (b) {
      b.disabled = false;
      delete b.dataset.pressed;
    });
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    if (form) release(form);
  });
  // Back to a page kept in the browser's cache: its buttons are pressable again.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) release(document);
  });
})();

// The tab's title follows the live page (a table's "(Your turn) …"), so a player in
// another tab sees when the game waits for them.
document.addEventListener("htmx:afterSettle", function () {
  var el = document.querySelector("[data-page-title]");
  if (el && el.dataset.pageTitle) document.title = el.dataset.pageTitle;
});
