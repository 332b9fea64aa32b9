import type { WorkspaceInvitation } from "@errand/contract";
import type { workspaceInvitations } from "@errand/db";
import { sha256Hex } from "../secrets/encryption.ts";

/** What is stored of a link's token: its hash, so a database reader cannot use pending links. */
export const invitationTokenHash = (token: string) => sha256Hex(token);

export function invitationToApi(row: typeof workspaceInvitations.$inferSelect, invitedBy: string): WorkspaceInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: invitedBy,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}
