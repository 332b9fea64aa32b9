import { Link } from "react-router";
import { Checkbox } from "../../components/ui/checkbox";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

/** "I agree to the Terms of Service and Privacy Policy", with links to /terms and /privacy. */
export function TermsCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox id="terms" name="terms" className="mt-0.5" checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <label htmlFor="terms" className="text-sm leading-snug text-muted-foreground">
        I agree to the{" "}
        <Link to="/terms" className={linkClass}>
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className={linkClass}>
          Privacy Policy
        </Link>
      </label>
    </div>
  );
}
