// Small formatting helpers shared by the views.

const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "12 s ago", "3 min ago", "yesterday": relative to `now`, for tables that tick. */
export function ago(iso: string, now: number): string {
  // Not after now: the server's clock may run a little ahead of this browser's.
  const seconds = Math.min(0, Math.round((Date.parse(iso) - now) / 1000));
  const abs = Math.abs(seconds);
  if (abs < 5) return "just now";
  if (abs < 60) return rtf.format(seconds, "second");
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), "minute");
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), "hour");
  return rtf.format(Math.round(seconds / 86400), "day");
}

export const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** `run-3c9ee061-055e-…` → `run-3c9ee061`, `task-fc565ff9a10317f5…` → `task-fc565ff9`: enough to tell ids apart in a table. */
export const shortId = (id: string) => {
  const match = /^([a-z]+-[0-9a-f]{8})[0-9a-f-]{8,}$/.exec(id);
  return match ? match[1]! : id;
};

export const words = (constant: string) => constant.toLowerCase().replace(/_/g, " ");

export const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** The operation names of a ledger entry, whichever shape its `operations` JSON has. */
export function operationNames(operations: unknown): string[] {
  if (!Array.isArray(operations)) return [];
  return operations.map((operation) => {
    if (operation && typeof operation === "object") {
      const record = operation as Record<string, unknown>;
      return typeof record.op === "string" ? record.op : (Object.keys(record)[0] ?? "?");
    }
    return "?";
  });
}
