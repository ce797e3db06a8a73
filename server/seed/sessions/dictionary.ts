import { DETECTION_CATEGORIES } from '../../../src/contract/sessions';
import { loadDictionaryData } from '../seedDictionary';
import { bulletAnswer } from './text';

export interface DictionaryEntry {
  question: string;
  phrasings: string[];
  answer: string;
  bulleted: string;
  category: string;
}

const OBJECTION_CATEGORY: Record<string, string> = {
  Pricing: 'PRICE_OBJECTION',
  Timing: 'TIMING_OBJECTION',
  Competitor: 'COMPETITOR_OBJECTION',
  Authority: 'AUTHORITY_OBJECTION',
  Need: 'NEED_OBJECTION',
  Trust: 'TRUST_OBJECTION',
  Integration: 'INTEGRATION_OBJECTION',
  Security: 'SECURITY_OBJECTION',
  Adoption: 'ADOPTION_OBJECTION',
  Value: 'VALUE_OBJECTION',
};

/** 'Pricing' -> 'PRICE_OBJECTION' */
export const objectionDetectionCategory = (category: string): string =>
  OBJECTION_CATEGORY[category] ?? `${category.toUpperCase().replace(/\W+/g, '_')}_OBJECTION`;

let dictionaryCache: { objections: DictionaryEntry[]; faqs: DictionaryEntry[]; landmineTriggers: string[] } | null = null;
export const dictionary = () => {
  if (!dictionaryCache) {
    const data = loadDictionaryData();
    const toEntry = (
      item: { question: string; answer: string; category: string; variations: string[] },
      kind: 'objection' | 'faq',
    ): DictionaryEntry => ({
      question: item.question,
      phrasings: [item.question, ...item.variations],
      answer: item.answer,
      bulleted: bulletAnswer(item.answer),
      category: kind === 'faq' ? DETECTION_CATEGORIES.faq : objectionDetectionCategory(item.category),
    });
    dictionaryCache = {
      objections: data.objections.map((item) => toEntry(item, 'objection')),
      faqs: data.faqs.map((item) => toEntry(item, 'faq')),
      landmineTriggers: data.landmines.map((landmine) => landmine.trigger),
    };
  }
  return dictionaryCache;
};
