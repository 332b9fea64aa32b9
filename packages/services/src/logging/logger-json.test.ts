import { describe, expect, it } from "vitest";
import { withLogContext } from "./log-context.ts";
import { LOG_LIMITS } from "./log-text.ts";
import { createLogger, resolveLogFormat } from "./logger.ts";

function capture(format: "text" | "json") {
  const lines: string[] = [];
  return { lines, log: createLogger("debug", (line) => lines.push(line), format) };
}

describe("JSON log lines", () => {
  it("are one JSON object per line with time, level, msg and the fields, secrets redacted", () => {
    const { lines, log } = capture("json");
    log.warn("signed in", { userId: "u1", password: "hunter2", headers: { authorization: "Bearer abc" }, msg: "a field named msg" });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      level: "warn",
      msg: "signed in",
      userId: "u1",
      password: "[redacted]",
      headers: { authorization: "[redacted]" },
      field_msg: "a field named msg",
    });
    expect(Date.parse(entry.time)).not.toBeNaN();
    expect(lines[0]).not.toMatch(/hunter2|Bearer abc/);
  });

  it("carry the request or run id of the context they are written in, across awaits", async () => {
    const { lines, log } = capture("json");
    await withLogContext({ requestId: "req-12345678" }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.info("in the request");
      await withLogContext({ runId: "run-1" }, async () => log.info("in the run"));
    });
    log.info("outside");
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ msg: "in the request", requestId: "req-12345678" }),
      expect.objectContaining({ msg: "in the run", requestId: "req-12345678", runId: "run-1" }),
      expect.not.objectContaining({ requestId: expect.anything() }),
    ]);
  });

  it("text lines carry the ids as fields too", () => {
    const { lines, log } = capture("text");
    withLogContext({ runId: "run-2" }, () => log.info("step"));
    expect(lines[0]).toMatch(/INFO {2}step \{"runId":"run-2"\}$/);
  });

  it("stay valid JSON, on one line and within the bound whatever the fields hold", () => {
    const { lines, log } = capture("json");
    const breakers = "\r\n\u0085\u2028".repeat(3000);
    log.error(`message ${breakers}`, Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, breakers])));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThanOrEqual(LOG_LIMITS.line);
    // eslint-disable-next-line no-control-regex -- control characters are what it matches
    expect(lines[0]).not.toMatch(/[\u0000-\u001f\u0085\u2028\u2029]/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "error" });
  });

  it("auto: text on a terminal, JSON otherwise", () => {
    expect(resolveLogFormat("auto", true)).toBe("text");
    expect(resolveLogFormat("auto", false)).toBe("json");
    expect(resolveLogFormat("json", true)).toBe("json");
  });
});
