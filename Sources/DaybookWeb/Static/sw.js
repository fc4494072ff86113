// Daybook's service worker, served at /sw.js so that its scope is the whole site. No build step,
// no library.
// - Web Push (issue 13): shows notifications and opens their link on tap.
// - Offline (issue 19): pages are fetched from the network first and a copy is kept; with no
//   connection the copy is shown, marked "Offline — showing what was saved", and a page never
//   seen gets /offline, which lists the saved ones. Static files are kept as fetched (their URLs
//   never change content). Photos go to the network first too: a photo whose share was withdrawn
//   must stop showing at once, so the kept copy is only for when there is no connection. Caches
//   carry VERSION and older ones are dropped on upgrade; logging out clears them all (the server
//   sends Clear-Site-Data).
"use strict";

var VERSION = "v1";
var PAGES = "daybook-pages-" + VERSION;
var FILES = "daybook-files-" + VERSION;
var OFFLINE_URL = "/offline";
// Pages never kept: signing in and out, and the profile (sessions, two-factor secrets).
var NEVER_KEPT = /^\/(login|signup|logout|profile|welcome|offline)(\/|$)/;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(PAGES).then(function (cache) {
    return cache.add(new Request(OFFLINE_URL, { credentials: "same-origin" }));
  }).catch(function () { /* offline page missing: the browser's own error instead */ }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("daybook-") === 0 && name !== PAGES && name !== FILES;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(fromCacheFirst(request));
  } else if (url.pathname.indexOf("/media/") === 0) {
    event.respondWith(photoFromNetworkFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(fromNetworkFirst(request, url));
  }
});

function fromCacheFirst(request) {
  return caches.open(FILES).then(function (cache) {
    return cache.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok && response.type === "basic") cache.put(request, response.clone());
        return response;
      });
    });
  });
}

function photoFromNetworkFirst(request) {
  return fetch(request).then(function (response) {
    return caches.open(FILES).then(function (cache) {
      // A photo that is no longer ours to see is forgotten, not kept.
      if (response.ok && response.type === "basic") cache.put(request, response.clone());
      else if (response.status === 404) cache.delete(request);
      return response;
    });
  }).catch(function () {
    return caches.open(FILES).then(function (cache) { return cache.match(request); }).then(function (hit) {
      return hit || Response.error();
    });
  });
}

function fromNetworkFirst(request, url) {
  return fetch(request).then(function (response) {
    var keep = response.ok && response.type === "basic" && !response.redirected && !NEVER_KEPT.test(url.pathname);
    if (keep) {
      var copy = response.clone();
      caches.open(PAGES).then(function (cache) { return cache.put(request, copy); });
    } else if (response.status === 404) {
      // Gone, or no longer shared with us: not to be shown offline either.
      caches.open(PAGES).then(function (cache) { return cache.delete(request, { ignoreVary: true }); });
    }
    return response;
  }).catch(function () {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(request, { ignoreVary: true }).then(function (hit) {
        return hit ? markedOffline(hit) : cache.match(OFFLINE_URL).then(function (offline) {
          return offline || Response.error();
        });
      });
    });
  });
}

// The saved page with a notice at the top of its content (same headers, so the same CSP).
function markedOffline(response) {
  return response.text().then(function (html) {
    var notice = '<p class="offline-notice" role="status" data-offline-notice>' +
      "Offline — showing what was saved. New changes wait until you are back online.</p>";
    return new Response(html.replace("<main", notice + "<main"), { status: 200, headers: response.headers });
  });
}

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
