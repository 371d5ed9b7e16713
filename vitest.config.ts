import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 has no "exports" map: Node loads its CommonJS build for the server's
    // dependencies, while Vite would pick the ESM build for our sources. Two copies break
    // `instanceof GraphQLError`; pin the one Node uses so tests run what production runs.
    alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }],
  },
  test: {
    include: ["test/**/*.test.ts"],
    // src/ compiled once for the processes the tests start (test/support/build-cli.ts).
    globalSetup: ["test/support/build-cli.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores here: more workers only make PGlite instances fight for them.
    maxWorkers: 2,
  },
});
