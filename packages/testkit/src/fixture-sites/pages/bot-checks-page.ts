import { escapeHtml, page } from "../html-layout.ts";
import type { FixtureRoute, RouteContext } from "../types.ts";

/**
 * `/bot-checks`: the usual "is this an automated browser?" checks that bot walls run, done in
 * the page, in a same-origin and a cross-origin iframe, in an iframe the page creates and reads
 * at once (before any of its own script could run), and in a dedicated worker. Each request
 * also echoes the headers the server saw. The verdict lands in `<pre id="verdict">` (JSON, with
 * `data-done` on the element once written): every check with "pass" or "flagged" and the value
 * seen. Optional `?tz=Europe/Berlin&lang=de-DE` name the time zone and first language expected.
 */

/** The request headers a bot wall reads, as the fixture server saw them. */
function seenHeaders(ctx: RouteContext) {
  return {
    userAgent: ctx.headers["user-agent"] ?? null,
    secChUa: ctx.headers["sec-ch-ua"] ?? null,
    secChUaMobile: ctx.headers["sec-ch-ua-mobile"] ?? null,
    secChUaPlatform: ctx.headers["sec-ch-ua-platform"] ?? null,
    acceptLanguage: ctx.headers["accept-language"] ?? null,
  };
}

/** JSON safe inside a <script> element. */
const inline = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

// Facts about a window-like global `w` (the page, a frame), as a promise. Shared source for the
// page and the frames, so each reports the same shape.
const COLLECT_WINDOW = `
function collectWindow(w) {
  var nav = w.navigator;
  var fnString = w.Function.prototype.toString;
  function native(fn, name) {
    if (typeof fn !== "function") return { name: name, source: String(fn), native: false };
    var source = fnString.call(fn);
    return { name: name, source: source, native: /^function [\\w ]*\\(\\) \\{ \\[native code\\] \\}$/.test(source) && source.indexOf(name) >= 0 };
  }
  function getter(proto, key) { var d = proto && w.Object.getOwnPropertyDescriptor(proto, key); return d && d.get; }
  function webgl(kind) {
    try {
      var gl = w.document.createElement("canvas").getContext(kind);
      if (!gl) return null;
      var ext = gl.getExtension("WEBGL_debug_renderer_info");
      return { vendor: ext ? gl.getParameter(ext.UNMASKED_VENDOR_WEBGL) : null, renderer: ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : null };
    } catch (e) { return { error: String(e) }; }
  }
  var facts = {
    webdriver: nav.webdriver,
    userAgent: nav.userAgent,
    platform: nav.platform,
    uaData: nav.userAgentData ? { brands: nav.userAgentData.brands.map(function(b){ return { brand: b.brand, version: b.version }; }), mobile: nav.userAgentData.mobile, platform: nav.userAgentData.platform } : null,
    plugins: Array.prototype.map.call(nav.plugins, function(p){ return p.name; }),
    mimeTypes: Array.prototype.map.call(nav.mimeTypes, function(m){ return m.type; }),
    pdfViewerEnabled: nav.pdfViewerEnabled,
    languages: Array.prototype.slice.call(nav.languages || []),
    language: nav.language,
    timeZone: new w.Intl.DateTimeFormat().resolvedOptions().timeZone,
    hardwareConcurrency: nav.hardwareConcurrency,
    notificationPermission: typeof w.Notification === "function" ? w.Notification.permission : null,
    permissionState: null,
    inner: [w.innerWidth, w.innerHeight],
    outer: [w.outerWidth, w.outerHeight],
    screen: { width: w.screen.width, height: w.screen.height, availWidth: w.screen.availWidth, availHeight: w.screen.availHeight, colorDepth: w.screen.colorDepth },
    webgl: webgl("webgl"),
    webgl2: webgl("webgl2"),
    chrome: typeof w.chrome === "object" && w.chrome !== null ? Object.keys(w.chrome).sort() : null,
    functions: [
      native(getter(w.Navigator.prototype, "webdriver"), "webdriver"),
      native(getter(w.Navigator.prototype, "plugins"), "plugins"),
      native(getter(w.Navigator.prototype, "languages"), "languages"),
      native(w.Permissions && w.Permissions.prototype.query, "query"),
      native(w.WebGLRenderingContext && w.WebGLRenderingContext.prototype.getParameter, "getParameter"),
      native(w.WebGL2RenderingContext && w.WebGL2RenderingContext.prototype.getParameter, "getParameter"),
      native(getter(w, "outerWidth") || getter(w.Window.prototype, "outerWidth"), "outerWidth"),
      native(fnString, "toString"),
    ],
  };
  var query = nav.permissions ? nav.permissions.query({ name: "notifications" }) : Promise.resolve(null);
  return query.then(function(status){ facts.permissionState = status && status.state; return facts; }, function(e){ facts.permissionState = "error: " + e; return facts; });
}
`;

