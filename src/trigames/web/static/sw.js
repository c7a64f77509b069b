// The service worker (served at /sw.js, so that its scope is the whole site): it shows the
// server's pushes ({title, body, url, tag}) as notifications, and a click on one brings the
// tab of its page forward, or opens it.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data.text() };
  }
  const options = { body: message.body || "", data: { url: message.url || "/" } };
  if (message.tag) options.tag = message.tag;
  event.waitUntil(self.registration.showNotification(message.title || "trigames", options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  let url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (url.origin !== self.location.origin) url = new URL("/", self.location.origin); // this site's pages only
  event.waitUntil((async () => {
    const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = tabs.find((tab) => new URL(tab.url).pathname === url.pathname);
    if (open) return open.focus();
    return self.clients.openWindow(url.href);
  })());
});
