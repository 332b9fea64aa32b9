// Runs inside a page frame (plain JavaScript, see dom-walk.js). Evaluated as an expression, it
// yields colourOf(css): a computed colour ("rgb(255, 192, 203)") as { name, hex, plain }, or null
// when transparent. `name` is the CSS named colour when one matches exactly (pink #ffc0cb reads
// "pink", lime #00ff00 "lime"), otherwise the nearest plain word, judged in CIELAB (how far apart
// colours look, not how far apart their numbers are): the words a task uses ("the red box").
// `plain` is always that plain word (a swatch reading "white" or "lightgrey" is background).
(function () {
  // Every CSS named colour (CSS Color 4), "hex name" pairs; grey spelt as one of CSS's spellings.
  var NAMED =
    "f0f8ff aliceblue faebd7 antiquewhite 7fffd4 aquamarine f0ffff azure f5f5dc beige ffe4c4 bisque " +
    "000000 black ffebcd blanchedalmond 0000ff blue 8a2be2 blueviolet a52a2a brown deb887 burlywood " +
    "5f9ea0 cadetblue 7fff00 chartreuse d2691e chocolate ff7f50 coral 6495ed cornflowerblue " +
    "fff8dc cornsilk dc143c crimson 00ffff cyan 00008b darkblue 008b8b darkcyan b8860b darkgoldenrod " +
    "006400 darkgreen a9a9a9 darkgrey bdb76b darkkhaki 8b008b darkmagenta 556b2f darkolivegreen " +
    "ff8c00 darkorange 9932cc darkorchid 8b0000 darkred e9967a darksalmon 8fbc8f darkseagreen " +
    "483d8b darkslateblue 2f4f4f darkslategrey 00ced1 darkturquoise 9400d3 darkviolet " +
    "ff1493 deeppink 00bfff deepskyblue 696969 dimgrey 1e90ff dodgerblue b22222 firebrick " +
    "fffaf0 floralwhite 228b22 forestgreen dcdcdc gainsboro f8f8ff ghostwhite ffd700 gold " +
    "daa520 goldenrod 008000 green adff2f greenyellow 808080 grey f0fff0 honeydew ff69b4 hotpink " +
    "cd5c5c indianred 4b0082 indigo fffff0 ivory f0e68c khaki e6e6fa lavender fff0f5 lavenderblush " +
    "7cfc00 lawngreen fffacd lemonchiffon add8e6 lightblue f08080 lightcoral e0ffff lightcyan " +
    "fafad2 lightgoldenrodyellow 90ee90 lightgreen d3d3d3 lightgrey ffb6c1 lightpink " +
    "ffa07a lightsalmon 20b2aa lightseagreen 87cefa lightskyblue 778899 lightslategrey " +
    "b0c4de lightsteelblue ffffe0 lightyellow 00ff00 lime 32cd32 limegreen faf0e6 linen " +
    "ff00ff magenta 800000 maroon 66cdaa mediumaquamarine 0000cd mediumblue ba55d3 mediumorchid " +
    "9370db mediumpurple 3cb371 mediumseagreen 7b68ee mediumslateblue 00fa9a mediumspringgreen " +
    "48d1cc mediumturquoise c71585 mediumvioletred 191970 midnightblue f5fffa mintcream " +
    "ffe4e1 mistyrose ffe4b5 moccasin ffdead navajowhite 000080 navy fdf5e6 oldlace 808000 olive " +
    "6b8e23 olivedrab ffa500 orange ff4500 orangered da70d6 orchid eee8aa palegoldenrod " +
    "98fb98 palegreen afeeee paleturquoise db7093 palevioletred ffefd5 papayawhip ffdab9 peachpuff " +
    "cd853f peru ffc0cb pink dda0dd plum b0e0e6 powderblue 800080 purple 663399 rebeccapurple " +
    "ff0000 red bc8f8f rosybrown 4169e1 royalblue 8b4513 saddlebrown fa8072 salmon f4a460 sandybrown " +
    "2e8b57 seagreen fff5ee seashell a0522d sienna c0c0c0 silver 87ceeb skyblue 6a5acd slateblue " +
    "708090 slategrey fffafa snow 00ff7f springgreen 4682b4 steelblue d2b48c tan 008080 teal " +
    "d8bfd8 thistle ff6347 tomato 40e0d0 turquoise ee82ee violet f5deb3 wheat ffffff white " +
    "f5f5f5 whitesmoke ffff00 yellow 9acd32 yellowgreen";
  // Plain words, each with a few typical shades (the CSS value and common design-system ones).
  var PLAIN = {
    black: "000000 1f2328 24292f",
    white: "ffffff fafafa",
    grey: "808080 8c959f 6e7781 999999 a9a9a9",
    lightgrey: "d3d3d3 c8c8c8 d0d7de e0e0e0",
    darkgrey: "404040 57606a 333333 555555",
    red: "ff0000 d1242f e15759 cf222e dc3545 e53935 f44336 dc143c",
    darkred: "8b0000 800000 a40e26 82071e",
    orange: "ffa500 ff8c00 fd7e14 f28e2b ff7f50",
    brown: "a52a2a 8b4513 795548 a0522d 8c564b",
    beige: "f5f5dc f5deb3 ebdcb4 d2b48c",
    yellow: "ffff00 ffd700 ffc107 edc948 fff176",
    olive: "808000 6b8e23 9c9c00",
    green: "008000 1a7f37 2e7d32 28a745 4caf50 59a14f 3cb371 228b22",
    darkgreen: "006400 0b3d0b 1b5e20",
    lime: "00ff00 32cd32 7fff00 adff2f 9acd32",
    teal: "008080 20b2aa 009688 76b7b2",
    cyan: "00ffff 00bcd4 17becf 40e0d0 00ced1",
    lightblue: "add8e6 87ceeb 8cbef0 90caf9 b0e0e6",
    blue: "0000ff 0969da 2196f3 4e79a7 1f77b4 4169e1 1e90ff 0d6efd 4682b4",
    navy: "000080 00008b 191970 0a1f44",
    purple: "800080 8e24aa 9c27b0 663399 6f42c1 8250df b07aa1",
    violet: "ee82ee da70d6 dda0dd",
    magenta: "ff00ff c71585 d63384",
    pink: "ffc0cb ffb6c1 ff69b4 ff1493 e91e63 ff9da7 f8bbd0",
  };
  var exact = new Map();
  var pairs = NAMED.split(" ");
  for (var i = 0; i + 1 < pairs.length; i += 2) exact.set(pairs[i], pairs[i + 1]);
  var shades = [];
  Object.keys(PLAIN).forEach(function (word) {
    PLAIN[word].split(" ").forEach(function (hex) {
      shades.push({ word: word, lab: lab(parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4), 16)) });
    });
  });

  // sRGB (0 to 255) to CIELAB under D65.
  function lab(r, g, b) {
    function lin(c) {
      c /= 255;
      return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
    function f(t) {
      return t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116;
    }
    var R = lin(r),
      G = lin(g),
      B = lin(b);
    var x = f((R * 0.4124 + G * 0.3576 + B * 0.1805) / 0.95047),
      y = f(R * 0.2126 + G * 0.7152 + B * 0.0722),
      z = f((R * 0.0193 + G * 0.1192 + B * 0.9505) / 1.08883);
    return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
  }
  function nearest(r, g, b) {
    var p = lab(r, g, b),
      best = "",
      bestD = Infinity;
    for (var i = 0; i < shades.length; i++) {
      var q = shades[i].lab;
      var d = Math.pow(p[0] - q[0], 2) + Math.pow(p[1] - q[1], 2) + Math.pow(p[2] - q[2], 2);
      if (d < bestD) {
        bestD = d;
        best = shades[i].word;
      }
    }
    return best;
  }

  return function colourOf(css) {
    var m = /rgba?\(([^)]+)\)/.exec(css || "");
    if (!m) return null;
    var c = m[1].split(/[\s,/]+/).map(parseFloat);
    if (c.length > 3 && c[3] < 0.5) return null;
    var hex = c
      .slice(0, 3)
      .map(function (n) {
        return ("0" + Math.round(n).toString(16)).slice(-2);
      })
      .join("");
    var plain = nearest(c[0], c[1], c[2]);
    return { name: exact.get(hex) || plain, hex: "#" + hex, plain: plain };
  };
})();
