import type { Request, Response } from "playwright-core";
import { MASKED } from "./secret-masker.ts";

/** One exchange in HAR 1.2's shape (http://www.softwareishard.com/blog/har-12-spec/), metadata only. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: never[];
    headers: HarHeader[];
    queryString: HarHeader[];
    headersSize: -1;
    bodySize: -1;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: never[];
    headers: HarHeader[];
    content: { size: number; mimeType: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: -1;
    _failure?: string;
  };
  cache: Record<string, never>;
  timings: { blocked: -1; dns: number; connect: number; ssl: number; send: number; wait: number; receive: number };
  _resourceType: string;
}

export interface HarHeader {
  name: string;
  value: string;
}

/** Headers that carry a session or a key: dropped whatever the run knows (docs/security.md). */
const DROPPED_HEADERS = new Set(["cookie", "set-cookie", "authorization", "proxy-authorization"]);
/** Longer URLs and header values are cut: a data-heavy query would swell the HAR for nothing. */
const LONGEST_VALUE = 2048;

/** A finished (or failed) request as a HAR entry, every value passed through `mask`; bodies are never read. */
export function harEntry(request: Request, response: Response | null, mask: (text: string) => string, failure?: string): HarEntry {
  const timing = request.timing();
  const url = mask(cut(request.url()));
  const responseHeaders = response ? harHeaders(response.headers(), mask) : [];
  const parts = timingParts(timing);
  return {
    startedDateTime: new Date(timing.startTime).toISOString(),
    time: Math.max(0, parts.dns) + Math.max(0, parts.connect) + parts.send + parts.wait + parts.receive,
    request: {
      method: request.method(),
      url,
      httpVersion: "unknown",
      cookies: [],
      headers: harHeaders(request.headers(), mask),
      queryString: queryOf(url),
      headersSize: -1,
      bodySize: -1,
    },
    response: {
      status: response?.status() ?? 0,
      statusText: response?.statusText() ?? "",
      httpVersion: "unknown",
      cookies: [],
      headers: responseHeaders,
      content: {
        size: Number(responseHeaders.find((h) => h.name === "content-length")?.value ?? 0) || 0,
        mimeType: responseHeaders.find((h) => h.name === "content-type")?.value ?? "",
      },
      redirectURL: responseHeaders.find((h) => h.name === "location")?.value ?? "",
      headersSize: -1,
      bodySize: -1,
      ...(failure !== undefined && { _failure: failure }),
    },
    cache: {},
    timings: parts,
    _resourceType: request.resourceType(),
  };
}

function harHeaders(headers: Record<string, string>, mask: (text: string) => string): HarHeader[] {
  return Object.entries(headers)
    .filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase()))
    .map(([name, value]) => ({ name: name.toLowerCase(), value: mask(cut(value)) }));
}

function queryOf(url: string): HarHeader[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value: value.includes(MASKED) ? MASKED : value }));
  } catch {
    return [];
  }
}

const cut = (text: string) => (text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE)}…` : text);

/** Playwright's resource timing (ms after the start, -1 when unknown) as HAR's phases. */
function timingParts(t: ReturnType<Request["timing"]>): HarEntry["timings"] {
  const span = (from: number, to: number) => (from >= 0 && to >= from ? to - from : -1);
  return {
    blocked: -1,
    dns: span(t.domainLookupStart, t.domainLookupEnd),
    connect: span(t.connectStart, t.connectEnd),
    ssl: span(t.secureConnectionStart, t.connectEnd),
    send: 0,
    wait: Math.max(0, span(t.requestStart, t.responseStart)),
    receive: Math.max(0, span(t.responseStart, t.responseEnd)),
  };
}
