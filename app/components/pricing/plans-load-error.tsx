import { LoadError } from "~/components/ui/load-error";

/**
 * /pricing without its plans (the database could not be read). A module of its own, loaded only
 * then: imported lazily straight from the kit, LoadError's shared file would carry an extra
 * export object on every page that uses it.
 */
export default function PlansLoadError() {
  return (
    <LoadError className="mx-auto max-w-xl rounded-xl">Error loading pricing plans. Please try again later.</LoadError>
  );
}
