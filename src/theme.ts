import { alpha, createTheme, lighten, type Components, type Theme, type ThemeOptions } from '@mui/material/styles';
import { PRIMARY_COLOR, SECONDARY_COLOR } from './config';

/**
 * MUI writes white on a filled colour (a chip, a contained button, a badge) when white holds this
 * ratio on it, dark text otherwise: WCAG AA's 4.5:1 for text, where MUI's default of 3 writes white
 * on its orange and light blue at 3.1:1 and 3.9:1. The spec's colours keep white (4.6:1 and 5.1:1).
 */
const CONTRAST_THRESHOLD = 4.5;

/**
 * spec 9: primary #1976d2, secondary #dc004e. Plain MUI, so the sign-in page can use it without react-admin.
 * The shades around them hold WCAG AA's 4.5:1 for text:
 * - the page is white: tabs, outlined and text buttons and links write in #1976d2 straight on it,
 *   4.6:1 on white and 4.2:1 on a grey such as #f5f5f5;
 * - warning and info, which the portal writes as text too (an outlined Pending chip, a Low priority
 *   chip), take darker shades of MUI's orange and light blue: 4.7:1 and 4.8:1 on white, with white on them.
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

/**
 * react-admin's page for a list with nothing in it yet writes its message in the disabled text
 * colour (2.7:1 on white, under the 3:1 of large text): it is text an admin reads, so it takes
 * the secondary text colour of either theme.
 */
const adminComponents: Components<Omit<Theme, 'components'>> = {
  RaEmpty: {
    styleOverrides: { root: ({ theme: { palette } }) => ({ '& .RaEmpty-message': { color: palette.text.secondary } }) },
  },
  // The text under a disabled field says why it is disabled (e.g. one's own role): it is read,
  // so it keeps the secondary text colour instead of MUI's disabled one (2.7:1 on white).
  MuiFormHelperText: {
    styleOverrides: { root: ({ theme: { palette } }) => ({ '&.Mui-disabled': { color: palette.text.secondary } }) },
  },
};

/** The portal's light theme (top bar switch, remembered by react-admin's store): the spec's colours as they are. */
export const lightTheme: ThemeOptions = { ...themeOptions, components: adminComponents };

/**
 * Text in the spec's colours on the dark theme's surfaces. #1976d2 on #121212 is 4.07:1 and #dc004e
 * 3.71:1, under WCAG AA's 4.5:1 for text, and MUI's dark papers get lighter with elevation (a white
 * overlay, up to #393939 for a dialog). So wherever MUI or react-admin WRITES in primary or secondary
 * (text and outlined buttons, links, Typography color="primary", the selected tab, outlined chips,
 * a focused field's label...), the dark theme uses a tint of the same hue instead: MUI's own
 * lighten(), by the smallest 0.05 step that keeps 4.5:1 on every paper from elevation 0 to 24,
 * with MUI's hover, selected and activated washes of the main colour under it
 * (tests/unit/themeContrast.test.ts checks this).
 *
 * The palette keeps the spec's colours as `main`: filled surfaces (contained buttons, filled chips,
 * the tab indicator) stay #1976d2 / #dc004e, with white text on them (4.6:1 and 5.1:1); the marks
 * of focus and of checked controls take the tint, as they must hold 3:1 on a dialog's paper. (MUI paints the app bar as dark paper in dark mode, not in the primary colour.)
 */
export const darkText = {
  primary: lighten(PRIMARY_COLOR, 0.55),
  secondary: lighten(SECONDARY_COLOR, 0.6),
} as const;

type TextColor = keyof typeof darkText;
const TEXT_COLORS = Object.keys(darkText) as TextColor[];

/** MUI theme variants, one per colour: `style(tint)` applies where the component's `match` props and `color` (or `textColor`) match. */
const perColor = <P extends object>(style: (tint: string) => object, match: P = {} as P, key: 'color' | 'textColor' = 'color') =>
  TEXT_COLORS.map((color) => ({ props: { ...match, [key]: color }, style: style(darkText[color]) }));

const darkComponents: Components<Omit<Theme, 'components'>> = {
  // Text and outlined buttons (ours, react-admin's Create/Export/Save..., dialog actions). MUI draws
  // them through these variables; the text and outlined variants also get the colour itself, so it
  // holds whatever reads the variables. Contained buttons keep --variant-containedBg, the main colour.
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
  // MUI Link and react-admin's Link (a MUI Link): Typography sets its colour, the Link's own styles come after it.
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
  // Non-text marks that show state (WCAG 1.4.11, 3:1): in a dialog (elevation 24, #393939) the main
  // colours fall to about 2.5:1, so a focused field's outline and checked controls take the tint too.
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
  // The top bar's avatar (the user's initial on bgcolor secondary.main): MUI writes a default-coloured
  // avatar in background.default, #121212 on #dc004e is 3.7:1; white is 5.1:1 (4.6:1 on MUI's grey).
  MuiAvatar: {
    styleOverrides: { colorDefault: { color: '#fff' } },
  },
  MuiBottomNavigationAction: {
    styleOverrides: { root: { '&.Mui-selected': { color: darkText.primary } } },
  },
  // react-admin components that write in palette.primary.main themselves, over the MUI styles above.
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

/** The portal's dark theme: the spec's colours as the palette's main colours, lighter tints of them for text (see darkText). */
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
