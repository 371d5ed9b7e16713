// A logistic regression over a short, named feature vector (model/escalation-features.ts), read
// from a table scripts/train-task-model.ts writes from the development split. Every decision it
// takes is explained by the features that moved it most.

export interface LogisticTable {
  features: string[];
  /** One weight per feature, then the intercept. */
  weights: number[];
}

export interface LogisticVote {
  p: number;
  /** The features' contributions (weight × value) by absolute size, largest first. */
  contributions: { feature: string; value: number }[];
}

export function logisticVote(table: LogisticTable, x: readonly number[]): LogisticVote {
  let z = table.weights[table.features.length]!;
  const contributions: { feature: string; value: number }[] = [];
  // An indexed loop (thirtieth session, speed): forEach's callback was a closure made per request.
  const { features, weights } = table;
  for (let i = 0; i < features.length; i++) {
    const value = weights[i]! * x[i]!;
    z += value;
    if (value !== 0) contributions.push({ feature: features[i]!, value });
  }
  contributions.sort((a, b) => Math.abs(b.value) - Math.abs(a.value) || (a.feature < b.feature ? -1 : 1));
  return { p: 1 / (1 + Math.exp(-z)), contributions };
}

/**
 * Fits the weights by full-batch gradient descent with an L2 penalty (not on the intercept):
 * fixed step, fixed number of rounds, rows in the given order, so the same rows give the same
 * weights on every machine. Weights are rounded to 1e-6 so the generated table is stable.
 */
export function fitLogistic(
  features: readonly string[],
  rows: readonly { x: readonly number[]; y: 0 | 1; weight?: number }[],
  options = { l2: 0.01, rounds: 3000, step: 0.5 },
): LogisticTable {
  const d = features.length;
  const w = new Float64Array(d + 1);
  const total = rows.reduce((s, r) => s + (r.weight ?? 1), 0);
  for (let round = 0; round < options.rounds; round++) {
    const g = new Float64Array(d + 1);
    for (const row of rows) {
      let z = w[d]!;
      for (let i = 0; i < d; i++) z += w[i]! * row.x[i]!;
      const err = (1 / (1 + Math.exp(-z)) - row.y) * (row.weight ?? 1);
      for (let i = 0; i < d; i++) g[i]! += err * row.x[i]!;
      g[d]! += err;
    }
    for (let i = 0; i <= d; i++) w[i]! -= options.step * (g[i]! / total + (i < d ? options.l2 * w[i]! : 0));
  }
  return { features: [...features], weights: Array.from(w, (v) => Math.round(v * 1e6) / 1e6) };
}