const WORKER_SCRIPT = `
function webgl() {
  try {
    if (typeof OffscreenCanvas !== "function") return null;
    var gl = new OffscreenCanvas(1, 1).getContext("webgl");
    if (!gl) return null;
    var ext = gl.getExtension("WEBGL_debug_renderer_info");
    return { vendor: ext ? gl.getParameter(ext.UNMASKED_VENDOR_WEBGL) : null, renderer: ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : null };
  } catch (e) { return { error: String(e) }; }
}
var nav = self.navigator;
postMessage({
  headers: HEADERS,
  facts: {
    userAgent: nav.userAgent,
    platform: nav.platform,
    uaData: nav.userAgentData ? { brands: nav.userAgentData.brands.map(function(b){ return { brand: b.brand, version: b.version }; }), mobile: nav.userAgentData.mobile, platform: nav.userAgentData.platform } : null,
    languages: Array.prototype.slice.call(nav.languages || []),
    language: nav.language,
    timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone,
    hardwareConcurrency: nav.hardwareConcurrency,
    webgl: webgl(),
  },
});
`;

// The frame reports its facts and the headers its request carried to whichever page holds it.
const FRAME_SCRIPT = `${COLLECT_WINDOW}
collectWindow(window).then(function(facts){ parent.postMessage({ botChecks: "frame", where: WHERE, headers: HEADERS, facts: facts }, "*"); });
`;

