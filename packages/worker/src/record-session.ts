import { createRedactor, totpFromBase32, type AgentCredential, type AgentStep } from "@errand/agent";
import type { SessionRecordingStep } from "@errand/contract";
import type { SavedState } from "@errand/services/live";
import { sessionRecordingKey, type FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import type { BrowserContext, Page } from "playwright-core";
import { RECORDING_BINDING, RECORDING_FLUSH, sessionRecordingScript } from "./session-recording-script.ts";
import { createRecordingWriter, type RecordingRedactor } from "./session-recording-writer.ts";
import type { WorkerDeps } from "./worker-deps.ts";

/** SESSION_RECORDING_MAX_MB's default: past this, compressed, a recording stops and says it was cut. */
export const DEFAULT_RECORDING_MAX_BYTES = 20 * 1024 * 1024;

const TOTP_PERIOD_MS = 30_000;

export interface SessionRecorder {
  /** Places a step on the recording's timeline. */
  mark(step: AgentStep): void;
  /** A secret the run came to know (an e-mailed sign-in link): replaced in what is kept from now on. */
  hide(values: string[]): void;
  /** Flushes every tab, closes the recording and stores it with the run; never throws (a run does not fail for its recording). */
  store(): Promise<void>;
}

/**
 * Records every tab of a run's context (docs/adr/0047-session-recordings.md): rrweb in each page,
 * its events sent in batches through a binding that knows the tab, the run's secrets replaced
 * before anything is kept. Attach before the first page opens.
 */
export async function recordSession(args: {
  ctx: ServiceContext;
  storage: FileStorage;
  runId: string;
  context: BrowserContext;
  secrets: { credentials: readonly AgentCredential[] | undefined; login: { state: SavedState } | null };
  maxBytes?: number;
}): Promise<SessionRecorder> {
  const { context, runId } = args;
  const learned: string[] = [];
  const writer = createRecordingWriter({
    runId,
    maxBytes: args.maxBytes ?? DEFAULT_RECORDING_MAX_BYTES,
    redactor: runSecretsRedactor(args.secrets, learned),
    startedAt: Date.now(),
  });
  const tabs = new Map<Page, number>();
  const tabOf = (page: Page) => {
    if (!tabs.has(page)) tabs.set(page, tabs.size);
    return tabs.get(page)!;
  };
  context.on("page", tabOf);
  const steps: SessionRecordingStep[] = [];
  let stored: Promise<void> | undefined;
  await context.exposeBinding(RECORDING_BINDING, ({ page }, batch: unknown) => {
    if (typeof batch === "string") writer.add(tabOf(page), batch);
  });
  await context.addInitScript({ content: sessionRecordingScript() });
  return {
    mark: (step) => void steps.push({ number: step.number, at: step.startedAt.getTime() }),
    hide: (values) => void learned.push(...values),
    store() {
      stored ??= keep();
      return stored;
    },
  };

  async function keep() {
    try {
      // What each page still buffers; a page busy or gone keeps the rest to itself.
      await Promise.all(context.pages().map((page) => page.evaluate(`window.${RECORDING_FLUSH}?.()`).catch(() => undefined)));
      const written = await writer.finish({ tabs: tabs.size, steps, note: null });
      await args.storage.put(sessionRecordingKey(runId), written.data, "application/gzip");
      if (written.cut) args.ctx.log.info("session recording cut at its size limit", { runId, bytes: written.data.length });
    } catch (error) {
      args.ctx.log.warn("could not keep the session recording", { runId, error });
    }
  }
}

/**
 * The run's secrets as they could show in a page: vault passwords and TOTP secrets, the TOTP codes
 * of the current period and its neighbours, and the saved login's cookie and storage values.
 * Usernames may show, as they do in step records.
 */
function runSecretsRedactor(
  secrets: {
    credentials: readonly AgentCredential[] | undefined;
    login: { state: SavedState } | null;
  },
  learned: readonly string[],
): RecordingRedactor {
  const state = secrets.login?.state;
  const fixed = [
    ...(secrets.credentials ?? []).flatMap((c) => [c.password, ...(c.totp_secret ? [c.totp_secret] : [])]),
    ...(state?.cookies ?? []).map((cookie) => cookie.value),
    ...(state?.origins ?? []).flatMap((origin) => origin.localStorage.map((item) => item.value)),
  ];
  const totpSecrets = (secrets.credentials ?? []).flatMap((c) => (c.totp_secret ? [c.totp_secret] : []));
  let period = -1;
  let learnedCount = 0;
  let codes: string[] = [];
  let current = createRedactor(fixed);
  const now = () => {
    const at = Math.floor(Date.now() / TOTP_PERIOD_MS);
    const newPeriod = totpSecrets.length > 0 && at !== period;
    if (newPeriod) {
      period = at;
      codes = totpSecrets.flatMap((secret) => [-1, 0, 1].map((k) => totpFromBase32(secret, new Date((at + k) * TOTP_PERIOD_MS))));
    }
    if (newPeriod || learned.length !== learnedCount) {
      learnedCount = learned.length;
      current = createRedactor([...fixed, ...codes, ...learned]);
    }
    return current;
  };
  return { redact: (text) => now().redact(text), contains: (text) => now().contains(text) };
}

/** Records the run's session unless it (or its task, or the server's default) says not to. */
export async function startSessionRecording(
  deps: WorkerDeps,
  run: { id: string; recording: boolean | null },
  prepared: { credentials: readonly AgentCredential[] | undefined; login: { state: SavedState } | null },
  context: BrowserContext,
): Promise<SessionRecorder | undefined> {
  if (!(run.recording ?? deps.sessionRecording?.byDefault ?? true)) return undefined;
  return recordSession({
    ctx: deps.ctx,
    storage: deps.storage,
    runId: run.id,
    context,
    secrets: { credentials: prepared.credentials, login: prepared.login },
    maxBytes: deps.sessionRecording?.maxBytes,
  });
}
