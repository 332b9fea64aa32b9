import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { accountQueryKey } from "../../api/account";
import { transactionsQueryOptions } from "../../api/billing";
import { clearPendingPayment, readPendingPayment } from "../../components/credits/pending-payment";
import { notify } from "../../components/ui/notify";
import { useOnceWhilePresent } from "../../lib/hooks/use-once-while-present";
import { paymentArrived, POLL_INTERVAL_MS, POLL_TIMEOUT_MS, readPaymentOutcome, withoutPaymentParam } from "./payment-return";

/**
 * Handles /credits?payment=success|cancelled: a toast, the parameter removed (replace), and after
 * a success the transactions re-read every 2 s for up to 20 s until the purchase shows, then the
 * balance. Returns true while it waits.
 */
export function usePaymentReturn(): boolean {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const outcome = readPaymentOutcome(params.get("payment"));
  const [pollingSince, setPollingSince] = useState<number | null>(null);
  useOnceWhilePresent(outcome, (returned) => {
    if (returned === "success") {
      notify.success("Payment received", "Your credits will appear in a moment.");
      setPollingSince(Date.now());
    } else {
      // Neither a success nor a failure: a neutral toast (still one at a time).
      toast.dismiss();
      toast("Payment cancelled", { description: "No charge was made." });
      clearPendingPayment();
    }
    setParams((current) => withoutPaymentParam(current), { replace: true });
  });

  useEffect(() => {
    if (pollingSince === null) return;
    const pendingId = readPendingPayment();
    let baseline: string[] | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const finish = () => {
      clearPendingPayment();
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
      setPollingSince(null);
    };
    const tick = async () => {
      let ids: string[] | null = null;
      try {
        const list = await queryClient.fetchQuery({ ...transactionsQueryOptions, staleTime: 0 });
        ids = list.transactions.map((transaction) => transaction.id);
      } catch {
        // A failed read is retried at the next tick.
      }
      if (stopped) return;
      if (ids && paymentArrived(ids, pendingId, baseline)) return finish();
      baseline ??= ids;
      if (Date.now() - pollingSince >= POLL_TIMEOUT_MS) return finish();
      timer = setTimeout(() => void tick(), POLL_INTERVAL_MS);
    };

    void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pollingSince, queryClient]);

  return pollingSince !== null;
}
