/** Strings of the competitor battlecards (resources/battlecards). */
export const battlecardsMessages = {
  fields: {
    name: 'Competitor',
    otherNames: 'Other names',
    positioning: 'Positioning',
    strengths: 'Strengths',
    weaknesses: 'Weaknesses',
    talkTrack: 'Talk track',
    proofPoints: 'Proof points',
    isActive: 'Active',
    updatedAt: 'Updated',
  },
  help: {
    otherNames: 'Other names customers use for this competitor: the assistant recognises them too.',
    positioning: 'One line: how this competitor presents itself.',
    talkTrack: 'What the salesperson can say when a customer names this competitor.',
  },
};
