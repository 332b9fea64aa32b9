import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

// Widgets built without ARIA, pointer or tab stops, as common libraries draw them: a jQuery UI
// style sortable list, a list sorted by native HTML drag and drop, a selectric-style custom select, a tree of nested lists with folder
// classes, a date picker whose month steps are links without href or visible words, an auction whose price sits far down. Each page records what it saw in its own text (#log), so tests check the page.

/** The sortable list's items, top to bottom, as the page starts. */
export const SORTABLE_TASKS = ["Build", "Test", "Deploy"];
/** The natively draggable list's items, top to bottom, as the page starts. */
const PRIORITIES = ["High", "Medium", "Low"];

const SORTABLE_CSS = `
.ui-sortable{list-style:none;padding:0;width:260px}
.ui-sortable li,#priorities li{padding:8px 12px;margin:4px 0;border:1px solid #8c959f;border-radius:6px;background:#f6f8fa;user-select:none}
#priorities{list-style:none;padding:0;width:260px}
.selectric{width:220px;padding:6px 10px;border:1px solid #8c959f;border-radius:6px;cursor:pointer}
.selectric-items{width:220px;border:1px solid #8c959f;border-top:0;background:#fff}
.selectric-items ul{list-style:none;margin:0;padding:0}
.selectric-items li{padding:6px 10px}
`;

