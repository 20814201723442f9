import { BarChart, LineChart } from "chartist";
import { useEffect, useRef } from "react";
import "chartist/dist/index.css";

interface ChartProps {
  /** Bars per day, a line per day, or one horizontal bar per label (plans). */
  kind: "bars" | "line" | "rows";
  labels: string[];
  values: number[];
  /** What the chart shows, in words (the figures themselves are in the table beside it). */
  label: string;
  /** Show every n-th label on the day axis. */
  labelStep?: number;
  /** The value axis's labels, e.g. whole numbers only. */
  formatValue?: (value: number) => string;
  testId?: string;
}

const ROW_HEIGHT = 34;

/**
 * One Chartist chart (SVG, drawn by the library into this element), coloured by the app's CSS
 * variables (dashboard-page.css), so it follows Telegram's light and dark themes by itself. The
 * picture is one image to screen readers, named by `label`; its numbers are text next to it.
 */
export function DashboardChart({
  kind,
  labels,
  values,
  label,
  labelStep = 1,
  formatValue,
  testId,
}: ChartProps) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const data = { labels, series: [values] };
    const valueAxis = {
      onlyInteger: true,
      offset: 44,
      labelInterpolationFnc: (value: string | number) => (formatValue ? formatValue(Number(value)) : value),
    };
    const dayAxis = {
      showGrid: false,
      labelInterpolationFnc: (value: string | number, index: number) =>
        index % labelStep === 0 ? value : null,
    };
    const padding = { top: 12, right: 12, bottom: 0, left: 0 };
    const chart =
      kind === "line"
        ? new LineChart(target, data, {
            height: "150px",
            low: 0,
            showArea: true,
            showPoint: values.length <= 31,
            lineSmooth: false,
            chartPadding: padding,
            axisX: dayAxis,
            axisY: valueAxis,
          })
        : kind === "bars"
          ? new BarChart(target, data, {
              height: "150px",
              low: 0,
              chartPadding: padding,
              axisX: dayAxis,
              axisY: valueAxis,
            })
          : new BarChart(target, data, {
              height: `${Math.max(2, labels.length) * ROW_HEIGHT + 30}px`,
              horizontalBars: true,
              reverseData: true,
              low: 0,
              chartPadding: padding,
              axisX: { ...valueAxis, offset: 24 },
              axisY: { offset: 96, showGrid: false },
            });
    return () => {
      chart.detach();
    };
  }, [kind, labels, values, labelStep, formatValue]);
  return (
    <div
      ref={element}
      className={`dashboard-chart dashboard-chart-${kind}`}
      data-count={values.length}
      role="img"
      aria-label={label}
      data-testid={testId}
    />
  );
}
