import { eq, or } from 'drizzle-orm';
import type { InquiryAddedAs } from '../../../src/contract/insights';
import type { Database } from '../../db/client';
import { insightInquiryAdded, insightInquiryPhrases } from '../../db/schema';
import { notFoundError } from '../../errors';
import { normalizeText } from './call';

export const INQUIRY_ADDED_MESSAGES = { notFound: 'No new inquiry has this key.' };

/**
 * docs/insights.md "Added to the dictionary": the dictionary's own save has added the FAQ or variation (and audited it);
 * this marks the group, named by its key as the Insights page lists it. Marking again replaces what it was added as,
 * not since when.
 */
export const markInquiryAdded = async (db: Database, key: string, added: InquiryAddedAs) => {
  const [known] = await db
    .select({ id: insightInquiryPhrases.id })
    .from(insightInquiryPhrases)
    .where(or(eq(insightInquiryPhrases.id, key), eq(insightInquiryPhrases.groupId, key)))
    .limit(1);
  if (!known) throw notFoundError(INQUIRY_ADDED_MESSAGES.notFound);
  return mark(db, key, added);
};

/** From a call's timeline, which knows the phrasing, not its group: the group it is in now (itself while pending). */
export const markInquiryAddedByText = async (db: Database, text: string, added: InquiryAddedAs) => {
  const [phrase] = await db
    .select({ id: insightInquiryPhrases.id, groupId: insightInquiryPhrases.groupId })
    .from(insightInquiryPhrases)
    .where(eq(insightInquiryPhrases.normalized, normalizeText(text)))
    .limit(1);
  if (!phrase) throw notFoundError(INQUIRY_ADDED_MESSAGES.notFound);
  return mark(db, phrase.groupId ?? phrase.id, added);
};

const mark = async (db: Database, key: string, added: InquiryAddedAs) => {
  const values = { addedAs: added.as, itemType: added.as === 'faq' ? 'faq' : added.type, question: added.question } as const;
  await db
    .insert(insightInquiryAdded)
    .values({ groupId: key, ...values })
    .onConflictDoUpdate({ target: insightInquiryAdded.groupId, set: values });
  return { key, added };
};
