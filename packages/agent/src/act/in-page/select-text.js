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
  return function selectText(arg) {
    var root = arg.el || document.body;
    var want = arg.text == null ? null : norm(arg.text);
    var field = root.tagName === "INPUT" || root.tagName === "TEXTAREA" ? root : null;
    if (field) {
      if (field.type === "password") return { error: "password fields cannot be selected for copying" };
      var value = field.value;
      var start = 0,
        end = value.length;
      if (want) {
        start = value.indexOf(want);
        if (start < 0) start = value.toLowerCase().indexOf(want.toLowerCase());
        if (start < 0) return { error: "not found" };
        end = start + want.length;
      }
      field.focus();
      field.setSelectionRange(start, end);
      return { selected: value.slice(start, end) };
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
    var from = 0,
      to = chars.length;
    if (want) {
      from = chars.indexOf(want);
      if (from < 0) from = chars.toLowerCase().indexOf(want.toLowerCase());
      if (from < 0) return { error: "not found" };
      to = from + want.length;
    }
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
