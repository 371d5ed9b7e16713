// The baseline for Canon's per-request cost: graphql-yoga (the version Canon uses) with a
// one-field schema, nothing else, in its own process like Canon. Prints its URL on stdout.
import { createServer } from "node:http";
import { createSchema, createYoga } from "graphql-yoga";

const yoga = createYoga({
  schema: createSchema({ typeDefs: "type Query { hello: String }", resolvers: { Query: { hello: () => "world" } } }),
  logging: false,
  landingPage: false,
});
const server = createServer(yoga);
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address();
  console.log(`bare yoga serving http://127.0.0.1:${port}/graphql`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
