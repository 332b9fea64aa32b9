import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronLeft } from "lucide-react";
import { Card, CardContent } from "../../components/ui/card";
import { PageHeader } from "../../components/layout/page-header";

interface AuthContextPageFrameProps {
  title: string;
  heading: string;
  description: ReactNode;
  /** Beside the heading (the wizard's steps). */
  aside?: ReactNode;
  children: ReactNode;
}

/** The frame of the pages that open a live login browser: a link back to Auth Contexts, the heading, and a card. */
export function AuthContextPageFrame({ title, heading, description, aside, children }: AuthContextPageFrameProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/auth-contexts" className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ChevronLeft className="size-4" aria-hidden="true" />
        Auth Contexts
      </Link>
      <PageHeader title={heading} documentTitle={title} description={description} action={aside} />
      <Card className="mt-6">
        <CardContent className="p-4 sm:p-6">{children}</CardContent>
      </Card>
    </div>
  );
}
