import { Link } from "react-router";
import { Blocks, Braces, KeyRound, MousePointerClick, ShieldCheck } from "lucide-react";
import { INTEGRATION_LABELS, type IntegrationName } from "@errand/contract";
import { IntegrationIcon } from "../../../components/brand/integration-icon";
import { AuthPanel } from "./auth-panel";
import { ExtractionPanel } from "./extraction-panel";
import { Code, FeatureSection, type Feature } from "./feature-section";
import { IntegrationPanel } from "./integration-panel";
import { NavigationPanel } from "./navigation-panel";
import { StealthPanel } from "./stealth-panel";

const LANDING_PAGES: IntegrationName[] = ["api", "zapier", "make", "n8n"];

function IntegrationLinks() {
  return (
    <ul className="mt-8 flex flex-wrap gap-2" aria-label="Integration guides">
      {LANDING_PAGES.map((name) => (
        <li key={name}>
          <Link
            to={`/${name}-integration`}
            className="inline-flex items-center gap-2 rounded-full border bg-background py-1.5 pr-4 pl-2 text-sm font-medium shadow-sm hover:bg-muted"
          >
            <IntegrationIcon name={name} className="size-5" />
            {INTEGRATION_LABELS[name]}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The five features of spec section 2, in order. Copy describes what the product does today. */
export const FEATURES: Feature[] = [
  {
    id: "navigation",
    icon: MousePointerClick,
    name: "Human-like web navigation",
    title: "Browses the web the way a person does",
    lead: "Every run opens a real Chromium browser. At each step the agent looks at a screenshot and an indexed list of the page's interactive elements, decides what to do, and does it.",
    points: [
      "Clicks, types, picks options, scrolls and hovers, like you would.",
      "Follows new tabs and works inside iframes and shadow DOM.",
      "Takes several actions in one step when it can, such as filling in a whole form.",
      "Notices when it repeats an action on a page that does not change, tries something else, and stops rather than looping.",
      "Records every step with a screenshot, so you can replay exactly what happened.",
    ],
    panel: <NavigationPanel />,
  },
  {
    id: "data-extraction",
    icon: Braces,
    name: "Advanced data extraction",
    title: "Get the data back as text, JSON, CSV or XML",
    lead: "Ask for a plain-text answer, or switch the response format to JSON and give a JSON schema. The result is checked against your schema before it reaches you.",
    points: [
      "JSON is validated against your JSON schema. When it does not match, the agent gets the validation errors and tries again.",
      "Lists of records show as a table in the run view and download as CSV.",
      "Need XML? Ask for it in your prompt and it comes back as text output.",
      "The same result is available from the REST API, so your code can pick it up.",
    ],
    panel: <ExtractionPanel />,
  },
  {
    id: "integrations",
    icon: Blocks,
    name: "Universal app integration",
    title: "Connect runs to the tools you already use",
    lead: "Errand has a REST API: start runs from your code or a no-code tool, follow them live, and get notified when they finish.",
    points: [
      <>
        A REST API authenticated with your key in the <Code>x-api-key</Code> header.
      </>,
      "Signed webhooks when a run ends, so you can check each delivery really came from Errand.",
      "Server-Sent Events that stream each step while the run is in progress.",
      "Zapier, Make and n8n connect through their built-in HTTP and webhook modules.",
      "An MCP server (stdio, and Streamable HTTP at /mcp) lets AI assistants such as Claude, Cursor and VS Code hand web tasks to Errand and follow each step.",
    ],
    panel: <IntegrationPanel />,
    extra: <IntegrationLinks />,
  },
  {
    id: "bot-detection",
    icon: ShieldCheck,
    name: "Bot-detection bypass",
    title: "Looks like a visitor, not a script",
    lead: "Many sites block traffic that looks automated. Errand drives a real browser with a realistic fingerprint and can send its traffic through a residential proxy.",
    points: [
      <>
        Runs go out through a residential proxy when one is configured (<Code>PROXY_URL</Code>), so sites see an ordinary home connection.
      </>,
      "A realistic browser fingerprint: real Chromium, a real user agent, and the webdriver flag hidden.",
      <>
        CAPTCHAs solved automatically when a solver service is configured (<Code>CAPTCHA_SOLVER_URL</Code>): reCAPTCHA v2 and v3, hCaptcha,
        Cloudflare Turnstile and image captchas, each solve a step of the run with its time and cost.
      </>,
      "Without a solver, or when it fails, the run waits for you with its clock stopped: the run page and a webhook say a person is needed, you take control in the live browser, solve it and hand back, and the agent carries on. One-time codes work the same way.",
    ],
    panel: <StealthPanel />,
  },
  {
    id: "authentication",
    icon: KeyRound,
    name: "Secure authentication",
    title: "Log in once, reuse the session safely",
    lead: "Create an auth context: open the site in a live browser inside Errand and sign in as you normally would. Errand saves the session, and runs that use the context start already signed in.",
    points: [
      "The session (cookies and local storage) is stored encrypted with AES-256-GCM at rest.",
      "Later runs reuse it, so you don't have to put a password in a prompt.",
      "Saved cookie values and other secrets never enter the model's prompt.",
      "Sites that refresh their session during a run have the refreshed cookies saved back, so the login stays alive.",
      "Delete a context from the Auth Contexts page whenever you no longer need it.",
    ],
    panel: <AuthPanel />,
  },
];

export function FeatureList() {
  return FEATURES.map((feature, index) => <FeatureSection key={feature.id} feature={feature} index={index} />);
}
