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
import { commonErrors, idParam, jsonBody, jsonContent, operation } from "./describe.ts";

const tags = ["Files"];
const MB = 1024 * 1024;
const FLOW = `Upload a file (its bytes in base64, at most ${UPLOAD_MAX_BYTES / MB} MB), then name its id in a run's \`files\` (at most ${RUN_FILES_MAX}): the agent can put it into the page's file fields. Files a site sends during a run are kept with the run (at most ${DOWNLOAD_MAX_BYTES / MB} MB each, ${RUN_DOWNLOADS_MAX} per run) and listed at GET /runs/{id}/files.`;

export const fileListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });

export const fileOperations = {
  uploadFile: operation("uploadFile", {
    tags,
    summary: "Upload a file for runs to use",
    description: FLOW,
    request: { body: jsonBody(uploadFileSchema) },
    responses: {
      201: jsonContent(fileSchema, "The upload"),
      413: jsonContent(apiErrorSchema, `The file is larger than ${UPLOAD_MAX_BYTES / MB} MB`),
      ...commonErrors,
    },
  }),
  listFiles: operation("listFiles", {
    tags,
    summary: "Your uploads, newest first",
    request: { query: fileListQuerySchema },
    responses: { 200: jsonContent(fileListSchema, "The uploads"), ...commonErrors },
  }),
  getFile: operation("getFile", {
    tags,
    summary: "One file (an upload or a run's download), without its bytes",
    request: { params: idParam },
    responses: { 200: jsonContent(fileSchema, "The file"), ...commonErrors },
  }),
  deleteFile: operation("deleteFile", {
    tags,
    summary: "Delete a file and its bytes",
    description:
      "An upload: runs that were given it no longer list it (their downloads stay). A download: its run no longer lists it. A run's downloads also go when its task is deleted.",
    request: { params: idParam },
    responses: { 204: { description: "Deleted" }, ...commonErrors },
  }),
  getFileContent: operation("getFileContent", {
    tags,
    summary: "A file's bytes",
    description: "Answered as an attachment (Content-Disposition) with its media type, never shown inline.",
    request: { params: idParam },
    responses: {
      200: { description: "The file's bytes", content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } } },
      ...commonErrors,
    },
  }),
  listRunFiles: operation("listRunFiles", {
    tags,
    summary: "A run's files: the uploads it was given, then what sites sent during it",
    description: `Uploads first (in the order given), then downloads in the order they arrived, each with its step_number. ${FLOW}`,
    request: { params: idParam },
    responses: { 200: jsonContent(fileListSchema, "The files"), ...commonErrors },
  }),
};
