import { EMPTY_APPROVAL_FORM } from "./task-approval-form";
import { describe, expect, it } from "vitest";
import {
  COST_LIMIT_MESSAGE,
  EMPTY_TASK_FORM,
  STEP_LIMIT_MESSAGE,
  SESSION_TIMEOUT_MESSAGE,
  URL_MESSAGE,
  draftToFormValues,
  hasAdvancedValues,
  hasNoBalance,
  jsonSchemaForRequest,
  jsonSchemaWarning,
  parseSessionTimeout,
  taskToFormValues,
  toRunBody,
  toTaskUpdate,
  validateTaskForm,
  type TaskFormValues,
} from "./task-form";
import { completeDraft } from "./task-draft";
import { EMPTY_CHECKS_FORM } from "./task-checks-form";

const form = (values: Partial<TaskFormValues>): TaskFormValues => ({ ...EMPTY_TASK_FORM, ...values });
/** A saved task with nothing but its prompt set, as the API answers it. */
const SAVED_TASK = {
  prompt: "p",
  response_format: "text",
  json_schema: null,
  auth_context_id: null,
  initial_url: null,
  webhook_url: null,
  session_timeout: 300,
} as const;

describe("validation (spec section 5)", () => {
  it("requires a prompt", () => {
    expect(validateTaskForm(form({ prompt: "  " })).prompt).toBeDefined();
    expect(validateTaskForm(form({ prompt: "Find it" }))).toEqual({});
  });

  it("accepts a session timeout from 30 to 3600 and turns non-numbers into 300", () => {
    expect(parseSessionTimeout("abc")).toBe(300);
    expect(parseSessionTimeout("")).toBe(300);
    expect(parseSessionTimeout(" 45 ")).toBe(45);
    for (const ok of ["30", "3600", "abc", ""])
      expect(validateTaskForm(form({ prompt: "x", sessionTimeout: ok })).session_timeout).toBeUndefined();
    for (const bad of ["29", "3601", "60.5", "-1"])
      expect(validateTaskForm(form({ prompt: "x", sessionTimeout: bad })).session_timeout).toBe(SESSION_TIMEOUT_MESSAGE);
  });

  it("requires http(s) URLs when given", () => {
    expect(validateTaskForm(form({ prompt: "x", initialUrl: "example.com" })).initial_url).toBe(URL_MESSAGE);
    expect(validateTaskForm(form({ prompt: "x", webhookUrl: "ftp://example.com" })).webhook_url).toBe(URL_MESSAGE);
    expect(validateTaskForm(form({ prompt: "x", initialUrl: "https://example.com", webhookUrl: "http://localhost:9/h" }))).toEqual({});
  });

  it("warns (without blocking) about a JSON schema that is not JSON", () => {
    expect(jsonSchemaWarning({ responseFormat: "json", jsonSchema: "{ name: string }" })).toMatch(/not valid JSON/);
    expect(jsonSchemaWarning({ responseFormat: "json", jsonSchema: '{"type":"object"}' })).toBeUndefined();
    expect(jsonSchemaWarning({ responseFormat: "text", jsonSchema: "{ nope" })).toBeUndefined();
    expect(validateTaskForm(form({ prompt: "x", responseFormat: "json", jsonSchema: "{ nope" }))).toEqual({});
  });
});

