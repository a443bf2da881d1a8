// When the phase clock (static/js/countdown.js) reaches the boundary, the home page (marked
// data-reload-at-boundary) reloads once, a few seconds later, to show the new phase; pages
// with forms being typed in are left alone.
(function () {
  var reloading = false;
  document.addEventListener("countdown:done", function (event) {
    if (!event.target.matches("[data-phase-ends]") || reloading) return;
    if (!document.querySelector("[data-reload-at-boundary]")) return;
    reloading = true;
    setTimeout(function () { window.location.reload(); }, 5000);
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
