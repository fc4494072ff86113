// Daybook's only script: small helps on top of pages that work without it, and photo uploads.
"use strict";

(function () {
  // The journal form's fields a draft keeps (see setUpDraft); set before ready() may run.
  var DRAFT_FIELDS = ["title", "body", "tags", "location", "latitude", "longitude", "date"];

  function deviceTimeZone() {
    try {
      return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
    } catch (error) {
      return "UTC";
    }
  }

  function ready(fn) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn);
    else fn();
  }

  ready(function () {
    // Sign-up: preset the account's time zone from the browser (issue 2 "Profile").
    document.querySelectorAll('input[data-fill="time-zone"]').forEach(function (input) {
      if (!input.value) input.value = deviceTimeZone();
    });

    // Profile: offer the device's zone when it differs from the one chosen.
    document.querySelectorAll('[data-action="use-device-zone"]').forEach(function (button) {
      var select = document.getElementById("timeZone");
      var zone = deviceTimeZone();
      if (!select || select.value === zone) return;
      var known = Array.prototype.some.call(select.options, function (o) { return o.value === zone; });
      if (!known) return;
      button.textContent = "Use this device's time zone (" + zone.replace(/_/g, " ") + ")";
      button.hidden = false;
      button.addEventListener("click", function () {
        select.value = zone;
        button.hidden = true;
        select.focus();
      });
    });

    document.querySelectorAll("[data-bell]").forEach(setUpBell);
    document.querySelectorAll("[data-push-subscribe]").forEach(setUpPushSubscribe);
    // The service worker shows Web Push notifications (and, later, pages offline).
    if ("serviceWorker" in navigator && document.body.classList.contains("app")) {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* pages work without it */ });
    } else if (window.caches && navigator.onLine !== false) {
      // Signed out (a session that ended, not only "Log out"): whatever pages the device kept are
      // someone's private days, and the next person to sign in here must not get them offline.
      caches.keys().then(function (names) {
        names.forEach(function (name) { if (name.indexOf("daybook-") === 0) caches.delete(name); });
      }).catch(function () { /* nothing kept */ });
      // Forms kept offline go too: sent after another person signs in here, they would be theirs.
      if (window.indexedDB) indexedDB.deleteDatabase("daybook-outbox");
    }
    document.querySelectorAll("form[data-outbox]").forEach(setUpOutboxForm);
    setUpOutbox();
    document.querySelectorAll("[data-photo-picker]").forEach(setUpPhotoPicker);
    document.querySelectorAll("[data-photo-list]").forEach(setUpPhotoList);
    document.querySelectorAll("[data-color-source]").forEach(setUpColorSuggestions);
    document.querySelectorAll("[data-closet-search]").forEach(setUpClosetSearch);
    document.querySelectorAll("img[data-avatar-img]").forEach(hideBrokenAvatar);
    document.querySelectorAll("[data-saved-draft]").forEach(function (el) { forgetDraft(el.dataset.savedDraft); });
    document.querySelectorAll("form[data-draft]").forEach(setUpDraft);
    document.querySelectorAll("[data-locate]").forEach(setUpLocate);
    document.querySelectorAll("[data-offline-pages]").forEach(listSavedPages);
    document.querySelectorAll("form[data-import-upload]").forEach(setUpImportUpload);
    document.querySelectorAll("[data-transfer-progress]").forEach(followTransfer);
    // A choice made where an error said "pick one" answers it: the message goes (issue 63: "Pick
    // how you feel." stayed after a feeling was chosen).
    document.addEventListener("change", function (event) {
      var field = event.target.closest && event.target.closest(".has-error");
      if (!field || !(event.target.type === "radio" || event.target.type === "checkbox")) return;
      field.classList.remove("has-error");
      field.removeAttribute("aria-describedby");
      field.querySelectorAll(".field-error").forEach(function (message) { message.remove(); });
    });
    // Logging out forgets every draft on this device.
    document.querySelectorAll('form[action="/logout"]').forEach(function (form) {
      form.addEventListener("submit", forgetAllDrafts);
    });

    // Show that a form is on its way (seed 001 NFR14), and stop a double tap sending it twice.
    document.addEventListener("submit", function (event) {
      var form = event.target;
      if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
        event.preventDefault();
        return;
      }
      if (form.dataset.submitting === "1") {
        event.preventDefault();
        return;
      }
      form.dataset.submitting = "1";
      var button = event.submitter || form.querySelector('button[type="submit"], button:not([type])');
      if (button) button.setAttribute("aria-busy", "true");
    });
  });

  // Photos (issue 4): a picker shows the chosen picture at once, then uploads its bytes with a
  // progress bar and a spinner. data-mode="attach" (a day's photo) uploads right away and puts the
  // new photo's id in the form's hidden field; data-mode="confirm" (the profile picture) waits
  // for "Save picture" and then opens data-done-url. The server decides whether the file is a
  // photo; the size is checked here only to save a long wait.
  var maxPhotoBytes = 25 * 1024 * 1024;

  // Sends one photo's bytes to the page's upload route (with the CSRF header), showing its
  // progress; `done(status, answer)` gets the parsed JSON answer, `failed()` a connection failure.
  // Returns the request, so that it can be aborted.
  function sendPhoto(root, file, progress, statusText, done, failed) {
    var request = new XMLHttpRequest();
    request.open("POST", root.dataset.uploadUrl);
    request.setRequestHeader("X-CSRF-Token", root.dataset.csrf);
    request.setRequestHeader("Content-Type", "application/octet-stream");
    request.upload.addEventListener("progress", function (event) {
      if (!event.lengthComputable) return;
      progress.value = Math.round((event.loaded / event.total) * 100);
      progress.textContent = progress.value + "%";
      if (event.loaded === event.total) statusText.textContent = "Processing…";
    });
    request.addEventListener("load", function () {
      var answer = {};
      try { answer = JSON.parse(request.responseText); } catch (e) { answer = {}; }
      done(request.status, answer);
    });
    request.addEventListener("error", failed);
    request.send(file);
    return request;
  }

  function setUpPhotoPicker(root) {
    var input = root.querySelector("[data-photo-input]");
    var preview = root.querySelector("[data-photo-preview]");
    var previewImage = preview && preview.querySelector("img");
    var current = root.querySelector("[data-photo-current]");
    var status = root.querySelector("[data-photo-status]");
    var statusText = root.querySelector("[data-photo-status-text]");
    var progress = root.querySelector("[data-photo-progress]");
    var error = root.querySelector("[data-photo-error]");
    var idField = root.querySelector("[data-photo-id]");
    var confirm = root.querySelector("[data-photo-confirm]");
    var remove = root.querySelector("[data-photo-remove]");
    var form = root.closest("form");
    var chosen = null;
    var objectURL = null;

    function showError(message) {
      error.textContent = message;
      error.hidden = !message;
    }

    function showPreview(src) {
      if (objectURL) URL.revokeObjectURL(objectURL);
      objectURL = src && src.indexOf("blob:") === 0 ? src : null;
      if (src) previewImage.src = src;
      else previewImage.removeAttribute("src");
      preview.hidden = !src;
      if (current) current.hidden = !!src;
    }

    function setBusy(busy) {
      status.hidden = !busy;
      root.setAttribute("aria-busy", busy ? "true" : "false");
      if (form) form.querySelectorAll('button[type="submit"]').forEach(function (b) { b.disabled = busy; });
    }

    function upload(file) {
      showError("");
      setBusy(true);
      progress.value = 0;
      statusText.textContent = "Uploading…";
      sendPhoto(root, file, progress, statusText, function (status, answer) {
        if (status >= 200 && status < 300) {
          if (root.dataset.doneUrl) {
            window.location.assign(root.dataset.doneUrl);
            return;
          }
          setBusy(false);
          if (idField) idField.value = answer.id;
          if (remove) remove.hidden = false;
          statusText.textContent = "";
          root.dataset.uploaded = answer.id;
        } else {
          setBusy(false);
          showError(answer.message || "The photo could not be uploaded (error " + status + ").");
          if (!idField || !idField.value) showPreview(null);
        }
      }, function () {
        setBusy(false);
        showError("The photo could not be uploaded: the connection failed. Try again.");
      });
    }

    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      input.value = "";
      if (!file) return;
      if (file.size > maxPhotoBytes) {
        showError("This photo is too large. Photos can be up to 25 MB.");
        return;
      }
      chosen = file;
      showPreview(URL.createObjectURL(file));
      if (root.dataset.mode === "confirm") {
        showError("");
        confirm.hidden = false;
      } else {
        upload(file);
      }
    });

    if (confirm) {
      root.querySelector("[data-photo-save]").addEventListener("click", function () {
        if (!chosen) return;
        confirm.hidden = true;
        upload(chosen);
      });
      root.querySelector("[data-photo-cancel]").addEventListener("click", function () {
        chosen = null;
        confirm.hidden = true;
        showPreview(null);
        showError("");
      });
    }

    if (remove) {
      remove.addEventListener("click", function () {
        if (idField) idField.value = "";
        showPreview(null);
        showError("");
        remove.hidden = true;
      });
    }
  }

  // Several photos (a journal entry, seed 001): each chosen file shows at once as a thumbnail and
  // uploads on its own, with a progress bar and a spinner; when it is stored, its id goes in the
  // thumbnail's hidden photoIds field. The form posts those fields in the order they are shown,
  // so moving a thumbnail moves the photo. Saving waits until every upload has finished.
  function setUpPhotoList(root) {
    var strip = root.querySelector("[data-photo-strip]");
    var template = root.querySelector("[data-photo-template]");
    var error = root.querySelector("[data-photo-error]");
    var form = root.closest("form");
    var max = parseInt(root.dataset.max, 10) || 20;
    var pending = 0;

    function showError(message) {
      error.textContent = message;
      error.hidden = !message;
    }

    function items() {
      return Array.prototype.slice.call(strip.querySelectorAll("[data-photo-item]"));
    }

    // Numbers the photos, marks the cover, and disables the moves that go nowhere (a one-photo
    // picker has no moves).
    function refresh() {
      var all = items();
      strip.hidden = all.length === 0;
      all.forEach(function (item, index) {
        item.classList.toggle("is-cover", index === 0 && max > 1);
        var image = item.querySelector("img");
        image.alt = max > 1 ? "Photo " + (index + 1) + " of " + all.length + (index === 0 ? " (cover)" : "") : "The photo";
        var back = item.querySelector('[data-photo-move="-1"]');
        var on = item.querySelector('[data-photo-move="1"]');
        if (back) back.disabled = index === 0;
        if (on) on.disabled = index === all.length - 1;
      });
    }

    function setPending(change) {
      pending += change;
      root.setAttribute("aria-busy", pending > 0 ? "true" : "false");
      if (form) form.querySelectorAll('button[type="submit"]').forEach(function (b) { b.disabled = pending > 0; });
    }

    function dropItem(item) {
      if (item.xhr) item.xhr.abort();
      var image = item.querySelector("img");
      if (image.src.indexOf("blob:") === 0) URL.revokeObjectURL(image.src);
      item.remove();
      refresh();
    }

    function upload(item, file) {
      var progress = item.querySelector("[data-photo-progress]");
      var statusText = item.querySelector("[data-photo-status-text]");
      var finished = false;
      function finish() {
        if (finished) return;
        finished = true;
        item.xhr = null;
        setPending(-1);
      }
      setPending(1);
      var request = sendPhoto(root, file, progress, statusText, function (status, answer) {
        finish();
        if (status >= 200 && status < 300 && answer.id) {
          item.querySelector('input[name="photoIds"]').value = answer.id;
          item.classList.remove("is-uploading");
          item.dataset.uploaded = answer.id;
          root.dispatchEvent(new CustomEvent("daybook:photo-uploaded", { detail: { id: answer.id } }));
          offerPlace(root.closest("form"), answer);
        } else {
          showError((file.name ? file.name + ": " : "") +
            (answer.message || "the photo could not be uploaded (error " + status + ")."));
          dropItem(item);
        }
      }, function () {
        finish();
        // No connection: a new journal entry keeps the photo on the device with the entry.
        keepPhotoOffline(form, file).then(function (key) {
          if (key) {
            item.querySelector('input[name="photoIds"]').value = "pending:" + key;
            item.classList.remove("is-uploading");
            item.dataset.kept = "1";
            showError("");
            return;
          }
          showError("A photo could not be uploaded: the connection failed. Try again.");
          dropItem(item);
        });
      });
      item.xhr = request;
      request.addEventListener("abort", finish);
    }

    function add(file) {
      if (file.size > maxPhotoBytes) {
        showError((file.name ? file.name + ": " : "") + "this photo is too large. Photos can be up to 25 MB.");
        return;
      }
      var item = template.content.firstElementChild.cloneNode(true);
      item.querySelector("img").src = URL.createObjectURL(file);
      strip.appendChild(item);
      refresh();
      upload(item, file);
    }

    root.querySelectorAll("[data-photo-files]").forEach(function (input) {
      input.addEventListener("change", function () {
        var files = Array.prototype.slice.call(input.files || []);
        input.value = "";
        if (!files.length) return;
        showError("");
        // A one-photo picker (a closet item) replaces its photo instead of refusing a second.
        if (max === 1) items().forEach(dropItem);
        var room = max - items().length;
        if (files.length > room) {
          showError("An entry can have at most " + max + " photos" +
            (room > 0 ? "; only the first " + room + " of these were added." : "."));
          files = files.slice(0, Math.max(room, 0));
        }
        files.forEach(add);
        var last = strip.lastElementChild;
        if (last) last.scrollIntoView({ block: "nearest", inline: "nearest" });
      });
    });

    strip.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !strip.contains(button)) return;
      var item = button.closest("[data-photo-item]");
      if (button.hasAttribute("data-photo-drop")) {
        var next = item.nextElementSibling || item.previousElementSibling;
        dropItem(item);
        showError("");
        var focus = next && next.querySelector("[data-photo-drop]");
        if (focus) focus.focus();
        return;
      }
      var step = parseInt(button.dataset.photoMove, 10);
      if (step < 0 && item.previousElementSibling) strip.insertBefore(item, item.previousElementSibling);
      if (step > 0 && item.nextElementSibling) strip.insertBefore(item.nextElementSibling, item);
      refresh();
      // Keep the focus on the button that moved, or on its twin once this one has nowhere to go.
      (button.disabled ? item.querySelector('[data-photo-move="' + -step + '"]') : button).focus();
      item.scrollIntoView({ block: "nearest", inline: "nearest" });
    });

    refresh();
  }

  // The bell (issue 13): the live stream of notifications keeps its count right without reloading.
  // EventSource reconnects by itself and sends Last-Event-ID, so nothing made meanwhile is lost.
  function setUpBell(bell) {
    if (!window.EventSource) return;
    var count = bell.querySelector("[data-bell-count]");
    var label = bell.querySelector("[data-bell-label]");
    function show(unread) {
      count.hidden = unread === 0;
      count.textContent = unread > 99 ? "99+" : String(unread);
      label.textContent = unread === 0 ? "Notifications" : "Notifications, " + unread + " unread";
      bell.dataset.unread = String(unread);
    }
    var toast = document.querySelector("[data-toast]");
    var hideTimer = null;
    // A notification that arrives while the page is open shows for a few seconds as a toast
    // (what was waiting when the page opened is only counted: the first "unread" ends that).
    var caughtUp = false;
    function pop(notification) {
      if (!toast || !caughtUp || notification.read) return;
      var link = toast.querySelector("[data-toast-link]");
      link.textContent = notification.text;
      link.href = notification.link || "/notifications";
      toast.hidden = false;
      clearTimeout(hideTimer);
      hideTimer = setTimeout(function () { toast.hidden = true; }, 8000);
    }
    if (toast) {
      toast.querySelector("[data-toast-close]").addEventListener("click", function () { toast.hidden = true; });
    }
    var events = new EventSource("/api/v1/events");
    events.addEventListener("unread", function (event) {
      show(parseInt(event.data, 10) || 0);
      caughtUp = true;
    });
    events.addEventListener("notification", function (event) {
      try {
        var notification = JSON.parse(event.data);
        show(notification.unreadCount || 0);
        pop(notification);
      } catch (e) { /* the unread event follows */ }
    });
    window.addEventListener("pagehide", function () { events.close(); });
  }

  // "Get notifications on this device": asks the browser for permission, subscribes through its
  // push service with the server's VAPID key, and hands the subscription to the server.
  function setUpPushSubscribe(root) {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !window.Notification) return;
    root.hidden = false;
    var button = root.querySelector("[data-push-button]");
    var status = root.querySelector("[data-push-status]");
    function key(text) {
      var base64 = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
      var raw = atob(base64);
      var bytes = new Uint8Array(raw.length);
      for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
      return bytes;
    }
    button.addEventListener("click", function () {
      button.setAttribute("aria-busy", "true");
      status.textContent = "Asking your browser…";
      Notification.requestPermission().then(function (permission) {
        if (permission !== "granted") throw new Error("Notifications are blocked for this site in your browser's settings.");
        return navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
          return navigator.serviceWorker.ready;
        });
      }).then(function (registration) {
        return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key(root.dataset.vapidKey) });
      }).then(function (subscription) {
        return fetch("/profile/push", {
          method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRF-Token": root.dataset.csrf },
          body: JSON.stringify(subscription)
        });
      }).then(function (response) {
        return response.json().then(function (answer) {
          if (!response.ok) throw new Error(answer.message || "That did not work.");
          window.location.href = "/profile/reminders?notice=device-added";
        });
      }).catch(function (error) {
        status.textContent = error.message || "That did not work. Try again.";
      }).then(function () { button.removeAttribute("aria-busy"); });
    });
  }

  // Drafts (issue 17): what is typed in a journal form is kept in this browser (localStorage) as
  // it is typed, so a crash, a closed tab or a failed save loses nothing. Opening the form again
  // offers it back; the page shown after a successful save forgets it (data-saved-draft), and so
  // does logging out. Photos are not part of a draft: they are uploaded as soon as they are chosen.
  function readDraft(key) {
    try {
      var draft = JSON.parse(window.localStorage.getItem(key) || "null");
      return draft && typeof draft === "object" && draft.fields ? draft : null;
    } catch (error) {
      return null;
    }
  }

  function forgetDraft(key) {
    try { window.localStorage.removeItem(key); } catch (error) { /* nothing kept */ }
  }

  function forgetAllDrafts() {
    try {
      for (var i = window.localStorage.length - 1; i >= 0; i--) {
        var key = window.localStorage.key(i);
        if (key && key.indexOf("draft:") === 0) window.localStorage.removeItem(key);
      }
    } catch (error) { /* nothing kept */ }
  }

  function setUpDraft(form) {
    var key = form.dataset.draft;
    function values() {
      var fields = {};
      DRAFT_FIELDS.forEach(function (name) {
        var field = form.elements.namedItem(name);
        if (field && "value" in field) fields[name] = field.value;
      });
      return fields;
    }
    function differs(fields) {
      var now = values();
      return DRAFT_FIELDS.some(function (name) {
        return name in fields && name in now && fields[name] !== now[name];
      });
    }
    var initial = values();
    var saved = readDraft(key);
    var offer = form.querySelector("[data-draft-offer]");
    if (saved && differs(saved.fields) && offer) {
      var when = offer.querySelector("[data-draft-when]");
      if (when && saved.at) when.textContent = new Date(saved.at).toLocaleString();
      offer.hidden = false;
      offer.querySelector("[data-draft-restore]").addEventListener("click", function () {
        Object.keys(saved.fields).forEach(function (name) {
          var field = form.elements.namedItem(name);
          if (field && "value" in field) field.value = saved.fields[name];
        });
        offer.hidden = true;
        var body = form.elements.namedItem("body");
        if (body) body.focus();
      });
      offer.querySelector("[data-draft-discard]").addEventListener("click", function () {
        forgetDraft(key);
        offer.hidden = true;
      });
    }
    var timer = null;
    function keep() {
      timer = null;
      var fields = values();
      var changed = DRAFT_FIELDS.some(function (name) { return fields[name] !== initial[name]; });
      if (!changed) return;
      try {
        window.localStorage.setItem(key, JSON.stringify({ at: Date.now(), fields: fields }));
      } catch (error) { /* storage full or off: the form still saves */ }
    }
    form.addEventListener("input", function () {
      if (timer) clearTimeout(timer);
      timer = setTimeout(keep, 300);
    });
    // Leaving the page (closing the tab) keeps the very last keystrokes too.
    window.addEventListener("pagehide", function () { if (timer) { clearTimeout(timer); keep(); } });
    form.addEventListener("submit", function () { if (timer) { clearTimeout(timer); keep(); } });
  }

  // A photo that said where it was taken offers that place to an entry that has none yet (the
  // kept original no longer holds it).
  function offerPlace(form, answer) {
    if (!form || !answer.latitude || !answer.longitude) return;
    var latitude = form.elements.namedItem("latitude");
    var longitude = form.elements.namedItem("longitude");
    if (!latitude || !longitude || latitude.value || longitude.value) return;
    latitude.value = answer.latitude;
    longitude.value = answer.longitude;
    var status = form.querySelector("[data-locate-status]");
    if (status) status.textContent = "Place taken from the photo; the photo itself keeps no place.";
    form.dispatchEvent(new Event("input"));
  }

  // "Use where I am": fills latitude and longitude from the device, when it can tell.
  function setUpLocate(button) {
    if (!("geolocation" in navigator)) return;
    var form = button.form;
    var status = form.querySelector("[data-locate-status]");
    button.hidden = false;
    button.addEventListener("click", function () {
      if (status) status.textContent = "Finding where you are…";
      navigator.geolocation.getCurrentPosition(function (position) {
        form.elements.namedItem("latitude").value = position.coords.latitude.toFixed(5);
        form.elements.namedItem("longitude").value = position.coords.longitude.toFixed(5);
        if (status) status.textContent = "Done.";
        form.dispatchEvent(new Event("input"));
      }, function () {
        if (status) status.textContent = "This device did not say where it is.";
      }, { timeout: 15000 });
    });
  }

  // An author's picture that may not be shown falls back to the initials behind it.
  function hideBrokenAvatar(image) {
    function hide() { image.hidden = true; }
    if (image.complete && image.naturalWidth === 0) hide();
    else image.addEventListener("error", hide);
  }

  // Coming back with the back button shows the page as it was left: make its forms usable again.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    document.querySelectorAll("form[data-submitting]").forEach(function (form) {
      delete form.dataset.submitting;
    });
    document.querySelectorAll('[aria-busy="true"]').forEach(function (el) { el.removeAttribute("aria-busy"); });
  });

  // Closet (issue 14): once an item's photo is uploaded, its colours are offered as chips; one tap
  // ticks the colour below. Without JavaScript the item's page offers them after saving.
  function setUpColorSuggestions(picker) {
    var form = picker.closest("form");
    var box = form && form.querySelector("[data-color-suggestions]");
    if (!box) return;
    var list = box.querySelector("[data-color-suggestion-list]");
    function tick(color) {
      var input = form.querySelector('input[name="colors"][value="' + color + '"]');
      if (input) input.checked = true;
    }
    box.addEventListener("click", function (event) {
      var button = event.target.closest("[data-color-accept]");
      if (!button) return;
      tick(button.getAttribute("data-color-accept"));
      button.remove();
      if (!list.querySelector("[data-color-accept]")) box.hidden = true;
    });
    picker.addEventListener("daybook:photo-uploaded", function (event) {
      fetch("/closet/colors?photo=" + encodeURIComponent(event.detail.id), { credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.json() : { colors: "" }; })
        .then(function (answer) {
          var colors = (answer.colors || "").split(",").filter(function (c) {
            var input = c && form.querySelector('input[name="colors"][value="' + c + '"]');
            return input && !input.checked;
          });
          list.textContent = "";
          colors.forEach(function (color) {
            var button = document.createElement("button");
            button.type = "button";
            button.className = "chip chip-small chip-suggest";
            button.setAttribute("data-color-accept", color);
            var swatch = document.createElement("span");
            swatch.className = "swatch swatch-" + color;
            swatch.setAttribute("aria-hidden", "true");
            button.appendChild(swatch);
            button.appendChild(document.createTextNode(color + " +"));
            list.appendChild(button);
            list.appendChild(document.createTextNode(" "));
          });
          box.hidden = colors.length === 0;
        })
        .catch(function () { /* suggestions are a convenience */ });
    });
  }

  // The closet's search bar filters as you type: the page for the new query is fetched and its
  // results swapped in, and the address follows, so Back and reload keep the search.
  function setUpClosetSearch(form) {
    var input = form.querySelector('input[name="q"]');
    var results = document.querySelector("[data-closet-results]");
    if (!input || !results || !window.fetch || !window.DOMParser) return;
    var timer = null;
    var latest = 0;
    function run() {
      var url = form.action + "?" + new URLSearchParams(new FormData(form)).toString();
      var ticket = ++latest;
      fetch(url, { credentials: "same-origin" })
        .then(function (response) { return response.text(); })
        .then(function (html) {
          if (ticket !== latest) return;
          var page = new DOMParser().parseFromString(html, "text/html");
          var fresh = page.querySelector("[data-closet-results]");
          if (!fresh) return;
          results.replaceChildren.apply(results, Array.prototype.slice.call(fresh.childNodes));
          history.replaceState(null, "", url);
        })
        .catch(function () { /* the form still submits */ });
    }
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(run, 200);
    });
  }

  // The offline page (issue 19): links to the pages the service worker has kept, by their titles.
  function listSavedPages(list) {
    if (!window.caches) return;
    caches.keys().then(function (names) {
      var pages = names.filter(function (name) { return name.indexOf("daybook-pages-") === 0; })[0];
      return pages ? caches.open(pages) : null;
    }).then(function (cache) {
      if (!cache) return;
      return cache.keys().then(function (requests) {
        return Promise.all(requests.map(function (request) {
          var url = new URL(request.url);
          if (url.pathname === "/offline") return null;
          return cache.match(request).then(function (response) { return response.text(); }).then(function (html) {
            var title = (html.match(/<title>([^<]*)<\/title>/) || [])[1] || url.pathname;
            return { href: url.pathname + url.search, title: title.replace(/ · Daybook$/, "") };
          });
        }));
      }).then(function (pages) {
        pages = pages.filter(Boolean);
        if (!pages.length) return;
        var none = list.querySelector("[data-offline-none]");
        if (none) none.remove();
        pages.forEach(function (page) {
          var item = document.createElement("li");
          var link = document.createElement("a");
          link.href = page.href;
          link.textContent = page.title;
          item.appendChild(link);
          list.appendChild(item);
        });
      });
    }).catch(function () { /* nothing to list */ });
  }

  // MARK: The outbox (issue 19)

  // Every send of a form the service worker may keep offline gets a new idempotency key, so that
  // sending it again later saves it once; a check-in also says when it was made (unless a time
  // was picked), so that one sent hours later keeps its moment.
  function setUpOutboxForm(form) {
    form.addEventListener("submit", function (event) {
      hiddenField(form, "idempotencyKey").value = newKey();
      var at = form.elements.namedItem("at");
      if (at && !at.value) hiddenField(form, "madeAt").value = new Date().toISOString();
      // With photos kept on the device the form goes to the outbox whole: the service worker
      // uploads them first, then sends the form with their ids.
      if (!form.querySelector('input[name="photoIds"][value^="pending:"]')) return;
      event.preventDefault();
      var path = new URL(form.action, window.location.href).pathname;
      var body = new URLSearchParams(new FormData(form)).toString();
      askWorker({ type: "keep-form", path: path, body: body }).then(function (answer) {
        if (answer && answer.kept) window.location.href = "/offline?kept=" + encodeURIComponent(path);
      });
    });
  }

  // Keeps a photo for a kept form; resolves with its key, or null where that cannot be.
  function keepPhotoOffline(form, file) {
    if (!form || !form.hasAttribute("data-outbox")) return Promise.resolve(null);
    return askWorker({ type: "keep-photo", blob: file }).then(function (answer) {
      return (answer && answer.key) || null;
    });
  }

  function hiddenField(form, name) {
    var field = form.querySelector('input[type="hidden"][name="' + name + '"]');
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = name;
      form.appendChild(field);
    }
    return field;
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  // Asks the service worker something; resolves with its answer (null without a worker).
  function askWorker(message) {
    if (!("serviceWorker" in navigator) || !navigator.serviceWorker.controller) return Promise.resolve(null);
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) { resolve(event.data); };
      navigator.serviceWorker.controller.postMessage(message, [channel.port2]);
      setTimeout(function () { resolve(null); }, 10000);
    });
  }

  function pageCSRF() {
    var field = document.querySelector('input[name="csrf"]');
    return field ? field.value : null;
  }

  // On a signed-in page: send what waits now, when the connection comes back, and show the
  // "waiting to sync" lists; logging out with something unsent asks first.
  function setUpOutbox() {
    if (!document.body.classList.contains("app") || !("serviceWorker" in navigator)) return;
    var lists = document.querySelectorAll("[data-outbox-list]");
    function refresh() {
      askWorker({ type: "list" }).then(function (answer) {
        var forms = (answer && answer.forms) || [];
        lists.forEach(function (list) { showOutbox(list, forms); });
        document.querySelectorAll('form[action="/logout"]').forEach(function (form) {
          if (forms.length) {
            form.dataset.confirm = (forms.length === 1 ? "One thing you made offline has" : forms.length +
              " things you made offline have") + " not been sent yet. Log out and lose " +
              (forms.length === 1 ? "it?" : "them?");
          } else {
            delete form.dataset.confirm;
          }
        });
      });
    }
    function send() {
      askWorker({ type: "flush", csrf: pageCSRF() }).then(refresh);
    }
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "outbox-changed") refresh();
    });
    window.addEventListener("online", send);
    var kept = new URLSearchParams(window.location.search).get("kept");
    if (kept === "/journal/new") forgetDraft("draft:/journal/new");
    document.querySelectorAll("[data-outbox-kept]").forEach(function (el) { el.hidden = !kept; });
    document.querySelectorAll("[data-outbox-unkept]").forEach(function (el) { el.hidden = !!kept; });
    if (navigator.serviceWorker.controller) send();
    else navigator.serviceWorker.ready.then(function () { setTimeout(send, 100); });
  }

  // A kept form's name in the list: what it is and the words it begins with.
  function outboxLabel(form) {
    var fields = new URLSearchParams(form.body);
    var words = function (name) {
      var text = (fields.get(name) || "").trim();
      return text ? ": " + (text.length > 40 ? text.slice(0, 40) + "…" : text) : "";
    };
    if (form.path === "/checkins") return "Check-in" + words("note");
    if (form.path === "/journal/new") {
      var photos = fields.getAll("photoIds").length;
      return "Journal entry" + (words("title") || words("body")) +
        (photos ? " (" + photos + (photos === 1 ? " photo)" : " photos)") : "");
    }
    return "Day entry for " + (fields.get("date") || form.path.split("/")[2]);
  }

  function showOutbox(list, forms) {
    var section = list.closest("[data-outbox]") || list;
    section.hidden = !forms.length;
    // The list is asked for again on every change the worker reports; drawn anew only when what
    // it shows changed, so that an Open button does not vanish from under the user's finger.
    var shown = JSON.stringify(forms.map(function (form) {
      return [form.key, form.state, form.status, form.madeAt];
    }));
    if (list.dataset.shown === shown) return;
    list.dataset.shown = shown;
    while (list.firstChild) list.removeChild(list.firstChild);
    forms.forEach(function (form) {
      var item = document.createElement("li");
      item.className = "outbox-item";
      item.dataset.outboxItem = form.state;
      var label = document.createElement("span");
      label.textContent = outboxLabel(form) + " · " + new Date(form.madeAt).toLocaleString();
      item.appendChild(label);
      var state = document.createElement("span");
      state.className = "outbox-state";
      if (form.state === "waiting") {
        state.textContent = "Waiting to sync";
      } else {
        state.textContent = form.status === 409 ? "Changed meanwhile: choose" : "Needs you";
        var open = document.createElement("button");
        open.type = "button";
        open.className = "button button-small";
        open.textContent = "Open";
        open.dataset.outboxOpen = form.key;
        open.addEventListener("click", function () { openKept(form.key); });
        state.appendChild(document.createTextNode(" "));
        state.appendChild(open);
      }
      item.appendChild(state);
      list.appendChild(item);
    });
  }

  // Sends a kept form as the page itself, so that the user sees the server's answer: the two
  // versions of a day to choose from, or the form with what needs changing beside its field.
  function openKept(key) {
    askWorker({ type: "take", key: key }).then(function (answer) {
      if (!answer || !answer.form) return;
      var form = document.createElement("form");
      form.method = "post";
      form.action = answer.form.path;
      form.hidden = true;
      var csrf = pageCSRF();
      new URLSearchParams(answer.form.body).forEach(function (value, name) {
        var field = document.createElement("input");
        field.type = "hidden";
        field.name = name;
        field.value = name === "csrf" && csrf ? csrf : value;
        form.appendChild(field);
      });
      document.body.appendChild(form);
      form.submit();
    });
  }
  // Import (issue 18): the chosen file's bytes are sent as the body, with a progress bar, to the
  // upload route, which reads it into a preview; the page then goes to the preview. A refusal is
  // said beside the file field.
  function setUpImportUpload(form) {
    var input = form.querySelector("[data-import-file]");
    var error = form.querySelector("[data-import-error]");
    var status = form.querySelector("[data-import-status]");
    var progress = form.querySelector("[data-import-progress]");
    var text = form.querySelector("[data-import-text]");
    var submit = form.querySelector("[data-import-submit]");
    function showError(message) {
      error.textContent = message;
      error.hidden = false;
      input.setAttribute("aria-invalid", "true");
      status.hidden = true;
      submit.disabled = false;
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var file = input.files && input.files[0];
      var kind = form.querySelector('input[name="kind"]:checked');
      if (!file) { showError("Choose the file to import."); return; }
      error.hidden = true;
      input.removeAttribute("aria-invalid");
      submit.disabled = true;
      status.hidden = false;
      text.textContent = "Uploading…";
      var url = form.getAttribute("action") + "?kind=" + encodeURIComponent(kind ? kind.value : "") +
        "&name=" + encodeURIComponent(file.name);
      var request = new XMLHttpRequest();
      request.open("POST", url);
      request.setRequestHeader("X-CSRF-Token", form.dataset.csrf);
      request.setRequestHeader("Content-Type", "application/octet-stream");
      request.upload.addEventListener("progress", function (e) {
        if (!e.lengthComputable) return;
        progress.value = Math.round((e.loaded / e.total) * 100);
        if (e.loaded === e.total) text.textContent = "Reading the file…";
      });
      request.addEventListener("load", function () {
        var answer = {};
        try { answer = JSON.parse(request.responseText); } catch (e) { answer = {}; }
        if (request.status === 201 && answer.location) { window.location.assign(answer.location); return; }
        showError(answer.message || "The file could not be read (error " + request.status + ").");
      });
      request.addEventListener("error", function () {
        showError("The file could not be sent: the connection failed. Try again.");
      });
      request.send(file);
    });
  }

  // A running export or import: its progress bar follows the server's, and the page reloads when
  // it has finished (to show the download, or what was imported).
  function followTransfer(root) {
    var bar = root.querySelector("progress");
    var text = root.querySelector("[data-transfer-text]");
    function poll() {
      fetch(root.dataset.statusUrl, { credentials: "same-origin" }).then(function (response) {
        return response.json();
      }).then(function (answer) {
        if (answer.status !== "running") { window.location.reload(); return; }
        bar.value = Number(answer.progress) || 0;
        if (text) text.textContent = text.textContent.replace(/[0-9]+%/, bar.value + "%");
        setTimeout(poll, 1000);
      }).catch(function () { setTimeout(poll, 3000); });
    }
    setTimeout(poll, 700);
  }
})();
