import { useMemo, type CSSProperties } from 'react';
import { getContrastRatio, getOverlayAlpha, lighten, useTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import type { Speaker } from '@/resources/sessions/sessionTypes';
import type { DetectionKind } from './timeline';

export const EMOTIONS = ['happy', 'surprised', 'neutral', 'sad', 'fearful', 'disgusted', 'angry'] as const;
export type Emotion = (typeof EMOTIONS)[number];

export interface SeriesPalette {
  emotions: Record<Emotion, string>;
  speakers: Record<Speaker, string>;
  /** The speech-rate limit line and the alerts. */
  limit: string;
  /** Detections on the timeline; their labels are written in it, so they are held to text contrast. */
  kinds: Record<DetectionKind, string>;
  /** A landmine's marker and its name on the timeline: held to text contrast too. */
  landmine: string;
}

/**
 * One hue per emotion and per speaker everywhere in the portal, in two shades: a dark one on
 * the light theme's paper and a light one on the dark theme's. Every shade keeps at least 3:1
 * against its paper (WCAG 1.4.11 non-text contrast) and the detection kinds 4.5:1, since their
 * names are written in that colour (tests/unit/chartContrast.test.ts). The hues stay apart for
 * the common colour-vision deficiencies, and the labels always say it in words too.
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
  },
};

const isEmotion = (name: string): name is Emotion => (EMOTIONS as readonly string[]).includes(name);

/** Black or white, whichever reads better on `background` (chips and avatars filled with a series colour). */
export const textOn = (background: string) =>
  getContrastRatio(background, '#fff') >= getContrastRatio(background, '#000') ? '#fff' : '#000';

/** The surface recharts' tooltip floats on: the paper, raised like MUI's menus in the dark theme. */
export const tooltipBackground = (theme: Theme) =>
  theme.palette.mode === 'dark' ? lighten(theme.palette.background.paper, getOverlayAlpha(8)) : theme.palette.background.paper;

/**
 * Everything a recharts chart draws, in the colours of the current MUI theme: recharts' own
 * defaults (grey #666 ticks, a white tooltip, legend text in the series colour) are made for a
 * white page and fade on the dark theme.
 */
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
    /** The paper a chart is drawn on (ChartFigure): slice borders are cut in it. */
    background: palette.background.paper,
    /**
     * Props of an XAxis or YAxis: line, tick marks and tick text. `interval: 0` draws every tick
     * recharts picked (about five) without first measuring each label in the DOM, a forced layout
     * per label that made opening a chart's tab a long task.
     */
    axis: { stroke: mutedText, tick: { fill: mutedText, fontSize }, interval: 0 },
    /** The `label` style of an axis title. */
    axisLabel: { fill: text, fontSize },
    grid: { stroke: palette.divider, strokeDasharray: '3 3' },
    /**
     * Spread after `grid` on a chart over the call's minutes: horizontal lines only. recharts
     * places vertical lines by measuring every label of the time axis in the DOM (a forced layout
     * each), even when it draws none, unless it is given where they go: nowhere.
     */
    horizontalGrid: { vertical: false, verticalCoordinatesGenerator: () => [] },
    /** A neutral reference line (the zero of the sentiment score). */
    baseline: mutedText,
    /** Text drawn on the plot: bar values, pie shares. */
    valueLabel: { fill: text, fontSize },
    tooltip,
    /** The hover highlight behind a bar, and the hover line of a line chart. */
    barCursor: { fill: palette.action.hover },
    lineCursor: { stroke: mutedText, strokeDasharray: '3 3' },
  };
};

export type ChartTheme = ReturnType<typeof chartTheme>;

/** The chart theme of the MUI theme in force (the top bar's light/dark switch). */
export const useChartTheme = (): ChartTheme => {
  const theme = useTheme();
  return useMemo(() => chartTheme(theme), [theme]);
};

/** The series colours of the theme in force, for what is not a chart (avatars, the talk-ratio bar, timeline kinds). */
export const useSeriesPalette = (): SeriesPalette => SERIES_PALETTES[useTheme().palette.mode];
