import { useId, useState } from "react";
import { RUN_MESSAGE_MAX_LENGTH, type Run } from "@errand/contract";
import { sendRunMessage } from "../../api/run-messages";
import { BusyButton } from "../ui/busy-button";
import { Form } from "../ui/form";
import { FormField } from "../ui/form-field";
import { Textarea } from "../ui/textarea";
import { notify } from "../ui/notify";
import { useSubmit } from "../ui/use-submit";

const ENDED = "The run has ended: its agent can no longer read messages.";

/**
 * "Message the agent": while the run is pending, a person tells its agent something it reads
 * before its next step (docs/adr/0049-messages-and-allowed-domains.md); the step's record then
 * says "Read your message: ...". Once the run has ended the box stays, disabled, with the reason.
 */
export function RunMessageBox({ run }: { run: Pick<Run, "id" | "status"> }) {
  const id = useId();
  const [text, setText] = useState("");
  const ended = run.status !== "pending";
  const send = useSubmit({
    action: (message: string) => sendRunMessage(run.id, message),
    onSuccess: () => {
      setText("");
      notify.success("Message sent", "The agent reads it before its next step.");
    },
    failure: { message: "Failed to send the message. Please try again.", apiMessage: true },
  });
  const submit = () => {
    const message = text.trim();
    if (message) send.run(message);
    else send.invalid({ text: "Write a message first." });
  };
  return (
    <Form submit={send} onSubmit={submit} aria-label="Message the agent" className="grid gap-3">
      <FormField
        id={`${id}-text`}
        label="Message the agent"
        error={send.errors.text}
        hint={ended ? ENDED : "It reads it before its next step."}
      >
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Ctrl+Enter or Cmd+Enter sends, as in chat boxes; Enter alone is a new line.
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
          maxLength={RUN_MESSAGE_MAX_LENGTH}
          rows={2}
          disabled={ended}
          placeholder="Also take the rating."
        />
      </FormField>
      <BusyButton type="submit" size="sm" busy={send.busy} busyLabel="Sending..." disabled={ended} className="w-fit">
        Send message
      </BusyButton>
    </Form>
  );
}
