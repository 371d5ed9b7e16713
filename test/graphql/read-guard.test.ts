// ReadGuard: a request's byte budget, and each token's read permits (requests that read states
// from the store at once), with a bounded queue behind them.
import type { GraphQLResolveInfo } from "graphql";
import { describe, expect, it } from "vitest";
import type { GraphQLContext } from "../../src/graphql/builder.js";
import { ReadGuard } from "../../src/graphql/read-guard.js";

const info = {
  operation: { operation: "query" },
  parentType: { name: "Run" },
  fieldName: "history",
  rootValue: undefined,
} as unknown as GraphQLResolveInfo;
const request = (tokenId: string) => ({ principal: { tokenId } }) as unknown as GraphQLContext;

describe("ReadGuard", () => {
  it("spends a request's budget and refuses what would overspend it, naming the paging arguments", () => {
    const guard = new ReadGuard({ maxResponseBytes: 1_000 });
    const ctx = request("t");
    guard.charge(ctx, info, 600);
    expect(guard.remaining(ctx, info)).toBe(400);
    expect(() => guard.charge(ctx, info, 500, "use `first`", ["first", "after"])).toThrow(
      expect.objectContaining({
        code: "ERR_RESPONSE_TOO_LARGE",
        retryable: false,
        details: expect.objectContaining({ pagingArguments: ["first", "after"], field: "Run.history" }),
      }),
    );
    expect(guard.remaining(request("t"), info)).toBe(1_000); // another request has its own budget
  });

  it("lets a token hold readConcurrency requests' reads at once; the next waits for a release, and a full queue is refused", async () => {
    const guard = new ReadGuard({ readConcurrency: 1, readQueue: 1 });
    const [first, second, third] = [request("t"), request("t"), request("t")];
    const order: string[] = [];
    await guard.read(first, info, async () => order.push("first"));
    const waiting = guard.read(second, info, async () => order.push("second"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(["first"]); // the first request still holds the token's only permit
    await expect(guard.read(third, info, async () => order.push("third"))).rejects.toMatchObject({
      code: "ERR_READS_BUSY",
      retryable: true,
    });
    expect(await guard.read(request("other-token"), info, async () => "other tokens go on")).toBe("other tokens go on");
    guard.release(first);
    await waiting;
    expect(order).toEqual(["first", "second"]);
    guard.release(second);
  });
});
