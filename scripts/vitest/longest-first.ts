import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order vitest starts files in: one tier after another, longest file first within each
 * (docs/adr/0029-test-lanes.md).
 * - Tiers together: vitest hands a finished worker (and every module it has imported) the next
 *   file only when that file is of the same project; a file of another tier gets a new worker,
 *   which imports the server, the agent and Playwright again. Interleaved tiers started about 40
 *   workers in a run; grouped, about nine.
 * - Longest first: three files at once end together instead of waiting on a long one started
 *   last. The unit tier's short files come last and fill the end.
 * vitest's own order needs its results cache, which a fresh clone (CI) has not; the durations of
 * the files over 3 s are kept in durations.json (`node scripts/vitest/write-durations.mjs
 * <report.json>` writes it from a JSON report). A file not listed counts as short.
 */
const DURATIONS: Record<string, number> = JSON.parse(readFileSync(new URL("./durations.json", import.meta.url), "utf8"));
const UNLISTED_SECONDS = 1;
const TIER_ORDER = ["postgres", "browser", "unit"];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = files[0]?.project.config.root ?? process.cwd();
    const seconds = (file: TestSpecification) => DURATIONS[path.relative(root, file.moduleId)] ?? UNLISTED_SECONDS;
    const tier = (file: TestSpecification) => {
      const at = TIER_ORDER.indexOf(file.project.name);
      return at < 0 ? TIER_ORDER.length : at;
    };
    return [...files].sort((a, b) => tier(a) - tier(b) || seconds(b) - seconds(a));
  }
}
