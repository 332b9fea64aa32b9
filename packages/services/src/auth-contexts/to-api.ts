import type { AuthContext, StickyProxy } from "@errand/contract";
import { savedLoginProxyToApi } from "../proxies/to-api.ts";

export function authContextToApi(row: {
  id: string;
  name: string;
  urls: string[];
  proxy: StickyProxy | null;
  createdAt: Date;
  updatedAt: Date;
}): AuthContext {
  return {
    id: row.id,
    name: row.name,
    urls: row.urls,
    proxy: savedLoginProxyToApi(row.proxy),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
