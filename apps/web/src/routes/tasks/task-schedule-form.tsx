import { useMemo, useState } from "react";
import { Save } from "lucide-react";
import { WEEKDAYS, type Schedule, type ScheduleInput, type ScheduleKind, type Weekday } from "@errand/contract";
import { ApiRequestError } from "../../api/http";
import { BusyButton } from "../../components/ui/busy-button";
import { Button } from "../../components/ui/button";
import { Form } from "../../components/ui/form";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { LabelledOptions, NativeSelect } from "../../components/ui/select";
import { useSubmit } from "../../components/ui/use-submit";
import type { FieldErrors } from "../../lib/forms/form-errors";

const REPEAT_LABELS: Record<ScheduleKind, string> = {
  hourly: "Every hour",
  daily: "Every day",
  weekly: "Every week",
  cron: "Custom (cron)",
};
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
  const values: FormValues = {
    kind: "daily",
    minute: "0",
    time: "09:00",
    day: "monday",
    cron: "0 9 * * 1-5",
    timeZone: schedule?.time_zone ?? browserTimeZone(),
  };
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

const hasFields = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** The server's messages keyed by their whole path ("repeat.cron"): a schedule's fields are nested. */
function fieldsByPath(error: unknown): FieldErrors {
  return error instanceof ApiRequestError ? Object.fromEntries(error.fields.map((f) => [f.path, f.message])) : {};
}

/** Repeat (a preset or a cron expression), its time, and the time zone it is read in. */
export function TaskScheduleForm({ schedule, onSave, onCancel }: TaskScheduleFormProps) {
  const [values, setValues] = useState(() => initialValues(schedule));
  const save = useSubmit({
    action: onSave,
    // A refusal that names fields is said at them; anything else in a toast.
    failure: (error) =>
      hasFields(fieldsByPath(error)) ? null : { message: "Failed to save the schedule. Please try again.", apiMessage: true },
    fields: fieldsByPath,
  });
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const { errors } = save;

  return (
    <Form
      submit={save}
      onSubmit={() => save.run(toInput(values))}
      className="grid gap-4"
      aria-label={schedule ? "Edit schedule" : "Schedule this task"}
    >
      <FormField id="schedule-repeat" label="Repeat" error={errors["repeat.kind"] ?? errors.repeat}>
        <NativeSelect value={values.kind} onChange={(e) => set("kind", e.target.value as ScheduleKind)} data-swap-focus="form">
          <LabelledOptions values={REPEAT_ORDER} labels={REPEAT_LABELS} />
        </NativeSelect>
      </FormField>
      <RepeatFields values={values} errors={errors} set={set} />
      <TimeZoneField value={values.timeZone} error={errors.time_zone} onChange={(zone) => set("timeZone", zone)} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={save.busy}>
          Cancel
        </Button>
        <BusyButton type="submit" busy={save.busy} icon={<Save aria-hidden="true" />}>
          Save schedule
        </BusyButton>
      </div>
    </Form>
  );
}

interface RepeatFieldsProps {
  values: FormValues;
  errors: FieldErrors;
  set: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
}

/** The fields of the chosen repeat: the minute, the day, the time, or the cron expression. */
function RepeatFields({ values, errors, set }: RepeatFieldsProps) {
  return (
    <>
      {values.kind === "hourly" ? (
        <FormField id="schedule-minute" label="Minutes past the hour" error={errors["repeat.minute"]}>
          <Input type="number" inputMode="numeric" min={0} max={59} value={values.minute} onChange={(e) => set("minute", e.target.value)} />
        </FormField>
      ) : null}
      {values.kind === "weekly" ? (
        <FormField id="schedule-day" label="Day" error={errors["repeat.day"]}>
          <NativeSelect value={values.day} onChange={(e) => set("day", e.target.value as Weekday)}>
            {DAY_ORDER.map((day) => (
              <option key={day} value={day}>
                {dayLabel(day)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
      {values.kind === "daily" || values.kind === "weekly" ? (
        <FormField id="schedule-time" label="Time" error={errors["repeat.time"]}>
          <Input type="time" required value={values.time} onChange={(e) => set("time", e.target.value)} />
        </FormField>
      ) : null}
      {values.kind === "cron" ? (
        <FormField
          id="schedule-cron"
          label="Cron expression"
          error={errors["repeat.cron"]}
          hint="Minute, hour, day of month, month, day of week: 0 9 * * 1-5 is 09:00 on weekdays. At most every 5 minutes."
        >
          <Input
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            value={values.cron}
            onChange={(e) => set("cron", e.target.value)}
          />
        </FormField>
      ) : null}
    </>
  );
}

function TimeZoneField({ value, error, onChange }: { value: string; error?: string; onChange: (zone: string) => void }) {
  const zones = useMemo(() => timeZoneOptions([value, browserTimeZone()]), [value]);
  return (
    <FormField id="schedule-time-zone" label="Time zone" error={error}>
      <NativeSelect value={value} onChange={(e) => onChange(e.target.value)}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
