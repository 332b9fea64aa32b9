/* global document */
// Runs inside the page. Evaluated as an expression, it yields a function that names the option
// the keyboard has highlighted in the list a field controls: the field's aria-activedescendant,
// else the list's aria-selected or "active"-looking option. Returns its text, or "".
(function () {
  function text(el) {
    return el ? (el.innerText || el.textContent || "").replace(/\s+/g, " ").trim() : "";
  }
  return function highlightedOption(arg) {
    var field = arg.el;
    var id = field.getAttribute("aria-activedescendant");
    if (id) return text(document.getElementById(id));
    var ids = field.getAttribute("aria-controls") || field.getAttribute("aria-owns");
    var list = ids ? document.getElementById(ids.split(/\s+/)[0]) : null;
    if (!list) return "";
    var items = list.querySelectorAll("[role=option], li");
    for (var i = 0; i < items.length; i++) {
      var item = items[i];
      if (
        item.getAttribute("aria-selected") === "true" ||
        /(^|[-_ ])(active|highlight\w*|focus\w*|current)($|[-_ ])/i.test(item.className || "")
      )
        return text(item);
    }
    return "";
  };
})();
