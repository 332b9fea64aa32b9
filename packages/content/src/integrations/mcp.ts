import type { IntegrationContent } from "./types.ts";
import { integrationGuideLinks } from "../guides/guide-paths.ts";

// The stdio server is the CLI of a checkout of Errand's repository (`npx errand mcp` from inside it).
const CLI = "/path/to/errand/packages/cli/bin/errand.mjs";

const claudeDesktop = String.raw`{
  "mcpServers": {
    "errand": {
      "command": "node",
      "args": ["${CLI}", "mcp"],
      "env": {
        "ERRAND_API_KEY": "your-api-key",
        "ERRAND_URL": "https://your-errand-host"
      }
    }
  }
}`;

const cursor = String.raw`{
  "mcpServers": {
    "errand": {
      "url": "https://your-errand-host/mcp",
      "headers": { "Authorization": "Bearer your-api-key" }
    }
  }
}`;

const vscode = `{
  "inputs": [
    { "type": "promptString", "id": "errand-key", "description": "Errand API key", "password": true }
  ],
  "servers": {
    "errand": {
      "type": "http",
      "url": "https://your-errand-host/mcp",
      "headers": { "Authorization": "Bearer \${input:errand-key}" }
    }
  }
}`;

const remote = String.raw`# Claude Code, or any client that speaks Streamable HTTP: the URL and one header
claude mcp add --transport http errand https://your-errand-host/mcp \
  --header "Authorization: Bearer $ERRAND_API_KEY"

# The same endpoint by hand: list the tools (x-api-key works as well as Bearer)
curl -s https://your-errand-host/mcp -H "Authorization: Bearer $ERRAND_API_KEY" \
  -H "Content-Type: application/json" -H "Accept: application/json, text/event-stream" \
  -d '{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}'`;

