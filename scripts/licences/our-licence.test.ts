import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** Every package.json of ours: the root and each workspace. */
function ourManifests(): string[] {
  const workspaces = (JSON.parse(read("package.json")) as { workspaces: string[] }).workspaces;
  const dirs = workspaces.flatMap((pattern) =>
    pattern.endsWith("/*")
      ? readdirSync(path.join(ROOT, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
      : [pattern],
  );
  return ["package.json", ...dirs.map((dir) => `${dir}/package.json`).filter((file) => existsSync(path.join(ROOT, file)))];
}

describe("Errand's own licence", () => {
  it("is the Apache License 2.0, whole, with a NOTICE naming Errand", () => {
    const licence = read("LICENSE");
    expect(licence).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
    expect(licence).toContain("TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION");
    expect(licence).toContain("END OF TERMS AND CONDITIONS");
    expect(licence).toContain("APPENDIX: How to apply the Apache License to your work.");
    expect(read("NOTICE")).toMatch(/^Errand\nCopyright 2026 The Errand authors\n/);
    expect(read("NOTICE")).toContain("docs/third-party-licences.md");
  });

  it("is declared by every package.json: Apache-2.0, but MIT for the n8n node, as n8n verifies community nodes only under MIT", () => {
    const declared = Object.fromEntries(ourManifests().map((file) => [file, (JSON.parse(read(file)) as { license?: string }).license]));
    expect(Object.keys(declared).length).toBeGreaterThan(10);
    for (const [file, licence] of Object.entries(declared))
      expect(licence, file).toBe(file === "integrations/n8n/package.json" ? "MIT" : "Apache-2.0");
  });

  it("ships with each published package: the SDK carries the same LICENSE, the n8n node its MIT text", () => {
    expect(read("packages/sdk/LICENSE")).toBe(read("LICENSE"));
    expect(read("integrations/n8n/LICENSE.md")).toMatch(/^MIT License\n\nCopyright \(c\) 2026 The Errand authors\n/);
  });
});
