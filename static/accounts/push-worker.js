// The service worker for noon reminders: shows a pushed reminder, opens the board on a tap.
// It only handles pushes, so its scope (this folder) doesn't matter: no page is fetched
// through it.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {body: event.data ? event.data.text() : ""};
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "Gooner Ladder", {
      body: data.body || "Noon is coming.",
      tag: "noon-reminder", // a second one replaces the first instead of stacking
      data: {url: data.url || "/"},
    })
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data.url;
  // A tab already on the site is brought forward instead of opening another (focus only:
  // this worker controls no page, so it may not navigate one).
  event.waitUntil(
    self.clients.matchAll({type: "window", includeUncontrolled: true}).then((tabs) => {
      const open = tabs.find((tab) => new URL(tab.url).origin === new URL(url).origin);
      return open ? open.focus() : self.clients.openWindow(url);
    })
  );
});
