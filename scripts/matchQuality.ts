/**
 * npm run match-quality: how well each embedding provider recognises what customers say
 * (docs/matching.md "Measured"). For each provider, the threshold is calibrated from the seed
 * dictionary as the server calibrates it, and two sets are scored as POST /api/dictionary/match
 * scores them: the realistic set (customerPhrases.json, written apart from the dictionary) and
 * the earlier labelled set. The OpenAI-compatible provider is measured too when
 * EMBEDDINGS_BASE_URL is set.
 */
import { loadDictionaryData } from '../server/seed/seedDictionary';
import {
  createLocalEmbeddingProvider,
  createOpenAiEmbeddingProvider,
  createSentenceEncoderProvider,
  type EmbeddingProvider,
} from '../server/services/matching/embeddings';
import {
  evaluateLandmineQuality,
  evaluateMatchQuality,
  loadCustomerPhrases,
  loadHeldOutItems,
  loadHeldOutLandmineLines,
  loadLabelledPhrases,
  loadLandmineTuningLines,
  type EvaluationPhrase,
  type MatchQuality,
} from '../server/services/matching/evaluation/evaluate';

const percent = (part: number, whole: number) => `${whole === 0 ? 0 : ((part / whole) * 100).toFixed(1)}% (${part}/${whole})`;

const report = (label: string, quality: MatchQuality) => {
  console.log(`  ${label}: threshold ${quality.threshold} (calibrated), margin ${quality.margin}`);
  console.log(`    right item first (top-1)  ${percent(quality.top1, quality.expected)}`);
  console.log(`    right item fires          ${percent(quality.firedCorrectly, quality.expected)}`);
  console.log(`    wrong item fires          ${percent(quality.wrongFires, quality.expected)}`);
  console.log(`    nothing-phrase fires      ${percent(quality.falseMatches, quality.unrelated)}`);
  console.log(`    ms per phrase             ${quality.msPerPhrase.toFixed(1)}`);
};

const { objections, faqs, landmines } = loadDictionaryData();
const items = [...objections, ...faqs];
const sets: [string, EvaluationPhrase[]][] = [
  ['realistic set (customerPhrases.json)', loadCustomerPhrases()],
  ['earlier labelled set (labelled.json)', loadLabelledPhrases()],
  ['held-out set (customer-items.json, written blind)', loadHeldOutItems()],
];
const landmineSets: [string, EvaluationPhrase[]][] = [
  ['landmines, tuning set (landmine-tuning.json, ours to tune on)', loadLandmineTuningLines()],
  ['landmines, held-out set (landmine-lines.json, written blind)', loadHeldOutLandmineLines()],
];
/** `--landmines`: the landmine sets only (the item sets take most of the time). */
const landminesOnly = process.argv.includes('--landmines');
const providers: EmbeddingProvider[] = [createSentenceEncoderProvider(), createLocalEmbeddingProvider()];
if (process.env.EMBEDDINGS_BASE_URL)
  providers.push(
    createOpenAiEmbeddingProvider({
      baseUrl: process.env.EMBEDDINGS_BASE_URL,
      apiKey: process.env.EMBEDDINGS_API_KEY,
      model: process.env.EMBEDDINGS_MODEL ?? 'text-embedding-3-small',
    }),
  );

console.log(
  `dictionary: ${objections.length} objections, ${faqs.length} FAQs, ${items.reduce((sum, item) => sum + item.variations.length, 0)} variations`,
);
for (const [name, phrases] of sets)
  console.log(
    `${name}: ${phrases.filter((phrase) => phrase.expected).length} phrases with an item, ${phrases.filter((phrase) => !phrase.expected).length} that must fire nothing`,
  );
for (const provider of providers) {
  const started = performance.now();
  await provider.embed(['warm up']);
  console.log(`\n${provider.model} (first call, loading included: ${Math.round(performance.now() - started)} ms)`);
  if (!landminesOnly) for (const [name, phrases] of sets) report(name, await evaluateMatchQuality(provider, items, phrases));
  for (const [name, lines] of landmineSets) {
    const mines = await evaluateLandmineQuality(provider, landmines, lines);
    console.log(`  ${name}: threshold ${mines.threshold} (calibrated for recall)`);
    console.log(`    right landmine first      ${percent(mines.top1, mines.crossing)}`);
    console.log(`    right landmine fires      ${percent(mines.firedCorrectly, mines.crossing)}`);
    console.log(`    compliant-near line fires ${percent(mines.compliantFires, mines.compliant)}`);
  }
}
