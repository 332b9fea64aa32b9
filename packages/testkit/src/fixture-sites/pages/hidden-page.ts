import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

/** label -> how it is hidden ("" = visible). Every label is a button that reports its click. */
export const HIDDEN_ELEMENTS: [string, string][] = [
  ["VISIBLE-1", ""],
  ["VISIBLE-2", ""],
  ["VISIBLE-3", ""],
  ["HIDDEN-DISPLAY", "display:none"],
  ["HIDDEN-VISIBILITY", "visibility:hidden"],
  ["HIDDEN-OPACITY", "opacity:0"],
  ["HIDDEN-ZERO-SIZE", "width and height 0, overflow hidden"],
  ["HIDDEN-OFFSCREEN", "positioned at -10000px"],
  ["HIDDEN-COVERED", "covered by an opaque overlay (OVERLAY-COVER)"],
  ["HIDDEN-ARIA", 'aria-hidden="true" (still painted)'],
  ["HIDDEN-ATTRIBUTE", "hidden attribute"],
  ["HIDDEN-PARENT", "inside a display:none parent"],
];

const HIDDEN_CSS = `
.row{margin:12px 0;position:relative}
.zero{width:0;height:0;overflow:hidden;padding:0;border:0}
.offscreen{position:absolute;left:-10000px;top:-10000px}
.covered-wrap{position:relative;display:inline-block}
#overlay{position:absolute;inset:-4px;background:#24292f;color:#fff;display:flex;align-items:center;justify-content:center;z-index:5}
`;

function button(label: string, attrs = "", extraClass = "") {
  return `<button type="button" class="probe${extraClass ? ` ${extraClass}` : ""}" data-label="${label}" ${attrs}>${label}</button>`;
}

export const hiddenRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/hidden",
    handle: () =>
      page({
        title: "Hidden elements",
        css: HIDDEN_CSS,
        script: `document.addEventListener("click", function(e){
  var b = e.target.closest("[data-label]");
  if (b) document.getElementById("hidden-result").textContent = "Clicked: " + b.dataset.label;
});`,
        body: `<h1>Hidden elements</h1>
<p>Only the VISIBLE-n buttons (and the overlay) can be seen and clicked by a person.</p>
<p class="status" id="hidden-result" role="status"></p>
<div class="row">${button("VISIBLE-1")}</div>
<div class="row"><a href="#top" class="probe" data-label="VISIBLE-2">VISIBLE-2</a></div>
<div class="row"><span class="probe" data-label="VISIBLE-3">VISIBLE-3</span></div>
<div class="row">${button("HIDDEN-DISPLAY", 'style="display:none"')}</div>
<div class="row">${button("HIDDEN-VISIBILITY", 'style="visibility:hidden"')}</div>
<div class="row">${button("HIDDEN-OPACITY", 'style="opacity:0"')}</div>
<div class="row">${button("HIDDEN-ZERO-SIZE", "", "zero")}</div>
<div class="row">${button("HIDDEN-OFFSCREEN", "", "offscreen")}</div>
<div class="row"><span class="covered-wrap">${button("HIDDEN-COVERED")}<div id="overlay" data-label="OVERLAY-COVER">OVERLAY-COVER</div></span></div>
<div class="row">${button("HIDDEN-ARIA", 'aria-hidden="true"')}</div>
<div class="row">${button("HIDDEN-ATTRIBUTE", "hidden")}</div>
<div class="row"><div style="display:none">${button("HIDDEN-PARENT")}</div></div>`,
      }),
  },
];
