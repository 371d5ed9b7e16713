// Bounds on what one request may ask for. They keep a single caller from making a commit,
// a ledger row or a state document unreasonably large; raising them is a deliberate change.
export const LIMITS = {
  operationsPerCommit: 100,
  /** Items in one commitStates request. */
  commitsPerBatch: 256,
  /** Canonical JSON size of one commit's operations. */
  operationsBytes: 256 * 1024,
  /** Canonical JSON size of a whole state document. */
  stateBytes: 4 * 1024 * 1024,
  stringLength: 16 * 1024,
  jsonDepth: 32,
  /** Items in one list argument of an operation. */
  listLength: 1000,
  /** A lock is held for at most this long per acquire or renew. */
  lockTtlMs: 24 * 60 * 60 * 1000,
} as const;
