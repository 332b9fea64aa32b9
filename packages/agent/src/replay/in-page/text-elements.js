/* global document */
// Runs inside the page. Evaluated as an expression, it yields a function over the visible
// elements that carry text of their own:
// - { find: "text", value }   the deepest visible element whose whole text is `value`
// - { find: "number", value } the deepest visible element whose text holds that number
// - { list: true }            the texts of such elements (short ones), for a text answer
(function () {
  function squash(s) {
    return String(s || "")
      .replace(/\s+/g, " ")
      .trim();
  }
  function visible(el) {
    var r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    return !el.checkVisibility || el.checkVisibility({ visibilityProperty: true });
  }
  function numbersIn(text) {
    var found = text.match(/-?\d[\d,]*(?:\.\d+)?/g) || [];
    return found.map(function (n) {
      return Number(n.replace(/,/g, ""));
    });
  }
  return function textElements(arg) {
    var all = document.body ? document.body.querySelectorAll("*") : [];
    var best = null;
    var texts = [];
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      var tag = el.tagName;
      if (tag === "SCRIPT" || tag === "STYLE" || tag === "NOSCRIPT" || tag === "TEMPLATE") continue;
      var text = squash(el.innerText);
      if (!text || text.length > 300 || !visible(el)) continue;
      if (arg.list) {
        // Leaf-ish: no child element holds all of its text.
        var inner = false;
        for (var c = 0; c < el.children.length; c++) if (squash(el.children[c].innerText) === text) inner = true;
        if (!inner && text.length >= 2 && text.length <= 120) texts.push(text);
        continue;
      }
      var hit = arg.find === "number" ? numbersIn(text).indexOf(arg.value) >= 0 && text.length <= 60 : text === arg.value;
      // Later in document order means deeper (or after): keep the deepest match of the first subtree.
      if (hit && (!best || best.contains(el))) best = el;
    }
    return arg.list ? texts : best;
  };
})();
