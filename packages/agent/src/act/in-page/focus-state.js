/* global document, window */
// Runs inside a frame. Evaluated as an expression, it yields a function that tells whether the
// frame has the focus, the text selected in it (in the focused field, else on the page), and
// whether the focused element takes typing (and its value).
(function () {
  return function focusState() {
    var active = document.activeElement;
    while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
    var isField =
      !!active &&
      (active.tagName === "TEXTAREA" ||
        (active.tagName === "INPUT" && /^(text|search|email|url|tel|number|password|)$/.test(active.type || "")));
    var editable = isField || (!!active && active.isContentEditable);
    var selected = "";
    if (isField && active.type !== "password" && typeof active.selectionStart === "number" && active.selectionEnd > active.selectionStart) {
      selected = active.value.slice(active.selectionStart, active.selectionEnd);
    } else if (!isField) {
      selected = String(window.getSelection() || "");
    }
    return {
      focus: document.hasFocus(),
      selected: selected,
      editable: editable,
      password: isField && active.type === "password",
      value: isField ? active.value : editable ? active.textContent : null,
    };
  };
})();
