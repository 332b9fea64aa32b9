#!/usr/bin/env node
import { ConfigError } from "@errand/config";

const USAGE = `Usage: errand <command>

Commands:
  serve      Run the web app, the API, a worker and the database (default)
             --role api: no worker in this process
  worker     Execute queued runs only (scale out: run several, on any machine)
             --health: also answer /api/health and /api/ready on HOST:PORT
  run        Run a task from the terminal: errand run "<prompt>" [--url URL]
             [--schema file.json] [--timeout S] [--model M] [--provider P]
  batch      Run a saved task over a CSV's rows on a server (ERRAND_URL, ERRAND_API_KEY):
             errand batch <task id> rows.csv [--concurrency N] [--wait]
  eval       Run a suite of cases against models on a server and compare them (docs/evaluations.md):
             errand eval suite.yaml [--models a,b] [--wait] [--json] [--out report.json]
             errand eval import --format webvoyager|online-mind2web <file>
             [--limit N] [--offset N] [--sites a,b] [--judge "instructions"] > suite.yaml
  migrate    Apply database migrations and exit
  seed       Apply migrations and seed the automation catalogue (serve does both)
  credits grant <email> <dollars>
             Add credits to an account (recorded as a transaction)
  secrets rotate
             Re-seal stored secrets with ENCRYPTION_KEY (old key in ENCRYPTION_KEY_PREVIOUS)
  automation-demo <slug> [<run id>|none] | --missing
             Record an automation's demo with the model (the run becomes its
             public replay when it succeeds), or use a run that succeeded, or remove it
  storage migrate [--dry-run]
             Copy the files in DATA_DIR/files to the S3 bucket (S3_URL); safe to re-run
  mcp        The MCP server on stdio for desktop AI clients
             (ERRAND_API_KEY, ERRAND_URL; remote clients: <server>/mcp)
  config     List every environment variable with its default and meaning
  help       Show this help
`;

type Command = (args: string[]) => Promise<number | void>;

// Each command is loaded when it runs: `errand mcp` (started by desktop clients) loads no server.
const commands: Record<string, () => Promise<Command>> = {
  serve: async () => (await import("./commands/serve.ts")).serveCommand,
  worker: async () => (await import("./commands/worker.ts")).workerCommand,
  run: async () => (await import("./commands/run.ts")).runCommand,
  batch: async () => (await import("./commands/batch.ts")).batchCommand,
  eval: async () => (await import("./commands/eval.ts")).evalCommand,
  migrate: async () => (await import("./commands/migrate.ts")).migrateCommand,
  seed: async () => (await import("./commands/seed.ts")).seedCommand,
  "automation-demo": async () => (await import("./commands/automation-demo.ts")).automationDemoCommand,
  credits: async () => (await import("./commands/credits.ts")).creditsCommand,
  secrets: async () => (await import("./commands/secrets.ts")).secretsCommand,
  storage: async () => (await import("./commands/storage.ts")).storageCommand,
  mcp: async () => (await import("./commands/mcp.ts")).mcpCommand,
  config: async () => (await import("./commands/config.ts")).configCommand,
  help: async () => async () => void process.stdout.write(USAGE),
};

const [name = "serve", ...args] = process.argv.slice(2);
const load = commands[name];
if (!load) {
  process.stderr.write(`Unknown command "${name}".\n\n${USAGE}`);
  process.exit(2);
}
try {
  const command = await load();
  const code = await command(args);
  if (typeof code === "number") process.exit(code);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(`errand ${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
