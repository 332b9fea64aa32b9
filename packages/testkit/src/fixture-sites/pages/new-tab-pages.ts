import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

export const newTabRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/new-tab",
    handle: () =>
      page({
        title: "New tab",
        script: `document.getElementById("open-window").addEventListener("click", function(){ window.open("/new-tab/target?via=script", "_blank"); });`,
        body: `<h1>New tab</h1>
<p><a id="new-tab-link" href="/new-tab/target" target="_blank">Open the target in a new tab</a></p>
<p><button type="button" id="open-window">Open with window.open</button></p>`,
      }),
  },
  {
    method: "GET",
    path: "/new-tab/target",
    handle: (ctx) =>
      page({
        title: "New tab target",
        body: `<h1>You opened the new tab</h1>
<p id="opened-via">${ctx.url.searchParams.get("via") === "script" ? "Opened via window.open." : "Opened via a link."}</p>`,
      }),
  },
];
