import type { IntegrationContent } from "./types.ts";

const sample = String.raw`# The MCP server is not released yet: this is the same flow over the REST API.
# 1. Start a run and keep its id
RUN_ID=$(curl -s -X POST https://your-errand-host/api/v1/runs \
  -H "x-api-key: $ERRAND_API_KEY" \
  -H "Content-Type: application/json" \
  -d '{"prompt": "Open news.ycombinator.com and list the titles of the top 5 stories",
       "session_timeout": 120}' | jq -r .id)

# 2. Wait: follow its steps live; the stream closes when the run ends
curl -N https://your-errand-host/api/v1/runs/$RUN_ID/events -H "x-api-key: $ERRAND_API_KEY"

# 3. Read the result
curl -s https://your-errand-host/api/v1/runs/$RUN_ID -H "x-api-key: $ERRAND_API_KEY" | jq -r .result`;

export const mcp: IntegrationContent = {
  name: "mcp",
  label: "MCP",
  headline: "Errand for AI assistants, over the Model Context Protocol",
  description:
    "The Errand MCP server is in development and not available yet. It will let AI assistants run browser tasks; until then, use the REST API.",
  longDescription: [
    "The Model Context Protocol (MCP) is an open standard that lets AI assistants and agent frameworks call outside tools. We are building an Errand MCP server so an assistant can hand a web task to Errand (\"find the cancellation form on this site and fill it in\") and work with the answer, without glue code of your own.",
    "It is in development and not available yet; there is nothing to install today. The plan: tools to start a run, wait for it to finish and read its result and steps; a local stdio process for desktop clients and Streamable HTTP at /mcp on your Errand host for remote ones; both authenticated with your Errand API key, so runs and history stay in your account.",
    "Everything it will do is already possible with the REST API: create a run, follow its events, read the result. If your assistant framework supports custom tools or function calling, wrap those calls as tools today.",
  ],
  docsUrl: "/docs#quick-start",
  setupUrl: "/api-keys",
  setupSteps: [
    {
      title: "Get an API key",
      body: "Sign up and copy your key from the API Keys page. The REST API uses it today, and the MCP server is planned to use the same key.",
    },
    {
      title: "Start runs through the REST API",
      body: "POST the task to /api/v1/runs with the x-api-key header. This is the call the planned \"start a run\" tool stands for.",
    },
    {
      title: "Wait for the run and read it",
      body: "Follow /api/v1/runs/{id}/events until the stream closes, then GET /api/v1/runs/{id} for the status and result.",
    },
    {
      title: "Expose those calls to your assistant",
      body: "In a framework with function calling, describe \"start a run\" and \"get a run\" as two tools backed by those requests.",
    },
  ],
  sample: {
    language: "bash",
    caption: "What the planned MCP tools will do, done today with curl and jq against the REST API.",
    code: sample,
  },
  features: [
    {
      icon: "Play",
      title: "Planned: start a run",
      description:
        "A tool taking the prompt and the API's options (JSON Schema, first URL, saved login, time limit) and returning the run id.",
    },
    {
      icon: "Hourglass",
      title: "Planned: wait for a run",
      description:
        "A tool that blocks until the run ends, so the assistant does not have to poll, and returns its final status.",
    },
    {
      icon: "Camera",
      title: "Planned: read results and steps",
      description: "Tools returning a run's result (text or JSON) and the steps the agent took to get there.",
    },
    {
      icon: "Terminal",
      title: "Planned: local stdio",
      description: "A process your desktop AI client starts itself, configured with your Errand host and API key.",
    },
    {
      icon: "Globe",
      title: "Planned: Streamable HTTP at /mcp",
      description: "A remote endpoint on your Errand host for clients that connect over the network, authenticated with your API key.",
    },
  ],
  useCases: [
    {
      title: "Research from a chat assistant",
      description:
        "Ask your assistant to compare offers on three sites; it would send each visit to Errand and summarise the answers.",
    },
    {
      title: "Coding agents checking a live site",
      description:
        "After a change, a coding agent could ask Errand to walk through the signup flow and report what it saw at each step.",
    },
    {
      title: "Back-office agents",
      description:
        "An internal agent could file forms on portals that have no API, using a login saved in Errand.",
    },
    {
      title: "Agent frameworks",
      description:
        "Frameworks that speak MCP would get a browser tool without custom code; today they can call the REST API the same way.",
    },
  ],
  faqs: [
    {
      question: "Is the Errand MCP server available?",
      answer:
        "No. It is in development and has not been released; there is no package to install or endpoint to connect to yet. Use the REST API in the meantime.",
    },
    {
      question: "What will the MCP server offer?",
      answer:
        "Tools to start a run, wait for it to finish and read its result and steps, with the same options as the REST API.",
    },
    {
      question: "How will clients connect to it?",
      answer:
        "Two ways are planned: a local stdio process, and Streamable HTTP at /mcp on your Errand host. Both will authenticate with your Errand API key.",
    },
    {
      question: "Can my assistant use Errand today without MCP?",
      answer:
        "Yes, if it can call HTTP APIs or supports custom tools: wrap POST /api/v1/runs and GET /api/v1/runs/{id} as two tools. The sample on this page shows the calls.",
    },
    {
      question: "How is a run billed?",
      answer:
        "Runs started through the REST API use your 5 free prompts first, then cost $0.0023 per second of execution, paid from prepaid credits.",
    },
  ],
  templates: [
    {
      title: "Two-tool wrapper for function calling",
      description:
        "Describe start_run (POST /api/v1/runs) and get_run (GET /api/v1/runs/{id}) to your model and let it call them.",
    },
    {
      title: "Research helper",
      description:
        "A tool that sends \"visit this page and summarise the offer\" as a run and returns run.result to the conversation.",
    },
    {
      title: "Site walkthrough for coding agents",
      description:
        "A script that starts a run describing a user journey and prints each step from the events stream as it happens.",
    },
  ],
};
