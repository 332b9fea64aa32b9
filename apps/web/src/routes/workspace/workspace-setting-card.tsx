import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { FormMessage } from "../../components/ui/form";
import { VIEW_ONLY_REASON } from "./can-manage";

/**
 * A card of the workspace's settings: its title, what it sets (and, to those who may only view it,
 * why they cannot change it), then its form and the form's message.
 */
export function WorkspaceSettingCard({
  title,
  description,
  allowed,
  formError,
  children,
}: {
  title: string;
  description: ReactNode;
  allowed: boolean;
  formError: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription>
          {description}
          {allowed ? "" : ` ${VIEW_ONLY_REASON}`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {children}
        <FormMessage message={formError} />
      </CardContent>
    </Card>
  );
}
