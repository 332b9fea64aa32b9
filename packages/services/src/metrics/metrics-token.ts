import { createHash, timingSafeEqual } from "node:crypto";

export type MetricsAccess = "allowed" | "disabled" | "refused";

/**
 * Whether an `Authorization` header opens /metrics: `Bearer <METRICS_TOKEN>`, compared in constant
 * time (both sides hashed first, so neither the content nor the length leaks through timing).
 * No token configured: the endpoint is disabled.
 */
export function checkMetricsAccess(configured: string | undefined, authorization: string | undefined): MetricsAccess {
  if (!configured) return "disabled";
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(presented), digest(configured)) && presented.length > 0 ? "allowed" : "refused";
}
