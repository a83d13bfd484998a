import { Download } from "lucide-react";
import { ClearFilters, FilterForm } from "~/components/admin/list/filter-form";
import { NativeSelect } from "~/components/admin/list/native-select";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { isFiltered, MEMBER_SEARCH_MAX, type MemberListQuery } from "~/lib/validation/admin/members";

const checkClass = "size-4 accent-primary";

function planValue(plan: MemberListQuery["plan"]) {
  if (!plan) return "";
  return plan.kind === "plan" ? String(plan.planId) : plan.kind;
}

/**
 * The search and the filters, a plain GET form: the list's state lives in the address, so a
 * filtered list can be shared, reloaded and gone back to. The sort is kept; the page starts over.
 */
export function MemberFilters({
  query,
  plans,
  csvHref,
}: {
  query: MemberListQuery;
  plans: { id: number; name: string }[];
  csvHref: string;
}) {
  // Each control is keyed by its value, so going back in history shows that state's values.
  const key = JSON.stringify(query);
  return (
    <FilterForm
      omitEmpty
      key={key}
      className="grid gap-4 rounded-xl border p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      // Not "Search and …": its first field is "Search", and a label search would find both.
      aria-label="Filter members"
    >
      <FormField
        id="members-q"
        label="Search"
        hint="Part of an email, name or Telegram username, or a Telegram id"
        className="sm:col-span-2"
      >
        <Input
          id="members-q"
          name="q"
          type="search"
          defaultValue={query.q}
          maxLength={MEMBER_SEARCH_MAX}
          placeholder="anna@, Anna Smith, @anna, 123456789"
        />
      </FormField>
      <FormField id="members-plan" label="Subscription">
        <NativeSelect id="members-plan" name="plan" defaultValue={planValue(query.plan)}>
          <option value="">Anyone</option>
          <option value="active">Any active plan</option>
          <option value="lapsed">Lapsed (none active now)</option>
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              Active on {plan.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="members-telegram" label="Telegram">
        <NativeSelect id="members-telegram" name="telegram" defaultValue={query.telegram ?? ""}>
          <option value="">Any</option>
          <option value="verified">Verified</option>
          <option value="unverified">Not verified</option>
        </NativeSelect>
      </FormField>
      <FormField id="members-joined-from" label="Signed up from">
        <Input id="members-joined-from" name="joinedFrom" type="date" defaultValue={query.joinedFrom ?? ""} />
      </FormField>
      <FormField id="members-joined-to" label="Signed up to">
        <Input id="members-joined-to" name="joinedTo" type="date" defaultValue={query.joinedTo ?? ""} />
      </FormField>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2 text-sm lg:pb-2">
        <legend className="sr-only">Only</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="balance" value="1" defaultChecked={query.balance} className={checkClass} />
          Balance above zero
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="banned" value="1" defaultChecked={query.banned} className={checkClass} />
          Banned
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="deleted" value="1" defaultChecked={query.deleted} className={checkClass} />
          Deleted
        </label>
      </fieldset>
      {query.sort !== "joined" || query.dir !== "desc" ? (
        <>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
        </>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">Search</Button>
        <ClearFilters filtered={isFiltered(query)} to="/admin/members" />
        <Button asChild variant="outline">
          <a href={csvHref} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>
    </FilterForm>
  );
}
