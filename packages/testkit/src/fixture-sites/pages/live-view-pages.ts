import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

/** A page that changes on every animation frame (a ticker and a moving box), like a video would. */
const animationRoute: FixtureRoute = {
  method: "GET",
  path: "/animation",
  handle: () =>
    page({
      title: "Animation",
      css: `#box{position:absolute;top:160px;width:80px;height:80px;background:#0969da}`,
      body: `<h1>Frame <span id="tick">0</span></h1><div id="box"></div>`,
      script: `let n = 0;
const tick = document.getElementById("tick"), box = document.getElementById("box");
(function step() { n++; tick.textContent = String(n); box.style.left = (n * 4) % 1100 + "px"; requestAnimationFrame(step); })();`,
    }),
};

/** Pages for the live viewer: a human check for take-over tests, an animation for the frame-rate benchmark. */
export const liveViewRoutes: FixtureRoute[] = [
  animationRoute,
  // A stand-in for a captcha: "Waiting for a person" until someone clicks the big button.
  {
    method: "GET",
    path: "/human-check",
    handle: () =>
      page({
        title: "Human check",
        css: `#prove{display:block;width:100%;height:360px;font-size:32px;margin:0 0 16px}`,
        body: `<button id="prove" type="button">I am human</button>
<h1 id="verdict">Waiting for a person</h1>
<p>Only a person may press the button above.</p>`,
        script: `document.getElementById("prove").addEventListener("click", () => {
  document.getElementById("verdict").textContent = "Verified: a person pressed the button";
});`,
      }),
  },
];
