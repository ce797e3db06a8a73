import { appMessages } from './appMessages';
import { storedLocale, storeLocale, type Locale } from './locale';

type Options = { _?: string } & Record<string, unknown>;
type Messages = typeof appMessages;

// Another language is its own chunk, fetched on first use, so the sign-in page stays within its 200 KB budget.
const FETCHERS: Record<Locale, () => Promise<Messages>> = {
  en: async () => appMessages,
  fr: async () => (await import('./fr/appMessages')).appMessages,
};

const catalogues: Partial<Record<Locale, Messages>> = { en: appMessages };
const fetching = new Map<Locale, Promise<void>>();
const failed = new Set<Locale>();
const listeners = new Set<() => void>();

/** Never rejects: offline, the screens stay in English, and only a new choice tries again (a retry per render would loop). */
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

export const currentLocale = (): Locale => {
  const locale = storedLocale();
  return catalogues[locale] ? locale : 'en';
};

export const subscribeLocale = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const pendingMessages = (): Promise<void> | undefined => {
  const locale = storedLocale();
  return catalogues[locale] ? undefined : fetchMessages(locale);
};

/** Remembered where react-admin's store reads it, so the portal opens in the same language. */
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

/** For screens outside <Admin>: polyglot's keys and %{name} interpolation without polyglot, for the sign-in page's budget. */
export const translate = (key: string, options: Options = {}): string => {
  const found = key.startsWith('app.') ? lookup(key) : undefined;
  const text = typeof found === 'string' ? found : (options._ ?? key);
  return text.replace(/%\{(\w+)\}/g, (match, name: string) => (name in options ? String(options[name]) : match));
};