// The page gathers every context's report, then judges them.
const PAGE_SCRIPT = `${COLLECT_WINDOW}
(function(){
  var expected = EXPECTED;
  var reports = { page: null, "same-origin frame": null, "cross-origin frame": null, "blank frame": null, worker: null };
  var finished = false;

  collectWindow(window).then(function(facts){ reports.page = { headers: HEADERS, facts: facts }; maybeFinish(); });
  // Read before the new frame runs anything of its own: where patches applied late would show.
  var blank = document.createElement("iframe");
  blank.style.display = "none";
  document.body.appendChild(blank);
  collectWindow(blank.contentWindow).then(function(facts){ reports["blank frame"] = { headers: null, facts: facts }; maybeFinish(); });
  window.addEventListener("message", function(e){
    if (e.data && e.data.botChecks === "frame") { reports[e.data.where] = { headers: e.data.headers, facts: e.data.facts }; maybeFinish(); }
  });
  try {
    var worker = new Worker("/bot-checks/worker.js");
    worker.onmessage = function(e){ reports.worker = e.data; maybeFinish(); };
    worker.onerror = function(e){ reports.worker = { error: String(e.message || e) }; maybeFinish(); };
  } catch (e) { reports.worker = { error: String(e) }; }
  // A context that never reports is flagged rather than waited on forever.
  setTimeout(function(){ finish(); }, 10000);

  function maybeFinish(){ for (var k in reports) if (!reports[k]) return; finish(); }

  function major(ua){ var m = /Chrome\\/(\\d+)/.exec(ua || ""); return m ? m[1] : null; }
  function uaPlatform(ua){
    ua = ua || "";
    if (/Android/.test(ua)) return "Android";
    if (/Windows/.test(ua)) return "Windows";
    if (/Mac OS X/.test(ua)) return "macOS";
    if (/CrOS/.test(ua)) return "Chrome OS";
    if (/Linux|X11/.test(ua)) return "Linux";
    return null;
  }
  function chromeBrand(brands, v){
    return brands.some(function(b){ return (b.brand === "Chromium" || b.brand === "Google Chrome") && b.version === v; })
      && !brands.some(function(b){ return /headless/i.test(b.brand); });
  }
  function softwareGl(gl){
    if (!gl || gl.error) return true;
    return /swiftshader|llvmpipe|softpipe|software/i.test(gl.renderer || "") || gl.vendor === "Google Inc." || gl.vendor === "Google Inc. (Google)";
  }

  function finish(){
    if (finished) return;
    finished = true;
    var checks = [];
    function check(name, where, pass, value){ checks.push({ check: name, where: where, result: pass ? "pass" : "flagged", value: value }); }
    var main = reports.page && reports.page.facts;
    var v = main ? major(main.userAgent) : null;
    var platform = main ? uaPlatform(main.userAgent) : null;

    Object.keys(reports).forEach(function(where){
      var r = reports[where];
      if (!r || r.error || !r.facts) { check("reported", where, false, r ? r.error || "no facts" : "no report"); return; }
      var f = r.facts, h = r.headers, isWindow = where !== "worker";
      check("user-agent", where, /Chrome\\/\\d+/.test(f.userAgent) && !/headless/i.test(f.userAgent), f.userAgent);
      var d = f.uaData;
      check("user-agent-data", where, !!d && chromeBrand(d.brands, major(f.userAgent)) && d.mobile === false && d.platform === uaPlatform(f.userAgent), d);
      var langs = f.languages;
      var langPass = langs.length > 0 && f.language === langs[0] && (!expected.lang || langs[0] === expected.lang);
      check("languages", where, langPass, langs);
      check("time-zone", where, !!f.timeZone && (!expected.tz || f.timeZone === expected.tz), f.timeZone);
      check("webgl", where, !softwareGl(f.webgl), f.webgl);
      if (h) {
        check("user-agent-header", where, /Chrome\\/\\d+/.test(h.userAgent || "") && !/headless/i.test(h.userAgent || "") && h.userAgent === f.userAgent, h.userAgent);
      }
      // Chromium sends no client hints with a dedicated worker's script request, whatever the mode.
      if (h && isWindow) {
        var ch = h.secChUa || "";
        var chPass = ch.indexOf('"Chromium";v="' + major(h.userAgent) + '"') >= 0 && !/headless/i.test(ch) && h.secChUaMobile === "?0" && h.secChUaPlatform === '"' + uaPlatform(h.userAgent) + '"';
        check("client-hints-header", where, chPass, { "sec-ch-ua": h.secChUa, "sec-ch-ua-mobile": h.secChUaMobile, "sec-ch-ua-platform": h.secChUaPlatform });
      }
      if (h) {
        var al = (h.acceptLanguage || "").split(",")[0].split(";")[0];
        check("accept-language", where, !!al && al === langs[0], { header: h.acceptLanguage, languages: langs });
      }
      if (!isWindow) return;
      check("webdriver", where, f.webdriver === false, f.webdriver);
      check("plugins", where, f.plugins.length > 0 && f.mimeTypes.length > 0 && f.pdfViewerEnabled === true, { plugins: f.plugins, mimeTypes: f.mimeTypes, pdfViewerEnabled: f.pdfViewerEnabled });
      var pairs = { "default": "prompt", denied: "denied", granted: "granted" };
      check("notifications", where, pairs[f.notificationPermission] === f.permissionState, { "Notification.permission": f.notificationPermission, "permissions.query": f.permissionState });
      check("webgl2", where, !softwareGl(f.webgl2) && JSON.stringify(f.webgl2) === JSON.stringify(f.webgl), f.webgl2);
      check("window.chrome", where, !!f.chrome, f.chrome);
      var notNative = f.functions.filter(function(x){ return !x.native; });
      check("native-functions", where, notNative.length === 0, notNative.length ? notNative : "all native");
      if (where === "page") {
        // A desktop window is taller than its page (tab strip and toolbar); headless has no frame.
        check("window-size", where, f.inner[0] > 0 && f.inner[1] > 0 && f.outer[0] >= f.inner[0] && f.outer[1] > f.inner[1], { inner: f.inner, outer: f.outer });
        var s = f.screen;
        check("screen", where, s.width >= f.outer[0] && s.height >= f.outer[1] && s.availWidth <= s.width && s.availHeight <= s.height && s.availWidth > 0 && s.colorDepth >= 24, s);
      }
    });

    // What a page and its frames and workers report should be one browser's story.
    var keys = ["userAgent", "platform", "uaData", "languages", "timeZone", "hardwareConcurrency", "webgl"];
    keys.forEach(function(key){
      var seen = {};
      Object.keys(reports).forEach(function(where){ var r = reports[where]; if (r && r.facts) seen[where] = r.facts[key]; });
      var values = Object.keys(seen).map(function(k){ return JSON.stringify(seen[k]); });
      check("consistent " + key, "all", values.every(function(x){ return x === values[0]; }), seen);
    });
    var heads = {};
    Object.keys(reports).forEach(function(where){ var r = reports[where]; if (r && r.headers) heads[where] = r.headers.userAgent + (where === "worker" ? "" : " | " + r.headers.secChUa); });
    var chOf = function(x){ return x.split(" | ")[1]; };
    var hv = Object.keys(heads).map(function(k){ return heads[k]; });
    check("consistent headers", "all", hv.every(function(x){ return x.split(" | ")[0] === hv[0].split(" | ")[0] && (chOf(x) === undefined || chOf(x) === chOf(hv[0])); }), heads);

    var verdict = { pass: checks.every(function(c){ return c.result === "pass"; }), expected: expected, chromeMajor: v, platform: platform, checks: checks };
    var out = document.getElementById("verdict");
    out.textContent = JSON.stringify(verdict, null, 2);
    out.setAttribute("data-done", verdict.pass ? "pass" : "flagged");
    document.getElementById("summary").textContent = verdict.pass
      ? "No automation signs found."
      : "Flagged: " + checks.filter(function(c){ return c.result !== "pass"; }).map(function(c){ return c.check + " (" + c.where + ")"; }).join(", ");
  }
})();
`;

