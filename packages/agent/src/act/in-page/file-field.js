// Runs inside the page. Evaluated as an expression, it yields a function that takes an element
// and returns the file field it is, labels or wraps; else whether clicking it could open a file
// chooser (false for a text field, a submit button or a link that leaves the page: clicking
// those would do something else).
(function () {
  return function fileField(e) {
    function isFile(x) {
      return !!x && x.tagName === "INPUT" && x.type === "file";
    }
    if (isFile(e)) return e;
    if (e.tagName === "LABEL" && isFile(e.control)) return e.control;
    var inner = e.querySelector("input[type=file]");
    if (isFile(inner)) return inner;
    var href = e.tagName === "A" ? (e.getAttribute("href") || "").trim() : "";
    var leaves = href !== "" && href.charAt(0) !== "#" && !/^javascript:/i.test(href);
    var submits =
      (e.tagName === "BUTTON" && e.type === "submit" && !!e.form) || (e.tagName === "INPUT" && /^(submit|image|reset)$/.test(e.type || ""));
    var typing = ["INPUT", "TEXTAREA", "SELECT"].indexOf(e.tagName) >= 0 && !submits;
    return !(leaves || submits || typing);
  };
})();
