import { INTEGRATION_NAMES, type IntegrationName, REPOSITORY_URL } from "@errand/contract";
import { INTEGRATIONS } from "../integrations/index.ts";
import type { IntegrationContent } from "../integrations/types.ts";
import { GUIDE_SETUP_ID, integrationGuideSlug } from "./guide-paths.ts";
import type { Guide, GuideSection } from "./types.ts";

/** Where an integration's own files are: the package to install (n8n, Zapier, Make) or the checkout the MCP server runs from. */
const SOURCES: Partial<Record<IntegrationName, string>> = {
  n8n: `${REPOSITORY_URL}/tree/main/integrations/n8n`,
  zapier: `${REPOSITORY_URL}/tree/main/integrations/zapier`,
  make: `${REPOSITORY_URL}/tree/main/integrations/make`,
  mcp: REPOSITORY_URL,
};

function setupSection(content: IntegrationContent): GuideSection {
  const source = SOURCES[content.name];
  return {
    id: GUIDE_SETUP_ID,
    heading: "Set up",
    blocks: [
      { kind: "steps", items: content.setupSteps.map((step) => `${step.title}. ${step.body}`) },
      ...(source ? [{ kind: "text" as const, text: `The files and their README are in [Errand's repository](${source}).` }] : []),
      { kind: "text", text: "Your API key is on the [API Keys](/api-keys) page once you are signed in." },
    ],
  };
}

function samplesSection(content: IntegrationContent): GuideSection {
  const samples = content.clientConfigs
    ? content.clientConfigs.map(({ client, ...sample }) => ({ ...sample, caption: `${client}: ${sample.caption}` }))
    : [content.sample, ...(content.moreSamples ?? [])];
  return {
    id: content.clientConfigs ? "clients" : "examples",
    heading: content.clientConfigs ? "Configure your client" : "Examples",
    blocks: samples.map((sample) => ({ kind: "code", ...sample })),
  };
}

/**
 * An integration's guide, made from its landing page's content (packages/content/src/integrations)
 * so the two never say different things: what it is, how to set it up, examples, templates, answers.
 */
function integrationGuide(content: IntegrationContent): Guide {
  return {
    slug: integrationGuideSlug(content.name),
    title: `${content.label} integration`,
    description: content.description,
    group: "integration",
    sections: [
      { id: "overview", heading: "Overview", blocks: content.longDescription.map((text) => ({ kind: "text", text })) },
      setupSection(content),
      samplesSection(content),
      {
        id: "templates",
        heading: "Templates",
        blocks: [{ kind: "list", items: content.templates.map((template) => `${template.title}: ${template.description}`) }],
      },
      {
        id: "questions",
        heading: "Questions",
        blocks: content.faqs.map((faq) => ({ kind: "qa", ...faq })),
      },
      {
        id: "more",
        heading: "More",
        blocks: [
          {
            kind: "list",
            items: [
              `The [${content.label} integration page](/${content.name}-integration): features, use cases and templates.`,
              "The [REST API reference](/docs): every endpoint, its fields and errors.",
            ],
          },
        ],
      },
    ],
  };
}

export const INTEGRATION_GUIDES: Guide[] = INTEGRATION_NAMES.map((name) => integrationGuide(INTEGRATIONS[name]));
