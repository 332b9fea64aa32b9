/* global document */
// Runs inside the captcha's frame: the bytes of the <img> as base64. A data: URL is read as is;
// otherwise the image is fetched from the browser cache (force-cache), so the solver gets the
// picture on screen, not a fresh one. Returns { base64 } or { error }.
(function () {
  return async function readImage(selector) {
    var img = document.querySelector(selector);
    if (!img) return { error: "the captcha image is gone" };
    var src = img.currentSrc || img.src;
    var data = /^data:[^,]*?(;base64)?,(.*)$/.exec(src);
    if (data) return { base64: data[1] ? data[2] : btoa(unescape(data[2])) };
    try {
      var response = await fetch(src, { cache: "force-cache", credentials: "include" });
      if (!response.ok) return { error: "the captcha image answered HTTP " + response.status };
      var bytes = new Uint8Array(await response.arrayBuffer());
      var binary = "";
      for (var i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
      return { base64: btoa(binary) };
    } catch {
      return { error: "the captcha image could not be fetched" };
    }
  };
})();
