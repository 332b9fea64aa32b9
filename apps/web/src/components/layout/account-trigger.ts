/** Look of the round avatar button, shared by the stand-in and the real menu trigger. */
export const ACCOUNT_TRIGGER_CLASS =
  "size-9 shrink-0 rounded-full ring-1 ring-border transition hover:ring-primary data-[state=open]:ring-primary";
