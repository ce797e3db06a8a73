import { appMessages } from './appMessages';
import { appMessages as appMessagesFr } from './fr/appMessages';
import { storedLocale } from './locale';

type Options = { _?: string } & Record<string, unknown>;

const lookup = (key: string): unknown =>
  key
    .split('.')
    .slice(1)
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      storedLocale() === 'fr' ? appMessagesFr : appMessages,
    );

/**
 * The `app.*` catalogue for screens rendered outside <Admin> (sign-in, sign-up, the error
 * fallback), in the language remembered by the portal's switcher. Same keys and %{name}
 * interpolation as polyglot, without polyglot or react-admin's catalogue: the sign-in page
 * has a 200 KB budget (issue 2, item 9).
 * An unknown key returns `options._`, else the key itself, like react-admin's translate.
 */
export const translate = (key: string, options: Options = {}): string => {
  const found = key.startsWith('app.') ? lookup(key) : undefined;
  const text = typeof found === 'string' ? found : (options._ ?? key);
  return text.replace(/%\{(\w+)\}/g, (match, name: string) => (name in options ? String(options[name]) : match));
};
