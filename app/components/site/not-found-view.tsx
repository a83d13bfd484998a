import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** The 404 screen, for the catch-all route and any loader that finds nothing. */
export function NotFoundView() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-6 py-32 text-center">
      <p className="text-7xl font-extrabold tracking-tight text-primary">404</p>
      <h1 className="text-3xl font-bold">Oops! Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for has moved or never existed.</p>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
