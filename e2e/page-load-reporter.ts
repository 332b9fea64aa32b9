import { writeFileSync } from "node:fs";
import path from "node:path";
import type { FullConfig, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** The attachment a test's loads travel in from its fixture (e2e/fixtures.ts). */
export const PAGE_LOADS_ATTACHMENT = "page-loads";

type TestLoads = { title: string; status: string; seconds: number; loads: string[] };
type SpecLoads = { spec: string; loads: number; tests: number; seconds: number; perTest: TestLoads[] };

/**
 * Sums the documents each test loaded (e2e/fixtures.ts, `E2E_COUNT_LOADS=1`) per spec, with the
 * tests' durations, into page-loads.json in the output folder, and prints the specs by loads.
 */
export default class PageLoadReporter implements Reporter {
  private readonly specs = new Map<string, SpecLoads>();
  private outputDir = ".";
  private rootDir = ".";

  onBegin(config: FullConfig) {
    this.outputDir = config.projects[0]?.outputDir ?? ".";
    this.rootDir = config.rootDir;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const spec = path.relative(this.rootDir, test.location.file);
    const entry = this.specs.get(spec) ?? { spec, loads: 0, tests: 0, seconds: 0, perTest: [] };
    const body = result.attachments.find((a) => a.name === PAGE_LOADS_ATTACHMENT)?.body;
    const loads = body ? (JSON.parse(body.toString()) as string[]) : [];
    const seconds = Math.round(result.duration / 100) / 10;
    entry.perTest.push({ title: test.titlePath().slice(3).join(" > "), status: result.status, seconds, loads });
    entry.loads += loads.length;
    entry.tests += 1;
    entry.seconds = Math.round((entry.seconds + seconds) * 10) / 10;
    this.specs.set(spec, entry);
  }

  onEnd() {
    const specs = [...this.specs.values()].sort((a, b) => b.loads - a.loads);
    const total = { loads: 0, tests: 0, seconds: 0 };
    for (const spec of specs) {
      total.loads += spec.loads;
      total.tests += spec.tests;
      total.seconds += spec.seconds;
    }
    total.seconds = Math.round(total.seconds);
    const file = path.join(this.outputDir, "page-loads.json");
    writeFileSync(file, `${JSON.stringify({ total, specs }, null, 2)}\n`);
    const row = (loads: number, tests: number, seconds: number, name: string) =>
      `${String(loads).padStart(5)} loads ${String(tests).padStart(3)} tests ${seconds.toFixed(1).padStart(7)} s  ${name}`;
    const lines = specs.map((s) => row(s.loads, s.tests, s.seconds, s.spec));
    console.log(`\nPage loads per spec (${file}):\n${lines.join("\n")}\n${row(total.loads, total.tests, total.seconds, "in all")}`);
  }

  printsToStdio() {
    return false;
  }
}