describe("request bodies (spec section 7)", () => {
  it("sends the defaults and omits session_timeout when it is 300", () => {
    expect(toRunBody(form({ prompt: "  Find the price  " }))).toEqual({
      prompt: "Find the price",
      model: "gpt-4.1",
      provider: "openai",
      response_format: "text",
    });
  });

  it("sends every advanced parameter that is set", () => {
    const body = toRunBody(
      form({
        prompt: "p",
        responseFormat: "json",
        jsonSchema: '{"type":"object"}',
        authContextId: "0b7e5c2c-1c3e-4f7a-9a55-1b2c3d4e5f60",
        initialUrl: " https://example.com ",
        webhookUrl: "https://hooks.example.com/x",
        sessionTimeout: "120",
      }),
      { model: "claude-sonnet-4-5", provider: "anthropic" },
    );
    expect(body).toEqual({
      prompt: "p",
      model: "claude-sonnet-4-5",
      provider: "anthropic",
      response_format: "json",
      json_schema: { type: "object" },
      auth_context_id: "0b7e5c2c-1c3e-4f7a-9a55-1b2c3d4e5f60",
      initial_url: "https://example.com",
      webhook_url: "https://hooks.example.com/x",
      session_timeout: 120,
    });
  });

  it("sends the JSON schema parsed when valid, else as the raw string, and only for JSON", () => {
    expect(jsonSchemaForRequest('{"a": 1}')).toEqual({ a: 1 });
    expect(jsonSchemaForRequest("{ name: string }")).toBe("{ name: string }");
    expect(jsonSchemaForRequest("   ")).toBeUndefined();
    expect(toRunBody(form({ prompt: "p", jsonSchema: '{"a":1}' })).json_schema).toBeUndefined();
    expect(toRunBody(form({ prompt: "p", sessionTimeout: "abc" })).session_timeout).toBeUndefined();
  });

  it("sends every task field on update, null for cleared ones", () => {
    expect(toTaskUpdate(form({ prompt: "p", sessionTimeout: "300" }))).toEqual({
      prompt: "p",
      response_format: "text",
      json_schema: null,
      auth_context_id: null,
      webhook_url: null,
      session_timeout: 300,
      initial_url: null,
      credential_names: [],
      proxy: null,
      tags: [],
      max_cost_usd: null,
      max_steps: null,
      on_limit: "stop",
      checks: null,
      retry: null,
      approval: [],
      approval_words: [],
      approval_timeout_seconds: 1800,
      recording: null,
      allowed_domains: [],
    });
    expect(toTaskUpdate(form({ prompt: "p", maxCostUsd: " 2.5 ", maxSteps: "40", onLimit: "ask" }))).toMatchObject({
      max_cost_usd: 2.5,
      max_steps: 40,
      on_limit: "ask",
    });
    expect(toTaskUpdate(form({ prompt: "p", credentialNames: ["github-work"] })).credential_names).toEqual(["github-work"]);
    expect(toTaskUpdate(form({ prompt: "p", proxyPool: "residential", proxyCountry: "DE " })).proxy).toEqual({
      pool: "residential",
      country: "de",
    });
  });

  it("sends the proxy pool only when one is chosen, and checks the country's form", () => {
    expect(toRunBody(form({ prompt: "p" })).proxy).toBeUndefined();
    expect(toRunBody(form({ prompt: "p", proxyPool: "residential" })).proxy).toEqual({ pool: "residential" });
    expect(validateTaskForm(form({ prompt: "p", proxyPool: "residential", proxyCountry: "Germany" })).proxy).toBe(
      "Country must be a two-letter country code such as DE or US.",
    );
  });
});

describe("tags", () => {
  it("are sent with a new run only when there are some, and always on update", () => {
    expect(toRunBody(form({ prompt: "p" }))).not.toHaveProperty("tags");
    expect(toRunBody(form({ prompt: "p", tags: ["eu", "q4"] })).tags).toEqual(["eu", "q4"]);
    expect(toTaskUpdate(form({ prompt: "p", tags: ["eu"] })).tags).toEqual(["eu"]);
    expect(hasAdvancedValues(form({ tags: ["eu"] }))).toBe(true);
  });
});

describe("limits", () => {
  it("sends a cost and step limit only when set, and asks only when told", () => {
    expect(toRunBody(form({ prompt: "p" }))).not.toHaveProperty("max_cost_usd");
    expect(toRunBody(form({ prompt: "p", maxCostUsd: " 0.5 ", maxSteps: "20", onLimit: "ask" }))).toMatchObject({
      max_cost_usd: 0.5,
      max_steps: 20,
      on_limit: "ask",
    });
    expect(hasAdvancedValues(form({ maxSteps: "3" }))).toBe(true);
  });

  it("refuses a limit out of range with the field's message", () => {
    expect(validateTaskForm(form({ prompt: "p", maxCostUsd: "0", maxSteps: "2.5" }))).toEqual({
      max_cost_usd: COST_LIMIT_MESSAGE,
      max_steps: STEP_LIMIT_MESSAGE,
    });
    expect(validateTaskForm(form({ prompt: "p", maxCostUsd: "0.01", maxSteps: "1" }))).toEqual({});
  });
});

