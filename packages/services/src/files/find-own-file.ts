import { files } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { notFound } from "../errors.ts";
import type { FileRow } from "./to-api.ts";

/** One of the user's files; another user's is reported as missing. */
export async function findOwnFile(ctx: ServiceContext, userId: string, fileId: string): Promise<FileRow> {
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.userId, userId)));
  if (!row) throw notFound("File");
  return row;
}
