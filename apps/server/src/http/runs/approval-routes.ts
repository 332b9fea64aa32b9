import { approvalOperations } from "@errand/contract";
import { answerApproval, getApprovalScreenshot } from "@errand/services/approvals";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

/** Approval before irreversible actions (docs/adr/0048-approval-before-irreversible-actions.md). */
export function registerApprovalRoutes(api: OpenAPIHono<AppEnv>, deps: { ctx: ServiceContext; storage: FileStorage }) {
  const serve = verbServer(api, deps.ctx);
  serve(approvalOperations.answerRunApproval, ({ param, json }) => ({ runId: param.id, answer: json }), answerApproval);
  serve(approvalOperations.getApprovalScreenshot, ({ param }) => ({ runId: param.id, storage: deps.storage }), getApprovalScreenshot);
}
