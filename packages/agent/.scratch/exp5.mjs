import { chromium } from "playwright-core";
import http from "node:http";
const srv = http.createServer((req, res) => { res.writeHead(200, { "content-type": "text/html", "content-security-policy": "script-src 'none'" }); res.end("<h1>hi</h1>"); });
await new Promise(r => srv.listen(0, "127.0.0.1", r));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${srv.address().port}/`);
const src = "(function(){ const helper = (a) => a.x * 2; return function main(a){ return { v: helper(a), t: document.title, h: document.querySelector('h1').textContent }; }; })()";
try { const fn = await page.evaluateHandle(src); const r = await fn.evaluate((f, a) => f(a), { x: 21 }); console.log("handle approach", r); } catch (e) { console.log("handle approach failed", e.message); }
try { const r = await page.evaluate(([s, a]) => (0, eval)(s)(a), [src, { x: 21 }]); console.log("eval approach", r); } catch (e) { console.log("eval approach failed", e.message.split("\n")[0]); }
await browser.close(); srv.close();
