/** What an API route answers: JSON body, status and extra headers. */
export interface ApiReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Stripe's 401 answers: no key, or a key other than `secretKey` (shown masked, as Stripe does). */
export function checkApiKey(authorization: string | undefined, secretKey: string): ApiReply | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  const basic = /^Basic\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  const key = bearer ?? (basic === undefined ? undefined : Buffer.from(basic, "base64").toString("utf8").split(":")[0]);
  if (key === secretKey) return undefined;
  const message =
    key === undefined || key === ""
      ? "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."
      : `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
  return { status: 401, body: { error: { type: "invalid_request_error", message } } };
}

export function noSuch(object: string, id: string): ApiReply {
  const error = { type: "invalid_request_error", code: "resource_missing", param: "id", message: `No such ${object}: '${id}'` };
  return { status: 404, body: { error } };
}

export function unrecognized(method: string, pathname: string): ApiReply {
  const message = `Unrecognized request URL (${method}: ${pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`;
  return { status: 404, body: { error: { type: "invalid_request_error", message } } };
}
