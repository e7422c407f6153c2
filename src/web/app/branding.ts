// The customer's accent colour as CSS custom properties. Set through element.style.setProperty
// (CSSOM), which a strict `style-src 'self'` CSP allows, unlike style attributes in markup.

/** #rgb or #rrggbb only: anything else (names, url(), var()) is ignored. */
export function parseHexColour(value: string | null | undefined): [number, number, number] | null {
  if (!value) return null;
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance. */
export function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: number, b: number): number {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Custom properties for an accent colour: the colour itself and whichever of white or near-black
 * text reads better on it (so any brand colour keeps button labels legible). Empty for an
 * invalid colour: the default tokens stay.
 */
export function accentProperties(accent: string | null | undefined): Record<string, string> {
  const rgb = parseHexColour(accent);
  if (!rgb) return {};
  const l = luminance(rgb);
  const onWhite = contrastRatio(l, 1);
  const onDark = contrastRatio(l, luminance([20, 22, 26]));
  return {
    '--idv-accent': `rgb(${rgb.join(' ')})`,
    '--idv-on-accent': onWhite >= onDark ? '#ffffff' : '#14161a',
  };
}

const BRANDING_PROPERTIES = ['--idv-accent', '--idv-on-accent'];

/** Applies (or, with null, removes) the accent on the root element. */
export function applyAccent(accent: string | null | undefined, root: HTMLElement = document.documentElement): void {
  for (const name of BRANDING_PROPERTIES) root.style.removeProperty(name);
  for (const [name, value] of Object.entries(accentProperties(accent))) root.style.setProperty(name, value);
}
