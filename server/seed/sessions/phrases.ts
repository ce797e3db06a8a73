import { DEMO_REPS } from '../demoAccounts';
/**
 * Phrase pools of the demo call generator: a B2B software sales call between a salesperson
 * and a customer. `{company}`, `{product}`, `{tool}`, `{n}`, `{team}`, `{month}` are filled in.
 */

export const COMPANIES = [
  'Northwind Traders',
  'Acme Logistics',
  'Blue Harbor Health',
  'Globex Manufacturing',
  'Initech Software',
  'Umbrella Retail',
  'Stark Components',
  'Wayne Fintech',
  'Cyberdyne Analytics',
  'Hooli Cloud',
  'Soylent Foods',
  'Vandelay Imports',
  'Pied Piper Media',
  'Wonka Confections',
  'Tyrell Biotech',
  'Oceanic Airlines',
  'Gringotts Capital',
  'Aperture Labs',
  'Massive Dynamic',
  'Nakatomi Trading',
  'Dunder Paper Co.',
  'Prestige Worldwide',
  'Bluth Properties',
  'Sterling Cooper Agency',
  'Monarch Insurance',
  'Cobalt Energy',
  'Evergreen Schools',
  'Lakeside Clinics',
  'Summit Outdoor',
  'Quantum Freight',
];

export const CALL_TYPES = [
  'Discovery call',
  'Product demo',
  'Pricing discussion',
  'Technical deep dive',
  'Renewal review',
  'Pilot kickoff',
  'Executive briefing',
  'Follow-up call',
  'Contract negotiation',
  'Onboarding planning',
];

export const ROOMS = [
  'Zoom - Sales Room 1',
  'Zoom - Sales Room 2',
  'Google Meet - Pipeline Review',
  'Teams - Enterprise Deals',
  'Conference Room A',
  'Demo Studio',
  'Phone Bridge 3',
];

/** Sales reps besides the demo accounts (server/seed/demoAccounts.ts). */
export const EXTRA_REP_EMAILS = DEMO_REPS.map((rep) => rep.email);

export const TOOLS = ['Salesforce', 'HubSpot', 'spreadsheets', 'Pipedrive', 'a homegrown CRM', 'Zendesk', 'Dynamics 365'];
export const TEAMS = ['sales team', 'customer success team', 'inside sales group', 'account managers', 'SDR team'];
export const MONTHS = ['January', 'March', 'April', 'June', 'September', 'October'];

export const SALES_OPENING = [
  'Hi, thanks for making the time today. How is everything going at {company}?',
  'Good morning! I appreciate you joining. Before we start, is the full half hour still good for you?',
  'Thanks for hopping on. I put together a short agenda: a few questions about your {team}, a quick look at the product, then next steps. Does that work?',
  'Great to meet you. I saw {company} has been growing quickly this year, congratulations on that.',
];

export const CUSTOMER_OPENING = [
  'Hi, doing well, thanks. Busy quarter, but good.',
  'Yes, that works for me. We have about thirty minutes.',
  'Sounds good. I have a couple of colleagues who might join later.',
  'Thanks. Things are hectic, we just closed our quarter.',
];

export const SALES_DISCOVERY = [
  'How does your {team} handle call coaching today?',
  'What tools are you using right now to track your deals?',
  'Roughly how many reps are on the {team}, and how many calls do they make in a week?',
  'What would you say is the biggest thing slowing your reps down at the moment?',
  'How do new hires learn the objections and the pricing questions they will hear?',
  'If you could fix one thing about your sales process this quarter, what would it be?',
  'Who else would be involved in evaluating a tool like this?',
  'How are you measuring ramp time for new reps today?',
];

export const CUSTOMER_DISCOVERY = [
  'We mostly use {tool} and a lot of manual note taking after each call.',
  'We have about {n} reps, and each of them runs maybe fifteen calls a week.',
  'Honestly, onboarding is the pain. New reps take months before they handle pricing questions well.',
  'Our managers listen to recordings when they can, but they never have the time.',
  'The main issue is consistency. Some reps are great with objections and some freeze.',
  'We track everything in {tool}, but the call notes are often incomplete.',
  'Ramp time is around five months right now, and leadership wants it cut in half.',
  'Our head of sales and the operations lead would both need to sign off.',
];

