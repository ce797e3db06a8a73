/**
 * New inquiries as customers ask them on calls, written by hand for the grouping job
 * (docs/insights-grouping.md), apart from the dictionary's texts and the demo's inquiries:
 * each question in several wordings that must share a group, and questions that must stay
 * apart from every group and from each other, several of them sharing words with a group
 * ("transcribe", "resell", "host", "managers", "discount") without asking the same thing.
 */
export const SAME_QUESTION: Readonly<Record<string, readonly string[]>> = {
  portuguese: [
    'Can it transcribe calls in Portuguese?',
    'Do you support Portuguese transcription?',
    'Will it work for calls in Japanese or Portuguese?',
    'Half our customers are in Brazil, would it understand calls in Portuguese?',
  ],
  reseller: [
    'Do you have a reseller program?',
    'Can we become a partner and resell this?',
    'Is there a partner program for agencies that want to resell your product?',
    "We'd like to resell this to our own clients, is that possible?",
  ],
  onPremise: [
    'Can we host it on our own servers?',
    'Is there an on-premise version?',
    'Could we run the whole thing inside our own data center?',
  ],
  listenIn: [
    'Can a manager listen in on a live call?',
    'Is there a way for supervisors to join a call and coach the rep in real time?',
    'Can my sales manager whisper to the rep while the call is happening?',
  ],
  inPerson: [
    'Does it work for face-to-face meetings?',
    'Can reps use it during in-person meetings, not just phone calls?',
    'What about meetings where we sit across the table from the customer?',
  ],
  methodology: [
    'Can it score calls against MEDDIC?',
    'Could we grade calls using our own sales methodology?',
    'Does it check whether reps follow our qualification framework?',
  ],
  regions: [
    'Can each region have its own set of answers?',
    'Can we set up different dictionaries for our EMEA and US teams?',
    'Is it possible to give each country team its own objection list?',
  ],
  nonprofit: [
    'Do you offer discounts for nonprofits?',
    'Is there special pricing for charities?',
    "We're a registered nonprofit, do you have a reduced rate?",
  ],
};

/** Each its own question: none may join a group above, nor another of these. */
export const STANDS_ALONE: readonly string[] = [
  'What is your refund policy for annual plans?',
  'Can we pay with a purchase order instead of a credit card?',
  'Who founded the company?',
  'Does it record video as well as audio?',
  'Can it transcribe voicemails too?',
  'Do you pay a referral bonus when a customer recommends you?',
  'Can we keep the call recordings in our own S3 bucket?',
  'Can managers see a leaderboard of their reps?',
  'Do you have an office in Brazil?',
  'Is there a discount if we pay three years upfront?',
  'How many people work at your company?',
  'Can a rep mute the suggestions during a call?',
  'Is there a limit on how long a call can be?',
  "Does it notice when the customer mentions a competitor's name?",
];

/** A second set written before the grouping threshold was measured on the first, to check it holds on phrases it was not chosen on. */
export const SAME_QUESTION_HELD_OUT: Readonly<Record<string, readonly string[]>> = {
  whiteLabel: [
    'Can we white-label it with our own logo?',
    'Could we put our brand on it instead of yours?',
    'Is it possible to rebrand the app for our customers?',
  ],
  offline: [
    'Does it work if the internet connection drops during a call?',
    'What happens when a rep loses wifi in the middle of a call?',
    'Can it keep running offline on a laptop?',
  ],
  followUpEmail: [
    'Can it write the follow-up email after the call?',
    'Does it draft a recap email for the customer?',
    'Could it send the customer a summary of what we agreed?',
  ],
  slack: [
    'Can it post call summaries to Slack?',
    'Could the summaries go to a Slack channel after each call?',
    'We live in Slack, can the call notes show up there?',
  ],
  hipaa: [
    'Is it HIPAA compliant?',
    'We handle patient information, can we use it under HIPAA?',
    'Will you sign a BAA for healthcare customers?',
  ],
  accents: [
    'How well does it handle strong accents?',
    'Our reps have thick Scottish accents, will it understand them?',
    'Does the transcription struggle with non-native speakers?',
  ],
  canada: ['Can our data stay in Canada?', 'Do you have servers in Canada for data residency?', 'Is there a Canadian hosting option?'],
};

