// The dashboard's shell: the token (from the first-start URL, kept for this tab), the header,
// and the view the URL fragment names.
import "uplot/dist/uPlot.min.css";
import "./styles.css";
import { render } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { forgetToken, keepToken, takeToken } from "../../shared/token";
import { createApi } from "./api";
import { RunView } from "./run-view";
import { RunsView } from "./runs-view";
import { hrefRuns, useRoute } from "./router";
import { TaskView } from "./task-view";

function TokenForm({ onToken, refused }: { onToken(token: string): void; refused?: boolean }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <main id="main" class="narrow">
      <h1 tabIndex={-1}>Canon dashboard</h1>
      <p>
        {refused ? "Canon refused this tab's token. " : ""}Open the URL that <code>canon serve</code> printed on first start (it carries a
        token), or paste an API token. It is kept for this tab only, never in a cookie.
      </p>
      <form
        class="stack-form"
        onSubmit={(event) => {
          event.preventDefault();
          const token = String(new FormData(event.currentTarget).get("token") ?? "").trim();
          if (keepToken(token)) onToken(token);
          else setError("A Canon token looks like canon_ followed by letters, digits, - and _.");
        }}
      >
        <label class="stack">
          API token
          <input
            name="token"
            type="password"
            autocomplete="off"
            spellcheck={false}
            required
            aria-describedby={error ? "token-error" : undefined}
          />
        </label>
        {error && (
          <p id="token-error" class="notice notice-error" role="alert">
            {error}
          </p>
        )}
        <button class="button button-primary" type="submit">
          Open the dashboard
        </button>
      </form>
    </main>
  );
}

function App() {
  const [token, setToken] = useState<string | null>(() => takeToken());
  const api = useMemo(() => (token ? createApi(token) : null), [token]);
  const route = useRoute();
  const main = useRef<HTMLElement>(null);
  useEffect(() => () => api?.dispose(), [api]);
  // A new view: move focus to its heading, as a page load would.
  useEffect(() => {
    const heading = main.current?.querySelector<HTMLElement>("h1");
    if (heading && document.activeElement !== document.body) heading.focus();
    document.title = `${route.view === "runs" ? "Runs" : route.view === "run" ? "Run" : "Task"} · Canon`;
  }, [route.view, route.view === "run" ? route.runId : route.view === "task" ? route.taskId : ""]);

  if (!api) return <TokenForm onToken={setToken} />;
  return (
    <>
      <a class="skip" href="#main" onClick={(e) => (e.preventDefault(), main.current?.querySelector<HTMLElement>("h1")?.focus())}>
        Skip to content
      </a>
      <header class="topbar">
        <a class="brand" href={hrefRuns()}>
          Canon
        </a>
        <nav aria-label="Main">
          <a href={hrefRuns()} aria-current={route.view === "runs" ? "page" : undefined}>
            Runs
          </a>
          <a href="/graphql" target="_blank" rel="noopener">
            GraphiQL
          </a>
        </nav>
        <button
          type="button"
          class="button button-quiet"
          onClick={() => {
            forgetToken();
            setToken(null);
          }}
        >
          Forget token
        </button>
      </header>
      <main id="main" ref={main}>
        {route.view === "runs" && <RunsView api={api} params={route.params} />}
        {route.view === "run" && <RunView key={route.runId} api={api} runId={route.runId} />}
        {route.view === "task" && <TaskView key={route.taskId} api={api} taskId={route.taskId} />}
      </main>
    </>
  );
}

render(<App />, document.getElementById("app")!);
