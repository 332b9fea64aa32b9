// Lighthouse and its Chrome launcher for bench/lighthouse-bench.ts, installed on first use
// (bench/bench-tools.ts), typed by the little of them the benchmark reads.
import { benchTools } from "./bench-tools.ts";

export interface LighthouseResult {
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
  categories: Record<string, { score: number | null } | undefined>;
}
export interface LighthouseFlags {
  port?: number;
  output?: "json";
  logLevel?: "error";
  onlyCategories?: string[];
  blockedUrlPatterns?: string[];
}
/** A Lighthouse configuration (its desktop preset here), passed through unread. */
export type LighthouseConfig = object;

interface LighthouseModule {
  default(url: string, flags: LighthouseFlags, config?: LighthouseConfig): Promise<{ lhr: LighthouseResult } | undefined>;
  desktopConfig: LighthouseConfig;
}
interface ChromeLauncherModule {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

export async function loadLighthouse() {
  const tools = await benchTools({ lighthouse: "12.8.2", "chrome-launcher": "1.2.1" });
  const lighthouse = tools.lighthouse as LighthouseModule;
  return {
    lighthouse: lighthouse.default,
    desktopConfig: lighthouse.desktopConfig,
    chromeLauncher: tools["chrome-launcher"] as ChromeLauncherModule,
  };
}
