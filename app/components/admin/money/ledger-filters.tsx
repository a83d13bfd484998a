import { ClearFilters, FilterForm } from "~/components/admin/list/filter-form";
import { NativeSelect } from "~/components/admin/list/native-select";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { isLedgerFiltered, LEDGER_KINDS, LEDGER_TEXT_MAX, type LedgerQuery } from "~/lib/validation/admin/money";

/** The ledger's filters, a plain GET form: the state lives in the address; a new filter starts at the newest entry. */
export function LedgerFilters({ query }: { query: LedgerQuery }) {
  return (
    <FilterForm
      omitEmpty
      key={JSON.stringify(query)}
      className="grid gap-4 rounded-xl border p-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-end"
      aria-label="Filter the ledger"
    >
      <FormField id="ledger-kind" label="Kind">
        <NativeSelect id="ledger-kind" name="kind" defaultValue={query.kind ?? ""}>
          <option value="">Any</option>
          {LEDGER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="ledger-from" label="From">
        <Input id="ledger-from" name="from" type="date" defaultValue={query.from ?? ""} />
      </FormField>
      <FormField id="ledger-to" label="To">
        <Input id="ledger-to" name="to" type="date" defaultValue={query.to ?? ""} />
      </FormField>
      <FormField id="ledger-member" label="Member" hint="Email or account id">
        <Input id="ledger-member" name="member" defaultValue={query.member} maxLength={LEDGER_TEXT_MAX} />
      </FormField>
      <FormField id="ledger-reference" label="Reference">
        <Input id="ledger-reference" name="reference" defaultValue={query.reference} maxLength={LEDGER_TEXT_MAX} />
      </FormField>
      <label className="flex items-center gap-2 text-sm lg:pb-2">
        <input
          type="checkbox"
          name="prefix"
          value="1"
          defaultChecked={query.prefix}
          className="size-4 accent-primary"
        />
        Reference starts with
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">Filter</Button>
        <ClearFilters filtered={isLedgerFiltered(query)} to="/admin/money" />
      </div>
    </FilterForm>
  );
}
