import { BusyButton, type BusyButtonProps } from "./busy-button";
import type { Submit } from "./use-submit";

interface ActionButtonProps<A> extends Omit<BusyButtonProps, "busy" | "onClick" | "disabled"> {
  /** The actions the buttons beside it share (useSubmit, or the like): one at a time. */
  actions: Pick<Submit<A>, "run" | "busy" | "pending">;
  /** The action this button runs. */
  action: A;
}

/** One of several buttons over one submit (Pause or Resume, Cancel run or Make Public): all disabled while any runs, the spinner on its own. */
export function ActionButton<A>({ actions, action, ...props }: ActionButtonProps<A>) {
  return <BusyButton onClick={() => actions.run(action)} disabled={actions.busy} busy={actions.pending === action} {...props} />;
}
