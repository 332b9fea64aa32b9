import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { APPLICATIONS } from "../applications.ts";
import { CATEGORIES } from "../categories.ts";
import { USE_CASE_TABS } from "../use-cases.ts";
import { CATALOG } from "./index.ts";
import type { CatalogAutomation } from "./types.ts";

// ajv-formats is CommonJS; its default export is the plugin itself at run time.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Schema => typeof value === "object" && value !== null && !Array.isArray(value);

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TAB_SUFFIX = /-(?:api|make|n8n|zapier)$/;
const SMALL_WORDS = new Set(["a", "an", "the", "and", "or", "nor", "but", "for", "of", "on", "in", "to", "at", "by", "as", "vs"]);
const SCALAR_TYPES = new Set(["string", "number", "integer", "boolean", "null"]);
/** Hosts besides the application's own where a task may start. */
const EXTRA_HOSTS: Partial<Record<string, string[]>> = { "hacker-news": ["hn.algolia.com"] };

const jsonEntries = CATALOG.filter((a) => a.responseFormat === "json");

/** True for `"string"` or `["string", "null"]`-style scalar types (at least one non-null). */
function isScalarType(type: unknown): boolean {
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? type : [];
  return types.length > 0 && types.every((t) => typeof t === "string" && SCALAR_TYPES.has(t)) && types.some((t) => t !== "null");
}

/** The one array property of a table schema: its key and the array schema. */
function tableParts(schema: Schema): { key: string; array: Schema; items: Schema } {
  const properties = schema.properties as Schema;
  const key = Object.keys(properties)[0]!;
  const array = properties[key] as Schema;
  return { key, array, items: array.items as Schema };
}

/** A row with one plausible value per column, to check each column's schema is satisfiable. */
function sampleRow(items: Schema): Record<string, unknown> {
  const properties = isObject(items.properties) ? items.properties : { Column: {} };
  const row: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(properties)) {
    const column = raw as Schema;
    const types = ([] as unknown[]).concat(column.type ?? "string");
    if (Array.isArray(column.enum)) row[name] = column.enum[0];
    else if (column.format === "uri") row[name] = "https://example.com/page";
    else if (types.includes("string")) row[name] = "value";
    else if (types.includes("integer") || types.includes("number")) row[name] = 1;
    else row[name] = true;
  }
  return row;
}

