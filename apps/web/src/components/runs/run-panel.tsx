import type { ReactNode } from "react";
import { Download } from "lucide-react";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";

interface RunPanelProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** The heading's level where the panel sits. */
  headingLevel?: "h2" | "h3";
  /** Beside the title: a count, a badge, the panel's buttons. */
  aside?: ReactNode;
  className?: string;
  headerClassName?: string;
  titleClassName?: string;
  children: ReactNode;
}

/** A panel of the run page (results, files, recording, verification): a titled section with what stands beside its title. */
export function RunPanel({
  id,
  title,
  headingLevel: Heading = "h2",
  aside,
  className,
  headerClassName = "items-center justify-between gap-2",
  titleClassName,
  children,
}: RunPanelProps) {
  return (
    <section aria-labelledby={id} className={cn("grid gap-3", className)}>
      <div className={cn("flex flex-wrap", headerClassName)}>
        <Heading id={id} className={cn("font-semibold", titleClassName)}>
          {title}
        </Heading>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A small outline link that downloads a file: the word "Download" hides on narrow screens, its label stays. */
export function DownloadButton({
  href,
  fileName,
  label,
  className,
}: {
  href: string;
  fileName: string;
  label: string;
  className?: string;
}) {
  return (
    <Button asChild variant="outline" size="sm" className={className}>
      <a href={href} download={fileName} aria-label={label}>
        <Download aria-hidden="true" />
        <span className="max-sm:sr-only">Download</span>
      </a>
    </Button>
  );
}
