import { vi } from 'vitest';

/**
 * Gives the window a `matchMedia` that answers for a screen `width` pixels wide (min-width and max-width
 * queries in px or rem), so components that follow the width can be rendered as on a phone. Undo with
 * `vi.unstubAllGlobals()`.
 */
export function stubScreenWidth(width: number): void {
  const pixels = (value: string, unit: string) => Number(value) * (unit === 'rem' ? 16 : 1);
  const matches = (query: string) => {
    const min = /min-width:\s*([\d.]+)(px|rem)/.exec(query);
    const max = /max-width:\s*([\d.]+)(px|rem)/.exec(query);
    return (!min || width >= pixels(min[1]!, min[2]!)) && (!max || width <= pixels(max[1]!, max[2]!));
  };
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
