// Small building blocks shared by the views.
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { Problem } from "./api";
import { dateTime, words } from "./format";

/** What a refused request means for the person looking at the page, by Canon's error code; `action` says what was refused ("read runs"). */
export function explain(error: Problem, action: string, scope: string, restrictable = false): string {
  switch (error.code) {
    case "ERR_UNAUTHENTICATED":
      return "Canon refused this tab's token (revoked or mistyped). Open the URL `canon serve` printed, or enter another token.";
    case "ERR_FORBIDDEN":
      return `This token may not ${action}: it needs the ${scope} scope${restrictable ? ", and this run among those it is restricted to" : ""}.`;
    case "ERR_NOT_FOUND":
      return "Nothing has this id (it may have been deleted).";
    case "ERR_RUN_DELETED":
      return "This run was deleted; only its tombstone remains.";
    case "ERR_NETWORK":
      return `Canon could not be reached: ${error.message}`;
    default:
      return `${error.message} (${error.code})`;
  }
}

export function Notice({ kind = "info", children }: { kind?: "info" | "error" | "warn"; children: ComponentChildren }) {
  return (
    <div class={`notice notice-${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

const STATUS_TONE: Record<string, string> = {
  ACTIVE: "blue",
  COMPLETED: "green",
  COMPLETE: "green",
  SUPPORTED: "green",
  DONE: "green",
  CLARIFIED: "green",
  DEFAULTED: "green",
  COMPILED: "green",
  PARTIALLY_COMPLETED: "amber",
  PARTIAL: "amber",
  NEEDS_CLARIFICATION: "amber",
  UNRESOLVED: "amber",
  OPEN: "amber",
  ESCALATED: "red",
  FAILED: "red",
  REFUTED: "red",
  BLOCKED: "red",
  ARCHIVED: "grey",
  DELETED: "grey",
  ABANDONED: "grey",
  DROPPED: "grey",
  NOT_COMPLETE: "grey",
};

export function Badge({ value, label }: { value: string; label?: string }) {
  return <span class={`badge tone-${STATUS_TONE[value] ?? "grey"}`}>{label ?? words(value)}</span>;
}

export function Time({ iso, text }: { iso: string; text?: string }) {
  return (
    <time dateTime={iso} title={dateTime(iso)}>
      {text ?? dateTime(iso)}
    </time>
  );
}

/** Re-renders every `ms` so relative times stay true. */
export function useNow(ms = 15_000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [done, setDone] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone("Copied");
    } catch {
      setDone("Copy failed: select the text instead");
    }
    setTimeout(() => setDone(null), 2000);
  };
  return (
    <button type="button" class="button" onClick={copy}>
      {done ?? label}
      <span class="visually-hidden" aria-live="polite">
        {done ?? ""}
      </span>
    </button>
  );
}

export function Section({ title, count, children, id }: { title: string; count?: number; children: ComponentChildren; id?: string }) {
  return (
    <section class="card" aria-labelledby={id ? `${id}-title` : undefined}>
      <h3 id={id ? `${id}-title` : undefined}>
        {title}
        {count !== undefined && <span class="count">{count}</span>}
      </h3>
      {children}
    </section>
  );
}

export const Empty = ({ children = "None" }: { children?: ComponentChildren }) => <p class="empty">{children}</p>;
