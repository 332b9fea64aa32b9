import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

export const TOPPINGS = ["Basil", "Mushrooms", "Olives", "Peppers", "Onions"];
export const COLOURS = ["Red", "Green", "Blue", "Yellow"];

const CSS = `
.listbox{list-style:none;padding:0;width:200px;border:1px solid #8c959f;border-radius:6px}
.listbox [role=option]{padding:6px 12px;cursor:pointer;user-select:none}
.listbox [aria-selected=true]{background:#0969da;color:#fff}
`;

// A native <select multiple> and an ARIA listbox with aria-multiselectable: a plain click
// selects one option only, Ctrl/Cmd+click adds or removes one. The page records both selections.
const SCRIPT = `
(function(){
  var toppings = document.getElementById("toppings");
  toppings.addEventListener("change", function(){
    var chosen = Array.prototype.filter.call(toppings.options, function(o){ return o.selected; }).map(function(o){ return o.text; });
    document.getElementById("toppings-result").textContent = "Toppings: " + chosen.join(", ");
  });
  var box = document.getElementById("colours");
  var options = Array.prototype.slice.call(box.querySelectorAll("[role=option]"));
  options.forEach(function(o){
    o.addEventListener("click", function(e){
      if (e.ctrlKey || e.metaKey) o.setAttribute("aria-selected", String(o.getAttribute("aria-selected") !== "true"));
      else options.forEach(function(p){ p.setAttribute("aria-selected", String(p === o)); });
      var chosen = options.filter(function(p){ return p.getAttribute("aria-selected") === "true"; }).map(function(p){ return p.textContent; });
      document.getElementById("colours-result").textContent = "Colours: " + chosen.join(", ");
    });
  });
})();
`;

export const toolsMultiselectRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/tools/multiselect",
    handle: () =>
      page({
        title: "Pizza order",
        css: CSS,
        script: SCRIPT,
        body: `<h1>Pizza order</h1>
<label for="toppings">Toppings</label>
<select id="toppings" name="toppings" multiple size="5">${TOPPINGS.map((t) => `<option value="${t.toLowerCase()}">${t}</option>`).join("")}</select>
<p class="status" id="toppings-result" role="status"></p>
<p id="colours-label"><strong>Box colours</strong></p>
<ul class="listbox" id="colours" role="listbox" aria-multiselectable="true" aria-labelledby="colours-label" tabindex="0">
${COLOURS.map((c) => `<li role="option" aria-selected="false">${c}</li>`).join("\n")}
</ul>
<p class="status" id="colours-result" role="status"></p>`,
      }),
  },
];
