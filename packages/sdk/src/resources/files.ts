import { API_ROUTES, operationPath } from "@errand/contract/routes";
import type { ErrandFile } from "@errand/contract";
import { callOperation } from "../operation-call.ts";
import { Resource } from "./resource.ts";
import type { RequestOptions, UploadFileRequest } from "../types.ts";

/**
 * Files: uploads a run can be given (`files` of runs.create or errand.run; the agent puts them
 * into the page's file fields), and files sites sent during a run (runs.files).
 */
export class Files extends Resource {
  /** POST /files: uploads bytes (at most 10 MB), a Blob or base64 text; resolves with the file, whose id a run's `files` names. */
  async upload(file: UploadFileRequest, options?: RequestOptions): Promise<ErrandFile> {
    const blobType = typeof Blob !== "undefined" && file.data instanceof Blob ? file.data.type.split(";")[0]!.trim() : "";
    const contentType = file.contentType ?? (blobType || undefined);
    const body = { name: file.name, data: await toBase64(file.data), ...(contentType ? { content_type: contentType } : {}) };
    return callOperation(this.http, "uploadFile", { body }, options);
  }

  /** GET /files: your uploads, newest first (`limit` 1 to 100; 50 when absent). */
  async list(query: { limit?: number } = {}, options?: RequestOptions): Promise<ErrandFile[]> {
    return (await callOperation(this.http, "listFiles", { query }, options)).data;
  }

  /** GET /files/{id}: an upload or a run's download, without its bytes. */
  get(id: string, options?: RequestOptions): Promise<ErrandFile> {
    return callOperation(this.http, "getFile", { params: { id } }, options);
  }

  /** DELETE /files/{id}: the file and its bytes. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await callOperation(this.http, "deleteFile", { params: { id } }, options);
  }

  /** GET /files/{id}/content: the file's bytes. */
  async content(id: string, options?: RequestOptions): Promise<ArrayBuffer> {
    const { path } = API_ROUTES.getFileContent;
    const { data } = await this.http.requestBytes({ method: "GET", path: operationPath(path, { id }) }, options);
    return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  }
}

/** Bytes (or a Blob) as base64; a string is taken to be base64 already. Works without Node's Buffer. */
async function toBase64(data: UploadFileRequest["data"]): Promise<string> {
  if (typeof data === "string") return data;
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data instanceof ArrayBuffer ? data : await data.arrayBuffer());
  let binary = "";
  // In chunks: String.fromCharCode takes its bytes as arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
