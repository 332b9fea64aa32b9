import { INTEGRATION_NAMES } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { CATALOG } from "../catalog/index.ts";
import { INTEGRATIONS } from "../integrations/index.ts";
import { findGuide, GUIDES, type Guide } from "./index.ts";

/** The app's own pages a guide may link to (apps/web/src/router.tsx). */
const APP_PAGES = [
  "/signup",
  "/dashboard",
  "/credits",
  "/api-keys",
  "/auth-contexts",
  "/docs",
  ...INTEGRATION_NAMES.map((n) => `/${n}-integration`),
];

/** Every piece of text of a guide. */
function textsOf(guide: Guide): string[] {
  return guide.sections.flatMap((section) =>
    section.blocks.flatMap((block) => {
      if (block.kind === "text") return [block.text];
      if (block.kind === "steps" || block.kind === "list") return block.items;
      if (block.kind === "qa") return [block.question, block.answer];
      return [block.caption];
    }),
  );
}

const linksOf = (guide: Guide) => textsOf(guide).flatMap((text) => [...text.matchAll(/\[[^\]]+\]\(([^)]+)\)/g)].map((match) => match[1]!));

describe("guides", () => {
  it("cover starting out, tasks and runs, replay and schedules, saved logins, proxies, sharing and each integration", () => {
    const slugs = GUIDES.map((guide) => guide.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        "getting-started",
        "tasks-and-runs",
        "replay-and-schedules",
        "saved-logins-and-credentials",
        "proxies",
        "sharing",
        ...INTEGRATION_NAMES.map((name) => `${name}-integration`),
      ]),
    );
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it.each(GUIDES.map((guide) => [guide.slug, guide] as const))(
    "%s: says what it is in a meta description, in sections with their own anchors",
    (_slug, guide) => {
      expect(guide.description.length).toBeGreaterThan(30);
      expect(guide.description.length).toBeLessThanOrEqual(160);
      expect(guide.sections.length).toBeGreaterThan(0);
      const ids = guide.sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const section of guide.sections) expect(section.blocks.length, section.id).toBeGreaterThan(0);
    },
  );

  it.each(GUIDES.map((guide) => [guide.slug, guide] as const))("%s: every link leads to a page that exists", (_slug, guide) => {
    for (const href of linksOf(guide)) {
      if (href.startsWith("https://")) continue;
      const [pathname = "", anchor] = href.split("#");
      if (pathname.startsWith("/docs/guides/")) {
        const target = findGuide(pathname.slice("/docs/guides/".length));
        expect(target, href).toBeDefined();
        if (anchor)
          expect(
            target?.sections.map((s) => s.id),
            href,
          ).toContain(anchor);
      } else expect(APP_PAGES, href).toContain(pathname);
    }
  });

  it("an integration's guide says what its landing page says about setting it up", () => {
    for (const name of INTEGRATION_NAMES) {
      const steps = findGuide(`${name}-integration`)?.sections.find((section) => section.id === "setup")?.blocks[0];
      expect(steps?.kind).toBe("steps");
      if (steps?.kind === "steps") expect(steps.items).toHaveLength(INTEGRATIONS[name].setupSteps.length);
    }
    // The MCP desktop steps start with getting the code the server runs from.
    expect(JSON.stringify(findGuide("mcp-integration"))).toMatch(/git clone .*npm ci/);
  });

  it("each Make template opens an automation of its own", () => {
    const slugs = INTEGRATIONS.make.templates.map((template) => template.automationSlug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(CATALOG.some((automation) => automation.slug === slug)).toBe(true);
  });
});