describe("form values", () => {
  it("come from a task", () => {
    const values = taskToFormValues({
      prompt: "p",
      response_format: "json",
      json_schema: { type: "object" },
      auth_context_id: null,
      initial_url: "https://example.com",
      webhook_url: null,
      session_timeout: 60,
      credential_names: ["github-work"],
      proxy: { pool: "residential", country: "de" },
      tags: ["team:sales"],
      max_cost_usd: 0.5,
      max_steps: 20,
      on_limit: "ask",
    });
    expect(values).toEqual({
      prompt: "p",
      responseFormat: "json",
      jsonSchema: '{\n  "type": "object"\n}',
      authContextId: "",
      initialUrl: "https://example.com",
      webhookUrl: "",
      sessionTimeout: "60",
      credentialNames: ["github-work"],
      proxyPool: "residential",
      proxyCountry: "DE",
      maxCostUsd: "0.5",
      maxSteps: "20",
      onLimit: "ask",
      tags: ["team:sales"],
      checks: EMPTY_CHECKS_FORM,
      approval: EMPTY_APPROVAL_FORM,
      recording: true,
      allowedDomains: "",
    });
    expect(hasAdvancedValues(values)).toBe(true);
  });

  it("turn a session recording off on a run and a task, and back to the server's default", () => {
    const off = form({ prompt: "p", recording: false });
    expect(toRunBody(off).recording).toBe(false);
    expect(toTaskUpdate(off).recording).toBe(false);
    expect(hasAdvancedValues(off)).toBe(true);
    expect(toRunBody(form({ prompt: "p" }))).not.toHaveProperty("recording");
    expect(toTaskUpdate(form({ prompt: "p" })).recording).toBeNull();
    expect(taskToFormValues({ ...SAVED_TASK, recording: false }).recording).toBe(false);
    expect(taskToFormValues({ ...SAVED_TASK, recording: null }).recording).toBe(true);
  });

  it("come from a draft", () => {
    const values = draftToFormValues(completeDraft({ prompt: "from home" }));
    expect(values).toEqual({ ...EMPTY_TASK_FORM, prompt: "from home" });
    expect(hasAdvancedValues(values)).toBe(false);
  });

  it("know when the balance is empty", () => {
    expect(hasNoBalance({ freePrompts: 0, credits: 0 })).toBe(true);
    expect(hasNoBalance({ freePrompts: -1, credits: -5 })).toBe(true);
    expect(hasNoBalance({ freePrompts: 1, credits: 0 })).toBe(false);
    expect(hasNoBalance({ freePrompts: 0, credits: 1 })).toBe(false);
    // What runs in progress hold cannot be spent again.
    expect(hasNoBalance({ freePrompts: 2, credits: 500, heldFreePrompts: 2, heldCredits: 500 })).toBe(true);
    expect(hasNoBalance({ freePrompts: 2, credits: 500, heldFreePrompts: 1, heldCredits: 500 })).toBe(false);
  });

  it("sends Allowed domains as a list, lower-case without duplicates, and names an entry that is not a domain", () => {
    const values = form({ prompt: "p", allowedDomains: " Shop.example.com, *.example.com\nshop.example.com " });
    expect(toRunBody(values).allowed_domains).toEqual(["shop.example.com", "*.example.com"]);
    expect(toTaskUpdate(values).allowed_domains).toEqual(["shop.example.com", "*.example.com"]);
    expect(toRunBody(form({ prompt: "p" })).allowed_domains).toBeUndefined();
    expect(validateTaskForm(form({ prompt: "p", allowedDomains: "example.com, https://shop.example.com/" })).allowed_domains).toBe(
      '"https://shop.example.com/" is not a domain; give a host name such as example.com or *.example.com, without scheme, port or path',
    );
    expect(taskToFormValues({ ...SAVED_TASK, allowed_domains: ["a.com", "*.b.com"] }).allowedDomains).toBe("a.com, *.b.com");
  });
});
