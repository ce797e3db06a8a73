import { alpha, createTheme, lighten, type Components, type Theme, type ThemeOptions } from '@mui/material/styles';
import { PRIMARY_COLOR, SECONDARY_COLOR } from './config';

/**
 * MUI writes white on a filled colour (a chip, a contained button, a badge) when white holds this
 * ratio on it, dark text otherwise: WCAG AA's 4.5:1 for text, where MUI's default of 3 writes white
 * on its orange and light blue at 3.1:1 and 3.9:1. The spec's colours keep white (4.6:1 and 5.1:1).
 */
const CONTRAST_THRESHOLD = 4.5;

/**
 * spec 9: primary #1976d2, secondary #dc004e; plain MUI, so the sign-in page can use it without react-admin. Warning
 * and info, which the portal writes as text too, take darker shades of MUI's orange and light blue to hold WCAG AA's 4.5:1.
 */
export const themeOptions: ThemeOptions = {
  palette: {
    primary: { main: PRIMARY_COLOR },
    secondary: { main: SECONDARY_COLOR },
    warning: { main: '#b35c00' },
    info: { main: '#0277bd' },
    background: { default: '#fff' },
    contrastThreshold: CONTRAST_THRESHOLD,
  },
};

export const theme = createTheme(themeOptions);

/** react-admin's empty list writes in the disabled colour (2.7:1 on white): text an admin reads takes the secondary. */
const adminComponents: Components<Omit<Theme, 'components'>> = {
  RaEmpty: {
    styleOverrides: { root: ({ theme: { palette } }) => ({ '& .RaEmpty-message': { color: palette.text.secondary } }) },
  },
  // An icon button's keyboard focus is MUI's faint ripple: a ring in the primary text colour holds
  // WCAG 1.4.11's 3:1 on the page and on papers, in both themes.
  MuiIconButton: {
    styleOverrides: {
      root: ({ theme: { palette } }) => ({
        '&.Mui-focusVisible': {
          outline: `2px solid ${palette.mode === 'dark' ? darkText.primary : palette.primary.main}`,
          outlineOffset: 2,
        },
      }),
    },
  },
  // The text under a disabled field says why it is disabled: it is read, so not in MUI's disabled colour.
  MuiFormHelperText: {
    styleOverrides: { root: ({ theme: { palette } }) => ({ '&.Mui-disabled': { color: palette.text.secondary } }) },
  },
};

export const lightTheme: ThemeOptions = { ...themeOptions, components: adminComponents };

/**
 * The spec's colours fall under 4.5:1 as text on the dark theme's papers (#1976d2 on #121212 is 4.07:1, and papers
 * lighten with elevation), so where MUI or react-admin writes in primary or secondary the dark theme uses MUI's own
 * lighten() by the smallest step that holds 4.5:1 up to elevation 24 (tests/unit/themeContrast.test.ts). Filled
 * surfaces keep the spec's colours with white text on them.
 */
export const darkText = {
  primary: lighten(PRIMARY_COLOR, 0.55),
  secondary: lighten(SECONDARY_COLOR, 0.6),
} as const;

type TextColor = keyof typeof darkText;
const TEXT_COLORS = Object.keys(darkText) as TextColor[];

const perColor = <P extends object>(style: (tint: string) => object, match: P = {} as P, key: 'color' | 'textColor' = 'color') =>
  TEXT_COLORS.map((color) => ({ props: { ...match, [key]: color }, style: style(darkText[color]) }));

