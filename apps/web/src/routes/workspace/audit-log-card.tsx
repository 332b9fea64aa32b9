import { Link } from "react-router";
import { ScrollText } from "lucide-react";
import { buttonVariants } from "../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";

/** Where owners and admins open the audit log. */
export function AuditLogCard() {
  return (
    <Card className="mt-6">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <CardTitle className="text-lg">Audit log</CardTitle>
          <CardDescription>
            Members, API keys, credits, saved logins and credentials: who changed what, when, and from where.
          </CardDescription>
        </div>
        <Link to="/workspace/audit-log" className={buttonVariants({ variant: "outline" })}>
          <ScrollText className="size-4" aria-hidden="true" />
          Open audit log
        </Link>
      </CardHeader>
    </Card>
  );
}
