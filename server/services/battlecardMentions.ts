import { asc, eq } from 'drizzle-orm';
import type { NamedBattlecard } from '../../src/contract/dictionaryMatch';
import type { Database } from '../db/client';
import { battlecards } from '../db/schema';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `name` stands in `text` as whole words, any case ("Gong" in "we use gong.", not in "gongs"). */
const names = (text: string, name: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escaped(name.trim())}(?![\\p{L}\\p{N}])`, 'iu').test(text);

/** The cards `text` names, each with the name said; the live assistant and the reference client (scripts/simulateCall.ts) alike. */
export const cardsNamedIn = <Card extends { name: string; otherNames: readonly string[] }>(text: string, cards: readonly Card[]) =>
  cards.flatMap((card) => {
    // The longest name said wins: "Chorus.ai" over the "Chorus" inside it.
    const matchedName = [card.name, ...card.otherNames]
      .sort((a, b) => b.length - a.length)
      .find((candidate) => candidate.trim() !== '' && names(text, candidate));
    return matchedName ? [{ card, matchedName }] : [];
  });

/** The active battlecards a phrase names, by their name or one of their other names, by name. */
export const battlecardsNamedIn = async (db: Database, text: string): Promise<NamedBattlecard[]> => {
  const rows = await db
    .select({ id: battlecards.id, name: battlecards.name, otherNames: battlecards.otherNames })
    .from(battlecards)
    .where(eq(battlecards.isActive, true))
    .orderBy(asc(battlecards.name));
  return cardsNamedIn(text, rows).map(({ card, matchedName }) => ({ id: card.id, name: card.name, matchedName }));
};
