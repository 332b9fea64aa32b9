import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

const SHADOW_SCRIPT = `
(function(){
  var STYLE = "<style>.box{border:2px solid #8250df;border-radius:8px;padding:12px;margin:12px 0}label{display:block;font-weight:600}input{padding:6px 8px;min-width:220px;margin:4px 0}button{padding:6px 12px;margin-left:8px}.status{color:#1a7f37;font-weight:600;min-height:1.5em}</style>";
  // A custom element whose shadow root (open or closed) holds this HTML; wire adds its behaviour.
  function widget(name, mode, html, wire){
    customElements.define(name, class extends HTMLElement {
      constructor(){
        super();
        var root = this.attachShadow({ mode: mode });
        root.innerHTML = STYLE + html;
        wire(root);
      }
    });
  }
  widget("nested-widget", "open", '<div class="box"><h3>Nested shadow root</h3><button type="button" id="nested-button">Nested shadow button</button><p class="status" id="nested-result" role="status"></p></div>', function(root){
    root.getElementById("nested-button").addEventListener("click", function(){
      root.getElementById("nested-result").textContent = "Nested shadow clicked";
    });
  });
  widget("search-widget", "open", '<div class="box"><h2>Open shadow root</h2><label for="shadow-input">Shadow input</label><input id="shadow-input" type="text" placeholder="Type inside the shadow root"><button type="button" id="shadow-button">Shadow submit</button><p class="status" id="shadow-result" role="status"></p><nested-widget></nested-widget></div>', function(root){
    root.getElementById("shadow-button").addEventListener("click", function(){
      root.getElementById("shadow-result").textContent = "Shadow submitted: " + (root.getElementById("shadow-input").value || "(empty)");
    });
  });
  widget("closed-widget", "closed", '<div class="box"><h2>Closed shadow root</h2><p>CLOSED-SHADOW-CONTENT</p><input type="text" placeholder="Closed input"><button type="button">Closed button</button><p class="status" role="status"></p></div>', function(root){
    var status = root.querySelector(".status");
    root.querySelector("button").addEventListener("click", function(){ status.textContent = "Closed clicked"; });
  });
})();
`;

export const shadowRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/shadow",
    handle: () =>
      page({
        title: "Shadow DOM",
        script: SHADOW_SCRIPT,
        body: `<h1>Shadow DOM</h1>
<p>Light DOM text outside any shadow root.</p>
<search-widget id="open-host"></search-widget>
<closed-widget id="closed-host"></closed-widget>`,
      }),
  },
];
