// Profile page: turn on noon reminders for this browser (Web Push). The server's public
// VAPID key and the addresses come from data- attributes; no inline script (CSP).
(function () {
  const box = document.getElementById("reminders");
  if (!box) return;
  const button = box.querySelector(".push-on");
  const status = box.querySelector(".push-status");
  const say = (text) => { if (status) status.textContent = text; };
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !box.dataset.vapidKey) {
    say("This browser can't show reminders.");
    return;
  }

  function keyBytes(base64url) {
    const padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  // Not `navigator.serviceWorker.ready`: that waits for a worker whose scope covers this
  // page, and ours (in static/) covers none; it only needs to be active to get pushes.
  function activated(registration) {
    if (registration.active) return Promise.resolve(registration);
    const worker = registration.installing || registration.waiting;
    return new Promise((resolve) => {
      worker.addEventListener("statechange", () => {
        if (worker.state === "activated") resolve(registration);
      });
    });
  }

  function csrfToken() {
    const field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  async function turnOn() {
    button.disabled = true;
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        say("Notifications are blocked for this site: allow them in the browser's settings first.");
        return;
      }
      const registration = await navigator.serviceWorker.register(box.dataset.workerUrl);
      await activated(registration);
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(box.dataset.vapidKey),
      });
      const json = subscription.toJSON();
      const body = new URLSearchParams({endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth});
      const response = await fetch(box.dataset.subscribeUrl, {
        method: "POST",
        headers: {"X-CSRFToken": csrfToken()},
        body,
      });
      const answer = await response.json();
      say(answer.message);
    } catch (error) {
      say("Couldn't turn reminders on here: " + error.message);
    } finally {
      button.disabled = false;
    }
  }

  button.hidden = false;
  button.addEventListener("click", turnOn);
})();
