import { Skeleton } from "../../../components/ui/skeleton";
import { AppPage } from "../../../components/layout/app-page";

/** The automation page's shape while it loads. */
export function DetailSkeleton() {
  return (
    <AppPage role="status" aria-label="Loading automation">
      <Skeleton className="h-4 w-64" />
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="grid gap-4">
          <Skeleton className="h-10 w-3/4" />
          <div className="flex gap-2">
            <Skeleton className="h-6 w-20 rounded-full" />
            <Skeleton className="h-6 w-24 rounded-full" />
          </div>
          <Skeleton className="h-20 w-full" />
          <div className="grid gap-3 sm:grid-cols-3">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
          <Skeleton className="h-40 w-full" />
        </div>
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
    </AppPage>
  );
}
