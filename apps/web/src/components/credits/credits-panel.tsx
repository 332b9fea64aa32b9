import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { formatCreditsAsDollars } from "@errand/contract";
import { accountQueryOptions } from "../../api/account";
import { siteConfigQueryOptions } from "../../api/site-config";
import { notify } from "../ui/notify";
import { cn } from "../ui/cn";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";
import { RoleNote } from "../../workspaces/role-note";
import { useCan } from "../../workspaces/use-workspace-allows";
import { BuyCreditsForm } from "./buy-credits-form";

interface CreditsPanelProps {
  className?: string;
  /** True while /credits waits for a just-paid purchase to show up. */
  refreshing?: boolean;
}

/**
 * The credits panel of the dashboard and /credits (spec section 2): free prompts, credits in
 * dollars, and "Buy credits" unless this server runs with billing off or the role may not buy.
 */
export function CreditsPanel({ className, refreshing = false }: CreditsPanelProps) {
  const { data: account, isError, errorUpdatedAt, refetch, isFetching } = useQuery(accountQueryOptions);
  const config = useQuery(siteConfigQueryOptions);
  const canBuy = useCan("billing");

  useEffect(() => {
    if (isError) notify.error("Error", "Failed to fetch user data.");
  }, [isError, errorUpdatedAt]);

  return (
    <Card className={cn("w-full", className)}>
      <CardHeader className="pb-4">
        <CardTitle className="text-lg">Credits</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {account ? (
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-lg border bg-muted/40 p-3">
              <dt className="text-xs text-muted-foreground">
                Free prompts<span className="sr-only">:</span>
              </dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums">{account.balance.freePrompts}</dd>
            </div>
            <div className="rounded-lg border bg-muted/40 p-3">
              <dt className="text-xs text-muted-foreground">
                Credits<span className="sr-only">:</span>
              </dt>
              <dd className="mt-1 text-2xl font-semibold break-all tabular-nums">{formatCreditsAsDollars(account.balance.credits)}</dd>
            </div>
          </dl>
        ) : null}
        {account && (account.balance.heldFreePrompts > 0 || account.balance.heldCredits > 0) ? (
          <p className="text-xs text-muted-foreground">{heldText(account.balance)}</p>
        ) : null}
        {account ? null : isError ? (
          <div className="grid justify-items-start gap-2 text-sm text-muted-foreground">
            <p>Your balance is unavailable right now.</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="grid grid-cols-2 gap-3" aria-label="Loading credits" role="status">
            <Skeleton className="h-[74px]" />
            <Skeleton className="h-[74px]" />
          </div>
        )}
        {refreshing ? (
          <p className="flex items-center gap-2 text-xs text-muted-foreground" role="status">
            <Spinner className="size-3.5" />
            Checking for your new credits...
          </p>
        ) : null}
        <div className="border-t pt-4">
          {config.isPending ? (
            <div className="grid gap-3" aria-label="Loading purchase options" role="status">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10" />
              <Skeleton className="h-9" />
            </div>
          ) : config.data?.billing === false ? (
            <p className="text-sm text-muted-foreground">Billing is off on this server: runs are not charged.</p>
          ) : config.data?.payments === false ? (
            <p className="text-sm text-muted-foreground">
              Buying credits is not available on this server yet: no card payment provider is configured.
            </p>
          ) : canBuy ? (
            <BuyCreditsForm />
          ) : (
            <RoleNote operation="billing" what="buy credits" />
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Runs in progress hold what they may cost; what they do not use comes back when they end. */
function heldText(balance: { heldFreePrompts: number; heldCredits: number }): string {
  const parts = [];
  if (balance.heldFreePrompts > 0) parts.push(`${balance.heldFreePrompts} free prompt${balance.heldFreePrompts === 1 ? "" : "s"}`);
  if (balance.heldCredits > 0) parts.push(formatCreditsAsDollars(balance.heldCredits));
  return `Held by runs in progress: ${parts.join(" and ")}. What they do not use is given back when they end.`;
}
