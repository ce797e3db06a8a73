import { alpha, createTheme, decomposeColor, getContrastRatio, getOverlayAlpha } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { PRIMARY_COLOR, SECONDARY_COLOR } from '@/config';
import { darkText, darkTheme, lightTheme, theme as signInTheme, themeOptions } from '@/theme';
import { contrast, opaque, seenOn } from '../support/contrast';

// WCAG 2.1: 1.4.3 contrast for text, 1.4.11 for non-text (icons, indicators, boxes).
const TEXT_MIN = 4.5;
const NON_TEXT_MIN = 3;

const dark = createTheme(darkTheme);
const { action } = dark.palette;

/**
 * The surfaces of the dark theme: the page, and MUI's Paper at every elevation up to a dialog's 24
 * (a white overlay on background.paper: Card 1, AppBar 4, Menu/Popover 8, Drawer 16, Dialog 24).
 */
const ELEVATIONS = Array.from({ length: 25 }, (_, elevation) => elevation);
const surfaces: [string, string][] = [
  ['background.default', dark.palette.background.default],
  ...ELEVATIONS.map((elevation): [string, string] => [
    `paper at elevation ${elevation}`,
    seenOn(alpha('#fff', getOverlayAlpha(elevation)), dark.palette.background.paper),
  ]),
];

/** What MUI lays under text written in a colour: hover, selected and activated washes of the main colour. */
const washes = (main: string): [string, number][] =>
  [
    ['none', 0],
    ['hover', action.hoverOpacity],
    ['selected', action.selectedOpacity],
    ['selected + hover', action.selectedOpacity + action.hoverOpacity],
    ['activated', action.activatedOpacity],
    ['activated + focus', action.activatedOpacity + action.focusOpacity],
  ].map(([name, opacity]) => [`${name} (${main})`, Number(opacity)]);

const backgroundsUnder = (main: string) =>
  surfaces.flatMap(([surface, color]) =>
    washes(main).map(([wash, opacity]): [string, string] => [
      `${surface}, wash ${wash}`,
      opacity ? seenOn(alpha(main, opacity), color) : color,
    ]),
  );

const worst = (color: string, backgrounds: [string, string][]) =>
  backgrounds.map(([name, background]) => ({ name, ratio: contrast(color, background) })).reduce((a, b) => (b.ratio < a.ratio ? b : a));

/** Every colour the dark theme's component overrides set, with where it is set. */
const COLOR_KEYS = new Set(['color', '--variant-textColor', '--variant-outlinedColor']);
const overrideColors = () => {
  const found: { path: string; value: string }[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node))
      node.forEach((item, index) => {
        walk(item, `${path}[${index}]`);
      });
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'props') continue;
        if (COLOR_KEYS.has(key) && typeof value === 'string') found.push({ path: `${path} ${key}`, value });
        else walk(value, `${path} > ${key}`);
      }
    }
  };
  // The avatar writes on a filled surface, not on the page: checked on its own below.
  const { MuiAvatar: _onAFill, ...components } = darkTheme.components ?? {};
  walk(components, 'components');
  return found;
};

