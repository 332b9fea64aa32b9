import type { IntegrationContent } from "./types.ts";
import { integrationGuideLinks } from "../guides/guide-paths.ts";

const sample = String.raw`# Start a run that must answer with JSON matching your schema
curl -X POST https://your-errand-host/api/v1/runs \
  -H "x-api-key: $ERRAND_API_KEY" \
  -H "Content-Type: application/json" \
  -H "Idempotency-Key: travel-books-2025-06-01" \
  -d '{
    "prompt": "Open the Travel category and return the cheapest book",
    "initial_url": "https://books.toscrape.com",
    "response_format": "json",
    "json_schema": {
      "type": "object",
      "properties": { "title": { "type": "string" }, "price": { "type": "string" } },
      "required": ["title", "price"]
    }
  }'
# => {"id":"<run id>","task_id":"<task id>","status":"pending"}

# Poll until status is no longer "pending"; result then holds the JSON text
curl https://your-errand-host/api/v1/runs/$RUN_ID -H "x-api-key: $ERRAND_API_KEY"`;

const typescriptSample = String.raw`import { Errand } from "@errand/sdk";

const errand = new Errand(); // ERRAND_API_KEY and ERRAND_URL from the environment
const run = await errand.run("Open the Travel category and return the cheapest book", {
  initial_url: "https://books.toscrape.com",
  response_format: "json",
  json_schema: {
    type: "object",
    properties: { title: { type: "string" }, price: { type: "string" } },
    required: ["title", "price"],
  },
});
console.log(run.status, run.data); // waits for the end; data is the parsed JSON`;

const pythonSample = String.raw`from errand import Errand

errand = Errand()  # ERRAND_API_KEY and ERRAND_URL from the environment
run = errand.run(
    "Open the Travel category and return the cheapest book",
    initial_url="https://books.toscrape.com",
    schema={
        "type": "object",
        "properties": {"title": {"type": "string"}, "price": {"type": "string"}},
        "required": ["title", "price"],
    },
)
print(run.status, run.data)  # waits for the end; data is the parsed JSON`;

