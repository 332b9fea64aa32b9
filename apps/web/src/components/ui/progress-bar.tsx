/**
 * A bar of `value` out of `max` that screen readers read as a progress bar: its label, and its
 * value in words ("3 of 10 rows done", with `done` the words after the numbers).
 */
export function ProgressBar({ value, max, label, done }: { value: number; max: number; label: string; done: string }) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={`${value} of ${max} ${done}`}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${Math.round(share * 100)}%` }} />
    </div>
  );
}
