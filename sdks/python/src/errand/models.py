"""Typed answers and request bodies of the Errand API, generated from docs/openapi.json.

Do not edit: run `python3 sdks/python/scripts/generate_models.py` after the API changes.
Answers are plain dicts at run time; these TypedDicts let mypy and editors check their keys.
"""

# ruff: noqa
from __future__ import annotations

import sys
from typing import Any, Literal, Union

# typing's TypedDict knows NotRequired from 3.11 on; before, both come from typing_extensions.
if sys.version_info >= (3, 11):
    from typing import NotRequired, TypedDict
else:
    from typing_extensions import NotRequired, TypedDict

class RunFailure(TypedDict):
    """Why the run did not succeed: a kind from a closed list and a message. null for pending and successful runs."""

    kind: Literal["navigation_blocked", "captcha_unsolved", "person_needed_timeout", "approval_timeout", "login_required", "element_not_found", "page_error", "site_unreachable", "model_error", "budget_exhausted", "step_limit", "time_limit", "verification_failed", "cancelled", "agent_gave_up", "agent_stuck", "invalid_answer", "setup_problem", "interrupted", "internal", "unknown"]
    message: str


class RunNeedsApproval(TypedDict):
    """The action the run waits for a person to approve or deny; null when none."""

    action: str
    element: str
    kind: Union[Literal["payment", "personal_data", "purchase", "send_message", "delete"], Literal["words"]]
    reason: str
    url: str
    has_screenshot: bool
    asked_at: str
    expires_at: str


class RunCharge(TypedDict):
    """What the run was charged when it ended; null while it is pending."""

    kind: Literal["free_prompt", "credits", "none"]
    credits: int


class RunProxy(TypedDict):
    """The proxy pool asked for (null: the server's default). A run with a saved login goes out through the login's proxy instead."""

    pool: str
    country: NotRequired[str | None]


class RunExecution(TypedDict):
    """How the run was carried out: replayed without the model, repaired by the agent, or the agent."""

    kind: Literal["replayed", "repaired", "agent"]
    recording_version: int | None
    repaired_steps: list[int]
    new_recording_version: int | None
    tokens_saved: int | None
    seconds_saved: float | None
    note: str | None


class RunChecksAssertions1(TypedDict):
    kind: Literal["field_present"]
    path: NotRequired[str]


class RunChecksAssertions2(TypedDict):
    kind: Literal["pattern"]
    path: NotRequired[str]
    pattern: str


class RunChecksAssertions3(TypedDict):
    kind: Literal["range"]
    path: NotRequired[str]
    min: NotRequired[float]
    max: NotRequired[float]


class RunChecksAssertions4(TypedDict):
    kind: Literal["min_items"]
    path: NotRequired[str]
    n: int


class RunChecksAssertions5(TypedDict):
    kind: Literal["on_page"]
    path: NotRequired[str]


class RunChecksJudge(TypedDict):
    instructions: str


class RunChecks(TypedDict):
    """The checks its answer is verified with; null: none."""

    assertions: NotRequired[list[Union[RunChecksAssertions1, RunChecksAssertions2, RunChecksAssertions3, RunChecksAssertions4, RunChecksAssertions5]]]
    judge: NotRequired[RunChecksJudge | None]


class RunVerificationChecks(TypedDict):
    kind: Literal["schema", "field_present", "pattern", "range", "min_items", "on_page"]
    path: NotRequired[str]
    passed: bool
    message: str


class RunVerificationJudgeTokens(TypedDict):
    """Model tokens the judge used; counted in the run's tokens and model spend."""

    input: int
    output: int


class RunVerificationJudge(TypedDict):
    verdict: Literal["pass", "fail", "unsure"]
    reasons: list[str]
    tokens: RunVerificationJudgeTokens


class RunVerification(TypedDict):
    """How the answer was verified against the run's checks; null when it had none or gave no answer."""

    verdict: Literal["pass", "fail", "unsure"]
    checks: list[RunVerificationChecks]
    judge: NotRequired[RunVerificationJudge]


class PublicRun(TypedDict):
    id: str
    task_id: str
    number: int
    prompt: str
    status: Literal["pending", "success", "failed", "error", "cancelled"]
    status_reason: str | None
    failure: RunFailure | None
    needs_person: str | None
    needs_approval: RunNeedsApproval | None
    approval: list[Literal["payment", "personal_data", "purchase", "send_message", "delete"]]
    approval_words: list[str]
    approval_timeout_seconds: int
    result: str | None
    execution_time: float | None
    max_cost_usd: float | None
    max_steps: int | None
    on_limit: Literal["stop", "ask"]
    model_cost: int | None
    public: bool
    response_format: Literal["text", "json"]
    json_schema: NotRequired[Any]
    auth_context_id: str | None
    session_timeout: int
    time_limit: int
    time_limit_note: str | None
    initial_url: str | None
    model: str
    model_provider: str
    mode: Literal["auto", "agent", "replay"]
    execution: RunExecution | None
    recording: bool | None
    allowed_domains: list[str] | None
    created_at: str
    started_at: str | None
    finished_at: str | None