// The list sorts with mouse events (press on an item, release on another: it goes before it),
// as jQuery UI's sortable does; the priorities sort by the browser's own drag and drop
// (draggable="true", a drop on an item puts the dragged one before it); the select opens on a
// click on its box and takes a click on an option line. None shows a pointer or takes the focus.
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
  var priorities = document.getElementById("priorities"), dragged = null;
  priorities.addEventListener("dragstart", function(e){ dragged = e.target.closest("li"); e.dataTransfer.setData("text/plain", dragged.textContent); });
  priorities.addEventListener("dragover", function(e){ e.preventDefault(); });
  priorities.addEventListener("drop", function(e){
    e.preventDefault();
    var over = e.target.closest && e.target.closest("#priorities li");
    if (dragged && over && over !== dragged) {
      priorities.insertBefore(dragged, over);
      var names = Array.prototype.map.call(priorities.children, function(li){ return li.textContent; });
      document.getElementById("priority-order").textContent = "Priorities: " + names.join(", ");
    }
    dragged = null;
  });
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
<p>Move Deploy to the top, then Low to the top of the priorities, then choose the size Large.</p>
<ul id="tasks" class="ui-sortable">${SORTABLE_TASKS.map((t) => `<li class="ui-sortable-handle">${t}</li>`).join("")}</ul>
<p class="status" id="order" role="status"></p>
<h2>Priorities</h2>
<ul id="priorities">${PRIORITIES.map((p) => `<li draggable="true">${p}</li>`).join("")}</ul>
<p class="status" id="priority-order" role="status"></p>
<div class="selectric-wrapper">
<div class="selectric" id="size-box"><span class="label">Choose a size</span></div>
<div class="selectric-items" id="size-items" hidden><div class="selectric-scroll"><ul><li>Small</li><li>Medium</li><li>Large</li></ul></div></div>
</div>
<p class="status" id="size" role="status"></p>`;

const TREE_CSS = `
.filetree,.filetree ul{list-style:none;padding-left:20px}
.filetree li.collapsed > ul{display:none}
.filetree .name{cursor:pointer}
.fa{display:inline-block;width:14px;height:14px;border:1px solid #8c959f}
`;

// A file tree of nested lists, as jQuery plugins draw it: folders and files told apart only by
// their classes and icons, a folder's list hidden while it is collapsed.
const TREE_BODY = `<h1>Files</h1>
<p>Open q3.pdf in Documents, Reports.</p>
<ul class="filetree" id="tree">
<li class="folder collapsed"><i class="fa fa-folder"></i> <span class="name">Documents</span>
<ul><li class="folder collapsed"><i class="fa fa-folder"></i> <span class="name">Reports</span>
<ul><li class="file"><i class="fa fa-file"></i> <span class="name">q3.pdf</span></li></ul></li>
<li class="file"><i class="fa fa-file"></i> <span class="name">notes.txt</span></li></ul></li>
<li class="file"><i class="fa fa-file"></i> <span class="name">readme.md</span></li>
</ul>
<p class="status" id="log" role="status"></p>`;

const TREE_SCRIPT = `document.getElementById("tree").addEventListener("click", function (e) {
  var name = e.target.closest(".name");
  if (!name) return;
  var li = name.parentElement;
  if (li.classList.contains("folder")) {
    li.classList.toggle("collapsed");
    li.classList.toggle("expanded");
  } else document.getElementById("log").textContent = "Opened: " + name.textContent;
});`;

const CALENDAR_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

// A jQuery UI style date picker: its month steps are links without href, pointer or words you
// can see (their text is pushed off by text-indent, the arrow is a background icon).
const CALENDAR_CSS = `
.ui-datepicker{width:260px;border:1px solid #8c959f;border-radius:6px;padding:6px}
.ui-datepicker-header{position:relative;height:28px;text-align:center}
.ui-datepicker-prev,.ui-datepicker-next{position:absolute;top:4px;width:20px;height:20px}
.ui-datepicker-prev{left:4px}.ui-datepicker-next{right:4px}
.ui-icon{display:block;width:16px;height:16px;text-indent:-99999px;overflow:hidden;background:#57606a}
.ui-datepicker-calendar td{padding:2px;border:0}
`;

const CALENDAR_SCRIPT = `
(function(){
  var MONTHS = ${JSON.stringify(CALENDAR_MONTHS)};
  var year = 2026, month = 2;
  var cal = document.getElementById("cal");
  function pad(n){ return (n < 10 ? "0" : "") + n; }
  function render(){
    document.getElementById("cal-title").textContent = MONTHS[month] + " " + year;
    var days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate(), html = "<tr>";
    for (var d = 1; d <= days; d++) html += '<td><a class="ui-state-default" href="#" data-day="' + d + '">' + d + "</a></td>" + (d % 7 === 0 ? "</tr><tr>" : "");
    document.getElementById("cal-days").innerHTML = html + "</tr>";
  }
  cal.addEventListener("click", function(e){
    var step = e.target.closest("[data-handler]");
    if (step) { month += step.dataset.handler === "next" ? 1 : -1; if (month > 11) { month = 0; year++; } if (month < 0) { month = 11; year--; } render(); return; }
    var day = e.target.closest("[data-day]");
    if (!day) return;
    e.preventDefault();
    document.getElementById("log").textContent = "Date chosen: " + year + "-" + pad(month + 1) + "-" + pad(Number(day.dataset.day));
  });
  render();
})();
`;

const CALENDAR_BODY = `<h1>Pick a date</h1>
<p>Choose 9 April 2026.</p>
<div class="ui-datepicker" id="cal">
<div class="ui-datepicker-header">
<a class="ui-datepicker-prev ui-corner-all" data-handler="prev" title="Prev"><span class="ui-icon ui-icon-circle-triangle-w">Prev</span></a>
<a class="ui-datepicker-next ui-corner-all" data-handler="next" title="Next"><span class="ui-icon ui-icon-circle-triangle-e">Next</span></a>
<div class="ui-datepicker-title" id="cal-title"></div>
</div>
<table class="ui-datepicker-calendar"><tbody id="cal-days"></tbody></table>
</div>
<p class="status" id="log" role="status"></p>`;

/** The buy-it-now price of /observe/auction, far down its long page. */
export const AUCTION_PRICE = "$1,250.00";

const AUCTION_MENU = Array.from(
  { length: 12 },
  (_, d) =>
    `<li><a href="/observe/auction?d=${d}">Department ${d + 1}</a><ul>${Array.from({ length: 25 }, (_, i) => `<li><a href="/observe/auction?d=${d}&amp;c=${i}">Department ${d + 1} shelf ${i + 1}</a></li>`).join("")}</ul></li>`,
).join("");

// An auction page: the current bid and the bid count in boxes side by side (read together they
// make "$4005 bids"), the payment form, a long description, and the buy-it-now price only after it.
const AUCTION_BODY = `<nav aria-label="Departments"><ul>${AUCTION_MENU}</ul></nav>
<h1>Vintage rangefinder camera</h1>
<div class="bidbox"><span class="bid">$400</span><span class="bids">5 bids</span></div>
<form id="offer"><label for="amount">Pay the buy-it-now price</label><input id="amount"><button type="submit">Pay</button></form>
<p class="status" id="log" role="status"></p>
${Array.from({ length: 60 }, (_, i) => `<p>Condition note ${i + 1}: the shutter fires at every speed, the rangefinder patch is bright and aligned, and the leatherette shows light wear at the corners.</p>`).join("\n")}
<p class="buy-now">Buy it now: ${AUCTION_PRICE}</p>`;

const AUCTION_SCRIPT = `document.getElementById("offer").addEventListener("submit", function (e) {
  e.preventDefault();
  var amount = document.getElementById("amount").value.trim();
  document.getElementById("log").textContent = amount === ${JSON.stringify(AUCTION_PRICE)} ? "Bought for " + amount : "Wrong amount " + amount;
});`;

export const observeWidgetRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/observe/auction",
    handle: () =>
      page({
        title: "Vintage rangefinder camera - Auction",
        css: ".bidbox{font-size:20px}.bidbox span{display:inline-block;margin-right:16px}",
        body: AUCTION_BODY,
        script: AUCTION_SCRIPT,
      }),
  },
  { method: "GET", path: "/observe/tree", handle: () => page({ title: "Files", css: TREE_CSS, body: TREE_BODY, script: TREE_SCRIPT }) },
  {
    method: "GET",
    path: "/observe/calendar",
    handle: () => page({ title: "Pick a date", css: CALENDAR_CSS, body: CALENDAR_BODY, script: CALENDAR_SCRIPT }),
  },
  {
    method: "GET",
    path: "/observe/sortable",
    handle: () => page({ title: "Release plan", css: SORTABLE_CSS, body: SORTABLE_BODY, script: SORTABLE_SCRIPT }),
  },
];
