import { decomposeColor, getContrastRatio, recomposeColor } from '@mui/material/styles';

/** `color` without its alpha, as rgb(r, g, b) (how jsdom reports colours). */
export const opaque = (color: string) => {
  const { values } = decomposeColor(color);
  return recomposeColor({ type: 'rgb', values: [values[0], values[1], values[2]] });
};

/**
 * `color` as seen on `background`: MUI's text colours and overlays are translucent
 * (rgba(0,0,0,0.6)) and getContrastRatio ignores alpha, which would flatter them.
 */
export const seenOn = (color: string, background: string) => {
  const { values, type } = decomposeColor(color);
  const alpha = type.endsWith('a') ? (values[3] ?? 1) : 1;
  const under = decomposeColor(background).values;
  return recomposeColor({
    type: 'rgb',
    values: [0, 1, 2].map((i) => Math.round(values[i] * alpha + under[i] * (1 - alpha))) as [number, number, number],
  });
};

/** WCAG contrast of `color` drawn on `background`, alpha included. */
export const contrast = (color: string, background: string) => getContrastRatio(seenOn(color, background), background);
