import { useId, useState, type PointerEvent, type ReactNode } from 'react';
import { classNames } from '../../lib/class-names.ts';
import { chartGeometry, nearestIndex, type ChartPoint } from './chart-geometry.ts';

/*
 * A small area chart drawn as SVG by hand rather than with a chart library: Home needs one line
 * over 30 or 90 days, which is about 2 kB of our own code, where the smallest libraries that draw
 * it (uPlot ~21 kB gzipped, Chart.js ~65 kB, Recharts ~100 kB with d3) would add ten to fifty
 * times that and, for the canvas ones, an image that screen readers cannot read at all. As SVG it
 * scales to any width, takes the theme's colours, needs no style element (the CSP allows none)
 * and lives in the page's own chunk, off the /login path.
 *
 * The drawing is decorative for assistive technology (`aria-hidden`): the caller gives the same
 * figures as text (a summary and a table), which is the chart's accessible alternative.
 */

const box = { width: 600, height: 200, topPadding: 24 } as const;

interface AreaChartProps {
  values: readonly bigint[];
  /** One per value: what the readout shows for a point ("25 Nov"). */
  labels: readonly string[];
  formatValue: (value: bigint) => string;
  /**
   * Short form for the scale beside the plot ("₦250k"): with it, the chart draws guide lines at
   * the top value, half of it and the floor, each labelled in a gutter on the left.
   */
  formatAxisValue?: (value: bigint) => string;
  /** Dates (or other labels) under the plot, each at its point: usually the first, middle, last. */
  xTicks?: readonly XTick[];
  /** `onBrand` draws in white for the blue balance card. */
  tone?: 'default' | 'onBrand';
  className?: string;
}

const percent = (value: number, whole: number) => `${String((value / whole) * 100)}%`;

export interface XTick {
  index: number;
  label: string;
}

interface AxisTick {
  y: number;
  label: string;
}

/** The floor, the top value and half-way between; only the floor while every value is equal. */
function axisTicks(lowest: bigint, highest: bigint, format: (value: bigint) => string): AxisTick[] {
  const floor = { y: box.height, label: format(lowest) };
  if (highest === lowest) return [floor];
  const halfY = box.topPadding + (box.height - box.topPadding) / 2;
  return [
    { y: box.topPadding, label: format(highest) },
    { y: halfY, label: format(lowest + (highest - lowest) / 2n) },
    floor,
  ];
}

/**
 * The gutter left of the plot, as wide as the scale's longest label (an invisible copy sizes
 * it), so "₦544.59k" never runs under a point at the plot's left edge. The labels under the
 * plot are indented by the same gutter.
 */
function AxisGutter({
  ticks,
  onBrand,
  children,
}: {
  ticks: readonly AxisTick[];
  onBrand: boolean;
  children?: ReactNode;
}) {
  const longest = ticks.reduce(
    (widest, tick) => (tick.label.length > widest.length ? tick.label : widest),
    '',
  );
  return (
    <div
      className={classNames(
        'relative min-w-12 shrink-0 text-[0.6875rem] leading-4 font-medium tabular-nums',
        onBrand ? 'text-brand-100' : 'text-slate-500',
      )}
    >
      <span className="invisible block h-0 overflow-hidden whitespace-nowrap">{longest}</span>
      {children}
    </div>
  );
}

/** The scale's labels, each centred on its guide line. */
function AxisLabels({ ticks, onBrand }: { ticks: AxisTick[]; onBrand: boolean }) {
  return (
    <AxisGutter ticks={ticks} onBrand={onBrand}>
      {ticks.map((tick) => (
        <span
          key={tick.y}
          className="absolute left-0 -translate-y-1/2 whitespace-nowrap"
          style={{ top: percent(tick.y, box.height) }}
        >
          {tick.label}
        </span>
      ))}
    </AxisGutter>
  );
}

/** The labels under the plot: the first flush left, the last flush right, others centred. */
function XAxisLabels({
  ticks,
  points,
  onBrand,
  scale,
}: {
  ticks: readonly XTick[];
  points: readonly ChartPoint[];
  onBrand: boolean;
  /** The scale's ticks, when there is a scale: the labels start after its gutter. */
  scale: readonly AxisTick[];
}) {
  return (
    <div className="mt-2 flex shrink-0 gap-3">
      {scale.length > 0 ? <AxisGutter ticks={scale} onBrand={onBrand} /> : null}
      <div
        className={classNames(
          'relative h-4 min-w-0 flex-1 text-xs leading-4',
          onBrand ? 'text-brand-100' : 'text-slate-500',
        )}
      >
        {ticks.map((tick) => {
          const x = points[tick.index]?.x ?? 0;
          const edge = x === 0 ? 'left' : x === box.width ? 'right' : 'middle';
          return (
            <span
              key={tick.index}
              className={classNames(
                'absolute top-0 whitespace-nowrap',
                edge === 'middle' && '-translate-x-1/2',
              )}
              style={
                edge === 'right'
                  ? { right: 0 }
                  : { left: edge === 'left' ? 0 : percent(x, box.width) }
              }
            >
              {tick.label}
            </span>
          );
        })}
      </div>
    </div>
  );
}

