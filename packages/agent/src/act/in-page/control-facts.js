/* global CSS, document */
// Runs inside the page. Evaluated as an expression, it yields a function that describes the
// control about to be clicked, for the approval check (act/approval/classify-action.ts): its
// words (text, value, label, title), its role, whether the click submits a form, and hints of
// that form's fields (type, name, autocomplete, label). No values are read.
// With `enter`, it describes what a press of Enter in the element (or, without one, in the
// focused element) would do instead: activate a button or link like a click, or submit the
// field's form through its default button (the HTML "implicit submission"); null when Enter
// would submit nothing.
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
  var NOT_SUBMITTING = { textarea: 1, select: 1 };
  // Inputs that are not text fields: they do not count as a form's only text field.
  var BUTTON_TYPES = { submit: 1, image: 1, button: 1, reset: 1, checkbox: 1, radio: 1, file: 1, color: 1, range: 1 };
  // Inputs where Enter never submits the form; a checkbox or radio may, depending on the browser: asked about.
  var ENTER_DOES_NOT_SUBMIT = { reset: 1, file: 1 };
  function focused(doc) {
    var active = doc.activeElement;
    for (;;) {
      if (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
      else if (active && active.tagName === "IFRAME" && active.contentDocument) active = active.contentDocument.activeElement;
      else return active;
    }
  }
  function isSubmitButton(el) {
    var tag = el.tagName.toLowerCase();
    var type = clean(el.getAttribute("type")).toLowerCase();
    return (tag === "button" && (type === "" || type === "submit")) || (tag === "input" && (type === "submit" || type === "image"));
  }
  function describeField(el) {
    var tag = el.tagName.toLowerCase();
    var name = labelOf(el) || clean(el.getAttribute("aria-label") || el.getAttribute("placeholder") || el.getAttribute("name") || el.id);
    return "<" + tag + ">" + (name ? " " + name : "");
  }
  // What Enter in a field does: the form's first submit button (its default button) is
  // activated; without one, a form whose only text field this is is submitted directly.
  function enterFacts(el) {
    if (!el || el === el.ownerDocument.body) return null;
    var tag = el.tagName.toLowerCase();
    var type = clean(el.getAttribute("type")).toLowerCase();
    var field = describeField(el);
    var actsLikeClick = el.closest && el.closest("button, a[href], [role=button], [role=link], [role=menuitem]");
    if (actsLikeClick || (tag === "input" && (type === "submit" || type === "image" || type === "button"))) {
      var facts = clickFacts(actsLikeClick || el);
      facts.enterIn = field;
      return facts;
    }
    if (NOT_SUBMITTING[tag] || el.isContentEditable || (tag === "input" && ENTER_DOES_NOT_SUBMIT[type])) return null;
    var form = el.form;
    if (tag !== "input" || !form) return null;
    var elements = form.elements;
    var textFields = 0;
    for (var i = 0; i < elements.length; i++) {
      var candidate = elements[i];
      if (isSubmitButton(candidate)) {
        if (candidate.disabled) return null;
        var through = clickFacts(candidate);
        through.enterIn = field;
        return through;
      }
      var ct = clean(candidate.getAttribute("type")).toLowerCase();
      if (candidate.tagName === "INPUT" && ct !== "hidden" && !BUTTON_TYPES[ct]) textFields++;
    }
    if (textFields !== 1) return null;
    var formWords = [form.getAttribute("aria-label"), form.getAttribute("name"), form.getAttribute("title")].map(clean).filter(Boolean);
    return { tag: "form", role: "", words: formWords, submits: true, fields: formFields(form), enterIn: field };
  }
  function formFields(form) {
    var fields = [];
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
    return fields;
  }
  function clickFacts(el) {
    var control = el.closest ? el.closest("button, a, input, [role=button], [role=link], [role=menuitem]") || el : el;
    var tag = control.tagName.toLowerCase();
    var words = [control.innerText || control.textContent, control.value, control.getAttribute("aria-label"), control.getAttribute("title")]
      .map(clean)
      .filter(Boolean);
    var form = control.form || (control.closest && control.closest("form"));
    var submits = !!form && isSubmitButton(control);
    return { tag: tag, role: clean(control.getAttribute("role")), words: words, submits: submits, fields: form ? formFields(form) : [] };
  }
  return function controlFacts(arg) {
    if (!arg.enter) return clickFacts(arg.el);
    return enterFacts(arg.el || focused(document));
  };
})();
