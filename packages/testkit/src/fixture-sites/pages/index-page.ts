import { escapeHtml, page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

/** Link text -> path, in the order the index lists them. */
export const INDEX_LINKS: [string, string][] = [
  ["Shop", "/shop"],
  ["News", "/news"],
  ["Contact form", "/form"],
  ["Log in", "/login"],
  ["My account", "/account"],
  ["Frames", "/frames"],
  ["Shadow DOM", "/shadow"],
  ["Infinite scroll", "/infinite"],
  ["Dropdowns", "/dropdown"],
  ["Date picker", "/datepicker"],
  ["New tab", "/new-tab"],
  ["Hover menu", "/hover-menu"],
  ["Slow page", "/slow"],
  ["Slow content", "/slow-content"],
  ["Hidden elements", "/hidden"],
  ["Long article", "/long"],
  ["Deal of the day", "/injection"],
  ["Customer table", "/table"],
];

export const indexRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/",
    handle: () =>
      page({
        title: "Fixture Sites",
        body: `<h1>Fixture Sites</h1>
<p>Small deterministic websites for testing the Errand agent.</p>
<ul class="index-links">
${INDEX_LINKS.map(([label, href]) => `<li><a href="${href}">${escapeHtml(label)}</a></li>`).join("\n")}
</ul>`,
      }),
  },
];
