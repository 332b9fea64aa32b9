import type { Run } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { runResult } from "./tool-results.ts";

const run = (fields: Partial<Run>) =>
  ({
    id: "r1",
    task_id: "t1",
    status: "success",
    status_reason: null,
    result: "Done.",
    execution_time: 4.25,
    response_format: "text",
    ...fields,
  }) as Run;
const firstLine = (answer: ReturnType<typeof runResult>) => (answer.content[0] as { text: string }).text.split("\n")[0];

describe("a run's answer to the assistant", () => {
  it("says where the run stands and links its page", () => {
    expect(firstLine(runResult("https://errand.example", run({})))).toBe(
      "Run r1 succeeded in 4.3 s. Page: https://errand.example/tasks/t1/task-runs/r1",
    );
  });

  it("ends a reason that is a sentence with one full stop, not two", () => {
    const ended = run({ status: "error", execution_time: 0, result: null, status_reason: "No model is configured on this server." });
    expect(firstLine(runResult("https://errand.example", ended))).toBe(
      "Run r1 ended error in 0 s: No model is configured on this server. Page: https://errand.example/tasks/t1/task-runs/r1",
    );
    expect(
      firstLine(runResult("https://errand.example", run({ status: "cancelled", execution_time: null, status_reason: "Cancelled by you" }))),
    ).toBe("Run r1 ended cancelled: Cancelled by you. Page: https://errand.example/tasks/t1/task-runs/r1");
  });

  it("names a failed run's failure kind, in the line and in the structured content", () => {
    const failure = { kind: "navigation_blocked" as const, message: "The agent could not complete the task: the page was blocked." };
    const answer = runResult(
      "https://errand.example",
      run({ status: "failed", execution_time: 2, result: null, status_reason: failure.message, failure }),
    );
    expect(firstLine(answer)).toBe(
      "Run r1 ended failed (failure kind navigation_blocked) in 2 s: The agent could not complete the task: the page was blocked. Page: https://errand.example/tasks/t1/task-runs/r1",
    );
    expect(answer.structuredContent).toMatchObject({ failure });
  });

  it("gives a JSON run's data as structured content", () => {
    const answer = runResult("https://errand.example", run({ response_format: "json", result: '{"price": 12}' }));
    expect(answer.structuredContent).toMatchObject({ data: { price: 12 }, status: "success" });
  });

  it("says how a run with checks was verified, in its text and its structured content", () => {
    const verification = {
      verdict: "fail" as const,
      checks: [{ kind: "range" as const, path: "price", passed: false, message: "price is 49, outside 10..20" }],
      judge: { verdict: "fail" as const, reasons: ["Wrong item."], tokens: { input: 300, output: 20 } },
    };
    const answer = runResult("https://errand.example", run({ status: "failed", verification, retry_of: "r0" }));
    expect((answer.content[0] as { text: string }).text.split("\n")[1]).toBe(
      "Verification: fail (price is 49, outside 10..20; the judge said fail: Wrong item.).",
    );
    expect(answer.structuredContent).toMatchObject({ verification, retry_of: "r0" });
  });
});
