import { countWords } from '../../services/callAnalysis';
/** Text rules shared by the call script, the detections and the speech-rate analysis. */

/** A dictionary answer as the assistant shows it: the first sentence, then the rest as bullets. */
export const bulletAnswer = (answer: string): string => {
  const sentences = answer
    .match(/[^.!?]+[.!?]+(\s|$)/g)
    ?.map((part) => part.trim())
    .filter(Boolean) ?? [answer];
  // The lead is the first sentence, or the first two when the first is a word or two ("Yes.").
  const leadCount = sentences.length > 2 && countWords(sentences[0]) < 4 ? 2 : 1;
  if (sentences.length <= leadCount) return answer;
  return [sentences.slice(0, leadCount).join(' '), ...sentences.slice(leadCount).map((sentence) => `• ${sentence}`)].join('\n');
};
