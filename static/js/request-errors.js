// A press whose request fails says so in view. The server's refusals are ordinary answers
// (a message swapped into the page); what reaches here is what it could not answer: an
// error on our side, a page gone stale (a session ended, a CSRF token refused), a lost
// connection. htmx swaps nothing for those, so without this the press would seem to do
// nothing. The live elements' background refreshes stay silent: the next one retries.
(function () {
  var BY_STATUS = {
    403: "This page has gone stale (your session may have ended). Reload it, then try again.",
    404: "That is no longer here. Reload the page to see where things stand.",
    429: "Too many tries in a row. Wait a moment, then try again."
  };
  var SERVER = "Something went wrong on our side. Reload the page to see where things stand, then try again.";
  var OFFLINE = "goonsite could not be reached. Check your connection, then try again.";

  function background(detail) {
    var elt = detail && detail.elt;
    return !!(elt && elt.hasAttribute && elt.hasAttribute("data-live"));
  }
  function box() { return document.getElementById("request-error"); }
  function show(text) {
    var el = box();
    if (!el) return;
    el.querySelector("[data-request-error-text]").textContent = text;
    el.hidden = false;
  }
  function hide() {
    var el = box();
    if (el) el.hidden = true;
  }

  document.addEventListener("htmx:responseError", function (event) {
    if (background(event.detail)) return;
    var status = event.detail.xhr.status;
    show(BY_STATUS[status] || (status >= 500 ? SERVER
      : "That did not work (error " + status + "). Reload the page, then try again."));
  });
  document.addEventListener("htmx:sendError", function (event) {
    if (!background(event.detail)) show(OFFLINE);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful && !background(event.detail)) hide();
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-request-error-dismiss]")) hide();
  });
})();