export const SALES_PITCH = [
  'So what the assistant does is listen to the call in real time and surface the right answer when a customer raises an objection.',
  'Each rep sees suggested talking points on screen, taken from a dictionary your managers control.',
  'After the call, managers get a summary with the objections raised, the questions asked and the sentiment over the call.',
  'We also flag when a rep is talking too fast, which matters a lot in the first few weeks.',
  'It connects to {tool}, so the call summary lands on the deal record without anyone typing it.',
  'Most teams start with their top twenty objections and grow the dictionary from real calls.',
  'The compliance side is covered too: it warns reps before they say something legal would not like.',
  'Your managers can review any call in a minute instead of listening to the whole recording.',
  'We see ramp time drop by about a third for teams of your size within the first two quarters.',
  'Everything is searchable, so you can find every call where a competitor came up last month.',
];

export const CUSTOMER_ACK = [
  'Okay.',
  'Mm-hm.',
  'Right.',
  'Got it.',
  'Makes sense.',
  'Interesting.',
  'Sure.',
  'Yes, go on.',
  'I see.',
  'Okay, that is helpful.',
];

export const CUSTOMER_REACTION = [
  'That would save our managers a lot of time.',
  'I like that it works inside {tool}.',
  'How long does it take to set up the dictionary?',
  'That sounds useful for our newer reps.',
  'Our reps would probably love the live suggestions.',
  'I need to think about how that fits with our current process.',
];

export const SALES_NEW_INQUIRY_REPLY = [
  'Good question. I do not want to guess, so let me check with our solutions team and follow up by email.',
  'That is not something we have documented yet. I will get you a clear answer by the end of the week.',
  'Let me take that back to our product team and come back to you with specifics.',
];

export const NEW_INQUIRIES = [
  'Can it transcribe calls in Portuguese and Japanese as well?',
  'Does it work with our on-premise Avaya phone system?',
  'Could we export the sentiment data into our own data warehouse?',
  'Is there a way to coach reps on in-person meetings, not just calls?',
  'Can we set different dictionaries for each region?',
  'Would it flag when a rep forgets to mention the cancellation terms?',
  'Can managers whisper to the rep during a live call?',
  'Do you have a partner program for resellers?',
  'Can the assistant run on our own Azure tenant?',
  'Could it score calls against our own sales methodology?',
];

export const CUSTOMER_FOLLOW_UP = ['And one more thing on that point.', 'Sorry, just to add to that.', 'Actually, let me rephrase that.'];

export const SALES_CLOSE = [
  'Based on what you shared, I would suggest a thirty-day pilot with {n} reps. Shall we set that up?',
  'What I can do is send over a proposal today and book a call with your head of sales next week.',
  'Would it help if I put together an ROI estimate with the numbers you gave me?',
  'Let us schedule the technical review with your IT team for {month}. Does that work?',
];

export const CUSTOMER_CLOSE_POSITIVE = [
  'Yes, let us do the pilot. Send me the paperwork.',
  'That sounds great. I will loop in our head of sales.',
  'Perfect, please send the proposal over today.',
  'Good, I am optimistic about this. Let us book the follow-up.',
];

export const CUSTOMER_CLOSE_NEUTRAL = [
  'Send me the details and I will review them with the team.',
  'Let me discuss internally and get back to you next week.',
];

export const SALES_WRAP = [
  'Thank you so much for your time today. I will send a recap within the hour.',
  'Great talking with you. You will have the summary and next steps in your inbox shortly.',
];

export const CUSTOMER_WRAP = ['Thanks, talk soon.', 'Thank you, bye for now.', 'Great, thanks again.'];

/** Salesperson filler used to build long, fast monologues (speech-rate alerts). */
export const SALES_FAST_FILLER = [
  'And the thing is, the setup really takes no time at all, we handle the import, we handle the training, and your team just logs in on day one.',
  'So you get the live prompts, the summaries, the dashboards, all of it, and honestly it pays for itself in the first couple of months for most teams.',
  'Plus the integrations are already built, so there is nothing for IT to maintain, and the security review is usually done in under two weeks.',
  'We have customers just like you who doubled their win rate on competitive deals, and I can put you in touch with them right away if that helps.',
  'And on top of that the pricing is flexible, we can start small, add seats whenever you want, and there is no long commitment up front.',
];

/** The salesperson's lead-in before the customer raises a concern or a question. */
export const SALES_PROMPT = [
  'What questions do you have so far?',
  'Any concerns on your side?',
  'How does that sound to you?',
  'What else is on your mind?',
  'Does that match what you need?',
];
