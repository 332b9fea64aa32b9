import type { IntegrationName } from "@errand/contract";

/**
 * The lucide-react icons a "Powerful Features" card may use (PascalCase names). The web page maps
 * each one to its component with a map typed against this list, so a name missing there fails type-check.
 */
export const INTEGRATION_FEATURE_ICONS = [
  "Braces",
  "Camera",
  "Globe",
  "Hourglass",
  "Inbox",
  "KeyRound",
  "Play",
  "Radio",
  "Repeat",
  "Server",
  "ShieldCheck",
  "Table",
  "Terminal",
  "Timer",
  "Webhook",
  "Workflow",
  "Zap",
] as const;
export type IntegrationFeatureIcon = (typeof INTEGRATION_FEATURE_ICONS)[number];

/** Content of one integration landing page (/{name}-integration) and of its tab on automation pages. */
export interface IntegrationContent {
  name: IntegrationName;
  /** "Zapier" */
  label: string;
  /** Hero headline. */
  headline: string;
  /** Meta description and hero sub-line; at most 160 characters. */
  description: string;
  /** Two or three paragraphs under the hero. */
  longDescription: string[];
  /** Where "View Documentation" goes (our /docs page or a section of it). */
  docsUrl: string;
  /** Where "Setup" goes: the first step a person takes (e.g. /api-keys or the tool's site). */
  setupUrl: string;
  /** Numbered setup steps shown on the page. */
  setupSteps: { title: string; body: string }[];
  /** A short, real code or configuration sample that works against our API (shown as the cover). */
  sample: { language: "bash" | "json" | "text" | "typescript" | "python"; caption: string; code: string };
  /** The cover sample in other languages, shown as tabs beside it (the API page: the TypeScript and Python SDKs). */
  moreSamples?: IntegrationContent["sample"][];
  /** How each client is configured (MCP: Claude Desktop, Cursor, VS Code, a remote client), shown in their own section. */
  clientConfigs?: (IntegrationContent["sample"] & { client: string })[];
  /** "Powerful Features": icon is a lucide-react icon name in PascalCase, one of INTEGRATION_FEATURE_ICONS. */
  features: { icon: IntegrationFeatureIcon; title: string; description: string }[];
  useCases: { title: string; description: string }[];
  faqs: { question: string; answer: string }[];
  /**
   * "Ready-to-Use Templates"; automationSlug links a catalogue entry when one fits; download is the
   * address of a file the tool imports (the n8n workflows, served at /templates/n8n/{file}.json).
   */
  templates: { title: string; description: string; automationSlug?: string; download?: string }[];
}

/** The integration toggle of the automation detail page (API, Make, n8n, Zapier). */
export interface AutomationTabContent {
  title: string;
  description: string;
  details: string[];
  docsUrl: string;
}
