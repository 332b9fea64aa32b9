import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order vitest starts files in: longest first, whatever their tier, so that three files at
 * once end together instead of waiting on a long one started last (docs/adr/0029-test-lanes.md).
 * vitest's own order needs its results cache, which a fresh clone (CI) has not; the durations of
 * the files over 3 s are kept in durations.json (`node scripts/vitest/write-durations.mjs
 * <report.json>` writes it from a JSON report). A file not listed counts as short.
 */
const DURATIONS: Record<string, number> = JSON.parse(readFileSync(new URL("./durations.json", import.meta.url), "utf8"));
const UNLISTED_SECONDS = 1;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = files[0]?.project.config.root ?? process.cwd();
    const seconds = (file: TestSpecification) => DURATIONS[path.relative(root, file.moduleId)] ?? UNLISTED_SECONDS;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
