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
