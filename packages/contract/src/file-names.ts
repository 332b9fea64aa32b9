import { FILE_NAME_MAX } from "./files.ts";
import { stripInvisibleFormatCharacters } from "./input-limits.ts";

/** Media types by file extension: the common documents, images, archives and media people upload. */
const BY_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  txt: "text/plain",
  md: "text/markdown",
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  json: "application/json",
  xml: "application/xml",
  html: "text/html",
  htm: "text/html",
  rtf: "application/rtf",
  ics: "text/calendar",
  vcf: "text/vcard",
  eml: "message/rfc822",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  bmp: "image/bmp",
  tif: "image/tiff",
  tiff: "image/tiff",
  heic: "image/heic",
  avif: "image/avif",
  ico: "image/vnd.microsoft.icon",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
  epub: "application/epub+zip",
  zip: "application/zip",
  gz: "application/gzip",
  tar: "application/x-tar",
  "7z": "application/x-7z-compressed",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
};

export const UNKNOWN_CONTENT_TYPE = "application/octet-stream";

/** The media type a file's name suggests ("invoice.PDF" -> application/pdf), else application/octet-stream. */
export function guessContentType(name: string): string {
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return UNKNOWN_CONTENT_TYPE;
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? UNKNOWN_CONTENT_TYPE;
}

/**
 * A name a site suggested, made safe to write to disk and to show: no folders, no control
 * characters, no bidirectional controls or invisible format characters (a name shows what it
 * is), at most FILE_NAME_MAX characters (the extension kept).
 */
export function safeFileName(raw: string): string {
  let name = stripInvisibleFormatCharacters(raw.split(/[/\\]/).pop() ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .trim();
  if (name === "" || name === "." || name === "..") name = "download";
  if (name.length > FILE_NAME_MAX) {
    const ext = /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? "";
    name = name.slice(0, FILE_NAME_MAX - ext.length) + ext;
  }
  return name;
}
