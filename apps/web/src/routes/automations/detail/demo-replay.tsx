import { useQuery } from "@tanstack/react-query";
import { demoQueryOptions } from "../../../api/workspace";
import { ReplayPanel } from "../../../components/demo/replay-panel";
import { Skeleton } from "../../../components/ui/skeleton";

/** The automation's public demo run, replayed step by step. */
export function DemoReplay({ runId }: { runId: string }) {
  const demo = useQuery(demoQueryOptions(runId));
  if (demo.isError) return null;
  if (demo.isPending) return <Skeleton className="h-80 w-full rounded-xl" role="status" aria-label="Loading demo" />;
  return (
    <section aria-label="Demo replay">
      <ReplayPanel demo={demo.data} />
    </section>
  );
}
