import { queryOptions } from "@tanstack/react-query";
import { SIGNED_URL_CACHE_MS } from "@errand/contract";
import { ApiRequestError, type Parser } from "./http";
import { requestOperation } from "./operation";

export type ScreenshotType = "runs" | "steps";

const SCREENSHOT_RETRIES = 3;
const SCREENSHOT_RETRY_DELAY_MS = 2000;

/** Spec section 8: a missing signed_url is an error of its own. */
const signedUrlParser: Parser<{ signed_url: string }> = {
  parse(data) {
    const url = typeof data === "object" && data !== null ? (data as { signed_url?: unknown }).signed_url : undefined;
    if (typeof url !== "string" || !url) throw new Error("No signed URL in response");
    return { signed_url: url };
  },
};

export async function getScreenshotUrl(type: ScreenshotType, id: string, signal?: AbortSignal): Promise<string> {
  try {
    // TanStack Query caches the URL; the browser's HTTP cache must not keep a stale 404.
    return (await requestOperation("getScreenshot", { params: { type, id }, signal, cache: "no-store" }, signedUrlParser)).signed_url;
  } catch (error) {
    if (error instanceof ApiRequestError) {
      throw new ApiRequestError(error.status, error.code, `Failed to fetch signed URL: ${error.status}`, error.fields);
    }
    throw error;
  }
}

/**
 * A screenshot's signed URL: 3 retries 2000 ms apart, cached 10 minutes (spec section 7).
 * `retryMissing: false` skips the retries on 404 (a finished run will not get a screenshot later).
 */
export const screenshotQueryOptions = (type: ScreenshotType, id: string, retryMissing = true, version = "") =>
  queryOptions({
    queryKey: ["screenshot", type, id, version] as const,
    queryFn: ({ signal }) => getScreenshotUrl(type, id, signal),
    staleTime: SIGNED_URL_CACHE_MS,
    gcTime: SIGNED_URL_CACHE_MS,
    refetchOnWindowFocus: false,
    retry: (failureCount, error) => {
      if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return false;
      if (!retryMissing && error instanceof ApiRequestError && error.status === 404) return false;
      return failureCount < SCREENSHOT_RETRIES;
    },
    retryDelay: SCREENSHOT_RETRY_DELAY_MS,
  });
