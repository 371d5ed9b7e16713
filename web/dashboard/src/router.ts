// Views live in the URL fragment, so /dashboard is one page and a reload keeps the view:
// #/ (runs, with ?status= and ?task=), #/run/<id>, #/task/<id>.
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { view: "runs"; params: URLSearchParams }
  | { view: "run"; runId: string; params: URLSearchParams }
  | { view: "task"; taskId: string; params: URLSearchParams };

export function parseRoute(hash: string): Route {
  const [path = "", query = ""] = hash.replace(/^#/, "").split("?", 2);
  const params = new URLSearchParams(query);
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "run" && parts[1]) return { view: "run", runId: parts[1], params };
  if (parts[0] === "task" && parts[1]) return { view: "task", taskId: parts[1], params };
  return { view: "runs", params };
}

export const hrefRun = (runId: string) => `#/run/${encodeURIComponent(runId)}`;
export const hrefTask = (taskId: string) => `#/task/${encodeURIComponent(taskId)}`;
export function hrefRuns(filters: { status?: string; task?: string } = {}): string {
  const params = new URLSearchParams(Object.entries(filters).filter(([, value]) => value) as [string, string][]);
  const query = params.toString();
  return query ? `#/?${query}` : "#/";
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    addEventListener("hashchange", update);
    return () => removeEventListener("hashchange", update);
  }, []);
  return route;
}
