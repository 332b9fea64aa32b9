/* global document, window, getComputedStyle */
// Runs inside the page. Scrolls the window by arg.sign * arg.pages viewport heights (90%);
// on pages that scroll an inner container instead, scrolls the biggest scrollable element.
(function () {
  return function scrollPage(arg) {
    var root = document.scrollingElement || document.documentElement;
    var before = root.scrollTop;
    var delta = arg.sign * arg.pages * window.innerHeight * 0.9;
    window.scrollBy({ top: delta, behavior: "instant" });
    var moved = root.scrollTop - before;
    var target = "the page";
    if (moved === 0) {
      var best = null,
        bestArea = 0;
      var all = document.querySelectorAll("body *");
      for (var i = 0; i < all.length; i++) {
        var el = all[i];
        if (el.scrollHeight <= el.clientHeight + 4) continue;
        if (!/(auto|scroll)/.test(getComputedStyle(el).overflowY)) continue;
        var area = el.clientWidth * el.clientHeight;
        if (area > bestArea) {
          best = el;
          bestArea = area;
        }
      }
      if (best) {
        var b = best.scrollTop;
        best.scrollBy({ top: delta, behavior: "instant" });
        moved = best.scrollTop - b;
        target = "the main scrollable area";
      }
    }
    var atBottom = target === "the page" && root.scrollTop + window.innerHeight >= root.scrollHeight - 2;
    return { moved: Math.round(moved), target: target, atBottom: atBottom, height: root.scrollHeight };
  };
})();
