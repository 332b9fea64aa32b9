import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

// Native dialogs whose answers the page writes down, and a popup window (window.open with
// window features) with a form of its own.
const SCRIPT = `
(function(){
  function say(id, text){ document.getElementById(id).textContent = text; }
  document.getElementById("hello").addEventListener("click", function(){ alert("Hello from the page"); say("alert-result", "Alert closed"); });
  document.getElementById("delete").addEventListener("click", function(){ say("confirm-result", confirm("Delete the draft?") ? "Draft deleted" : "Draft kept"); });
  document.getElementById("rename").addEventListener("click", function(){
    var name = prompt("New name for the draft?", "Untitled");
    say("prompt-result", name === null ? "Rename cancelled" : "Name: " + name);
  });
  document.getElementById("help").addEventListener("click", function(){ window.open("/tools/dialogs/help", "help", "popup,width=480,height=360"); });
})();
`;

const HELP_SCRIPT = `
document.getElementById("feedback").addEventListener("click", function(){ document.getElementById("feedback-result").textContent = "Feedback sent from the popup"; });
`;

export const toolsDialogsRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/tools/dialogs",
    handle: () =>
      page({
        title: "Drafts",
        script: SCRIPT,
        body: `<h1>Drafts</h1>
<p><button id="hello">Say hello</button></p>
<p class="status" id="alert-result" role="status"></p>
<p><button id="delete">Delete draft</button></p>
<p class="status" id="confirm-result" role="status"></p>
<p><button id="rename">Rename draft</button></p>
<p class="status" id="prompt-result" role="status"></p>
<p><button id="help">Open help</button></p>`,
      }),
  },
  {
    method: "GET",
    path: "/tools/dialogs/help",
    handle: () =>
      page({
        title: "Help popup",
        script: HELP_SCRIPT,
        body: `<h1>Help</h1>
<p><button id="feedback">Send feedback</button></p>
<p class="status" id="feedback-result" role="status"></p>`,
      }),
  },
];
