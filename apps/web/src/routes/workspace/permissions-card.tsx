import { WORKSPACE_OPERATIONS, WORKSPACE_PERMISSIONS, WORKSPACE_ROLES, type WorkspaceRole } from "@errand/contract";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { OPERATION_LABELS, ROLE_LABELS } from "../../workspaces/role-labels";

/** The permission table, role by kind of operation, from the contract's own table. */
export function PermissionsCard({ role }: { role: WorkspaceRole }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="text-lg">Roles</CardTitle>
        <CardDescription>What each role may do. You are {ROLE_LABELS[role].toLowerCase()} here.</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-sm">
          <caption className="sr-only">Permissions by role</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-2 pr-3 font-medium">
                Operation
              </th>
              {WORKSPACE_ROLES.map((r) => (
                <th key={r} scope="col" className="px-2 py-2 text-center font-medium">
                  {ROLE_LABELS[r]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WORKSPACE_OPERATIONS.map((operation) => (
              <tr key={operation} className="border-b last:border-0">
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  {OPERATION_LABELS[operation]}
                </th>
                {WORKSPACE_ROLES.map((r) => (
                  <td key={r} className="px-2 py-2 text-center">
                    {WORKSPACE_PERMISSIONS[operation].includes(r) ? "Yes" : <span className="text-muted-foreground">No</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
