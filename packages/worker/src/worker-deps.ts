import type { BrowserManager, CaptchaSolverOptions } from "@errand/agent";
import type { FileStorage } from "@errand/services/storage";
import type { LiveRuns } from "@errand/services/live";
import type { RunEventListener } from "@errand/services/events";
import type { ServiceContext } from "@errand/services";
import type { LlmSettings } from "./model-settings.ts";

/** What executing runs needs, built once per worker process (see the CLI's runtime). */
export interface WorkerDeps {
  ctx: ServiceContext;
  events: RunEventListener;
  storage: FileStorage;
  browsers: BrowserManager;
  llm: LlmSettings;
  network: { allowPrivate?: boolean; allowHosts?: string[] };
  proxyUrl?: string;
  /** The captcha solving service (CAPTCHA_SOLVER_*); absent: a challenge is handed to a person. */
  captchaSolver?: CaptchaSolverOptions;
  /** How long a run waits for a person to take control (PERSON_WAIT_SECONDS); default the agent's 10 min. */
  personWaitMs?: number;
  /** How long a run waits for an approval, instead of its own approval_timeout_seconds: tests shorten it (the setting's least is 30 s). */
  approvalWaitMs?: number;
  /** How often a running run says it is alive (and learns it was cancelled). */
  heartbeatMs?: number;
  /** Where this process offers its running runs to viewers (watch and take over). */
  liveRuns?: LiveRuns;
  /** Session recordings (docs/adr/0047-session-recordings.md): whether a run that does not say records (SESSION_RECORDING_DEFAULT), and the size limit. Default on, 20 MB. */
  sessionRecording?: { byDefault: boolean; maxBytes: number };
}