describe("catalogue entries", () => {
  it("has at least 44 automations", () => {
    expect(CATALOG.length).toBeGreaterThanOrEqual(44);
  });

  it("uses unique kebab-case slugs that never end in an integration tab suffix", () => {
    const slugs = CATALOG.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) {
      expect(slug, slug).toMatch(KEBAB);
      expect(slug, slug).not.toMatch(TAB_SUFFIX);
    }
  });

  it("uses unique titles in Title Case", () => {
    const titles = CATALOG.map((a) => a.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) {
      expect(title.trim(), title).toBe(title);
      expect(title.length, title).toBeLessThanOrEqual(60);
      title.split(" ").forEach((word, i) => {
        if (i > 0 && SMALL_WORDS.has(word)) return;
        expect(word.charAt(0), `"${word}" in "${title}"`).toMatch(/[A-Z0-9]/);
      });
    }
  });

  it("has descriptions of 60 to 400 characters and detailed prompts", () => {
    for (const a of CATALOG) {
      expect(a.description.length, a.slug).toBeGreaterThanOrEqual(60);
      expect(a.description.length, a.slug).toBeLessThanOrEqual(400);
      expect(a.description, a.slug).toMatch(/\.$/);
      expect(a.prompt.length, a.slug).toBeGreaterThanOrEqual(80);
    }
  });

  it("gives 1 to 3 known, distinct categories to each automation", () => {
    const known = new Set(CATEGORIES.map((c) => c.slug));
    for (const a of CATALOG) {
      expect(a.categories.length, a.slug).toBeGreaterThanOrEqual(1);
      expect(a.categories.length, a.slug).toBeLessThanOrEqual(3);
      expect(new Set(a.categories).size, a.slug).toBe(a.categories.length);
      for (const category of a.categories) expect(known.has(category), `${a.slug}: ${category}`).toBe(true);
    }
  });

  it("uses every category at least twice", () => {
    for (const category of CATEGORIES) {
      const count = CATALOG.filter((a) => a.categories.includes(category.slug)).length;
      expect(count, category.slug).toBeGreaterThanOrEqual(2);
    }
  });

  it("gives every application at least 3 automations, any-website the most", () => {
    const counts = new Map<string, number>(APPLICATIONS.map((app) => [app.key, 0]));
    for (const a of CATALOG) {
      expect(counts.has(a.website), a.slug).toBe(true);
      counts.set(a.website, (counts.get(a.website) ?? 0) + 1);
    }
    for (const [key, count] of counts) expect(count, key).toBeGreaterThanOrEqual(3);
    const anyWebsite = counts.get("any-website")!;
    for (const [key, count] of counts) if (key !== "any-website") expect(anyWebsite, key).toBeGreaterThan(count);
  });

  it("starts on an https page of the application's site, or lets the prompt name the page", () => {
    for (const a of CATALOG) {
      const app = APPLICATIONS.find((candidate) => candidate.key === a.website)!;
      if (app.url === null) {
        expect(a.initialUrl, a.slug).toBeNull();
        expect(a.prompt, a.slug).toMatch(/\[[^\]]+\]/);
        continue;
      }
      expect(a.initialUrl, a.slug).not.toBeNull();
      const start = new URL(a.initialUrl!);
      expect(start.protocol, a.slug).toBe("https:");
      expect([new URL(app.url).hostname, ...(EXTRA_HOSTS[a.website] ?? [])], a.slug).toContain(start.hostname);
    }
  });

  it("sets a session timeout only when it differs from the 300 s default, within 30 to 3600 s", () => {
    for (const a of CATALOG) {
      if (a.sessionTimeout === undefined) continue;
      expect(Number.isInteger(a.sessionTimeout), a.slug).toBe(true);
      expect(a.sessionTimeout, a.slug).toBeGreaterThanOrEqual(30);
      expect(a.sessionTimeout, a.slug).toBeLessThanOrEqual(3600);
      expect(a.sessionTimeout, a.slug).not.toBe(300);
    }
  });

  it("asks for a login on LinkedIn and X", () => {
    for (const a of CATALOG.filter((entry) => entry.website === "linkedin" || entry.website === "x")) expect(a.needAuth, a.slug).toBe(true);
    for (const a of CATALOG.filter((entry) => ["hacker-news", "y-combinator", "superpages", "google-flights"].includes(entry.website))) {
      expect(a.needAuth, a.slug).toBe(false);
    }
  });

  it("has a JSON schema exactly for the json automations, and at least 8 text ones", () => {
    for (const a of CATALOG) {
      if (a.responseFormat === "json") expect(a.jsonSchema, a.slug).not.toBeNull();
      else expect(a.jsonSchema, a.slug).toBeNull();
    }
    expect(CATALOG.filter((a) => a.responseFormat === "text").length).toBeGreaterThanOrEqual(8);
  });
});

