import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

export const AUTOCOMPLETE_CITIES = ["Madrid", "Málaga", "Manchester", "Marseille", "Milan", "Munich"];

const CSS = `
.ac{position:relative;width:280px}
.ac ul{position:absolute;left:0;right:0;top:100%;margin:2px 0 0;padding:0;list-style:none;background:#fff;border:1px solid #8c959f;border-radius:6px;z-index:5}
.ac li{padding:6px 12px;cursor:pointer}
.ac li.active{background:#ddf4ff}
`;

// An autocomplete with a common flaw: the first suggestion is highlighted, arrow keys move the
// highlight, and leaving the field (blur) commits the highlighted suggestion and closes the
// list. A mouse press on a suggestion blurs the field first, so a plain click chooses the
// highlighted suggestion, not the one clicked. The keyboard (ArrowDown, Enter) works.
const SCRIPT = `
(function(){
  var cities = ${JSON.stringify(AUTOCOMPLETE_CITIES)};
  var input = document.getElementById("city");
  var list = document.getElementById("city-suggestions");
  var shown = [], active = -1;
  function render(){
    list.innerHTML = "";
    shown.forEach(function(c, i){
      var li = document.createElement("li");
      li.id = "city-option-" + i;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", String(i === active));
      li.className = i === active ? "active" : "";
      li.textContent = c;
      li.addEventListener("click", function(){ choose(c); });
      list.appendChild(li);
    });
    list.hidden = shown.length === 0;
    input.setAttribute("aria-expanded", String(shown.length > 0));
    if (active >= 0) input.setAttribute("aria-activedescendant", "city-option-" + active); else input.removeAttribute("aria-activedescendant");
  }
  function close(){ shown = []; active = -1; render(); }
  function choose(c){
    input.value = c;
    document.getElementById("chosen").textContent = "Chosen: " + c;
    close();
  }
  input.addEventListener("input", function(){
    var q = input.value.trim().toLowerCase();
    shown = q ? cities.filter(function(c){ return c.toLowerCase().indexOf(q) === 0; }) : [];
    active = shown.length ? 0 : -1;
    render();
  });
  input.addEventListener("keydown", function(e){
    if (!shown.length) return;
    if (e.key === "ArrowDown") { e.preventDefault(); active = Math.min(active + 1, shown.length - 1); render(); }
    else if (e.key === "ArrowUp") { e.preventDefault(); active = Math.max(active - 1, 0); render(); }
    else if (e.key === "Enter") { e.preventDefault(); if (active >= 0) choose(shown[active]); }
    else if (e.key === "Escape") { close(); }
  });
  input.addEventListener("blur", function(){ if (active >= 0) choose(shown[active]); else close(); });
})();
`;

export const toolsAutocompleteRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/tools/autocomplete",
    handle: () =>
      page({
        title: "Book a trip",
        css: CSS,
        script: SCRIPT,
        body: `<h1>Book a trip</h1>
<label for="city">Destination</label>
<div class="ac">
<input id="city" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="city-suggestions" autocomplete="off" placeholder="Type a city">
<ul id="city-suggestions" role="listbox" aria-label="Suggestions" hidden></ul>
</div>
<p class="status" id="chosen" role="status"></p>`,
      }),
  },
];
