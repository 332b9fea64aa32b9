// Which CSS property a Tailwind class of ours sets, so `cn` can let a later class win over an
// earlier one that sets the same property (docs/adr/0052-a-cheaper-signed-in-page-load.md).
// Written for the classes this app uses: cn.test.ts checks every pair of them against
// tailwind-merge, which decided this before and cost each page load its whole class map.

const SIZE = /^(?:xs|sm|base|lg|[2-9]?xl)$/;
const LENGTH = /^\[(?:length:)?-?[\d.]+(?:px|r?em|%|vh|vw|dvh|ch|ex)\]$/;
const NUMBER = /^\d+$/;
/** A spacing or position value: 4, 2.5, 1/2, px, full, auto, or arbitrary. */
const SPACING = /^(?:\d+(?:\.\d+)?|\d+\/\d+|px|full|auto|\[.+\]|\(.+\))$/;
/** Families whose value must be a spacing (so top-left, a word of ours, is no class). */
const SPACED = new Set(
  "p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml inset inset-x inset-y start end top right bottom left gap gap-x gap-y space-x space-y".split(
    " ",
  ),
);
const ALIGNMENTS = /^(?:auto|start|end|center|between|around|evenly|stretch|baseline|normal|center-safe|end-safe|last-baseline)$/;
const LINE_STYLES = new Set(["solid", "dashed", "dotted", "double", "hidden", "none"]);
const SHADOW_SIZES = new Set(["", "2xs", "xs", "sm", "md", "lg", "xl", "2xl", "none", "inner"]);

const KEYWORDS: Record<string, string> = {};
const keywords = (group: string, words: string) => {
  for (const word of words.split(" ")) KEYWORDS[word] = group;
};
keywords(
  "display",
  "block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column " +
    "table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid contents list-item hidden",
);
keywords("sr", "sr-only not-sr-only");
keywords("position", "static fixed absolute relative sticky");
keywords("visibility", "visible invisible collapse");
keywords("text-transform", "uppercase lowercase capitalize normal-case");
keywords("font-style", "italic not-italic");
keywords("text-decoration", "underline overline line-through no-underline");
keywords("text-overflow", "truncate text-ellipsis text-clip");
keywords("text-wrap", "text-wrap text-nowrap text-balance text-pretty");
keywords("text-align", "text-left text-center text-right text-justify text-start text-end");
keywords("font-smoothing", "antialiased subpixel-antialiased");
keywords("fvn-spacing", "tabular-nums proportional-nums");
keywords("border-collapse", "border-collapse border-separate");
keywords("table-layout", "table-auto table-fixed");
keywords("flex-direction", "flex-row flex-row-reverse flex-col flex-col-reverse");
keywords("flex-wrap", "flex-wrap flex-wrap-reverse flex-nowrap");
keywords("box-decoration", "box-decoration-clone box-decoration-slice");
keywords("resize", "resize resize-none resize-x resize-y");
keywords("outline-style", "outline-none outline-hidden outline-solid outline-dashed outline-dotted outline-double");
keywords("ring-w-inset", "ring-inset");
keywords("object-fit", "object-contain object-cover object-fill object-none object-scale-down");
keywords("transition", "transition");
keywords("outline-w", "outline");
keywords("border-w", "border");
keywords("border-w-x", "border-x");
keywords("border-w-y", "border-y");
keywords("border-w-t", "border-t");
keywords("border-w-r", "border-r");
keywords("border-w-b", "border-b");
keywords("border-w-l", "border-l");
keywords("divide-y", "divide-y");
keywords("divide-x", "divide-x");
keywords("ring-w", "ring");
keywords("shadow", "shadow");
keywords("rounded", "rounded");
keywords("grow", "grow");
keywords("shrink", "shrink");
keywords("blur", "blur");
keywords("filter", "filter");
keywords("isolation", "isolate isolation-auto");
keywords("container-type", "@container");
keywords("scrollbar-w", "scrollbar-none scrollbar-thin");
keywords("backdrop-blur", "backdrop-blur");

/** The class's group: a keyword, then a family with a value; undefined for a class this app does not override. */
export function classGroup(utility: string): string | undefined {
  const keyword = KEYWORDS[utility];
  if (keyword) return keyword;
  if (utility.startsWith("[") && utility.endsWith("]")) {
    // An arbitrary property ([content-visibility:auto]): it conflicts with the same property.
    const colon = utility.indexOf(":");
    return colon > 1 ? `[${utility.slice(1, colon)}]` : undefined;
  }
  const dash = utility.indexOf("-");
  if (dash <= 0) return undefined;
  return familyGroup(utility, dash);
}

