import { chromium } from "playwright-core";
import http from "node:http";
const hits = [];
const srv = http.createServer((req, res) => {
  hits.push(req.headers.host + req.url);
  const p = srv.address().port;
  if (req.url === "/r") { res.writeHead(302, { location: "http://10.255.255.1:" + p + "/target" }); return res.end(); }
  if (req.url === "/xframe") { res.writeHead(200, { "content-type": "text/html" }); return res.end(`<iframe src="http://localhost:${p}/r"></iframe><a target=_blank href="http://localhost:${p}/r" id=a>x</a>`); }
  res.writeHead(200, { "content-type": "text/html" }); res.end("<h1>hi " + req.url + "</h1>");
});
await new Promise(r => srv.listen(0, "127.0.0.1", r));
const port = srv.address().port;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const ctx = await browser.newContext();
const seen = [];
const inst = new WeakMap();
await ctx.route("**/*", async (route) => { seen.push("route " + route.request().url()); const req = route.request(); if (req.isNavigationRequest()) { let pg; try { pg = req.frame().page(); } catch { pg = ctx.pages().find(p => !inst.has(p)) ?? await ctx.waitForEvent("page", { timeout: 3000 }).catch(() => null); seen.push("frameless, found page " + !!pg); if (!pg) return route.continue(); } if (!inst.has(pg)) { inst.set(pg, attach(pg, "lazy")); } await inst.get(pg); } route.continue(); });
async function attach(page, tag) {
  const cdp = await ctx.newCDPSession(page);
  cdp.on("Fetch.requestPaused", async (e) => {
    seen.push(tag + " cdp " + e.request.url + " redirected=" + !!e.redirectedRequestId);
    if (new URL(e.request.url).hostname.startsWith("10.")) await cdp.send("Fetch.fulfillRequest", { requestId: e.requestId, responseCode: 403, responseHeaders: [{name:"content-type", value:"text/html"}], body: Buffer.from("<h1>refused</h1>").toString("base64") }).catch(err => seen.push("err " + err.message));
    else await cdp.send("Fetch.continueRequest", { requestId: e.requestId }).catch(err => seen.push("err " + err.message));
  });
  await cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*", resourceType: "Document", requestStage: "Request" }] });
}

const page = await ctx.newPage();
await page.goto(`http://127.0.0.1:${port}/xframe`);
await page.waitForTimeout(1000);
console.log(seen, page.frames().map(f => f.url()), hits);
for (const f of page.frames()) console.log(f.url(), await f.evaluate(() => document.body?.innerText).catch(e => e.message));
seen.length = 0;
const [pop] = await Promise.all([ctx.waitForEvent("page"), page.click("#a")]);
await pop.waitForLoadState(); await page.waitForTimeout(500);
console.log(seen, pop.url(), await pop.evaluate(() => document.body?.innerText));
await browser.close(); srv.close();
