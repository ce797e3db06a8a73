import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { SpeechRateSettings } from '@/contract';
import type { BulkOutcome, LandmineBulkAction } from '@/contract/bulk';
import type { CallSettings, CallSettingsData } from '@/contract/callEnd';
import type { DictionaryMatchBody, PhraseTestResult } from '@/contract/dictionaryMatch';
import type { MatchingPutBody, MatchingSettings } from '@/contract/matching';
import type { InsightRepPage } from '@/contract/insightRep';
import type { InquiryAddedAs, InsightsQueryInput } from '@/contract/insights';
import type { SessionErasure } from '@/contract/sessionErasure';
import type { SpeechRatePreview } from '@/contract/speechRatePreview';
import type { TargetBandsData, TargetBandsPutBody } from '@/contract/targetBands';
import type { VariationSuggestions } from '@/contract/variationSuggestions';
import type { InsightData, InsightSection } from './insightsApi';

/** The custom methods beside react-admin's CRUD calls. */
export interface PortalDataProvider extends DataProvider {
  getSpeechRate(): Promise<SpeechRateSettings>;
  updateSpeechRate(settings: SpeechRateSettings): Promise<SpeechRateSettings>;
  toggleUser(id: Identifier): Promise<RaRecord>;
  resetPassword(id: Identifier, newPassword: string): Promise<void>;
  restoreUser(id: Identifier): Promise<RaRecord>;
  freeUserEmail(id: Identifier): Promise<RaRecord>;
  addVariation(resource: DictionaryResource, id: Identifier, variation: NewVariation): Promise<unknown>;
  /** Suggested questions, not saved. */
  generateVariations(resource: DictionaryResource, id: Identifier, count: number): Promise<string[]>;
  toggleLandmine(id: Identifier): Promise<RaRecord>;
  bulkLandmines(action: LandmineBulkAction, ids: readonly Identifier[]): Promise<BulkOutcome>;
  bulkDeleteItems(resource: DictionaryResource, ids: readonly Identifier[]): Promise<BulkOutcome>;
  getConfigVersion(): Promise<ConfigVersionInfo>;
  /** What the phrase would fire, best first. */
  matchPhrase(body: DictionaryMatchBody): Promise<PhraseTestResult>;
  getVariationSuggestions(): Promise<VariationSuggestions>;
  /** The suggestion becomes a variation of its item, and leaves the list. */
  addSuggestedVariation(id: string): Promise<void>;
  dismissVariationSuggestion(id: string): Promise<void>;
  previewSpeechRate(settings: SpeechRateSettings): Promise<SpeechRatePreview>;
  getMatching(): Promise<MatchingSettings>;
  /** `threshold: null` goes back to the calibrated threshold. */
  updateMatching(body: MatchingPutBody): Promise<MatchingSettings>;
  calibrateMatching(): Promise<MatchingSettings>;
  /** Every session of the rep, whatever the email's case. */
  eraseRepSessions(rep: string): Promise<SessionErasure>;
  getCallSettings(): Promise<CallSettingsData>;
  updateCallSettings(settings: CallSettings): Promise<CallSettingsData>;
  getTargetBands(): Promise<TargetBandsData>;
  updateTargetBands(body: TargetBandsPutBody): Promise<TargetBandsData>;
  /** `lastEventAt` as the page read it: a call that heard from the assistant since is refused (409). */
  markSessionFailed(sessionId: string, lastEventAt?: string): Promise<void>;
  getInsights<S extends InsightSection>(section: S, query?: InsightsQueryInput): Promise<InsightData<S>>;
  getInsightRep(rep: string, query?: InsightsQueryInput): Promise<InsightRepPage>;
  /** After the dictionary saved it: the new-inquiry group leaves the open list. */
  markInquiryAdded(key: string, added: InquiryAddedAs): Promise<void>;
  /** The same for the group a call's new-inquiry phrasing is in. */
  markInquiryAddedByText(text: string, added: InquiryAddedAs): Promise<void>;
}

export interface ConfigVersionInfo {
  version: number;
  updatedAt: string;
}

/** The resources holding questions with variations (spec 7: /dictionary/objections, /dictionary/faqs). */
export type DictionaryResource = 'objections' | 'faqs';

export interface NewVariation {
  question: string;
  category: string;
}
