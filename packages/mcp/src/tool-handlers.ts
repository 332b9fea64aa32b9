import { batchProgress } from "@errand/contract";
import type { Batch, Errand, ErrandFile, EvaluationDetail } from "@errand/sdk";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { runUrl } from "@errand/sdk";
import { stepScreenshots } from "./step-screenshots.ts";
import { MAX_INLINE_FILE_BYTES, MAX_SCREENSHOTS, type ToolInput, type ToolName } from "./tool-definitions.ts";
import { sessionRecordingResult } from "./session-recording-result.ts";
import { runResult, stepText } from "./tool-results.ts";
import { waitWithProgress, type ToolExtra } from "./wait-with-progress.ts";

export interface ToolDeps {
  errand: Errand;
}

type Handler<N extends ToolName> = (input: ToolInput<N>, deps: ToolDeps, extra: ToolExtra) => Promise<CallToolResult>;

/** What each tool does, over the SDK: one API call or two, the answer shaped for an assistant. */
export const TOOL_HANDLERS: { [N in ToolName]: Handler<N> } = {
  async start_batch({ task_id, ...batch }, { errand }, extra) {
    const started = await errand.batches.create(task_id, batch, { signal: extra.signal });
    return {
      content: [{ type: "text", text: `${batchLine(started)}\nFollow it with get_batch (batch_id ${started.id}).` }],
      structuredContent: { batch: started },
    };
  },

  async get_batch({ batch_id }, { errand }, extra) {
    const batch = await errand.batches.get(batch_id, { signal: extra.signal });
    const results = batch.status === "running" ? null : await errand.batches.results(batch_id, { signal: extra.signal });
    const table = results
      ? `\n${results.columns.join(" | ")}\n${results.rows.map((r) => results.columns.map((c) => r[c] ?? "").join(" | ")).join("\n")}`
      : "";
    return { content: [{ type: "text", text: `${batchLine(batch)}${table}` }], structuredContent: { batch, results } };
  },

  async get_evaluation({ evaluation_id }, { errand }, extra) {
    const detail = await errand.evaluations.get(evaluation_id, { signal: extra.signal });
    const { suite: _suite, report, ...evaluation } = detail;
    return { content: [{ type: "text", text: evaluationText(detail) }], structuredContent: { evaluation, report } };
  },

  async run_task(input, { errand }, extra) {
    const created = await errand.runs.create(input, { signal: extra.signal });
    return runResult(errand.baseUrl, await waitWithProgress(errand, created.id, extra));
  },

  async start_task(input, { errand }, extra) {
    return runResult(
      errand.baseUrl,
      await errand.runs.create(input, { signal: extra.signal }),
      "Follow it with get_run and get_run_steps.",
    );
  },

  async get_run({ run_id }, { errand }, extra) {
    return runResult(errand.baseUrl, await errand.runs.get(run_id, { signal: extra.signal }));
  },

  async get_run_recording({ run_id }, { errand }, extra) {
    const run = await errand.runs.get(run_id, { signal: extra.signal });
    return sessionRecordingResult(errand.baseUrl, run, await errand.runs.recording(run_id, { signal: extra.signal }));
  },

  async get_run_steps({ run_id, screenshots }, deps, extra) {
    const steps = await deps.errand.runs.steps(run_id, { signal: extra.signal });
    const lines = steps.map((step) => `${step.number}. ${stepText(step)}${step.url ? ` [${step.url}]` : ""}`);
    const content: CallToolResult["content"] = [{ type: "text", text: lines.length ? lines.join("\n") : "No steps yet." }];
    if (screenshots) {
      const shown = steps.filter((step) => step.has_screenshot).slice(-MAX_SCREENSHOTS);
      for (const shot of await stepScreenshots(deps.errand, shown, extra.signal)) {
        content.push({ type: "text", text: `Screenshot of step ${shot.step.number}:` });
        content.push({ type: "image", data: shot.data, mimeType: shot.mimeType });
      }
    }
    return {
      content,
      structuredContent: {
        run_id,
        steps: steps.map((step) => ({
          number: step.number,
          text: stepText(step),
          success: step.success,
          url: step.url,
          has_screenshot: step.has_screenshot,
        })),
      },
    };
  },

  async cancel_run({ run_id }, { errand }, extra) {
    return runResult(errand.baseUrl, await errand.runs.cancel(run_id, { signal: extra.signal }));
  },

  async approve_action({ run_id, decision, note }, { errand }, extra) {
    const answered = await (decision === "approve" ? errand.runs.approve : errand.runs.deny).call(errand.runs, run_id, note, {
      signal: extra.signal,
    });
    const text = decision === "approve" ? "Approved: the agent goes ahead." : "Denied: the agent will not do it and reads your note.";
    return { content: [{ type: "text", text: `${text} Follow the run with get_run (run_id ${run_id}).` }], structuredContent: answered };
  },

  async send_message({ run_id, text }, { errand }, extra) {
    const message = await errand.runs.sendMessage(run_id, text, { signal: extra.signal });
    const structured = { run_id, message_id: message.id, text: message.text };
    return {
      content: [{ type: "text" as const, text: `Sent to run ${run_id}: the agent reads it before its next step.` }],
      structuredContent: structured,
    };
  },

  async list_runs({ limit }, { errand }, extra) {
    const runs = await errand.runs.list({ limit: limit ?? 10 }, { signal: extra.signal });
    const rows = runs.map((run) => ({
      run_id: run.id,
      task_id: run.task_id,
      status: run.status,
      prompt: run.prompt,
      created_at: run.created_at,
      url: runUrl(errand.baseUrl, run),
    }));
    const text = rows.length
      ? rows.map((r) => `${r.created_at}  ${r.status}  ${r.run_id}  ${oneLine(r.prompt, 100)}`).join("\n")
      : "No runs yet.";
    return { content: [{ type: "text", text }], structuredContent: { runs: rows } };
  },

  async list_automations(query, { errand }, extra) {
    const automations = await errand.automations.list(query, { signal: extra.signal });
    const rows = automations.map(({ slug, title, description, categories, website, need_auth }) => ({
      slug,
      title,
      description,
      categories,
      website,
      need_auth,
    }));
    const text = rows.length
      ? rows.map((a) => `${a.slug}: ${a.title}${a.need_auth ? " (needs a saved login)" : ""}\n  ${oneLine(a.description, 200)}`).join("\n")
      : "No automations found matching your criteria";
    return { content: [{ type: "text", text }], structuredContent: { automations: rows } };
  },

  async run_automation({ slug, auth_context_id, initial_url }, { errand }, extra) {
    const created = await errand.automations.run(slug, { auth_context_id, initial_url }, { signal: extra.signal });
    return runResult(errand.baseUrl, await waitWithProgress(errand, created.id, extra), created.note ?? undefined);
  },

  async list_auth_contexts(_input, { errand }, extra) {
    const contexts = await errand.authContexts.list({ signal: extra.signal });
    const rows = contexts.map(({ id, name, urls }) => ({ id, name, urls }));
    const text = rows.length
      ? rows.map((c) => `${c.id}  ${c.name}  ${c.urls.join(", ")}`).join("\n")
      : "No saved logins yet. Create one on the Auth Contexts page of the Errand web app.";
    return { content: [{ type: "text", text }], structuredContent: { auth_contexts: rows } };
  },

  async upload_file({ name, data, content_type }, { errand }, extra) {
    const file = await errand.files.upload({ name, data, contentType: content_type }, { signal: extra.signal });
    return {
      content: [
        { type: "text", text: `Kept ${file.name} (${file.size} bytes) as file ${file.id}. Pass it in run_task's files: ["${file.id}"].` },
      ],
      structuredContent: fileRow(file),
    };
  },

  async get_run_trace({ run_id }, { errand }, extra) {
    const trace = await errand.runs.trace(run_id, { signal: extra.signal });
    const links = { har_url: `${errand.baseUrl}/api/v1/runs/${run_id}/har`, bundle_url: `${errand.baseUrl}/api/v1/runs/${run_id}/bundle` };
    const rows = trace.steps.map(
      (s) => `Step ${s.number}: ${s.duration_ms} ms (model ${s.model_ms}, browser ${s.browser_ms}, waiting ${s.waiting_ms})`,
    );
    const text = [
      `Run ${run_id} (${trace.status}): ${trace.duration_ms} ms.`,
      ...rows,
      `HAR: ${links.har_url}`,
      `Bundle: ${links.bundle_url}`,
    ];
    return { content: [{ type: "text", text: text.join("\n") }], structuredContent: { trace, ...links } };
  },

  async get_run_files({ run_id, content }, { errand }, extra) {
    const files = await errand.runs.files(run_id, { signal: extra.signal });
    const out: CallToolResult["content"] = [
      { type: "text", text: files.length ? files.map(fileLine).join("\n") : "This run has no files." },
    ];
    if (content) {
      for (const file of files) {
        if (file.size > MAX_INLINE_FILE_BYTES) {
          out.push({ type: "text", text: `${file.name}: larger than ${MAX_INLINE_FILE_BYTES / 1024 / 1024} MB, not included.` });
          continue;
        }
        out.push({ type: "text", text: `${file.name}:` });
        out.push(fileContent(file, await errand.files.content(file.id, { signal: extra.signal })));
      }
    }
    return { content: out, structuredContent: { run_id, files: files.map(fileRow) } };
  },
};

