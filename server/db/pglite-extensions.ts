import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * Extensions the migrations create, loaded into every embedded database (PostgreSQL ships them
 * in its contrib package). pg_trgm: trigram indexes make the back office's "contains" searches
 * (email, name, Telegram username) index scans.
 */
export const pgliteExtensions = { pg_trgm };
