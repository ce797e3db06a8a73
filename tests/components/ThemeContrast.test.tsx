import { createRef, type ReactElement } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import type { ButtonBaseActions } from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider, type ThemeOptions } from '@mui/material/styles';
import { MemoryRouter } from 'react-router';
import {
  AdminContext,
  Button as RaButton,
  Confirm,
  CreateButton,
  Link as RaLink,
  memoryStore,
  ResourceContextProvider,
  testDataProvider,
} from 'react-admin';
import { describe, expect, it } from 'vitest';
import { PRIMARY_COLOR, SECONDARY_COLOR } from '@/config';
import { i18nProvider } from '@/i18n/i18nProvider';
import { darkText, darkTheme, lightTheme } from '@/theme';
import { contrast, opaque } from '../support/contrast';

/**
 * A computed property, with a var() resolved the way a browser would: MUI's Button paints through
 * custom properties (--variant-containedBg), which jsdom reports but does not substitute (and, for
 * `color`, reports in lower case: var(--variant-textcolor)).
 */
const computed = (element: Element, property: 'color' | 'backgroundColor') => {
  const style = getComputedStyle(element);
  const value = style[property];
  const variable = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  if (!variable) return opaque(value);
  const name = Array.from(style).find((declared) => declared.toLowerCase() === variable.toLowerCase());
  expect(name, `${property}: ${value} is declared on the element`).toBeDefined();
  return opaque(style.getPropertyValue(name!).trim());
};

const Sample = () => (
  <>
    <Button>Text primary</Button>
    <Button color="secondary">Text secondary</Button>
    <Button variant="outlined">Outlined primary</Button>
    <Button variant="outlined" color="secondary">
      Outlined secondary
    </Button>
    <Button variant="contained">Contained primary</Button>
    <Button variant="text" disabled>
      Disabled
    </Button>
    <Link href="#details">A link</Link>
    <Typography color="primary">Primary typography</Typography>
    <Chip variant="outlined" color="primary" label="Outlined chip" />
    <Chip color="primary" label="Filled chip" />
    <Tabs value={0} aria-label="tabs">
      <Tab label="Selected tab" />
      <Tab label="Other tab" />
    </Tabs>
    <TextField label="Search" />
  </>
);

const renderIn = (options: ThemeOptions) =>
  render(
    <ThemeProvider theme={createTheme(options)}>
      <Sample />
    </ThemeProvider>,
  );

const byButton = (name: string) => screen.getByRole('button', { name });

describe('in the dark theme', () => {
  const dark = createTheme(darkTheme);

  it('text and outlined buttons write in the lighter shade of their colour', () => {
    renderIn(darkTheme);
    expect(computed(byButton('Text primary'), 'color')).toBe(opaque(darkText.primary));
    expect(computed(byButton('Outlined primary'), 'color')).toBe(opaque(darkText.primary));
    expect(computed(byButton('Text secondary'), 'color')).toBe(opaque(darkText.secondary));
    expect(computed(byButton('Outlined secondary'), 'color')).toBe(opaque(darkText.secondary));
    expect(computed(byButton('Disabled'), 'color')).toBe(opaque(dark.palette.action.disabled));
  });

  it('a contained button keeps the spec colour, with white text', () => {
    renderIn(darkTheme);
    expect(computed(byButton('Contained primary'), 'backgroundColor')).toBe(opaque(PRIMARY_COLOR));
    expect(getComputedStyle(byButton('Contained primary')).getPropertyValue('--variant-containedColor')).toBe('#fff');
  });

  it('links, primary typography and outlined chips use the lighter shade; a filled chip keeps the spec colour', () => {
    renderIn(darkTheme);
    expect(computed(screen.getByText('A link'), 'color')).toBe(opaque(darkText.primary));
    expect(computed(screen.getByText('Primary typography'), 'color')).toBe(opaque(darkText.primary));
    expect(computed(screen.getByText('Outlined chip').parentElement!, 'color')).toBe(opaque(darkText.primary));
    expect(computed(screen.getByText('Filled chip').parentElement!, 'backgroundColor')).toBe(opaque(PRIMARY_COLOR));
  });

  it('the selected tab is labelled in the lighter shade, over an indicator in the spec colour', () => {
    renderIn(darkTheme);
    const selected = screen.getByRole('tab', { name: 'Selected tab' });
    expect(selected).toHaveAttribute('aria-selected', 'true');
    expect(computed(selected, 'color')).toBe(opaque(darkText.primary));
    expect(computed(screen.getByRole('tab', { name: 'Other tab' }), 'color')).toBe(opaque(dark.palette.text.secondary));
    const indicator = screen.getByRole('tablist').parentElement!.querySelector('.MuiTabs-indicator')!;
    expect(computed(indicator, 'backgroundColor')).toBe(opaque(PRIMARY_COLOR));
  });

  it("the top bar's avatar writes its initial in white on the secondary colour", () => {
    render(
      <ThemeProvider theme={createTheme(darkTheme)}>
        <Avatar sx={{ bgcolor: 'secondary.main' }}>A</Avatar>
      </ThemeProvider>,
    );
    const avatar = screen.getByText('A');
    expect(computed(avatar, 'backgroundColor')).toBe(opaque(SECONDARY_COLOR));
    expect(computed(avatar, 'color')).toBe(opaque('#fff'));
  });

  it("a focused field's label is in the lighter shade", () => {
    renderIn(darkTheme);
    fireEvent.focus(screen.getByRole('textbox', { name: 'Search' }));
    const label = screen.getByText('Search', { selector: 'label' });
    expect(label).toHaveClass('Mui-focused');
    expect(computed(label, 'color')).toBe(opaque(darkText.primary));
  });

  it("a focused field's outline and checked controls are in the lighter shade (3:1 on a dialog's paper)", () => {
    render(
      <ThemeProvider theme={createTheme(darkTheme)}>
        <TextField label="Email" />
        <Checkbox checked slotProps={{ input: { 'aria-label': 'Active' } }} />
        <Switch checked slotProps={{ input: { 'aria-label': 'Enabled' } }} />
      </ThemeProvider>,
    );
    fireEvent.focus(screen.getByRole('textbox', { name: 'Email' }));
    const outline = screen.getByRole('textbox', { name: 'Email' }).parentElement!.querySelector('fieldset')!;
    expect(getComputedStyle(outline).borderColor).toBe(opaque(darkText.primary));
    expect(computed(screen.getByRole('checkbox', { name: 'Active' }).parentElement!, 'color')).toBe(opaque(darkText.primary));
    expect(computed(screen.getByRole('switch', { name: 'Enabled' }).parentElement!, 'color')).toBe(opaque(darkText.primary));
  });
});

