import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getDefaultConfig, twMerge } from "tailwind-merge";
// Its class groups, to compare ours with pair by pair without a merge per pair (tailwind-merge is
// pinned in package.json: a change of this entry point fails here, not in the app).
import { createClassGroupUtils } from "tailwind-merge/unstable-do-not-import";
import { describe, expect, test } from "vitest";
import { cn, mergeClasses } from "./cn";

const SRC = path.resolve(import.meta.dirname, "../..");

const utils = createClassGroupUtils(getDefaultConfig());

/** tailwind-merge's group of a utility; "bg-primary/10" is looked up as bg-primary first, as it does. */
function theirGroup(utility: string): string | undefined {
  const slash = utility.lastIndexOf("/");
  const bare = slash > 0 && !utility.includes("[") ? utility.slice(0, slash) : utility;
  return utils.getClassGroupId(bare) ?? utils.getClassGroupId(utility);
}

/** What follows a class's variants: "sm:hover:bg-muted" is bg-muted. */
function utilityOf(word: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < word.length; i++) {
    if (word[i] === "[") depth++;
    else if (word[i] === "]") depth--;
    else if (word[i] === ":" && depth === 0) start = i + 1;
  }
  return word.slice(start);
}

/** Every word of the app's string literals that could be a Tailwind class (what `cn` may be given). */
function appClassWords(): string[] {
  const words = new Set<string>();
  const files = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter(
    (f) => /\.tsx?$/.test(f) && !f.includes(".test.") && !/class-groups|[\\/]cn\.ts$/.test(f),
  );
  for (const file of files) {
    const text = readFileSync(path.join(SRC, file), "utf8");
    for (const literal of text.matchAll(/"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`/g))
      for (const word of (literal[1] ?? literal[2] ?? literal[3] ?? "").split(/\s+/))
        if (/^[!@\w[\]:/.\-%()#,=&>*~+]+$/.test(word) && !word.includes("${")) words.add(word);
  }
  return [...words];
}

describe("cn", () => {
  test("a class our components are given wins over their own class for the same property", () => {
    // CardHeader (p-6, flex-col) given the task form's header classes.
    expect(cn("flex flex-col gap-1.5 p-6", "flex-row flex-wrap items-center justify-between gap-2 pb-4")).toBe(
      "flex p-6 flex-row flex-wrap items-center justify-between gap-2 pb-4",
    );
    // CardTitle's size given text-lg; CardContent's padding given p-0; a Button size given h-auto px-0.
    expect(cn("text-xl font-semibold tracking-tight", "text-lg")).toBe("font-semibold tracking-tight text-lg");
    expect(cn("p-6 pt-0", "p-0")).toBe("p-0");
    expect(cn("h-9 px-4 py-2", "h-auto px-0")).toBe("py-2 h-auto px-0");
    // A colour and a size of text are different properties; a size drops an earlier line height.
    expect(cn("text-sm text-muted-foreground", "text-destructive")).toBe("text-sm text-destructive");
    expect(cn("leading-none text-xs", "text-sm")).toBe("text-sm");
    // Variants must match (in any order) for a class to be dropped.
    expect(cn("sm:p-4 hover:bg-muted", "p-2 focus:bg-accent")).toBe("sm:p-4 hover:bg-muted p-2 focus:bg-accent");
    expect(cn("enabled:hover:bg-accent", "hover:enabled:bg-muted")).toBe("hover:enabled:bg-muted");
    // Classes that are no utility stay, as do falsy inputs' absence.
    expect(cn("group peer", false, undefined, "lv-stage")).toBe("group peer lv-stage");
  });

  test("puts every class the app writes in the group tailwind-merge puts it in, with the same conflicts", () => {
    const words = appClassWords();
    // The utilities themselves (variants are compared in the test above): each once.
    const utilities = [...new Set(words.map(utilityOf))].filter(Boolean);
    const theirs = new Map(utilities.map((u) => [u, theirGroup(u)]));
    const known = utilities.filter((u) => theirs.get(u) || mergeClasses(`${u} ${u}`) === u);
    expect(known.length).toBeGreaterThan(400);
    const differences: string[] = [];
    for (const later of known) {
      const laterGroup = theirs.get(later);
      const removes = new Set(laterGroup ? [laterGroup, ...utils.getConflictingClassGroupIds(laterGroup, false)] : []);
      for (const earlier of known) {
        const theyDrop = removes.has(theirs.get(earlier) ?? "");
        const weDrop = !mergeClasses(`${earlier} ${later}`).startsWith(`${earlier} `);
        if (theyDrop !== weDrop) differences.push(`${earlier} ${later}: tailwind-merge ${theyDrop ? "drops" : "keeps"} ${earlier}`);
      }
    }
    expect(differences.slice(0, 40)).toEqual([]);
  });

  test("knows the same classes with variants as tailwind-merge", () => {
    const withVariants = appClassWords().filter((w) => utilityOf(w) !== w);
    const differences = withVariants.filter((w) => (twMerge(`${w} ${w}`) === w) !== (mergeClasses(`${w} ${w}`) === w));
    expect(differences).toEqual([]);
  });
});
