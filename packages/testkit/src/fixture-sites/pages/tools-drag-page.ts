import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

/** The sortable list's items, top to bottom, as the page starts. */
export const DRAG_ITEMS = ["Apple", "Banana", "Cherry", "Damson"];

const CSS = `
.sortable{list-style:none;padding:0;width:280px}
.sortable li{padding:8px 12px;margin:4px 0;border:1px solid #8c959f;border-radius:6px;background:#f6f8fa;cursor:grab}
.sortable li.over{border-color:#0969da}
.track{position:relative;width:400px;height:8px;margin:24px 0;background:#d0d7de;border-radius:4px;touch-action:none}
.thumb{position:absolute;top:-8px;width:24px;height:24px;margin-left:-12px;border-radius:50%;background:#0969da;cursor:grab}
`;

// A sortable list built on HTML5 drag and drop (dragstart/dragover/drop), and a slider that
// follows pointer events (pointerdown/move/up with pointer capture). The page records the
// list's order and the slider's value in its own text.
const SCRIPT = `
(function(){
  var list = document.getElementById("sortable");
  var dragged = null;
  function record(){
    var names = Array.prototype.map.call(list.children, function(li){ return li.dataset.name; });
    document.getElementById("order").textContent = "Order: " + names.join(", ");
  }
  Array.prototype.forEach.call(list.children, function(li){
    li.addEventListener("dragstart", function(e){ dragged = li; e.dataTransfer.setData("text/plain", li.dataset.name); e.dataTransfer.effectAllowed = "move"; });
    li.addEventListener("dragover", function(e){ e.preventDefault(); li.classList.add("over"); });
    li.addEventListener("dragleave", function(){ li.classList.remove("over"); });
    li.addEventListener("drop", function(e){
      e.preventDefault();
      li.classList.remove("over");
      var name = e.dataTransfer.getData("text/plain");
      var moving = dragged && dragged.dataset.name === name ? dragged : null;
      if (!moving || moving === li) return;
      list.insertBefore(moving, li);
      record();
    });
  });
  record();

  var track = document.getElementById("track");
  var thumb = document.getElementById("thumb");
  function show(v){
    thumb.style.left = v + "%";
    thumb.setAttribute("aria-valuenow", String(v));
    document.getElementById("volume").textContent = "Volume: " + v;
  }
  function fromPointer(e){
    var r = track.getBoundingClientRect();
    return Math.max(0, Math.min(100, Math.round((e.clientX - r.left) / r.width * 100)));
  }
  var dragging = false;
  thumb.addEventListener("pointerdown", function(e){ dragging = true; thumb.setPointerCapture(e.pointerId); e.preventDefault(); });
  thumb.addEventListener("pointermove", function(e){ if (dragging) show(fromPointer(e)); });
  thumb.addEventListener("pointerup", function(e){ if (dragging) { dragging = false; show(fromPointer(e)); } });
  show(20);
})();
`;

export const toolsDragRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/tools/drag",
    handle: () =>
      page({
        title: "Drag and drop",
        css: CSS,
        script: SCRIPT,
        body: `<h1>Drag and drop</h1>
<h2>Sort the fruit</h2>
<ul class="sortable" id="sortable">
${DRAG_ITEMS.map((name) => `<li draggable="true" tabindex="0" data-name="${name}">${name}</li>`).join("\n")}
</ul>
<p class="status" id="order" role="status"></p>
<h2>Volume</h2>
<div class="track" id="track"><div class="thumb" id="thumb" role="slider" tabindex="0" aria-label="Volume" aria-valuemin="0" aria-valuemax="100" aria-valuenow="20"></div></div>
<p class="status" id="volume" role="status"></p>`,
      }),
  },
];
