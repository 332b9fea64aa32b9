import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Save } from "lucide-react";
import { WEEKDAYS, type Schedule, type ScheduleInput, type ScheduleKind, type Weekday } from "@errand/contract";
import { ApiRequestError } from "../../api/http";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/select";
import { Spinner } from "../../components/ui/spinner";
import { notify } from "../../components/ui/notify";

const REPEAT_LABELS: Record<ScheduleKind, string> = { hourly: "Every hour", daily: "Every day", weekly: "Every week", cron: "Custom (cron)" };
const REPEAT_ORDER: ScheduleKind[] = ["hourly", "daily", "weekly", "cron"];
/** Monday first, as most people read a week. */
const DAY_ORDER: Weekday[] = [...WEEKDAYS.slice(1), WEEKDAYS[0]];
const dayLabel = (day: Weekday) => day[0]!.toUpperCase() + day.slice(1);

/** The browser's own time zone, e.g. Europe/Madrid (UTC if it cannot tell). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Every time zone the browser knows, with `also` (the saved or the browser's zone) and UTC. */
function timeZoneOptions(also: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([...known, "UTC", ...also])].sort();
}

interface FormValues {
  kind: ScheduleKind;
  minute: string;
  time: string;
  day: Weekday;
  cron: string;
  timeZone: string;
}

function initialValues(schedule: Schedule | null): FormValues {
  const values: FormValues = { kind: "daily", minute: "0", time: "09:00", day: "monday", cron: "0 9 * * 1-5", timeZone: schedule?.time_zone ?? browserTimeZone() };
  const repeat = schedule?.repeat;
  if (!repeat) return values;
  if (repeat.kind === "hourly") return { ...values, kind: "hourly", minute: String(repeat.minute) };
  if (repeat.kind === "daily") return { ...values, kind: "daily", time: repeat.time };
  if (repeat.kind === "weekly") return { ...values, kind: "weekly", day: repeat.day, time: repeat.time };
  return { ...values, kind: "cron", cron: repeat.cron };
}

function toInput(values: FormValues): ScheduleInput {
  const repeat =
    values.kind === "hourly"
      ? { kind: "hourly" as const, minute: Number(values.minute) }
      : values.kind === "daily"
        ? { kind: "daily" as const, time: values.time }
        : values.kind === "weekly"
          ? { kind: "weekly" as const, day: values.day, time: values.time }
          : { kind: "cron" as const, cron: values.cron };
  return { repeat, time_zone: values.timeZone };
}

interface TaskScheduleFormProps {
  /** The schedule being edited; null for a new one. */
  schedule: Schedule | null;
  onSave: (input: ScheduleInput) => Promise<void>;
  onCancel: () => void;
}

/** Repeat (a preset or a cron expression), its time, and the time zone it is read in. */
export function TaskScheduleForm({ schedule, onSave, onCancel }: TaskScheduleFormProps) {
  const [values, setValues] = useState(() => initialValues(schedule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const zones = useMemo(() => timeZoneOptions([values.timeZone, browserTimeZone()]), [values.timeZone]);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await onSave(toInput(values));
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.length) setErrors(Object.fromEntries(error.fields.map((f) => [f.path, f.message])));
      else notify.error("Error", (error instanceof ApiRequestError && error.serverMessage) || "Failed to save the schedule. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={(e) => void submit(e)} aria-label={schedule ? "Edit schedule" : "Schedule this task"} noValidate>
      <Field id="schedule-repeat" label="Repeat" error={errors["repeat.kind"] ?? errors.repeat}>
        <NativeSelect id="schedule-repeat" value={values.kind} onChange={(e) => set("kind", e.target.value as ScheduleKind)}>
          {REPEAT_ORDER.map((kind) => (
            <option key={kind} value={kind}>
              {REPEAT_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
      </Field>

      {values.kind === "hourly" ? (
        <Field id="schedule-minute" label="Minutes past the hour" error={errors["repeat.minute"]}>
          <Input
            id="schedule-minute"
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            value={values.minute}
            onChange={(e) => set("minute", e.target.value)}
            {...describe("schedule-minute", errors["repeat.minute"])}
          />
        </Field>
      ) : null}

      {values.kind === "weekly" ? (
        <Field id="schedule-day" label="Day" error={errors["repeat.day"]}>
          <NativeSelect id="schedule-day" value={values.day} onChange={(e) => set("day", e.target.value as Weekday)}>
            {DAY_ORDER.map((day) => (
              <option key={day} value={day}>
                {dayLabel(day)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}

      {values.kind === "daily" || values.kind === "weekly" ? (
        <Field id="schedule-time" label="Time" error={errors["repeat.time"]}>
          <Input id="schedule-time" type="time" required value={values.time} onChange={(e) => set("time", e.target.value)} {...describe("schedule-time", errors["repeat.time"])} />
        </Field>
      ) : null}

      {values.kind === "cron" ? (
        <Field id="schedule-cron" label="Cron expression" error={errors["repeat.cron"]} hint="Minute, hour, day of month, month, day of week: 0 9 * * 1-5 is 09:00 on weekdays. At most every 5 minutes.">
          <Input
            id="schedule-cron"
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            value={values.cron}
            onChange={(e) => set("cron", e.target.value)}
            {...describe("schedule-cron", errors["repeat.cron"], true)}
          />
        </Field>
      ) : null}

      <Field id="schedule-time-zone" label="Time zone" error={errors.time_zone}>
        <NativeSelect id="schedule-time-zone" value={values.timeZone} onChange={(e) => set("timeZone", e.target.value)} {...describe("schedule-time-zone", errors.time_zone)}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </NativeSelect>
      </Field>

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : <Save aria-hidden="true" />}
          Save schedule
        </Button>
      </div>
    </form>
  );
}

/** aria-invalid and the error/hint link of a control. */
function describe(id: string, error: string | undefined, hasHint = false) {
  const describedBy = error ? `${id}-error` : hasHint ? `${id}-hint` : undefined;
  return { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
