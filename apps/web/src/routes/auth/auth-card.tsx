import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";

interface AuthCardProps {
  heading: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card the account screens (login, signup, password) sit in. */
export function AuthCard({ heading, description, children, footer }: AuthCardProps) {
  return (
    <div className="flex flex-1 items-start justify-center bg-muted/60 px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? <CardFooter className="justify-center text-sm text-muted-foreground">{footer}</CardFooter> : null}
      </Card>
    </div>
  );
}
