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
];
