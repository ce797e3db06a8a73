/**
 * npm run match-quality: the labelled set (server/services/embeddings/evaluation/labelled.json)
 * scored against the seed dictionary with the local embedding provider, as POST
 * /api/dictionary/match scores it. Prints top-1 accuracy and the false-match rate.
 */
import { loadDictionaryData } from '../server/seed/seedDictionary';
import { createLocalEmbeddingProvider } from '../server/services/embeddings';
import { evaluateMatchQuality, loadLabelledPhrases, type MatchQuality } from '../server/services/embeddings/evaluation/evaluate';

const percent = (part: number, whole: number) => `${whole === 0 ? 0 : ((part / whole) * 100).toFixed(1)}% (${part}/${whole})`;

const report = (label: string, quality: MatchQuality) => {
  console.log(`${label}: ${quality.model}, threshold ${quality.threshold}`);
  console.log(`  top-1 accuracy            ${percent(quality.top1, quality.expected)}`);
  console.log(`  fired the right item      ${percent(quality.firedCorrectly, quality.expected)}`);
  console.log(`  fired a wrong item        ${percent(quality.wrongFires, quality.expected)}`);
  console.log(`  false-match rate          ${percent(quality.falseMatches, quality.unrelated)} of phrases that should match nothing`);
};

const { objections, faqs } = loadDictionaryData();
const phrases = loadLabelledPhrases();
console.log(`labelled set: ${phrases.length} phrases; dictionary: ${objections.length} objections, ${faqs.length} FAQs`);
report('local provider', await evaluateMatchQuality(createLocalEmbeddingProvider(), [...objections, ...faqs], phrases));
