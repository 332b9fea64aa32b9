import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

export const INFINITE_BATCH = 10;
export const INFINITE_MAX = 100;

const INFINITE_SCRIPT = `
(function(){
  var BATCH = ${INFINITE_BATCH}, MAX = ${INFINITE_MAX};
  var list = document.getElementById("items");
  var status = document.getElementById("feed-status");
  var count = document.getElementById("item-count");
  var loading = false;
  function append(){
    var start = list.children.length;
    for (var i = start + 1; i <= Math.min(start + BATCH, MAX); i++) {
      var li = document.createElement("li");
      li.className = "item";
      li.id = "item-" + i;
      li.textContent = "Item " + i;
      list.appendChild(li);
    }
    count.textContent = "Showing " + list.children.length + " of " + MAX + " items";
    status.textContent = list.children.length >= MAX ? "No more items" : "";
  }
  append();
  function nearBottom(){
    return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 200;
  }
  window.addEventListener("scroll", function(){
    if (loading || list.children.length >= MAX || !nearBottom()) return;
    loading = true;
    status.textContent = "Loading more...";
    setTimeout(function(){ append(); loading = false; }, 150);
  }, { passive: true });
})();
`;

export const infiniteRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/infinite",
    handle: () =>
      page({
        title: "Infinite scroll",
        css: `.feed{list-style:none;padding:0;margin:0}.item{height:100px;border-bottom:1px solid #d0d7de;display:flex;align-items:center;padding:0 16px;font-size:18px}#item-count{position:sticky;top:0;background:#fff;padding:8px 0;margin:0}`,
        script: INFINITE_SCRIPT,
        body: `<h1>Infinite scroll</h1>
<p id="item-count" role="status">Showing 0 of ${INFINITE_MAX} items</p>
<ul class="feed" id="items"></ul>
<p id="feed-status" class="status" aria-live="polite"></p>`,
      }),
  },
];
