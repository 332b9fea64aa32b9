import { z } from "zod";
import { apiErrorSchema } from "../errors.ts";
import {
  DOWNLOAD_MAX_BYTES,
  fileListSchema,
  fileSchema,
  RUN_DOWNLOADS_MAX,
  RUN_FILES_MAX,
  UPLOAD_MAX_BYTES,
  uploadFileSchema,
} from "../files.ts";
import { byId, commonErrors, jsonContent, ok } from "./describe.ts";
import { resource } from "./resource.ts";

const MB = 1024 * 1024;
const FLOW = `Upload a file (its bytes in base64, at most ${UPLOAD_MAX_BYTES / MB} MB), then name its id in a run's \`files\` (at most ${RUN_FILES_MAX}): the agent can put it into the page's file fields. Files a site sends during a run are kept with the run (at most ${DOWNLOAD_MAX_BYTES / MB} MB each, ${RUN_DOWNLOADS_MAX} per run) and listed at GET /runs/{id}/files.`;

export const fileListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });

const file = resource(["Files"], fileSchema, {
  413: jsonContent(apiErrorSchema, `The file is larger than ${UPLOAD_MAX_BYTES / MB} MB`),
});

export const fileOperations = {
  uploadFile: file.create("uploadFile", uploadFileSchema, {
    summary: "Upload a file for runs to use",
    description: FLOW,
    answer: "The upload",
  }),
  listFiles: file.list("listFiles", fileListSchema, {
    summary: "Your uploads, newest first",
    request: { query: fileListQuerySchema },
    answer: "The uploads",
  }),
  getFile: file.get("getFile", { summary: "One file (an upload or a run's download), without its bytes", answer: "The file" }),
  deleteFile: file.delete("deleteFile", {
    summary: "Delete a file and its bytes",
    description:
      "An upload: runs that were given it no longer list it (their downloads stay). A download: its run no longer lists it. A run's downloads also go when its task is deleted.",
  }),
  getFileContent: file.op("getFileContent", {
    summary: "A file's bytes",
    description: "Answered as an attachment (Content-Disposition) with its media type, never shown inline.",
    request: byId,
    responses: {
      200: { description: "The file's bytes", content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } } },
      ...commonErrors,
    },
  }),
  listRunFiles: file.op("listRunFiles", {
    summary: "A run's files: the uploads it was given, then what sites sent during it",
    description: `Uploads first (in the order given), then downloads in the order they arrived, each with its step_number. ${FLOW}`,
    request: byId,
    responses: ok(fileListSchema, "The files"),
  }),
};
