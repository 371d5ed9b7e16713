// A throwaway database on a PostgreSQL server, for tests and benchmarks: created empty under a
// random name, dropped (with any sessions still on it) when the caller is done.
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `adminUrl` names a server and a database to connect to while creating and dropping. */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}
