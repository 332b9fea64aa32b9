import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

/** The month the calendar opens on unless `?month=YYYY-MM` says otherwise. */
export const DEFAULT_CALENDAR_MONTH = "2026-03";

const DATEPICKER_CSS = `
.picker{position:relative;display:inline-block}
.calendar{position:absolute;top:100%;left:0;z-index:10;background:#fff;border:1px solid #8c959f;border-radius:8px;padding:8px;box-shadow:0 4px 12px rgba(0,0,0,.15);margin-top:4px}
.calendar-header{display:flex;justify-content:space-between;align-items:center;gap:8px;margin-bottom:4px}
.calendar-header button{padding:2px 10px}
.calendar table{margin:0}
.calendar th,.calendar td{border:0;padding:2px;text-align:center}
.calendar td button{width:36px;height:32px;padding:0;background:#f6f8fa;color:#1f2328;border:1px solid #d0d7de}
.calendar td button:hover{background:#ddf4ff}
section{margin:24px 0}
`;

/** Month arithmetic uses UTC dates only, so the grid never depends on the machine's time zone or clock. */
const DATEPICKER_SCRIPT = `
(function(){
  var MONTHS = ["January","February","March","April","May","June","July","August","September","October","November","December"];
  var input = document.getElementById("date-input");
  var calendar = document.getElementById("calendar");
  var label = document.getElementById("calendar-month");
  var grid = document.getElementById("calendar-days");
  var parts = calendar.dataset.month.split("-");
  var year = Number(parts[0]), month = Number(parts[1]) - 1;
  function pad(n){ return (n < 10 ? "0" : "") + n; }
  function render(){
    label.textContent = MONTHS[month] + " " + year;
    var firstWeekday = (new Date(Date.UTC(year, month, 1)).getUTCDay() + 6) % 7; // Monday first
    var days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    var html = "", day = 1;
    for (var week = 0; day <= days; week++) {
      html += "<tr>";
      for (var d = 0; d < 7; d++) {
        if ((week === 0 && d < firstWeekday) || day > days) { html += "<td></td>"; continue; }
        var iso = year + "-" + pad(month + 1) + "-" + pad(day);
        html += '<td><button type="button" class="day" data-date="' + iso + '" aria-label="' + MONTHS[month] + " " + day + ", " + year + '">' + day + "</button></td>";
        day++;
      }
      html += "</tr>";
    }
    grid.innerHTML = html;
  }
  function show(){ calendar.hidden = false; render(); }
  function choose(iso){
    input.value = iso;
    document.getElementById("date-result").textContent = "Date chosen: " + iso;
    calendar.hidden = true;
  }
  input.addEventListener("click", show);
  input.addEventListener("focus", show);
  input.addEventListener("change", function(){ if (/^\\d{4}-\\d{2}-\\d{2}$/.test(input.value)) choose(input.value); });
  document.getElementById("prev-month").addEventListener("click", function(){ month--; if (month < 0) { month = 11; year--; } render(); });
  document.getElementById("next-month").addEventListener("click", function(){ month++; if (month > 11) { month = 0; year++; } render(); });
  grid.addEventListener("click", function(e){ var b = e.target.closest("button.day"); if (b) choose(b.dataset.date); });
  document.addEventListener("click", function(e){ if (!calendar.contains(e.target) && e.target !== input) calendar.hidden = true; });
  document.getElementById("native-date").addEventListener("change", function(e){
    document.getElementById("native-date-result").textContent = e.target.value ? "Native date chosen: " + e.target.value : "";
  });
})();
`;

export const datepickerRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/datepicker",
    handle: (ctx) => {
      const requested = ctx.url.searchParams.get("month") ?? "";
      const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(requested) ? requested : DEFAULT_CALENDAR_MONTH;
      return page({
        title: "Date picker",
        css: DATEPICKER_CSS,
        script: DATEPICKER_SCRIPT,
        body: `<h1>Date picker</h1>
<section>
<h2>Custom calendar</h2>
<label for="date-input">Travel date</label>
<div class="picker">
<input id="date-input" name="travel-date" type="text" placeholder="YYYY-MM-DD" autocomplete="off">
<div class="calendar" id="calendar" role="dialog" aria-label="Choose a date" data-month="${month}" hidden>
  <div class="calendar-header">
    <button type="button" id="prev-month" aria-label="Previous month">&lsaquo;</button>
    <span id="calendar-month" aria-live="polite"></span>
    <button type="button" id="next-month" aria-label="Next month">&rsaquo;</button>
  </div>
  <table role="grid"><thead><tr><th>Mo</th><th>Tu</th><th>We</th><th>Th</th><th>Fr</th><th>Sa</th><th>Su</th></tr></thead><tbody id="calendar-days"></tbody></table>
</div>
</div>
<p class="status" id="date-result" role="status"></p>
</section>
<section>
<h2>Native date input</h2>
<label for="native-date">Native date</label>
<input id="native-date" name="native-date" type="date">
<p class="status" id="native-date-result" role="status"></p>
</section>`,
      });
    },
  },
];
