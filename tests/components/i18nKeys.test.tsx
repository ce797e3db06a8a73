import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '@/i18n/en';
import { NAV_ITEMS } from '@/layout/navItems';

const SRC = join(__dirname, '../../src');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });

const lookup = (key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), en);

/** Every quoted literal inside translate(...) calls, and every 'app.*' or "app.*" literal anywhere (keys passed around, JSX props too). */
const usedKeys = () => {
  const keys = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/translate\(([^)]*)\)/g)) {
      for (const literal of call[1].matchAll(/'((?:app|ra)\.[\w.]+)'/g)) keys.add(literal[1]);
    }
    for (const literal of text.matchAll(/(['"])(app\.[\w.]+)\1/g)) keys.add(literal[2]);
  }
  return [...keys];
};

describe('the English catalogue', () => {
  it('finds the keys used in src/', () => {
    expect(usedKeys().length).toBeGreaterThan(40);
  });

  it.each(usedKeys())('has %s', (key) => {
    const found = lookup(key);
    // A group passed whole (PageWindow's `messages`) holds the messages its component reads.
    if (found && typeof found === 'object') {
      expect(Object.keys(found).length).toBeGreaterThan(0);
      for (const message of Object.values(found)) expect(typeof message).toBe('string');
    } else expect(typeof found).toBe('string');
  });

  it('labels every navigation item', () => {
    for (const { key } of NAV_ITEMS) expect(typeof lookup(`app.layout.menu.${key}`)).toBe('string');
  });

  it('holds the spec messages verbatim', () => {
    expect(en.app.signup.passwordTooShort).toBe('Password must be at least 6 characters long');
    expect(en.app.signup.passwordsMismatch).toBe('Passwords do not match');
    expect(en.app.auth.reset.sent).toBe('Password reset email sent! Check your inbox.');
    expect(en.app.settings.speechRate.saved).toBe('Speech rate settings updated successfully');
    expect(en.app.error.message).toBe('An unexpected error occurred. Please try refreshing the page.');
  });
});
