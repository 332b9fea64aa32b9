/* global document, CSS */
// Runs inside the page. Evaluated as an expression, it yields a function that, given an element,
// proposes ways to find it again: role and accessible name, label, placeholder, test id, text and
// a CSS path, most robust first. They are guesses: the recorder keeps only those Playwright finds
// to be exactly this element.
(function () {
  var INPUT_ROLES = {
    search: "searchbox",
    number: "spinbutton",
    checkbox: "checkbox",
    radio: "radio",
    range: "slider",
    submit: "button",
    button: "button",
    reset: "button",
    image: "button",
  };
  function squash(s) {
    return String(s || "")
      .replace(/\s+/g, " ")
      .trim();
  }
  function roleOf(el) {
    var explicit = el.getAttribute("role");
    if (explicit) return explicit.split(/\s+/)[0];
    var tag = el.tagName.toLowerCase();
    if (tag === "a" && el.hasAttribute("href")) return "link";
    if (tag === "button") return "button";
    if (tag === "textarea") return "textbox";
    if (tag === "select") return el.multiple || el.size > 1 ? "listbox" : "combobox";
    if (tag === "input") {
      var type = (el.getAttribute("type") || "text").toLowerCase();
      if (INPUT_ROLES[type]) return INPUT_ROLES[type];
      if (type === "hidden" || type === "password" || type === "file" || type === "color" || type === "date" || type === "time")
        return null;
      return "textbox";
    }
    if (/^h[1-6]$/.test(tag)) return "heading";
    if (tag === "img" && el.getAttribute("alt")) return "img";
    return null;
  }
  function labelText(el) {
    var parts = [];
    var by = el.getAttribute("aria-labelledby");
    if (by) {
      by.split(/\s+/).forEach(function (id) {
        var ref = document.getElementById(id);
        if (ref) parts.push(squash(ref.innerText || ref.textContent));
      });
      if (parts.length) return squash(parts.join(" "));
    }
    if (el.labels && el.labels.length) return squash(el.labels[0].innerText || el.labels[0].textContent);
    return "";
  }
  function nameOf(el) {
    var aria = squash(el.getAttribute("aria-label"));
    if (aria) return aria;
    var label = labelText(el);
    if (label) return label;
    var tag = el.tagName.toLowerCase();
    if (tag === "input") {
      var type = (el.getAttribute("type") || "text").toLowerCase();
      if (type === "submit" || type === "button" || type === "reset") return squash(el.value);
      return squash(el.getAttribute("title") || el.getAttribute("placeholder"));
    }
    if (tag === "img") return squash(el.getAttribute("alt"));
    var text = squash(el.innerText || el.textContent);
    if (text) return text;
    var img = el.querySelector && el.querySelector("img[alt]");
    return img ? squash(img.getAttribute("alt")) : squash(el.getAttribute("title"));
  }
  // An id or class that looks generated (hashes, counters) changes between builds: not stable.
  function stableToken(s) {
    return !!s && s.length <= 40 && !/\d{3,}|[0-9a-f]{6,}|^[a-z]{1,2}-?\d|__|--[a-z0-9]{5,}/i.test(s);
  }
  function cssPath(el) {
    var path = [];
    var node = el;
    while (node && node.nodeType === 1 && path.length < 8) {
      var tag = node.tagName.toLowerCase();
      if (node.id && stableToken(node.id)) {
        path.unshift(tag + "#" + CSS.escape(node.id));
        break;
      }
      var part = tag;
      var parent = node.parentElement;
      if (parent) {
        var same = Array.prototype.filter.call(parent.children, function (c) {
          return c.tagName === node.tagName;
        });
        if (same.length > 1) part += ":nth-of-type(" + (same.indexOf(node) + 1) + ")";
      }
      path.unshift(part);
      if (tag === "body") break;
      node = parent;
    }
    return path.join(" > ");
  }
  return function candidates(el) {
    var out = [];
    var role = roleOf(el);
    var name = nameOf(el);
    if (role && name && name.length <= 120) out.push({ kind: "role", role: role, name: name });
    var label = labelText(el);
    if (label && label.length <= 120) out.push({ kind: "label", text: label });
    var placeholder = squash(el.getAttribute("placeholder"));
    if (placeholder) out.push({ kind: "placeholder", text: placeholder });
    var testId = el.getAttribute("data-testid") || el.getAttribute("data-test-id") || el.getAttribute("data-test");
    if (testId) out.push({ kind: "test_id", value: testId });
    var tag = el.tagName.toLowerCase();
    if (tag !== "input" && tag !== "textarea" && tag !== "select") {
      var text = squash(el.innerText || el.textContent);
      if (text && text.length <= 80) out.push({ kind: "text", text: text });
    }
    out.push({ kind: "css", selector: cssPath(el) });
    return out;
  };
})();
