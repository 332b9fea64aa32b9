/* global document, location, CSS */
// Runs inside one frame whose quick check (detect-challenges.ts) matched one of the markers the
// common captcha widgets leave in a page (passed in as `markers`). Finds reCAPTCHA v2/v3,
// hCaptcha and Turnstile by their containers, scripts and iframes, and image captchas by an
// <img> named like one next to a text box. Returns plain objects.
(function () {
  var SOLVED = Symbol.for("errand.captcha.solvedAt");
  var SOLVED_FOR_MS = 110000; // tokens last about two minutes
  var WIDGETS = ".g-recaptcha,.h-captcha,.cf-turnstile";

  function unique(sel) {
    try {
      return document.querySelectorAll(sel).length === 1;
    } catch {
      return false;
    }
  }
  function selectorOf(el) {
    var parts = [];
    while (el && el.nodeType === 1 && el !== document.documentElement) {
      if (el.id && unique("#" + CSS.escape(el.id))) {
        parts.unshift("#" + CSS.escape(el.id));
        break;
      }
      var index = 1;
      for (var sib = el.previousElementSibling; sib; sib = sib.previousElementSibling) if (sib.tagName === el.tagName) index++;
      parts.unshift(el.tagName.toLowerCase() + ":nth-of-type(" + index + ")");
      el = el.parentElement;
    }
    return parts.join(" > ");
  }
  function filled(scope, names) {
    for (var i = 0; i < names.length; i++) {
      var fields = scope.querySelectorAll('[name="' + names[i] + '"]');
      for (var j = 0; j < fields.length; j++) if (fields[j].value) return true;
    }
    return false;
  }
  function marked(el) {
    var at = el && el[SOLVED];
    return typeof at === "number" && Date.now() - at < SOLVED_FOR_MS;
  }
  function param(src, name) {
    var m = new RegExp("[?&#]" + name + "=([^&#]+)").exec(src || "");
    return m ? decodeURIComponent(m[1]) : undefined;
  }
  function captchaInput(img) {
    var scope = img.closest("form") || document;
    var boxes = Array.prototype.filter.call(scope.querySelectorAll("input"), function (input) {
      var type = (input.getAttribute("type") || "text").toLowerCase();
      return ["text", "search", "tel", "number", ""].indexOf(type) >= 0 && !input.disabled && input.offsetParent !== null;
    });
    var named = boxes.filter(function (input) {
      var label = input.labels && input.labels[0] ? input.labels[0].textContent : "";
      var words = [input.name, input.id, input.placeholder, input.getAttribute("aria-label"), label].join(" ");
      return /captcha|characters|security code|verification code|code shown/i.test(words);
    });
    if (named.length) return named[0];
    // Else the first text box after the image.
    for (var i = 0; i < boxes.length; i++) if (img.compareDocumentPosition(boxes[i]) & 4) return boxes[i];
    return undefined;
  }

  return function detect(markers) {
    var found = document.querySelectorAll(markers);
    if (found.length === 0) return [];
    // A full-page checkpoint (a CDN's "Just a moment..." page) rather than a widget in a form.
    var interstitial = /^just a moment/i.test(document.title);
    var out = [];
    var pageUrl = location.href;
    function add(item) {
      item.pageUrl = pageUrl;
      for (var i = 0; i < out.length; i++) {
        var o = out[i];
        if (o.kind === item.kind && o.siteKey === item.siteKey && item.kind !== "image") {
          // The same widget seen twice (container and script or iframe): keep what each knows.
          for (var k in item) if (o[k] === undefined || o[k] === null) o[k] = item[k];
          o.solved = o.solved || item.solved;
          return;
        }
      }
      out.push(item);
    }
    for (var i = 0; i < found.length; i++) {
      var el = found[i];
      var tag = el.tagName;
      var src = el.getAttribute("src") || "";
      if (tag === "SCRIPT") {
        var render = param(src, "render");
        if (render && render !== "explicit" && render !== "onload") {
          var withAction = document.querySelector('[data-action][data-sitekey="' + render + '"]');
          add({
            kind: "recaptcha-v3",
            siteKey: render,
            action: withAction ? withAction.getAttribute("data-action") : undefined,
            solved: filled(document, ["g-recaptcha-response"]) || marked(document),
          });
        }
      } else if (tag === "IFRAME") {
        var holder = el.closest(WIDGETS) || el.parentElement || el;
        if (src.indexOf("/recaptcha/") >= 0) {
          var k = param(src, "k");
          if (k)
            add({
              kind: "recaptcha-v2",
              siteKey: k,
              invisible: param(src, "size") === "invisible",
              selector: selectorOf(holder),
              solved: filled(holder, ["g-recaptcha-response"]) || marked(holder),
            });
        } else if (src.indexOf("hcaptcha") >= 0) {
          var hk = param(src, "sitekey");
          if (hk)
            add({
              kind: "hcaptcha",
              siteKey: hk,
              selector: selectorOf(holder),
              solved: filled(holder, ["h-captcha-response"]) || marked(holder),
            });
        } else {
          var tk = /\/(0x[0-9A-Za-z_-]{8,})\//.exec(src);
          if (tk)
            add({
              kind: "turnstile",
              siteKey: tk[1],
              interstitial: interstitial || undefined,
              selector: selectorOf(holder),
              solved: filled(holder, ["cf-turnstile-response"]) || marked(holder),
            });
        }
      } else if (tag === "IMG") {
        if (el.closest(WIDGETS) || el.offsetParent === null) continue;
        var input = captchaInput(el);
        if (input)
          add({ kind: "image", selector: selectorOf(el), inputSelector: selectorOf(input), solved: !!input.value || marked(input) });
      } else {
        var key = el.getAttribute("data-sitekey");
        var callback = el.getAttribute("data-callback") || undefined;
        var classes = el.classList;
        if (classes.contains("g-recaptcha")) {
          var action = el.getAttribute("data-action");
          if (action)
            add({
              kind: "recaptcha-v3",
              siteKey: key,
              action: action,
              callback: callback,
              selector: selectorOf(el),
              solved: filled(el.closest("form") || document, ["g-recaptcha-response"]) || marked(el) || marked(document),
            });
          else
            add({
              kind: "recaptcha-v2",
              siteKey: key,
              callback: callback,
              invisible: el.getAttribute("data-size") === "invisible",
              selector: selectorOf(el),
              solved: filled(el, ["g-recaptcha-response"]) || marked(el),
            });
        } else if (classes.contains("h-captcha")) {
          add({
            kind: "hcaptcha",
            siteKey: key,
            callback: callback,
            selector: selectorOf(el),
            solved: filled(el, ["h-captcha-response"]) || marked(el),
          });
        } else {
          var field = el.getAttribute("data-response-field-name") || "cf-turnstile-response";
          add({
            kind: "turnstile",
            siteKey: key,
            action: el.getAttribute("data-action") || undefined,
            callback: callback,
            interstitial: interstitial || undefined,
            selector: selectorOf(el),
            solved: filled(el, [field]) || marked(el),
          });
        }
      }
    }
    return out;
  };
})();
