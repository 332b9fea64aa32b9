import type { IntegrationContent } from "./types.ts";

const sample = `HTTP › Make a request
  URL             https://your-errand-host/api/v1/runs
  Method          POST
  Headers         x-api-key: $ERRAND_API_KEY
  Body            raw JSON (application/json)
  Parse response  Yes

Request content:
{
  "prompt": "Open {{1.website}}, find the pricing page and list every plan",
  "response_format": "json",
  "json_schema": { "type": "object", "properties": { "plans": { "type": "array",
    "items": { "type": "object", "properties": {
      "name": { "type": "string" }, "monthly_price": { "type": "string" } } } } } },
  "webhook_url": "https://hook.eu1.make.com/your-webhook-id"
}

Output bundle: data.id, data.task_id, data.status = "pending"`;

export const make: IntegrationContent = {
  name: "make",
  label: "Make",
  headline: "Put a browser agent inside your Make scenarios",
  description:
    "Call Errand from Make's HTTP module and catch finished runs with a Custom webhook: AI browser tasks next to the 1000+ apps Make connects.",
  longDescription: [
    "Make connects 1000+ apps in visual scenarios. Errand adds the part those apps cannot reach: websites you would otherwise click through by hand. Write the task in plain words, map values from earlier modules into it, and an AI agent carries it out in a real Chromium browser, keeping a screenshot of each step.",
    "An Errand app for Make is not published yet. You use Errand today with two of Make's standard modules: HTTP › Make a request, which posts the run to the Errand API with your key in an x-api-key header, and Webhooks › Custom webhook, which starts a second scenario when Errand reports the finished run.",
    "Ask for response_format json with a JSON Schema and the result arrives as JSON text; Make's JSON › Parse JSON module turns it into bundles you can route, iterate over and map into Google Sheets, Airtable or your CRM.",
  ],
  docsUrl: "/docs#post-runs",
  setupUrl: "https://www.make.com/en/login",
  setupSteps: [
    {
      title: "Copy your Errand API key",
      body: "Sign up for Errand, open the API Keys page and copy your key for the request header.",
    },
    {
      title: "Create the receiving scenario",
      body: "Start a scenario with Webhooks › Custom webhook, add a webhook and copy its address. Click Run once so Make listens; it learns the data structure (event, run.status, run.result) from the first finished run it receives.",
    },
    {
      title: "Add the HTTP module to the sending scenario",
      body: "After your trigger, add HTTP › Make a request: the URL of /api/v1/runs on your Errand host, method POST, an x-api-key header, a raw JSON body with prompt and webhook_url (the Custom webhook address), and Parse response turned on.",
    },
    {
      title: "Run once, then schedule",
      body: "Run the sending scenario once: the HTTP module returns the run id with the status pending, and the receiving scenario fires when the run ends. Then switch both scenarios on.",
    },
    {
      title: "Parse JSON results",
      body: "For json runs, add JSON › Parse JSON on run.result in the receiving scenario, with the same schema as the data structure, and map its fields onward.",
    },
  ],
  sample: {
    language: "text",
    caption: "The HTTP module settings and request body for a JSON run. {{1.website}} is a value mapped from the first module.",
    code: sample,
  },
  features: [
    {
      icon: "Workflow",
      title: "Map any module into the prompt",
      description:
        "The prompt is plain text, so rows, form answers and CRM fields from earlier modules drop straight into it with Make's mapping panel.",
    },
    {
      icon: "Webhook",
      title: "Finished runs start a scenario",
      description:
        "Errand POSTs { event: \"run.finished\", run } to your Custom webhook, so results are handled the moment a run ends, with no polling loop.",
    },
    {
      icon: "Braces",
      title: "Structured output for routers",
      description:
        "A JSON Schema in the request makes the agent answer in that shape; Parse JSON and an Iterator then fan a list of results out into bundles.",
    },
    {
      icon: "ShieldCheck",
      title: "No duplicates when Make retries",
      description:
        "Add an Idempotency-Key header mapped from the record id: a retried request within 24 hours returns the first run instead of starting another.",
    },
    {
      icon: "Timer",
      title: "Room for long tasks",
      description:
        "The HTTP module returns in a second while the run goes on; session_timeout lets a single task run for up to 3600 seconds (300 by default).",
    },
    {
      icon: "KeyRound",
      title: "Signed-in sessions",
      description:
        "Pass the auth_context_id of a login saved in Errand's web app, and the agent starts on that site already signed in.",
    },
  ],
  useCases: [
    {
      title: "Fill CRM gaps from the web",
      description:
        "For each new deal, read the prospect's website and store its industry, headcount range and pricing model in your CRM.",
    },
    {
      title: "Collect listings into a data store",
      description:
        "Weekly, have the agent gather new listings from a marketplace search and add each one to a Make data store or a sheet.",
    },
    {
      title: "Track shipments on carrier sites",
      description:
        "Look up tracking numbers on carriers' websites that have no Make app and update each order with the latest status.",
    },
    {
      title: "Place supplier orders",
      description:
        "Turn an approved purchase request into an order on the supplier's web shop, signed in with a saved login.",
    },
  ],
  faqs: [
    {
      question: "Is there an Errand app in Make?",
      answer:
        "Not yet: a dedicated Errand app for Make is not published. The supported way today is the HTTP › Make a request module calling the Errand REST API, with a Custom webhook for results, as shown on this page.",
    },
    {
      question: "How does the result get back to Make?",
      answer:
        "Through the webhook_url you send with the run: Errand POSTs the finished run to your Custom webhook, retrying if Make does not answer. If you would rather poll, add Tools › Sleep and an HTTP GET to /api/v1/runs/{id}, and repeat while the status is pending.",
    },
    {
      question: "Why can't I map run.result in the receiving scenario?",
      answer:
        "Make learns a webhook's data structure from the first request it receives. Click Run once on the receiving scenario, start one Errand run with that webhook address, and the run fields become mappable; use Redetermine data structure if you change the payload later.",
    },
    {
      question: "Can one scenario start many runs?",
      answer:
        "Yes, each bundle that reaches the HTTP module starts one run. Keep below 120 requests per minute per API key, and map a stable Idempotency-Key so a retried bundle never starts a second run.",
    },
    {
      question: "What does it cost?",
      answer:
        "Make counts its own operations. On the Errand side, your first 5 prompts are free; after that a run costs $0.0023 per second of execution, paid from prepaid credits with no subscription.",
    },
  ],
  templates: [
    {
      title: "Enrich new Airtable records",
      description:
        "Airtable watch records → HTTP run that reads each company's website → Custom webhook updates the record with the JSON result.",
    },
    {
      title: "Weekly competitor plan tracker",
      description:
        "Scheduled scenario → JSON run listing plans and prices → Parse JSON and Iterator add one sheet row per plan.",
    },
    {
      title: "Carrier tracking lookups",
      description:
        "New order shipped → run that checks the carrier's tracking page → Router posts delays to Slack and marks delivered orders done.",
    },
  ],
};
