import { describe, expect, it } from 'vitest';
import { chartGeometry, nearestIndex } from './chart-geometry.ts';

const box = { width: 600, height: 200, topPadding: 20 };

describe('chartGeometry', () => {
  it('when the balance grows from zero, then the first point sits on the floor and the highest near the top', () => {
    const { points, lowest, highest } = chartGeometry([0n, 50_000n, 100_000n], box);
    expect(points).toEqual([
      { x: 0, y: 200 },
      { x: 300, y: 110 },
      { x: 600, y: 20 },
    ]);
    expect(lowest).toBe(0n);
    expect(highest).toBe(100_000n);
  });

  it('when a large balance changes a little, then the line keeps its true proportions from zero', () => {
    const { points } = chartGeometry([90_000_000n, 100_000_000n], box);
    expect(points.map((point) => point.y)).toEqual([38, 20]);
  });

  it('when every day is zero, then the line lies flat on the floor', () => {
    const { points } = chartGeometry([0n, 0n, 0n], box);
    expect(points.every((point) => point.y === 200)).toBe(true);
  });

  it('when the balance never changes, then the line is flat at its height', () => {
    const { points } = chartGeometry([5_000n, 5_000n], box);
    expect(points.map((point) => point.y)).toEqual([20, 20]);
  });

  it('when amounts are far beyond what a float holds exactly, then the coordinates are still exact', () => {
    const huge = 10n ** 20n;
    const { points } = chartGeometry([huge / 2n, huge], box);
    expect(points.map((point) => point.y)).toEqual([110, 20]);
  });

  it('when there is one point, then it is drawn as a flat line across the chart', () => {
    const { points, line } = chartGeometry([100n], box);
    expect(points).toHaveLength(2);
    expect(line).toBe('M0 20L600 20');
  });

  it('when the area is drawn, then it closes along the bottom edge', () => {
    const { area } = chartGeometry([0n, 10n], box);
    expect(area).toBe('M0 200L600 20L600 200L0 200Z');
  });

  it('when there are no values, then there is nothing to draw', () => {
    expect(chartGeometry([], box)).toMatchObject({ points: [], line: '', area: '' });
  });
});

describe('nearestIndex', () => {
  it('when the pointer is between two days, then the nearer day is picked', () => {
    expect(nearestIndex(0.49, 3)).toBe(1);
    expect(nearestIndex(0.2, 3)).toBe(0);
  });

  it('when the pointer is outside the chart, then the nearest edge day is picked', () => {
    expect(nearestIndex(-0.5, 30)).toBe(0);
    expect(nearestIndex(1.7, 30)).toBe(29);
  });

  it('when there is a single day, then it is always that day', () => {
    expect(nearestIndex(0.8, 1)).toBe(0);
  });
});
