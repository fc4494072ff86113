// Daybook's service worker (issue 13): shows Web Push notifications and opens their link on tap.
// Served at /sw.js so that its scope is the whole site. No build step, no library.
"use strict";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("push", function (event) {
  var message = {};
  try { message = event.data ? event.data.json() : {}; } catch (e) { message = { body: event.data && event.data.text() }; }
  event.waitUntil(self.registration.showNotification(message.title || "Daybook", {
    body: message.body || "",
    tag: message.id,
    icon: "/static/icon-192.png",
    badge: "/static/icon-192.png",
    data: { link: message.link || "/notifications" }
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var link = (event.notification.data && event.notification.data.link) || "/notifications";
  // Only a path of this site: a link never leads elsewhere.
  if (link.charAt(0) !== "/" || link.charAt(1) === "/") link = "/notifications";
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    for (var i = 0; i < windows.length; i++) {
      if ("focus" in windows[i] && "navigate" in windows[i]) {
        return windows[i].navigate(link).then(function (w) { return w && w.focus(); });
      }
    }
    return self.clients.openWindow(link);
  }));
});
