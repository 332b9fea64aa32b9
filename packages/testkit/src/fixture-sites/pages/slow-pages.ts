import { sleep } from "../../lib/http-helpers.ts";
import { page } from "../html-layout.ts";
import type { FixtureRoute, RouteContext } from "../types.ts";

const MAX_DELAY_MS = 120_000;

function delayParam(ctx: RouteContext, fallback: number): number {
  const raw = ctx.url.searchParams.get("ms");
  const value = raw === null ? fallback : Number(raw);
  return Number.isFinite(value) ? Math.min(Math.max(0, Math.floor(value)), MAX_DELAY_MS) : fallback;
}

export const slowRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/slow",
    handle: async (ctx) => {
      const ms = delayParam(ctx, 3000);
      await sleep(ms, ctx.closing);
      return page({ title: "Slow page", body: `<h1>Slow page</h1>\n<p id="slow-message">Loaded after ${ms} ms.</p>` });
    },
  },
  {
    method: "GET",
    path: "/slow-content",
    handle: (ctx) => {
      const ms = delayParam(ctx, 2000);
      return page({
        title: "Slow content",
        script: `setTimeout(function(){
  document.getElementById("loading").remove();
  var box = document.getElementById("late-content");
  box.innerHTML = '<h2>Content loaded</h2><p>This text appeared after ${ms} ms.</p><button type="button" id="late-button">Late button</button><p class="status" id="late-result" role="status"></p>';
  document.getElementById("late-button").addEventListener("click", function(){ document.getElementById("late-result").textContent = "Late button clicked"; });
}, ${ms});`,
        body: `<h1>Slow content</h1>\n<p id="loading" role="status">Loading content...</p>\n<div id="late-content"></div>`,
      });
    },
  },
  {
    method: "GET",
    path: "/late-fetch",
    // Content that arrives with a slow request (?ms= on /slow), as a page that loads its data does.
    handle: (ctx) => {
      const ms = delayParam(ctx, 2500);
      return page({
        title: "Late fetch",
        script: `fetch("/slow?ms=${ms}").then(function(r){ return r.text(); }).then(function(){
  document.getElementById("loading").remove();
  document.getElementById("late-content").innerHTML = '<button type="button" id="fetched-button">Fetched button</button>';
});`,
        body: `<h1>Late fetch</h1>\n<p id="loading" role="status">Loading data...</p>\n<div id="late-content"></div>`,
      });
    },
  },
];
