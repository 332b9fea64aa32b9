/* global document, window */
// Runs inside the page. Evaluated as an expression, it yields a function that selects the first
// occurrence of `arg.text` inside `arg.el` (or the body), matching with whitespace collapsed and,
// failing that, ignoring case; without text it selects all of the element. A field's text is
// selected with setSelectionRange, other text with a DOM range. Returns { selected } (the text
// now selected) or { error }.
(function () {
  function norm(s) {
    return String(s).replace(/\s+/g, " ").trim();
  }
  // Where `want` stands in `text` ([start, end)), as it is or ignoring case; the whole text without
  // `want`; null when it is not there.
  function spanOf(text, want) {
    if (!want) return [0, text.length];
    var start = text.indexOf(want);
    if (start < 0) start = text.toLowerCase().indexOf(want.toLowerCase());
    return start < 0 ? null : [start, start + want.length];
  }
  return function selectText(arg) {
    var root = arg.el || document.body;
    var want = arg.text == null ? null : norm(arg.text);
    var field = root.tagName === "INPUT" || root.tagName === "TEXTAREA" ? root : null;
    if (field) {
      if (field.type === "password") return { error: "password fields cannot be selected for copying" };
      var value = field.value;
      var span = spanOf(value, want);
      if (!span) return { error: "not found" };
      field.focus();
      field.setSelectionRange(span[0], span[1]);
      return { selected: value.slice(span[0], span[1]) };
    }
    // The element's text with runs of whitespace as one space, each character mapped back to
    // its text node and offset.
    var chars = "",
      map = [];
    var walker = document.createTreeWalker(root, 4 /* SHOW_TEXT */);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement && node.parentElement.closest("script,style,noscript,template")) continue;
      var t = node.data;
      for (var i = 0; i < t.length; i++) {
        var space = /\s/.test(t[i]);
        if (space && (chars === "" || chars[chars.length - 1] === " ")) continue;
        chars += space ? " " : t[i];
        map.push([node, i]);
      }
    }
    if (!map.length) return { error: "the element has no text" };
    var found = spanOf(chars, want);
    if (!found) return { error: "not found" };
    var from = found[0],
      to = found[1];
    while (to > from && chars[to - 1] === " ") to--;
    var range = document.createRange();
    range.setStart(map[from][0], map[from][1]);
    range.setEnd(map[to - 1][0], map[to - 1][1] + 1);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    return { selected: norm(selection.toString()) };
  };
})();
