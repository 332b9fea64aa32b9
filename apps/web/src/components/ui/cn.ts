import { clsx, type ClassValue } from "clsx";
import { classGroup, CONFLICTS } from "./class-groups";

/** Joins class names and lets later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/**
 * Drops each class that a later one overrides: same variants (in any order), same importance, and
 * the same property, or a shorthand of it (a later p-0 drops px-4). Classes of no known group
 * stay, in order. Our own small table instead of tailwind-merge, whose first call built a map of
 * every Tailwind class on each page load (docs/adr/0052-a-cheaper-signed-in-page-load.md).
 */
export function mergeClasses(classList: string): string {
  const classes = classList.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const name = classes[i]!;
    const parsed = parseClass(name);
    if (!parsed) {
      kept.push(name);
      continue;
    }
    const key = parsed.variants + parsed.group;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const group of CONFLICTS[parsed.group] ?? []) taken.add(parsed.variants + group);
    kept.push(name);
  }
  return kept.reverse().join(" ");
}

/** Pseudo-elements and arbitrary variants: their place among a class's variants changes what it selects. */
const ORDER_SENSITIVE = new Set([
  "*",
  "**",
  "after",
  "backdrop",
  "before",
  "details-content",
  "file",
  "first-letter",
  "first-line",
  "marker",
  "placeholder",
  "selection",
]);

const parsedClasses = new Map<string, { variants: string; group: string } | null>();

/** A class's variants (as one key) and group, or null when it is no class we know; remembered per class. */
function parseClass(name: string): { variants: string; group: string } | null {
  let parsed = parsedClasses.get(name);
  if (parsed !== undefined) return parsed;
  const parts = splitVariants(name);
  let utility = parts.pop()!;
  let important = "";
  if (utility.startsWith("!") || utility.endsWith("!")) {
    important = "!";
    utility = utility.startsWith("!") ? utility.slice(1) : utility.slice(0, -1);
  }
  const group = classGroup(utility.startsWith("-") ? utility.slice(1) : utility);
  parsed = group ? { variants: `${sortVariants(parts).join(":")}${important}:`, group } : null;
  parsedClasses.set(name, parsed);
  return parsed;
}

/** "enabled:hover:bg-accent" is ["enabled", "hover", "bg-accent"]; a colon inside brackets or parentheses does not split. */
function splitVariants(name: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < name.length; i++) {
    const char = name[i];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === ":" && depth === 0) {
      parts.push(name.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(name.slice(start));
  return parts;
}

/** hover:focus: and focus:hover: are the same; order-sensitive variants keep their place and split the sorting. */
function sortVariants(variants: string[]): string[] {
  if (variants.length < 2) return variants;
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith("[") || ORDER_SENSITIVE.has(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...sorted, ...run.sort()];
}
