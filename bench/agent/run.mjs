// Runs the agent benchmarks one after the other and prints one JSON summary.
// Run: node bench/agent/run.mjs   (each benchmark runs under tsx, as it imports TypeScript)
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
const run = (file, args = []) =>
  JSON.parse(execFileSync(tsx, [path.join(import.meta.dirname, file), ...args], { cwd: root, encoding: "utf8", maxBuffer: 64 * 2 ** 20 }));

const stepTime = run("step-time.mjs", ["6"]);
const memory = run("memory.mjs", ["1,2,4,8"]);
const observation = run("observation-size.mjs");
const protocol = run("protocol-size.mjs");
console.log(JSON.stringify({ stepTime, memory, observationSize: observation, protocolSize: protocol }, null, 2));
