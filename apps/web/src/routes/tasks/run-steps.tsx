import { ScreenshotImage } from "../../components/runs/screenshot-image";
import { NoStepScreenshot, StepDetails, stepScreenshotFrame } from "../../components/runs/step-details";
import { StepsList } from "../../components/runs/steps-list";
import { LoadError } from "../../components/ui/load-error";
import { LoadingBars, Skeleton } from "../../components/ui/skeleton";
import type { RunViewState } from "./use-run-view";

/** Step Details (the selected step's screenshot; before the list, so on a phone the latest screenshot comes first) and the Steps list. */
export function RunSteps({ view }: { view: RunViewState }) {
  const { selected, stepList, steps, pending } = view;
  let list;
  if (steps.isError && !pending) list = <LoadError message="The steps could not be loaded." query={steps} />;
  else if (!pending && steps.isPending) list = <LoadingBars label="Loading steps" bars={Array.from({ length: 3 }, () => "h-16 w-full")} />;
  else if (!pending && stepList.length === 0)
    list = <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">No steps were recorded for this run.</p>;
  else
    list = (
      <StepsList
        steps={stepList}
        selectedId={selected?.id ?? null}
        onSelect={view.choose}
        waiting={pending}
        followLatest={view.following}
      />
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,17rem)_minmax(0,1fr)]">
      <section
        ref={view.detailsRef}
        aria-labelledby="step-details-heading"
        className="grid min-w-0 scroll-mt-4 content-start gap-3 lg:col-start-2 lg:row-start-1"
      >
        <StepDetails
          step={selected}
          headingLevel="h3"
          title={
            <h2 id="step-details-heading" className="font-semibold">
              Step Details
            </h2>
          }
          screenshot={
            selected?.has_screenshot ? (
              <ScreenshotImage type="steps" id={selected.id} {...stepScreenshotFrame(selected)} />
            ) : (
              <NoStepScreenshot />
            )
          }
        />
      </section>
      <section aria-labelledby="steps-heading" className="grid min-w-0 content-start gap-3 lg:col-start-1 lg:row-start-1">
        <h2 id="steps-heading" className="font-semibold">
          Steps{stepList.length ? <span className="ml-2 text-sm font-normal text-muted-foreground">{stepList.length}</span> : null}
        </h2>
        {list}
      </section>
    </div>
  );
}

/** The steps area's place while the run loads: Step Details beside the list from lg up. */
export function StepsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-[17rem_1fr]">
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
