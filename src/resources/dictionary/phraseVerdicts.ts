import { useTranslate } from 'react-admin';
import type { PhraseTestResult } from '@/contract/dictionaryMatch';

/** A score gap in points (hundredths); under one point (or none) is worded as such. */
const usePoints = () => {
  const translate = useTranslate();
  return (value: number | null) => {
    const count = Math.round((value ?? 0) * 100);
    return count <= 0
      ? translate('app.dictionary.phraseTester.verdict.lessThanOnePoint')
      : translate('app.dictionary.phraseTester.verdict.points', { smart_count: count });
  };
};

export const useVerdictText = () => {
  const translate = useTranslate();
  const points = usePoints();
  /** null when an item it names is not among the matches (a best score of 0 is not listed). */
  return ({ verdict, matches, margin }: PhraseTestResult): string | null => {
    const questionOf = (id: string | null) => matches.find((match) => match.type !== 'landmine' && match.id === id)?.question;
    const question = questionOf(verdict.itemId);
    switch (verdict.outcome) {
      case 'nothingToCompare':
        return translate('app.dictionary.phraseTester.verdict.nothingToCompare');
      case 'fires':
        return question === undefined ? null : translate('app.dictionary.phraseTester.verdict.fires', { question });
      case 'belowThreshold':
        return question === undefined
          ? null
          : translate('app.dictionary.phraseTester.verdict.belowThreshold', { question, points: points(verdict.shortBy) });
      case 'tooClose': {
        const runnerUp = questionOf(verdict.runnerUpId);
        return question === undefined || runnerUp === undefined
          ? null
          : translate('app.dictionary.phraseTester.verdict.tooClose', {
              question,
              runnerUp,
              points: points(verdict.lead),
              margin: Math.round(margin * 100),
            });
      }
    }
  };
};

/** The closest landmine and whether it fires, for a phrase said by the salesperson. */
export const useLandmineVerdictText = () => {
  const translate = useTranslate();
  const points = usePoints();
  return ({ matches, landmineThreshold }: PhraseTestResult): string => {
    const [closest] = matches.filter((match) => match.type === 'landmine');
    if (!closest) return translate('app.dictionary.phraseTester.landmineVerdict.none');
    if (closest.wouldFire) return translate('app.dictionary.phraseTester.landmineVerdict.fires', { trigger: closest.question });
    return translate(
      closest.score < landmineThreshold
        ? 'app.dictionary.phraseTester.landmineVerdict.belowThreshold'
        : 'app.dictionary.phraseTester.landmineVerdict.compliant',
      {
        trigger: closest.question,
        points: points(landmineThreshold - closest.score),
      },
    );
  };
};
