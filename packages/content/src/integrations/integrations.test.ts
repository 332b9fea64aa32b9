import { describe, expect, it } from "vitest";
import { INTEGRATION_NAMES, INTEGRATION_TABS } from "@errand/contract";
import { TOOL_NAMES } from "@errand/mcp";
import { AUTOMATION_TABS, INTEGRATION_FEATURE_ICONS, INTEGRATIONS, type IntegrationContent } from "./index.ts";

const entries = INTEGRATION_NAMES.map((name) => [name, INTEGRATIONS[name]] as const);

/** Every piece of text a landing page shows, for copy checks. */
function landingText(content: IntegrationContent): string {
  return [
    content.headline,
    content.description,
    ...content.longDescription,
    ...content.setupSteps.flatMap((step) => [step.title, step.body]),
    content.sample.caption,
    content.sample.code,
    ...content.features.flatMap((feature) => [feature.title, feature.description]),
    ...content.useCases.flatMap((useCase) => [useCase.title, useCase.description]),
    ...content.faqs.flatMap((faq) => [faq.question, faq.answer]),
    ...content.templates.flatMap((template) => [template.title, template.description]),
  ].join("\n");
}

describe("integration landing content", () => {
  it("has exactly the five integrations, each under its own name", () => {
    expect(Object.keys(INTEGRATIONS).sort()).toEqual([...INTEGRATION_NAMES].sort());
    for (const [name, content] of entries) expect(content.name).toBe(name);
  });

  it.each(entries)("%s: description fits a meta description (at most 160 characters)", (_name, content) => {
    expect(content.description.length).toBeGreaterThan(50);
    expect(content.description.length).toBeLessThanOrEqual(160);
  });

  it.each(entries)("%s: has the section counts the page is designed for", (_name, content) => {
    expect(content.longDescription.length).toBeGreaterThanOrEqual(2);
    expect(content.longDescription.length).toBeLessThanOrEqual(3);
    expect(content.setupSteps.length).toBeGreaterThanOrEqual(3);
    expect(content.setupSteps.length).toBeLessThanOrEqual(5);
    expect(content.features.length).toBeGreaterThanOrEqual(4);
    expect(content.features.length).toBeLessThanOrEqual(6);
    expect(content.useCases).toHaveLength(4);
    expect(content.faqs.length).toBeGreaterThanOrEqual(5);
    expect(content.faqs.length).toBeLessThanOrEqual(6);
    expect(content.templates.length).toBeGreaterThanOrEqual(3);
    expect(content.templates.length).toBeLessThanOrEqual(4);
  });

  it.each(entries)("%s: every feature icon is one the web page can draw", (_name, content) => {
    for (const feature of content.features) expect(INTEGRATION_FEATURE_ICONS).toContain(feature.icon);
  });

  it.each(entries)("%s: sample is short and calls the real API with placeholders", (name, content) => {
    const { code } = content.sample;
    // The MCP page's cover is a client's configuration: the server then calls the API itself.
    expect(code).toContain(name === "mcp" ? '"mcp"' : "/api/v1/runs");
    expect(code).toContain("https://your-errand-host");
    expect(code.split("\n").length).toBeLessThanOrEqual(20);
    expect(content.sample.caption.length).toBeGreaterThan(0);
    if (content.sample.language === "json") expect(() => JSON.parse(code) as unknown).not.toThrow();
  });

  it.each(entries)("%s: links go to our docs and a real setup place", (name, content) => {
    expect(content.docsUrl).toMatch(/^\/docs(#[a-z0-9-]+)?$/);
    if (name === "api" || name === "mcp") expect(content.setupUrl).toBe("/api-keys");
    else expect(content.setupUrl).toMatch(/^https:\/\//);
  });

  it("texts are each page's own, not copies of one another", () => {
    const seen = new Map<string, string>();
    for (const [name, content] of entries) {
      const texts = [content.headline, content.description, ...content.longDescription, ...content.faqs.map((faq) => faq.answer)];
      for (const text of texts) {
        expect(seen.get(text), `"${text}" is used by ${seen.get(text)} and ${name}`).toBeUndefined();
        seen.set(text, name);
      }
    }
  });

  it("uses the spec's app counts on the landing pages", () => {
    expect(landingText(INTEGRATIONS.zapier)).toContain("7,000+");
    expect(landingText(INTEGRATIONS.make)).toContain("1000+");
  });

  it("says plainly that no native Zapier app, Make app or n8n node is published yet", () => {
    for (const name of ["zapier", "make", "n8n"] as const) {
      const answers = INTEGRATIONS[name].faqs.map((faq) => faq.answer).join("\n");
      expect(answers).toMatch(/not published/);
      expect(answers).toMatch(/supported way today/);
    }
  });

  it("describes the real MCP server: both transports, every tool, and a configuration per client", () => {
    const { mcp } = INTEGRATIONS;
    const text = landingText(mcp);
    expect(text).not.toMatch(/in development|not available yet|planned/i);
    for (const words of ["errand mcp", "ERRAND_API_KEY", "ERRAND_URL", "Streamable HTTP", "/mcp", "Bearer"]) expect(text).toContain(words);
    const toolsAnswer = mcp.faqs[0]!.answer;
    for (const tool of TOOL_NAMES) expect(toolsAnswer).toContain(tool);
    expect(mcp.clientConfigs?.map((c) => c.client)).toEqual(["Claude Desktop", "Cursor", "VS Code", "Remote HTTP client"]);
    for (const config of mcp.clientConfigs ?? []) {
      expect(config.code).toContain(config.client === "Claude Desktop" ? "ERRAND_URL" : "https://your-errand-host/mcp");
      if (config.language === "json") expect(() => JSON.parse(config.code) as unknown).not.toThrow();
    }
  });
});

describe("automation detail tabs", () => {
  it("has the four tabs with details and a documentation link", () => {
    expect(Object.keys(AUTOMATION_TABS).sort()).toEqual([...INTEGRATION_TABS].sort());
    for (const tab of Object.values(AUTOMATION_TABS)) {
      expect(tab.title.length).toBeGreaterThan(0);
      expect(tab.description.length).toBeGreaterThan(0);
      expect(tab.details.length).toBeGreaterThanOrEqual(3);
      expect(tab.details.length).toBeLessThanOrEqual(4);
      expect(tab.docsUrl).toMatch(/^\/(docs|[a-z0-9]+-integration)(#[a-z0-9-]+)?$/);
    }
  });

  it("uses the detail page's app counts", () => {
    expect(AUTOMATION_TABS.zapier.description).toContain("5000+");
    expect(AUTOMATION_TABS.make.description).toContain("1000+");
  });
});
