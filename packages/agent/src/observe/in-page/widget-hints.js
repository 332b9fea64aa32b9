/* global getComputedStyle */
// Runs inside a page frame (plain JavaScript, see dom-walk.js). Evaluated as an expression, it
// yields widgetHints(): for one walk, what the common widgets built without ARIA say about an
// element that the walk cannot tell from its tag, role or cursor (packages/agent/README.md):
//   control(el, tag)  "draggable" for an item of a sortable or draggable list, "option" for an
//                     option of an open custom select drawn as plain text, "step" for a date
//                     picker's previous/next month control; "" otherwise. Such elements are indexed.
//   attrs(el, tag, named)  extra attributes: draggable/option, a tree item's folder and whether
//                     it is open, a month control's name when it has none of its own.
// Each list and tree container is judged once per walk (cached), so the cost stays per list.
(function () {
  // Classes of sortable lists (jQuery UI, SortableJS, Angular CDK, common hand-made ones) and of their items.
  var SORTABLE_LIST =
    /(?:^|\s)(?:ui-sortable|sortable|sortable-list|js-sortable|draggable-list|drag-list|dnd-list|reorder-list|reorderable|cdk-drop-list)(?:$|\s)/i;
  var SORTABLE_ITEM = /(?:^|\s)(?:ui-sortable-handle|sortable-item|draggable-item|drag-item|cdk-drag)(?:$|\s)/i;
  // The list of an open custom select (selectric, nice-select, hand-made ones).
  var SELECT_LIST =
    /(?:^|[\s_-])(?:selectric-items|selectric-scroll|select-items|select-options|select-dropdown|select-list|options-list|option-list|nice-select|custom-select|dropdown-options)(?:$|\s)/i;
  // Trees built from nested lists.
  var TREE_LIST = /tree|folder|explorer|directory|filetree|jstree|fancytree|dynatree/i;
  var FOLDER_CLASS =
    /(?:^|[\s_-])(?:folder|directory|dir|has-children|parent_li|expandable|collapsable|collapsed|expanded|closed|opened)(?:$|[\s_-])/i;
  var OPEN_CLASS = /(?:^|[\s_-])(?:open|opened|expanded|collapsable|folder-open|minus)(?:$|[\s_-])/i;
  var SHUT_CLASS = /(?:^|[\s_-])(?:closed|collapsed|expandable|folder-closed|plus)(?:$|[\s_-])/i;
  var FOLDER_ICON = /folder|directory/i;
  var MENU = "nav,[role=navigation],[role=menu],[role=menubar],header,footer";
  // Date pickers' month steps: by class (ui-datepicker-prev, flatpickr-next-month, pika-next) or data-handler.
  var STEP_CLASS = /(?:^|[\s_-])(prev|previous|next)(?:$|[\s_-])/i;
  var CALENDAR =
    "[class*=datepicker i],[class*=calendar i],[class*=flatpickr i],[class*=pika i],[class*=date-picker i],[class*=daterange i]";

  function cls(el) {
    var c = el.getAttribute("class");
    return c || "";
  }
  // A draggable expando SortableJS leaves on its list ("Sortable1700000000000").
  function hasSortableExpando(el) {
    var keys = Object.keys(el);
    for (var i = 0; i < keys.length; i++) if (keys[i].indexOf("Sortable") === 0) return true;
    return false;
  }

  return function widgetHints() {
    var lists = new Map();
    var calendars = new Map();

    // What a list container is: "sortable", "select" or "".
    function listKind(list) {
      if (!list) return "";
      var known = lists.get(list);
      if (known !== undefined) return known;
      var c = cls(list);
      var kind = "";
      if (
        SORTABLE_LIST.test(c) ||
        list.hasAttribute("data-sortable") ||
        list.ondrop ||
        list.ondragover ||
        (list.tagName !== "BODY" && hasSortableExpando(list))
      )
        kind = "sortable";
      else if (SELECT_LIST.test(c) || (list.parentElement && SELECT_LIST.test(cls(list.parentElement)))) kind = "select";
      lists.set(list, kind);
      return kind;
    }
    function inCalendar(el) {
      var p = el.parentElement;
      if (!p) return false;
      var known = calendars.get(p);
      if (known === undefined) {
        known = !!p.closest(CALENDAR);
        calendars.set(p, known);
      }
      return known;
    }
    // "prev" or "next" for a date picker's month control, "" otherwise.
    function step(el) {
      var m = STEP_CLASS.exec(cls(el) + " " + (el.getAttribute("data-handler") || "") + " " + (el.getAttribute("data-action") || ""));
      if (!m || !inCalendar(el)) return "";
      return m[1].toLowerCase() === "next" ? "next" : "prev";
    }
    function control(el, tag) {
      if (el.getAttribute("draggable") === "true" || SORTABLE_ITEM.test(cls(el)) || el.ondragstart) return "draggable";
      if (tag === "LI" || (el.parentElement && el.parentElement.childElementCount > 1 && tag === "DIV")) {
        var kind = listKind(el.parentElement);
        if (kind === "sortable") return "draggable";
        if (kind === "select" && tag === "LI") return "option";
      }
      if (step(el)) return "step";
      return "";
    }
    // The list item a tree item's head (its name, a link or span right inside the item) belongs to.
    function treeItem(el, tag) {
      var li = tag === "LI" ? el : el.parentElement;
      if (li && li.tagName !== "LI" && tag !== "LI") li = li.parentElement;
      if (!li || li.tagName !== "LI" || li.getAttribute("role") === "treeitem") return null;
      if (li !== el && (el.querySelector("ul,ol") || el.closest("ul,ol") !== li.parentElement)) return null;
      var list = li.parentElement;
      if (!list || (list.tagName !== "UL" && list.tagName !== "OL")) return null;
      if (TREE_LIST.test(cls(list)) || (list.parentElement && TREE_LIST.test(cls(list.parentElement)))) return li;
      // A list inside a list item is a tree, unless it is a site menu's submenu.
      var nested = !!(list.parentElement && list.parentElement.closest("li"));
      return nested && !list.closest(MENU) ? li : null;
    }
    // [folder, open]: open true/false, or null when a folder's state cannot be told.
    function folderState(li) {
      var sub = null,
        iconClass = "";
      for (var k = li.firstElementChild; k; k = k.nextElementSibling) {
        if (k.tagName === "UL" || k.tagName === "OL") sub = k;
        else {
          var icon = k.querySelector("[class]");
          iconClass += " " + cls(k) + (icon ? " " + cls(icon) : "");
        }
      }
      var c = cls(li);
      var folder = !!sub || FOLDER_CLASS.test(c) || FOLDER_ICON.test(iconClass) || FOLDER_ICON.test(getComputedStyle(li).backgroundImage);
      if (!folder) return null;
      if (sub) return getComputedStyle(sub).display !== "none" && sub.childElementCount > 0;
      // No child list (loaded when opened): open only when its class or icon says so.
      return !SHUT_CLASS.test(c) && (OPEN_CLASS.test(c) || /folder-open/i.test(iconClass));
    }
    function attrs(el, tag, named) {
      var out = [];
      var kind = control(el, tag);
      if (kind === "draggable" || kind === "option") out.push(kind);
      var s = named ? "" : step(el);
      if (s) out.push('aria-label="' + (s === "next" ? "Next month" : "Previous month") + '"');
      var li = treeItem(el, tag);
      if (li) {
        var open = folderState(li);
        if (open !== null) out.push("folder expanded=" + open);
      }
      return out;
    }
    return { control: control, attrs: attrs };
  };
})();
