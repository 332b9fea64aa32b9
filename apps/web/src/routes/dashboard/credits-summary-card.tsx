import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { formatCreditsAsDollars } from "@errand/contract";
import { accountQueryOptions } from "../../api/account";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { notify } from "../../lib/notify";

/** Free prompts and credits of the signed-in account (GET /api/v1/account). */
export function CreditsSummaryCard() {
  const { data: account, isError, errorUpdatedAt } = useQuery(accountQueryOptions);

  useEffect(() => {
    if (isError) notify.error("Error", "Failed to fetch user data.");
  }, [isError, errorUpdatedAt]);

  return (
    <Card className="w-full sm:max-w-sm">
      <CardHeader className="pb-4">
        <CardTitle className="text-lg">Credits</CardTitle>
      </CardHeader>
      <CardContent>
        {account ? (
          <dl className="grid gap-2 text-sm">
            <div>
              <dt className="inline text-muted-foreground">Free prompts: </dt>
              <dd className="inline font-semibold">{account.balance.freePrompts}</dd>
            </div>
            <div>
              <dt className="inline text-muted-foreground">Credits: </dt>
              <dd className="inline font-semibold">{formatCreditsAsDollars(account.balance.credits)}</dd>
            </div>
          </dl>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">Your balance is unavailable right now.</p>
        ) : (
          <div className="grid gap-3" aria-label="Loading credits" role="status">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-28" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
