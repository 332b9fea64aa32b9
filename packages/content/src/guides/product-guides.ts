import { SCHEDULE_MIN_INTERVAL_MINUTES } from "@errand/contract";
import type { Guide } from "./types.ts";

export const gettingStarted: Guide = {
  slug: "getting-started",
  title: "Getting started",
  description: "Create an account, describe a web task in plain words, and read its result with a screenshot of every step.",
  group: "product",
  sections: [
    {
      id: "first-task",
      heading: "Your first task",
      blocks: [
        {
          kind: "steps",
          items: [
            "[Sign up](/signup) with an e-mail address, Google or GitHub. New accounts get 5 free prompts.",
            "On the [Dashboard](/dashboard), write what you want done in Prompt, for example: Find the top story on Hacker News and give me its title and link.",
            "Press Execute. The task's page opens and shows each step as the agent takes it, with a screenshot.",
            "When the run ends, Results shows the answer. A table can be switched to text, copied or downloaded as CSV.",
          ],
        },
      ],
    },
    {
      id: "what-next",
      heading: "What next",
      blocks: [
        {
          kind: "list",
          items: [
            "[Tasks and runs](/docs/guides/tasks-and-runs): the Advanced Parameters, JSON results and the run page.",
            "[Replay and schedules](/docs/guides/replay-and-schedules): run a saved task again without the model, or on a schedule.",
            "[Saved logins and credentials](/docs/guides/saved-logins-and-credentials): tasks on sites you must sign in to.",
            "[Proxies](/docs/guides/proxies) and [Sharing](/docs/guides/sharing).",
            "From your own tools: the [API](/docs/guides/api-integration), [MCP](/docs/guides/mcp-integration), [n8n](/docs/guides/n8n-integration), [Zapier](/docs/guides/zapier-integration) and [Make](/docs/guides/make-integration).",
          ],
        },
      ],
    },
    {
      id: "credits",
      heading: "Credits",
      blocks: [
        {
          kind: "text",
          text: "A run uses a free prompt while you have some; after that it is paid from credits by the second, after it ends. Buy credits on the [Credits](/credits) page (from $3).",
        },
      ],
    },
  ],
};

export const tasksAndRuns: Guide = {
  slug: "tasks-and-runs",
  title: "Tasks and runs",
  description: "A task is a saved prompt with its settings; each time it is carried out is a run, with its steps, screenshots and result.",
  group: "product",
  sections: [
    {
      id: "advanced-parameters",
      heading: "Advanced Parameters",
      blocks: [
        { kind: "text", text: "Open Advanced Parameters under the Prompt to set how the task runs:" },
        {
          kind: "list",
          items: [
            "Response Format: Text, or JSON with a JSON Schema the answer must match (a list of rows shows as a table).",
            "Auth Context: a saved login the browser starts with (see [Saved logins and credentials](/docs/guides/saved-logins-and-credentials)).",
            "Initial URL: the page the browser opens first.",
            "Webhook URL: where the run is posted when it ends, signed with your account's Webhook URL signing secret (on the [API Keys](/api-keys) page).",
            "Session Timeout: how long the run may take, from 30 to 3600 seconds (300 by default).",
          ],
        },
      ],
    },
    {
      id: "run-page",
      heading: "The run page",
      blocks: [
        {
          kind: "text",
          text: "Each run has its page under its task: its status, how long it took, the Steps list with a screenshot per step, and Results. While a run is going you can watch it live and stop it. Task History lists every task with its latest runs.",
        },
        {
          kind: "text",
          text: "Save Task keeps your changes to the task; Save & Run also starts a new run with them. Duplicate starts a new task from this one's settings.",
        },
      ],
    },
  ],
};

