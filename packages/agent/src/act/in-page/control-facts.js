/* global CSS */
// Runs inside the page. Evaluated as an expression, it yields a function that describes the
// control about to be clicked, for the approval check (act/approval/classify-action.ts): its
// words (text, value, label, title), its role, whether the click submits a form, and hints of
// that form's fields (type, name, autocomplete, label). No values are read.
(function () {
  function clean(s) {
    return String(s || "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 200);
  }
  function labelOf(el) {
    var byId = el.id && el.ownerDocument.querySelector('label[for="' + CSS.escape(el.id) + '"]');
    var wrap = el.closest && el.closest("label");
    return clean((byId && byId.textContent) || (wrap && wrap.textContent) || "");
  }
  return function controlFacts(el) {
    var control = el.closest ? el.closest("button, a, input, [role=button], [role=link], [role=menuitem]") || el : el;
    var tag = control.tagName.toLowerCase();
    var type = clean(control.getAttribute("type")).toLowerCase();
    var words = [control.innerText || control.textContent, control.value, control.getAttribute("aria-label"), control.getAttribute("title")]
      .map(clean)
      .filter(Boolean);
    var form = control.form || (control.closest && control.closest("form"));
    var submits =
      !!form && ((tag === "button" && (type === "" || type === "submit")) || (tag === "input" && (type === "submit" || type === "image")));
    var fields = [];
    if (form) {
      var inputs = form.querySelectorAll("input, textarea, select");
      for (var i = 0; i < inputs.length && fields.length < 40; i++) {
        var f = inputs[i];
        var ft = clean(f.getAttribute("type")).toLowerCase();
        if (ft === "hidden" || ft === "submit" || ft === "button") continue;
        fields.push({
          tag: f.tagName.toLowerCase(),
          type: ft,
          name: clean(f.getAttribute("name") || f.id),
          autocomplete: clean(f.getAttribute("autocomplete")).toLowerCase(),
          label: labelOf(f) || clean(f.getAttribute("placeholder") || f.getAttribute("aria-label")),
        });
      }
    }
    return { tag: tag, role: clean(control.getAttribute("role")), words: words, submits: submits, fields: fields };
  };
})();
