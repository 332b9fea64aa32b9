import type { ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";

interface PressedChoiceProps<T extends string | number> {
  /** The group's accessible name, e.g. "Speed". */
  label: string;
  choices: readonly T[];
  /** Whether a choice is the current one: its button shows pressed (aria-pressed). */
  pressed: (choice: T) => boolean;
  onChoose: (choice: T) => void;
  /** A choice's words on its button. */
  text: (choice: T) => ReactNode;
  disabled?: boolean;
  className?: string;
  buttonClassName?: string;
}

/** A labelled row of small outline buttons, one per choice, the current one pressed (quick amounts, playback speeds). */
export function PressedChoice<T extends string | number>(props: PressedChoiceProps<T>) {
  return (
    <div role="group" aria-label={props.label} className={props.className}>
      {props.choices.map((choice) => (
        <Button
          key={choice}
          variant="outline"
          size="sm"
          className={cn("aria-pressed:border-primary aria-pressed:bg-accent aria-pressed:text-accent-foreground", props.buttonClassName)}
          aria-pressed={props.pressed(choice)}
          disabled={props.disabled}
          onClick={() => props.onChoose(choice)}
        >
          {props.text(choice)}
        </Button>
      ))}
    </div>
  );
}
