import { describe, expect, it } from 'vitest';
import { en } from '@/i18n/en';
import { fr } from '@/i18n/fr';
import { PATHS } from '@/shared/paths';
import { objectionDetectionCategory } from '../../server/seed/sessions/dictionary';
import { loadDictionaryData } from '../../server/seed/seedDictionary';
import { API_KEY_MESSAGES } from '@/contract/apiKeys';

type Node = string | { [key: string]: Node };

/** Every leaf of a catalogue as [dotted path, text]. */
const leaves = (node: Node, path = ''): [string, string][] =>
  typeof node === 'string' ? [[path, node]] : Object.entries(node).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));

const english = new Map(leaves(en as Node));
const french = new Map(leaves(fr as Node));

// ra-language-french leaves the resource name out of these sentences on purpose: French would
// need its grammatical gender, and our resources have no French names to give it.
const UPSTREAM_WITHOUT_NAME = new Set([
  'ra.message.bulk_delete_content: %{name}',
  'ra.message.bulk_update_content: %{name}',
  'ra.message.bulk_update_content: %{recordRepresentation}',
  'ra.message.delete_content: %{name}',
  'ra.navigation.no_filtered_results: %{name}',
  'ra.navigation.no_results: %{name}',
]);

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();
const pluralForms = (text: string) => text.split('||||').length;

describe('the French catalogue', () => {
  it('has every English key', () => {
    expect([...english.keys()].filter((key) => !french.has(key))).toEqual([]);
  });

  it('has no key English lacks', () => {
    expect([...french.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('keeps every placeholder of the English text', () => {
    const missing = [...english].flatMap(([key, text]) => {
      const frenchText = french.get(key) ?? '';
      return placeholders(text)
        .filter((name) => !frenchText.includes(`%{${name}}`))
        .map((name) => `${key}: %{${name}}`)
        .filter((entry) => !UPSTREAM_WITHOUT_NAME.has(entry));
    });
    expect(missing).toEqual([]);
  });

  it('keeps the smart_count plural forms of our own strings', () => {
    const differing = [...english]
      .filter(([key, text]) => key.startsWith('app.') && pluralForms(text) !== pluralForms(french.get(key) ?? ''))
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('is French, not a copy of the English', () => {
    expect(fr.app.layout.menu.users).toBe('Utilisateurs');
    expect(fr.ra.action.save).toBe('Enregistrer');
  });
});

describe('one name per concept, in both languages', () => {
  it('calls the assistant API keys service keys on the menu, the page and every message, at /service-keys', () => {
    for (const catalogue of [en, fr]) {
      const { menu, titles } = catalogue.app.layout;
      expect(menu.apiKeys).toBe(catalogue.app.apiKeys.title);
      expect(titles.apiKeys).toBe(catalogue.app.apiKeys.title);
    }
    expect(en.app.apiKeys.title).toBe('Service Keys');
    expect(fr.app.apiKeys.title).toBe('Clés de service');
    expect(PATHS.apiKeys).toBe('/service-keys');
    expect([...english].filter(([, text]) => /\bapi keys?\b/i.test(text))).toEqual([]);
    expect([...french].filter(([, text]) => /clés? d['’]api\b/i.test(text))).toEqual([]);
    expect(API_KEY_MESSAGES.notFound).toBe('Service key not found');
  });
});

describe('an objection category', () => {
  it('reads with the dictionary category it came from, on every screen that words it', () => {
    const categories = [...new Set(loadDictionaryData().objections.map((item) => item.category))];
    const worded = en.app.sessions.categories as Record<string, string>;
    expect(categories.map((category) => [category, worded[objectionDetectionCategory(category)]])).toEqual(
      categories.map((category) => [category, `${category} objection`]),
    );
  });
});
