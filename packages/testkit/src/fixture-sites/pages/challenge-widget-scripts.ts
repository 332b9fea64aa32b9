import type { FixtureRoute } from "../types.ts";

// Our own stand-ins for the vendors' widget scripts, served locally. They build the same markup
// the real ones leave in the page (response fields, global APIs, data-callback calls) but never
// hand a visitor a token: only a solver's token, put in place from outside, gets through.

const RECAPTCHA_JS = String.raw`(function () {
  var widgets = [];
  function render(container, params) {
    if (typeof container === "string") container = document.getElementById(container);
    var id = widgets.length;
    var box = document.createElement("div");
    box.className = "rc-anchor";
    box.innerHTML = '<label class="inline"><input type="checkbox" class="rc-checkbox"> I\'m not a robot</label><p class="rc-message" role="status"></p>';
    container.appendChild(box);
    var field = document.createElement("textarea");
    field.id = id === 0 ? "g-recaptcha-response" : "g-recaptcha-response-" + id;
    field.name = "g-recaptcha-response";
    field.className = "g-recaptcha-response";
    field.style.display = "none";
    container.appendChild(field);
    box.querySelector("input").addEventListener("change", function (event) {
      event.target.checked = false;
      box.querySelector(".rc-message").textContent = "Automated queries detected. Please try again later.";
    });
    widgets.push({ field: field, params: params || {} });
    return id;
  }
  function ready(callback) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { callback(); });
    else callback();
  }
  window.grecaptcha = {
    ready: ready,
    render: render,
    getResponse: function (id) { var w = widgets[id || 0]; return w ? w.field.value : ""; },
    reset: function (id) { var w = widgets[id || 0]; if (w) w.field.value = ""; },
    // A visitor's own execute() scores as a bot: the token it yields fails verification.
    execute: function () { return Promise.resolve("unscored-" + Math.random().toString(36).slice(2)); },
  };
  ready(function () {
    document.querySelectorAll(".g-recaptcha[data-sitekey]").forEach(function (el) {
      if (!el.dataset.action) return void render(el, { sitekey: el.dataset.sitekey, callback: el.dataset.callback });
      // v3 button binding: a click asks for a token, then hands it to data-callback.
      el.addEventListener("click", function (event) {
        event.preventDefault();
        window.grecaptcha.execute(el.dataset.sitekey, { action: el.dataset.action }).then(function (token) {
          var callback = window[el.dataset.callback];
          if (typeof callback === "function") callback(token);
        });
      });
    });
  });
})();`;

const HCAPTCHA_JS = String.raw`(function () {
  var widgets = [];
  function render(container, params) {
    if (typeof container === "string") container = document.getElementById(container);
    var id = widgets.length;
    var box = document.createElement("div");
    box.className = "hc-checkbox";
    box.innerHTML = '<label class="inline"><input type="checkbox"> I am human</label><p class="hc-message" role="status"></p>';
    container.appendChild(box);
    var fields = ["h-captcha-response", "g-recaptcha-response"].map(function (name) {
      var field = document.createElement("textarea");
      field.name = name;
      field.id = name + "-" + id;
      field.style.display = "none";
      container.appendChild(field);
      return field;
    });
    container.setAttribute("data-hcaptcha-widget-id", String(id));
    box.querySelector("input").addEventListener("change", function (event) {
      event.target.checked = false;
      box.querySelector(".hc-message").textContent = "Challenge failed: please try again.";
    });
    widgets.push({ fields: fields, params: params || {} });
    return id;
  }
  window.hcaptcha = {
    render: render,
    getResponse: function (id) { var w = widgets[id || 0]; return w ? w.fields[0].value : ""; },
    reset: function (id) { var w = widgets[id || 0]; if (w) w.fields.forEach(function (f) { f.value = ""; }); },
    execute: function () {},
  };
  function init() {
    document.querySelectorAll(".h-captcha[data-sitekey]").forEach(function (el) { render(el, { sitekey: el.dataset.sitekey, callback: el.dataset.callback }); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();`;

const TURNSTILE_JS = String.raw`(function () {
  var widgets = [];
  function render(container, params) {
    if (typeof container === "string") container = document.querySelector(container);
    var id = widgets.length;
    var box = document.createElement("div");
    box.className = "ts-box";
    box.setAttribute("role", "status");
    box.textContent = "Verifying you are human...";
    container.appendChild(box);
    var field = document.createElement("input");
    field.type = "hidden";
    field.name = container.dataset.responseFieldName || "cf-turnstile-response";
    field.id = "cf-chl-widget-" + id + "_response";
    container.appendChild(field);
    // Every visitor here is treated as automated: the check never passes on its own.
    setTimeout(function () { if (!field.value) box.textContent = "Verification failed: automated browser detected."; }, 200);
    widgets.push({ field: field, params: params || {} });
    return "cf-chl-widget-" + id;
  }
  function widget(id) { return widgets[id ? Number(String(id).replace(/\D/g, "")) : 0]; }
  window.turnstile = {
    render: render,
    getResponse: function (id) { var w = widget(id); return w ? w.field.value : ""; },
    reset: function (id) { var w = widget(id); if (w) w.field.value = ""; },
  };
  function init() {
    document.querySelectorAll(".cf-turnstile[data-sitekey]").forEach(function (el) { render(el, { sitekey: el.dataset.sitekey, callback: el.dataset.callback }); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();`;

const js = (body: string) => ({ status: 200, headers: { "content-type": "text/javascript; charset=utf-8" }, body });

export const challengeWidgetScriptRoutes: FixtureRoute[] = [
  { method: "GET", path: "/challenge-assets/recaptcha.js", handle: () => js(RECAPTCHA_JS) },
  { method: "GET", path: "/challenge-assets/hcaptcha.js", handle: () => js(HCAPTCHA_JS) },
  {
    method: "GET",
    path: "/challenge-assets/turnstile.js",
    // ?delay=ms: served that much later, as a slow CDN would.
    handle: async (ctx) => {
      const delay = Number(ctx.url.searchParams.get("delay") ?? 0);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(delay, 10_000)));
      return js(TURNSTILE_JS);
    },
  },
];
