import { createBrowserRouter, type RouteObject } from "react-router";
import { AppLayout } from "./components/layout/app-layout";
import { lazyPage } from "./components/routing/lazy-page";
import { GuestOnlyRoute } from "./components/routing/guest-only-route";
import { ProtectedRoute } from "./components/routing/protected-route";
import { RouteErrorPage } from "./components/routing/route-error-page";
import { LoginPage } from "./routes/auth/login-page";
import { SignupPage } from "./routes/auth/signup-page";
import { HomePage } from "./routes/home/home-page";
import { IntegrationRoute } from "./routes/integrations/integration-route";
import { NotFoundPage } from "./routes/not-found/not-found-page";

// Public pages people land on most (home, login, signup, 404) are in the entry chunk;
// the signed-in area and the rarely-used pages load on demand.
const FeaturesPage = lazyPage(() => import("./routes/marketing/features-page"), "FeaturesPage");
const ContactPage = lazyPage(() => import("./routes/marketing/contact-page"), "ContactPage");
const DocsPage = lazyPage(() => import("./routes/marketing/docs-page"), "DocsPage");
const GuidePage = lazyPage(() => import("./routes/marketing/guides/guide-page"), "GuidePage");
const TermsPage = lazyPage(() => import("./routes/legal/terms-page"), "TermsPage");
const PrivacyPage = lazyPage(() => import("./routes/legal/privacy-page"), "PrivacyPage");
const ForgotPasswordPage = lazyPage(() => import("./routes/auth/forgot-password-page"), "ForgotPasswordPage");
const ResetPasswordPage = lazyPage(() => import("./routes/auth/reset-password-page"), "ResetPasswordPage");
const AutomationsPage = lazyPage(() => import("./routes/automations/automations-page"), "AutomationsPage");
const AutomationCategoryPage = lazyPage(() => import("./routes/automations/automation-category-page"), "AutomationCategoryPage");
const AutomationApplicationPage = lazyPage(() => import("./routes/automations/automation-application-page"), "AutomationApplicationPage");
const AutomationDetailPage = lazyPage(() => import("./routes/automations/automation-detail-page"), "AutomationDetailPage");
const DemoPage = lazyPage(() => import("./routes/demo/demo-page"), "DemoPage");
const SharedRunPage = lazyPage(() => import("./routes/shared/shared-run-page"), "SharedRunPage");
const SharedEvaluationPage = lazyPage(() => import("./routes/evaluations/shared-evaluation-page"), "SharedEvaluationPage");

const DashboardPage = lazyPage(() => import("./routes/dashboard/dashboard-page"), "DashboardPage");
const TasksPage = lazyPage(() => import("./routes/tasks/tasks-page"), "TasksPage");
const TaskDetailPage = lazyPage(() => import("./routes/tasks/task-detail-page"), "TaskDetailPage");
const BatchPage = lazyPage(() => import("./routes/batches/batch-page"), "BatchPage");
const EvaluationsPage = lazyPage(() => import("./routes/evaluations/evaluations-page"), "EvaluationsPage");
const NewEvaluationPage = lazyPage(() => import("./routes/evaluations/new-evaluation-page"), "NewEvaluationPage");
const EvaluationPage = lazyPage(() => import("./routes/evaluations/evaluation-page"), "EvaluationPage");
const RunLinkPage = lazyPage(() => import("./routes/evaluations/run-link-page"), "RunLinkPage");
const CreditsPage = lazyPage(() => import("./routes/credits/credits-page"), "CreditsPage");
const ApiKeysPage = lazyPage(() => import("./routes/api-keys/api-keys-page"), "ApiKeysPage");
const AuthContextsPage = lazyPage(() => import("./routes/auth-contexts/auth-contexts-page"), "AuthContextsPage");
const NewAuthContextPage = lazyPage(() => import("./routes/auth-contexts/new-auth-context-page"), "NewAuthContextPage");
const WorkspaceSettingsPage = lazyPage(() => import("./routes/workspace/workspace-settings-page"), "WorkspaceSettingsPage");
const AuditLogPage = lazyPage(() => import("./routes/audit-log/audit-log-page"), "AuditLogPage");
const InvitationPage = lazyPage(() => import("./routes/invitations/invitation-page"), "InvitationPage");
const RelogInPage = lazyPage(() => import("./routes/auth-contexts/relogin-page"), "RelogInPage");

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <GuestOnlyRoute />,
        children: [
          { path: "/", element: <HomePage /> },
          { path: "/login", element: <LoginPage /> },
          { path: "/signup", element: <SignupPage /> },
        ],
      },
      { path: "/features", element: <FeaturesPage /> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/contact", element: <ContactPage /> },
      { path: "/docs", element: <DocsPage /> },
      { path: "/docs/guides/:slug", element: <GuidePage /> },
      { path: "/terms", element: <TermsPage /> },
      { path: "/privacy", element: <PrivacyPage /> },
      { path: "/automations", element: <AutomationsPage /> },
      { path: "/automations/categories/:category", element: <AutomationCategoryPage /> },
      { path: "/automations/applications/:application", element: <AutomationApplicationPage /> },
      { path: "/automations/:slug", element: <AutomationDetailPage /> },
      { path: "/demo/:runId", element: <DemoPage /> },
      { path: "/shared/:token", element: <SharedRunPage /> },
      { path: "/shared/evaluations/:token", element: <SharedEvaluationPage /> },
      { path: "/invitations/:token", element: <InvitationPage /> },
      {
        element: <ProtectedRoute />,
        children: [
          { path: "/dashboard", element: <DashboardPage /> },
          { path: "/tasks", element: <TasksPage /> },
          { path: "/tasks/:idTask", element: <TaskDetailPage /> },
          { path: "/tasks/:idTask/task-runs/:idTaskRun", element: <TaskDetailPage /> },
          { path: "/tasks/:idTask/batches/:idBatch", element: <BatchPage /> },
          { path: "/runs/:runId", element: <RunLinkPage /> },
          { path: "/evaluations", element: <EvaluationsPage /> },
          { path: "/evaluations/new", element: <NewEvaluationPage /> },
          { path: "/evaluations/:id", element: <EvaluationPage /> },
          { path: "/credits", element: <CreditsPage /> },
          { path: "/api-keys", element: <ApiKeysPage /> },
          { path: "/auth-contexts", element: <AuthContextsPage /> },
          { path: "/auth-contexts/new", element: <NewAuthContextPage /> },
          { path: "/auth-contexts/:id/login", element: <RelogInPage /> },
          { path: "/workspace", element: <WorkspaceSettingsPage /> },
          { path: "/workspace/audit-log", element: <AuditLogPage /> },
        ],
      },
      { path: "/404", element: <NotFoundPage /> },
      { path: "/:thirdPartyName", element: <IntegrationRoute /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
