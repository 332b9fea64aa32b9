import { RECORDING_RETENTION_DAYS, type Workspace } from "@errand/contract";
import { updateWorkspaceRunSettings } from "../../api/workspaces";
import { BusyButton } from "../../components/ui/busy-button";
import { Form } from "../../components/ui/form";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { formText } from "../../lib/forms/form-values";
import { workspaceRunSettings, workspaceRunSettingsBody, type WorkspaceRunSettingsBody } from "../../lib/workspaces/workspace-run-settings";
import { canManage } from "./can-manage";
import { useWorkspaceChange } from "./use-workspace-change";
import { WorkspaceSettingCard } from "./workspace-setting-card";

/**
 * What every run of the workspace gets unless it says otherwise: the default allowed domains
 * (docs/adr/0049-messages-and-allowed-domains.md) and how long recordings are kept
 * (docs/adr/0056-recording-retention.md). A form for owners and admins, the values and why not for others.
 */
export function WorkspaceRunsCard({ workspace }: { workspace: Workspace }) {
  const save = useWorkspaceChange((body: WorkspaceRunSettingsBody) => updateWorkspaceRunSettings(workspace.id, body), {
    done: "Run settings saved",
    failed: "Failed to save the run settings. Please try again.",
  });
  const allowed = canManage(workspace);
  const values = workspaceRunSettings(workspace);
  return (
    <WorkspaceSettingCard
      title="Runs"
      description="The sites runs may open when neither they nor their task name any, and how long run recordings are kept."
      allowed={allowed}
      formError={save.formError}
    >
      <Form
        submit={save}
        aria-label="Run settings"
        className="grid gap-4"
        onSubmit={(form) => {
          const text = formText(form);
          const checked = workspaceRunSettingsBody({ allowedDomains: text("allowedDomains"), retentionDays: text("retentionDays") });
          if (checked.body) save.run(checked.body);
          else save.invalid(checked.errors);
        }}
      >
        <FormField
          id="workspace-allowed-domains"
          label="Default allowed domains"
          error={save.errors.default_allowed_domains}
          hint="The only sites a run may open, separated by commas: example.com, *.example.com. Empty: runs may open any site."
        >
          <Textarea
            name="allowedDomains"
            defaultValue={values.allowedDomains}
            placeholder="No limit"
            rows={2}
            className="min-h-16"
            disabled={!allowed}
          />
        </FormField>
        <FormField
          id="workspace-recording-retention"
          label="Keep recordings for (days)"
          error={save.errors.recording_retention_days}
          hint="A run's recording and HAR are deleted this many days after it ends; the run, its steps and screenshots stay. Empty: kept as long as the run."
          className="sm:max-w-xs"
        >
          <Input
            name="retentionDays"
            type="number"
            inputMode="numeric"
            min={RECORDING_RETENTION_DAYS.min}
            max={RECORDING_RETENTION_DAYS.max}
            step={1}
            defaultValue={values.retentionDays}
            placeholder="As long as the run"
            disabled={!allowed}
          />
        </FormField>
        {allowed ? (
          <div>
            <BusyButton type="submit" busy={save.busy}>
              Save
            </BusyButton>
          </div>
        ) : null}
      </Form>
    </WorkspaceSettingCard>
  );
}
