/** Reads a form's text fields by name ("" for a field that is missing). */
export function formText(form: HTMLFormElement): (name: string) => string {
  const data = new FormData(form);
  return (name) => String(data.get(name) ?? "");
}
