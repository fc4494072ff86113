// Daybook's only script: small helps on top of pages that work without it.
"use strict";

(function () {
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

    // Show that a form is on its way (seed 001 NFR14), and stop a double tap sending it twice.
    document.addEventListener("submit", function (event) {
      var form = event.target;
      if (form.dataset.submitting === "1") {
        event.preventDefault();
        return;
      }
      form.dataset.submitting = "1";
      var button = event.submitter || form.querySelector('button[type="submit"], button:not([type])');
      if (button) button.setAttribute("aria-busy", "true");
    });
  });

  // Coming back with the back button shows the page as it was left: make its forms usable again.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    document.querySelectorAll("form[data-submitting]").forEach(function (form) {
      delete form.dataset.submitting;
    });
    document.querySelectorAll('[aria-busy="true"]').forEach(function (el) { el.removeAttribute("aria-busy"); });
  });
})();
