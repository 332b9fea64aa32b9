/* global document */
// Runs inside the page. Evaluated as an expression, it yields a function that, before a click on
// `arg.el`, finds the text field the click is meant to fill: the focused field when `el` looks
// like a suggestion of a list (an option, an item of a list box, list or suggestions box) that
// is not inside the field itself. Returns { field, text, value } or { field: null }.
(function () {
  var SUGGESTION = "[role=option], [role=listbox] *, li, [class*=suggest i], [class*=autocomplete i], [class*=typeahead i]";
  return function watchField(arg) {
    var el = arg.el;
    var active = document.activeElement;
    while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
    var isField =
      !!active &&
      (active.tagName === "TEXTAREA" || (active.tagName === "INPUT" && /^(text|search|email|url|tel|)$/.test(active.type || "")));
    if (!isField || active === el || el.contains(active) || !el.closest(SUGGESTION)) return { field: null };
    var text = (el.innerText || el.textContent || "").replace(/\s+/g, " ").trim();
    if (!text || text.length > 200) return { field: null };
    return { field: active, text: text, value: active.value };
  };
})();