export const STANDS_ALONE_HELD_OUT: readonly string[] = [
  'Does the assistant speak out loud to the customer?',
  'Do you integrate with Gong?',
  'Can it tell when the customer is about to hang up?',
  'How does it handle two reps on the same call?',
  'Can it show which rep closes the most deals?',
  'Can we use it for recruiting calls, not sales?',
  'What happens to our data if we cancel?',
  "Can it read the customer's emails before the call?",
  'Can it post to Microsoft Teams chat?',
  'Is it ISO 27001 certified?',
  'Do you have an office in Canada?',
  'Can it count how many times a rep says um?',
  'Is there a dark mode?',
];

/**
 * A third set, written after the grouping rule and its parameters were chosen on the first set
 * and before anything was measured on it: figures on it are what the rule does on phrasings it
 * has never seen.
 */
export const SAME_QUESTION_FRESH: Readonly<Record<string, readonly string[]>> = {
  crm: [
    'Does it sync with Salesforce?',
    'Can the call outcomes be pushed into our CRM automatically?',
    'Will it log the notes against the opportunity in Salesforce?',
  ],
  seatPrice: [
    'How much does it cost per user?',
    'What would we pay for a team of twenty reps?',
    'Is it billed per seat or is it a flat fee?',
  ],
  trial: ['Is there a free trial?', 'Can we test it for a couple of weeks before we buy?', 'Could we run a pilot with a few reps first?'],
  mobile: ['Is there a mobile app?', 'Can reps use it from their phones?', 'Does it run on iPhone and Android?'],
  sso: ['Do you support single sign-on?', 'Can our people log in with Okta?', 'Does it work with our SSO provider?'],
  retention: [
    'How long do you keep the recordings?',
    'Can we have transcripts deleted after thirty days?',
    'What is your data retention policy?',
  ],
};

export const STANDS_ALONE_FRESH: readonly string[] = [
  'Does it sync with our Outlook calendar?',
  'How much does the premium support plan cost?',
  'Is the free plan limited to one user?',
  'Can reps record a voice memo on their phones after a meeting?',
  'Do you support two-factor authentication?',
  'Can we export the transcripts to a spreadsheet?',
  'Does it warn the manager when a deal is at risk?',
  'Can it suggest the next question to ask?',
  'Who owns the recordings, us or you?',
  'Can it tell us which reps need more coaching?',
];

/**
 * A tuning set for grouping by meaning, written before any rule was tried on it: paraphrases that change the words
 * rather than swap one, and questions asked once that share everyday words ("call", "record", "team", "rep",
 * "manager") with a group or each other without asking the same thing.
 */
