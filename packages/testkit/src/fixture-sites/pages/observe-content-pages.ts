import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

// Content the observation must carry: an SVG chart and colour swatches, field values
// exactly (whitespace kept), and a shop whose mega menu alone would fill the budget while the
// SKU sits in a details table at the bottom. Outcomes are recorded on the page (#log).

const LOG = `window.logClick = function (what) {
  var log = document.getElementById("log");
  log.textContent = (log.textContent ? log.textContent + ", " : "Chosen: ") + what;
};`;

const BARS: [string, number, string][] = [
  ["Q1", 80, "#4e79a7"],
  ["Q2", 120, "#4e79a7"],
  ["Q3", 150, "#e15759"],
  ["Q4", 60, "#4e79a7"],
];

const CHART_CSS = `.bar{cursor:pointer}.swatches{display:flex;gap:8px}.swatch{width:28px;height:28px;border-radius:4px;cursor:pointer;border:1px solid #8c959f}`;

const CHART_BODY = `<h1>Sales</h1>
<svg width="320" height="200" viewBox="0 0 320 200" role="img" aria-label="Sales by quarter">
${BARS.map(([q, h, c], i) => `<rect class="bar" x="${20 + i * 75}" y="${170 - h}" width="50" height="${h}" fill="${c}" onclick="logClick('bar ${q}')"><title>${q}: ${h} units</title></rect><text x="${32 + i * 75}" y="190">${q}</text>`).join("\n")}
</svg>
<h2>Colour</h2>
<div class="swatches">
<div class="swatch" style="background:#d1242f" onclick="logClick('red')"></div>
<div class="swatch" style="background:#1a7f37" onclick="logClick('green')"></div>
<div class="swatch" style="background:#0969da" onclick="logClick('blue')"></div>
</div>
<p class="status" id="log" role="status"></p>`;

// Colour tiles larger than legend keys, with no pointer (the page listens on their row): the
// exact CSS names where they match (pink, lime, green), the nearest word otherwise.
const TILES: [string, string][] = [
  ["pink", "#ffc0cb"],
  ["lime", "#00ff00"],
  ["green", "#008000"],
  ["rose", "#f4a7b9"],
  ["blue", "#1e5adc"],
];

const COLOURS_BODY = `<h1>Pick the colours</h1>
<p>Click the pink box, then the lime box.</p>
<div class="tiles" id="tiles">${TILES.map(([name, hex]) => `<div class="tile" data-name="${name}" style="background:${hex}"></div>`).join("")}</div>
<p class="status" id="log" role="status"></p>`;

const COLOURS_SCRIPT = `${LOG}
document.getElementById("tiles").addEventListener("click", function (e) {
  if (e.target.dataset.name) logClick(e.target.dataset.name);
});`;

// Letters and digits drawn as SVG text over a background, the drawing listening for clicks.
const LETTERS: [string, string][] = [
  ["T", "#1f2328"],
  ["K", "#d1242f"],
  ["4", "#0969da"],
  ["M", "#1a7f37"],
  ["P", "#bf8700"],
];

const LETTERS_BODY = `<h1>Click the red letter</h1>
<svg id="letters" width="320" height="90" viewBox="0 0 320 90" style="cursor:pointer">
<rect x="0" y="0" width="320" height="90" fill="#f6f8fa"/>
${LETTERS.map(([ch, fill], i) => `<text x="${24 + i * 60}" y="60" font-size="${36 + (i % 2) * 8}" font-family="sans-serif" fill="${fill}">${ch}</text>`).join("")}
</svg>
<p class="status" id="log" role="status"></p>`;

const LETTERS_SCRIPT = `${LOG}
document.getElementById("letters").addEventListener("click", function (e) {
  if (e.target.tagName === "text") logClick("letter " + e.target.textContent);
});`;

/** A note with runs of spaces; the page checks a copy of it character for character. */
export const OBSERVE_NOTE = "  Order  #4411   (rush)  ";

const VALUES_BODY = `<h1>Copy the note</h1>
<label for="note">Note</label><input id="note" value="${OBSERVE_NOTE}">
<label for="long">Long text</label><textarea id="long" rows="3">${"0123456789".repeat(120)}</textarea>
<label for="copy">Copy</label><input id="copy">
<button type="button" id="check">Check the copy</button>
<p class="status" id="log" role="status"></p>`;