/** Families whose prefix alone names the group (p-4, max-w-xl, gap-x-2, line-clamp-3, ...). */
const PLAIN_FAMILIES = new Set(
  (
    "p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml inset inset-x inset-y start end top right bottom left " +
    "w h size min-w max-w min-h max-h gap gap-x gap-y space-x space-y z basis order opacity cursor pointer-events select " +
    "appearance duration ease delay animate aspect float clear origin accent fill stroke leading tracking whitespace " +
    "line-clamp list align scale rotate translate-x translate-y grid-cols grid-rows col-start col-end col-span row-start " +
    "row-end row-span justify-items justify-self justify items self place-items place-content place-self underline-offset " +
    "indent columns auto-cols auto-rows grid-flow scroll-mt scroll-mb scroll-ml scroll-mr scroll-mx scroll-my scroll-m " +
    "scroll-pt scroll-pb scroll-pl scroll-pr scroll-px scroll-py scroll-p break wrap transition shrink grow flex content " +
    "overflow overflow-x overflow-y overscroll object rounded-t rounded-r rounded-b rounded-l rounded-tl rounded-tr rounded-br rounded-bl"
  ).split(" "),
);

function familyGroup(utility: string, firstDash: number): string | undefined {
  // The longest prefix that names a family: "max-w-xl" is max-w, not max.
  for (let dash = utility.lastIndexOf("-"); dash >= firstDash; dash = utility.lastIndexOf("-", dash - 1)) {
    const family = utility.slice(0, dash);
    const value = utility.slice(dash + 1);
    const group = valueGroup(family, value);
    if (group) return group;
    if (dash === firstDash) break;
  }
  return undefined;
}

/** The group of a family and its value, where the value decides it (text-sm is a size, text-primary a colour). */
function valueGroup(family: string, value: string): string | undefined {
  switch (family) {
    case "text":
      return SIZE.test(value) || LENGTH.test(value) ? "font-size" : "text-color";
    case "font":
      return /^(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(value) ? "font-weight" : "font-family";
    case "bg":
      return value.startsWith("linear-") || value.startsWith("radial") || value.startsWith("conic") ? "bg-image" : "bg-color";
    case "from":
    case "via":
    case "to":
      return value.endsWith("%") ? `gradient-${family}-pos` : `gradient-${family}`;
    case "border":
    case "border-x":
    case "border-y":
    case "border-t":
    case "border-r":
    case "border-b":
    case "border-l":
      return borderGroup(family, value);
    case "ring":
      return NUMBER.test(value) || LENGTH.test(value) ? "ring-w" : "ring-color";
    case "outline":
      if (NUMBER.test(value) || LENGTH.test(value)) return "outline-w";
      return LINE_STYLES.has(value) ? "outline-style" : "outline-color";
    case "shadow":
      return SHADOW_SIZES.has(value) || value.startsWith("[") ? "shadow" : "shadow-color";
    case "divide":
      return "divide-color";
    case "rounded":
      return "rounded";
    case "blur":
      return "blur";
    case "backdrop-blur":
      return "backdrop-blur";
    case "object":
      return /^(?:contain|cover|fill|none|scale-down)$/.test(value) ? "object-fit" : "object-position";
    case "flex":
      return "flex";
    case "content":
      return ALIGNMENTS.test(value) ? "align-content" : undefined;
    case "self":
    case "items":
    case "justify":
    case "justify-items":
    case "justify-self":
    case "place-items":
    case "place-content":
    case "place-self":
      return ALIGNMENTS.test(value) ? family : undefined;
    default:
      if (SPACED.has(family)) return SPACING.test(value) ? family : undefined;
      return PLAIN_FAMILIES.has(family) ? family : undefined;
  }
}

function borderGroup(family: string, value: string): string {
  const side = family.slice("border".length);
  if (NUMBER.test(value) || LENGTH.test(value)) return `border-w${side}`;
  if (!side && LINE_STYLES.has(value)) return "border-style";
  return `border-color${side}`;
}

/** What a later class of a group removes besides its own group: a shorthand removes its longhands. */
export const CONFLICTS: Record<string, readonly string[]> = {
  p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml"],
  my: ["mt", "mb"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  size: ["w", "h"],
  gap: ["gap-x", "gap-y"],
  overflow: ["overflow-x", "overflow-y"],
  rounded: ["rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-tl", "rounded-tr", "rounded-br", "rounded-bl"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": ["border-color-x", "border-color-y", "border-color-t", "border-color-r", "border-color-b", "border-color-l"],
  "border-color-x": ["border-color-r", "border-color-l"],
  "border-color-y": ["border-color-t", "border-color-b"],
  "font-size": ["leading"],
  flex: ["basis", "grow", "shrink"],
  "line-clamp": ["display", "overflow"],
  "scroll-m": ["scroll-mx", "scroll-my", "scroll-mt", "scroll-mr", "scroll-mb", "scroll-ml"],
  "scroll-p": ["scroll-px", "scroll-py", "scroll-pt", "scroll-pr", "scroll-pb", "scroll-pl"],
};
