import { Globe } from "lucide-react";
import { findApplication } from "@errand/content/applications";
import { cn } from "../ui/cn";
import { APPLICATION_MARKS } from "./marks/application-marks";
import { MarkSvg, markA11y } from "./marks/mark-svg";

/**
 * The drawn mark of a known application (spec section 3), by key or label; a globe for any other
 * website. Hidden from assistive technology unless `label` is given (it usually sits next to its name).
 */
export function ApplicationIcon({
  application,
  className,
  label,
}: {
  application: string | null | undefined;
  className?: string;
  label?: string;
}) {
  const key = findApplication(application)?.key;
  const Mark = key && key !== "any-website" ? APPLICATION_MARKS[key] : undefined;
  if (!Mark) return <Globe className={cn("size-6 shrink-0 text-sky-600", className)} {...markA11y(label)} />;
  return (
    <MarkSvg className={className} label={label}>
      <Mark />
    </MarkSvg>
  );
}