class Run(PublicRun):
    user_id: str | None
    input_tokens: int
    output_tokens: int
    cost: int | None
    charge: RunCharge | None
    webhook_url: str | None
    proxy: RunProxy | None
    batch_id: str | None
    evaluation_id: str | None
    checks: RunChecks | None
    verification: RunVerification | None
    retry_of: str | None
    retries: list[str]


class CreateRunBodyRetry(TypedDict):
    """Retry a failed run (a new run with the same settings) when its verdict is fail or its failure kind is listed, at most max times."""

    on_verdict_fail: NotRequired[bool]
    on_failure_kinds: NotRequired[list[str]]
    max: int


class CreateRunBody(TypedDict):
    prompt: str
    model: NotRequired[str]
    provider: NotRequired[Literal["openai", "anthropic"]]
    response_format: NotRequired[Literal["text", "json"]]
    json_results: NotRequired[bool | None]
    json_schema: NotRequired[Any]
    auth_context_id: NotRequired[str | None]
    webhook_url: NotRequired[str | None]
    session_timeout: NotRequired[int | None]
    initial_url: NotRequired[str | None]
    mode: NotRequired[Literal["auto", "agent", "replay"]]
    files: NotRequired[list[str] | None]
    proxy: NotRequired[RunProxy | None]
    max_cost_usd: NotRequired[float | None]
    max_steps: NotRequired[int | None]
    on_limit: NotRequired[Literal["stop", "ask"] | None]
    approval: NotRequired[list[Literal["payment", "personal_data", "purchase", "send_message", "delete"]] | None]
    approval_words: NotRequired[list[str] | None]
    approval_timeout_seconds: NotRequired[int | None]
    tags: NotRequired[list[str] | None]
    credential_names: NotRequired[list[str] | None]
    checks: NotRequired[RunChecks | None]
    retry: NotRequired[CreateRunBodyRetry | None]
    recording: NotRequired[bool | None]
    allowed_domains: NotRequired[list[str] | None]


class CreatedRun(TypedDict):
    id: str
    task_id: str
    status: Literal["pending", "success", "failed", "error", "cancelled"]
    time_limit: int
    time_limit_note: str | None


class StepAction(TypedDict):
    """One browser action the agent took in a step."""

    name: Literal["navigate", "click", "type", "select_option", "hover", "drag", "select_text", "scroll", "press_keys", "click_at", "type_at", "upload_file", "answer_dialog", "go_back", "open_tab", "switch_tab", "close_tab", "wait", "extract", "ask_person", "done", "solve_captcha"]
    input: dict[str, Any]
    ok: bool
    error: str | None


class Step(TypedDict):
    id: str
    task_run_id: str
    number: int
    created_at: str
    extracted_content: str | None
    success: bool | None
    error: str | None
    action: list[StepAction] | None
    url: str | None
    duration_ms: int | None
    input_tokens: int
    output_tokens: int
    has_screenshot: bool


class ListRunStepsResponse(TypedDict):
    steps: list[Step]


class Task(TypedDict):
    id: str
    user_id: str | None
    prompt: str
    auth_context_id: str | None
    json_schema: NotRequired[Any]
    webhook_url: str | None
    response_format: Literal["text", "json"]
    session_timeout: int
    initial_url: str | None
    model: str
    model_provider: str
    always_use_agent: bool
    credential_names: list[str]
    proxy: RunProxy | None
    tags: list[str]
    max_cost_usd: float | None
    max_steps: int | None
    on_limit: Literal["stop", "ask"]
    checks: RunChecks | None
    retry: CreateRunBodyRetry | None
    approval: list[Literal["payment", "personal_data", "purchase", "send_message", "delete"]]
    approval_words: list[str]
    approval_timeout_seconds: int
    recording: bool | None
    allowed_domains: list[str] | None
    created_at: str
    updated_at: str


class TaskListTasksLatestRuns(TypedDict):
    id: str
    status: Literal["pending", "success", "failed", "error", "cancelled"]
    created_at: str


class TaskListTasks(Task):
    latest_runs: list[TaskListTasksLatestRuns]
    next_run_at: str | None
    next_run_time_zone: str | None


class TaskList(TypedDict):
    tasks: list[TaskListTasks]
    total: int
    page: int
    page_size: int


class RecordingListRecordingsParameters(TypedDict):
    name: str
    value: str


class RecordingListRecordingsStepsTargetLocators1(TypedDict):
    kind: Literal["role"]
    role: str
    name: str


class RecordingListRecordingsStepsTargetLocators2(TypedDict):
    kind: Literal["label"]
    text: str


class RecordingListRecordingsStepsTargetLocators3(TypedDict):
    kind: Literal["placeholder"]
    text: str


class RecordingListRecordingsStepsTargetLocators4(TypedDict):
    kind: Literal["test_id"]
    value: str


class RecordingListRecordingsStepsTargetLocators5(TypedDict):
    kind: Literal["text"]
    text: str


class RecordingListRecordingsStepsTargetLocators6(TypedDict):
    kind: Literal["css"]
    selector: str


class RecordingListRecordingsStepsTarget(TypedDict):
    """An element of the page a recorded step acts on or reads."""

    locators: list[Union[RecordingListRecordingsStepsTargetLocators1, RecordingListRecordingsStepsTargetLocators2, RecordingListRecordingsStepsTargetLocators3, RecordingListRecordingsStepsTargetLocators4, RecordingListRecordingsStepsTargetLocators5, RecordingListRecordingsStepsTargetLocators6]]
    frame_path: list[str]
    description: str


