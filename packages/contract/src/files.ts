import { z } from "zod";
import { CONTROL_CHARACTERS_ONE_LINE } from "./input-limits.ts";

/**
 * Resource: files a run works with (ADR 0011). An upload is sent to POST /files (base64 in
 * JSON, so every client that speaks the API can send one) and named in a run's `files`; the
 * agent can then put it into the page's file fields. A download is a file a site sent while a
 * run worked: it is kept with the run, up to a size limit.
 */

/** Largest file one may upload (decoded bytes). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Uploads one account may keep, and their total size: delete some to upload more. */
export const UPLOADS_MAX_PER_ACCOUNT = 500;
export const UPLOADS_MAX_BYTES_PER_ACCOUNT = 1024 * 1024 * 1024;
/** Files one run may be given. */
export const RUN_FILES_MAX = 10;
/** Largest download kept (bigger ones are stopped and reported). */
export const DOWNLOAD_MAX_BYTES = 25 * 1024 * 1024;
/** Downloads kept per run (later ones are stopped and reported). */
export const RUN_DOWNLOADS_MAX = 20;
export const FILE_NAME_MAX = 200;

export const FILE_ORIGINS = ["upload", "download"] as const;
export type FileOrigin = (typeof FILE_ORIGINS)[number];

/** A file name as a site or a person gives it: one line, no path, no control characters. */
export const fileNameSchema = z
  .string({ error: "name must be text" })
  .trim()
  .min(1, "name is required")
  .max(FILE_NAME_MAX, `name must be at most ${FILE_NAME_MAX} characters`)
  .refine((v) => !CONTROL_CHARACTERS_ONE_LINE.test(v), "name must not contain control characters")
  .refine((v) => !/[/\\]/.test(v) && v !== "." && v !== "..", "name must be a file name, without folders (no / or \\)");

/** A media type without parameters, lower case (application/pdf, text/csv). */
export const MEDIA_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

const contentTypeSchema = z
  .string({ error: "content_type must be text" })
  .trim()
  .toLowerCase()
  .max(200, "content_type must be at most 200 characters")
  .regex(MEDIA_TYPE_PATTERN, "content_type must be a media type such as application/pdf or text/csv");

export const uploadFileSchema = z.object({
  name: fileNameSchema.meta({ description: "The file's name, as the site's file field will receive it (e.g. invoice.pdf)" }),
  content_type: contentTypeSchema.optional().meta({ description: "Its media type; guessed from the name when left out" }),
  data: z
    .string({ error: "data must be the file's bytes in base64" })
    .min(1, "data must not be empty")
    .regex(/^[A-Za-z0-9+/\s]*={0,2}\s*$/, "data must be the file's bytes in base64")
    .meta({ description: `The file's bytes in base64 (at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB once decoded)` }),
});
export type UploadFileBody = z.input<typeof uploadFileSchema>;

export const fileSchema = z.object({
  id: z.uuid(),
  origin: z.enum(FILE_ORIGINS).meta({ description: "upload: sent by you for runs to use; download: sent by a site during a run" }),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int().meta({ description: "Bytes" }),
  sha256: z.string().meta({ description: "The content's SHA-256, hex" }),
  run_id: z.uuid().nullable().meta({ description: "For a download: the run it came from" }),
  step_number: z.number().int().nullable().meta({ description: "For a download: the step during which the site sent it" }),
  created_at: z.string(),
  content_url: z.string().meta({ description: "Where its bytes are: GET it with the same key (or session)" }),
});
export type ErrandFile = z.infer<typeof fileSchema>;

export const fileListSchema = z.object({ data: z.array(fileSchema) });
export type ErrandFileList = z.infer<typeof fileListSchema>;

/** The run setting: uploads the agent may put into the page's file fields. */
export const runFilesSchema = z
  .array(z.uuid({ error: "each file must be the id of an upload (POST /files)" }), { error: "files must be a list of upload ids" })
  .max(RUN_FILES_MAX, `files may name at most ${RUN_FILES_MAX} uploads`)
  .transform((ids) => [...new Set(ids)])
  .meta({
    description: `Ids of your uploads (POST /files), at most ${RUN_FILES_MAX}: the agent may put them into the page's file fields during this run`,
  });
