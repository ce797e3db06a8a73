import { render, screen } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChosenTheme } from '@/shared/ChosenTheme';

const Mode = () => {
  const { palette } = useTheme();
  return <p>{`${palette.mode} on ${palette.background.default}`}</p>;
};

const systemPrefersDark = (dark: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: dark && query === '(prefers-color-scheme: dark)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        onchange: null,
        dispatchEvent: () => false,
      }) satisfies MediaQueryList,
  );

/** The pages outside the admin shell (sign-in, sign-up) take the theme the admin chose inside it. */
describe('ChosenTheme', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('is dark when dark was chosen in the top bar, even on a light system', () => {
    systemPrefersDark(false);
    localStorage.setItem('RaStore.theme', JSON.stringify('dark'));
    render(
      <ChosenTheme>
        <Mode />
      </ChosenTheme>,
    );
    expect(screen.getByText('dark on #121212')).toBeInTheDocument();
  });

  it('is light when light was chosen, even on a dark system', () => {
    systemPrefersDark(true);
    localStorage.setItem('RaStore.theme', JSON.stringify('light'));
    render(
      <ChosenTheme>
        <Mode />
      </ChosenTheme>,
    );
    expect(screen.getByText('light on #fff')).toBeInTheDocument();
  });

  it("follows the system's preference when nothing was chosen, or what is stored is not a theme", () => {
    systemPrefersDark(true);
    const { unmount } = render(
      <ChosenTheme>
        <Mode />
      </ChosenTheme>,
    );
    expect(screen.getByText('dark on #121212')).toBeInTheDocument();
    unmount();
    systemPrefersDark(false);
    localStorage.setItem('RaStore.theme', '{not json');
    render(
      <ChosenTheme>
        <Mode />
      </ChosenTheme>,
    );
    expect(screen.getByText('light on #fff')).toBeInTheDocument();
  });
});
