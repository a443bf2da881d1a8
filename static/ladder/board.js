// Times shown in the player's own time zone (their profile's, on <body>; else the
// browser's). Reads the DOM after every swap, so a new "Your day" panel gets them too. The
// countdown to noon itself is the site's (static/js/countdown.js); once noon has come, the
// board's poller (#poller, pushed by static/js/live.js, polling while the socket is down)
// brings the new ladder and the recap without a reload.
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
  var picking = false;
  function settle() {
    // A play confirmed (or cancelled) low on the ladder: back to the hand, where the
    // player looks next, rather than staying at the bottom of the page.
    var nowPicking = !!document.querySelector("#ladder.targeting, #dialog .sheet");
    var hand = document.querySelector("#hand");
    if (picking && !nowPicking && hand && phone.matches) {
      hand.scrollIntoView({block: "start", behavior: still.matches ? "auto" : "smooth"});
    }
    picking = nowPicking;
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

// While the board says noon is being counted, ask the server whether the report is out,
// and reload the board once it is: when the noon's commit is pushed (static/js/live.js
// triggers "live" on the board's poller), or every few seconds while the live socket is
// down.
(function () {
  var waiting = false;
  var asking = false;
  function ask() {
    var notice = document.querySelector("[data-noon-counting]");
    if (!notice || asking) return;
    asking = true;
    fetch(notice.dataset.noonCounting, {headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : {counting: true}; })
      .catch(function () { return {counting: true}; })
      .then(function (s) {
        asking = false;
        if (!s.counting) window.location.reload();
      });
  }
  function fallback() {
    if (!document.querySelector("[data-noon-counting]")) { waiting = false; return; }
    if (document.documentElement.dataset.live !== "connected") ask();
    setTimeout(fallback, 3000);
  }
  function watch() {
    if (waiting || !document.querySelector("[data-noon-counting]")) return;
    waiting = true;
    setTimeout(fallback, 3000);
  }
  document.addEventListener("live", ask);
  watch();
  document.addEventListener("htmx:afterSettle", watch);
})();

// The hand on a phone scrolls sideways: a cue says how many cards lie past the right edge
// ("3 more →"), and tapping it scrolls to them.
(function () {
  function update() {
    var list = document.querySelector("[data-hand-cards]");
    var cue = document.querySelector("[data-more-cards]");
    if (!list || !cue) return;
    var edge = list.getBoundingClientRect().right + 1;
    var past = Array.prototype.filter.call(list.children, function (li) {
      return li.getBoundingClientRect().right > edge;
    }).length;
    cue.hidden = past === 0;
    cue.textContent = past + " more →";
    cue.setAttribute("aria-label", "Show " + past + " more card" + (past === 1 ? "" : "s"));
  }
  document.addEventListener("click", function (event) {
    var cue = event.target.closest && event.target.closest("[data-more-cards]");
    var list = document.querySelector("[data-hand-cards]");
    if (cue && list) list.scrollBy({left: list.clientWidth * 0.8, behavior: "smooth"});
  });
  document.addEventListener("scroll", update, true);  // the hand's own sideways scroll too
  window.addEventListener("resize", update);
  document.addEventListener("htmx:afterSettle", update);
  document.addEventListener("DOMContentLoaded", update);
})();

// A Golden pin that lands live (another player's Golden Gooner, brought by the poll) may be
// far off-screen: say so in a toast, with a link to the row.
(function () {
  var known = null;
  function golden() {
    var rows = {};
    document.querySelectorAll("#ladder .contestant.golden").forEach(function (li) {
      rows[li.id] = li.dataset.name || li.id;
    });
    return rows;
  }
  function check() {
    var now = golden();
    if (known !== null) {
      var box = document.querySelector("#messages");
      Object.keys(now).forEach(function (id) {
        if (id in known || !box || box.textContent.indexOf(now[id]) !== -1) return;
        var list = box.querySelector(".messages");
        if (!list) {
          list = document.createElement("ul");
          list.className = "messages";
          box.appendChild(list);
        }
        var toast = document.createElement("li");
        toast.className = "info golden-toast";
        var link = document.createElement("a");
        link.href = "#" + id;
        link.textContent = "👑 " + now[id] + " was just pinned Golden";
        toast.appendChild(link);
        toast.appendChild(document.createTextNode(": at the top until Wednesday noon."));
        list.appendChild(toast);
        toast.dataset.timed = "1";
        setTimeout(function () { toast.classList.add("fading"); }, 8000);
        setTimeout(function () { toast.remove(); }, 8700);
      });
    }
    known = now;
  }
  document.addEventListener("DOMContentLoaded", check);
  document.addEventListener("htmx:afterSettle", check);
})();
