/** The sections the headline's parts link to (InsightsSection `anchor`). */
export const SECTION_ANCHORS = {
  items: 'insights-items',
  inquiries: 'insights-inquiries',
  answers: 'insights-answers',
  reps: 'insights-reps',
  landmines: 'insights-landmines',
  competitors: 'insights-competitors',
} as const;
