import { chromium } from "playwright-core";
import http from "node:http";
const srv = http.createServer((req, res) => {
  if (req.url === "/r") { res.writeHead(302, { location: "http://localhost:" + srv.address().port + "/target" }); return res.end(); }
  if (req.url === "/r2") { res.writeHead(302, { location: "/r" }); return res.end(); }
  res.writeHead(200, { "content-type": "text/html" }); res.end("<h1>hi " + req.url + "</h1>");
});
await new Promise(r => srv.listen(0, "127.0.0.1", r));
const port = srv.address().port;
const t0 = Date.now();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-blink-features=AutomationControlled"] });
console.log("launch ms", Date.now() - t0, browser.version());
const ctx = await browser.newContext();
const seen = [];
await ctx.route("**/*", (route) => { seen.push(route.request().url()); route.continue(); });
const page = await ctx.newPage();
await page.goto(`http://127.0.0.1:${port}/r2`);
console.log("routed:", seen, "final", page.url());
console.log(await page.evaluate(() => [navigator.userAgent, navigator.webdriver, JSON.stringify(navigator.userAgentData?.brands)]));
const r = await page.evaluate("(x) => x * 2", 21); console.log("string fn", r);
await browser.close(); srv.close();
