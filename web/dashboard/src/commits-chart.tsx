// Commits per minute across the runs in view, for the last half hour (uPlot bars).
import { useEffect, useRef } from "preact/hooks";
import uPlot from "uplot";

export const CHART_MINUTES = 30;

/** Minute (epoch seconds, floored) → commits in it. */
export type MinuteCounts = Map<number, number>;

export const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / 60_000) * 60;

function series(counts: MinuteCounts, now: number): [number[], number[]] {
  const last = Math.floor(now / 60_000) * 60;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let minute = last - (CHART_MINUTES - 1) * 60; minute <= last; minute += 60) {
    xs.push(minute);
    ys.push(counts.get(minute) ?? 0);
  }
  return [xs, ys];
}

export function CommitsChart({ counts, now }: { counts: MinuteCounts; now: number }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [xs, ys] = series(counts, now);
  const total = ys.reduce((sum, n) => sum + n, 0);

  useEffect(() => {
    const element = box.current!;
    const accent = getComputedStyle(element).getPropertyValue("--accent").trim() || "#2456c7";
    const ink = getComputedStyle(element).getPropertyValue("--muted").trim() || "#555";
    plot.current = new uPlot(
      {
        width: element.clientWidth || 600,
        height: 150,
        legend: { show: false },
        cursor: { y: false, points: { show: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
        axes: [
          { stroke: ink, grid: { show: false }, ticks: { stroke: ink, width: 1 }, font: "12px system-ui, sans-serif" },
          {
            stroke: ink,
            grid: { stroke: "rgba(127,127,127,0.18)", width: 1 },
            ticks: { show: false },
            size: 40,
            font: "12px system-ui, sans-serif",
          },
        ],
        series: [
          {},
          {
            label: "commits",
            stroke: accent,
            fill: accent,
            width: 0,
            points: { show: false },
            paths: uPlot.paths.bars!({ size: [0.7, 40] }),
          },
        ],
      },
      [xs, ys],
      element,
    );
    const resize = new ResizeObserver(() => plot.current?.setSize({ width: element.clientWidth, height: 150 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, []);

  useEffect(() => {
    plot.current?.setData([xs, ys]);
  });

  return (
    <figure class="chart">
      <figcaption>
        Commits per minute, last {CHART_MINUTES} minutes <span class="count">{total}</span>
      </figcaption>
      <div
        ref={box}
        role="img"
        aria-label={`Bar chart: ${total} commits in the last ${CHART_MINUTES} minutes, ${ys[ys.length - 1]} this minute`}
      />
    </figure>
  );
}
