import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { checkMakeApp } from "./check-app.ts";
import { codeFilesOf, codeFilesOnDisk, loadMakeApp, schemaFileFor, type MakeApp } from "./load-app.ts";
import type { OpenApi } from "./openapi.ts";

const appRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const openapi = JSON.parse(readFileSync(join(appRoot, "../../docs/openapi.json"), "utf8")) as OpenApi;
const readJson = (path: string) => JSON.parse(readFileSync(join(appRoot, path), "utf8")) as unknown;

const ajv = new Ajv({ allErrors: true });
for (const name of ["communication", "base", "webhook-communication", "parameters", "samples", "makecomapp"]) {
  ajv.addSchema(readJson(`schema/${name}.schema.json`) as object);
}
const schemaId = (file: string) => `https://errand.invalid/make/${file}`;
function schemaProblems(file: string, value: unknown): string[] {
  const validate = ajv.getSchema(schemaId(file));
  if (!validate) throw new Error(`schema ${file} is not loaded`);
  return validate(value) ? [] : [ajv.errorsText(validate.errors, { separator: "\n" })];
}

const app = loadMakeApp(appRoot);
const copy = (): MakeApp => structuredClone(app);
const baseline = checkMakeApp(app, openapi);
/** The problems a change adds to those of the app as it is. */
const problemsOf = (changed: MakeApp) => checkMakeApp(changed, openapi).filter((p) => !baseline.includes(p));

describe("the Make custom app's files", () => {
  it("has a manifest that follows our makecomapp.json schema", () => {
    expect(schemaProblems("makecomapp.schema.json", readJson("makecomapp.json"))).toEqual([]);
  });

  it("has every code file follow the schema of its kind", () => {
    const problems = codeFilesOf(app.manifest)
      .filter(([, , code]) => code !== "readme")
      .flatMap(([type, id, code, path]) =>
        schemaProblems(schemaFileFor(type, code), app.files[path]).map((p) => `${path} (${type} ${id} ${code}): ${p}`),
      );
    expect(problems).toEqual([]);
  });

  it("has no code file the manifest does not name", () => {
    const named = codeFilesOf(app.manifest).map(([, , , path]) => path);
    expect(codeFilesOnDisk(appRoot).filter((path) => !named.includes(path))).toEqual([]);
  });

  it("rejects a file with a misspelt directive, so the schemas do catch mistakes", () => {
    expect(schemaProblems("communication.schema.json", { url: "/runs", metod: "POST" })).not.toEqual([]);
    expect(schemaProblems("parameters.schema.json", [{ name: "prompt", type: "txet" }])).not.toEqual([]);
  });
});

