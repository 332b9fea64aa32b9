import { useEffect, useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatUsd, type SpendingLimit } from "@errand/contract";
import { saveSpendingLimit, spendingLimitQueryKey, spendingLimitQueryOptions } from "../../api/billing";
import { BusyButton } from "../../components/ui/busy-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Form } from "../../components/ui/form";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { notify } from "../../components/ui/notify";
import { QueryStates } from "../../components/ui/query-states";
import { Skeleton } from "../../components/ui/skeleton";
import { useSubmit } from "../../components/ui/use-submit";
import { useWorkspaceAllows } from "../../workspaces/use-workspace-allows";
import { parseSpendingLimitForm, spendingLimitFormValues, type SpendingLimitFormValues } from "../../lib/billing/spending-limit-form";

/** "Monthly spending limit": this month's spend against the limit, and the limit's form (owners and admins may save it). */
export function SpendingLimitCard({ className }: { className?: string }) {
  const query = useQuery(spendingLimitQueryOptions);
  const canChange = useWorkspaceAllows("billing") !== false;
  return (
    <Card className={className}>
      <CardHeader className="pb-4">
        <CardTitle className="text-lg">Monthly spending limit</CardTitle>
        <CardDescription>Past the limit new runs are refused until next month; runs already going on finish.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={query}
          loading={<Skeleton className="h-32 w-full" />}
          failed="Your spending limit could not be loaded."
          empty={null}
          isEmpty={() => false}
        >
          {(limit) =>
            canChange ? (
              <SpendingLimitForm limit={limit} />
            ) : (
              <div className="grid gap-2">
                <p className="text-sm font-medium tabular-nums">{spendText(limit)}</p>
                <p className="text-sm text-muted-foreground">Only the workspace's owners and admins can change the limit.</p>
              </div>
            )
          }
        </QueryStates>
      </CardContent>
    </Card>
  );
}

function spendText(limit: SpendingLimit): string {
  if (limit.monthly_usd === null) return `This month: ${formatUsd(limit.spent_usd)} spent. No limit.`;
  return `This month: ${formatUsd(limit.spent_usd)} of ${formatUsd(limit.monthly_usd)} spent.`;
}

function SpendingLimitForm({ limit }: { limit: SpendingLimit }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SpendingLimitFormValues>(() => spendingLimitFormValues(limit));
  useEffect(() => setValues(spendingLimitFormValues(limit)), [limit]);
  const save = useSubmit({
    action: saveSpendingLimit,
    onSuccess: (saved) => {
      queryClient.setQueryData(spendingLimitQueryKey, saved);
      notify.success("Saved", saved.monthly_usd === null ? "The monthly limit was removed." : "The monthly limit was saved.");
    },
    failure: { message: "Failed to save the limit. Please try again.", apiMessage: true },
  });
  const submit = () => {
    const parsed = parseSpendingLimitForm(values);
    if (parsed.ok) save.run(parsed.body);
    else save.invalid(parsed.errors);
  };
  return (
    <Form submit={save} onSubmit={submit} aria-label="Monthly spending limit" className="grid gap-4">
      <p className="text-sm font-medium tabular-nums">{spendText(limit)}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-monthly`} label="Monthly limit (USD)" error={save.errors.monthly_usd} hint="Empty for no limit.">
          <Input
            type="text"
            inputMode="decimal"
            placeholder="No limit"
            value={values.monthlyUsd}
            onChange={(event) => setValues((current) => ({ ...current, monthlyUsd: event.target.value }))}
          />
        </FormField>
        <FormField
          id={`${id}-thresholds`}
          label="Alerts at (% of the limit)"
          error={save.errors.alert_thresholds}
          hint="Owners and admins get an e-mail at each."
        >
          <Input
            type="text"
            inputMode="numeric"
            value={values.thresholds}
            onChange={(event) => setValues((current) => ({ ...current, thresholds: event.target.value }))}
          />
        </FormField>
      </div>
      <BusyButton type="submit" className="w-fit" busy={save.busy} busyLabel="Saving...">
        Save limit
      </BusyButton>
    </Form>
  );
}
