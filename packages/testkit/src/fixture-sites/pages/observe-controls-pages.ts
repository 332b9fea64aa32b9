import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

// Controls the observation must name and keep apart: icon-only controls drawn by CSS,
// icons clickable only on hover, actions inside a clickable bar, a menu inside a menu button,
// and widgets whose state matters (tree, slider, spinner, toggle, dialog). Every click is
// recorded on the page (#log), so tests check what the page saw, not what the agent claims.

const ICON_SVG: Record<string, string> = {
  trash: '<rect x="5" y="6" width="14" height="15" fill="#57606a"/><rect x="3" y="3" width="18" height="2" fill="#57606a"/>',
  star: '<polygon points="12,2 15,9 22,9 16,14 18,21 12,17 6,21 8,14 2,9 9,9" fill="#bf8700"/>',
  archive: '<rect x="3" y="4" width="18" height="5" fill="#57606a"/><rect x="5" y="10" width="14" height="10" fill="#57606a"/>',
  delete: '<path d="M5 5 L19 19 M19 5 L5 19" stroke="#cf222e" stroke-width="3"/>',
  back: '<path d="M20 12 H5 M11 5 L4 12 L11 19" stroke="#57606a" stroke-width="3" fill="none"/>',
  reply: '<path d="M10 5 L3 12 L10 19 M3 12 H14 Q21 12 21 19" stroke="#57606a" stroke-width="2" fill="none"/>',
  retweet: '<path d="M4 9 L8 5 L12 9 M8 5 V17 H16 M20 15 L16 19 L12 15 M16 19 V7 H8" stroke="#1a7f37" stroke-width="2" fill="none"/>',
  like: '<path d="M12 21 L3 12 Q1 6 6 4 Q10 3 12 7 Q14 3 18 4 Q23 6 21 12 Z" fill="#cf222e"/>',
  more: '<circle cx="5" cy="12" r="2" fill="#57606a"/><circle cx="12" cy="12" r="2" fill="#57606a"/><circle cx="19" cy="12" r="2" fill="#57606a"/>',
};

const LOG_SCRIPT = `
window.logClick = function (what) {
  var log = document.getElementById("log");
  log.textContent = (log.textContent ? log.textContent + ", " : "Clicked: ") + what;
};
document.querySelectorAll("[data-click]").forEach(function (el) {
  el.addEventListener("click", function (e) { e.stopPropagation(); window.logClick(el.getAttribute("data-click")); });
});
`;

const ICONS_CSS = `
.toolbar{display:flex;gap:12px;margin:16px 0}
.act{display:inline-block;width:24px;height:24px;cursor:pointer}
.act-trash::before{content:url(/observe/icons/trash.svg)}
.act-star{background:url(/observe/icons/star.svg) no-repeat center/24px}
.fa{font-style:normal;display:inline-block;width:24px;height:24px}
.fa-reply::before{content:"\\2190";font-size:20px}
.rows{list-style:none;padding:0}
.row{display:flex;gap:12px;align-items:center;padding:6px 0}
.row-del{display:inline-block;width:20px;height:20px;background:url(/observe/icons/delete.svg) no-repeat center/20px}
.row:hover .row-del{cursor:pointer}
`;

const ICONS_BODY = `<h1>Message actions</h1>
<div class="toolbar">
<span class="act act-trash" data-click="trash"></span>
<span class="act act-star" data-click="star"></span>
<span class="act"><i class="fa fa-reply" data-click="reply"></i></span>
<span class="act" data-click="archive"><svg width="24" height="24" viewBox="0 0 24 24"><defs><symbol id="icon-archive" viewBox="0 0 24 24">${ICON_SVG.archive}</symbol></defs><use href="#icon-archive"/></svg></span>
</div>
<h2>Invoices</h2>
<ul class="rows">
<li class="row"><span>Invoice February</span><span class="row-del" data-click="delete February"></span></li>
<li class="row"><span>Invoice March</span><span class="row-del" data-click="delete March"></span></li>
</ul>
<p class="status" id="log" role="status"></p>`;

