import { SearchIcon } from "lucide-react";
import * as React from "react";
import { useFetcher, useNavigate } from "react-router";
import { Input } from "~/components/ui/input";
import { plural } from "~/lib/plural";
import { SEARCH_MAX, SEARCH_MIN, type SearchKind } from "~/lib/validation/admin/search";
import type { BackOfficeSearch } from "~/lib/view-types/admin/search";
import { MemberDetails, memberPath, PostDetails, postPath } from "./search-hits";
import { ResultOption, type Option } from "./search-option";

type Answer = { error: string | null; search: BackOfficeSearch | null };

const normalize = (q: string) => q.trim().replace(/\s+/g, " ");
const resultsPage = (q: string) => `/admin/search?${new URLSearchParams({ q })}`;
/** Typing pauses this long before the box asks the server. */
const DEBOUNCE_MS = 200;

/**
 * The back office's global search in the header: a combobox that shows a few members
 * and posts as you type (only the kinds the role may read), walked with the arrow keys, opened
 * with Enter; Ctrl+K or ⌘K focuses it from anywhere. Enter with nothing chosen opens the full
 * results page. A member has no page of their own yet: choosing one opens the results page with
 * their details.
 */
export function AdminSearchBox({ kinds }: { kinds: SearchKind[] }) {
  const fetcher = useFetcher<Answer>();
  const navigate = useNavigate();
  const input = React.useRef<HTMLInputElement>(null);
  const listId = React.useId();
  const [value, setValue] = React.useState("");
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(-1);
  const query = normalize(value);
  const load = fetcher.load;

  React.useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "k")
        return;
      // The rich-text editor's own Ctrl+K (add a link) wins inside the editor.
      if (event.defaultPrevented || (event.target instanceof HTMLElement && event.target.isContentEditable)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
      // Focus may already be in the box (after choosing a result): open its list again all the same.
      setOpen(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  // Choosing a result closes the list (choose), and so does leaving the box (onBlur). Not a change
  // of page as such: a Ctrl+K pressed while the chosen page was still loading would be undone.
  React.useEffect(() => {
    if (query.length < SEARCH_MIN) return;
    const timer = setTimeout(
      () => void load(`/admin/search?${new URLSearchParams({ q: query, preview: "1" })}`),
      DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [query, load]);

  // Only an answer for what the box holds now is shown: a slower, older answer never flashes in.
  const search = fetcher.data?.search?.query === query ? fetcher.data.search : null;
  const options: Option[] = [];
  for (const member of search?.members?.rows ?? []) {
    options.push({
      id: `member-${member.userId}`,
      href: memberPath(member),
      node: <MemberDetails member={member} compact />,
    });
  }
  for (const post of search?.posts?.rows ?? []) {
    options.push({ id: `post-${post.id}`, href: postPath(post), node: <PostDetails post={post} /> });
  }
  if (query.length >= SEARCH_MIN) {
    options.push({
      id: "all",
      href: resultsPage(query),
      node: <span className="text-sm font-medium">All results for “{query}”</span>,
    });
  }
  const memberCount = search?.members?.rows.length ?? 0;
  const postCount = search?.posts?.rows.length ?? 0;
  const showList = open && query.length >= SEARCH_MIN;
  const optionId = (i: number) => `${listId}-${i}`;

  const choose = (option: Option | undefined) => {
    if (!option) return;
    setOpen(false);
    setActive(-1);
    void navigate(option.href);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!options.length) return;
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive(
        (current) => (current + step + options.length + (current === -1 && step === -1 ? 1 : 0)) % options.length,
      );
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (showList && active >= 0) choose(options[active]);
      else if (query.length >= SEARCH_MIN) choose({ id: "all", href: resultsPage(query), node: null });
    } else if (event.key === "Escape") {
      if (showList) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setValue("");
    }
  };

  const placeholder = `Search ${kinds.join(" and ")}`;
  return (
    // A form to the results page: Enter opens it before the scripts have run, or without them.
    <form
      action="/admin/search"
      method="get"
      className="relative min-w-0 flex-1 sm:max-w-md"
      role="search"
      aria-label="Back office"
    >
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={input}
        type="text"
        name="q"
        role="combobox"
        aria-label={placeholder}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts="Control+K Meta+K"
        placeholder={placeholder}
        maxLength={SEARCH_MAX}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="pr-3 pl-8 sm:pr-14"
      />
      <kbd
        aria-hidden="true"
        className={
          "pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border " +
          "bg-muted px-1.5 font-mono text-[10px] text-muted-foreground sm:block"
        }
      >
        Ctrl K
      </kbd>
      <p role="status" className="sr-only">
        {showList && search ? `${plural(memberCount, "member")}, ${plural(postCount, "post")}` : ""}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!showList}
        // A click on a result must not blur the box first (which would close the list under the pointer).
        onMouseDown={(event) => event.preventDefault()}
        className={
          "fixed inset-x-2 top-14 z-50 max-h-[70vh] overflow-y-auto rounded-md border bg-popover p-1 " +
          "text-popover-foreground shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 " +
          "sm:left-0 sm:mt-1 sm:w-[32rem] sm:max-w-[calc(100vw-2rem)]"
        }
      >
        {!search ? (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">{fetcher.data?.error ?? "Searching…"}</p>
        ) : memberCount + postCount === 0 ? (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">Nothing matches “{query}”.</p>
        ) : null}
        {[
          { kind: "members" as const, title: "Members", from: 0, count: memberCount },
          { kind: "posts" as const, title: "Posts", from: memberCount, count: postCount },
        ]
          .filter((group) => group.count > 0)
          .map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`}>
              <div
                id={`${listId}-${group.kind}`}
                role="presentation"
                className="px-2 pt-2 pb-1 text-xs font-semibold text-muted-foreground uppercase"
              >
                {group.title}
              </div>
              {options.slice(group.from, group.from + group.count).map((option, i) => (
                <ResultOption
                  key={option.id}
                  id={optionId(group.from + i)}
                  option={option}
                  active={active === group.from + i}
                  onChoose={() => choose(option)}
                />
              ))}
            </div>
          ))}
        {query.length >= SEARCH_MIN ? (
          <ResultOption
            id={optionId(options.length - 1)}
            option={options[options.length - 1]!}
            active={active === options.length - 1}
            onChoose={() => choose(options[options.length - 1])}
          />
        ) : null}
      </div>
    </form>
  );
}