describe("JSON schemas", () => {
  // Strict, as a check of the keywords; union types are plain JSON Schema (e.g. cells of any scalar type).
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);

  it.each(jsonEntries.map((a): [string, CatalogAutomation] => [a.slug, a]))("%s compiles and has the table shape", (_slug, a) => {
    const schema = a.jsonSchema!;
    const validate = ajv.compile(schema);

    expect(schema.type).toBe("object");
    expect(schema.additionalProperties).toBe(false);
    expect(isObject(schema.properties)).toBe(true);
    expect(Object.keys(schema.properties as Schema)).toHaveLength(1);
    const { key, array, items } = tableParts(schema);
    expect(schema.required).toEqual([key]);
    expect(array.type).toBe("array");
    expect(items.type).toBe("object");

    if (isObject(items.properties)) {
      const columns = Object.entries(items.properties);
      expect(columns.length).toBeGreaterThan(0);
      for (const [name, column] of columns) {
        expect(isObject(column), name).toBe(true);
        expect(isScalarType((column as Schema).type), name).toBe(true);
        expect(column, name).not.toHaveProperty("properties");
        expect(column, name).not.toHaveProperty("items");
      }
      expect(items.additionalProperties).toBe(false);
      expect(Array.isArray(items.required) && items.required.length > 0).toBe(true);
      for (const name of items.required as string[]) expect(items.properties).toHaveProperty(name);
    } else {
      // Columns taken from the page: any header, scalar cells only.
      expect(isObject(items.additionalProperties)).toBe(true);
      expect(isScalarType((items.additionalProperties as Schema).type)).toBe(true);
    }

    if (array.maxItems !== undefined) {
      expect(Number.isInteger(array.maxItems) && (array.maxItems as number) > 0).toBe(true);
      // The count the prompt asks for is the schema's limit.
      expect(a.prompt).toMatch(new RegExp(`\\b${String(array.maxItems)}\\b`));
    }

    expect(validate({ [key]: [] }), "an empty list is a valid answer").toBe(true);
    expect(validate({ [key]: [sampleRow(items)] }), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ [key]: [sampleRow(items)], extra: 1 })).toBe(false);
  });
});

describe("categories", () => {
  it("has 9 to 12 categories with unique kebab-case slugs and labels", () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(9);
    expect(CATEGORIES.length).toBeLessThanOrEqual(12);
    expect(new Set(CATEGORIES.map((c) => c.slug)).size).toBe(CATEGORIES.length);
    expect(new Set(CATEGORIES.map((c) => c.label)).size).toBe(CATEGORIES.length);
    for (const c of CATEGORIES) expect(c.slug).toMatch(KEBAB);
  });

  it("has one-sentence descriptions that fit a meta description", () => {
    for (const c of CATEGORIES) {
      expect(c.description.length, c.slug).toBeGreaterThanOrEqual(40);
      expect(c.description.length, c.slug).toBeLessThanOrEqual(160);
      expect(c.description, c.slug).toMatch(/^[A-Z].*\.$/);
    }
  });

  it("includes the categories the home page tabs are named after", () => {
    const label = (slug: string) => CATEGORIES.find((c) => c.slug === slug)?.label;
    expect(label("sales")).toBe("Sales");
    expect(label("marketing")).toBe("Marketing");
    expect(label("startups")).toBe("Start-ups");
  });
});

describe("home page use-case tabs", () => {
  it("are Featured, Sales, Marketing and Start-ups, in that order", () => {
    expect(USE_CASE_TABS.map((tab) => [tab.id, tab.label])).toEqual([
      ["featured", "Featured"],
      ["sales", "Sales"],
      ["marketing", "Marketing"],
      ["startups", "Start-ups"],
    ]);
  });

  it("show four distinct catalogue automations each, copied exactly", () => {
    for (const tab of USE_CASE_TABS) {
      expect(tab.cards, tab.id).toHaveLength(4);
      expect(new Set(tab.cards.map((card) => card.slug)).size, tab.id).toBe(4);
      for (const card of tab.cards) {
        const entry = CATALOG.find((a) => a.slug === card.slug);
        expect(entry, card.slug).toBeDefined();
        expect(card.title, card.slug).toBe(entry!.title);
        expect(card.application, card.slug).toBe(entry!.website);
      }
    }
  });

  it("picks automations of the tab's category, and featured ones from four applications", () => {
    for (const tab of USE_CASE_TABS) {
      if (tab.id === "featured") {
        expect(new Set(tab.cards.map((card) => card.application)).size).toBe(4);
        continue;
      }
      for (const card of tab.cards) {
        const entry = CATALOG.find((a) => a.slug === card.slug)!;
        expect(entry.categories, card.slug).toContain(tab.id);
      }
    }
  });
});
