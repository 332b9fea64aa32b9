import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";
import { LOG_LIMITS } from "./log-text.ts";

function capture(level: Parameters<typeof createLogger>[0] = "debug") {
  const lines: string[] = [];
  return { lines, log: createLogger(level, (line) => lines.push(line)) };
}

const FORGED = "a@b.c\r\n2026-01-01T00:00:00.000Z INFO  forged";
/** Every character that could end a line or fake one, as a reader's terminal or viewer sees it. */
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const LINE_BREAKERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const STARTS_LIKE_AN_ENTRY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z (DEBUG|INFO |WARN |ERROR)/;

describe("logger", () => {
  it("redacts secret fields, nested too, and respects the level", () => {
    const { lines, log } = capture("info");
    log.debug("hidden");
    log.info("signed in", { userId: "u1", password: "hunter2", headers: { cookie: "sid=1", "x-api-key": "errand_sk_x" } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("u1");
    expect(lines[0]).not.toMatch(/hunter2|sid=1|errand_sk_x/);
  });

  it("keeps a CR LF in the message or a field on the one line, escaped, so no fake entry starts", () => {
    const { lines, log } = capture();
    log.info(`sign-in failed for ${FORGED}`, { email: FORGED, nested: { value: FORGED } });
    expect(lines).toHaveLength(1);
    // Split as a reader's tools would: only the real entry starts a line.
    const shown = `${lines[0]}\n`.split(/\r\n|[\n\r\u0085\u2028\u2029]/).filter(Boolean);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(STARTS_LIKE_AN_ENTRY);
    expect(lines[0]).not.toMatch(LINE_BREAKERS);
    expect(lines[0]).toContain("sign-in failed for a@b.c\\r\\n2026-01-01T00:00:00.000Z INFO  forged");
    expect(lines[0]).toContain('"email":"a@b.c\\r\\n2026-01-01T00:00:00.000Z INFO  forged"');
  });

  it("escapes NUL, ESC, C1 controls, DEL, Unicode line separators and bidi overrides", () => {
    const { lines, log } = capture();
    const nasty = "a\u0000b\u001b[31mc\u0085d\u009be\u007ff\u2028g\u2029h\u202ei\tj";
    log.warn(nasty, { field: nasty, list: [nasty] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(LINE_BREAKERS);
    expect(lines[0]).not.toMatch(/[\u202e]/);
    expect(lines[0]).toContain("a\\u0000b\\u001b[31mc\\u0085d\\u009be\\u007ff\\u2028g\\u2029h\\u202ei\\tj");
    // The fields stay valid JSON: the escapes are JSON's own.
    const json = lines[0]!.slice(lines[0]!.indexOf(" {") + 1);
    expect(JSON.parse(json)).toEqual({ field: nasty, list: [nasty] });
  });

  it("cuts a 1 MB message and a 1 MB field to their limits and says how much was left out", () => {
    const { lines, log } = capture();
    const huge = "x".repeat(1_000_000);
    log.info(huge, { body: huge });
    const [line] = lines;
    expect(line!.length).toBeLessThanOrEqual(LOG_LIMITS.line);
    const message = line!.slice("2026-01-01T00:00:00.000Z INFO  ".length, line!.indexOf(" {"));
    expect(message.length).toBeLessThanOrEqual(LOG_LIMITS.message);
    expect(message).toMatch(/^x+…\[truncated \d+ chars\]$/);
    expect(Number(/truncated (\d+) chars/.exec(message)![1]) + message.indexOf("…")).toBe(huge.length);
    const { body } = JSON.parse(line!.slice(line!.indexOf(" {") + 1)) as { body: string };
    expect(body.length).toBeLessThanOrEqual(LOG_LIMITS.field);
    expect(body).toMatch(/^x+…\[truncated \d+ chars\]$/);
  });

  it("bounds the whole line however many fields there are, and a structure's JSON per field", () => {
    const { lines, log } = capture();
    const fields = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, "y".repeat(900)]));
    log.error("many fields", { ...fields, deep: { list: Array.from({ length: 500 }, (_, i) => ({ i, text: "z".repeat(50) })) } });
    expect(lines[0]!.length).toBeLessThanOrEqual(LOG_LIMITS.line);
    expect(lines[0]).toMatch(/…\[truncated \d+ chars\]$/);

    log.info("one structure", { deep: { list: Array.from({ length: 500 }, (_, i) => ({ i, text: "z".repeat(50) })) } });
    const { deep } = JSON.parse(lines[1]!.slice(lines[1]!.indexOf(" {") + 1)) as { deep: string };
    expect(typeof deep).toBe("string");
    expect(deep.length).toBeLessThanOrEqual(LOG_LIMITS.field);
  });

  it("escapes what makes a line too long before cutting, so the bound holds for control characters too", () => {
    const { lines, log } = capture();
    const nuls = "\u0000".repeat(100_000);
    log.info(nuls, { a: nuls, b: nuls, c: nuls, d: nuls, e: nuls, f: nuls, g: nuls, h: nuls, i: nuls });
    expect(lines[0]!.length).toBeLessThanOrEqual(LOG_LIMITS.line);
    expect(lines[0]).not.toMatch(LINE_BREAKERS);
  });

  it("survives cyclic fields, throwing getters and values JSON cannot write", () => {
    const { lines, log } = capture();
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic.self = cyclic;
    const hostile = Object.defineProperty({}, "boom", {
      enumerable: true,
      get: () => {
        throw new Error("no");
      },
    });
    log.info("cyclic", { cyclic, big: 10n, when: new Date(0), fn: () => 1 });
    log.info("hostile", { hostile });
    expect(lines[0]).toContain('"self":"[circular]"');
    expect(lines[0]).toContain('"big":"10"');
    expect(lines[0]).toContain('"when":"1970-01-01T00:00:00.000Z"');
    expect(lines[1]).toMatch(/INFO {2}\[unloggable message\]$/);
  });

  it("writes an error field as its message and stack frames, one line, and never the parameters of a failed query", () => {
    const { lines, log } = capture();
    const failed = new Error('Failed query: insert into "tasks" ("prompt") values ($1)\nparams: my secret prompt,user-42');
    log.error("could not save", { error: failed });
    log.error(`wrapped: ${failed.message}`);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).not.toMatch(/my secret prompt|user-42/);
    expect(lines[0]).toContain('"message":"Error: Failed query (insert into \\"tasks\\"); parameters not logged"');
    expect(lines[1]).toContain('wrapped: Failed query (insert into "tasks"); parameters not logged');
    expect(lines[0]).toMatch(/"stack":"at /);
  });
});
