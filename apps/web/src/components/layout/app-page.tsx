import type { ComponentProps } from "react";
import { PageHeader } from "./page-header";

type AppPageProps = ComponentProps<"div"> & Partial<Pick<ComponentProps<typeof PageHeader>, "title" | "description" | "action">>;

/** A signed-in page's column (the width and padding every app page shares), opened by its PageHeader when it has a title. */
export function AppPage({ title, description, action, children, ...props }: AppPageProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10" {...props}>
      {title ? <PageHeader title={title} description={description} action={action} /> : null}
      {children}
    </div>
  );
}
