/* global document, window, HTMLTextAreaElement, HTMLInputElement */
// Runs inside the challenge's frame. Puts a solved token where the page looks for it: the
// widget's response fields (set through the native setter, with input and change events), the
// page's data-callback (called on the next tick, so a callback that navigates does not cut this
// call short), and for reCAPTCHA v3 the grecaptcha.execute the page calls on submit.
// Submits nothing itself. Marks the widget solved, so the next detection skips it.
(function () {
  var SOLVED = Symbol.for("errand.captcha.solvedAt");
  var FIELDS = {
    "recaptcha-v2": ["g-recaptcha-response"],
    "recaptcha-v3": ["g-recaptcha-response"],
    hcaptcha: ["h-captcha-response", "g-recaptcha-response"],
    turnstile: ["cf-turnstile-response"],
  };
  function setValue(field, value) {
    var proto = field.tagName === "TEXTAREA" ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value").set.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }
  function lookup(path) {
    var target = window;
    var parts = String(path).split(".");
    for (var i = 0; i < parts.length && target != null; i++) target = target[parts[i]];
    return target;
  }
  return function apply(arg) {
    var el = arg.selector ? document.querySelector(arg.selector) : null;
    var widget = el && el.tagName === "IFRAME" ? el.parentElement : el;
    var names = FIELDS[arg.kind].slice();
    if (arg.kind === "turnstile" && widget && widget.getAttribute("data-response-field-name"))
      names = [widget.getAttribute("data-response-field-name")];
    // v3 fields sit in the form, not in a widget; the others in (or, for v2, near) the widget.
    var scope = arg.kind === "recaptcha-v3" ? (el && el.closest("form")) || document : widget || document;
    var fields = [];
    names.forEach(function (name) {
      scope.querySelectorAll('[name="' + name + '"]').forEach(function (f) {
        fields.push(f);
      });
    });
    if (fields.length === 0 && arg.kind === "recaptcha-v2") {
      var lone = document.getElementById("g-recaptcha-response");
      if (lone) fields.push(lone);
    }
    fields.forEach(function (f) {
      setValue(f, arg.token);
    });

    var executeReplaced = false;
    if (arg.kind === "recaptcha-v3") {
      var answer = function () {
        return Promise.resolve(arg.token);
      };
      var g = window.grecaptcha;
      if (g) {
        try {
          g.execute = answer;
          if (g.enterprise) g.enterprise.execute = answer;
          executeReplaced = true;
        } catch {
          executeReplaced = false;
        }
      }
    }

    var callback = "none";
    // v3's callback is the page's submit handler: the page calls it when the visitor submits.
    if (arg.callback && arg.kind !== "recaptcha-v3") {
      var fn = lookup(arg.callback);
      if (typeof fn === "function") {
        setTimeout(function () {
          fn(arg.token);
        }, 0);
        callback = "called";
      } else {
        callback = "missing";
      }
    }
    (widget || document)[SOLVED] = Date.now();
    if (arg.kind === "recaptcha-v3") document[SOLVED] = Date.now();
    return { fields: fields.length, callback: callback, executeReplaced: executeReplaced };
  };
})();
