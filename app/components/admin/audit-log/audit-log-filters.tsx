import { ClearFilters, FilterForm } from "~/components/admin/list/filter-form";
import { NativeSelect } from "~/components/admin/list/native-select";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { AuditFilter } from "~/lib/validation/admin/audit-log";

/** Filter by staff member, action and target; `choices` are what the log holds. */
export function AuditLogFilters({
  filter,
  choices,
}: {
  filter: Omit<AuditFilter, "page">;
  choices: { actors: string[]; actions: string[] };
}) {
  const filtered = Boolean(filter.who || filter.action || filter.target);
  // A remembered choice that no longer occurs still shows as chosen.
  const actors = filter.who && !choices.actors.includes(filter.who) ? [filter.who, ...choices.actors] : choices.actors;
  const actions =
    filter.action && !choices.actions.includes(filter.action) ? [filter.action, ...choices.actions] : choices.actions;
  // A plain GET form: the filters live in the address, so a filtered page can be shared, reloaded and paged.
  return (
    <FilterForm
      className="grid gap-4 rounded-xl border p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
      aria-label="Filter the audit log"
    >
      <FormField id="audit-who" label="Staff member">
        <NativeSelect id="audit-who" name="who" defaultValue={filter.who ?? ""} key={`who-${filter.who ?? ""}`}>
          <option value="">Anyone</option>
          {actors.map((label) => (
            <option key={label} value={label}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="audit-action" label="Action">
        <NativeSelect
          id="audit-action"
          name="action"
          defaultValue={filter.action ?? ""}
          key={`action-${filter.action ?? ""}`}
        >
          <option value="">Any action</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="audit-target" label="Target" hint="A kind (plan) or one record (plan:3)">
        <Input
          id="audit-target"
          name="target"
          defaultValue={filter.target ?? ""}
          key={`target-${filter.target ?? ""}`}
          placeholder="plan:3"
        />
      </FormField>
      <div className="flex items-center gap-3 sm:pb-6">
        <Button type="submit">Filter</Button>
        <ClearFilters filtered={filtered} to="/admin/audit-log">
          Clear filters
        </ClearFilters>
      </div>
    </FilterForm>
  );
}
