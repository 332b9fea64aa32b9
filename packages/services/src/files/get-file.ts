import type { ErrandFile } from "@errand/contract";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ownFile } from "./own-file.ts";
import { fileToApi } from "./to-api.ts";

/** GET /files/{id}: one of the caller's files (upload or download), without its bytes. */
export async function getFile({ ctx, caller, input }: CallerVerbArgs<{ fileId: string }>): Promise<ErrandFile> {
  requireScope(caller, "read");
  return fileToApi(ctx, await ownFile(ctx.db, caller, input.fileId));
}
