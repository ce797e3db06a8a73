import { createTheme, getContrastRatio, type Theme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { chartTheme, EMOTIONS, SERIES_PALETTES, textOn, tooltipBackground } from '@/resources/sessions/detail/chartColors';
import { SPEAKERS } from '@/resources/sessions/sessionTypes';
import { darkTheme, lightTheme } from '@/theme';
import { contrast } from '../support/contrast';

// The portal's two themes, built as react-admin builds them from the options App.tsx passes.
const THEMES: [string, Theme][] = [
  ['light', createTheme(lightTheme)],
  ['dark', createTheme(darkTheme)],
];

// WCAG 2.1: 1.4.11 non-text contrast for the series, 1.4.3 for text.
const SERIES_MIN = 3;
const TEXT_MIN = 4.5;

/** A chart sits on its paper (ChartFigure), the paper on the page: each colour must hold on both. */
const backgrounds = (theme: Theme) => [theme.palette.background.paper, theme.palette.background.default];

describe.each(THEMES)('chart colours in the %s theme', (mode, theme) => {
  const palette = SERIES_PALETTES[theme.palette.mode];
  const chart = chartTheme(theme);

  it('is the palette the charts draw with', () => {
    expect(theme.palette.mode).toBe(mode);
    expect(chart.series).toBe(palette);
    expect(chart.axis.tick.fill).toBe(theme.palette.text.secondary);
    expect(chart.axisLabel.fill).toBe(theme.palette.text.primary);
    expect(chart.valueLabel.fill).toBe(theme.palette.text.primary);
    expect(chart.grid.stroke).toBe(theme.palette.divider);
    expect(chart.tooltip.contentStyle.color).toBe(theme.palette.text.primary);
    for (const emotion of EMOTIONS) expect(chart.emotion(emotion)).toBe(palette.emotions[emotion]);
  });

  const series: [string, string][] = [
    ...EMOTIONS.map((emotion): [string, string] => [`emotion ${emotion}`, palette.emotions[emotion]]),
    ...SPEAKERS.map((speaker): [string, string] => [`speaker ${speaker}`, palette.speakers[speaker]]),
    ['speech-rate limit', palette.limit],
  ];
  it.each(series)(`keeps %s (%s) at ${SERIES_MIN}:1 or more against the chart background`, (_name, color) => {
    for (const background of backgrounds(theme)) expect(contrast(color, background)).toBeGreaterThanOrEqual(SERIES_MIN);
  });

  const texts: [string, string][] = [
    ['primary text (axis titles, legend, values, tooltip)', theme.palette.text.primary],
    ['secondary text (ticks)', theme.palette.text.secondary],
    // written in its colour: the limit line's label and the timeline's kind names
    ['speech-rate limit label', palette.limit],
    ...(['objection', 'faq', 'inquiry'] as const).map((kind): [string, string] => [`timeline ${kind} label`, palette.kinds[kind]]),
    ['timeline landmine label', palette.landmine],
    ['timeline competitor label', palette.competitor],
  ];
  it.each(texts)(`keeps %s at ${TEXT_MIN}:1 or more against the chart background`, (_name, color) => {
    for (const background of backgrounds(theme)) expect(contrast(color, background)).toBeGreaterThanOrEqual(TEXT_MIN);
  });

  it(`keeps the tooltip text at ${TEXT_MIN}:1 or more on the tooltip`, () => {
    const surface = tooltipBackground(theme);
    expect(chart.tooltip.contentStyle.backgroundColor).toBe(surface);
    for (const color of [chart.tooltip.labelStyle.color, chart.tooltip.itemStyle.color]) {
      expect(contrast(String(color), surface)).toBeGreaterThanOrEqual(TEXT_MIN);
    }
  });

  it(`writes on every emotion chip and speaker avatar at ${TEXT_MIN}:1 or more`, () => {
    for (const fill of [...Object.values(palette.emotions), ...Object.values(palette.speakers)]) {
      expect(getContrastRatio(textOn(fill), fill)).toBeGreaterThanOrEqual(TEXT_MIN);
    }
  });
});

describe('one colour per emotion and per speaker', () => {
  it('maps the same emotions and speakers in both themes, each to its own colour', () => {
    for (const palette of Object.values(SERIES_PALETTES)) {
      expect(Object.keys(palette.emotions).sort()).toEqual([...EMOTIONS].sort());
      expect(Object.keys(palette.speakers).sort()).toEqual([...SPEAKERS].sort());
      expect(new Set(Object.values(palette.emotions)).size).toBe(EMOTIONS.length);
      expect(palette.speakers.salesperson).not.toBe(palette.speakers.customer);
    }
  });

  it('falls back to the neutral colour for an emotion it does not know', () => {
    const chart = chartTheme(createTheme(darkTheme));
    expect(chart.emotion('bored')).toBe(SERIES_PALETTES.dark.emotions.neutral);
  });
});
