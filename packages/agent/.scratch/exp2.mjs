import { chromium } from "playwright-core";
import http from "node:http";
const hits = [];
const srv = http.createServer((req, res) => {
  hits.push(req.headers.host + req.url);
  if (req.url === "/r") { res.writeHead(302, { location: "http://localhost:" + srv.address().port + "/target" }); return res.end(); }
  if (req.url === "/r2") { res.writeHead(302, { location: "/r" }); return res.end(); }
  if (req.url === "/frame") { res.writeHead(200, { "content-type": "text/html" }); return res.end(`<iframe src="http://127.0.0.1:${srv.address().port}/r2"></iframe>`); }
  res.writeHead(200, { "content-type": "text/html" }); res.end("<h1>hi " + req.url + "</h1>");
});
await new Promise(r => srv.listen(0, "127.0.0.1", r));
const port = srv.address().port;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const ctx = await browser.newContext();
const seen = [];
await ctx.route("**/*", (route) => { seen.push("route " + route.request().url()); route.continue(); });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
cdp.on("Fetch.requestPaused", async (e) => {
  seen.push("cdp " + e.request.url + " redirected=" + !!e.redirectedRequestId + " type=" + e.resourceType);
  if (new URL(e.request.url).hostname === "localhost") await cdp.send("Fetch.failRequest", { requestId: e.requestId, errorReason: "BlockedByClient" }).catch(err => seen.push("err " + err.message));
  else await cdp.send("Fetch.continueRequest", { requestId: e.requestId }).catch(err => seen.push("err " + err.message));
});
await cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*", resourceType: "Document", requestStage: "Request" }] });
try { await page.goto(`http://127.0.0.1:${port}/r2`); } catch (e) { console.log("goto error", e.message.split("\n")[0]); }
await page.waitForLoadState();
console.log(seen, "final", page.url(), hits);
seen.length = 0; hits.length = 0;
await page.goto(`http://127.0.0.1:${port}/frame`).catch(e=>console.log("E2",e.message.split("\n")[0])); await page.waitForTimeout(500);
console.log(seen, page.frames().map(f => f.url()), hits);
await browser.close(); srv.close();
