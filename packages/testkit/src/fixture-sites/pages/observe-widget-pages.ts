import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

// Widgets built without ARIA, pointer or tab stops, as common libraries draw them: a jQuery UI
// style sortable list and a selectric-style custom select, a tree of nested lists with folder
// classes. Each page records what it saw in its own text (#log), so tests check the page.

/** The sortable list's items, top to bottom, as the page starts. */
export const SORTABLE_TASKS = ["Build", "Test", "Deploy"];

const SORTABLE_CSS = `
.ui-sortable{list-style:none;padding:0;width:260px}
.ui-sortable li{padding:8px 12px;margin:4px 0;border:1px solid #8c959f;border-radius:6px;background:#f6f8fa;user-select:none}
.selectric{width:220px;padding:6px 10px;border:1px solid #8c959f;border-radius:6px;cursor:pointer}
.selectric-items{width:220px;border:1px solid #8c959f;border-top:0;background:#fff}
.selectric-items ul{list-style:none;margin:0;padding:0}
.selectric-items li{padding:6px 10px}
`;

// The list sorts with mouse events (press on an item, release on another: it goes before it),
// as jQuery UI's sortable does; the select opens on a click on its box and takes a click on an
// option line. Neither shows a pointer or takes the focus.
const SORTABLE_SCRIPT = `
(function(){
  var list = document.getElementById("tasks"), moving = null;
  function record(){
    var names = Array.prototype.map.call(list.children, function(li){ return li.textContent; });
    document.getElementById("order").textContent = "Order: " + names.join(", ");
  }
  list.addEventListener("mousedown", function(e){ moving = e.target.closest("li"); e.preventDefault(); });
  document.addEventListener("mouseup", function(e){
    var target = document.elementFromPoint(e.clientX, e.clientY);
    var over = target && target.closest("#tasks li");
    if (moving && over && over !== moving) { list.insertBefore(moving, over); record(); }
    moving = null;
  });
  record();
  var items = document.getElementById("size-items");
  document.getElementById("size-box").addEventListener("click", function(){ items.hidden = !items.hidden; });
  items.addEventListener("click", function(e){
    var li = e.target.closest("li");
    if (!li) return;
    document.querySelector("#size-box .label").textContent = li.textContent;
    document.getElementById("size").textContent = "Size: " + li.textContent;
    items.hidden = true;
  });
})();
`;

const SORTABLE_BODY = `<h1>Plan the release</h1>
<p>Move Deploy to the top, then choose the size Large.</p>
<ul id="tasks" class="ui-sortable">${SORTABLE_TASKS.map((t) => `<li class="ui-sortable-handle">${t}</li>`).join("")}</ul>
<p class="status" id="order" role="status"></p>
<div class="selectric-wrapper">
<div class="selectric" id="size-box"><span class="label">Choose a size</span></div>
<div class="selectric-items" id="size-items" hidden><div class="selectric-scroll"><ul><li>Small</li><li>Medium</li><li>Large</li></ul></div></div>
</div>
<p class="status" id="size" role="status"></p>`;

export const observeWidgetRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/observe/sortable",
    handle: () => page({ title: "Release plan", css: SORTABLE_CSS, body: SORTABLE_BODY, script: SORTABLE_SCRIPT }),
  },
];
