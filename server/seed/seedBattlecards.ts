import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { battlecards } from '../db/schema';

/** The demo's competitors (the demo calls name Gong; the last one is retired, so inactive). */
export const DEMO_BATTLECARDS = [
  {
    name: 'Gong',
    otherNames: ['Gong.io', 'Gong Engage'],
    positioning: 'Revenue intelligence that records and analyses calls after the fact.',
    strengths: 'Deep call analytics and deal boards; well known to sales leaders.',
    weaknesses: 'Coaching arrives after the call; priced per seat with a platform fee.',
    talkTrack:
      'Gong tells you what went wrong after the call. We help your reps while the customer is still on the line, with answers your team approved.',
    proofPoints: ['Live cues in under a second', 'Answers come from your own approved dictionary', 'No platform fee'],
    isActive: true,
  },
  {
    name: 'Chorus',
    otherNames: ['Chorus.ai', 'ZoomInfo Chorus'],
    positioning: 'Conversation intelligence bundled with the ZoomInfo data platform.',
    strengths: 'Comes with ZoomInfo contracts; good transcription.',
    weaknesses: 'Sold as part of a larger bundle; little help during the call.',
    talkTrack:
      'If you already pay for ZoomInfo, Chorus looks free. Ask what your reps get while they are talking: that is where deals are won.',
    proofPoints: ['Compliance landmines flagged as they are said', 'Works with Zoom, Teams and Meet'],
    isActive: true,
  },
  {
    name: 'Salesloft',
    otherNames: ['SalesLoft', 'Salesloft Conversations'],
    positioning: 'A sales engagement platform with call recording on top.',
    strengths: 'Cadences and email sequencing.',
    weaknesses: 'Call coaching is an add-on, not its focus.',
    talkTrack: 'Salesloft runs your sequences; we coach the conversations those sequences book. Many teams use both.',
    proofPoints: ['Connects to Salesforce and HubSpot', 'Rolled out in a day'],
    isActive: false,
  },
];

/** On a database without battlecards, inserts the demo's. */
export const seedBattlecards = async ({ db, log = () => {} }: { db: Database; log?: (line: string) => void }): Promise<void> => {
  const [{ total }] = await db.select({ total: count() }).from(battlecards);
  if (total > 0) return;
  await db.insert(battlecards).values(DEMO_BATTLECARDS);
  log(`Seeded ${DEMO_BATTLECARDS.length} battlecards`);
};
