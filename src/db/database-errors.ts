// Why a database could not be opened, kept apart from database.ts so that reporting them does
// not load PGlite and the Prisma client.

/** No database where one was expected: nothing was created. */
export class MissingDataDirError extends Error {
  constructor(readonly dataDir: string) {
    super(`there is no Canon database in ${dataDir}`);
  }
}

/** The PostgreSQL server in DATABASE_URL cannot be reached, or refuses the connection. */
export class DatabaseUnreachableError extends Error {}

/** A new embedded data directory could not be created (initdb failed: disk full, no permission, …). */
export class DataDirCreationError extends Error {}