export const SAME_QUESTION_TUNING: Readonly<Record<string, readonly string[]>> = {
  bookMeeting: [
    'Can it book the next meeting for us at the end of the call?',
    'When the prospect agrees to a follow-up, does it put it in the calendar by itself?',
    'Could it schedule the second demo straight from the conversation?',
    "So if they say let's talk again Tuesday, will it send the invite?",
  ],
  screenShare: [
    "Does it see what I'm showing on my screen during a demo?",
    'Can it read the slides we present while we walk them through the deck?',
    'If I share my screen, does the assistant pick up what is on it?',
  ],
  dialer: [
    'Does it work with a power dialer for cold calling?',
    'We make hundreds of outbound dials a day through an auto-dialer, will it plug into that?',
    'Can it sit on top of our predictive dialing software?',
  ],
  speakers: [
    "Can it tell apart three people on the customer's side?",
    'When the buyer brings their CFO and their IT lead, does it know who said what?',
    'Does it identify each speaker when several people join from the client?',
  ],
  latency: [
    'How fast does a suggestion show up after the customer says something?',
    'Is there a lag between the question and the card popping up?',
    "Will the prompt come in time, or a few seconds after I've already answered?",
  ],
  headset: [
    'Do reps need a special headset for this?',
    "Will it work with the laptop's built-in microphone?",
    'Um, what kind of mic do we need for it to hear properly?',
  ],
  rolePlay: [
    'Can new hires practise against it before they go on real calls?',
    'Is there a role-play mode for training reps?',
    'Could our juniors rehearse a pitch with it acting as a mock customer?',
  ],
  talkRatio: [
    "Does it tell the rep when they're talking too much?",
    'Can it show how much of the call was me versus the customer?',
    "Will it nudge me if I've been monologuing for five minutes?",
    'Does it measure the talk-to-listen ratio?',
  ],
  interruptions: [
    'Does it flag when a rep cuts the customer off?',
    'Can it catch reps talking over the prospect?',
    'Will it notice if I keep interrupting the buyer mid-sentence?',
  ],
  accessibility: [
    'Can the cards be read out by a screen reader for our blind colleague?',
    'Is it usable for someone who is visually impaired?',
    'Does it work with JAWS or VoiceOver?',
  ],
  currency: [
    'Can you invoice us in euros?',
    'Do you bill in pounds sterling or only in dollars?',
    'Our finance people need the invoices in Australian dollars, is that doable?',
  ],
  botVisible: [
    'Will the customer see a bot join the meeting?',
    'Does it show up as an extra participant on the Zoom?',
    'Is it invisible to the person on the other end?',
  ],
  actionItems: [
    'Does it create tasks for the action items we agreed on?',
    'Can the to-dos from the conversation end up in Asana?',
    'I mean, will it turn the next steps into a checklist for the rep?',
  ],
  highlightClips: [
    'Can managers cut a clip of a great moment to share with the team?',
    'Is there a way to save a highlight from a recording and send it to the other reps?',
    'Could I bookmark the bit where the customer pushed back and share just that part?',
  ],
  privateNotes: [
    "Are a rep's own notes private, or can the manager read them?",
    'If I jot something down during the call, does my boss see it?',
    'Can reps keep notes that only they can see?',
  ],
  lostDeals: [
    'Can it tell us why we lose deals?',
    'Does it pull out the reasons prospects give for going with someone else?',
    "Could it spot patterns in the opportunities we didn't close?",
  ],
};

export const STANDS_ALONE_TUNING: readonly string[] = [
  "Can it record calls made from a rep's personal mobile number?",
  'Can a manager take over the call if things go badly?',
  'Does it keep working when the call is put on hold?',
  'Is there a limit on how many teams we can create?',
  'Can we record a greeting for the assistant in our own voice?',
  'Does the team dashboard update in real time?',
  'Can it join calls on our own phone system, like a Cisco PBX?',
  'How many calls can run at the same time on one account?',
  'Can the customer ask for a copy of the call?',
  'Can managers set targets for each team member?',
  'Is there a keyboard shortcut to dismiss a card?',
  "Can it show the prospect's LinkedIn profile during the call?",
  'Does it work for calls in a noisy open-plan office?',
  'Can we switch the assistant off for a single team?',
  'Does it work on conference calls with more than ten people?',
  'How many reps does your biggest customer have on it?',
];

/** A set of phrasings, each with the question it asks (a single question is its own). */
export interface PhrasingSet {
  name: string;
  phrasings: { text: string; question: string }[];
}

const toSet = (name: string, same: Readonly<Record<string, readonly string[]>>, alone: readonly string[]): PhrasingSet => ({
  name,
  phrasings: [
    ...Object.entries(same).flatMap(([question, wordings]) => wordings.map((text) => ({ text, question }))),
    ...alone.map((text) => ({ text, question: text })),
  ],
});

