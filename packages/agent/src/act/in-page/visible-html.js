/* global document */
// Runs inside the page. Evaluated as an expression, it yields a function returning the body's
// HTML without what a reader cannot see: scripts, styles, svg, and elements that are not
// rendered (display:none, visibility:hidden, zero opacity). Open shadow roots are inlined.
(function () {
  var DROP = { SCRIPT: 1, STYLE: 1, NOSCRIPT: 1, TEMPLATE: 1, SVG: 1, svg: 1, CANVAS: 1, IFRAME: 1, OBJECT: 1, EMBED: 1, LINK: 1, META: 1 };
  return function visibleHtml() {
    // An inert document: nothing built here runs page code (no custom element upgrades).
    var doc = document.implementation.createHTMLDocument("");
    function copy(node, depth) {
      if (node.nodeType === 3) return doc.createTextNode(node.nodeValue);
      if (node.nodeType !== 1 || DROP[node.tagName] || depth > 200) return null;
      if (node.checkVisibility && !node.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return null;
      var out = doc.createElement(node.tagName === "SLOT" ? "span" : node.tagName.indexOf("-") >= 0 ? "div" : node.tagName);
      ["href", "alt", "title", "colspan", "rowspan"].forEach(function (a) {
        var v = node.getAttribute(a);
        if (v !== null) out.setAttribute(a, a === "href" ? node.href || v : v);
      });
      if ((node.tagName === "INPUT" || node.tagName === "TEXTAREA") && node.type !== "password" && node.value)
        out.setAttribute("value", node.value);
      var kids = node.shadowRoot
        ? node.shadowRoot.childNodes
        : node.tagName === "SLOT" && node.assignedNodes({ flatten: true }).length
          ? node.assignedNodes({ flatten: true })
          : node.childNodes;
      for (var i = 0; i < kids.length; i++) {
        var c = copy(kids[i], depth + 1);
        if (c) out.appendChild(c);
      }
      if (node.tagName === "INPUT" && out.getAttribute("value"))
        out.appendChild(doc.createTextNode(" [" + out.getAttribute("value") + "] "));
      if (node.tagName === "SELECT" && node.selectedOptions && node.selectedOptions[0]) {
        out = doc.createElement("span");
        out.appendChild(doc.createTextNode(" [" + node.selectedOptions[0].text + "] "));
      }
      return out;
    }
    var body = document.body;
    if (!body) return "";
    var root = copy(body, 0);
    return root ? root.innerHTML : "";
  };
})();
