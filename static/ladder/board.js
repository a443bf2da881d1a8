// Times shown in the player's own time zone (their profile's, on <body>; else the
// browser's). Reads the DOM after every swap, so a new "Your day" panel gets them too. The
// countdown to noon itself is the site's (static/js/countdown.js); once noon has come, the
// board's poll (#poller) brings the new ladder and the recap without a reload.
(function () {
  function localise() {
    document.querySelectorAll("[data-local-time]").forEach(function (el) {
      if (el.dataset.done) return;
      el.textContent = new Date(el.dataset.localTime).toLocaleTimeString([], {hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone: document.body.dataset.timeZone || undefined});
      el.dataset.done = "1";
    });
  }
  localise();
  document.addEventListener("htmx:afterSettle", localise);
})();

// After every swap: a new confirm sheet takes the focus, picking a target on a phone brings
// the ladder into view, and toasts fade after a while (errors stay longer). Escape cancels
// an open sheet.
(function () {
  var phone = window.matchMedia("(max-width: 47.99rem)");
  var still = window.matchMedia("(prefers-reduced-motion: reduce)");
  function settle() {
    var confirm = document.querySelector("#dialog .sheet [autofocus]");
    if (confirm && !confirm.dataset.focused) {
      confirm.dataset.focused = "1";
      confirm.focus({preventScroll: true});
    }
    var ladder = document.querySelector("#ladder.targeting");
    if (ladder && phone.matches && !ladder.dataset.shown) {
      ladder.dataset.shown = "1";
      ladder.scrollIntoView({block: "start", behavior: still.matches ? "auto" : "smooth"});
    }
    document.querySelectorAll("#messages li:not([data-timed])").forEach(function (li) {
      li.dataset.timed = "1";
      var wait = li.classList.contains("error") ? 12000 : 6000;
      setTimeout(function () { li.classList.add("fading"); }, wait);
      setTimeout(function () { li.remove(); }, wait + 700);
    });
  }
  document.addEventListener("htmx:afterSettle", settle);
  document.addEventListener("DOMContentLoaded", settle);
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var cancel = document.querySelector("#dialog .sheet a.ghost");
    if (cancel) cancel.click();
  });
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
