import type { ReactNode } from "react";
import { CardDescription, CardHeader, CardTitle } from "../ui/card";

interface SectionCardHeaderProps {
  /** The heading's id: the card is a region labelled by it. */
  headingId: string;
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** Under the description: e.g. the note a role that may not change the card's things reads. */
  note?: ReactNode;
  /** On the right, wrapping under the words at 360 px: the card's main button. */
  action?: ReactNode;
}

/** The head of a settings card that lists things (credentials, webhooks, named keys): icon and title, what it is for, its main button. */
export function SectionCardHeader({ headingId, icon, title, description, note, action }: SectionCardHeaderProps) {
  return (
    <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
      <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
        <CardTitle id={headingId} className="flex items-center gap-2 text-lg">
          {icon}
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        {note}
      </div>
      {action}
    </CardHeader>
  );
}
