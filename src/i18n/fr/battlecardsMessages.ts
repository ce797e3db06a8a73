/** Textes des fiches concurrents (resources/battlecards). */
export const battlecardsMessages = {
  fields: {
    name: 'Concurrent',
    otherNames: 'Autres noms',
    positioning: 'Positionnement',
    strengths: 'Points forts',
    weaknesses: 'Points faibles',
    talkTrack: 'Argumentaire',
    proofPoints: 'Preuves',
    isActive: 'Active',
    updatedAt: 'Mise à jour',
  },
  help: {
    otherNames: 'Les autres noms que les clients donnent à ce concurrent : l’assistant les reconnaît aussi.',
    positioning: 'En une ligne : comment ce concurrent se présente.',
    talkTrack: 'Ce que le commercial peut dire quand un client cite ce concurrent.',
  },
};
