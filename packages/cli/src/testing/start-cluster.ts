// Several Errand processes on one Postgres, as an operator who outgrew one machine runs them:
// API processes (`errand serve --role api`) and worker processes (`errand worker`), each a real
// OS process, sharing one isolated database, one data directory, one fake model and the fixture
// sites. For tests of what only shows across processes (exactly-once runs, events relayed
// through LISTEN/NOTIFY, a worker dying mid-run).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Db } from "@errand/db";
import { createIsolatedTestDb } from "@errand/db/testing";
import type { ServiceContext } from "@errand/services";
import { makeTestContext } from "@errand/services/testing";
import {
  doneResponder,
  signUpAt,
  startFakeModelServer,
  startFixtureSites,
  type FakeModelServer,
  type FakeResponder,
  type FixtureSites,
} from "@errand/testkit";
import { descendantsOf, freePort, isRunning } from "./process-tree.ts";
import { spawnCli, type CliProcess } from "./spawn-cli.ts";

type RoleEnv = Record<string, string> | ((index: number) => Record<string, string>);

export interface StartClusterOptions {
  /** API processes (default 2): `errand serve --role api`, each on its own free port. */
  apis?: number;
  /** Worker processes started at once (default 2); more later with `cluster.startWorker()`. */
  workers?: number;
  /** WORKER_CONCURRENCY of each worker process (default 2). */
  workerConcurrency?: number;
  /** The fake model's behaviour (default: answers done at once); change it later with `model.setResponder`. */
  responder?: FakeResponder;
  /** More environment for every process, then per role (a function gets the process's index). */
  env?: Record<string, string>;
  apiEnv?: RoleEnv;
  workerEnv?: RoleEnv;
  /** How long each process may take to say it is running (default 90 s: a busy 2-core machine). */
  startTimeoutMs?: number;
}

export interface ClusterApi {
  index: number;
  /** "http://localhost:PORT", no trailing slash. */
  baseUrl: string;
  port: number;
  process: CliProcess;
}

export interface ClusterWorker {
  index: number;
  pid: number;
  process: CliProcess;
  /** Sends the signal (default SIGKILL: the process dies mid-run) and resolves with the exit code. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface Cluster {
  apis: ClusterApi[];
  workers: ClusterWorker[];
  /** Starts one more worker process (waits until it takes jobs); it is added to `workers`. */
  startWorker(): Promise<ClusterWorker>;
  /** The shared database, its URL, and a service context on it (same ENCRYPTION_KEY as the processes; no queue). */
  db: Db;
  databaseUrl: string;
  ctx: ServiceContext;
  /** The data directory every process shares (files, outbox). */
  dataDir: string;
  model: FakeModelServer;
  sites: FixtureSites;
  /** A fresh account signed up through an API process (default the first) and its API key. */
  signUp(apiIndex?: number): Promise<{ email: string; apiKey: string; cookie: string }>;
  /** Kills every process (SIGKILL), then stops the model, the sites and drops the database. */
  close(): Promise<void>;
}

const roleEnv = (env: RoleEnv | undefined, index: number) => (typeof env === "function" ? env(index) : (env ?? {}));

/** The environment every process of the cluster shares (README: AUTH_SECRET, ENCRYPTION_KEY must be the same). */
function sharedEnv(parts: { databaseUrl: string; dataDir: string; modelUrl: string; encryptionKey: Buffer; env?: Record<string, string> }) {
  return {
    NODE_ENV: "test",
    DATABASE_URL: parts.databaseUrl,
    DATA_DIR: parts.dataDir,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: parts.encryptionKey.toString("hex"),
    BILLING: "off",
    LLM_BASE_URL: parts.modelUrl,
    LLM_API_KEY: "test",
    ALLOW_PRIVATE_NETWORK: "true",
    // Tests sign up many accounts from one address and create many runs with one key.
    AUTH_RATE_LIMIT: "1000",
    API_RATE_LIMIT: "100000",
    PENDING_RUNS_PER_ACCOUNT: "10000",
    ...parts.env,
  };
}

/** Kills processes; one killed with SIGKILL cannot stop its Chromium, so what it left behind is noted and killed at the end. */
function processReaper() {
  const leftBehind = new Set<number>();
  return {
    kill(p: CliProcess, signal: NodeJS.Signals) {
      if (p.child.exitCode !== null || p.child.signalCode !== null) return;
      for (const { pid } of descendantsOf(p.child.pid!)) leftBehind.add(pid);
      p.child.kill(signal);
    },
    killLeftBehind() {
      for (const pid of leftBehind) if (isRunning(pid)) process.kill(pid, "SIGKILL");
    },
  };
}

export async function startCluster(options: StartClusterOptions = {}): Promise<Cluster> {
  const database = await createIsolatedTestDb();
  const model = await startFakeModelServer();
  model.setResponder(options.responder ?? doneResponder);
  const sites = await startFixtureSites();
  const dataDir = mkdtempSync(path.join(tmpdir(), "errand-cluster-"));
  const encryptionKey = randomBytes(32);
  const shared = sharedEnv({ databaseUrl: database.url, dataDir, modelUrl: model.url, encryptionKey, env: options.env });
  const timeout = options.startTimeoutMs ?? 90_000;
  const processes: CliProcess[] = [];
  const apis: ClusterApi[] = [];
  const workers: ClusterWorker[] = [];
  const reaper = processReaper();
  const killProcess = reaper.kill;

  const close = async () => {
    for (const p of processes) killProcess(p, "SIGKILL");
    await Promise.all(processes.map((p) => p.exited));
    reaper.killLeftBehind();
    await Promise.all([model.close(), sites.close()]);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const startApi = async (index: number) => {
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const env = { ...shared, PORT: String(port), BASE_URL: baseUrl, WORKER_CONCURRENCY: "0", ...roleEnv(options.apiEnv, index) };
    const api = spawnCli(["serve", "--role", "api"], env);
    processes.push(api);
    await api.waitForOutput(/Errand is running at/, timeout);
    apis[index] = { index, baseUrl, port, process: api };
  };
  const startWorker = async () => {
    const index = workers.length;
    const env = { ...shared, WORKER_CONCURRENCY: String(options.workerConcurrency ?? 2), ...roleEnv(options.workerEnv, index) };
    const worker = spawnCli(["worker"], env);
    processes.push(worker);
    const handle: ClusterWorker = {
      index,
      pid: worker.child.pid!,
      process: worker,
      async kill(signal = "SIGKILL") {
        killProcess(worker, signal);
        return worker.exited;
      },
    };
    workers.push(handle);
    await worker.waitForOutput(/Errand worker running/, timeout);
    return handle;
  };

  try {
    // The first process creates the queues alone; the others start together.
    const apiCount = options.apis ?? 2;
    if (apiCount > 0) await startApi(0);
    await Promise.all([
      ...Array.from({ length: apiCount - 1 }, (_, i) => startApi(i + 1)),
      ...Array.from({ length: options.workers ?? 2 }, () => startWorker()),
    ]);
  } catch (error) {
    await close();
    throw error;
  }

  const ctx: ServiceContext = { ...makeTestContext(database.db, { billingEnabled: false }), encryptionKey };
  let accounts = 0;
  return {
    apis,
    workers,
    startWorker,
    db: database.db,
    databaseUrl: database.url,
    ctx,
    dataDir,
    model,
    sites,
    close,
    signUp: (apiIndex = 0) => signUpAt(apis[apiIndex]!.baseUrl, `cluster-${process.pid}-${Date.now()}-${++accounts}@example.com`),
  };
}