/** A line and the area under it; pointing at the chart reads out the nearest day. */
export function AreaChart({
  values,
  labels,
  formatValue,
  formatAxisValue,
  xTicks = [],
  tone = 'default',
  className,
}: AreaChartProps) {
  const gradientId = `area-${useId().replace(/[^\w-]/g, '')}`;
  const [pointed, setPointed] = useState<number | null>(null);
  const geometry = chartGeometry(values, box);
  const active = pointed ?? values.length - 1;
  const point = geometry.points[active];
  const value = values[active];
  const onBrand = tone === 'onBrand';
  const ticks = formatAxisValue
    ? axisTicks(geometry.lowest, geometry.highest, formatAxisValue)
    : [];

  const pointAt = (event: PointerEvent<HTMLDivElement>) => {
    const bounds = event.currentTarget.getBoundingClientRect();
    if (bounds.width === 0) return;
    setPointed(nearestIndex((event.clientX - bounds.left) / bounds.width, values.length));
  };

  return (
    <div aria-hidden="true" className={classNames('flex flex-col select-none', className)}>
      {/* The gap leaves room for a point's dot (and its ring) at the plot's left edge. */}
      <div className="flex min-h-0 flex-1 gap-3">
        {ticks.length > 0 ? <AxisLabels ticks={ticks} onBrand={onBrand} /> : null}
        <div
          className="relative min-w-0 flex-1 touch-pan-y"
          onPointerMove={pointAt}
          onPointerDown={pointAt}
          onPointerLeave={() => {
            setPointed(null);
          }}
        >
          <svg
            viewBox={`0 0 ${String(box.width)} ${String(box.height)}`}
            preserveAspectRatio="none"
            className={classNames(
              'block size-full overflow-visible',
              onBrand ? 'text-white' : 'text-brand-500',
            )}
          >
            <defs>
              <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0" stopColor="currentColor" stopOpacity={onBrand ? 0.35 : 0.22} />
                <stop offset="1" stopColor="currentColor" stopOpacity="0" />
              </linearGradient>
            </defs>
            {ticks.map((tick) => (
              <line
                key={tick.y}
                x1="0"
                x2={box.width}
                y1={tick.y}
                y2={tick.y}
                stroke="currentColor"
                strokeOpacity={onBrand ? 0.2 : 0.15}
                strokeDasharray="4 6"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <path d={geometry.area} fill={`url(#${gradientId})`} />
            <path
              d={geometry.line}
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
          {point && value !== undefined ? (
            <>
              {pointed === null ? null : (
                <span
                  className={classNames(
                    'pointer-events-none absolute inset-y-0 w-px -translate-x-1/2',
                    onBrand ? 'bg-white/40' : 'bg-brand-200',
                  )}
                  style={{ left: percent(point.x, box.width) }}
                />
              )}
              <span
                className={classNames(
                  'pointer-events-none absolute size-3 -translate-1/2 rounded-full ring-4',
                  onBrand ? 'bg-white ring-white/30' : 'bg-brand-600 ring-brand-200',
                )}
                style={{ left: percent(point.x, box.width), top: percent(point.y, box.height) }}
              />
              {pointed === null ? null : (
                <span
                  className={classNames(
                    'pointer-events-none absolute -top-2 -translate-x-1/2 -translate-y-full rounded-lg px-2 py-1 text-xs font-semibold whitespace-nowrap tabular-nums shadow-sm',
                    onBrand ? 'bg-white text-brand-800' : 'bg-brand-950 text-white',
                  )}
                  style={{
                    left: percent(Math.min(Math.max(point.x, 90), box.width - 90), box.width),
                  }}
                >
                  {labels[active]} · {formatValue(value)}
                </span>
              )}
            </>
          ) : null}
        </div>
      </div>
      {xTicks.length > 0 ? (
        <XAxisLabels ticks={xTicks} points={geometry.points} onBrand={onBrand} scale={ticks} />
      ) : null}
    </div>
  );
}