/** The hue of an rgb colour, in degrees. */
const hue = (color: string) => {
  const [r, g, b] = decomposeColor(color)
    .values.slice(0, 3)
    .map((v) => v / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
};

describe('the dark theme keeps the spec colours', () => {
  it('as the palette main colours, with white text on them at 4.5:1 or more', () => {
    expect(dark.palette.mode).toBe('dark');
    expect(dark.palette.primary.main).toBe(PRIMARY_COLOR);
    expect(dark.palette.secondary.main).toBe(SECONDARY_COLOR);
    for (const intent of [dark.palette.primary, dark.palette.secondary]) {
      expect(intent.contrastText).toBe('#fff');
      expect(getContrastRatio(intent.contrastText, intent.main)).toBeGreaterThanOrEqual(TEXT_MIN);
    }
  });

  it(`as non-text colour (tab indicator, checkboxes, outlines) at ${NON_TEXT_MIN}:1 or more on the page`, () => {
    for (const main of [PRIMARY_COLOR, SECONDARY_COLOR]) {
      expect(contrast(main, dark.palette.background.default)).toBeGreaterThanOrEqual(NON_TEXT_MIN);
    }
  });

  it('but not as a text colour: that is why the tints exist', () => {
    expect(contrast(PRIMARY_COLOR, '#121212')).toBeLessThan(TEXT_MIN);
    expect(contrast(SECONDARY_COLOR, '#121212')).toBeLessThan(TEXT_MIN);
  });
});

describe.each([
  ['primary', darkText.primary, PRIMARY_COLOR],
  ['secondary', darkText.secondary, SECONDARY_COLOR],
] as const)('the dark theme %s text tint %s', (_name, tint, main) => {
  it(`is a lighter shade of ${main}, the same hue`, () => {
    expect(Math.abs(hue(tint) - hue(main))).toBeLessThan(2);
    expect(getContrastRatio(tint, '#000')).toBeGreaterThan(getContrastRatio(main, '#000'));
  });

  it(`stays at ${TEXT_MIN}:1 or more on every dark surface (elevation 0 to 24) and under MUI's washes of ${main}`, () => {
    const backgrounds = backgroundsUnder(main);
    expect(backgrounds.length).toBe(surfaces.length * 6);
    const least = worst(tint, backgrounds);
    expect(least.ratio, `${tint} on ${least.name}`).toBeGreaterThanOrEqual(TEXT_MIN);
  });
});

describe('the dark theme component overrides', () => {
  const colors = overrideColors();
  // A chip's delete icon is an icon, drawn in the tint at 70%: non-text. Everything else is text.
  const isIcon = (path: string) => /icon/i.test(path);
  /** The spec colour a tint (at any alpha) stands for; undefined for anything else. */
  const mainOf = (value: string) =>
    ({ [opaque(darkText.primary)]: PRIMARY_COLOR, [opaque(darkText.secondary)]: SECONDARY_COLOR })[opaque(value)];

  it('write in the tints, never in the spec colours', () => {
    expect(colors.length).toBeGreaterThan(10);
    const tints = new Set<string>([darkText.primary, darkText.secondary]);
    for (const { path, value } of colors) {
      if (isIcon(path)) expect(mainOf(value), `${path}: ${value}`).toBeDefined();
      else expect(tints.has(value), `${path}: ${value}`).toBe(true);
    }
  });

  it.each([
    'MuiButton',
    'MuiLink',
    'MuiTypography',
    'MuiTab',
    'MuiChip',
    'MuiFormLabel',
    'MuiPaginationItem',
    'MuiToggleButton',
    'RaConfirm',
  ])('cover %s', (component) => {
    expect(colors.some(({ path }) => path.startsWith(`components > ${component}`))).toBe(true);
  });

  it(`keep every text colour they set at ${TEXT_MIN}:1 or more, and icons at ${NON_TEXT_MIN}:1, on every dark surface`, () => {
    for (const { path, value } of colors) {
      const main = mainOf(value);
      expect(main, `${path}: ${value}`).toBeDefined();
      const least = worst(value, backgroundsUnder(main!));
      expect(least.ratio, `${path}: ${value} on ${least.name}`).toBeGreaterThanOrEqual(isIcon(path) ? NON_TEXT_MIN : TEXT_MIN);
    }
  });
});

describe("the dark theme's avatar (the top bar's, on bgcolor secondary.main)", () => {
  const avatarText = (darkTheme.components!.MuiAvatar!.styleOverrides!.colorDefault as { color: string }).color;

  it(`writes its initial at ${TEXT_MIN}:1 or more on the secondary colour and on MUI's dark avatar grey`, () => {
    expect(getContrastRatio(avatarText, SECONDARY_COLOR)).toBeGreaterThanOrEqual(TEXT_MIN);
    expect(getContrastRatio(avatarText, dark.palette.grey[600])).toBeGreaterThanOrEqual(TEXT_MIN);
    // what MUI writes it in otherwise
    expect(getContrastRatio(dark.palette.background.default, SECONDARY_COLOR)).toBeLessThan(TEXT_MIN);
  });
});

describe('the light theme and the sign-in theme', () => {
  it("share the palette: the spec colours; the light theme's overrides are text that must be read (react-admin's empty page, a disabled field's reason) and the icon buttons' focus ring", () => {
    expect(lightTheme.palette).toBe(themeOptions.palette);
    expect(Object.keys(lightTheme.components ?? {})).toEqual(['RaEmpty', 'MuiIconButton', 'MuiFormHelperText']);
    expect(themeOptions.components).toBeUndefined();
    expect(createTheme(lightTheme).palette.primary.main).toBe(PRIMARY_COLOR);
    expect(createTheme(lightTheme).palette.secondary.main).toBe(SECONDARY_COLOR);
    expect(signInTheme.palette.mode).toBe('light');
    expect(signInTheme.palette.primary.main).toBe(PRIMARY_COLOR);
  });
});

describe('the shades around the spec colours', () => {
  const light = createTheme(lightTheme);
  const INTENTS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

  it(`write the spec primary on the light page at ${TEXT_MIN}:1 or more (tabs, outlined buttons and links sit on it)`, () => {
    expect(contrast(PRIMARY_COLOR, light.palette.background.default)).toBeGreaterThanOrEqual(TEXT_MIN);
    expect(contrast(PRIMARY_COLOR, light.palette.background.paper)).toBeGreaterThanOrEqual(TEXT_MIN);
  });

  it.each(INTENTS)(`write on a filled %s surface (chips, contained buttons) at ${TEXT_MIN}:1 or more in both themes`, (intent) => {
    for (const palette of [light.palette, dark.palette]) {
      const { main, contrastText } = palette[intent];
      expect(contrast(contrastText, main), `${palette.mode} ${intent}: ${contrastText} on ${main}`).toBeGreaterThanOrEqual(TEXT_MIN);
    }
  });

  it.each(['error', 'warning', 'info', 'success'] as const)(
    `write %s as text (outlined chips, headings) at ${TEXT_MIN}:1 or more on the light page and on the dark page`,
    (intent) => {
      expect(contrast(light.palette[intent].main, light.palette.background.default)).toBeGreaterThanOrEqual(TEXT_MIN);
      expect(contrast(dark.palette[intent].main, dark.palette.background.default)).toBeGreaterThanOrEqual(TEXT_MIN);
    },
  );
});

describe("a disabled field's reason (the helper text under it)", () => {
  it('holds 4.5:1 on a dialog in both themes, where MUI writes it in the disabled colour', () => {
    for (const options of [lightTheme, darkTheme]) {
      const built = createTheme(options);
      const override = built.components?.MuiFormHelperText?.styleOverrides?.root as unknown as (props: {
        theme: typeof built;
      }) => Record<string, { color: string }>;
      const color = override({ theme: built })['&.Mui-disabled'].color;
      // a dialog's paper: white in light, the lightest of the dark surfaces (elevation 24) in dark
      const background = built.palette.mode === 'dark' ? (surfaces.at(-1)?.[1] ?? '') : '#fff';
      expect(contrast(color, background)).toBeGreaterThanOrEqual(TEXT_MIN);
      expect(contrast(built.palette.text.disabled, background)).toBeLessThan(TEXT_MIN);
    }
  });
});
