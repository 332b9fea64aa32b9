import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { INTEGRATION_NAMES, INTEGRATION_TABS, REPOSITORY_URL } from "@errand/contract";
import { findGuide } from "../guides/index.ts";
import { TOOL_NAMES } from "@errand/mcp";
import { CATALOG } from "../catalog/index.ts";
import { AUTOMATION_TABS, INTEGRATION_FEATURE_ICONS, INTEGRATIONS, type IntegrationContent } from "./index.ts";

const requireModule = createRequire(import.meta.url);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const n8nTemplatesDir = path.join(repoRoot, "integrations/n8n/templates");
/** The tools whose pages describe a package of this repository (integrations/{name}). */
const PACKAGED = ["n8n", "zapier", "make"] as const;

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

  it.each(entries)("%s: sample is short and real", (name, content) => {
    const { code } = content.sample;
    expect(code.split("\n").length).toBeLessThanOrEqual(20);
    expect(content.sample.caption.length).toBeGreaterThan(0);
    if (content.sample.language === "json") expect(() => JSON.parse(code) as unknown).not.toThrow();
    if (name === "n8n") {
      // An excerpt of a template as it is in the file: the Errand node of the hourly stock check.
      const template = JSON.parse(readFileSync(path.join(n8nTemplatesDir, "hourly-stock-check-slack-alert.json"), "utf8")) as {
        nodes: unknown[];
      };
      expect(template.nodes).toContainEqual(JSON.parse(code));
      expect(code).toContain("n8n-nodes-errand.errand");
      return;
    }
    // The MCP page's cover is a client's configuration: the server then calls the API itself.
    expect(code).toContain(name === "mcp" ? '"mcp"' : "/api/v1/");
    expect(code).toContain("https://your-errand-host");
  });

  it.each(entries)("%s: View Documentation opens its guide, and Setup the guide's Set up section", (name, content) => {
    const guide = findGuide(`${name}-integration`);
    expect(content.docsUrl).toBe(`/docs/guides/${name}-integration`);
    expect(content.setupUrl).toBe(`/docs/guides/${name}-integration#setup`);
    expect(guide?.sections.map((section) => section.id)).toContain("setup");
    if (name !== "api" && name !== "mcp") {
      // The guide links the package's folder in this repository, whose README says how to build and install it.
      expect(JSON.stringify(guide)).toContain(`${REPOSITORY_URL}/tree/main/integrations/${name}`);
      expect(existsSync(path.join(repoRoot, "integrations", name, "README.md"))).toBe(true);
    }
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

  it.each(PACKAGED)("%s: never says the package is published, and says first what it takes today", (name) => {
    const content = INTEGRATIONS[name];
    // Every statement (questions aside) about publishing, directories or listings must be a negative one.
    const sentences = landingText(content).split(/(?<=[.:?!])\s+|\n/);
    const aboutListing = sentences.filter(
      (sentence) => !sentence.endsWith("?") && /publish|directory|public apps|Community Nodes|listed/i.test(sentence),
    );
    expect(aboutListing.length).toBeGreaterThan(0);
    for (const sentence of aboutListing) expect(sentence, sentence).toMatch(/\bnot\b|cannot|until|once it|private/i);
    expect(content.faqs[0]!.answer).toMatch(/^Not yet: .* not published/);
  });

  // Each name must be on the page and in the package's own files, so neither drifts from the other.
  const PACKAGE_WORDS: Record<(typeof PACKAGED)[number], { files: string[]; words: string[] }> = {
    n8n: {
      files: [
        "nodes/Errand/fields.ts",
        "nodes/Errand/batch-fields.ts",
        "nodes/ErrandTrigger/ErrandTrigger.node.ts",
        "credentials/ErrandApi.credentials.ts",
        "package.json",
      ],
      words: [
        "n8n-nodes-errand",
        "Errand API",
        "API Key",
        "Base URL",
        "Run a Task",
        "Get a Run",
        "Run a Marketplace Automation",
        "Wait for Result",
        "Errand Trigger",
        "Run Finished",
        "Run Succeeded",
        "Run Failed",
        "Batch Finished",
      ],
    },
    zapier: {
      files: [
        "authentication.js",
        "triggers/finished-run.js",
        "triggers/batch-finished.js",
        "creates/run-task.js",
        "creates/run-batch.js",
        "searches/find-run.js",
        "searches/find-batch.js",
      ],
      words: [
        "Server Address",
        "API Key",
        "Finished Run",
        "Run Task",
        "Find Run",
        "Wait for the Result",
        "Auth Context",
        "Automation",
        "Run Task Over a List",
        "Batch Finished",
        "Find Batch",
      ],
    },
    make: {
      files: ["makecomapp.json", "connections/errand/errand.params.iml.json", "modules/runTask/run-task.mappable-params.iml.json"],
      words: [
        "Server URL",
        "API key",
        "Run a task",
        "Watch finished runs",
        "Get a run",
        "List the steps of a run",
        "Make an API call",
        "Run a task over a list",
        "Watch finished batches",
        "Get a batch",
        "List batch results",
        "Wait for the result",
        "Auth Context",
      ],
    },
  };

  it.each(PACKAGED)("%s: names the package's real connection fields, triggers and actions", (name) => {
    const { files, words } = PACKAGE_WORDS[name];
    // A Zapier module may build its labels (searchById names "Find Run" after its noun): its
    // exported definition is read beside its text.
    const read = (file: string) => {
      const full = path.join(repoRoot, "integrations", name, file);
      const text = readFileSync(full, "utf8");
      return name === "zapier" ? `${text}\n${JSON.stringify(requireModule(full))}` : text;
    };
    const source = files.map(read).join("\n");
    const text = landingText(INTEGRATIONS[name]);
    for (const word of words) {
      expect(source, `${word} in integrations/${name}`).toContain(word);
      expect(text, `${word} on the ${name} page`).toContain(word);
    }
  });

  it("offers every n8n template file for download, under the file's own workflow name", () => {
    const files = readdirSync(n8nTemplatesDir).filter((file) => file.endsWith(".json"));
    const templates = INTEGRATIONS.n8n.templates;
    expect(templates.map((template) => template.download).sort()).toEqual(files.map((file) => `/templates/n8n/${file}`).sort());
    for (const template of templates) {
      const file = path.join(n8nTemplatesDir, path.basename(template.download!));
      expect(statSync(file).isFile()).toBe(true);
      expect((JSON.parse(readFileSync(file, "utf8")) as { name: string }).name).toBe(template.title);
    }
  });

  it("downloads only what the server serves, and links only automations that exist", () => {
    const slugs = new Set(CATALOG.map((automation) => automation.slug));
    for (const [name, content] of entries) {
      for (const template of content.templates) {
        if (template.download) expect(template.download, name).toMatch(/^\/templates\/n8n\/[a-z0-9-]+\.json$/);
        if (template.automationSlug) expect(slugs.has(template.automationSlug), template.automationSlug).toBe(true);
      }
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

describe("the API page's samples", () => {
  it("shows the cover's run with the TypeScript and Python SDKs beside curl", () => {
    const { api } = INTEGRATIONS;
    expect([api.sample, ...(api.moreSamples ?? [])].map((sample) => sample.language)).toEqual(["bash", "typescript", "python"]);
    for (const sample of api.moreSamples ?? []) {
      expect(sample.code.split("\n").length).toBeLessThanOrEqual(20);
      for (const words of ["Open the Travel category and return the cheapest book", "https://books.toscrape.com", "ERRAND_API_KEY"])
        expect(sample.code).toContain(words);
    }
    expect(api.moreSamples?.[0]?.code).toContain('import { Errand } from "@errand/sdk";');
    expect(api.moreSamples?.[1]?.code).toContain("from errand import Errand");
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

  it("describe the packages: what to pick with this automation, and no claim of a published listing", () => {
    expect(AUTOMATION_TABS.n8n.details[0]).toBe("Errand node › Run a Marketplace Automation with this automation's slug");
    expect(AUTOMATION_TABS.zapier.details[0]).toContain("Run Task");
    expect(AUTOMATION_TABS.make.details[0]).toContain("Run a task");
    for (const name of PACKAGED) {
      for (const detail of AUTOMATION_TABS[name].details.filter((d) => /publish|directory|public apps|npm/i.test(d)))
        expect(detail).toMatch(/\bnot\b/);
    }
  });

  it("uses the detail page's app counts", () => {
    expect(AUTOMATION_TABS.zapier.description).toContain("5000+");
    expect(AUTOMATION_TABS.make.description).toContain("1000+");
  });
});
