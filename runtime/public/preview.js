/*
 * The preview area (spec 2): a parent window of the console's own origin sends
 * {type: 'refreshFrame', data: {html, css, js, links, scripts}}; the generated form or dialog
 * is shown 600 px wide. Nothing from a message runs in this page: the content goes to a
 * frame that is sandboxed (no allow-same-origin: an opaque origin, without the console's
 * storage, token or cookies) and served with its own CSP (server-mock/app/previewFrame.ts).
 * Messages from any other origin, or not from the parent, are ignored. docs/security.md.
 */
(function () {
  'use strict';
  var frame = document.getElementById('preview-frame');
  var pending = null;
  var ready = false;

  function text(value) {
    return typeof value === 'string' ? value : '';
  }
  function list(value) {
    return Array.isArray(value)
      ? value.filter(function (v) {
          return typeof v === 'string';
        })
      : [];
  }

  function send() {
    if (ready && pending) {
      // The frame's origin is opaque ("null"): '*' is the only target it matches; the content is not secret.
      frame.contentWindow.postMessage({ type: 'render', data: pending }, '*');
      pending = null;
    }
  }

  window.addEventListener('message', function (event) {
    if (event.source === frame.contentWindow) {
      if (event.data === 'preview-frame-ready') {
        ready = true;
        send();
      }
      return;
    }
    if (event.origin !== window.location.origin || event.source !== window.parent || window.parent === window) return;
    var message = event.data;
    if (!message || message.type !== 'refreshFrame' || typeof message.data !== 'object' || message.data === null) return;
    var d = message.data;
    pending = { html: text(d.html), css: text(d.css), js: text(d.js), links: list(d.links), scripts: list(d.scripts) };
    // A fresh frame for each refresh: nothing of the last content stays.
    ready = false;
    frame.src = '/preview-frame.html';
  });
})();
