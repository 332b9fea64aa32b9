import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

/** Where the canvas sits in the viewport (CSS pixels), fixed so a test can aim at it. */
const CANVAS_BOX = { left: 100, top: 200, width: 400, height: 240 };
/** The pins drawn on the canvas, in canvas coordinates. */
const CANVAS_PINS = [
  { name: "Harbour", x: 80, y: 120, colour: "#cf222e" },
  { name: "Museum", x: 200, y: 60, colour: "#1a7f37" },
  { name: "Station", x: 320, y: 180, colour: "#0969da" },
];
/** A note field inside a closed shadow root: on screen, but not in the page text. */
const NOTE_BOX = { left: 560, top: 200, width: 240, height: 36 };

const CSS = `
#map{position:fixed;left:${CANVAS_BOX.left}px;top:${CANVAS_BOX.top}px;width:${CANVAS_BOX.width}px;height:${CANVAS_BOX.height}px;border:0;background:#f6f8fa}
#note-host{position:fixed;left:${NOTE_BOX.left}px;top:${NOTE_BOX.top}px;width:${NOTE_BOX.width}px;height:${NOTE_BOX.height}px}
`;

// A map drawn on a canvas (pins have no elements) and a custom note widget in a closed shadow
// root; the page writes down where the map was clicked, which pin was hit, and the note.
const SCRIPT = `
(function(){
  var pins = ${JSON.stringify(CANVAS_PINS)};
  var canvas = document.getElementById("map");
  canvas.width = ${CANVAS_BOX.width}; canvas.height = ${CANVAS_BOX.height};
  var g = canvas.getContext("2d");
  pins.forEach(function(p){ g.fillStyle = p.colour; g.beginPath(); g.arc(p.x, p.y, 14, 0, Math.PI * 2); g.fill(); });
  canvas.addEventListener("click", function(e){
    var r = canvas.getBoundingClientRect();
    var x = Math.round(e.clientX - r.left), y = Math.round(e.clientY - r.top);
    var hit = pins.filter(function(p){ return Math.hypot(p.x - x, p.y - y) <= 14; })[0];
    document.getElementById("map-result").textContent = "Map clicked at " + x + "," + y + (hit ? ": " + hit.name : ": no pin");
  });
  var root = document.getElementById("note-host").attachShadow({ mode: "closed" });
  root.innerHTML = '<input style="width:100%;height:100%;box-sizing:border-box;font:inherit">';
  root.querySelector("input").addEventListener("input", function(e){ document.getElementById("note-result").textContent = "Note: " + e.target.value; });
})();
`;

export const toolsCanvasRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/tools/canvas",
    handle: () =>
      page({
        title: "City map",
        css: CSS,
        script: SCRIPT,
        body: `<h1>City map</h1>
<canvas id="map"></canvas>
<div id="note-host"></div>
<p class="status" id="map-result" role="status"></p>
<p class="status" id="note-result" role="status"></p>`,
      }),
  },
];
