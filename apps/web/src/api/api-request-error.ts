export interface ApiFieldError {
  path: string;
  message: string;
}

/** A non-OK answer from the server, carrying its status and the `{ error }` body when there is one. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The server's own message, when it sent one (undefined for bodies that are not our error shape). */
  readonly serverMessage: string | undefined;
  readonly fields: ApiFieldError[];

  constructor(status: number, code?: string, serverMessage?: string, fields: ApiFieldError[] = []) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.fields = fields;
  }
}