function framePage(ctx: RouteContext) {
  const where = ctx.url.searchParams.get("where") === "cross-origin" ? "cross-origin frame" : "same-origin frame";
  const script = `var WHERE = ${inline(where)}; var HEADERS = ${inline(seenHeaders(ctx))};\n${FRAME_SCRIPT}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bot checks frame</title></head>
<body><p>${escapeHtml(where)}</p><script>${script}</script></body></html>`;
}

export const botChecksRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/bot-checks",
    handle: (ctx) => {
      const expected = { tz: ctx.url.searchParams.get("tz"), lang: ctx.url.searchParams.get("lang") };
      return page({
        title: "Bot checks",
        css: "iframe{width:320px;height:60px;border:1px solid #8c959f}pre{white-space:pre-wrap;font-size:12px}",
        script: `var EXPECTED = ${inline(expected)}; var HEADERS = ${inline(seenHeaders(ctx))};\n${PAGE_SCRIPT}`,
        body: `<h1>Bot checks</h1>
<p class="status" id="summary" role="status">Checking…</p>
<iframe title="same-origin frame" src="/bot-checks/frame?where=same-origin"></iframe>
<iframe title="cross-origin frame" src="${escapeHtml(ctx.crossOrigin)}/bot-checks/frame?where=cross-origin"></iframe>
<pre id="verdict"></pre>`,
      });
    },
  },
  {
    method: "GET",
    path: "/bot-checks/frame",
    handle: (ctx) => ({ status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body: framePage(ctx) }),
  },
  {
    method: "GET",
    path: "/bot-checks/worker.js",
    handle: (ctx) => ({
      status: 200,
      headers: { "content-type": "text/javascript; charset=utf-8" },
      body: `var HEADERS = ${inline(seenHeaders(ctx))};\n${WORKER_SCRIPT}`,
    }),
  },
];
