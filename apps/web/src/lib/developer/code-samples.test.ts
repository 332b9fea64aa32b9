import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { operationSamples, pythonLiteral, SDK_METHODS } from "./code-samples";
import { groupOperations, type ApiOperation, type OpenApiDocument } from "./openapi-reference";
import committedDocument from "../../../../../docs/openapi.json";

const BASE = "https://errand.example.com/api/v1";
const operations = groupOperations(committedDocument as unknown as OpenApiDocument).flatMap((group) => group.operations);
const byId = (id: string): ApiOperation => {
  const found = operations.find((operation) => operation.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};
const code = (id: string, language: "curl" | "typescript" | "python") =>
  operationSamples(byId(id), BASE).find((sample) => sample.language === language)!.code;

describe("the API reference's code samples", () => {
  it("gives every operation curl, TypeScript and Python, in that order", () => {
    expect(operations.length).toBeGreaterThan(50);
    for (const operation of operations) {
      expect(operationSamples(operation, BASE).map((sample) => sample.label)).toEqual(["curl", "TypeScript", "Python"]);
    }
  });

  it("creates a run through each SDK with the body's required fields, and with curl sending the key and the JSON", () => {
    expect(code("createRun", "curl")).toBe(
      [
        `curl -X POST ${BASE}/runs \\`,
        `  -H "x-api-key: $ERRAND_API_KEY" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '{"prompt":"..."}'`,
      ].join("\n"),
    );
    expect(code("createRun", "typescript")).toBe(
      [
        `import { Errand } from "@errand/sdk";`,
        "",
        "const errand = new Errand(); // ERRAND_API_KEY and ERRAND_URL from the environment",
        `console.log(await errand.runs.create({\n  "prompt": "..."\n}));`,
      ].join("\n"),
    );
    expect(code("createRun", "python")).toBe(
      [
        "from errand import Errand",
        "",
        "errand = Errand()  # ERRAND_API_KEY and ERRAND_URL from the environment",
        `print(errand.runs.create({\n    "prompt": "...",\n}))`,
      ].join("\n"),
    );
  });

  it("fills path parameters, follows a stream in a loop and deletes without printing", () => {
    expect(code("getRun", "python")).toContain(`print(errand.runs.get("ID"))`);
    expect(code("setRunLimits", "typescript")).toContain(`errand.runs.setLimits("ID", {`);
    expect(code("streamRunEvents", "python")).toContain(`for event in errand.runs.stream("ID"):\n    print(event)`);
    expect(code("streamRunEvents", "typescript")).toContain(`for await (const event of errand.runs.stream("ID")) console.log(event);`);
    expect(code("deleteTask", "python").split("\n").at(-1)).toBe(`errand.tasks.delete("ID")`);
    expect(code("updateWorkspaceMember", "curl")).toContain(`${BASE}/workspaces/ID/members/USER_ID`);
  });

  it("falls back to a plain HTTP call where an SDK has no method, with the body's required fields", () => {
    const schedule = code("setTaskSchedule", "typescript");
    expect(schedule).toContain(`await fetch("${BASE}/tasks/ID/schedule", {`);
    expect(schedule).toContain(`method: "PUT"`);
    expect(schedule).toContain(`"x-api-key": process.env.ERRAND_API_KEY!`);
    expect(code("setTaskSchedule", "python")).toContain(`errand.schedules.set("ID", {\n    "repeat": {\n        "kind": "hourly",`);
    const payment = code("createPayment", "python");
    expect(payment).toContain(
      `response = httpx.request("POST", "${BASE}/payments", headers={"x-api-key": os.environ["ERRAND_API_KEY"]}, json={`,
    );
  });

  it("sends no key where the operation needs none", () => {
    const open = operations.find((operation) => !operation.needsKey)!;
    expect(code(open.operationId!, "curl")).not.toContain("x-api-key");
  });

  it("names only operations the document has, and methods each SDK's resource has", () => {
    const ids = new Set(operations.map((operation) => operation.operationId));
    const repo = path.resolve(import.meta.dirname, "../../../../..");
    const read = (folder: string, files: string[]) => files.map((file) => readFileSync(path.join(repo, folder, file), "utf8")).join("\n");
    /** The body of a class, up to the next top-level class. */
    const classBody = (source: string, name: string) =>
      source.split(/^(?=(?:export )?class )/m).find((part) => part.match(/^(?:export )?class (\w+)/)?.[1] === name) ?? "";
    const pyFolder = "sdks/python/src/errand/_async";
    const pyClient = read(pyFolder, ["_client.py"]);
    const pyResources = read(pyFolder, ["_runs.py", "_resources.py", "_evaluations.py", "_workspaces.py"]);
    const tsFolder = "packages/sdk/src/resources";
    const tsClient = read("packages/sdk/src", ["errand.ts"]);
    const tsResources = read(tsFolder, readdirSync(path.join(repo, tsFolder)));
    for (const [operationId, methods] of Object.entries(SDK_METHODS)) {
      expect(ids.has(operationId), operationId).toBe(true);
      if (methods.python) {
        const [resource, method] = methods.python.split(".");
        const name = new RegExp(`self\\.${resource} = (Async\\w+)\\(`).exec(pyClient)?.[1];
        expect(name, methods.python).toBeDefined();
        expect(classBody(pyResources, name!), methods.python).toContain(`    async def ${method}(`);
      }
      if (methods.typescript) {
        const [resource, method] = methods.typescript.split(".");
        const name = new RegExp(`readonly ${resource}: (\\w+);`).exec(tsClient)?.[1];
        expect(name, methods.typescript).toBeDefined();
        expect(classBody(tsResources, name!), methods.typescript).toMatch(new RegExp(`^  (async )?${method}\\(`, "m"));
      }
    }
  });

  it("calls the SDKs for evaluations, workspaces and named keys", () => {
    expect(code("listEvaluations", "typescript")).toContain("console.log(await errand.evaluations.list());");
    expect(code("getEvaluationReport", "python")).toContain(`print(errand.evaluations.report("ID"))`);
    expect(code("createEvaluation", "python")).toContain(`print(errand.evaluations.create({\n    "suite": {`);
    expect(code("deleteEvaluation", "typescript").split("\n").at(-1)).toBe(`await errand.evaluations.delete("ID");`);
    expect(code("listWorkspaceMembers", "python")).toContain(`print(errand.workspaces.members("ID"))`);
    expect(code("createApiKey", "python")).toContain(`print(errand.workspaces.create_api_key({\n    "name": `);
    expect(code("revokeApiKey", "python").split("\n").at(-1)).toBe(`errand.workspaces.revoke_api_key("ID")`);
    // The Python SDK takes a new workspace's name, not a body; the TypeScript one has no method.
    expect(code("createWorkspace", "python")).toMatch(/print\(errand\.workspaces\.create\("[^"]*"\)\)$/);
    expect(code("createWorkspace", "typescript")).toContain(`await fetch("${BASE}/workspaces", {`);
    expect(code("deleteAccount", "python").split("\n").at(-1)).toBe("errand.account.delete()");
  });

  it("writes JSON values as Python literals", () => {
    expect(pythonLiteral({ a: true, b: false, c: null, d: [1, "x"], e: {} })).toBe(
      `{\n    "a": True,\n    "b": False,\n    "c": None,\n    "d": [1, "x"],\n    "e": {},\n}`,
    );
  });
});
