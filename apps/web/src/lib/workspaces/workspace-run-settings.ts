import { RECORDING_RETENTION_DAYS, type Workspace } from "@errand/contract";
import { allowedDomainsError, allowedDomainsFromText, allowedDomainsToText } from "../tasks/allowed-domains-text";

/**
 * The Workspace page's run settings: the default allowed domains
 * (docs/adr/0049-messages-and-allowed-domains.md) and the recording retention
 * (docs/adr/0056-recording-retention.md), as the form holds them. Pure: unit-tested in node.
 */
export interface WorkspaceRunSettings {
  allowedDomains: string;
  retentionDays: string;
}

export type WorkspaceRunSettingsBody = { default_allowed_domains: string[] | null; recording_retention_days: number | null };

export const RETENTION_DAYS_MESSAGE = `Give a whole number of days from ${RECORDING_RETENTION_DAYS.min} to ${RECORDING_RETENTION_DAYS.max}, or leave it empty to keep recordings as long as their runs.`;

export function workspaceRunSettings(
  workspace: Pick<Workspace, "default_allowed_domains" | "recording_retention_days">,
): WorkspaceRunSettings {
  return {
    allowedDomains: allowedDomainsToText(workspace.default_allowed_domains),
    retentionDays: workspace.recording_retention_days === null ? "" : String(workspace.recording_retention_days),
  };
}

/** The PATCH body, or the messages of the fields it refuses (keyed as the API names them). */
export function workspaceRunSettingsBody(
  values: WorkspaceRunSettings,
): { body: WorkspaceRunSettingsBody; errors?: undefined } | { errors: Record<string, string>; body?: undefined } {
  const errors: Record<string, string> = {};
  const domainsProblem = allowedDomainsError(values.allowedDomains);
  if (domainsProblem) errors.default_allowed_domains = domainsProblem;
  const daysText = values.retentionDays.trim();
  const days = daysText === "" ? null : Number(daysText);
  if (days !== null && !(/^\d+$/.test(daysText) && days >= RECORDING_RETENTION_DAYS.min && days <= RECORDING_RETENTION_DAYS.max))
    errors.recording_retention_days = RETENTION_DAYS_MESSAGE;
  if (Object.keys(errors).length > 0) return { errors };
  const domains = allowedDomainsFromText(values.allowedDomains);
  return { body: { default_allowed_domains: domains.length > 0 ? domains : null, recording_retention_days: days } };
}
