// The armed table's small helpers: read demands aloud (speechSynthesis, no service), the
// per-device auto-read setting (localStorage; off under prefers-reduced-motion until
// turned on), the bots' moves played back one line a second (skippable), and the target
// list greyed out for guns that hit everyone. Everything reads the DOM again after every
// htmx swap, so it keeps working as the poll swaps parts in.
(function () {
  var KEY = "armed.autoread";
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function autoread() {
    var stored = localStorage.getItem(KEY);
    if (stored === null) return !reduced;
    return stored === "1";
  }

  function say(text) {
    if (!("speechSynthesis" in window) || !text) return;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(new SpeechSynthesisUtterance(text));
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".armed .speak");
    if (button) say(button.dataset.say);
    var skip = event.target.closest(".armed .playback .skip");
    if (skip) reveal(skip.closest(".playback"), true);
  });

  document.addEventListener("change", function (event) {
    if (event.target.matches(".armed .autoread")) {
      localStorage.setItem(KEY, event.target.checked ? "1" : "0");
    }
    if (event.target.matches(".armed .fire-form input[name=card]")) targets(event.target.form);
  });

  function targets(form) {
    if (!form) return;
    var picked = form.querySelector("input[name=card]:checked");
    var box = form.querySelector(".pick-target");
    if (box) box.classList.toggle("unneeded", !!picked && picked.dataset.multi === "1");
  }

  var spoken = sessionStorage.getItem("armed.spoken") || "";
  var played = sessionStorage.getItem("armed.played") || "";

  function reveal(section, all) {
    var waiting = section.querySelectorAll("li.waiting");
    if (all) waiting.forEach(function (li) { li.classList.remove("waiting"); });
    else if (waiting.length) waiting[0].classList.remove("waiting");
    if (!section.querySelector("li.waiting")) {
      var skip = section.querySelector(".skip");
      if (skip) skip.hidden = true;
      clearInterval(section._timer);
    }
  }

  function refresh() {
    document.querySelectorAll(".armed .autoread").forEach(function (box) { box.checked = autoread(); });
    document.querySelectorAll(".armed .fire-form").forEach(targets);
    var demand = document.querySelector(".armed .demand[data-shot]");
    var key = demand && location.pathname + ":" + demand.dataset.shot;
    if (demand && key !== spoken) {
      spoken = key;
      sessionStorage.setItem("armed.spoken", key);
      if (autoread()) say(demand.dataset.say);
      var first = demand.querySelector("button");
      if (first) first.focus();
    }
    var section = document.querySelector(".armed .playback[data-playback]");
    var mark = section && location.pathname + ":" + section.dataset.playback;
    if (section && mark !== played && !section._timer) {
      played = mark;
      sessionStorage.setItem("armed.played", mark);
      var lines = section.querySelectorAll("li");
      if (lines.length > 1 && !reduced) {
        lines.forEach(function (li, i) { if (i) li.classList.add("waiting"); });
        section.querySelector(".skip").hidden = false;
        section._timer = setInterval(function () { reveal(section, false); }, 1000);
      }
    }
  }

  // The message box survives the poll's swaps (hx-preserve) so a half-typed message is
  // kept; it is emptied only when the server says the message was said (the HX-Trigger
  // "armed-said"): a refused message stays in the box, the reason shown above it.
  document.addEventListener("armed-said", function (event) {
    var form = event.target.closest && event.target.closest(".say-form");
    if (form) form.reset();
  });

  // The turn clock in a player's words: "1:02:03", "59:58", "12 s" (as the server draws it,
  // games/armed/templatetags/armed_time.py). The site's shared countdown.js keeps its own
  // "0h 59m 58s" for the other games.
  function clockText(s) {
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    var two = function (n) { return String(n).padStart(2, "0"); };
    if (h) return h + ":" + two(m) + ":" + two(sec);
    if (m) return m + ":" + two(sec);
    return sec + " s";
  }
  function tickClocks() {
    document.querySelectorAll("[data-armed-countdown]").forEach(function (el) {
      var left = Math.max(0, new Date(el.dataset.armedCountdown) - Date.now());
      el.textContent = left === 0 && el.dataset.countdownDone !== undefined
        ? el.dataset.countdownDone
        : clockText(Math.floor(left / 1000)) + (el.dataset.countdownSuffix || "");
    });
  }
  setInterval(tickClocks, 1000);
  document.addEventListener("htmx:afterSettle", tickClocks);

  document.addEventListener("DOMContentLoaded", refresh);
  document.addEventListener("DOMContentLoaded", tickClocks);
  document.addEventListener("htmx:afterSettle", refresh);
})();
