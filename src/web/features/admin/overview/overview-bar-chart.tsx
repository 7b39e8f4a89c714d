import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only the pieces a bar chart needs (Chart.js tree-shakes what is not registered). This module is the
// only one that imports chart.js, and the Overview loads it lazily: no public page ever fetches it.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export type BarSeries = { label: string; data: number[]; colour: string };

/**
 * A bar chart that fills its container's width (the parent sets the height), so it reads at 390 px as
 * at 1280. The canvas is one image to assistive technology, named by `summary`; the figures themselves
 * are in the data table beside it. No animation: the bars are figures, not decoration.
 */
export function OverviewBarChart({
  labels,
  series,
  summary,
  stacked = false,
  formatValue = String,
}: {
  labels: string[];
  series: BarSeries[];
  summary: string;
  stacked?: boolean;
  formatValue?: (n: number) => string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);

  useEffect(() => {
    // The page's own type, not Chart.js's Helvetica default.
    Chart.defaults.font.family = getComputedStyle(canvas.current!).fontFamily;
    chart.current = new Chart(canvas.current!, {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        // The sessions' legend is HTML beside the chart (real text, wraps on a phone).
        plugins: { legend: { display: false } },
        scales: {
          x: { grid: { display: false }, ticks: { color: '#334155', autoSkipPadding: 8, maxRotation: 0 } },
          y: { beginAtZero: true, ticks: { color: '#334155', precision: 0 } },
        },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.labels = labels;
    c.data.datasets = series.map((s) => ({
      label: s.label,
      data: s.data,
      backgroundColor: s.colour,
      borderRadius: 3,
      maxBarThickness: 28,
    }));
    const scales = c.options.scales!;
    scales.x!.stacked = stacked;
    scales.y!.stacked = stacked;
    scales.y!.ticks!.callback = (v) => formatValue(Number(v));
    c.options.plugins!.tooltip!.callbacks = {
      label: (item) => `${item.dataset.label}: ${formatValue(Number(item.raw))}`,
    };
    c.update();
  }, [labels, series, stacked, formatValue]);

  return <canvas ref={canvas} role="img" aria-label={summary} />;
}
