import { createHash, randomUUID } from "node:crypto";
import {
  formatFileSize,
  guessContentType,
  stripInvisibleFormatCharacters,
  UPLOADS_MAX_BYTES_PER_ACCOUNT,
  UPLOADS_MAX_PER_ACCOUNT,
  uploadFileSchema,
  type ErrandFile,
} from "@errand/contract";
import { files } from "@errand/db";
import { and, count, eq, sql } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { conflict, invalid } from "../errors.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { decodeBase64Upload } from "./decode-base64.ts";
import { contentKey, uploadFolder } from "../storage/storage-keys.ts";
import { fileToApi } from "./to-api.ts";
import { requireRole } from "../workspaces/roles.ts";

/** POST /files: keeps a file the caller's runs may be given (`files` of a run). */
export async function uploadFile({ ctx, caller, input }: CallerVerbArgs<{ body: unknown; storage: FileStorage }>): Promise<ErrandFile> {
  requireRole(caller, "run");
  const body = parseOrThrow(uploadFileSchema, input.body);
  // A name shows what the file is: bidi controls would reorder it ("invoice\u202Efdp.exe").
  const name = stripInvisibleFormatCharacters(body.name).trim();
  if (!name) throw invalid([{ path: "name", message: "name is required" }]);
  const data = decodeBase64Upload(body.data);
  const contentType = body.content_type ?? guessContentType(name);
  const id = randomUUID();
  const folder = uploadFolder(caller.userId, id);
  const storageKey = contentKey(folder);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // Uploads to one workspace take turns, so two at once cannot pass the quota together.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('errand.uploads'), hashtext(${caller.workspaceId}))`);
      const [kept] = await tx
        .select({ count: count(), bytes: sql<number>`coalesce(sum(${files.sizeBytes}), 0)::bigint` })
        .from(files)
        .where(and(eq(files.workspaceId, caller.workspaceId), eq(files.origin, "upload")));
      if (kept!.count >= UPLOADS_MAX_PER_ACCOUNT)
        throw conflict(
          `An account can keep at most ${UPLOADS_MAX_PER_ACCOUNT} uploads: delete some you no longer need first (DELETE /files/{id}).`,
        );
      if (Number(kept!.bytes) + data.length > UPLOADS_MAX_BYTES_PER_ACCOUNT) {
        throw conflict(
          `An account's uploads can take at most ${formatFileSize(UPLOADS_MAX_BYTES_PER_ACCOUNT)} (yours take ${formatFileSize(Number(kept!.bytes))}): delete some first.`,
        );
      }
      await input.storage.put(storageKey, data, contentType);
      const [inserted] = await tx
        .insert(files)
        .values({
          id,
          userId: caller.userId,
          workspaceId: caller.workspaceId,
          origin: "upload",
          name,
          contentType,
          sizeBytes: data.length,
          sha256: createHash("sha256").update(data).digest("hex"),
          storageKey,
        })
        .returning();
      return inserted;
    });
    ctx.log.info("file uploaded", { userId: caller.userId, fileId: id, bytes: data.length, contentType });
    return fileToApi(ctx, row!);
  } catch (error) {
    // No row, no bytes: nothing would ever remove them.
    await input.storage.removeAll(folder).catch(() => undefined);
    throw error;
  }
}
