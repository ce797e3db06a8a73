import { appMessages } from './appMessages';
import { storedLocale, storeLocale, type Locale } from './locale';

type Options = { _?: string } & Record<string, unknown>;
type Messages = typeof appMessages;

// English ships with every page; another language's messages are their own chunk, fetched on
// first use, so the sign-in page stays within its 200 KB budget.
const FETCHERS: Record<Locale, () => Promise<Messages>> = {
  en: async () => appMessages,
  fr: async () => (await import('./fr/appMessages')).appMessages,
};

const catalogues: Partial<Record<Locale, Messages>> = { en: appMessages };
const fetching = new Map<Locale, Promise<void>>();
const failed = new Set<Locale>();
const listeners = new Set<() => void>();

/**
 * Fetches `locale`'s messages once. The promise never rejects: when the chunk cannot be
 * fetched (offline) the screens stay in English rather than fail, and only a new choice of
 * language tries again (a retry on every render would loop while offline).
 */
const fetchMessages = (locale: Locale): Promise<void> => {
  let pending = fetching.get(locale);
  if (!pending) {
    pending = FETCHERS[locale]().then(
      (messages) => {
        catalogues[locale] = messages;
        listeners.forEach((listener) => {
          listener();
        });
      },
      () => {
        failed.add(locale);
      },
    );
    fetching.set(locale, pending);
  }
  return pending;
};

/** The language the screens outside <Admin> speak: the remembered one once its messages are here. */
export const currentLocale = (): Locale => {
  const locale = storedLocale();
  return catalogues[locale] ? locale : 'en';
};

/** Calls `listener` whenever currentLocale() may have changed (for useSyncExternalStore). */
export const subscribeLocale = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The fetch of the remembered language's messages while it is under way, to suspend on. */
export const pendingMessages = (): Promise<void> | undefined => {
  const locale = storedLocale();
  return catalogues[locale] ? undefined : fetchMessages(locale);
};

/**
 * Switches the screens outside <Admin> to `locale` once its messages are here, and remembers
 * it where react-admin's store reads it, so the portal opens in the same language.
 */
export const chooseLocale = async (locale: Locale) => {
  if (failed.delete(locale)) fetching.delete(locale);
  await fetchMessages(locale);
  if (!catalogues[locale]) return;
  storeLocale(locale);
  // Screen readers pronounce the page in the chosen language.
  document.documentElement.lang = locale;
  listeners.forEach((listener) => {
    listener();
  });
};

// A remembered language is fetched at once, beside the sign-in page's own chunk.
pendingMessages();

const lookup = (key: string): unknown => {
  // A language chosen in the top bar since this page loaded is fetched on first use.
  pendingMessages();
  return key
    .split('.')
    .slice(1)
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      catalogues[currentLocale()],
    );
};

/**
 * The `app.*` catalogue for screens rendered outside <Admin> (sign-in, sign-up, the error
 * fallback), in the language remembered by the portal's switcher. Same keys and %{name}
 * interpolation as polyglot, without polyglot or react-admin's catalogue: the sign-in page
 * has a 200 KB budget.
 * An unknown key returns `options._`, else the key itself, like react-admin's translate.
 */
export const translate = (key: string, options: Options = {}): string => {
  const found = key.startsWith('app.') ? lookup(key) : undefined;
  const text = typeof found === 'string' ? found : (options._ ?? key);
  return text.replace(/%\{(\w+)\}/g, (match, name: string) => (name in options ? String(options[name]) : match));
};
