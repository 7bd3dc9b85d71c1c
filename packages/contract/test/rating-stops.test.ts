import { describe, expect, it } from 'vitest';
import { FIVE_POINT_SCALE, TEN_POINT_SCALE, ratingStops } from '../src';

describe('the labels a rating scale shows', () => {
  it('shows the ten-point preset (stored with "Extremely Poor" at 1) as 1 - Very Poor, 5 - Average and 10 - Excellent, the other values as numbers', () => {
    expect(TEN_POINT_SCALE.labels['1']).toBe('Extremely Poor');
    const stops = ratingStops(TEN_POINT_SCALE);
    expect(stops.map((stop) => stop.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(stops.filter((stop) => stop.label !== undefined).map((stop) => stop.text)).toEqual([
      '1 - Very Poor',
      '5 - Average',
      '10 - Excellent',
    ]);
    expect(stops[1]).toEqual({ value: 2, label: undefined, text: '2' });
  });

  it('labels each value of the five-point preset', () => {
    expect(ratingStops(FIVE_POINT_SCALE).map((stop) => stop.text)).toEqual([
      '1 - Very Poor',
      '2 - Poor',
      '3 - Average',
      '4 - Good',
      '5 - Excellent',
    ]);
  });

  it('shows "Extremely Poor" as written when the author changed another label of the ten-point preset', () => {
    const labels = { '1': 'Extremely Poor', '5': 'Okay', '10': 'Excellent' };
    expect(ratingStops({ min: 1, max: 10, labels }).find((stop) => stop.value === 1)?.text).toBe('1 - Extremely Poor');
  });

  it('shows the scale’s own labels, as a drafted likelihood scale has them', () => {
    const stops = ratingStops({ min: 1, max: 10, labels: { '1': 'Not at all likely', '10': 'Extremely likely' } });
    expect(stops.filter((stop) => stop.label !== undefined).map((stop) => stop.text)).toEqual([
      '1 - Not at all likely',
      '10 - Extremely likely',
    ]);
  });

  it('ignores blank labels and keys that are not own values', () => {
    const labels = Object.assign(Object.create({ '2': 'inherited' }) as Record<string, string>, { '1': '  ' });
    expect(ratingStops({ min: 1, max: 3, labels }).map((stop) => stop.text)).toEqual(['1', '2', '3']);
  });
});