export const api: IntegrationContent = {
  name: "api",
  label: "API",
  headline: "Run browser tasks from your own code with the Errand REST API",
  description:
    "One HTTPS call starts an AI agent in a real browser. Get text or schema-checked JSON back, and follow each step live or by signed webhook.",
  longDescription: [
    "The Errand API is the engine behind the web app, exposed as plain HTTPS and JSON under /api/v1. You send a prompt that describes a web task; an AI agent opens a real Chromium browser, works through the site step by step and keeps a screenshot of every step. The answer comes back as text, or as JSON checked against a JSON Schema you supply.",
    "Runs are asynchronous. POST /api/v1/runs answers at once with a run id and the status pending. From there you can poll GET /api/v1/runs/{id}, stream the run's steps as Server-Sent Events, or pass a webhook_url and let Errand POST the finished run to you, signed with an errand-signature header and retried when your endpoint is down.",
    "Every request carries your key in the x-api-key header; each key may make 120 requests a minute, and an Idempotency-Key header makes retried POSTs safe. New accounts get 5 free prompts; after that a run costs $0.0023 per second of execution, with no subscription.",
  ],
  ...integrationGuideLinks("api"),
  setupSteps: [
    {
      title: "Copy your API key",
      body: "Sign up, open the API Keys page and copy your key. Keep it on your server: anyone holding it can start runs on your account.",
    },
    {
      title: "Start a run",
      body: 'POST the prompt to /api/v1/runs with the x-api-key header. Add initial_url to choose the first page, and response_format "json" with a json_schema when you want structured data.',
    },
    {
      title: "Wait for the result",
      body: "Poll GET /api/v1/runs/{id} until the status is success, failed, error or cancelled; or read /api/v1/runs/{id}/events as a live stream; or give a webhook_url and be called when the run ends.",
    },
    {
      title: "Read it and run it again",
      body: "The result field holds the answer (JSON text for json runs). Every run belongs to a saved task, which POST /api/v1/tasks/{id}/runs runs again.",
    },
  ],
  sample: {
    language: "bash",
    caption: "Create a run with a JSON Schema, then read its status and result. Set RUN_ID to the id from the first answer.",
    code: sample,
  },
  moreSamples: [
    {
      language: "typescript",
      caption: "The same run with the TypeScript SDK (@errand/sdk), which waits for the result.",
      code: typescriptSample,
    },
    {
      language: "python",
      caption: "The same run with the Python SDK (errand-sdk), which waits for the result.",
      code: pythonSample,
    },
  ],
  features: [
    {
      icon: "Braces",
      title: "Text or schema-checked JSON",
      description:
        "Set response_format to json and pass a JSON Schema (draft 7, 2019-09 or 2020-12). The agent's answer is validated against it before the run can succeed.",
    },
    {
      icon: "Radio",
      title: "Live steps over Server-Sent Events",
      description:
        "GET /api/v1/runs/{id}/events streams each step and status change as it happens and closes when the run ends; send Last-Event-ID to resume.",
    },
    {
      icon: "Webhook",
      title: "Signed, retried webhooks",
      description:
        'With a webhook_url, Errand POSTs { event: "run.finished", delivery_id, run } when the run ends, with an errand-signature HMAC-SHA256 header, and retries failed deliveries for about 32 hours. Delivery is at least once: skip a delivery_id you have already handled. Each attempt shows on the run page, with a Redeliver button.',
    },
    {
      icon: "Repeat",
      title: "Safe retries",
      description:
        "Send an Idempotency-Key header with POST requests: a retry with the same key within 24 hours returns the first answer instead of starting a second run.",
    },
    {
      icon: "Camera",
      title: "A screenshot per step",
      description:
        "GET /api/v1/runs/{id}/steps lists what the agent did, and the screenshot endpoint returns a signed image URL for any run or step.",
    },
    {
      icon: "KeyRound",
      title: "Runs that start signed in",
      description:
        "Save a login once as an auth context in the web app, then pass its auth_context_id so the agent starts already signed in to that site.",
    },
  ],
  useCases: [
    {
      title: "Price and stock monitoring",
      description:
        "A scheduled job posts one run per product page with a small schema (title, price, in stock) and stores the JSON it gets back.",
    },
    {
      title: "Back-office portals without an API",
      description: "Submit orders, claims or registrations on supplier and government sites from your own backend, using a saved login.",
    },
    {
      title: "Enriching records in your product",
      description:
        "When a customer signs up, look up their company website and return industry, location and contact page as structured fields.",
    },
    {
      title: "Smoke checks after a deploy",
      description: "Describe a user journey in plain words (sign up, add to cart, check out) and read the step screenshots when it fails.",
    },
  ],
  faqs: [
    {
      question: "Where do I get an API key?",
      answer:
        "Sign in and open the API Keys page. You can reveal, copy and regenerate your key there; regenerating stops the old key at once, so update your code first.",
    },
    {
      question: "Does POST /api/v1/runs wait for the task to finish?",
      answer:
        "No. It answers with 201, the run id, its task id and the status pending as soon as the run is queued. A run ends as success, failed (the agent could not do it or ran out of time), error (a system fault) or cancelled.",
    },
    {
      question: "What does the webhook send?",
      answer:
        'A POST with the JSON body { "event": "run.finished", "run": { ... } }, where run is the same object GET /api/v1/runs/{id} returns. It carries an errand-signature header of the form t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>">, and failed deliveries are retried with backoff. The URL must be publicly reachable; redirects are not followed.',
    },
    {
      question: "Are there rate limits?",
      answer:
        "Each API key may make 120 requests per minute. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers, and a refused request also carries Retry-After.",
    },
    {
      question: "How is a run billed?",
      answer:
        "Your first 5 prompts are free. After that a run costs $0.0023 per second of execution, deducted from prepaid credits when the run ends. With no credits or free prompts left, POST /api/v1/runs answers 402.",
    },
    {
      question: "Can I stop a run that is taking too long?",
      answer:
        "Yes: POST /api/v1/runs/{id}/cancel stops a pending run (409 if it had already ended). You can also cap every run with session_timeout, from 30 to 3600 seconds (300 by default).",
    },
  ],
  templates: [
    {
      title: "Nightly price check",
      description:
        "A cron job that creates one run per product URL with a title/price/in-stock schema and writes the JSON results to your database.",
    },
    {
      title: "Company lookup endpoint",
      description:
        'A backend route that takes a domain, runs "find this company\'s industry, headquarters and contact page", and returns the validated JSON.',
    },
    {
      title: "Post-deploy journey check",
      description:
        "A CI step that starts a run describing your signup flow, waits on the events stream and fails the build unless the run ends in success.",
    },
  ],
};