export const replayAndSchedules: Guide = {
  slug: "replay-and-schedules",
  title: "Replay and schedules",
  description: "A saved task's successful run is recorded, so later runs replay it without the model; a schedule runs the task by itself.",
  group: "product",
  sections: [
    {
      id: "replay",
      heading: "Replay without the model",
      blocks: [
        {
          kind: "text",
          text: "When a run of a saved task succeeds, its steps are recorded. Running the task again replays the recording in the browser without asking the model, which is faster and costs less. A step that no longer fits the page is handed to the agent, and the repaired recording becomes the next version.",
        },
        {
          kind: "text",
          text: "The task page's Replay card shows the newest recording, its steps (the last one gives the answer), and the prompt's words that may change between runs. Tick Always use the agent to never replay this task. Download as Playwright script gives the same steps as a script that runs without Errand.",
        },
      ],
    },
    {
      id: "schedules",
      heading: "Schedules",
      blocks: [
        {
          kind: "steps",
          items: [
            "On a task's page, press Schedule this task.",
            `Choose Repeat: every hour, day or week, or a cron expression (at most once every ${SCHEDULE_MIN_INTERVAL_MINUTES} minutes), and the time zone it is read in.`,
            "Save. The card shows the next runs in the schedule's time zone; Pause, Resume or Remove it at any time.",
          ],
        },
        { kind: "text", text: "Scheduled runs replay the task's recording when it has one, and each slot makes exactly one run." },
      ],
    },
  ],
};

export const savedLoginsAndCredentials: Guide = {
  slug: "saved-logins-and-credentials",
  title: "Saved logins and credentials",
  description: "Let the agent work on sites you sign in to: save a logged-in session once, or store credentials it may type.",
  group: "product",
  sections: [
    {
      id: "auth-contexts",
      heading: "Auth Contexts: a saved login session",
      blocks: [
        {
          kind: "steps",
          items: [
            "On [Auth Contexts](/auth-contexts), press Create New, give a Name and the site's Website URL.",
            "Log in to the site in the browser shown on the page, as you would normally (two-step codes included).",
            "Finish. The session is encrypted and kept; choose it as the Auth Context in a task's Advanced Parameters.",
          ],
        },
        { kind: "text", text: "When a site signs you out, use Log in again on the saved login instead of making a new one." },
      ],
    },
    {
      id: "credentials",
      heading: "Credentials",
      blocks: [
        {
          kind: "text",
          text: "A credential is a username and password the agent may type on the domains you list, with an optional Authenticator key (the base32 key a site shows when you set up an authenticator app) for two-step codes, or a mailbox it reads e-mailed codes from. Credentials are encrypted, never shown again and never sent to the AI model.",
        },
        {
          kind: "text",
          text: "Add them on the Auth Contexts page, then tick the ones a task may use under Credentials this task may use, in its Advanced Parameters.",
        },
      ],
    },
  ],
};

export const proxies: Guide = {
  slug: "proxies",
  title: "Proxies",
  description: "Send a run's browser out through your own proxies, in the country you choose.",
  group: "product",
  sections: [
    {
      id: "pools",
      heading: "Proxy pools",
      blocks: [
        {
          kind: "steps",
          items: [
            "On [Auth Contexts](/auth-contexts), under Proxies, add a pool: a name, then one proxy a line, its URL and optionally its country (http://user:pass@proxy.example.com:8080 de).",
            "Choose Round-robin or Random: which proxy of the pool each run takes.",
            "Choose the pool (and a country) as the Proxy in a task's Advanced Parameters, or when you save a login.",
          ],
        },
        {
          kind: "text",
          text: "Proxy URLs start with http://, https:// or socks5://. Their passwords are kept encrypted and never shown again. Without a pool, runs use the server's own proxy, if it has one. A saved login keeps the proxy it was made through.",
        },
      ],
    },
  ],
};

export const sharing: Guide = {
  slug: "sharing",
  title: "Sharing a run",
  description: "Give anyone a read-only link to one run: its result, last screenshot and steps, without your account.",
  group: "product",
  sections: [
    {
      id: "share-link",
      heading: "Share by link",
      blocks: [
        {
          kind: "steps",
          items: [
            "On the run's page, press Share, then Create link.",
            "Copy link and send it. Whoever opens it sees the run's result and last screenshot at once, every step, and can play the steps back one by one.",
            "Press Shared, then Stop sharing, to end the link at once. Sharing again makes a new link.",
          ],
        },
        {
          kind: "text",
          text: "A shared run shows its prompt, steps, screenshots and result, never your account, webhook or saved logins. Shared links are not listed anywhere and search engines are told not to index them.",
        },
      ],
    },
  ],
};

export const PRODUCT_GUIDES: Guide[] = [gettingStarted, tasksAndRuns, replayAndSchedules, savedLoginsAndCredentials, proxies, sharing];
