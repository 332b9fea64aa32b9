import { INTEGRATION_LABELS } from "@errand/contract";
import { IntegrationIcon } from "../../../components/brand/integration-icon";
import { PanelFrame } from "./panel-frame";

const LINES: { text: string; tone?: "comment" | "key" }[] = [
  { text: "# Start a run", tone: "comment" },
  { text: "POST /api/v1/runs", tone: "key" },
  { text: "x-api-key: ••••••••••••" },
  { text: '{ "prompt": "…", "webhook_url": "…" }' },
  { text: "\u00a0" },
  { text: "# Watch it live (Server-Sent Events)", tone: "comment" },
  { text: "GET /api/v1/runs/{id}/events", tone: "key" },
  { text: "event: step   event: run" },
  { text: "\u00a0" },
  { text: "# When it ends, a signed webhook", tone: "comment" },
  { text: "errand-signature: t=…,v1=…", tone: "key" },
];

const TOOLS = [
  { name: "zapier", via: "HTTP + webhook" },
  { name: "make", via: "HTTP + webhook" },
  { name: "n8n", via: "HTTP + webhook" },
  { name: "mcp", via: "stdio + /mcp" },
] as const;

const TONES = { comment: "text-zinc-400", key: "text-sky-300" };

/** The API calls a run involves, and the no-code tools that make them for you. */
export function IntegrationPanel() {
  return (
    <PanelFrame
      title="REST API · webhooks · live events"
      description="Illustration: starting a run with the REST API and an API key, following its steps as Server-Sent Events, and receiving a signed webhook, from code or from Zapier, Make and n8n, and from AI assistants through the MCP server."
    >
      <pre className="overflow-hidden rounded-lg bg-zinc-950 p-3 font-mono text-[11px] leading-relaxed text-zinc-100 sm:text-xs">
        {LINES.map((line, i) => (
          <span key={i} className={`block overflow-hidden text-ellipsis whitespace-pre ${line.tone ? TONES[line.tone] : ""}`}>
            {line.text}
          </span>
        ))}
      </pre>
      <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {TOOLS.map(({ name, via }) => (
          <span key={name} className="flex flex-col items-center gap-1.5 rounded-lg border bg-background p-3 text-center">
            <IntegrationIcon name={name} className="size-7" />
            <span className="text-xs font-medium">{INTEGRATION_LABELS[name]}</span>
            <span className="text-[11px] leading-tight text-muted-foreground">{via}</span>
          </span>
        ))}
      </div>
    </PanelFrame>
  );
}
