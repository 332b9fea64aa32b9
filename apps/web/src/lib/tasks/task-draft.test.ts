import { TASK_DRAFT_STORAGE_KEY } from "@errand/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clearTaskDraft,
  draftFromAutomation,
  draftFromRun,
  parseTaskDraft,
  readTaskDraft,
  saveTaskDraft,
  type StorageLike,
} from "./task-draft";

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const broken: StorageLike = {
  getItem: () => {
    throw new Error("denied");
  },
  setItem: () => {
    throw new Error("quota");
  },
  removeItem: () => {
    throw new Error("denied");
  },
};

afterEach(() => vi.restoreAllMocks());

describe("task draft (kept locally)", () => {
  it("round-trips with the defaults filled in", () => {
    const storage = memoryStorage();
    saveTaskDraft({ prompt: "Find flights" }, storage);
    expect(JSON.parse(storage.data.get(TASK_DRAFT_STORAGE_KEY)!)).toEqual({
      prompt: "Find flights",
      authContextId: null,
      responseFormat: "text",
      jsonSchema: "",
      webhookUrl: "",
      sessionTimeout: 300,
      initialUrl: "",
      needAuth: false,
      credentialNames: [],
    });
    expect(readTaskDraft(storage)?.prompt).toBe("Find flights");
    clearTaskDraft(storage);
    expect(readTaskDraft(storage)).toBeNull();
  });

  it("tolerates partial and odd stored values", () => {
    expect(parseTaskDraft(null)).toBeNull();
    expect(parseTaskDraft("not json")).toBeNull();
    expect(parseTaskDraft("[1]")).toBeNull();
    expect(parseTaskDraft("{}")).toBeNull();
    expect(
      parseTaskDraft(JSON.stringify({ prompt: "p", jsonSchema: { type: "object" }, sessionTimeout: "90", responseFormat: "json" })),
    ).toEqual({
      prompt: "p",
      authContextId: null,
      responseFormat: "json",
      jsonSchema: '{\n  "type": "object"\n}',
      webhookUrl: "",
      sessionTimeout: 90,
      initialUrl: "",
      needAuth: false,
      credentialNames: [],
    });
    expect(parseTaskDraft(JSON.stringify({ prompt: "p", needAuth: true }))?.needAuth).toBe(true);
    expect(parseTaskDraft(JSON.stringify({ prompt: "p", needAuth: "yes" }))?.needAuth).toBe(false);
    expect(parseTaskDraft(JSON.stringify({ prompt: "p", sessionTimeout: "soon" }))?.sessionTimeout).toBe(300);
  });

  it("only logs storage failures", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(readTaskDraft(broken)).toBeNull();
    expect(() => saveTaskDraft({ prompt: "x" }, broken)).not.toThrow();
    expect(() => clearTaskDraft(broken)).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(3);
  });
});

describe("task draft made from other settings", () => {
  it("is made from a demo run's settings", () => {
    expect(
      draftFromRun({
        prompt: "Top story",
        auth_context_id: "ctx",
        response_format: "json",
        json_schema: { type: "object" },
        session_timeout: 600,
        initial_url: null,
        credential_names: ["shop-login"],
      }),
    ).toEqual({
      prompt: "Top story",
      authContextId: "ctx",
      responseFormat: "json",
      jsonSchema: '{\n  "type": "object"\n}',
      webhookUrl: "",
      sessionTimeout: 600,
      initialUrl: "",
      needAuth: true,
      credentialNames: ["shop-login"],
    });
  });

  it("is made from an automation's settings, keeping its login requirement", () => {
    expect(
      draftFromAutomation({
        prompt: "Collect my LinkedIn connections",
        need_auth: true,
        response_format: "text",
        json_schema: null,
        session_timeout: 900,
        initial_url: "https://www.linkedin.com/feed/",
      }),
    ).toEqual({
      prompt: "Collect my LinkedIn connections",
      authContextId: null,
      responseFormat: "text",
      jsonSchema: "",
      webhookUrl: "",
      sessionTimeout: 900,
      initialUrl: "https://www.linkedin.com/feed/",
      needAuth: true,
      credentialNames: [],
    });
  });
});
