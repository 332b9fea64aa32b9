import { Suspense } from "react";
import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ChevronRight } from "lucide-react";
import { parseAutomationSlug } from "@errand/contract";
import { categoryLabel, findCategory } from "@errand/content/categories";
import { automationMeta } from "@errand/content/page-meta";
import { accountQueryOptions } from "../../api/account";
import { AppPage } from "../../components/layout/app-page";
import { automationQueryOptions } from "../../api/automations";
import { lazyPage } from "../../components/routing/lazy-page";
import { Skeleton } from "../../components/ui/skeleton";
import { PageMetaTags, siteOrigin } from "../../lib/page/page-meta";
import { useSession } from "../../session/use-session";
import { AutomationOverview } from "./detail/automation-overview";
import { DetailSkeleton } from "./detail/detail-skeleton";
import { TryCard } from "./detail/try-card";
import { NotFoundNotice } from "./not-found-notice";

// Most automations have no demo run: its replay code loads only when one does.
const DemoReplay = lazyPage(() => import("./detail/demo-replay"), "DemoReplay");
// Only admins choose demos: visitors never download it.
const DemoAdminCard = lazyPage(() => import("./detail/demo-admin-card"), "DemoAdminCard");

/** /automations/:slug[-api|-make|-n8n|-zapier] (spec section 2, "Automation detail"). */
export function AutomationDetailPage() {
  const { slug, tab } = parseAutomationSlug((useParams().slug ?? "").toLowerCase());
  const query = useQuery(automationQueryOptions(slug));
  const signedIn = Boolean(useSession());
  const isAdmin = useQuery({ ...accountQueryOptions, enabled: signedIn }).data?.isAdmin === true;

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) return <AutomationNotFound />;
  const automation = query.data;
  const firstCategory = automation.categories[0];
  const crumb = firstCategory
    ? { label: findCategory(firstCategory)?.label ?? categoryLabel(firstCategory), path: `/automations/categories/${firstCategory}` }
    : undefined;

  return (
    <AppPage>
      <PageMetaTags meta={automationMeta(siteOrigin(), automation, crumb)} />
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
          <li>
            <Link to="/automations" className="hover:text-foreground hover:underline">
              Automations
            </Link>
          </li>
          {crumb ? (
            <li className="flex items-center gap-1">
              <ChevronRight className="size-4" aria-hidden="true" />
              <Link to={crumb.path} className="hover:text-foreground hover:underline">
                {crumb.label}
              </Link>
            </li>
          ) : null}
          <li className="flex min-w-0 items-center gap-1">
            <ChevronRight className="size-4" aria-hidden="true" />
            <span aria-current="page" className="truncate text-foreground">
              {automation.title}
            </span>
          </li>
        </ol>
      </nav>
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="grid min-w-0 gap-8">
          <AutomationOverview automation={automation} />
          {automation.run_id ? (
            <Suspense fallback={<Skeleton className="h-80 w-full rounded-xl" />}>
              <DemoReplay runId={automation.run_id} />
            </Suspense>
          ) : null}
          {isAdmin ? (
            <Suspense fallback={<Skeleton className="h-48 w-full rounded-xl" />}>
              <DemoAdminCard automation={automation} />
            </Suspense>
          ) : null}
        </div>
        <TryCard automation={automation} tab={tab} />
      </div>
    </AppPage>
  );
}

function AutomationNotFound() {
  return <NotFoundNotice title="Automation Not Found" text="The automation you're looking for doesn't exist." />;
}
