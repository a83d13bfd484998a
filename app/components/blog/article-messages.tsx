import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** A missing, unpublished or unreadable article. */
export function ArticleNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-28 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Article Not Found</h1>
      <p className="text-muted-foreground">The article you&apos;re looking for doesn&apos;t exist.</p>
      <Button asChild size="lg">
        <Link to="/blog">
          <ArrowLeftIcon aria-hidden="true" />
          Back to Blog
        </Link>
      </Button>
    </section>
  );
}
