// Builds the browser pages into dist/web (part of `npm run build`): the dashboard's bundle
// (web/dashboard, Preact + graphql-ws + uPlot, by esbuild) and GraphiQL's assets, copied from
// the installed @graphql-yoga/graphiql so that GraphiQL needs no CDN. Canon serves both
// (src/server/web-pages.ts). Usage: node scripts/build-web.mjs [--watch]
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist", "web");
const require = createRequire(import.meta.url);

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, "dashboard", "assets"), { recursive: true });
mkdirSync(join(out, "graphiql", "monacoeditorwork"), { recursive: true });

// GraphiQL as yoga would load it from unpkg, from the package instead. The editor workers get
// plain names (the package ships one as `graphql.worker..bundle.js`).
const graphiql = join(dirname(require.resolve("@graphql-yoga/graphiql/package.json")), "dist");
const copies = [
  ["graphiql.css", "graphiql.css"],
  ["yoga-graphiql.umd.js", "yoga-graphiql.umd.js"],
  ["monacoeditorwork/editor.worker.bundle.js", "monacoeditorwork/editor.worker.js"],
  ["monacoeditorwork/json.worker.bundle.js", "monacoeditorwork/json.worker.js"],
  ["monacoeditorwork/graphql.worker..bundle.js", "monacoeditorwork/graphql.worker.js"],
];
for (const [from, to] of copies) copyFileSync(join(graphiql, from), join(out, "graphiql", to));
copyFileSync(join(root, "web", "dashboard", "index.html"), join(out, "dashboard", "index.html"));

const options = {
  absWorkingDir: root,
  entryPoints: {
    "dashboard/assets/app": "web/dashboard/src/main.tsx",
    "graphiql/boot": "web/graphiql/boot.ts",
  },
  outdir: out,
  bundle: true,
  format: "iife",
  platform: "browser",
  target: ["chrome110", "firefox115", "safari16"],
  jsx: "automatic",
  jsxImportSource: "preact",
  minify: true,
  sourcemap: "linked",
  legalComments: "linked",
  logLevel: "warning",
};

if (process.argv.includes("--watch")) {
  const context = await esbuild.context(options);
  await context.watch();
  console.log("build-web: watching web/ (Ctrl-C to stop)");
} else {
  await esbuild.build(options);
}
