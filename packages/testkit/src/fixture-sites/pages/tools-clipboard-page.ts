import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

/** The code the page shows in plain text (no field holds it): copy it into the form to apply it. */
export const VOUCHER_CODE = "WINTER-7Q2X-2026";

const SCRIPT = `
(function(){
  document.getElementById("voucher-form").addEventListener("submit", function(e){
    e.preventDefault();
    document.getElementById("applied").textContent = "Applied: " + document.getElementById("voucher").value;
  });
})();
`;

export const toolsClipboardRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/tools/clipboard",
    handle: () =>
      page({
        title: "Voucher",
        script: SCRIPT,
        body: `<h1>Your voucher</h1>
<p id="voucher-text">Thanks for your order! Your voucher code is ${VOUCHER_CODE}, valid until March.</p>
<form id="voucher-form">
<label for="voucher">Voucher code</label>
<input id="voucher" name="voucher" autocomplete="off">
<button type="submit">Apply voucher</button>
</form>
<p class="status" id="applied" role="status"></p>`,
      }),
  },
];
