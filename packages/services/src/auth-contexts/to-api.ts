import type { AuthContext } from "@errand/contract";

export function authContextToApi(row: { id: string; name: string; urls: string[]; createdAt: Date; updatedAt: Date }): AuthContext {
  return { id: row.id, name: row.name, urls: row.urls, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}
