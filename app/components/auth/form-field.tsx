// Moved to components/ui/form-field.tsx; kept until the account routes import it from there.
export { FormField } from "~/components/ui/form-field";