const VALUES_SCRIPT = `document.getElementById("check").addEventListener("click", function () {
  var same = document.getElementById("copy").value === document.getElementById("note").value;
  document.getElementById("log").textContent = same ? "The copy is exact." : "The copy differs.";
});`;

/** The word hidden at the end of /observe/answer's passage, a value of 950 characters. */
const OBSERVE_CODE_WORD = "HERON";
const PASSAGE = `${"The river bends twice before it reaches the old mill. ".repeat(17).slice(0, 920)} The code word is ${OBSERVE_CODE_WORD}.`;

// A long field value on one line with the answer field and the button after it.
const ANSWER_BODY = `<h1>Read the passage</h1>
<form id="quiz"><label for="passage">Passage</label> <textarea id="passage" rows="3" cols="60" readonly>${PASSAGE}</textarea>
<input id="answer" placeholder="Answer"> <button type="submit">Submit</button></form>
<p class="status" id="log" role="status"></p>`;

const ANSWER_SCRIPT = `document.getElementById("quiz").addEventListener("submit", function (e) {
  e.preventDefault();
  var answer = document.getElementById("answer").value.trim();
  document.getElementById("log").textContent = answer === "${OBSERVE_CODE_WORD}" ? "Correct: " + answer : "Wrong: " + answer;
});`;

/** The SKU of the product on /observe/shop, only in its details table at the bottom. */
export const OBSERVE_SKU = "MX-4471-B";

const DEPARTMENTS = ["Women", "Men", "Kids", "Home", "Garden", "Sports", "Electronics", "Books", "Toys", "Beauty"];
const MEGA_MENU = DEPARTMENTS.map(
  (d) =>
    `<li><a href="/observe/shop?d=${d}">${d}</a><ul>${Array.from({ length: 30 }, (_, i) => `<li><a href="/observe/shop?d=${d}&amp;c=${i}">${d} category ${i + 1}</a></li>`).join("")}</ul></li>`,
).join("");
const FOOTER = Array.from({ length: 60 }, (_, i) => `<li><a href="/observe/shop?f=${i}">Service page ${i + 1}</a></li>`).join("");

const SHOP_BODY = `<nav aria-label="Departments"><ul class="mega">${MEGA_MENU}</ul></nav>
<h1>Trail Runner 2 shoe</h1>
<p>$89.95</p>
<form id="reorder"><label for="sku">Reorder by SKU</label><input id="sku"><button type="submit">Reorder</button></form>
<p class="status" id="log" role="status"></p>
${Array.from({ length: 30 }, (_, i) => `<p>Review ${i + 1}: a comfortable shoe for long runs on rough trails, light and grippy in wet weather.</p>`).join("\n")}
<h2>Details</h2>
<table><tr><th>Colour</th><td>Slate</td></tr><tr><th>Weight</th><td>280 g</td></tr><tr><th>SKU</th><td>${OBSERVE_SKU}</td></tr></table>
<footer><ul>${FOOTER}</ul></footer>`;

const SHOP_SCRIPT = `document.getElementById("reorder").addEventListener("submit", function (e) {
  e.preventDefault();
  var sku = document.getElementById("sku").value.trim();
  document.getElementById("log").textContent = sku === "${OBSERVE_SKU}" ? "Reordered " + sku : "Unknown SKU " + sku;
});`;

export const observeContentRoutes: FixtureRoute[] = [
  { method: "GET", path: "/observe/chart", handle: () => page({ title: "Sales chart", css: CHART_CSS, body: CHART_BODY, script: LOG }) },
  {
    method: "GET",
    path: "/observe/colours",
    handle: () =>
      page({
        title: "Colour tiles",
        css: ".tiles{display:flex;gap:10px}.tile{width:52px;height:52px;border-radius:6px}",
        body: COLOURS_BODY,
        script: COLOURS_SCRIPT,
      }),
  },
  { method: "GET", path: "/observe/letters", handle: () => page({ title: "Letters", body: LETTERS_BODY, script: LETTERS_SCRIPT }) },
  { method: "GET", path: "/observe/answer", handle: () => page({ title: "Passage", body: ANSWER_BODY, script: ANSWER_SCRIPT }) },
  { method: "GET", path: "/observe/values", handle: () => page({ title: "Field values", body: VALUES_BODY, script: VALUES_SCRIPT }) },
  {
    method: "GET",
    path: "/observe/shop",
    handle: () => page({ title: "Trail Runner 2 - Big shop", css: ".mega ul{padding-left:16px}", body: SHOP_BODY, script: SHOP_SCRIPT }),
  },
];
