/* global document */
// Runs inside the page. Evaluated as an expression, it yields a function that looks for the
// visible option of an open custom dropdown whose text matches `arg.text`, searching the whole
// document and open shadow roots, preferring role=option/menuitem and the list the trigger
// controls. Returns { el, options } where options lists visible option-like texts.
(function () {
  var OPTION_ROLES = { option: 1, menuitem: 1, menuitemradio: 1, menuitemcheckbox: 1, gridcell: 1, treeitem: 1 };
  return function findOption(arg) {
    var want = String(arg.text).replace(/\s+/g, " ").trim().toLowerCase();
    var trigger = arg.trigger;
    var controlled = null;
    var ids = trigger && (trigger.getAttribute("aria-controls") || trigger.getAttribute("aria-owns"));
    if (ids) controlled = document.getElementById(ids.split(/\s+/)[0]);
    var all = [];
    (function collect(root) {
      var nodes = root.querySelectorAll("*");
      for (var i = 0; i < nodes.length; i++) {
        all.push(nodes[i]);
        if (nodes[i].shadowRoot) collect(nodes[i].shadowRoot);
      }
    })(document);
    function visible(el) {
      var r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) return false;
      if (el.checkVisibility && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      return true;
    }
    function text(el) {
      return (el.innerText || el.textContent || "").replace(/\s+/g, " ").trim();
    }
    var best = null,
      bestScore = 0,
      options = [];
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      if (el === trigger || (trigger && el.contains(trigger))) continue;
      var role = el.getAttribute("role");
      var optionLike = (role && OPTION_ROLES[role]) || el.tagName === "LI" || el.tagName === "OPTION" || el.hasAttribute("data-value");
      if (!optionLike && !(el.children.length === 0 || el.tagName === "BUTTON" || el.tagName === "A")) continue;
      if (!visible(el)) continue;
      var t = text(el);
      if (!t || t.length > 200) continue;
      if (optionLike && options.length < 30) options.push(t);
      var lt = t.toLowerCase();
      var score = lt === want ? 10 : lt.indexOf(want) === 0 ? 4 : lt.indexOf(want) >= 0 ? 2 : 0;
      if (!score) continue;
      if (optionLike) score += 3;
      if (controlled && controlled.contains(el)) score += 5;
      if (el.getAttribute("aria-disabled") === "true") score -= 5;
      if (score > bestScore) {
        best = el;
        bestScore = score;
      }
    }
    return { el: best, options: options };
  };
})();
