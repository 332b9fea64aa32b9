import { useId, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { ArrowRight } from "lucide-react";
import { Button } from "../../components/ui/button";
import { isPromptSubmitKey } from "../../lib/tasks/prompt-keys";
import { saveTaskDraft } from "../../lib/tasks/task-draft";
import { cn } from "../../components/ui/cn";
import { SAMPLE_PROMPTS } from "./typing-animation";
import { usePrefersReducedMotion, useTypingAnimation } from "./use-typing-animation";

/** The animated sample prompt drawn over the empty textarea; kept mounted so it resumes where it paused. */
function TypingOverlay({ visible }: { visible: boolean }) {
  const text = useTypingAnimation(SAMPLE_PROMPTS, visible);
  if (!visible) return null;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 overflow-hidden p-4 text-base break-words whitespace-pre-wrap text-muted-foreground"
    >
      {text}
      <span className="ml-0.5 inline-block h-[1.1em] w-0.5 align-[-0.2em] bg-primary motion-safe:animate-pulse" />
    </div>
  );
}

/**
 * The hero prompt (spec sections 2 and 5): Enter (without Shift) or "Try for Free" keeps a
 * non-empty trimmed prompt as the task draft, then goes to /login either way.
 */
export function HeroPrompt() {
  const navigate = useNavigate();
  const id = useId();
  const [prompt, setPrompt] = useState("");
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const showOverlay = !reducedMotion && !focused && prompt === "";

  function submit() {
    const trimmed = prompt.trim();
    if (trimmed) saveTaskDraft({ prompt: trimmed });
    void navigate("/login");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    const { key, shiftKey, altKey, keyCode, nativeEvent } = event;
    if (!isPromptSubmitKey({ key, shiftKey, altKey, keyCode, isComposing: nativeEvent.isComposing })) return;
    event.preventDefault();
    submit();
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="mx-auto w-full max-w-2xl rounded-2xl border border-input bg-background text-left shadow-lg shadow-primary/5 has-[textarea:focus-visible]:border-ring has-[textarea:focus-visible]:ring-1 has-[textarea:focus-visible]:ring-ring"
    >
      <label htmlFor={id} className="sr-only">
        Describe your web task
      </label>
      <div className="relative">
        <textarea
          id={id}
          name="prompt"
          rows={4}
          value={prompt}
          placeholder="Enter your prompt..."
          onChange={(event) => setPrompt(event.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={onKeyDown}
          enterKeyHint="go"
          aria-describedby={`${id}-keys`}
          className={cn(
            "block min-h-36 w-full resize-none rounded-2xl bg-transparent p-4 text-base placeholder:text-muted-foreground focus-visible:outline-none sm:min-h-32",
            showOverlay && "placeholder:text-transparent",
          )}
        />
        <TypingOverlay visible={showOverlay} />
      </div>
      <div className="flex items-center justify-between gap-3 p-2 pt-0 sm:p-3 sm:pt-0">
        {/* Hidden on phones to save room, still read with the prompt by screen readers. */}
        <p id={`${id}-keys`} className="hidden pl-1 text-xs text-muted-foreground sm:block">
          Enter to start · Shift + Enter for a new line
        </p>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          Try for Free
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
