// Live updates (goonsite/live/__init__.py has the protocol). Every element with data-live
// (a signed token) and data-live-groups is refreshed through htmx (the event "live", so
// it carries hx-get and hx-trigger="live") when the server says one of its groups changed,
// and once after every (re)connect so nothing missed stays missed. While the socket is
// down or refused the elements poll instead, every data-live-poll seconds; with the socket
// up they still poll, rarely, as a backstop for a lost push.
(function () {
  var BACKSTOP_MS = 60000;
  var RETRY_FIRST_MS = 1000;
  var RETRY_MAX_MS = 30000;
  var REFUSED = 4403;
  var socket = null;
  var connected = false;
  var joined = "";   // the groups the open (or opening) socket was made for
  var refused = "";  // the tokens the server refused: not tried again as they are
  var failures = 0;
  var retryTimer = null;
  var pollTimer = null;

  function subscribers() {
    return Array.prototype.slice.call(document.querySelectorAll("[data-live][data-live-groups]"));
  }
  function groupsOf(el) {
    return (el.dataset.liveGroups || "").split(" ").filter(Boolean);
  }
  function groupKey(els) {
    var all = {};
    els.forEach(function (el) { groupsOf(el).forEach(function (g) { all[g] = 1; }); });
    return Object.keys(all).sort().join(" ");
  }
  function tokenQuery(els) {
    var tokens = {};
    els.forEach(function (el) { tokens[el.dataset.live] = 1; });
    return Object.keys(tokens).sort().map(function (t) {
      return "t=" + encodeURIComponent(t);
    }).join("&");
  }
  // reason: "changed" (a push for its group), "connected" (the catch-up after every
  // (re)connect) or "poll" (the timer while the socket is down, or the backstop).
  function refresh(els, reason) {
    if (!window.htmx) return;
    if (moves.length) {
      els.forEach(function (el) { held.set(el, reason); });
      return;
    }
    els.forEach(function (el) { window.htmx.trigger(el, "live", {reason: reason}); });
  }

  // A move of this page and the push it causes cross on the wire: the push goes out at the
  // move's commit, before its answer is written, and the refresh it starts could swap in
  // the table (and with it a new copy of the form the move came from) before that answer
  // lands. htmx then drops the answer, whose form is gone, and the player never sees "You
  // put 1 Chip at stake". So while a move (any htmx request but a GET) is under way,
  // refreshes wait; once its answer is in they ask with the version it brought, and get
  // a 204. A move with no answer after HOLD_MAX_MS lets them go anyway.
  var HOLD_MAX_MS = 10000;
  var moves = [];
  var held = new Map();
  var holdTimer = null;
  function settleMs() {
    return ((window.htmx && window.htmx.config.defaultSettleDelay) || 0) + 1;
  }
  function release() {
    clearTimeout(holdTimer);
    moves = [];
    var waiting = held;
    held = new Map();
    waiting.forEach(function (reason, el) {
      // The answer may have replaced the element; its successor has the same id.
      var now = el.isConnected ? el : (el.id && document.getElementById(el.id));
      if (now) refresh([now], reason);
    });
  }
  document.addEventListener("htmx:beforeSend", function (event) {
    var xhr = event.detail.xhr;
    var verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    if (!xhr || !verb || verb.toLowerCase() === "get") return;
    moves.push(xhr);
    clearTimeout(holdTimer);
    holdTimer = setTimeout(release, HOLD_MAX_MS);
    // loadend comes after htmx's load handler has swapped the answer in (and for an error
    // or an abort too); htmx readies what it swapped in, hx-trigger included, only when
    // the swap settles, so the refreshes wait out its settle delay as well: one sent to
    // the answer's new element before then would be lost.
    xhr.addEventListener("loadend", function () {
      moves = moves.filter(function (m) { return m !== xhr; });
      if (!moves.length) setTimeout(function () { if (!moves.length) release(); }, settleMs());
    });
  });
  function pollEveryMs() {
    if (connected) return BACKSTOP_MS;
    var seconds = subscribers().map(function (el) { return Number(el.dataset.livePoll) || 15; });
    return Math.max(1, Math.min.apply(null, seconds.concat([15]))) * 1000;
  }
  function schedulePoll() {
    clearTimeout(pollTimer);
    if (!subscribers().length) return;
    pollTimer = setTimeout(function () {
      refresh(subscribers(), "poll");
      schedulePoll();
    }, pollEveryMs());
  }
  function setConnected(value) {
    connected = value;
    // "connected", "polling", or "off" on a page with nothing live (tests and CSS read it).
    var state = value ? "connected" : "polling";
    document.documentElement.dataset.live = subscribers().length ? state : "off";
    schedulePoll();
  }

  function connect() {
    clearTimeout(retryTimer);
    var els = subscribers();
    var key = groupKey(els);
    var query = tokenQuery(els);
    if (!key || !("WebSocket" in window) || query === refused) return;
    if (socket && joined === key && socket.readyState <= 1) return;
    if (socket) { socket.onclose = null; socket.close(); }
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var ws = new WebSocket(scheme + location.host + "/live/?" + query);
    socket = ws;
    joined = key;
    ws.onmessage = function (event) {
      var msg;
      try { msg = JSON.parse(event.data); } catch (e) { return; }
      if (msg.type === "subscribed") {
        failures = 0;
        setConnected(true);
        refresh(subscribers(), "connected");  // catch up on what happened while away
      } else if (msg.type === "changed") {
        refresh(subscribers().filter(function (el) {
          return groupsOf(el).indexOf(msg.group) >= 0;
        }), "changed");
      } else if (msg.type === "refused") {
        refused = query;
        if (window.console) console.warn("live updates refused: " + msg.reason);
      }
    };
    ws.onclose = function (event) {
      if (socket !== ws) return;
      socket = null;
      setConnected(false);
      if (event.code === REFUSED) { refused = query; return; }
      failures += 1;
      var ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * Math.pow(2, failures - 1));
      retryTimer = setTimeout(connect, ceiling / 2 + Math.random() * ceiling / 2);
    };
  }

  function wake() {
    // A phone waking, the network back, a page restored from the cache: reconnect now.
    if (document.visibilityState === "hidden") return;
    failures = 0;
    if (!socket || socket.readyState > 1) { refresh(subscribers(), "poll"); connect(); }
  }

  function start() {
    setConnected(false);
    connect();
  }
  // A swap may bring new groups, or a fresh token after a refusal: join with them. (A
  // socket waiting for its backoff is left to it.)
  document.addEventListener("htmx:afterSettle", function () {
    var els = subscribers();
    var key = groupKey(els);
    if (key && key !== joined) connect();
    else if (refused && !socket && tokenQuery(els) !== refused) connect();
  });
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("online", wake);
  window.addEventListener("pageshow", function (event) { if (event.persisted) wake(); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
