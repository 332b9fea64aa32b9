import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

const WORDS = (
  "the a of river mountain signal quiet archive lantern harbor morning system garden engine winter paper " +
  "market bridge window silver forest journey careful simple ancient modern bright distant steady gentle " +
  "history measure pattern village station letter island machine thunder meadow compass ladder orchard " +
  "people travel remember discover observe gather follow explain balance wander build carry notice"
).split(" ");

const TOPICS = [
  "Origins",
  "Early Settlers",
  "The Harbor",
  "Trade Routes",
  "Weather",
  "Architecture",
  "Festivals",
  "Machines",
  "Letters",
  "Maps",
];

export const LONG_SECTIONS = 60;
const PARAGRAPHS_PER_SECTION = 5;
const SENTENCES_PER_PARAGRAPH = 8;

/** Deterministic filler: the same words every time, no randomness. */
function sentence(seed: number): string {
  const length = 10 + (seed % 5);
  const words: string[] = [];
  for (let j = 0; j < length; j++) words.push(WORDS[(seed * 7 + j * 13 + j * j) % WORDS.length] ?? "word");
  const text = words.join(" ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(seed: number): string {
  const sentences: string[] = [];
  for (let k = 0; k < SENTENCES_PER_PARAGRAPH; k++) sentences.push(sentence(seed * SENTENCES_PER_PARAGRAPH + k));
  return `<p>${sentences.join(" ")}</p>`;
}

function clickable(id: string, label: string): string {
  return `<p><button type="button" class="long-button" id="${id}-button" data-result="${id}-result">${label}</button></p>
<p class="status" id="${id}-result" role="status"></p>`;
}

function article(): string {
  const parts: string[] = [
    `<p class="lede">A history of the river town of Alderbrook, told in ${LONG_SECTIONS} sections.</p>`,
    clickable("top", "Top button"),
  ];
  for (let s = 1; s <= LONG_SECTIONS; s++) {
    parts.push(`<h2 id="section-${s}">Section ${s}: ${TOPICS[(s - 1) % TOPICS.length]}</h2>`);
    for (let p = 0; p < PARAGRAPHS_PER_SECTION; p++) parts.push(paragraph(s * PARAGRAPHS_PER_SECTION + p));
    if (s === LONG_SECTIONS / 2) parts.push(clickable("middle", "Middle button"));
  }
  parts.push(`<p id="the-end">THE END</p>`, clickable("bottom", "Bottom button"));
  return parts.join("\n");
}

export const longRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/long",
    handle: () =>
      page({
        title: "A Very Long Article",
        css: `article{max-width:720px}`,
        script: `document.addEventListener("click", function(e){
  var b = e.target.closest(".long-button");
  if (b) document.getElementById(b.dataset.result).textContent = b.textContent + " clicked";
});`,
        body: `<article><h1>A Very Long Article</h1>\n${article()}\n</article>`,
      }),
  },
];
