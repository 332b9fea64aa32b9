/* global document, window, innerWidth, innerHeight, getComputedStyle */
/* eslint-disable no-control-regex -- control characters mark elements and values in the text (below) */
// Runs inside a page frame (as plain JavaScript: no build step touches it, so no helpers are
// injected). Evaluated as an expression, it yields a function that, given the colour namer
// (in-page/colour-name.js) and the widget hints (in-page/widget-hints.js; walk-frames.ts joins
// the three), yields the walk. The walk reads the
// composed tree (open shadow roots, slots) and returns a handle-able object:
//   { doc, els, frames, data: { lines, idx, desc, title, scroll } }
// `els` are the interactive elements (kept as handles by the caller), `frames` the visible
// iframes whose content the caller splices in at `{ f }` lines. Indexes are stable: an element
// seen in the previous walk of the same document keeps its number; new ones are marked "*".
// Markers in the text: \u0001position\u0002 where an element starts (the caller turns it into
// its index); \u0004n\u0005 where the walk's n-th field value goes, written out (exactly, whitespace
// kept) once its line is cut to length, so a long value shortens, not its neighbours.
// The line where the page's main content starts (its main heading) is marked `m: 1`.
// eslint-disable-next-line @typescript-eslint/no-unused-expressions -- the file is one expression, evaluated in the page
(function (colourOf, widgetHints) {
  var SKIP = {
    SCRIPT: 1,
    STYLE: 1,
    NOSCRIPT: 1,
    TEMPLATE: 1,
    HEAD: 1,
    META: 1,
    LINK: 1,
    TITLE: 1,
    CANVAS: 1,
    VIDEO: 1,
    AUDIO: 1,
    OBJECT: 1,
    EMBED: 1,
  };
  var ROLES = {
    button: 1,
    link: 1,
    checkbox: 1,
    radio: 1,
    tab: 1,
    menuitem: 1,
    menuitemcheckbox: 1,
    menuitemradio: 1,
    option: 1,
    switch: 1,
    combobox: 1,
    listbox: 1,
    textbox: 1,
    searchbox: 1,
    slider: 1,
    spinbutton: 1,
    treeitem: 1,
  };
  // Descendants that make an element a container of controls rather than one control.
  var CONTROLS =
    "a[href],button,input:not([type=hidden]),select,textarea,summary,[onclick],[contenteditable=true],[contenteditable=''],[role=button],[role=link],[role=checkbox],[role=radio],[role=tab],[role=menuitem],[role=menuitemcheckbox],[role=menuitemradio],[role=option],[role=switch],[role=combobox],[role=textbox],[role=searchbox],[role=slider],[role=spinbutton],[role=treeitem]";
  // Landmarks whose content is site navigation rather than the page's own content.
  var CHROME_TAGS = { NAV: 1, FOOTER: 1, ASIDE: 1 };
  var CHROME_ROLES = { navigation: 1, contentinfo: 1, complementary: 1, menu: 1, menubar: 1, banner: 1 };
  var INLINE = { inline: 1, "inline-block": 1, "inline-flex": 1, "inline-grid": 1, "inline-table": 1, contents: 1, ruby: 1 };
  var POINTERS = { pointer: 1, grab: 1 };
  var MAX_LINE = 800;
  var MAX_LABEL = 160;
  var MAX_VALUE = 1000;
  var MIN_VALUE = 100;
  // An element's opening tag with its marker; attribute values may hold ">" inside quotes.
  var TAG = /(\*?\u0001\d+\u0002<(?:[^>"]|"(?:[^"\\]|\\.)*")*>)/;
  // Colour tiles to pick from run larger than legend keys; image placeholders larger still.
  var MAX_SWATCH = 100;
  var ICON_CLASS =
    /^(?:fa[srlbd]?|fa-solid|fa-regular|fa-light|fa-brands|fa-duotone|fa-fw|fa-lg|fa-[0-9]+x|fa-xs|fa-sm|glyphicon|bi|mdi|icon|icons|material-icons|material-symbols-outlined|ti|la|ion|svg-inline--fa)$/;
  // Containers of a page's own content, where its main heading is looked for first.
  var MAIN_SCOPES = "main,[role=main],article,[itemtype*=Product]";
  var ICON_WORDS =
    /\b(?:icon|icons|ic|svg|png|img|image|sprite|btn|button|fill|filled|outline|outlined|solid|regular|line|small|large|sm|lg|xs|xl|\d+(?:px|x)?)\b/g;

  return function walk(arg) {
    var vw = innerWidth,
      vh = innerHeight;
    var se = document.scrollingElement || document.documentElement;
    var sy = window.scrollY,
      docW = Math.max(se.scrollWidth, vw);
    var prevMap = new Map();
    var hasPrev = !!(arg.prev && arg.prev.doc === document);
    if (hasPrev) for (var p = 0; p < arg.prev.els.length; p++) prevMap.set(arg.prev.els[p], arg.prevIdx[p]);
    var els = [],
      vals = [],
      idx = [],
      desc = [],
      frames = [],
      lines = [];
    var cur = "",
      curY = null,
      lastText = null,
      label = 0,
      chrome = 0,
      curChrome = false,
      swatches = 0;
    // Page content below the viewport beyond what any budget could show is not read (large pages
    // are read in a fraction of the time); `cut` tells the caller.
    var belowLimit = arg.maxChars ? arg.maxChars * 4 : Infinity,
      below = 0,
      stopped = false,
      last = null;
    // The main content: where it starts (its heading), and how much text after it is always
    // read (a product's price and identifiers sit near its title, even on pages whose menus fill
    // the first screens). Lines read before the heading when the walk resumes there are kept up
    // to `mainBefore` characters.
    var mainEl = mainStart(),
      mainPending = false,
      mainSeen = false,
      mainLine = -1,
      resuming = false;
    var mainAfter = arg.maxChars ? arg.maxChars * 0.3 : 0,
      mainBefore = arg.maxChars ? arg.maxChars * 0.1 : 0,
      mainLeft = 0;
    var range = document.createRange();
    var INF = { l: -1e9, t: -1e9, r: 1e9, b: 1e9 };
    var hoverPointer = hoverPointerElements();
    var widgets = widgetHints();

    // The page's main heading: a visible h1 outside site navigation, preferably inside the
    // page's own content (main, article, a schema.org Product) or repeating the document's
    // title; without one, a Product scope or the main landmark.
    function mainStart() {
      var hs = document.querySelectorAll("h1"),
        best = null,
        bestScore = -1;
      var title = (document.title || "").toLowerCase().replace(/\s+/g, " ");
      for (var i = 0; i < hs.length && i < 20; i++) {
        var h = hs[i];
        if (h.closest("nav,footer,aside,[role=navigation],[role=contentinfo],[role=complementary],[role=menu],[role=menubar]")) continue;
        if (h.checkVisibility && !h.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        var t = (h.innerText || "").replace(/\s+/g, " ").trim().toLowerCase();
        if (!/[\p{L}\p{N}]{2}/u.test(t)) continue;
        var score = (h.closest(MAIN_SCOPES) ? 2 : 0) + (title.indexOf(t.slice(0, 30)) >= 0 ? 1 : 0);
        if (score > bestScore) {
          best = h;
          bestScore = score;
        }
      }
      if (best) return best;
      var scopes = document.querySelectorAll("[itemscope][itemtype*=Product],main,[role=main]");
      for (var k = 0; k < scopes.length; k++) if (!scopes[k].checkVisibility || scopes[k].checkVisibility()) return scopes[k];
      return null;
    }
    // Elements that get a pointer cursor only while hovered (`.row:hover .icon{cursor:pointer}`):
    // read from the same-origin style sheets once per walk.
    function hoverPointerElements() {
      var sels = [];
      function scan(rules, depth) {
        for (var i = 0; i < rules.length; i++) {
          var r = rules[i];
          if (r.cssRules && depth < 3 && !r.selectorText) scan(r.cssRules, depth + 1);
          else if (r.selectorText && r.selectorText.indexOf(":hover") >= 0 && r.style && POINTERS[r.style.cursor])
            sels.push(r.selectorText.replace(/:hover/g, "").replace(/::?(before|after)\b/g, ""));
        }
      }
      var sheets = document.styleSheets;
      for (var s = 0; s < sheets.length; s++) {
        try {
          scan(sheets[s].cssRules, 0);
        } catch {
          // cross-origin sheet: its rules cannot be read
        }
      }
      var set = new Set();
      for (var k = 0; k < sels.length; k++) {
        try {
          document.querySelectorAll(sels[k]).forEach(function (el) {
            set.add(el);
          });
        } catch {
          // a selector only valid with the :hover it had
        }
      }
      return set;
    }
    // Whitespace collapsed (field values are markers until the line is written, see values()).
    function collapse(s) {
      return s.replace(/\s+/g, " ");
    }
    // Cuts at `max` characters, but never inside a field value or an element marker.
    function cut(s, max) {
      if (s.length <= max) return s;
      var at = max;
      var v = s.lastIndexOf("\u0004", at),
        ve = s.lastIndexOf("\u0005", at);
      if (v > ve) at = s.indexOf("\u0005", at) + 1 || s.length;
      var mk = s.lastIndexOf("\u0001", at),
        mke = s.lastIndexOf("\u0002", at);
      if (mk > mke) at = mk;
      return at >= s.length ? s : s.slice(0, at) + "…";
    }
    // A label holding other elements keeps every one of them; only its own text runs are cut.
    function cutLabel(s) {
      if (s.length <= MAX_LABEL) return s;
      if (s.indexOf("\u0001") < 0) return cut(s, MAX_LABEL);
      return s
        .split(/(\*?\u0001\d+\u0002<[^>]*>)/)
        .map(function (part, i) {
          return i % 2 === 1 ? part : cut(part, 80);
        })
        .join("");
    }
    // A line over MAX_LINE keeps every element's tag and cuts the text between them (the longest
    // runs first); only a line of more elements than fit is cut at its end.
    function cutLine(s) {
      if (s.length <= MAX_LINE) return s;
      var parts = s.split(TAG),
        tags = 0,
        runs = [];
      for (var i = 0; i < parts.length; i++) {
        if (i % 2) tags += parts[i].length;
        else runs.push(parts[i].length);
      }
      var budget = MAX_LINE - tags;
      if (budget < runs.length * 20) return cut(s, MAX_LINE);
      // The largest length every run may keep so that all of them fit the budget.
      runs.sort(function (x, y) {
        return x - y;
      });
      var cap = budget,
        left = budget;
      for (var k = 0; k < runs.length; k++) {
        cap = Math.floor(left / (runs.length - k));
        if (runs[k] > cap) break;
        left -= runs[k];
        cap = Infinity;
      }
      return parts
        .map(function (part, j) {
          return j % 2 || part.length <= cap ? part : cut(part, Math.max(cap - 1, 1));
        })
        .join("");
    }
    // Writes out the field values of a text, exactly, JSON-quoted when needed. The first values
    // share `room` characters (the first long one is whole up to MAX_VALUE); later ones keep
    // MIN_VALUE each; what is left out is counted.
    function values(s, room) {
      if (s.indexOf("\u0004") < 0) return s;
      return s.replace(/\u0004(\d+)\u0005/g, function (_, n) {
        var v = vals[+n],
          shown = v.slice(0, Math.max(room, MIN_VALUE));
        room -= shown.length;
        var more = v.length - shown.length;
        return (/^[\w.@/-]+$/.test(shown) ? shown : JSON.stringify(shown)) + (more > 0 ? " (" + more + " more characters)" : "");
      });
    }
    function flush() {
      // Empty table cells and headings whose text is hidden leave only separators: drop them.
      var t = collapse(cur)
        .replace(/(\|\s*){2,}/g, "| ")
        .trim()
        .replace(/^\|\s*|\s*\|$/g, "");
      if (/^#+$/.test(t)) t = "";
      if (t) {
        var y = Math.round(curY === null ? sy : curY);
        var line = { y: y, t: values(cutLine(t), MAX_VALUE), c: curChrome ? 1 : 0 };
        if (mainPending) {
          line.m = 1;
          mainPending = false;
          mainSeen = true;
          mainLine = lines.length;
          mainLeft = mainAfter;
        }
        lines.push(line);
        // The main content's first stretch is always read; after it, the early stop applies.
        if (resuming) {
          if (mainSeen && (mainLeft -= t.length) <= 0) stopped = true;
        } else if (mainLeft > 0 && !curChrome) mainLeft -= t.length;
        else if (!curChrome && y > sy + vh && (below += t.length) > belowLimit) stopped = true;
      }
      cur = "";
      curY = null;
      lastText = null;
    }
    function put(s, y) {
      if (curY === null && y !== undefined) {
        curY = y + sy;
        curChrome = chrome > 0;
      }
      cur += s;
    }
    function inter(r, c) {
      return {
        l: Math.max(r.left === undefined ? r.l : r.left, c.l),
        t: Math.max(r.top === undefined ? r.t : r.top, c.t),
        r: Math.min(r.right === undefined ? r.r : r.right, c.r),
        b: Math.min(r.bottom === undefined ? r.b : r.bottom, c.b),
      };
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
      var x1 = Math.max(r.left, 0),
        x2 = Math.min(r.right, vw),
        y1 = Math.max(r.top, 0),
        y2 = Math.min(r.bottom, vh);
      if (x2 - x1 < 1 || y2 - y1 < 1) return 0;
      var root = target.getRootNode();
      var hitter = root && root.elementFromPoint ? root : document;
      var pts = [
        [0.5, 0.5],
        [0.15, 0.5],
        [0.85, 0.5],
        [0.5, 0.15],
        [0.5, 0.85],
      ];
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
    // A control inside a clickable container (an action in a clickable row) often inherits the
    // container's pointer; these hints say it is a control of its own.
    function ownControlHint(el) {
      var c = typeof el.className === "string" ? el.className : "";
      if (el.hasAttribute("data-action") || /(?:^|[\s_-])(?:btn|button|action|close|toggle)(?:$|[\s_-])/i.test(c + " " + el.id))
        return true;
      // A child with its own word, named after it (class "email-reply" on "Reply"): one of the
      // container's actions, with a handler of its own.
      if (el.childElementCount !== 0) return false;
      var word = (el.textContent || "").trim().toLowerCase();
      return (
        /^\p{L}{2,20}$/u.test(word) &&
        (c + " " + el.id)
          .toLowerCase()
          .split(/[\s_-]+/)
          .indexOf(word) >= 0
      );
    }
    // 2: a control by its tag, role or attributes; 1: only by its (hover) pointer cursor; 0: not.
    function isInteractive(el, tag, st, parentPointer) {
      if (tag === "A") return el.hasAttribute("href") ? 2 : POINTERS[st.cursor] ? 1 : widgets.control(el, tag) ? 2 : 0;
      if (tag === "BUTTON" || tag === "SELECT" || tag === "TEXTAREA" || tag === "SUMMARY") return 2;
      if (tag === "INPUT") return el.type !== "hidden" ? 2 : 0;
      if (el.isContentEditable) return el.parentElement && el.parentElement.isContentEditable ? 0 : 2;
      var role = el.getAttribute("role");
      if (role && ROLES[role]) return 2;
      if (el.hasAttribute("onclick") || el.hasAttribute("aria-haspopup") || el.hasAttribute("aria-expanded")) return 2;
      if (el.hasAttribute("tabindex") && el.tabIndex >= 0 && tag !== "DIV" && tag !== "BODY") return 2;
      if (hoverPointer.has(el) && !parentPointer) return 1;
      // Sortable list items, options of custom selects, date pickers' month steps (in-page/widget-hints.js).
      if (widgets.control(el, tag)) return 2;
      if (!POINTERS[st.cursor]) return 0;
      return !parentPointer || ownControlHint(el) ? 1 : 0;
    }
    function q(v) {
      v = String(v).replace(/\s+/g, " ").trim();
      if (v.length > 60) v = v.slice(0, 60) + "…";
      return /^[\w.@/-]+$/.test(v) ? v : JSON.stringify(v);
    }
    // A field's value, as a marker until its line is written (see values()).
    function qv(v) {
      vals.push(String(v));
      return "\u0004" + (vals.length - 1) + "\u0005";
    }
    // A colour as "name #hex" (see in-page/colour-name.js), "" when transparent.
    function colourName(css) {
      var c = colourOf(css);
      return c ? c.name + " " + c.hex : "";
    }
    // "…/icons/trash-can.svg?v=2" -> "trash can"; "fa-solid fa-star" -> "star".
    function iconWord(s) {
      var w = String(s).replace(/[-_]+/g, " ").replace(ICON_WORDS, " ").replace(/\s+/g, " ").trim();
      return /[a-z]{3}/i.test(w) && w.length <= 30 ? w.toLowerCase() : "";
    }
    function fileIcon(css) {
      var m = /url\(["']?([^"')]+)["']?\)/.exec(css || "");
      if (!m || /^data:/.test(m[1])) return "";
      var file = m[1].split(/[?#]/)[0].split("/").pop() || "";
      return iconWord(file.replace(/\.[a-z0-9]+$/i, ""));
    }
    function classIcon(el) {
      var c = el.getAttribute("class") || "";
      var parts = c.split(/\s+/);
      for (var i = 0; i < parts.length; i++) {
        var m = /^(?:fa|glyphicon|bi|mdi|icon|ti|la|ion|ri|uil|gg|bx)[-_]+(.+)$/i.exec(parts[i]) || /^(.+?)[-_]+icon$/i.exec(parts[i]);
        if (m && !ICON_CLASS.test(parts[i])) {
          var w = iconWord(m[1]);
          if (w) return w;
        }
      }
      var d = el.getAttribute("data-icon");
      return d ? iconWord(d) : "";
    }
    // The name of a control that shows no words: aria, title, alt, then what its icon is called.
    function nameOf(el, tag, swatch) {
      var v = el.getAttribute("aria-label");
      if (v && v.trim()) return ["aria-label", v];
      var lb = el.getAttribute("aria-labelledby");
      if (lb) {
        var t = lb
          .split(/\s+/)
          .map(function (id) {
            var n = document.getElementById(id);
            return n ? n.textContent : "";
          })
          .join(" ")
          .trim();
        if (t) return ["aria-label", t];
      }
      v = el.getAttribute("title") || (tag === "INPUT" && el.type === "image" && el.alt) || "";
      if (v) return ["aria-label", v];
      var nodes = [el].concat(Array.prototype.slice.call(el.querySelectorAll("*"), 0, 12));
      for (var i = 1; i < nodes.length; i++) {
        var n = nodes[i];
        var a = n.getAttribute("aria-label") || n.getAttribute("title") || (n.tagName === "IMG" && n.getAttribute("alt"));
        if (a && a.trim()) return ["aria-label", a];
        if (n.tagName === "title" && n.textContent.trim()) return ["aria-label", n.textContent.trim()];
      }
      for (var j = 0; j < nodes.length; j++) {
        var node = nodes[j];
        var w = classIcon(node);
        if (!w && node.tagName === "IMG")
          w = iconWord(
            (node.getAttribute("src") || "")
              .split(/[?#]/)[0]
              .split("/")
              .pop()
              .replace(/\.[a-z0-9]+$/i, ""),
          );
        if (!w && node.tagName === "use")
          w = iconWord((node.getAttribute("href") || node.getAttribute("xlink:href") || "").split("#").pop());
        if (!w) {
          var st = getComputedStyle(node);
          // `content: url(...)` on the element itself replaces its content with the image.
          w =
            fileIcon(st.content) ||
            fileIcon(st.backgroundImage) ||
            fileIcon(st.maskImage || st.webkitMaskImage) ||
            fileIcon(getComputedStyle(node, "::before").content) ||
            fileIcon(getComputedStyle(node, "::after").content);
        }
        if (w) return ["icon", w];
      }
      // A dialog's button with no name at all is, in practice, its close button.
      var field = tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA";
      if (!field && !swatch && el.closest("dialog,[role=dialog],[role=alertdialog],[aria-modal=true]")) return ["icon", "close"];
      if (el.labels && el.labels[0] && el.labels[0].textContent.trim()) return ["label", el.labels[0].textContent];
      return null;
    }
    function attrs(el, tag, hasText, bare, st, swatch) {
      var a = [];
      var role = el.getAttribute("role");
      if (role && !(tag === "A" && role === "link") && !(tag === "BUTTON" && role === "button")) a.push("role=" + q(role));
      if (tag === "INPUT") {
        var type = el.type;
        if (type !== "text") a.push("type=" + type);
        if (type === "checkbox" || type === "radio") {
          if (el.checked) a.push("checked");
        } else if (type === "password") {
          if (el.value) a.push('value="••••"');
        } else if (type === "file") {
          // The chosen files by name (value would say C:\\fakepath\\...), and what the field takes.
          if (el.multiple) a.push("multiple");
          var accept = el.getAttribute("accept");
          if (accept) a.push("accept=" + q(accept));
          if (el.files && el.files.length)
            a.push(
              "files=" +
                qv(
                  Array.prototype.map
                    .call(el.files, function (f) {
                      return f.name;
                    })
                    .join(", "),
                ),
            );
        } else if (el.value) a.push("value=" + qv(el.value));
        if (type === "range" || type === "number") {
          if (el.min) a.push("min=" + el.min);
          if (el.max) a.push("max=" + el.max);
        }
      }
      if (tag === "TEXTAREA" && el.value) a.push("value=" + qv(el.value));
      if (tag === "INPUT" || tag === "TEXTAREA") {
        var ph = el.getAttribute("placeholder");
        if (ph) a.push("placeholder=" + q(ph));
        else if (el.name && !hasText) a.push("name=" + q(el.name));
      }
      var named = false;
      if (!hasText) {
        var n = nameOf(el, tag, swatch);
        if (n && !(n[0] === "label" && (ph || el.name))) {
          a.push(n[0] + "=" + q(n[1]));
          named = true;
        }
      }
      // Nothing but a colour (a swatch): say which.
      if (bare && !named && tag !== "INPUT" && tag !== "SELECT" && tag !== "TEXTAREA" && st.backgroundImage === "none") {
        var col = colourName(st.backgroundColor);
        if (col) a.push("colour=" + q(col));
      }
      ["aria-expanded", "aria-selected", "aria-checked", "aria-pressed", "aria-haspopup", "aria-current"].forEach(function (name) {
        var v = el.getAttribute(name);
        if (v === null || v === "") return;
        // Collapsed, unchecked and not pressed are states too; unselected and no popup are not news.
        if (v === "false" && (name === "aria-selected" || name === "aria-haspopup" || name === "aria-current")) return;
        a.push(name.slice(5) + "=" + q(v));
      });
      if (tag === "SUMMARY" && el.parentElement && el.parentElement.tagName === "DETAILS") a.push("expanded=" + el.parentElement.open);
      if (role === "treeitem" && (el.hasAttribute("aria-expanded") || el.querySelector("[role=group]"))) a.push("folder");
      if (role === "slider" || role === "spinbutton" || role === "scrollbar" || role === "progressbar") {
        ["aria-valuetext", "aria-valuenow", "aria-valuemin", "aria-valuemax"].forEach(function (name) {
          var v = el.getAttribute(name);
          if (v !== null && v !== "" && !(name === "aria-valuenow" && el.hasAttribute("aria-valuetext")))
            a.push(name.slice(10).replace("text", "value").replace("now", "value") + "=" + q(v));
        });
      }
      if (
        el.disabled ||
        el.getAttribute("aria-disabled") === "true" ||
        (el.matches && (tag === "INPUT" || tag === "BUTTON" || tag === "SELECT" || tag === "TEXTAREA") && el.matches(":disabled"))
      )
        a.push("disabled");
      if (el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) a.push("editable");
      if (role !== "treeitem") a.push.apply(a, widgets.attrs(el, tag, named));
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
      // Boxes side by side whose words touch in the markup ("$400" and "5 bids") read apart when
      // a gap separates them on screen, as a person reads them, not as "$4005 bids".
      if (
        lastText &&
        curY !== null &&
        Math.abs(r.top - lastText.top) < r.height / 2 &&
        r.left - lastText.right > 3 &&
        /\S/.test(cur.charAt(cur.length - 1)) &&
        /^\S/.test(raw)
      )
        cur += " ";
      lastText = r;
      // No hit test for text: text under a translucent banner stays readable; only actions need it.
      put(raw.replace(/\s+/g, " "), r.top);
    }
    function walkEl(el, clip, posClip, parentPointer, ah) {
      var role = el.getAttribute("role");
      var isChrome =
        CHROME_TAGS[el.tagName] ||
        (role && CHROME_ROLES[role]) ||
        (el.tagName === "HEADER" && !el.querySelector("h1") && !el.parentElement.closest("main,article,section,[role=main]"));
      if (isChrome) chrome++;
      try {
        walkElement(el, clip, posClip, parentPointer, ah);
      } finally {
        if (isChrome) chrome--;
      }
    }
    // An SVG drawing: its text, its shapes (kind, size, colour) summed up, its clickable parts
    // (letters and digits of a clickable drawing too) indexed with their size and colour. Small icons outside controls are left out, as images are.
    function walkSvg(svg, r, clip, ah) {
      if (!boxVisible(r, clip) || label) return;
      var texts = [],
        kinds = {},
        order = [],
        parts = [];
      var shapes = svg.querySelectorAll("rect,circle,ellipse,path,polygon,polyline,line,text");
      var svgPointer = POINTERS[getComputedStyle(svg).cursor];
      var svgClicks = !ah && (svgPointer || svg.hasAttribute("onclick") || hoverPointer.has(svg));
      var name = svg.getAttribute("aria-label") || (svg.querySelector("title") ? svg.querySelector("title").textContent.trim() : "");
      for (var i = 0; i < shapes.length && i < 400; i++) {
        var s = shapes[i];
        var b = s.getBoundingClientRect();
        if (b.width < 1 && b.height < 1) continue;
        var t = s.tagName;
        var st = getComputedStyle(s);
        if (st.display === "none" || st.visibility === "hidden") continue;
        var paint = st.fill && st.fill !== "none" ? st.fill : st.stroke;
        var col = colourName(paint);
        var size = Math.round(b.width) + "×" + Math.round(b.height);
        var own =
          !ah &&
          (s.hasAttribute("onclick") ||
            (s.getAttribute("role") && ROLES[s.getAttribute("role")]) ||
            s.hasAttribute("tabindex") ||
            hoverPointer.has(s) ||
            (POINTERS[st.cursor] && !svgPointer));
        if (t === "text") {
          var tx = s.textContent.replace(/\s+/g, " ").trim();
          if (!tx) continue;
          // A letter or digit of a clickable drawing is a target of its own ("click the red
          // letter"); the hit test asks for the drawing, as a glyph's box is mostly not glyph.
          if ((own || (svgClicks && /^[\p{L}\p{N}]{1,3}$/u.test(tx))) && covered(svg, b) === 0) {
            parts.push(register(s) + "<text " + size + (col ? " " + col : "") + ">" + q(tx) + "</text>");
            desc[els.length - 1] = "<text>" + tx.slice(0, 50);
          } else texts.push(tx);
          continue;
        }
        if (own && covered(s, b) === 0) {
          var tip = s.getAttribute("aria-label") || (s.querySelector("title") ? s.querySelector("title").textContent.trim() : "");
          var mk = register(s);
          parts.push(mk + "<" + t + " " + size + (col ? " " + col : "") + ">" + q(tip).replace(/^""$/, "") + "</" + t + ">");
          desc[els.length - 1] = "<" + t + ">" + tip.slice(0, 50);
          continue;
        }
        var key = t + (col ? " " + col : "");
        if (!kinds[key]) {
          kinds[key] = { n: 0, size: size };
          order.push(key);
        }
        kinds[key].n++;
      }
      var small = r.width < 48 && r.height < 48;
      if (small && !texts.length && !parts.length && !name) return;
      var svgOwn =
        !ah &&
        !small &&
        (svg.hasAttribute("onclick") || hoverPointer.has(svg) || (svg.getAttribute("role") && ROLES[svg.getAttribute("role")]));
      flush();
      var head = "[svg " + Math.round(r.width) + "×" + Math.round(r.height) + (name ? " " + q(name) : "");
      var sum = order.slice(0, 8).map(function (k) {
        return kinds[k].n > 1 ? kinds[k].n + " " + k : k + " " + kinds[k].size;
      });
      if (order.length > 8) sum.push(order.length - 8 + " more kinds");
      put(
        (svgOwn ? register(svg) : "") +
          head +
          (sum.length ? ": " + sum.join(", ") : "") +
          (texts.length ? "; text: " + cut(texts.join(" | "), 300) : "") +
          "]" +
          (parts.length ? " " + parts.join(" ") : ""),
        r.top,
      );
      if (svgOwn) desc[els.length - 1] = "<svg>" + name.slice(0, 50);
      flush();
    }
    function walkElement(el, clip, posClip, parentPointer, ah) {
      var tag = el.tagName;
      last = el;
      if (SKIP[tag]) return;
      if (el === mainEl && !mainSeen) {
        if (!label) flush();
        mainPending = true;
      }
      if (tag === "BR") {
        if (label) put(" ");
        else flush();
        return;
      }
      var st = getComputedStyle(el);
      if (st.display === "none") return;
      if (tag === "svg") {
        if (!label)
          walkSvg(el, el.getBoundingClientRect(), st.position === "fixed" ? INF : clip, ah || el.getAttribute("aria-hidden") === "true");
        return;
      }
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
      var pointer = !!POINTERS[st.cursor];
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
      var scroller =
        (st.overflowY === "auto" || st.overflowY === "scroll") &&
        el.scrollHeight > el.clientHeight + 4 &&
        el.clientHeight > 20 &&
        el !== se &&
        el !== document.body;
      var shown = boxVisible(r, clip);
      var kind = shown && !ah && !scroller ? isInteractive(el, tag, st, parentPointer) : 0;
      // A frame whose only sign of being clickable is the pointer it passes on to the controls
      // inside (a styled button's wrapper): those controls are listed, not it.
      var wrapper = kind === 1 && !!el.querySelector(CONTROLS);
      // A box that is only a colour (a swatch, a tile to pick): indexed, as pages often listen for
      // clicks on such boxes without giving them a pointer.
      var swatch = !kind && !label && shown && !ah && swatchColour(el, r, st);
      var candidate = shown && !ah && (scroller || (kind > 0 && !wrapper) || !!swatch);
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
        // Glyphs alone (‹, ×, ☆) are no name: the element is named as an icon-only control.
        var hasText = /[\p{L}\p{N}]/u.test(text);
        var open = register(el) + "<" + t + attrs(el, tag, hasText, !formField && !text, st, !!swatch);
        if (scroller)
          open +=
            ' scroll="' +
            Math.round(el.scrollTop) +
            "px above, " +
            Math.round(el.scrollHeight - el.clientHeight - el.scrollTop) +
            'px below"';
        var at = els.length - 1;
        if (tag === "SELECT") {
          var opts = Array.prototype.map.call(el.options, function (o) {
            return o.label || o.text;
          });
          var list = opts.slice(0, 12).join("|") + (opts.length > 12 ? "|…" + (opts.length - 12) + " more" : "");
          var sel = Array.prototype.map.call(el.selectedOptions || [], function (o) {
            return q(o.label || o.text);
          });
          put(" " + open + (sel.length ? " value=" + sel.join(",") : "") + ">" + list + "</select> ", r.top);
          desc[at] = "<select>";
          return;
        }
        if (formField) {
          put(" " + open + "> ", r.top);
          desc[at] = "<" + t + ">";
          return;
        }
        // Large content (a whole card or panel), or a container of other controls (a menu, a
        // bar of actions): mark where it starts and let its content flow, each control on its own.
        if (!label && (scroller || text.length > MAX_LABEL * 2 || (text.length > 0 && el.querySelector(CONTROLS)))) {
          put(" " + open + "> ", r.top);
          desc[at] = "<" + t + ">" + text.replace(/\s+/g, " ").slice(0, 50) + "…";
        } else {
          // Short content: flatten it into the tag as its label.
          put(" " + open + ">", r.top);
          var start = cur.length;
          label++;
          walkChildren(el, myClip, myPos, pointer, false, ah);
          label--;
          var inner = cutLabel(collapse(cur.slice(start)).trim());
          cur = cur.slice(0, start) + inner + "</" + t + "> ";
          desc[at] = "<" + t + ">" + values(inner.replace(/\*?\u0001\d+\u0002/g, ""), 60).slice(0, 60) + "</" + t + ">";
          return;
        }
      } else if (swatch) {
        // Seen through a translucent layer: its colour is still there to read.
        put(" [" + swatch + "] ", r.top);
      }
      walkChildren(el, myClip, myPos, pointer && (indexed || parentPointer || wrapper), false, ah);
      if (block && !label && !cell) flush();
    }
    // The colour of a box that shows nothing else (no text, children or image), up to MAX_SWATCH
    // px and not a line; "" for none, for white and light grey (backgrounds), and after 40 swatches.
    function swatchColour(el, r, st) {
      if (swatches >= 40 || el.childElementCount !== 0 || st.backgroundImage !== "none" || /\S/.test(el.textContent)) return "";
      if (r.width < 8 || r.height < 8 || r.width > MAX_SWATCH || r.height > MAX_SWATCH) return "";
      if (r.width >= r.height * 3 || r.height >= r.width * 3) return "";
      var c = colourOf(st.backgroundColor);
      if (!c || c.plain === "white" || c.plain === "lightgrey") return "";
      swatches++;
      return c.name + " " + c.hex;
    }
    // After an early stop: fixed layers later in the document (a cookie banner, a dialog) are
    // still read, found by what covers a few points of the viewport.
    function walkOverlays() {
      var found = [];
      for (var gx = 1; gx < 4; gx++) {
        for (var gy = 1; gy < 4; gy++) {
          var h = document.elementFromPoint((vw * gx) / 4, (vh * gy) / 4),
            top = null;
          for (var a = h; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).position === "fixed") top = a;
          if (top && found.indexOf(top) < 0 && !top.contains(last) && last.compareDocumentPosition(top) & 4) found.push(top);
        }
      }
      stopped = false;
      belowLimit = Infinity;
      found.forEach(function (el) {
        walkEl(el, INF, INF, false, false);
        flush();
      });
      stopped = true;
    }
    function walkChildren(el, clip, posClip, pointer, textHidden, ah) {
      var kids = children(el);
      for (var i = 0; i < kids.length && !stopped; i++) {
        var k = kids[i];
        if (k.nodeType === 3) {
          if (!textHidden) walkText(k, clip);
        } else if (k.nodeType === 1) walkEl(k, clip, posClip, pointer, ah);
      }
    }
    // After an early stop before the main heading: the heading's block (its parent or
    // grandparent, when small) and what follows it, up to `mainAfter` characters after the
    // heading, behind a line saying that part of the page was not read.
    function walkMain(stopAt) {
      var start = mainEl;
      for (var up = 0; up < 2 && mainEl.tagName === "H1"; up++) {
        var p = start.parentElement;
        if (!p || p === document.body || p.contains(stopAt) || p.matches(MAIN_SCOPES) || (p.textContent || "").length > 20000) break;
        start = p;
      }
      var r = start.getBoundingClientRect();
      lines.push({ y: Math.round(r.top + sy), t: "[… part of the page not read here: scroll down or use extract …]", c: 0 });
      var from = lines.length;
      stopped = false;
      resuming = true;
      walkEl(start, INF, INF, false, false);
      for (
        var node = start;
        node && node !== document.body && node !== document.documentElement && mainSeen && !stopped;
        node = node.parentElement
      ) {
        for (var s = node.nextSibling; s && !stopped; s = s.nextSibling) {
          if (s.nodeType === 1) walkEl(s, INF, INF, false, false);
          else if (s.nodeType === 3) walkText(s, INF);
        }
      }
      flush();
      // Of what came before the heading in its block, only the nearest lines.
      if (mainLine > from) {
        var keepFrom = mainLine,
          used = 0;
        while (keepFrom > from && (used += (lines[keepFrom - 1].t || "").length + 1) <= mainBefore) keepFrom--;
        lines.splice(from, keepFrom - from);
      }
      stopped = true;
    }
    if (document.body) walkChildren(document.body, INF, INF, false, false, false);
    flush();
    if (stopped && last) {
      var stopAt = last;
      walkOverlays();
      if (mainEl && !mainSeen && !mainEl.contains(stopAt) && stopAt.compareDocumentPosition(mainEl) & 4) walkMain(stopAt);
    }
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
        cut: stopped,
      },
    };
  };
});
