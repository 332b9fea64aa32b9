import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

export const NATIVE_FRUITS = ["Apple", "Banana", "Cherry", "Dragon fruit", "Elderberry"];
export const CUSTOM_CITIES = ["Amsterdam", "Berlin", "Copenhagen", "Dublin", "Edinburgh", "Florence", "Geneva", "Helsinki"];

const DROPDOWN_CSS = `
.combo-wrap{position:relative;width:280px}
.combobox{border:1px solid #8c959f;border-radius:6px;padding:8px 12px;cursor:pointer;background:#fff;user-select:none}
.combobox::after{content:"\\25BE";float:right}
.listbox{position:absolute;top:100%;left:0;right:0;z-index:10;background:#fff;border:1px solid #8c959f;border-radius:6px;margin-top:2px;box-shadow:0 4px 12px rgba(0,0,0,.15)}
.option{padding:8px 12px;cursor:pointer}
.option:hover,.option.active{background:#ddf4ff}
section{margin:24px 0}
`;

const DROPDOWN_SCRIPT = `
(function(){
  document.getElementById("fruit").addEventListener("change", function(e){
    var select = e.target;
    document.getElementById("fruit-result").textContent = select.value ? "Selected: " + select.options[select.selectedIndex].text : "";
  });
  var combo = document.getElementById("city-combobox");
  var list = document.getElementById("city-listbox");
  var options = Array.prototype.slice.call(list.querySelectorAll("[role=option]"));
  var active = -1;
  function open(){ list.hidden = false; combo.setAttribute("aria-expanded", "true"); }
  function close(){ list.hidden = true; combo.setAttribute("aria-expanded", "false"); setActive(-1); }
  function setActive(i){
    active = i;
    options.forEach(function(o, j){ o.classList.toggle("active", j === i); });
    if (i >= 0) combo.setAttribute("aria-activedescendant", options[i].id); else combo.removeAttribute("aria-activedescendant");
  }
  function choose(option){
    options.forEach(function(o){ o.setAttribute("aria-selected", String(o === option)); });
    document.getElementById("city-value").textContent = option.dataset.value;
    document.getElementById("city-result").textContent = "Selected: " + option.dataset.value;
    close();
    combo.focus();
  }
  combo.addEventListener("click", function(){ list.hidden ? open() : close(); });
  combo.addEventListener("keydown", function(e){
    if (e.key === "ArrowDown") { e.preventDefault(); open(); setActive(Math.min(active + 1, options.length - 1)); }
    else if (e.key === "ArrowUp") { e.preventDefault(); open(); setActive(Math.max(active - 1, 0)); }
    else if (e.key === "Enter" || e.key === " ") { e.preventDefault(); if (!list.hidden && active >= 0) choose(options[active]); else open(); }
    else if (e.key === "Escape") { close(); }
  });
  options.forEach(function(o){ o.addEventListener("click", function(){ choose(o); }); });
  document.addEventListener("click", function(e){ if (!combo.contains(e.target) && !list.contains(e.target)) close(); });
})();
`;

export const dropdownRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/dropdown",
    handle: () => {
      const fruits = NATIVE_FRUITS.map((f) => `<option value="${f.toLowerCase().replace(/ /g, "-")}">${f}</option>`).join("");
      const cities = CUSTOM_CITIES.map(
        (c) => `<div class="option" role="option" id="city-option-${c.toLowerCase()}" data-value="${c}" aria-selected="false">${c}</div>`,
      ).join("\n");
      return page({
        title: "Dropdowns",
        css: DROPDOWN_CSS,
        script: DROPDOWN_SCRIPT,
        body: `<h1>Dropdowns</h1>
<section>
<h2>Native select</h2>
<label for="fruit">Favourite fruit</label>
<select id="fruit" name="fruit"><option value="">Choose a fruit</option>${fruits}</select>
<p class="status" id="fruit-result" role="status"></p>
</section>
<section>
<h2>Custom dropdown</h2>
<label id="city-label">City</label>
<div class="combo-wrap">
<div class="combobox" id="city-combobox" role="combobox" tabindex="0" aria-haspopup="listbox" aria-expanded="false" aria-controls="city-listbox" aria-labelledby="city-label"><span id="city-value">Choose a city</span></div>
<div class="listbox" id="city-listbox" role="listbox" aria-labelledby="city-label" hidden>
${cities}
</div>
</div>
<p class="status" id="city-result" role="status"></p>
</section>`,
      });
    },
  },
];