export const PHRASING_SETS = {
  first: toSet('first set', SAME_QUESTION, STANDS_ALONE),
  heldOut: toSet('held-out set', SAME_QUESTION_HELD_OUT, STANDS_ALONE_HELD_OUT),
  fresh: toSet('fresh set', SAME_QUESTION_FRESH, STANDS_ALONE_FRESH),
  tuning: toSet('tuning set (grouping by meaning)', SAME_QUESTION_TUNING, STANDS_ALONE_TUNING),
} as const;

/** How well one grouping of a set matches its questions, counted over pairs of phrasings and over phrasings. */
export interface GroupingFigures {
  /** Pairs of paraphrases (same question), and how many of them share a group. */
  samePairs: number;
  samePairsGrouped: number;
  /** Pairs of different questions that share a group. */
  otherPairsGrouped: number;
  /** Phrasings of a question asked more than once, and how many share a group with one of their paraphrases. */
  paraphrases: number;
  paraphrasesWithTheirs: number;
  /** Phrasings in a group with a phrasing of another question. */
  withAnother: number;
  phrasings: number;
}

export const groupingFigures = (set: PhrasingSet, groupOf: (text: string) => string): GroupingFigures => {
  const { phrasings } = set;
  const figures: GroupingFigures = {
    samePairs: 0,
    samePairsGrouped: 0,
    otherPairsGrouped: 0,
    paraphrases: 0,
    paraphrasesWithTheirs: 0,
    withAnother: 0,
    phrasings: phrasings.length,
  };
  for (const [at, a] of phrasings.entries()) {
    const others = phrasings.filter((_, other) => other !== at);
    const mine = others.filter((b) => b.question === a.question);
    if (mine.length > 0) figures.paraphrases += 1;
    if (mine.some((b) => groupOf(b.text) === groupOf(a.text))) figures.paraphrasesWithTheirs += 1;
    if (others.some((b) => b.question !== a.question && groupOf(b.text) === groupOf(a.text))) figures.withAnother += 1;
    for (const b of phrasings.slice(at + 1)) {
      const together = groupOf(a.text) === groupOf(b.text);
      if (a.question === b.question) {
        figures.samePairs += 1;
        if (together) figures.samePairsGrouped += 1;
      } else if (together) figures.otherPairsGrouped += 1;
    }
  }
  return figures;
};

/** Share of grouped pairs that are paraphrases, share of paraphrase pairs grouped, and their harmonic mean. */
export const pairScores = (figures: Pick<GroupingFigures, 'samePairs' | 'samePairsGrouped' | 'otherPairsGrouped'>) => {
  const grouped = figures.samePairsGrouped + figures.otherPairsGrouped;
  const precision = grouped === 0 ? 1 : figures.samePairsGrouped / grouped;
  const recall = figures.samePairs === 0 ? 0 : figures.samePairsGrouped / figures.samePairs;
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
};

/** Orders of arrival for a set of `count` phrasings: as given, then shuffles from a fixed seed (the same on every run). */
export const arrivalOrders = (count: number, shuffles: number): number[][] => {
  let seed = 42;
  const random = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const orders = [[...Array(count).keys()]];
  for (let round = 0; round < shuffles; round += 1) {
    const order = [...Array(count).keys()];
    for (let i = count - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    orders.push(order);
  }
  return orders;
};

/**
 * B-cubed precision and recall: for each phrasing, the share of its group that asks its question and the share of its
 * question's phrasings in its group, averaged over phrasings (a question asked once counts, unlike in pairs).
 */
export const bCubed = (set: PhrasingSet, groupOf: (text: string) => string) => {
  let precision = 0;
  let recall = 0;
  for (const a of set.phrasings) {
    const group = set.phrasings.filter((b) => groupOf(b.text) === groupOf(a.text));
    const right = group.filter((b) => b.question === a.question).length;
    precision += right / group.length;
    recall += right / set.phrasings.filter((b) => b.question === a.question).length;
  }
  const n = set.phrasings.length;
  return { precision: precision / n, recall: recall / n };
};