// Icons drawn by \`content: url(...)\` on the element itself (an open e-mail's and a post's actions):
// only the image files' names tell them apart.
const MAIL_ICONS: [string, string][] = [
  ["back", "back"],
  ["trash", "delete"],
  ["star", "star"],
  ["reply", "reply"],
  ["retweet", "retweet"],
  ["like", "like"],
  ["more", "more"],
];

const MAIL_CSS = `
.icons{display:flex;gap:12px;margin:12px 0}
.icons span{display:inline-block;width:24px;height:24px;cursor:pointer}
${MAIL_ICONS.map(([cls, file]) => `.ic-${cls}{content:url(/observe/icons/${file}.png)}`).join("\n")}
`;

const MAIL_BODY = `<h1>Lunch on Friday?</h1>
<div class="icons">${MAIL_ICONS.slice(0, 3)
  .map(([cls]) => `<span class="ic-${cls}" data-click="${cls}"></span>`)
  .join("")}</div>
<p>Ann Smith: shall we try the new place on Friday at noon?</p>
<h2>Ann's latest post</h2>
<p>The new place opens on Friday.</p>
<div class="icons">${MAIL_ICONS.slice(3)
  .map(([cls]) => `<span class="ic-${cls}" data-click="${cls}"></span>`)
  .join("")}</div>
<p class="status" id="log" role="status"></p>`;

const NESTED_CSS = `
.msg{display:flex;gap:16px;padding:10px 12px;border:1px solid #d0d7de;border-radius:6px;cursor:pointer}
.msg .subject{flex:1}
.msg-action{color:#0969da}
.email{display:flex;gap:16px;padding:10px 12px;margin-top:8px;border:1px solid #d0d7de;border-radius:6px;cursor:pointer}
.file-button{display:inline-block;padding:6px 12px;border:1px solid #d0d7de;border-radius:6px;cursor:pointer}
[role=menu]{list-style:none;margin:4px 0;padding:4px 0 4px 12px}
[role=menuitem]{padding:2px 0}
`;

const NESTED_BODY = `<h1>Inbox</h1>
<div class="msg" onclick="logClick('open message')">
<span>Ann Smith</span><span class="subject">Lunch on Friday?</span>
<span class="msg-action" data-click="Reply">Reply</span><span class="msg-action" data-click="Forward">Forward</span>
</div>
<div class="email" id="email"><span class="email-from">Bo Lee</span> <span class="email-reply">Reply</span> <span class="email-forward">Forward</span></div>
<h2>Document</h2>
<div class="file-button" aria-expanded="true" aria-haspopup="menu">File
<ul role="menu">
<li role="menuitem" data-click="new">New document from the standard company template</li>
<li role="menuitem" data-click="open">Open a document stored on this computer or in the cloud</li>
<li role="menuitem" aria-haspopup="menu" aria-expanded="true">Export as
<ul role="menu">
<li role="menuitem" data-click="pdf">PDF document</li>
<li role="menuitem" data-click="text">Plain text file</li>
</ul>
</li>
<li role="menuitem" data-click="close all">Close all windows</li>
</ul>
</div>
<p class="status" id="log" role="status"></p>`;

// A clickable row whose actions are spans named after their words, each with a listener of its own.
const EMAIL_SCRIPT = `
document.getElementById("email").addEventListener("click", function () { logClick("open e-mail"); });
["reply", "forward"].forEach(function (what) {
  document.querySelector(".email-" + what).addEventListener("click", function (e) { e.stopPropagation(); logClick("e-mail " + what); });
});
`;