describe('in the light theme', () => {
  it('everything keeps the spec colours', () => {
    renderIn(lightTheme);
    expect(computed(byButton('Text primary'), 'color')).toBe(opaque(PRIMARY_COLOR));
    expect(computed(byButton('Outlined secondary'), 'color')).toBe(opaque(SECONDARY_COLOR));
    expect(computed(byButton('Contained primary'), 'backgroundColor')).toBe(opaque(PRIMARY_COLOR));
    expect(computed(screen.getByText('A link'), 'color')).toBe(opaque(PRIMARY_COLOR));
    expect(computed(screen.getByRole('tab', { name: 'Selected tab' }), 'color')).toBe(opaque(PRIMARY_COLOR));
  });
});

describe("react-admin's components in the portal's dark theme", () => {
  const renderAdmin = (ui: ReactElement) =>
    render(
      <MemoryRouter>
        <AdminContext
          dataProvider={testDataProvider()}
          i18nProvider={i18nProvider}
          store={memoryStore()}
          lightTheme={lightTheme}
          darkTheme={darkTheme}
          defaultTheme="dark"
        >
          {ui}
        </AdminContext>
      </MemoryRouter>,
    );

  it('their buttons and links write in the lighter shade', async () => {
    renderAdmin(
      <>
        <ResourceContextProvider value="users">
          <CreateButton />
        </ResourceContextProvider>
        <RaButton label="Export" />
        <RaLink to="/users">Users link</RaLink>
      </>,
    );
    expect(computed(await screen.findByRole('link', { name: 'Create' }), 'color')).toBe(opaque(darkText.primary));
    expect(computed(byButton('Export'), 'color')).toBe(opaque(darkText.primary));
    expect(computed(screen.getByRole('link', { name: 'Users link' }), 'color')).toBe(opaque(darkText.primary));
  });

  it("their confirm dialog's action (which react-admin colours itself) writes in the lighter shade", async () => {
    renderAdmin(<Confirm isOpen title="Delete?" content="Sure?" onConfirm={() => undefined} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const [, confirm] = Array.from(dialog.querySelectorAll('button'));
    expect(confirm).toHaveClass('RaConfirm-confirmPrimary');
    expect(computed(confirm, 'color')).toBe(opaque(darkText.primary));
  });
});

describe('an icon button focused by keyboard', () => {
  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ] as const)('draws a focus ring of at least 3:1 on the page and on a paper (%s)', (_name, options) => {
    const built = createTheme(options);
    const actions = createRef<ButtonBaseActions>();
    render(
      <ThemeProvider theme={built}>
        <IconButton aria-label="Refresh" action={actions}>
          R
        </IconButton>
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Refresh' });
    // jsdom knows no :focus-visible: the state a keyboard focus puts the button in, as MUI sets it
    act(() => actions.current?.focusVisible());
    expect(button).toHaveClass('Mui-focusVisible');
    const ring = getComputedStyle(button).outline;
    const color = /(#[0-9a-f]{3,8}|rgba?\([^)]*\))/i.exec(ring)?.[1];
    expect(ring, ring).toMatch(/^2px solid /);
    for (const background of [built.palette.background.default, built.palette.background.paper, '#393939']) {
      if (options === lightTheme && background === '#393939') continue;
      expect(contrast(color!, background), `${color} on ${background}`).toBeGreaterThanOrEqual(3);
    }
  });
});
