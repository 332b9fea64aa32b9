import { escapeHtml, page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

export const FORM_PLANS: [string, string][] = [
  ["free", "Free"],
  ["pro", "Pro"],
  ["team", "Team"],
];

export const FORM_ERRORS = {
  name: "Name is required.",
  email: "Enter a valid email address.",
  plan: "Choose a plan.",
  terms: "You must accept the terms.",
} as const;

type Field = keyof typeof FORM_ERRORS;
interface FormValues {
  name: string;
  email: string;
  plan: string;
  message: string;
  terms: boolean;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(values: FormValues): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.name.trim()) errors.name = FORM_ERRORS.name;
  if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = FORM_ERRORS.email;
  if (!FORM_PLANS.some(([value]) => value === values.plan)) errors.plan = FORM_ERRORS.plan;
  if (!values.terms) errors.terms = FORM_ERRORS.terms;
  return errors;
}

/** Client-side validation mirroring the server's; lets the browser POST when the form is valid. */
const FORM_SCRIPT = `
(function(){
  var form = document.getElementById("contact-form");
  var messages = ${JSON.stringify(FORM_ERRORS)};
  function setError(field, message){
    var el = document.getElementById(field + "-error");
    el.textContent = message || "";
    var input = document.getElementById(field);
    if (input) input.setAttribute("aria-invalid", message ? "true" : "false");
  }
  form.addEventListener("submit", function(event){
    var errors = {};
    var get = function(id){ return document.getElementById(id); };
    if (!get("name").value.trim()) errors.name = messages.name;
    if (!${EMAIL_PATTERN.toString()}.test(get("email").value.trim())) errors.email = messages.email;
    if (!get("plan").value) errors.plan = messages.plan;
    if (!get("terms").checked) errors.terms = messages.terms;
    ["name","email","plan","terms"].forEach(function(f){ setError(f, errors[f]); });
    var summary = document.getElementById("form-summary");
    if (Object.keys(errors).length > 0) {
      event.preventDefault();
      summary.textContent = "Please fix the errors below.";
    } else {
      summary.textContent = "";
    }
  });
})();
`;

function formPage(values: FormValues, errors: Partial<Record<Field, string>>, status = 200) {
  const hasErrors = Object.keys(errors).length > 0;
  const err = (field: Field) => `<p class="error" id="${field}-error" role="alert">${errors[field] ?? ""}</p>`;
  const invalid = (field: Field) => `aria-invalid="${errors[field] ? "true" : "false"}" aria-describedby="${field}-error"`;
  const options = FORM_PLANS.map(
    ([value, label]) => `<option value="${value}"${values.plan === value ? " selected" : ""}>${label}</option>`,
  ).join("");
  return page(
    {
      title: "Contact us",
      script: FORM_SCRIPT,
      body: `<h1>Contact us</h1>
<p>Tell us about your project and pick a plan. Fields marked * are required.</p>
<p class="error" id="form-summary" role="alert">${hasErrors ? "Please fix the errors below." : ""}</p>
<form id="contact-form" method="post" action="/form" novalidate>
  <label for="name">Full name *</label>
  <input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(values.name)}" ${invalid("name")}>
  ${err("name")}
  <label for="email">Email *</label>
  <input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(values.email)}" ${invalid("email")}>
  ${err("email")}
  <label for="plan">Plan *</label>
  <select id="plan" name="plan" ${invalid("plan")}><option value="">Choose a plan</option>${options}</select>
  ${err("plan")}
  <label for="message">Message</label>
  <textarea id="message" name="message" rows="4" cols="40">${escapeHtml(values.message)}</textarea>
  <p><input id="terms" name="terms" type="checkbox" value="yes"${values.terms ? " checked" : ""} ${invalid("terms")}> <label class="inline" for="terms">I agree to the terms *</label></p>
  ${err("terms")}
  <p><button type="submit">Submit</button></p>
</form>`,
    },
    status,
  );
}

function thankYouPage(values: FormValues) {
  const plan = FORM_PLANS.find(([value]) => value === values.plan)?.[1] ?? values.plan;
  const rows: [string, string][] = [
    ["Name", values.name.trim()],
    ["Email", values.email.trim()],
    ["Plan", plan],
    ["Message", values.message],
    ["Terms accepted", "Yes"],
  ];
  return page({
    title: "Thank you",
    body: `<h1 id="thank-you">Thank you, ${escapeHtml(values.name.trim())}!</h1>
<p>We received your message. Here is what you sent:</p>
<dl class="submitted">
${rows.map(([k, v]) => `<dt>${k}</dt><dd data-field="${k.toLowerCase()}">${escapeHtml(v)}</dd>`).join("\n")}
</dl>
<p><a href="/form">Send another message</a></p>`,
  });
}

const EMPTY: FormValues = { name: "", email: "", plan: "", message: "", terms: false };

export const formRoutes: FixtureRoute[] = [
  { method: "GET", path: "/form", handle: () => formPage(EMPTY, {}) },
  {
    method: "POST",
    path: "/form",
    handle: (ctx) => {
      const values: FormValues = {
        name: ctx.form.get("name") ?? "",
        email: ctx.form.get("email") ?? "",
        plan: ctx.form.get("plan") ?? "",
        message: ctx.form.get("message") ?? "",
        terms: ctx.form.has("terms"),
      };
      const errors = validate(values);
      return Object.keys(errors).length > 0 ? formPage(values, errors, 422) : thankYouPage(values);
    },
  },
];
