#!/usr/bin/env node
import { ConfigError } from "@errand/config";
import { serveCommand } from "./commands/serve.ts";
import { migrateCommand } from "./commands/migrate.ts";
import { configCommand } from "./commands/config.ts";
import { runCommand } from "./commands/run.ts";
import { workerCommand } from "./commands/worker.ts";
import { seedCommand } from "./commands/seed.ts";
import { automationDemoCommand } from "./commands/automation-demo.ts";
import { creditsCommand } from "./commands/credits.ts";
import { secretsCommand } from "./commands/secrets.ts";

const USAGE = `Usage: errand <command>

Commands:
  serve      Run the web app, the API, a worker and the database (default)
             --role api: no worker in this process
  worker     Execute queued runs only (scale out: run several, on any machine)
  run        Run a task from the terminal: errand run "<prompt>" [--url URL]
             [--schema file.json] [--timeout S] [--model M] [--provider P]
  migrate    Apply database migrations and exit
  seed       Apply migrations and seed the automation catalogue (serve does both)
  credits grant <email> <dollars>
             Add credits to an account (recorded as a transaction)
  secrets rotate
             Re-seal stored secrets with ENCRYPTION_KEY (old key in ENCRYPTION_KEY_PREVIOUS)
  automation-demo <slug> [<run id>|none] | --missing
             Record an automation's demo with the model (the run becomes its
             public replay when it succeeds), or use a run that succeeded, or remove it
  config     List every environment variable with its default and meaning
  help       Show this help
`;

const commands: Record<string, (args: string[]) => Promise<number | void>> = {
  serve: serveCommand,
  worker: workerCommand,
  run: runCommand,
  migrate: migrateCommand,
  seed: seedCommand,
  "automation-demo": automationDemoCommand,
  credits: creditsCommand,
  secrets: secretsCommand,
  config: configCommand,
  help: async () => void process.stdout.write(USAGE),
};

const [name = "serve", ...args] = process.argv.slice(2);
const command = commands[name];
if (!command) {
  process.stderr.write(`Unknown command "${name}".\n\n${USAGE}`);
  process.exit(2);
}
try {
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