class RecordingListRecordingsStepsValue1(TypedDict):
    kind: Literal["literal"]
    text: str


class RecordingListRecordingsStepsValue2(TypedDict):
    kind: Literal["parameter"]
    name: str


class RecordingListRecordingsStepsValue3(TypedDict):
    kind: Literal["secret"]


class RecordingListRecordingsStepsExpect(TypedDict):
    """The step's post-condition: where the page was after it when recorded."""

    url: str
    url_changed: bool


class RecordingListRecordingsSteps(TypedDict):
    number: int
    intent: str
    action: Literal["navigate", "click", "type", "select_option", "hover", "drag", "select_text", "scroll", "press_keys", "click_at", "type_at", "upload_file", "answer_dialog", "go_back", "open_tab", "switch_tab", "close_tab", "wait", "extract", "ask_person", "done", "solve_captcha"]
    input: dict[str, Any]
    target: RecordingListRecordingsStepsTarget | None
    value: Union[RecordingListRecordingsStepsValue1, RecordingListRecordingsStepsValue2, RecordingListRecordingsStepsValue3, None]
    expect: RecordingListRecordingsStepsExpect
    repairs: int
    volatile: bool


RecordingListRecordingsExtractionReads = TypedDict("RecordingListRecordingsExtractionReads", {
    "target": RecordingListRecordingsStepsTarget,
    "as": Literal["text", "number"],
})


class RecordingListRecordingsExtraction(TypedDict):
    """How the answer is read off the last page on replay, without the model."""

    format: Literal["text", "json"]
    reads: list[RecordingListRecordingsExtractionReads]
    template: NotRequired[Any]


class RecordingListRecordingsOrigin(TypedDict):
    run_id: str | None
    seconds: float
    input_tokens: int
    output_tokens: int


class RecordingListRecordings(TypedDict):
    """A recording of a saved task: what a replay does without the model."""

    prompt: str
    parameters: list[RecordingListRecordingsParameters]
    steps: list[RecordingListRecordingsSteps]
    extraction: RecordingListRecordingsExtraction
    task_id: str
    version: int
    kind: Literal["recorded", "repaired"]
    origin: RecordingListRecordingsOrigin
    created_at: str


class RecordingList(TypedDict):
    always_use_agent: bool
    recordings: list[RecordingListRecordings]


class ScheduleRepeat1(TypedDict):
    kind: Literal["hourly"]
    minute: int


class ScheduleRepeat2(TypedDict):
    kind: Literal["daily"]
    time: str


