import { useMemo, type CSSProperties } from 'react';
import { getContrastRatio, getOverlayAlpha, lighten, useTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import type { Speaker } from '@/resources/sessions/sessionTypes';
import type { DetectionKind } from './timeline';

export const EMOTIONS = ['happy', 'surprised', 'neutral', 'sad', 'fearful', 'disgusted', 'angry'] as const;
export type Emotion = (typeof EMOTIONS)[number];

export interface SeriesPalette {
  emotions: Record<Emotion, string>;
  speakers: Record<Speaker, string>;
  limit: string;
  /** Their labels are written in the colour, so they are held to text contrast. */
  kinds: Record<DetectionKind, string>;
  /** A landmine's marker and its name on the timeline: held to text contrast too. */
  landmine: string;
  /** A competitor mention's marker and name on the timeline: held to text contrast too. */
  competitor: string;
}

/**
 * WCAG 1.4.11: every shade keeps 3:1 on its theme's paper, the detection kinds 4.5:1 as their names are written in it
 * (tests/unit/chartContrast.test.ts); the hues stay apart for common colour-vision deficiencies.
 */
export const SERIES_PALETTES: Record<PaletteMode, SeriesPalette> = {
  light: {
    emotions: {
      happy: '#2e7d32',
      surprised: '#b45f06',
      neutral: '#6b6f76',
      sad: '#1565c0',
      fearful: '#7b1fa2',
      disgusted: '#7a6a10',
      angry: '#d32f2f',
    },
    speakers: { salesperson: '#1976d2', customer: '#d84315' },
    limit: '#c62828',
    kinds: { objection: '#c62828', faq: '#00796b', inquiry: '#6a1b9a' },
    landmine: '#a33d00',
    competitor: '#ad1457',
  },
  dark: {
    emotions: {
      happy: '#66bb6a',
      surprised: '#ffb74d',
      neutral: '#b0b4ba',
      sad: '#64b5f6',
      fearful: '#ce93d8',
      disgusted: '#cdbd4c',
      angry: '#ef5350',
    },
    speakers: { salesperson: '#42a5f5', customer: '#ff8a50' },
    limit: '#ff6e6e',
    kinds: { objection: '#ff6e6e', faq: '#4dd0bd', inquiry: '#ce93d8' },
    landmine: '#ffa040',
    competitor: '#f48fb1',
  },
};

const isEmotion = (name: string): name is Emotion => (EMOTIONS as readonly string[]).includes(name);

export const textOn = (background: string) =>
  getContrastRatio(background, '#fff') >= getContrastRatio(background, '#000') ? '#fff' : '#000';

export const tooltipBackground = (theme: Theme) =>
  theme.palette.mode === 'dark' ? lighten(theme.palette.background.paper, getOverlayAlpha(8)) : theme.palette.background.paper;

/** recharts' own defaults (grey #666 ticks, a white tooltip) are made for a white page and fade on the dark theme. */
export const chartTheme = (theme: Theme) => {
  const { palette } = theme;
  const series = SERIES_PALETTES[palette.mode];
  const text = palette.text.primary;
  const mutedText = palette.text.secondary;
  const fontSize = 12;
  const tooltip: { contentStyle: CSSProperties; labelStyle: CSSProperties; itemStyle: CSSProperties } = {
    contentStyle: {
      backgroundColor: tooltipBackground(theme),
      border: `1px solid ${palette.divider}`,
      borderRadius: theme.shape.borderRadius,
      color: text,
      fontSize,
    },
    labelStyle: { color: text, fontWeight: 600 },
    itemStyle: { color: text },
  };
  return {
    series,
    emotion: (name: string) => (isEmotion(name) ? series.emotions[name] : series.emotions.neutral),
    text,
    mutedText,
    background: palette.background.paper,
    /** `interval: 0` skips measuring each label in the DOM, a forced layout per label that made a chart tab a long task. */
    axis: { stroke: mutedText, tick: { fill: mutedText, fontSize }, interval: 0 },
    axisLabel: { fill: text, fontSize },
    grid: { stroke: palette.divider, strokeDasharray: '3 3' },
    /** recharts measures every time-axis label for vertical lines unless told where they go: nowhere. */
    horizontalGrid: { vertical: false, verticalCoordinatesGenerator: () => [] },
    baseline: mutedText,
    valueLabel: { fill: text, fontSize },
    tooltip,
    barCursor: { fill: palette.action.hover },
    lineCursor: { stroke: mutedText, strokeDasharray: '3 3' },
  };
};

export type ChartTheme = ReturnType<typeof chartTheme>;

export const useChartTheme = (): ChartTheme => {
  const theme = useTheme();
  return useMemo(() => chartTheme(theme), [theme]);
};

export const useSeriesPalette = (): SeriesPalette => SERIES_PALETTES[useTheme().palette.mode];
