import { describe, expect, expectTypeOf, it } from "vitest";
import type { Credential } from "../credentials.ts";
import type { Run } from "../runs.ts";
import type { Schedule } from "../schedules.ts";
import type { TaskList } from "../tasks.ts";
import {
  API_ROUTES,
  apiOperations,
  operationPath,
  type ApiBody,
  type ApiOperationId,
  type ApiParams,
  type ApiQuery,
  type ApiResult,
} from "./index.ts";

const ids = Object.keys(API_ROUTES) as ApiOperationId[];

describe("the API's operations", () => {
  it("describe every named route once, at its method and path, under its name", () => {
    expect(Object.keys(apiOperations).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const op = apiOperations[id];
      expect({ id: op.operationId, method: op.method, path: op.path }).toEqual({ id, ...API_ROUTES[id] });
    }
    const places = ids.map((id) => `${API_ROUTES[id].method} ${API_ROUTES[id].path}`);
    expect(new Set(places).size).toBe(places.length);
  });

  it("declare exactly the path parameters their path has", () => {
    for (const id of ids) {
      const op = apiOperations[id];
      const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const params = "request" in op && "params" in op.request ? Object.keys(op.request.params.shape).sort() : [];
      expect(params, id).toEqual(inPath);
    }
  });

  it("answer with a described success, and errors in the API's error shape", () => {
    for (const id of ids) {
      const statuses = Object.keys(apiOperations[id].responses).map(Number);
      expect(
        statuses.some((s) => s >= 200 && s < 300),
        id,
      ).toBe(true);
    }
  });

  it("fill path parameters URL-encoded, and refuse a missing one", () => {
    expect(operationPath(API_ROUTES.getAutomation.path, { slug: "a b/c" })).toBe("/automations/a%20b%2Fc");
    expect(operationPath(API_ROUTES.getScreenshot.path, { type: "steps", id: "x" })).toBe("/steps/x/screenshot");
    expect(() => operationPath(API_ROUTES.getRun.path, {})).toThrow("Missing path parameter id");
  });

  it("type calls from the descriptions", () => {
    expectTypeOf<ApiResult<"getRun">>().toEqualTypeOf<Run>();
    expectTypeOf<ApiResult<"deleteTask">>().toEqualTypeOf<undefined>();
    expectTypeOf<ApiParams<"getRun">>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<ApiBody<"getRun">>().toEqualTypeOf<undefined>();
    // A run needs its prompt; fields the server converts (session_timeout) are optional, typed by what they become.
    expectTypeOf<{ prompt: string }>().toExtend<ApiBody<"createRun">>();
    expectTypeOf<{ session_timeout: number }>().not.toExtend<ApiBody<"createRun">>();
    expectTypeOf<{ prompt: string; session_timeout: "soon" }>().not.toExtend<ApiBody<"createRun">>();
  });

  it("type the operations declared with the helpers like those written out", () => {
    expectTypeOf<ApiResult<"getCredential">>().toEqualTypeOf<Credential>();
    expectTypeOf<ApiResult<"createCredential">>().toEqualTypeOf<Credential>();
    expectTypeOf<ApiResult<"deleteCredential">>().toEqualTypeOf<undefined>();
    expectTypeOf<ApiParams<"updateCredential">>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<ApiParams<"listCredentials">>().toEqualTypeOf<undefined>();
    expectTypeOf<{ name: string }>().toExtend<ApiBody<"updateCredential">>();
    expectTypeOf<ApiResult<"listTasks">>().toEqualTypeOf<TaskList>();
    expectTypeOf<{ search: string }>().toExtend<ApiQuery<"listTasks">>();
    expectTypeOf<ApiQuery<"getTask">>().toEqualTypeOf<undefined>();
    expectTypeOf<ApiResult<"pauseTaskSchedule">>().toEqualTypeOf<Schedule>();
  });
});