class ScheduleRepeat3(TypedDict):
    kind: Literal["weekly"]
    day: Literal["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    time: str


class ScheduleRepeat4(TypedDict):
    kind: Literal["cron"]
    cron: str


class Schedule(TypedDict):
    id: str
    task_id: str
    repeat: Union[ScheduleRepeat1, ScheduleRepeat2, ScheduleRepeat3, ScheduleRepeat4]
    cron: str
    time_zone: str
    paused: bool
    next_run_at: str | None
    next_runs: list[str]
    last_run_at: str | None
    last_run_id: str | None
    last_error: str | None
    created_at: str
    updated_at: str


class BatchCounts(TypedDict):
    """Rows per state and outcome."""

    waiting: int
    running: int
    success: int
    failed: int
    error: int
    cancelled: int
    skipped: int
    refused: int


class Batch(TypedDict):
    id: str
    task_id: str
    status: Literal["running", "paused", "cancelled", "finished"]
    status_reason: str | None
    concurrency: int
    inputs: list[str]
    total_rows: int
    counts: BatchCounts
    cost: int
    created_by: str | None
    created_at: str
    finished_at: str | None


class BatchRowsPageRows(TypedDict):
    index: int
    params: dict[str, str]
    idempotency_key: str
    state: Literal["waiting", "running", "done"]
    outcome: Literal["success", "failed", "error", "cancelled", "skipped", "refused"] | None
    reason: str | None
    run_id: str | None
    result: str | None
    verdict: Literal["pass", "fail", "unsure"] | None
    cost: int | None


class BatchRowsPage(TypedDict):
    rows: list[BatchRowsPageRows]
    total: int
    next_offset: int | None


class AuthContextProxy(TypedDict):
    """The proxy the login was made through: its runs go out through the same one (same session: same exit address). Null: the server's default."""

    pool: str
    country: str | None
    server: str


class AuthContext(TypedDict):
    id: str
    name: str
    urls: list[str]
    proxy: AuthContextProxy | None
    created_at: str
    updated_at: str


CredentialMailbox = TypedDict("CredentialMailbox", {
    "host": str,
    "port": int,
    "tls": bool,
    "user_hint": str,
    "folder": str,
    "from": str | None,
})


class Credential(TypedDict):
    id: str
    name: str
    domains: list[str]
    username_hint: str
    has_totp: bool
    mailbox: CredentialMailbox | None
    created_at: str
    updated_at: str


class ErrandFile(TypedDict):
    id: str
    origin: Literal["upload", "download"]
    name: str
    content_type: str
    size: int
    sha256: str
    run_id: str | None
    step_number: int | None
    created_at: str
    content_url: str


class AutomationSummary(TypedDict):
    id: str
    slug: str
    title: str
    description: str
    website: str | None
    categories: list[str]
    need_auth: bool


class Automation(AutomationSummary):
    prompt: str
    initial_url: str | None
    response_format: Literal["text", "json"]
    json_schema: NotRequired[Any]
    session_timeout: int
    run_id: str | None
    updated_at: str


class ListAutomationsResponse(TypedDict):
    automations: list[AutomationSummary]


class AutomationFacetsCategories(TypedDict):
    category: str
    count: int


class AutomationFacetsApplications(TypedDict):
    application: str
    count: int


class AutomationFacets(TypedDict):
    total: int
    categories: list[AutomationFacetsCategories]
    applications: list[AutomationFacetsApplications]


class RunAutomationBody(TypedDict):
    prompt: NotRequired[str | None]
    initial_url: NotRequired[str | None]
    response_format: NotRequired[Literal["text", "json"] | None]
    json_schema: NotRequired[Any]
    session_timeout: NotRequired[int | None]
    auth_context_id: NotRequired[str | None]
    webhook_url: NotRequired[str | None]
    files: NotRequired[list[str] | None]
    proxy: NotRequired[RunProxy | None]
    max_cost_usd: NotRequired[float | None]
    max_steps: NotRequired[int | None]
    on_limit: NotRequired[Literal["stop", "ask"] | None]


class AutomationRun(TypedDict):
    id: str
    task_id: str
    status: Literal["pending", "success", "failed", "error", "cancelled"]
    time_limit: int
    time_limit_note: str | None
    note: str | None


class AccountBalance(TypedDict):
    freePrompts: int
    credits: int
    heldFreePrompts: int
    heldCredits: int


class Account(TypedDict):
    id: str
    email: str
    avatarUrl: str | None
    isAdmin: bool
    balance: AccountBalance
    createdAt: str


class UsageTotals(TypedDict):
    runs: int
    free_prompts: int
    credits: int
    execution_time: float
    input_tokens: int
    output_tokens: int
    model_cost: int


class UsagePerDay(UsageTotals):
    date: str


class UsageGroups(UsageTotals):
    id: str | None
    name: str


Usage = TypedDict("Usage", {
    "days": int,
    "time_zone": str,
    "from": str,
    "to": str,
    "totals": UsageTotals,
    "per_day": list[UsagePerDay],
    "group_by": Literal["day", "member", "api_key", "tag", "failure_kind"],
    "groups": NotRequired[list[UsageGroups]],
})


class Webhook(TypedDict):
    id: str
    url: str
    events: list[Literal["run.finished", "run.succeeded", "run.failed", "run.needs_person", "run.needs_approval", "budget.threshold", "batch.finished"]]
    description: str | None
    created_at: str


class CreateWebhookBody(TypedDict):
    url: str
    events: list[Literal["run.finished", "run.succeeded", "run.failed", "run.needs_person", "run.needs_approval", "budget.threshold", "batch.finished"]]
    description: NotRequired[str]


class CreatedWebhook(TypedDict):
    id: str
    url: str
    events: list[Literal["run.finished", "run.succeeded", "run.failed", "run.needs_person", "run.needs_approval", "budget.threshold", "batch.finished"]]
    description: str | None
    created_at: str
    secret: str


class ScreenshotUrl(TypedDict):
    signed_url: str


class SetRunLimitsBody(TypedDict):
    max_cost_usd: NotRequired[float | None]
    max_steps: NotRequired[int | None]
    on_limit: NotRequired[Literal["stop", "ask"]]


class RunLimits(TypedDict):
    max_cost_usd: float | None
    max_steps: int | None
    on_limit: Literal["stop", "ask"]


class Workspace(TypedDict):
    id: str
    name: str
    kind: Literal["personal", "team"]
    role: Literal["owner", "admin", "member", "viewer"]
    default_allowed_domains: list[str] | None
    recording_retention_days: int | None
    created_at: str


class ListWorkspacesResponse(TypedDict):
    workspaces: list[Workspace]


class WorkspaceMember(TypedDict):
    user_id: str
    email: str
    name: str
    role: Literal["owner", "admin", "member", "viewer"]
    created_at: str


class ListWorkspaceMembersResponse(TypedDict):
    members: list[WorkspaceMember]


class CreateWorkspaceInvitationBody(TypedDict):
    email: str
    role: Literal["admin", "member", "viewer"]


class WorkspaceInvitation(TypedDict):
    id: str
    email: str
    role: Literal["owner", "admin", "member", "viewer"]
    invited_by: str
    expires_at: str
    created_at: str


class NamedApiKeyCreatedBy(TypedDict):
    """The member the key acts as"""

    user_id: str
    email: str


class NamedApiKey(TypedDict):
    id: str
    name: str
    scopes: list[Literal["read", "run", "manage"]]
    prefix: str
    created_by: NamedApiKeyCreatedBy
    created_at: str
    expires_at: str | None
    last_used_at: str | None
    last_used_ip: str | None


class ListApiKeysResponse(TypedDict):
    api_keys: list[NamedApiKey]


class CreateApiKeyBody(TypedDict):
    name: str
    scopes: list[Literal["read", "run", "manage"]]
    expires_at: NotRequired[str]
    expires_in_days: NotRequired[int]


class CreatedApiKey(NamedApiKey):
    secret: str


class AuditEventActor(TypedDict):
    """Who did it and how they came in"""

    user_id: str | None
    email: str | None
    via: Literal["session", "api-key", "local", "run", "payment"]
    api_key_id: str | None


class AuditEventTarget(TypedDict):
    type: Literal["member", "invitation", "api_key", "payment", "workspace", "saved_login", "credential"]
    id: str | None
    label: str | None


class AuditEvent(TypedDict):
    id: str
    at: str
    action: Literal["member.invited", "member.joined", "member.removed", "member.role_changed", "invitation.revoked", "api_key.created", "api_key.revoked", "credits.bought", "limits.changed", "saved_login.created", "saved_login.used", "saved_login.deleted", "credential.created", "credential.used", "credential.deleted"]
    actor: AuditEventActor
    ip: str | None
    target: AuditEventTarget
    details: dict[str, Any]


class AuditEventPage(TypedDict):
    audit_events: list[AuditEvent]
    next_cursor: str | None


class EvaluationDetailCounts(TypedDict):
    waiting: int
    running: int
    done: int
    skipped: int
    refused: int


class EvaluationDetailByModel(TypedDict):
    model: str
    cases: int
    ended: int
    passed: int
    success_rate: float | None


class EvaluationCase(TypedDict):
    name: NotRequired[str]
    prompt: str
    start_url: NotRequired[str]
    output_schema: NotRequired[Any]
    expected: NotRequired[Any]
    checks: NotRequired[RunChecks]
    max_steps: NotRequired[int | None]


class EvaluationSuite(TypedDict):
    name: str
    description: NotRequired[str]
    models: NotRequired[list[str]]
    concurrency: NotRequired[int]
    cases: list[EvaluationCase]


EvaluationDetailReportModelsVerdicts = TypedDict("EvaluationDetailReportModelsVerdicts", {
    "pass": int,
    "fail": int,
    "unsure": int,
    "none": int,
})


class EvaluationDetailReportModelsFailureKinds(TypedDict):
    """Failed cells by failure kind; kinds with none are left out."""

    navigation_blocked: NotRequired[int]
    captcha_unsolved: NotRequired[int]
    person_needed_timeout: NotRequired[int]
    approval_timeout: NotRequired[int]
    login_required: NotRequired[int]
    element_not_found: NotRequired[int]
    page_error: NotRequired[int]
    site_unreachable: NotRequired[int]
    model_error: NotRequired[int]
    budget_exhausted: NotRequired[int]
    step_limit: NotRequired[int]
    time_limit: NotRequired[int]
    verification_failed: NotRequired[int]
    cancelled: NotRequired[int]
    agent_gave_up: NotRequired[int]
    agent_stuck: NotRequired[int]
    invalid_answer: NotRequired[int]
    setup_problem: NotRequired[int]
    interrupted: NotRequired[int]
    internal: NotRequired[int]
    unknown: NotRequired[int]


class EvaluationDetailReportModels(TypedDict):
    model: str
    cases: int
    ended: int
    passed: int
    success_rate: float | None
    verdicts: EvaluationDetailReportModelsVerdicts
    cost_mean: float | None
    cost_median: float | None
    tokens_mean: float | None
    tokens_median: float | None
    duration_ms_mean: float | None
    step_ms_mean: float | None
    failure_kinds: EvaluationDetailReportModelsFailureKinds


class EvaluationDetailReportCases(TypedDict):
    index: int
    name: str
    prompt: str
    start_url: str | None
    expected: NotRequired[Any]


class EvaluationDetailReportCells(TypedDict):
    case_index: int
    model: str
    state: Literal["waiting", "running", "done", "skipped", "refused"]
    run_id: str | None
    status: Literal["pending", "success", "failed", "error", "cancelled"] | None
    passed: bool | None
    verdict: Literal["pass", "fail", "unsure"] | None
    expected_match: bool | None
    answer: str | None
    reason: str | None
    failure_kind: Literal["navigation_blocked", "captcha_unsolved", "person_needed_timeout", "approval_timeout", "login_required", "element_not_found", "page_error", "site_unreachable", "model_error", "budget_exhausted", "step_limit", "time_limit", "verification_failed", "cancelled", "agent_gave_up", "agent_stuck", "invalid_answer", "setup_problem", "interrupted", "internal", "unknown"] | None
    cost: int | None
    tokens: int | None
    duration_ms: int | None
    steps: int | None


class EvaluationDetailReport(TypedDict):
    models: list[EvaluationDetailReportModels]
    cases: list[EvaluationDetailReportCases]
    cells: list[EvaluationDetailReportCells]


class Evaluation(TypedDict):
    id: str
    name: str
    description: str | None
    status: Literal["running", "cancelled", "finished"]
    models: list[str]
    concurrency: int
    total_cases: int
    total_cells: int
    counts: EvaluationDetailCounts
    cost: int
    by_model: list[EvaluationDetailByModel]
    shared: bool
    created_by: str | None
    created_at: str
    finished_at: str | None


class EvaluationDetail(Evaluation):
    suite: EvaluationSuite
    report: EvaluationDetailReport


class ListEvaluationsResponse(TypedDict):
    evaluations: list[Evaluation]


class EvaluationReport(TypedDict):
    models: list[EvaluationDetailReportModels]
    cases: list[EvaluationDetailReportCases]
    cells: list[EvaluationDetailReportCells]


class EvaluationShare(TypedDict):
    url: str | None


class EvaluationShareLink(TypedDict):
    url: str


class GetDemoRunResponseSteps(Step):
    screenshot_url: str | None


class GetDemoRunResponse(TypedDict):
    run: PublicRun
    steps: list[GetDemoRunResponseSteps]


class RevealApiKeyResponse(TypedDict):
    api_key: str


class GetWebhookSecretResponse(TypedDict):
    webhook_secret: str


class ListRecentRunsResponseRuns(TypedDict):
    id: str
    status: Literal["pending", "success", "failed", "error", "cancelled"]
    created_at: str
    task_id: str
    prompt: str
    failure_kind: Literal["navigation_blocked", "captcha_unsolved", "person_needed_timeout", "approval_timeout", "login_required", "element_not_found", "page_error", "site_unreachable", "model_error", "budget_exhausted", "step_limit", "time_limit", "verification_failed", "cancelled", "agent_gave_up", "agent_stuck", "invalid_answer", "setup_problem", "interrupted", "internal", "unknown"] | None


class ListRecentRunsResponse(TypedDict):
    runs: list[ListRecentRunsResponseRuns]


class ListTaskRunsResponse(TypedDict):
    runs: list[Run]


class MakeRunPublicResponse(TypedDict):
    id: str
    public: bool


class AnswerRunApprovalBody(TypedDict):
    decision: Literal["approve", "deny"]
    note: NotRequired[str]


class AnswerRunApprovalResponse(TypedDict):
    run_id: str
    decision: Literal["approve", "deny"]


class OpenRunLiveResponse(TypedDict):
    debug_url: str
    expires_at: str
    controller: Literal["agent", "person"]


class SetRunControllerBody(TypedDict):
    action: Literal["take", "release"]


class SetRunControllerResponse(TypedDict):
    controller: Literal["agent", "person"]


class SendRunMessageBody(TypedDict):
    text: str


class SendRunMessageResponse(TypedDict):
    id: str
    task_run_id: str
    user_id: str | None
    text: str
    created_at: str
    read_at: str | None
    read_in_step: int | None


class ListRunMessagesResponse(TypedDict):
    messages: list[SendRunMessageResponse]


class ListWebhookDeliveriesResponseDeliveriesAttempts(TypedDict):
    attempt: int
    at: str
    status_code: int | None
    response_time_ms: int | None
    error: str | None


class ListWebhookDeliveriesResponseDeliveries(TypedDict):
    id: str
    run_id: str | None
    task_id: str | None
    trigger: Literal["run_finished", "redelivery", "test", "needs_person", "needs_approval", "budget_threshold", "batch_finished"]
    url: str
    status: Literal["pending", "delivered", "failed", "replaced"]
    status_reason: str | None
    next_attempt_at: str | None
    created_at: str
    finished_at: str | None
    attempts: list[ListWebhookDeliveriesResponseDeliveriesAttempts]


class ListWebhookDeliveriesResponse(TypedDict):
    deliveries: list[ListWebhookDeliveriesResponseDeliveries]


class ListWebhooksResponse(TypedDict):
    webhooks: list[Webhook]


class TestWebhookResponse(TypedDict):
    ok: bool
    status_code: int | None
    error: str | None
    duration_ms: int


class UpdateTaskBody(TypedDict):
    prompt: NotRequired[str]
    auth_context_id: NotRequired[str | None]
    json_schema: NotRequired[Any]
    webhook_url: NotRequired[str | None]
    response_format: NotRequired[Literal["text", "json"]]
    session_timeout: NotRequired[int | None]
    initial_url: NotRequired[str | None]
    always_use_agent: NotRequired[bool]
    credential_names: NotRequired[list[str] | None]
    proxy: NotRequired[RunProxy | None]
    tags: NotRequired[list[str] | None]
    max_cost_usd: NotRequired[float | None]
    max_steps: NotRequired[int | None]
    on_limit: NotRequired[Literal["stop", "ask"] | None]
    checks: NotRequired[RunChecks | None]
    retry: NotRequired[CreateRunBodyRetry | None]
    approval: NotRequired[list[Literal["payment", "personal_data", "purchase", "send_message", "delete"]] | None]
    approval_words: NotRequired[list[str] | None]
    approval_timeout_seconds: NotRequired[int | None]
    recording: NotRequired[bool | None]
    allowed_domains: NotRequired[list[str] | None]


class SetTaskScheduleBody(TypedDict):
    repeat: Union[ScheduleRepeat1, ScheduleRepeat2, ScheduleRepeat3, ScheduleRepeat4]
    time_zone: str


class CreateBatchBody(TypedDict):
    rows: list[dict[str, Union[str, float, bool]]]
    concurrency: NotRequired[int]
    idempotency_key: NotRequired[str]


class ListBatchesResponse(TypedDict):
    batches: list[Batch]


class GetBatchResultsResponse(TypedDict):
    columns: list[str]
    rows: list[dict[str, str | None]]


class CreateEvaluationBody(TypedDict):
    suite: EvaluationSuite
    models: NotRequired[list[str]]
    idempotency_key: NotRequired[str]


class GetRunRecordingResponseSteps(TypedDict):
    number: int
    at: float


class GetRunRecordingResponseEvents(TypedDict):
    """One rrweb event (type, data, timestamp), tagged with its tab."""

    tab: int
    type: int
    timestamp: float
    data: NotRequired[Any]


class GetRunRecordingResponse(TypedDict):
    format: Literal["errand-session-recording"]
    version: Literal[1]
    run_id: str
    started_at: float
    ended_at: float
    tabs: int
    cut: bool
    note: str | None
    steps: list[GetRunRecordingResponseSteps]
    events: list[GetRunRecordingResponseEvents]


class ListAuthContextsResponse(TypedDict):
    auth_contexts: list[AuthContext]


class CreateAuthContextBody(TypedDict):
    name: str
    urls: list[str]
    session_id: str


class OpenLoginSessionBody(TypedDict):
    urls: list[str]
    proxy: NotRequired[RunProxy | None]


class OpenLoginSessionResponse(TypedDict):
    id: str
    debug_url: str
    expires_at: str


class ReplaceAuthContextStateBody(TypedDict):
    session_id: str


class ListCredentialsResponse(TypedDict):
    credentials: list[Credential]


CreateCredentialBodyMailbox = TypedDict("CreateCredentialBodyMailbox", {
    "host": str,
    "port": NotRequired[int],
    "tls": NotRequired[bool],
    "user": str,
    "password": str,
    "folder": NotRequired[str],
    "from": NotRequired[str | None],
})


class CreateCredentialBody(TypedDict):
    name: str
    domains: list[str]
    username: str
    password: str
    totp_secret: NotRequired[str | None]
    mailbox: NotRequired[CreateCredentialBodyMailbox | None]


class UpdateCredentialBody(TypedDict):
    name: NotRequired[str]
    domains: NotRequired[list[str]]
    username: NotRequired[str]
    password: NotRequired[str]
    totp_secret: NotRequired[str | None]
    mailbox: NotRequired[CreateCredentialBodyMailbox | None]


class ListProxyPoolsResponseProxyPoolsEntries(TypedDict):
    id: str
    server: str
    country: str | None
    has_credentials: bool
    uses_placeholders: list[Literal["session", "country"]]


class ListProxyPoolsResponseProxyPools(TypedDict):
    id: str
    name: str
    rotation: Literal["round-robin", "random"]
    entries: list[ListProxyPoolsResponseProxyPoolsEntries]
    countries: list[str]
    created_at: str
    updated_at: str


class ListProxyPoolsResponse(TypedDict):
    proxy_pools: list[ListProxyPoolsResponseProxyPools]


class CreateProxyPoolBodyEntries(TypedDict):
    url: str
    country: NotRequired[str | None]


class CreateProxyPoolBody(TypedDict):
    name: str
    rotation: NotRequired[Literal["round-robin", "random"]]
    entries: list[CreateProxyPoolBodyEntries]


class UpdateProxyPoolBodyEntries(TypedDict):
    id: NotRequired[str]
    url: NotRequired[str]
    country: NotRequired[str | None]


class UpdateProxyPoolBody(TypedDict):
    name: NotRequired[str]
    rotation: NotRequired[Literal["round-robin", "random"]]
    entries: NotRequired[list[UpdateProxyPoolBodyEntries]]


class UploadFileBody(TypedDict):
    name: str
    content_type: NotRequired[str]
    data: str


class ListFilesResponse(TypedDict):
    data: list[ErrandFile]


class GetRunTraceResponseSpans(TypedDict):
    span_id: str
    parent_span_id: str | None
    name: str
    start_ms: float
    duration_ms: float
    attributes: dict[str, Union[str, float, bool, list[str]]]


class GetRunTraceResponseSteps(TypedDict):
    number: int
    start_ms: float
    duration_ms: float
    model_ms: float
    browser_ms: float
    waiting_ms: float


class GetRunTraceResponse(TypedDict):
    run_id: str
    trace_id: str | None
    started_at: str
    duration_ms: float
    status: str
    spans: list[GetRunTraceResponseSpans]
    steps: list[GetRunTraceResponseSteps]


class ListAutomationDemoRunsResponseRuns(TypedDict):
    id: str
    task_id: str
    prompt: str
    status: Literal["pending", "success", "failed", "error", "cancelled"]
    status_reason: str | None
    created_at: str
    is_demo: bool


class ListAutomationDemoRunsResponse(TypedDict):
    runs: list[ListAutomationDemoRunsResponseRuns]


class RecordAutomationDemoBody(TypedDict):
    prompt: NotRequired[str]


class SetAutomationDemoBody(TypedDict):
    run_id: str | None


class SetAutomationDemoResponse(TypedDict):
    slug: str
    run_id: str | None


class CreatePaymentBody(TypedDict):
    amount: int


class CreatePaymentResponse(TypedDict):
    sessionUrl: str
    transactionId: str


class ListTransactionsResponseTransactions(TypedDict):
    id: str
    status: Literal["pending", "completed", "failed", "cancelled"]
    kind: Literal["purchase", "grant"]
    amount: int
    credits: int
    invoice_url: str | None
    created_at: str


class ListTransactionsResponse(TypedDict):
    transactions: list[ListTransactionsResponseTransactions]


class GetSpendingLimitResponse(TypedDict):
    monthly_usd: float | None
    alert_thresholds: list[int]
    month: str
    spent_usd: float


class SetSpendingLimitBody(TypedDict):
    monthly_usd: float | None
    alert_thresholds: NotRequired[list[int]]


class CreateWorkspaceBody(TypedDict):
    name: str


class UpdateWorkspaceBody(TypedDict):
    name: NotRequired[str]
    default_allowed_domains: NotRequired[list[str] | None]
    recording_retention_days: NotRequired[int | None]


class UpdateWorkspaceMemberBody(TypedDict):
    role: Literal["owner", "admin", "member", "viewer"]


class ListWorkspaceInvitationsResponse(TypedDict):
    invitations: list[WorkspaceInvitation]


class GetSharedEvaluationResponse(TypedDict):
    name: str
    description: str | None
    status: Literal["running", "cancelled", "finished"]
    models: list[str]
    counts: EvaluationDetailCounts
    created_at: str
    finished_at: str | None
    report: EvaluationDetailReport


class SendContactMessageBody(TypedDict):
    email: str
    message: str
    website: NotRequired[str]


class SendContactMessageResponse(TypedDict):
    ok: Literal[True]


class GetSiteConfigResponseProviders(TypedDict):
    google: bool
    github: bool


class GetSiteConfigResponse(TypedDict):
    billing: bool
    payments: bool
    providers: GetSiteConfigResponseProviders


class GetPasswordResetStatusResponse(TypedDict):
    valid: bool


class GetInvitationResponse(TypedDict):
    workspace_name: str
    invited_by: str
    email: str
    role: Literal["owner", "admin", "member", "viewer"]
    state: Literal["pending", "expired", "used"]
    expires_at: str


GetRunResponse = Run
CreateRunResponse = CreatedRun
GetTaskResponse = Task
ListTasksResponse = TaskList
ListTaskRecordingsResponse = RecordingList
GetTaskScheduleResponse = Schedule
GetBatchResponse = Batch
ListBatchRowsResponse = BatchRowsPage
GetAuthContextResponse = AuthContext
GetCredentialResponse = Credential
GetFileResponse = ErrandFile
GetAutomationResponse = Automation
GetAutomationFacetsResponse = AutomationFacets
RunAutomationResponse = AutomationRun
GetAccountResponse = Account
GetUsageResponse = Usage
GetWebhookResponse = Webhook
CreateWebhookResponse = CreatedWebhook
GetScreenshotResponse = ScreenshotUrl
SetRunLimitsResponse = RunLimits
CreateWorkspaceInvitationResponse = WorkspaceInvitation
CreateApiKeyResponse = CreatedApiKey
ListAuditEventsResponse = AuditEventPage
GetEvaluationResponse = EvaluationDetail
GetEvaluationReportResponse = EvaluationReport
GetEvaluationShareResponse = EvaluationShare
ShareEvaluationResponse = EvaluationShareLink
RotateApiKeyResponse = RevealApiKeyResponse
CreateTaskRunBody = CreateRunBody
CreateTaskRunResponse = CreatedRun
CancelRunResponse = Run
GetApprovalScreenshotResponse = ScreenshotUrl
RedeliverWebhookResponse = ListWebhookDeliveriesResponseDeliveries
ListWebhookEndpointDeliveriesResponse = ListWebhookDeliveriesResponse
UpdateTaskResponse = Task
SetTaskScheduleResponse = Schedule
PauseTaskScheduleResponse = Schedule
ResumeTaskScheduleResponse = Schedule
CreateBatchResponse = Batch
PauseBatchResponse = Batch
ResumeBatchResponse = Batch
CancelBatchResponse = Batch
RerunFailedBatchRowsResponse = Batch
CreateEvaluationResponse = EvaluationDetail
CancelEvaluationResponse = EvaluationDetail
UnshareEvaluationResponse = EvaluationShare
GetRunShareResponse = EvaluationShare
ShareRunResponse = EvaluationShareLink
CreateAuthContextResponse = AuthContext
OpenRelogInSessionResponse = OpenLoginSessionResponse
ReplaceAuthContextStateResponse = AuthContext
CreateCredentialResponse = Credential
UpdateCredentialResponse = Credential
CreateProxyPoolResponse = ListProxyPoolsResponseProxyPools
GetProxyPoolResponse = ListProxyPoolsResponseProxyPools
UpdateProxyPoolResponse = ListProxyPoolsResponseProxyPools
UploadFileResponse = ErrandFile
ListRunFilesResponse = ListFilesResponse
GetRunHarResponse = str
RecordAutomationDemoResponse = CreatedRun
SetSpendingLimitResponse = GetSpendingLimitResponse
CreateWorkspaceResponse = Workspace
UpdateWorkspaceResponse = Workspace
UpdateWorkspaceMemberResponse = WorkspaceMember
AcceptInvitationResponse = Workspace
GetSharedRunResponse = GetDemoRunResponse
