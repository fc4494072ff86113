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
// - The outbox (issue 19): a check-in, a day entry or a journal entry posted with no connection
//   is kept in IndexedDB and sent when the connection is back (Background Sync, or a page asking
//   on load and on `online`). Each form carries the idempotency key app.js made for it, so a send
//   whose answer was lost and is sent again saves once. A send the server does not accept (the
//   day changed meanwhile, a field is wrong now, the session ended) waits for the user, who opens
//   it as a page and sees why.
"use strict";

var VERSION = "v2";
var PAGES = "daybook-pages-" + VERSION;
var FILES = "daybook-files-" + VERSION;
var OFFLINE_URL = "/offline";
// Pages never kept: signing in and out, and the profile (sessions, two-factor secrets).
var NEVER_KEPT = /^\/(login|signup|logout|profile|welcome|offline)(\/|$)/;
// The forms the outbox keeps when they cannot be sent.
var OUTBOX_PATHS = /^\/(checkins|today|journal\/new|days\/\d{4}-\d{2}-\d{2}\/edit)$/;
var OUTBOX_DB = "daybook-outbox";
var OUTBOX_SYNC = "daybook-outbox";

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
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && request.mode === "navigate" && OUTBOX_PATHS.test(url.pathname)) {
    event.respondWith(sendOrKeep(request, url));
    return;
  }
  if (request.method !== "GET") return;
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

// MARK: The outbox

// Posts the form; with no connection, keeps it and shows the offline page saying so.
function sendOrKeep(request, url) {
  var copy = request.clone();
  return fetch(request).catch(function () {
    return copy.text().then(function (body) { return keepNew(url.pathname, body); }).then(function () {
      return Response.redirect(OFFLINE_URL + "?kept=" + encodeURIComponent(url.pathname), 303);
    });
  });
}

// Keeps a form that could not be sent, and asks for a Background Sync where there is one.
function keepNew(path, body) {
  return keep({ key: keyOf(body), path: path, body: body, madeAt: Date.now(), state: "waiting" }).then(function () {
    if (self.registration.sync) self.registration.sync.register(OUTBOX_SYNC).catch(function () {});
  });
}

// The form's idempotency key (app.js adds one to every outbox form); a made-up one otherwise.
function keyOf(body) {
  return new URLSearchParams(body).get("idempotencyKey") || "kept-" + Date.now() + "-" + Math.random();
}

function openOutbox() {
  return new Promise(function (resolve, reject) {
    var opening = indexedDB.open(OUTBOX_DB, 2);
    opening.onupgradeneeded = function () {
      var db = opening.result;
      if (!db.objectStoreNames.contains("forms")) db.createObjectStore("forms", { keyPath: "key" });
      // Photos picked for a kept journal entry: the form names them `pending:<key>` until sent.
      if (!db.objectStoreNames.contains("photos")) db.createObjectStore("photos", { keyPath: "key" });
    };
    opening.onsuccess = function () { resolve(opening.result); };
    opening.onerror = function () { reject(opening.error); };
  });
}

// Runs `work(store)` in one transaction on `forms` (or `storeName`); resolves with what work's
// request gave.
function outbox(mode, work, storeName) {
  return openOutbox().then(function (db) {
    return new Promise(function (resolve, reject) {
      var transaction = db.transaction(storeName || "forms", mode);
      var request = work(transaction.objectStore(storeName || "forms"));
      transaction.oncomplete = function () { db.close(); resolve(request && request.result); };
      transaction.onerror = function () { db.close(); reject(transaction.error); };
    });
  });
}

function keep(form) { return outbox("readwrite", function (store) { return store.put(form); }).then(announce); }
function forget(key) { return outbox("readwrite", function (store) { return store.delete(key); }).then(announce); }
function keptForms() {
  return outbox("readonly", function (store) { return store.getAll(); }).then(function (forms) {
    return (forms || []).sort(function (a, b) { return a.madeAt - b.madeAt; });
  });
}

// Tells every open page that the outbox changed, so that its "waiting to sync" list follows.
function announce() {
  return self.clients.matchAll({ type: "window" }).then(function (windows) {
    windows.forEach(function (w) { w.postMessage({ type: "outbox-changed" }); });
  });
}