export const mcp: IntegrationContent = {
  name: "mcp",
  label: "MCP",
  headline: "Errand for AI assistants, over the Model Context Protocol",
  description:
    "Give Claude, Cursor, VS Code or any MCP client a real browser: Errand's MCP server runs web tasks and streams each step back to the assistant.",
  longDescription: [
    'The Model Context Protocol (MCP) is an open standard that lets AI assistants and agent frameworks call outside tools. With Errand\'s MCP server an assistant can hand a web task to Errand ("find the cancellation form on this site and fill it in") and work with the answer, without glue code of your own.',
    "Two ways to connect, one set of tools: a local stdio process (errand mcp) for desktop clients, configured with ERRAND_API_KEY and ERRAND_URL, and Streamable HTTP at /mcp on your Errand host for remote clients, with your API key as a Bearer token. Every tool call goes through the REST API with that key: the same rate limits, the same errors, and the runs land in your task history.",
    "run_task waits for the run and sends a progress notification with each step the agent takes, then returns the result: text, or JSON as structured content checked against your JSON schema, with a link to the run's page. Cancel the call and the run is cancelled too.",
  ],
  ...integrationGuideLinks("mcp"),
  setupSteps: [
    {
      title: "Get an API key",
      body: "Sign up and copy your key from the API Keys page. The MCP server uses it for every call, so runs and history stay in your account.",
    },
    {
      title: "Remote clients: point them at /mcp",
      body: "Cursor, VS Code, Claude Code and other Streamable HTTP clients take the URL https://your-errand-host/mcp and the header Authorization: Bearer <your key>.",
    },
    {
      title: "Desktop clients: install a checkout, then start errand mcp",
      body: "First get Errand's code once: git clone https://github.com/errand-hq/errand, then npm ci inside it (Node 24). Claude Desktop then starts the stdio server itself: give it node with the path to packages/cli/bin/errand.mjs in that checkout and the argument mcp (npx errand mcp from inside the checkout), with ERRAND_API_KEY and ERRAND_URL set.",
    },
    {
      title: "Ask for a web task",
      body: "The assistant picks run_task for a one-off task, or list_automations and run_automation for a ready-made one, and shows you each step as it happens.",
    },
  ],
  sample: {
    language: "json",
    caption:
      "Claude Desktop's claude_desktop_config.json: the stdio server with your key and your Errand host. Configurations for Cursor, VS Code and remote clients are below.",
    code: claudeDesktop,
  },
  clientConfigs: [
    {
      client: "Claude Desktop",
      language: "json",
      caption: "claude_desktop_config.json (Settings, Developer, Edit Config): Claude starts errand mcp on stdio.",
      code: claudeDesktop,
    },
    {
      client: "Cursor",
      language: "json",
      caption: "~/.cursor/mcp.json, or .cursor/mcp.json in a project: the remote server at /mcp.",
      code: cursor,
    },
    {
      client: "VS Code",
      language: "json",
      caption: ".vscode/mcp.json: VS Code asks for the key once and keeps it out of the file.",
      code: vscode,
    },
    {
      client: "Remote HTTP client",
      language: "bash",
      caption: "Claude Code's command, and the raw Streamable HTTP request any client makes.",
      code: remote,
    },
  ],
  features: [
    {
      icon: "Play",
      title: "run_task with live progress",
      description:
        "Runs a prompt with the API's options (JSON schema, first URL, saved login, time limit), sends a progress notification per step and returns the result with the run's link.",
    },
    {
      icon: "Braces",
      title: "JSON as structured content",
      description: "Ask for JSON and the answer comes back as structured content the assistant can use directly, next to the text.",
    },
    {
      icon: "Camera",
      title: "Runs, steps and screenshots",
      description:
        "start_task, get_run, get_run_steps (with the last screenshots as images), list_runs, send_message (tell a running agent something) and cancel_run for long or parallel work.",
    },
    {
      icon: "Workflow",
      title: "Ready-made automations",
      description: "list_automations searches the marketplace; run_automation runs one by its slug with its own prompt and settings.",
    },
    {
      icon: "Terminal",
      title: "stdio for desktop clients",
      description: "errand mcp runs beside Claude Desktop, configured with ERRAND_API_KEY and ERRAND_URL.",
    },
    {
      icon: "Globe",
      title: "Streamable HTTP at /mcp",
      description: "A stateless endpoint on your Errand host for remote clients, authenticated with your API key as a Bearer token.",
    },
  ],
  useCases: [
    {
      title: "Research from a chat assistant",
      description: "Ask your assistant to compare offers on three sites; it sends each visit to Errand and summarises the answers.",
    },
    {
      title: "Coding agents checking a live site",
      description: "After a change, a coding agent asks Errand to walk through the signup flow and reads what it saw at each step.",
    },
    {
      title: "Back-office agents",
      description: "An internal agent files forms on portals that have no API, using a login saved in Errand (list_auth_contexts).",
    },
    {
      title: "Agent frameworks",
      description: "Frameworks that speak MCP get a browser tool without custom code: connect to /mcp and call run_task.",
    },
  ],
  faqs: [
    {
      question: "Which tools does the Errand MCP server offer?",
      answer:
        "run_task (run a web task and wait, with progress per step), start_task (start one and return its run id), get_run (status and result), get_run_steps (the steps, optionally with the last 5 screenshots), get_run_trace (where each step's time went, with the run's HAR and bundle links), get_run_recording (a summary of the run's session recording and where to play it), cancel_run, approve_action (approve or deny the action a run waits on), send_message (tell a running agent something before its next step), list_runs, list_automations, run_automation (a marketplace automation by slug), list_auth_contexts (your saved logins), upload_file (a file runs can put into a site's upload field), get_run_files (a run's files, including what the site let it download), start_batch (run a saved task over rows of inputs), get_batch (a batch's progress, then its results table) and get_evaluation (an evaluation's progress and its models compared).",
    },
    {
      question: "How do clients connect to it?",
      answer:
        "Desktop clients start errand mcp themselves (stdio), configured by ERRAND_API_KEY and ERRAND_URL. Remote clients connect over Streamable HTTP to /mcp on your Errand host with Authorization: Bearer <your key> (or an x-api-key header). A missing or wrong key gets a 401.",
    },
    {
      question: "What happens when a task takes a while?",
      answer:
        "run_task sends a progress notification with each step; clients that restart their timeout on progress keep waiting until the run ends. If yours gives up sooner, use start_task and then get_run. Cancelling run_task, or closing the client while it waits, cancels the run.",
    },
    {
      question: "Are MCP calls limited like the REST API?",
      answer:
        "Yes. Each tool call is an API call with your key: the same per-minute rate limit, the same limit on runs waiting at once, and errors come back as tool errors with the API's message. You only ever see your own runs.",
    },
    {
      question: "Can I run the MCP server on my own Errand?",
      answer: "Yes. Every self-hosted server answers at /mcp, and errand mcp works against any Errand host you point ERRAND_URL at.",
    },
    {
      question: "How is a run billed?",
      answer:
        "Runs started from an assistant are ordinary runs: they use your 5 free prompts first, then cost $0.0023 per second of execution, paid from prepaid credits.",
    },
  ],
  templates: [
    {
      title: "Research helper",
      description: '"Visit these three pricing pages and compare the plans": run_task per page, answers summarised in the chat.',
    },
    {
      title: "Structured extraction",
      description:
        "run_task with response_format json and a JSON schema; the assistant gets the rows as structured content and can build a table.",
    },
    {
      title: "Marketplace automation",
      description: "list_automations with a search, then run_automation with the slug the assistant picked.",
    },
    {
      title: "Site walkthrough for coding agents",
      description: "A run describing a user journey; get_run_steps with screenshots shows the agent what each step looked like.",
    },
  ],
};
