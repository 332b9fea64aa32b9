import { conflict } from "../errors.ts";

/** Another pool of the account has this name. */
export const poolNameTaken = (name: string | undefined) =>
  conflict(`You already have a proxy pool named ${name ?? "so"}: choose another name.`);