const STATE_CSS = `
[role=tree],[role=group]{list-style:none;padding-left:16px}
[role=treeitem]{cursor:pointer}
.slider{position:relative;width:200px;height:8px;background:#d0d7de;border-radius:4px;margin:12px 0}
.slider .knob{position:absolute;left:30%;top:-4px;width:16px;height:16px;border-radius:50%;background:#0969da}
.spin{display:flex;gap:8px;align-items:center}
.spin button{padding:2px 10px}
.dialog{border:1px solid #8c959f;border-radius:8px;padding:12px;margin:12px 0;position:relative;max-width:420px}
.dialog .x{position:absolute;top:8px;right:8px;width:20px;height:20px;padding:0;background:#d0d7de;border:0}
`;

const STATE_BODY = `<h1>Settings</h1>
<div class="dialog" id="newsletter" role="dialog" aria-label="Newsletter"><button class="x" type="button"></button><p>Subscribe to our newsletter?</p></div>
<h2>Files</h2>
<ul role="tree">
<li role="treeitem" aria-expanded="false" id="docs">Documents
<ul role="group" hidden><li role="treeitem" data-click="report.pdf">report.pdf</li></ul>
</li>
<li role="treeitem" data-click="notes.txt">notes.txt</li>
</ul>
<h2>Volume</h2>
<div class="slider" role="slider" tabindex="0" aria-label="Volume" aria-valuenow="30" aria-valuemin="0" aria-valuemax="100"><span class="knob"></span></div>
<h2>Quantity</h2>
<div class="spin"><button type="button" id="minus">&minus;</button><span role="spinbutton" aria-label="Quantity" aria-valuenow="1" aria-valuemin="1" aria-valuemax="9" id="qty">1</span><button type="button" id="plus">+</button></div>
<h2>Format</h2>
<button type="button" aria-pressed="false" id="bold">Bold</button>
<button type="button" disabled>Publish</button>
<p class="status" id="log" role="status"></p>`;

const STATE_SCRIPT = `
document.querySelector("#newsletter .x").addEventListener("click", function () { document.getElementById("newsletter").remove(); logClick("dialog closed"); });
document.getElementById("docs").addEventListener("click", function (e) {
  if (e.target !== this) return;
  var open = this.getAttribute("aria-expanded") === "true";
  this.setAttribute("aria-expanded", String(!open));
  this.querySelector("[role=group]").hidden = open;
});
var qty = document.getElementById("qty");
function setQty(n) { n = Math.max(1, Math.min(9, n)); qty.textContent = n; qty.setAttribute("aria-valuenow", n); logClick("quantity " + n); }
document.getElementById("plus").addEventListener("click", function () { setQty(Number(qty.textContent) + 1); });
document.getElementById("minus").addEventListener("click", function () { setQty(Number(qty.textContent) - 1); });
document.getElementById("bold").addEventListener("click", function () { var on = this.getAttribute("aria-pressed") === "true"; this.setAttribute("aria-pressed", String(!on)); logClick(on ? "bold off" : "bold on"); });
`;

export const observeControlsRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: /\/observe\/icons\/(\w+)\.(?:svg|png)/,
    handle: (ctx) => {
      const shape = ICON_SVG[ctx.params[0] ?? ""];
      if (!shape) return { status: 404, body: "" };
      return {
        headers: { "content-type": "image/svg+xml" },
        body: `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">${shape}</svg>`,
      };
    },
  },
  {
    method: "GET",
    path: "/observe/icons",
    handle: () => page({ title: "Icon controls", css: ICONS_CSS, body: ICONS_BODY, script: LOG_SCRIPT }),
  },
  {
    method: "GET",
    path: "/observe/mail",
    handle: () => page({ title: "Message", css: MAIL_CSS, body: MAIL_BODY, script: LOG_SCRIPT }),
  },
  {
    method: "GET",
    path: "/observe/nested",
    handle: () => page({ title: "Nested controls", css: NESTED_CSS, body: NESTED_BODY, script: LOG_SCRIPT + EMAIL_SCRIPT }),
  },
  {
    method: "GET",
    path: "/observe/state",
    handle: () => page({ title: "Widget state", css: STATE_CSS, body: STATE_BODY, script: LOG_SCRIPT + STATE_SCRIPT }),
  },
];
