// Turns scripts/lint/known-violations.json (a temporary allow list, emptied as each area is
// fixed) into eslint config blocks that switch a rule off for the files listed under it.
import { readFileSync } from "node:fs";

export function readKnownViolations() {
  return JSON.parse(readFileSync(new URL("./known-violations.json", import.meta.url), "utf8"));
}

export function knownViolationBlocks() {
  const { eslint = {} } = readKnownViolations();
  return Object.entries(eslint)
    .filter(([, files]) => Object.keys(files).length > 0)
    .map(([rule, files]) => ({ files: Object.keys(files), rules: { [rule]: "off" } }));
}