const darkComponents: Components<Omit<Theme, 'components'>> = {
  // MUI draws these buttons through its variables; the variants also get the colour itself. Contained ones keep the main colour.
  MuiButton: {
    variants: [
      ...perColor((tint) => ({
        '--variant-textColor': tint,
        '--variant-outlinedColor': tint,
        '--variant-outlinedBorder': alpha(tint, 0.5),
        '&:hover': { '--variant-outlinedBorder': tint },
      })),
      ...perColor((tint) => ({ color: tint }), { variant: 'text' }),
      ...perColor((tint) => ({ color: tint }), { variant: 'outlined' }),
    ],
  },
  // Typography sets the Link's colour, and its own styles come after it.
  MuiLink: {
    variants: perColor((tint) => ({ color: tint, '--Link-underlineColor': alpha(tint, 0.4) })),
  },
  MuiTypography: {
    variants: perColor((tint) => ({ color: tint })),
  },
  // The selected tab's label; the indicator (non-text, 3:1) stays in the main colour.
  MuiTab: {
    variants: perColor((tint) => ({ '&.Mui-selected': { color: tint } }), {}, 'textColor'),
  },
  MuiChip: {
    variants: perColor(
      (tint) => ({
        color: tint,
        border: `1px solid ${alpha(tint, 0.7)}`,
        '& .MuiChip-deleteIcon': { color: alpha(tint, 0.7), '&:hover, &:active': { color: tint } },
      }),
      { variant: 'outlined' },
    ),
  },
  // A focused field's label (TextField, Select, react-admin inputs); the outline stays in the main colour.
  MuiFormLabel: {
    variants: perColor((tint) => ({ '&.Mui-focused': { color: tint } })),
  },
  // WCAG 1.4.11, 3:1: in a dialog (#393939) the main colours fall to about 2.5:1, so outlines and checked controls take the tint.
  MuiOutlinedInput: {
    variants: perColor((tint) => ({ '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: tint } })),
  },
  MuiFilledInput: {
    variants: perColor((tint) => ({ '&::after': { borderBottomColor: tint } })),
  },
  MuiInput: {
    variants: perColor((tint) => ({ '&::after': { borderBottomColor: tint } })),
  },
  MuiCheckbox: {
    variants: perColor((tint) => ({ '&.Mui-checked, &.MuiCheckbox-indeterminate': { color: tint } })),
  },
  MuiRadio: {
    variants: perColor((tint) => ({ '&.Mui-checked': { color: tint } })),
  },
  MuiSwitch: {
    variants: perColor((tint) => ({
      '& .MuiSwitch-switchBase.Mui-checked': { color: tint },
      '& .MuiSwitch-switchBase.Mui-checked + .MuiSwitch-track': { backgroundColor: tint },
    })),
  },
  MuiPaginationItem: {
    variants: perColor((tint) => ({ '&.Mui-selected': { color: tint, borderColor: alpha(tint, 0.5) } }), { variant: 'outlined' }),
  },
  MuiToggleButton: {
    variants: perColor((tint) => ({ '&.Mui-selected': { color: tint } })),
  },
  MuiListSubheader: {
    variants: perColor((tint) => ({ color: tint })),
  },
  // MUI writes a default avatar in background.default: #121212 on #dc004e is 3.7:1, white 5.1:1.
  MuiAvatar: {
    styleOverrides: { colorDefault: { color: '#fff' } },
  },
  MuiBottomNavigationAction: {
    styleOverrides: { root: { '&.Mui-selected': { color: darkText.primary } } },
  },
  RaConfirm: {
    styleOverrides: { root: { '& .RaConfirm-confirmPrimary': { color: darkText.primary } } },
  },
  RaReferenceField: {
    styleOverrides: { link: { '& > *': { color: darkText.primary } } },
  },
  RaSingleFieldList: {
    styleOverrides: { root: { '& .RaSingleFieldList-link > *': { color: darkText.primary } } },
  },
  RaUpdateWithUndoButton: {
    styleOverrides: { root: { color: darkText.primary } },
  },
  RaUpdateWithConfirmButton: {
    styleOverrides: { root: { color: darkText.primary } },
  },
};

export const darkTheme: ThemeOptions = {
  palette: {
    mode: 'dark',
    primary: { main: PRIMARY_COLOR },
    secondary: { main: SECONDARY_COLOR },
    // MUI's dark error red takes dark text on it: white is 3.7:1
    contrastThreshold: CONTRAST_THRESHOLD,
  },
  components: { ...adminComponents, ...darkComponents },
};
