// The `canon` command runs as a production program unless NODE_ENV says otherwise, as the Docker
// image does (ENV NODE_ENV=production). main.ts imports this module first, so it runs before any
// library reads NODE_ENV as it loads: outside production, graphql-js checks every type test that
// fails (dozens per input object) for a second copy of itself, about a fifth of a commit's CPU
// (docs/benchmark-log.md). Tests set NODE_ENV=test, which this leaves alone.
process.env.NODE_ENV ??= "production";
