import { useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { formatCents, formatCreditsAsDollars, type Transaction } from "@errand/contract";
import { transactionsQueryOptions } from "../../api/billing";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { TableHead } from "../../components/ui/table-head";
import { formatDateTime } from "../../lib/format/display-format";
import { invoiceCell } from "./transaction-display";

const COLUMNS = ["Date", "Amount", "Credits", "Invoice"] as const;
const SKELETON_ROWS = 5;
const cellClass = "px-4 py-3 whitespace-nowrap";

/** "Transaction History": completed purchases and grants, newest first (spec section 2). */
export function TransactionHistory({ className }: { className?: string }) {
  const headingId = useId();
  const { data, isPending, isError, refetch, isFetching } = useQuery(transactionsQueryOptions);

  return (
    <Card className={className}>
      <CardHeader className="pb-4">
        <CardTitle id={headingId} className="text-lg">
          Transaction History
        </CardTitle>
      </CardHeader>
      <CardContent className="px-0 pb-2 sm:px-0">
        {isError ? (
          <LoadError
            message="Your transactions could not be loaded."
            onRetry={() => void refetch()}
            retrying={isFetching}
            className="justify-center px-6 py-10"
          />
        ) : (
          // Focusable so keyboard users can scroll it sideways on narrow screens.
          <div className="overflow-x-auto" role="region" aria-labelledby={headingId} tabIndex={0}>
            <table className="w-full text-sm" aria-labelledby={headingId} aria-busy={isPending}>
              <TableHead columns={COLUMNS} cellClass={cellClass} rules="around" />
              <tbody>
                {isPending ? (
                  Array.from({ length: SKELETON_ROWS }, (_, index) => (
                    <tr key={index} className="border-b last:border-0">
                      {COLUMNS.map((column) => (
                        <td key={column} className={cellClass}>
                          <Skeleton className={column === "Date" ? "h-4 w-36" : "h-4 w-16"} />
                        </td>
                      ))}
                    </tr>
                  ))
                ) : data.transactions.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className="px-4 py-10 text-center text-muted-foreground">
                      No transactions found
                    </td>
                  </tr>
                ) : (
                  data.transactions.map((transaction) => <TransactionRow key={transaction.id} transaction={transaction} />)
                )}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const date = formatDateTime(transaction.created_at);
  const invoice = invoiceCell(transaction);
  return (
    <tr className="border-b last:border-0">
      <td className={cellClass}>
        <time dateTime={transaction.created_at}>{date}</time>
      </td>
      <td className={`${cellClass} tabular-nums`}>{formatCents(transaction.amount)}</td>
      <td className={`${cellClass} tabular-nums`}>{formatCreditsAsDollars(transaction.credits)}</td>
      <td className={cellClass}>
        {invoice.kind === "link" ? (
          <a
            href={invoice.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View invoice of ${date} (opens in a new tab)`}
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            View
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        ) : (
          <span className="text-muted-foreground">{invoice.text}</span>
        )}
      </td>
    </tr>
  );
}
