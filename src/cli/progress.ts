// Progress on long work (export, import, verify --all): a bar with counts on a terminal, nothing
// when stderr is piped or redirected, so scripts and logs get only the results.
import cliProgress from "cli-progress";

export interface Progress {
  /** The amount of work, once known (0: unknown). */
  total(total: number): void;
  tick(by?: number): void;
  stop(): void;
}

const SILENT: Progress = { total() {}, tick() {}, stop() {} };

export function progress(label: string, unit: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return SILENT;
  const bar = new cliProgress.SingleBar(
    { stream, format: `${label} [{bar}] {value}/{total} ${unit}`, hideCursor: true, clearOnComplete: true, etaBuffer: 50, fps: 10 },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  let done = 0;
  return {
    total(total) {
      if (started) bar.setTotal(total);
      else bar.start(total, done);
      started = true;
    },
    tick(by = 1) {
      done += by;
      if (started) bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
