/* global document, window, innerWidth, innerHeight, getComputedStyle */
// Runs inside a page frame (as plain JavaScript: no build step touches it, so no helpers are
// injected). Evaluated as an expression, it yields the walk function. The walk reads the
// composed tree (open shadow roots, slots) and returns a handle-able object:
//   { doc, els, frames, data: { lines, idx, desc, title, scroll } }
// `els` are the interactive elements (kept as handles by the caller), `frames` the visible
// iframes whose content the caller splices in at `{ f }` lines. Indexes are stable: an element
// seen in the previous walk of the same document keeps its number; new ones are marked "*".
(function () {
  var SKIP = { SCRIPT: 1, STYLE: 1, NOSCRIPT: 1, TEMPLATE: 1, HEAD: 1, META: 1, LINK: 1, TITLE: 1, svg: 1, SVG: 1, CANVAS: 1, VIDEO: 1, AUDIO: 1, OBJECT: 1, EMBED: 1 };
  var ROLES = { button: 1, link: 1, checkbox: 1, radio: 1, tab: 1, menuitem: 1, menuitemcheckbox: 1, menuitemradio: 1, option: 1, switch: 1, combobox: 1, listbox: 1, textbox: 1, searchbox: 1, slider: 1, spinbutton: 1, treeitem: 1 };
  // Landmarks whose content is site navigation rather than the page's own content.
  var CHROME_TAGS = { NAV: 1, FOOTER: 1, ASIDE: 1 };
  var CHROME_ROLES = { navigation: 1, contentinfo: 1, complementary: 1, menu: 1, menubar: 1 };
  var INLINE = { inline: 1, "inline-block": 1, "inline-flex": 1, "inline-grid": 1, "inline-table": 1, contents: 1, ruby: 1 };
  var MAX_LINE = 800;
  var MAX_LABEL = 160;

  return function walk(arg) {
    var vw = innerWidth, vh = innerHeight;
    var se = document.scrollingElement || document.documentElement;
    var sy = window.scrollY, docW = Math.max(se.scrollWidth, vw);
    var prevMap = new Map();
    var hasPrev = !!(arg.prev && arg.prev.doc === document);
    if (hasPrev) for (var p = 0; p < arg.prev.els.length; p++) prevMap.set(arg.prev.els[p], arg.prevIdx[p]);
    var els = [], idx = [], desc = [], frames = [], lines = [];
    var cur = "", curY = null, label = 0, chrome = 0, curChrome = false;
    var range = document.createRange();
    var INF = { l: -1e9, t: -1e9, r: 1e9, b: 1e9 };

    function flush() {
      // Empty table cells and headings whose text is hidden leave only separators: drop them.
      var t = cur.replace(/\s+/g, " ").replace(/(\|\s*){2,}/g, "| ").trim().replace(/^\|\s*|\s*\|$/g, "");
      if (/^#+$/.test(t)) t = "";
      if (t) lines.push({ y: Math.round(curY === null ? sy : curY), t: t.length > MAX_LINE ? t.slice(0, MAX_LINE) + "…" : t, c: curChrome ? 1 : 0 });
      cur = "";
      curY = null;
    }
    function put(s, y) {
      if (curY === null && y !== undefined) {
        curY = y + sy;
        curChrome = chrome > 0;
      }
      cur += s;
    }
    function inter(r, c) {
      return { l: Math.max(r.left === undefined ? r.l : r.left, c.l), t: Math.max(r.top === undefined ? r.t : r.top, c.t), r: Math.min(r.right === undefined ? r.r : r.right, c.r), b: Math.min(r.bottom === undefined ? r.b : r.bottom, c.b) };
    }
    // Box has area, lies inside its clip and inside the document (not parked at -9999px).
    function boxVisible(r, clip) {
      if (r.width < 2 || r.height < 2) return false;
      var i = inter(r, clip);
      if (i.r - i.l < 1 || i.b - i.t < 1) return false;
      return r.right > 0 && r.left < docW && r.bottom + sy > 0;
    }
    // In the viewport, an element must be what is hit at one of a few points. Returns 0 when it
    // is (or lies outside the viewport), 1 when a translucent layer covers it (still readable),
    // 2 when an opaque one does.
    function covered(target, r) {
      var x1 = Math.max(r.left, 0), x2 = Math.min(r.right, vw), y1 = Math.max(r.top, 0), y2 = Math.min(r.bottom, vh);
      if (x2 - x1 < 1 || y2 - y1 < 1) return 0;
      var root = target.getRootNode();
      var hitter = root && root.elementFromPoint ? root : document;
      var pts = [[0.5, 0.5], [0.15, 0.5], [0.85, 0.5], [0.5, 0.15], [0.5, 0.85]];
      var top = null;
      for (var k = 0; k < pts.length; k++) {
        var h = hitter.elementFromPoint(x1 + (x2 - x1) * pts[k][0], y1 + (y2 - y1) * pts[k][1]);
        if (h && (h === target || target.contains(h) || h.contains(target))) return 0;
        if (h && !top) top = h;
      }
      if (!top) return 2;
      var cs = getComputedStyle(top);
      var alpha = /rgba?\(([^)]+)\)/.exec(cs.backgroundColor);
      var a = alpha ? alpha[1].split(",") : [];
      var bgAlpha = a.length === 4 ? parseFloat(a[3]) : cs.backgroundColor === "transparent" ? 0 : 1;
      return Number(cs.opacity) < 0.9 || (bgAlpha < 0.9 && cs.backgroundImage === "none") ? 1 : 2;
    }
    function isInteractive(el, tag, st, parentPointer) {
      if (tag === "A") return el.hasAttribute("href") || st.cursor === "pointer";
      if (tag === "BUTTON" || tag === "SELECT" || tag === "TEXTAREA" || tag === "SUMMARY") return true;
      if (tag === "INPUT") return el.type !== "hidden";
      if (el.isContentEditable) return !(el.parentElement && el.parentElement.isContentEditable);
      var role = el.getAttribute("role");
      if (role && ROLES[role]) return true;
      if (el.hasAttribute("onclick") || el.hasAttribute("aria-haspopup") || el.hasAttribute("aria-expanded")) return true;
      if (el.hasAttribute("tabindex") && el.tabIndex >= 0 && tag !== "DIV" && tag !== "BODY") return true;
      return st.cursor === "pointer" && !parentPointer;
    }
    function q(v) {
      v = String(v).replace(/\s+/g, " ").trim();
      if (v.length > 60) v = v.slice(0, 60) + "…";
      return /^[\w.@/-]+$/.test(v) ? v : JSON.stringify(v);
    }
    function attrs(el, tag, hasText) {
      var a = [];
      var role = el.getAttribute("role");
      if (role && !(tag === "A" && role === "link") && !(tag === "BUTTON" && role === "button")) a.push("role=" + q(role));
      if (tag === "INPUT") {
        var type = el.type;
        if (type !== "text") a.push("type=" + type);
        if (type === "checkbox" || type === "radio") { if (el.checked) a.push("checked"); }
        else if (type === "password") { if (el.value) a.push("value=\"••••\""); }
        else if (el.value) a.push("value=" + q(el.value));
      }
      if (tag === "TEXTAREA" && el.value) a.push("value=" + q(el.value));
      if (tag === "INPUT" || tag === "TEXTAREA") {
        var ph = el.getAttribute("placeholder");
        if (ph) a.push("placeholder=" + q(ph));
        else if (el.name && !hasText) a.push("name=" + q(el.name));
      }
      if (!hasText) {
        var lab = el.getAttribute("aria-label") || el.getAttribute("title") || (tag === "INPUT" && el.type === "image" && el.alt) || "";
        if (lab) a.push("aria-label=" + q(lab));
      }
      ["aria-expanded", "aria-selected", "aria-checked", "aria-haspopup"].forEach(function (n) {
        var v = el.getAttribute(n);
        if (v !== null && v !== "false") a.push(n.slice(5) + "=" + q(v));
      });
      if (el.disabled || el.getAttribute("aria-disabled") === "true") a.push("disabled");
      if (el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) a.push("editable");
      return a.length ? " " + a.join(" ") : "";
    }
    // Indexes are given by the caller once every frame is walked: here each element gets a
    // marker \u0001position\u0002, and `idx` says which index it had in the previous walk (-1: new).
    function register(el) {
      var known = prevMap.get(el);
      els.push(el);
      idx.push(known === undefined ? -1 : known);
      desc.push("");
      return (hasPrev && known === undefined ? "*" : "") + "\u0001" + (els.length - 1) + "\u0002";
    }
    function children(node) {
      if (node.shadowRoot) return node.shadowRoot.childNodes;
      if (node.tagName === "SLOT") {
        var assigned = node.assignedNodes({ flatten: true });
        return assigned.length ? assigned : node.childNodes;
      }
      return node.childNodes;
    }
    function walkText(node, clip) {
      var raw = node.nodeValue;
      if (!raw || !/\S/.test(raw)) {
        if (raw && cur) cur += " ";
        return;
      }
      range.selectNodeContents(node);
      var r = range.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0) return;
      var i = inter(r, clip);
      if (i.r - i.l < 1 || i.b - i.t < 1 || r.right <= 0 || r.left >= docW || r.bottom + sy <= 0) return;
      // No hit test for text: text under a translucent banner stays readable; only actions need it.
      put(raw.replace(/\s+/g, " "), r.top);
    }
    function walkEl(el, clip, posClip, parentPointer, ah) {
      var role = el.getAttribute("role");
      var isChrome = CHROME_TAGS[el.tagName] || (role && CHROME_ROLES[role]);
      if (isChrome) chrome++;
      try {
        walkElement(el, clip, posClip, parentPointer, ah);
      } finally {
        if (isChrome) chrome--;
      }
    }
    function walkElement(el, clip, posClip, parentPointer, ah) {
      var tag = el.tagName;
      if (SKIP[tag]) return;
      if (tag === "BR") {
        if (label) put(" ");
        else flush();
        return;
      }
      var st = getComputedStyle(el);
      if (st.display === "none") return;
      var hiddenSelf = false;
      // display:contents has no box of its own (checkVisibility says false) but shows its children.
      if (st.display !== "contents" && el.checkVisibility && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
        // visibility:hidden can be overridden by a descendant; anything else hides the subtree.
        if (st.visibility !== "hidden") return;
        hiddenSelf = true;
      }
      var r = el.getBoundingClientRect();
      if (st.position === "fixed") clip = INF;
      else if (st.position === "absolute") clip = posClip;
      var myClip = st.overflowX !== "visible" || st.overflowY !== "visible" ? inter(r, clip) : clip;
      var myPos = st.position !== "static" ? myClip : posClip;
      var pointer = st.cursor === "pointer";
      // aria-hidden content stays as text (prices often live there) but is not offered for action.
      if (!ah && el.getAttribute("aria-hidden") === "true") ah = true;
      if (hiddenSelf) return walkChildren(el, myClip, myPos, pointer, true, ah);
      var block = !INLINE[st.display];
      var cell = st.display === "table-cell";
      if (tag === "IFRAME" || tag === "FRAME") {
        if (!boxVisible(r, clip) || label) return;
        flush();
        lines.push({ y: Math.round(r.top + sy), f: frames.length });
        frames.push(el);
        return;
      }
      if (tag === "IMG") {
        if (label && el.alt && boxVisible(r, clip)) put(" " + el.alt + " ", r.top);
        return;
      }
      var scroller = (st.overflowY === "auto" || st.overflowY === "scroll") && el.scrollHeight > el.clientHeight + 4 && el.clientHeight > 20 && el !== se && el !== document.body;
      var shown = boxVisible(r, clip);
      var candidate = shown && !ah && (scroller || isInteractive(el, tag, st, parentPointer));
      var cover = candidate ? covered(el, r) : 0;
      // Behind an opaque layer: nobody can see it. Behind a translucent one: readable, not clickable.
      if (cover === 2) return;
      var indexed = candidate && cover === 0;
      if (cell && !label) put(" | ");
      else if (block && !label) flush();
      if (!label && /^H[1-6]$/.test(tag)) put("#".repeat(+tag[1]) + " ", r.top);
      if (indexed) {
        var t = tag.toLowerCase();
        var formField = tag === "SELECT" || tag === "TEXTAREA" || tag === "INPUT";
        var text = formField ? "" : (el.textContent || "").trim();
        var open = register(el) + "<" + t + attrs(el, tag, !!text);
        if (scroller) open += " scroll=\"" + Math.round(el.scrollTop) + "px above, " + Math.round(el.scrollHeight - el.clientHeight - el.scrollTop) + "px below\"";
        var at = els.length - 1;
        if (tag === "SELECT") {
          var opts = Array.prototype.map.call(el.options, function (o) { return o.label || o.text; });
          var list = opts.slice(0, 12).join("|") + (opts.length > 12 ? "|…" + (opts.length - 12) + " more" : "");
          var sel = el.selectedOptions && el.selectedOptions[0];
          put(" " + open + (sel ? " value=" + q(sel.label || sel.text) : "") + ">" + list + "</select> ", r.top);
          desc[at] = "<select>";
          return;
        }
        if (formField) {
          put(" " + open + "> ", r.top);
          desc[at] = "<" + t + ">";
          return;
        }
        if (!label && (scroller || text.length > MAX_LABEL * 2)) {
          // Large content (a whole card or panel): mark where it starts and let it flow.
          put(" " + open + "> ", r.top);
          desc[at] = "<" + t + ">" + text.replace(/\s+/g, " ").slice(0, 50) + "…";
        } else {
          // Short content: flatten it into the tag as its label.
          put(" " + open + ">", r.top);
          var start = cur.length;
          label++;
          walkChildren(el, myClip, myPos, pointer, false, ah);
          label--;
          var inner = cur.slice(start).replace(/\s+/g, " ").trim();
          if (inner.length > MAX_LABEL) inner = inner.slice(0, MAX_LABEL) + "…";
          cur = cur.slice(0, start) + inner + "</" + t + "> ";
          desc[at] = "<" + t + ">" + inner.slice(0, 60) + "</" + t + ">";
          return;
        }
      }
      walkChildren(el, myClip, myPos, pointer && (indexed || parentPointer), false, ah);
      if (block && !label && !cell) flush();
    }
    function walkChildren(el, clip, posClip, pointer, textHidden, ah) {
      var kids = children(el);
      for (var i = 0; i < kids.length; i++) {
        var k = kids[i];
        if (k.nodeType === 3) {
          if (!textHidden) walkText(k, clip);
        } else if (k.nodeType === 1) walkEl(k, clip, posClip, pointer, ah);
      }
    }
    if (document.body) walkChildren(document.body, INF, INF, false, false, false);
    flush();
    return {
      doc: document,
      els: els,
      frames: frames,
      data: {
        lines: lines,
        idx: idx,
        desc: desc,
        title: document.title,
        scroll: { y: Math.round(sy), height: Math.round(se.scrollHeight), viewport: vh, width: vw },
      },
    };
  };
})();