const fileRow = (file: ErrandFile) => ({
  file_id: file.id,
  origin: file.origin,
  name: file.name,
  content_type: file.content_type,
  size: file.size,
  step_number: file.step_number,
});

const fileLine = (file: ErrandFile) =>
  `${file.id}  ${file.name}  ${file.content_type}  ${file.size} bytes  ${file.origin === "upload" ? "given to the run" : `downloaded${file.step_number !== null ? ` in step ${file.step_number}` : ""}`}`;

/** A file's bytes as MCP content: text as text, images as images, anything else as a base64 resource. */
function fileContent(file: ErrandFile, bytes: ArrayBuffer): CallToolResult["content"][number] {
  const data = Buffer.from(bytes);
  if (/^image\/(png|jpeg|gif|webp)$/.test(file.content_type))
    return { type: "image", data: data.toString("base64"), mimeType: file.content_type };
  if (/^text\/|json|xml|csv/.test(file.content_type))
    return { type: "resource", resource: { uri: file.content_url, mimeType: file.content_type, text: data.toString("utf8") } };
  return { type: "resource", resource: { uri: file.content_url, mimeType: file.content_type, blob: data.toString("base64") } };
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** "Batch <id> running: 12 of 100 rows ended (11 success, 1 failed), 4 running." */
/** "Evaluation <id> finished: 8 of 8 cases x models ended, 0 running." then a line per model. */
function evaluationText(evaluation: EvaluationDetail): string {
  const { waiting, running } = evaluation.counts;
  const head = `Evaluation ${evaluation.id} ${evaluation.status}: ${evaluation.total_cells - waiting - running} of ${evaluation.total_cells} cases x models ended, ${running} running.`;
  const lines = evaluation.report.models.map((m) => {
    const rate = m.success_rate === null ? "-" : `${Math.round(m.success_rate * 100)}%`;
    const failures = Object.entries(m.failure_kinds).map(([kind, n]) => `${kind} ${n}`);
    return `${m.model}: ${rate} (${m.passed} of ${m.ended} passed)${failures.length ? `; failures: ${failures.join(", ")}` : ""}`;
  });
  return [head, ...lines].join("\n");
}

function batchLine(batch: Batch): string {
  const { ended, running, outcomes } = batchProgress(batch);
  const met = outcomes.length ? ` (${outcomes.join(", ")})` : "";
  return `Batch ${batch.id} ${batch.status}: ${ended} of ${batch.total_rows} rows ended${met}, ${running} running.`;
}
