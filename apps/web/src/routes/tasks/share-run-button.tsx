import { runShareQueryOptions, shareRun, unshareRun } from "../../api/sharing";
import { ShareLinkButton } from "../../components/sharing/share-link-button";

/** Turns the run's link on or off; the API's answer is the link either way. */
async function changeRunShare(runId: string, shared: boolean) {
  if (shared) return shareRun(runId);
  await unshareRun(runId);
  return { url: null };
}

/**
 * "Share" on the run page: the owner makes a link to a read-only view of the run (like a demo,
 * without their account details), copies it, and can stop sharing at any time. Unlike the
 * admin-only Make Public, the run is listed nowhere: only people given the link see it.
 */
export function ShareRunButton({ runId }: { runId: string }) {
  return (
    <ShareLinkButton
      id={runId}
      query={runShareQueryOptions(runId)}
      change={(shared) => changeRunShare(runId, shared)}
      title="Share this run"
      description="Anyone with the link can see this run read-only: its prompt, result, steps and screenshots. Your account, webhook and saved logins are not shown."
      notShared="This run is not shared."
    />
  );
}