// Sends what waits, oldest first, and stops at the first lost connection. A page that asks
// passes its CSRF token (a new sign-in makes a new one; Background Sync uses the form's own).
var flushing = null;
function flush(csrf) {
  if (flushing) return flushing;
  flushing = keptForms().then(function (forms) {
    var waiting = forms.filter(function (form) { return form.state === "waiting"; });
    return waiting.reduce(function (chain, form) {
      return chain.then(function () { return sendKept(form, csrf); });
    }, Promise.resolve());
  }).then(function () { flushing = null; }, function (error) { flushing = null; throw error; });
  return flushing;
}

function sendKept(form, csrf) {
  var headers = { "Content-Type": "application/x-www-form-urlencoded" };
  if (csrf) headers["X-CSRF-Token"] = csrf;
  return uploadKeptPhotos(form, csrf).then(function (refused) {
    if (refused) return needsUser(form, refused);
    return fetch(form.path, { method: "POST", body: form.body, headers: headers, credentials: "same-origin" })
      .then(function (response) {
        // Saved: the server answers a saved form by sending the browser on (not to the login page).
        if (response.redirected && new URL(response.url).pathname !== "/login") return forget(form.key);
        return needsUser(form, response.redirected ? 401 : response.status);
      });
  });
}

function needsUser(form, status) {
  form.state = "attention";
  form.status = status;
  return keep(form);
}

// Uploads the photos a kept form names `pending:<key>`, one by one, and puts each photo's id in
// the form as soon as it has one (kept at once, so that a later failure never uploads it again).
// Resolves with the status of a refused upload, if one was refused.
function uploadKeptPhotos(form, csrf) {
  var token = csrf || new URLSearchParams(form.body).get("csrf") || "";
  var pending = new URLSearchParams(form.body).getAll("photoIds").filter(function (id) {
    return id.indexOf("pending:") === 0;
  });
  return pending.reduce(function (chain, placeholder) {
    return chain.then(function (refused) {
      if (refused) return refused;
      var key = placeholder.slice("pending:".length);
      return outbox("readonly", function (store) { return store.get(key); }, "photos").then(function (photo) {
        if (!photo) return null;
        return fetch("/photos/upload", {
          method: "POST", body: photo.blob, credentials: "same-origin",
          headers: { "Content-Type": "application/octet-stream", "X-CSRF-Token": token }
        }).then(function (response) {
          if (!response.ok) return response.status;
          return response.json().then(function (answer) {
            var fields = new URLSearchParams(form.body);
            var ids = fields.getAll("photoIds").map(function (id) { return id === placeholder ? answer.id : id; });
            fields.delete("photoIds");
            ids.forEach(function (id) { fields.append("photoIds", id); });
            form.body = fields.toString();
            return keep(form).then(function () {
              return outbox("readwrite", function (store) { return store.delete(key); }, "photos");
            }).then(function () { return null; });
          });
        });
      });
    });
  }, Promise.resolve(null));
}

self.addEventListener("sync", function (event) {
  if (event.tag === OUTBOX_SYNC) event.waitUntil(flush(null));
});

// Pages ask to send what waits ("flush"), for the list ("list", answered on the message's port),
// and to hand over one that needs the user ("take": answered with it, and forgotten here).
self.addEventListener("message", function (event) {
  var message = event.data || {};
  var reply = event.ports && event.ports[0];
  if (message.type === "flush") {
    event.waitUntil(flush(message.csrf).catch(function () {}).then(function () {
      if (reply) reply.postMessage({ done: true });
    }));
  } else if (message.type === "keep-photo" && reply) {
    var photoKey = "photo-" + Date.now() + "-" + Math.random().toString(36).slice(2);
    event.waitUntil(outbox("readwrite", function (store) {
      return store.put({ key: photoKey, blob: message.blob, madeAt: Date.now() });
    }, "photos").then(function () { reply.postMessage({ key: photoKey }); }, function () { reply.postMessage({}); }));
  } else if (message.type === "keep-form" && reply) {
    event.waitUntil(keepNew(message.path, message.body).then(function () {
      reply.postMessage({ kept: true });
    }, function () { reply.postMessage({}); }));
  } else if (message.type === "list" && reply) {
    event.waitUntil(keptForms().then(function (forms) { reply.postMessage({ forms: forms }); }));
  } else if (message.type === "take" && reply) {
    event.waitUntil(keptForms().then(function (forms) {
      var form = forms.filter(function (f) { return f.key === message.key; })[0] || null;
      reply.postMessage({ form: form });
      return form ? forget(form.key) : null;
    }));
  }
});

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
