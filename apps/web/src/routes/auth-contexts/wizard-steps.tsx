import { cn } from "../../components/ui/cn";

const STEPS = ["Configure", "Log in"] as const;

/** The wizard's progress: "1 Configure", "2 Log in"; the current one is aria-current="step". */
export function WizardSteps({ current }: { current: 1 | 2 }) {
  return (
    <ol aria-label="Progress" className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      {STEPS.map((label, index) => {
        const number = index + 1;
        const active = number === current;
        const done = number < current;
        return (
          <li key={label} aria-current={active ? "step" : undefined} className="flex items-center gap-3">
            {index > 0 ? <span aria-hidden="true" className={cn("h-px w-8 sm:w-12", done || active ? "bg-primary" : "bg-border")} /> : null}
            <span className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-7 items-center justify-center rounded-full border text-xs font-semibold tabular-nums",
                  active && "border-primary bg-primary text-primary-foreground",
                  done && "border-primary text-primary",
                  !active && !done && "text-muted-foreground",
                )}
              >
                {number}
              </span>
              <span className={cn("font-medium", !active && "text-muted-foreground")}>
                <span className="sr-only">{`Step ${number}: `}</span>
                {label}
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
