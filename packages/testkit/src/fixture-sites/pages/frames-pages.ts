import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

const FRAME_CSS = `
iframe{display:block;width:100%;border:2px solid #8c959f;border-radius:6px;margin:12px 0;background:#fff}
.frame-body main{padding:12px}
`;

/** kind -> [heading, input label, button text, result prefix] */
export const FRAME_KINDS = {
  "same-origin": ["Same-origin frame", "Same-origin input", "Confirm same-origin", "Same-origin confirmed"],
  nested: ["Nested frame", "Nested input", "Confirm nested", "Nested confirmed"],
  "cross-origin": ["Cross-origin frame", "Cross-origin input", "Confirm cross-origin", "Cross-origin confirmed"],
} as const;

type FrameKind = keyof typeof FRAME_KINDS;

/** The confirmation text a frame shows: "<Prefix>: <value>", "(empty)" when the input is blank. */
const FRAME_SCRIPT = `
(function(){
  var button = document.getElementById("frame-button");
  button.addEventListener("click", function(){
    var value = document.getElementById("frame-input").value;
    document.getElementById("frame-result").textContent = button.dataset.prefix + ": " + (value || "(empty)");
  });
})();
`;

function framePage(kind: FrameKind, inner: string) {
  const [heading, label, buttonText, prefix] = FRAME_KINDS[kind];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${heading}</title>
<style>body{margin:0;padding:12px;font:15px/1.5 system-ui,sans-serif}label{display:block;font-weight:600}input{padding:4px 6px;margin:4px 0 8px;min-width:200px}button{padding:6px 12px}iframe{width:100%;height:170px;border:2px dashed #8c959f}.status{color:#1a7f37;font-weight:600;min-height:1.5em}</style>
</head><body>
<h2>${heading}</h2>
<label for="frame-input">${label}</label>
<input id="frame-input" name="frame-input" type="text" placeholder="Type here">
<button type="button" id="frame-button" data-prefix="${prefix}">${buttonText}</button>
<p class="status" id="frame-result" role="status"></p>
${inner}
<script>${FRAME_SCRIPT}</script>
</body></html>`;
}

function htmlResponse(body: string) {
  return { status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body };
}

export const framesRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/frames",
    handle: (ctx) =>
      page({
        title: "Frames",
        css: FRAME_CSS,
        body: `<h1>Frames</h1>
<p>The top page. Below are a same-origin frame (with a nested frame inside) and a cross-origin frame.</p>
<iframe id="same-origin-frame" title="Same-origin frame" src="/frames/same-origin" style="height:420px"></iframe>
<iframe id="cross-origin-frame" title="Cross-origin frame" src="${ctx.crossOrigin}/frames/cross-origin" style="height:200px"></iframe>`,
      }),
  },
  {
    method: "GET",
    path: "/frames/same-origin",
    handle: () => htmlResponse(framePage("same-origin", `<iframe id="nested-frame" title="Nested frame" src="/frames/nested"></iframe>`)),
  },
  { method: "GET", path: "/frames/nested", handle: () => htmlResponse(framePage("nested", "")) },
  { method: "GET", path: "/frames/cross-origin", handle: () => htmlResponse(framePage("cross-origin", "")) },
];