describe("the app's requests against docs/openapi.json", () => {
  it("reach existing operations, send fields of the right types, and read only fields the API returns", () => {
    expect(baseline).toEqual([]);
  });

  const runTask = (changed: MakeApp) =>
    changed.files[changed.manifest.components.module!.runTask!.codeFiles.communication!] as Array<Record<string, unknown>>;
  const getRunPath = (changed: MakeApp) => changed.manifest.components.module!.getRun!.codeFiles;
  /** Run a task's mappable parameters, typed as far as the test reads them. */
  const runTaskParams = <Param>(changed: MakeApp) =>
    changed.files[changed.manifest.components.module!.runTask!.codeFiles.mappableParams!] as Array<{ name: string } & Param>;

  /** The communication of Get a run, as the tests change it. */
  const getRunCall = (changed: MakeApp) => changed.files[getRunPath(changed).communication!] as { url: string; method: string };
  /** Breaks of the app that the check names in one problem each. */
  const ONE_PROBLEM: Array<{ what: string; change: (changed: MakeApp) => void; problem: string }> = [
    {
      what: "on an unknown path",
      change: (changed) => void (getRunCall(changed).url = "/runz/{{parameters.run_id}}"),
      problem: "unknown path /runz/{{parameters.run_id}}",
    },
    {
      what: "on a method the path does not have",
      change: (changed) => void (getRunCall(changed).method = "PATCH"),
      problem: "unknown method PATCH for /runs/{{parameters.run_id}}",
    },
    {
      what: "on a body field the operation does not accept",
      change: (changed) => {
        const body = runTask(changed)[1]!.body as Record<string, unknown>;
        body.promt = body.prompt;
      },
      problem: "body.promt: no such field in the API's request",
    },
    {
      what: "when a required field is not sent",
      change: (changed) => void delete (runTask(changed)[1]!.body as Record<string, unknown>).prompt,
      problem: "sends no prompt, which the API requires",
    },
    {
      what: "on a reference to a parameter that does not exist",
      change: (changed) => void (getRunCall(changed).url = "/runs/{{parameters.runId}}"),
      problem: "parameters.runId is not a parameter of module getRun",
    },
    {
      what: "on a sample that does not match the API's answer",
      change: (changed) => void ((changed.files[getRunPath(changed).samples!] as Record<string, unknown>).status = "done"),
      problem: 'samples.status: "done" is not one of',
    },
  ];
  it.each(ONE_PROBLEM)("fails loudly $what", ({ change, problem }) => {
    const changed = copy();
    change(changed);
    expect(problemsOf(changed)).toEqual([expect.stringContaining(problem)]);
  });

  it("fails loudly on a parameter whose type does not fit the field", () => {
    const changed = copy();
    const params = runTaskParams<{ type: string }>(changed);
    params.find((p) => p.name === "session_timeout")!.type = "text";
    // Both requests of Run a task (an automation's run, a plain run) are held to their operation.
    expect(problemsOf(changed)).toEqual([
      expect.stringContaining("runTask[0].body.session_timeout: parameter session_timeout (text) gives string, the API wants integer|null"),
      expect.stringContaining("runTask[1].body.session_timeout: parameter session_timeout (text) gives string, the API wants integer|null"),
    ]);
  });

  it("fails loudly on a select option the API does not accept", () => {
    const changed = copy();
    const params = runTaskParams<{ options: Array<{ value: string }> }>(changed);
    params.find((p) => p.name === "response_format")!.options.push({ value: "xml" });
    expect(problemsOf(changed)).toEqual([
      expect.stringContaining('runTask[0].body.response_format: option "xml" of response_format is not one of ["text","json",null]'),
      expect.stringContaining('runTask[1].body.response_format: option "xml" of response_format is not one of ["text","json"]'),
    ]);
  });

  it("fails loudly on a response field or interface field the API does not return", () => {
    const changed = copy();
    const last = runTask(changed)[2]!;
    last.repeat = { condition: "{{parameters.wait && body.state == 'pending'}}", delay: 5000, limit: 60 };
    const iface = changed.files[getRunPath(changed).interface!] as Array<{ name: string; type: string }>;
    iface.push({ name: "resutl", type: "text" });
    expect(problemsOf(changed)).toEqual([
      expect.stringContaining("body.state is not a field of the API's answer"),
      expect.stringContaining("interface field resutl is not in the API's answer"),
    ]);
  });

  it("fails loudly when detach reads a webhook field the attach did not save", () => {
    const changed = copy();
    const detach = changed.files[changed.manifest.components.webhook!.finishedRuns!.codeFiles.detach!] as { url: string };
    detach.url = "/webhooks/{{webhook.id}}";
    expect(problemsOf(changed)).toEqual([expect.stringContaining("webhook.id is not set")]);
  });

  it("holds the batch trigger to a batch.finished delivery, not a run's", () => {
    const changed = copy();
    const files = changed.manifest.components.module!.watchFinishedBatches!.codeFiles;
    (changed.files[files.interface!] as Array<{ name: string; type: string }>).push({ name: "run", type: "collection" });
    (changed.files[files.samples!] as { batch: Record<string, unknown> }).batch.status = "done";
    expect(problemsOf(changed)).toEqual([
      expect.stringContaining("module watchFinishedBatches: interface field run is not in the API's answer"),
      expect.stringContaining('samples.batch.status: "done" is not one of'),
    ]);
  });

  it("reads a batch's result rows as records: any column is a field, its values text or null", () => {
    const changed = copy();
    const files = changed.manifest.components.module!.listBatchResults!.codeFiles;
    (changed.files[files.interface!] as Array<{ name: string; type: string }>).push({ name: "price.amount", type: "integer" });
    expect(problemsOf(changed)).toEqual([expect.stringContaining("interface field price.amount is integer, the API's is string|null")]);
  });

  it("fails loudly on a select fed by an RPC the app does not have", () => {
    const changed = copy();
    const params = runTaskParams<{ options: unknown }>(changed);
    params.find((p) => p.name === "auth_context_id")!.options = "rpc://listLogins";
    expect(problemsOf(changed)).toEqual([expect.stringContaining("uses unknown RPC rpc://listLogins")]);
  });
});
