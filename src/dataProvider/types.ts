import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { SpeechRateSettings } from '@/contract';
import type { BulkOutcome, LandmineBulkAction } from '@/contract/bulk';
import type { DictionaryMatchBody, DictionaryMatchResult } from '@/contract/dictionaryMatch';
import type { MatchingPutBody, MatchingSettings } from '@/contract/matching';
import type { InsightsQueryInput } from '@/contract/insights';
import type { SessionErasure } from '@/contract/sessionErasure';
import type { SpeechRatePreview } from '@/contract/speechRatePreview';
import type { InsightData, InsightSection } from './insightsApi';

/**
 * The typed custom methods beside react-admin's CRUD calls (docs/architecture.md). Later resources
 * add theirs (generateVariations, addVariation, toggleLandmine, toggleUser, resetPassword).
 */
export interface PortalDataProvider extends DataProvider {
  getSpeechRate(): Promise<SpeechRateSettings>;
  updateSpeechRate(settings: SpeechRateSettings): Promise<SpeechRateSettings>;
  /** POST /admin/users/{id}/toggle: flips the user's active flag; resolves to the updated user. */
  toggleUser(id: Identifier): Promise<RaRecord>;
  /** POST /admin/users/{id}/reset-password { newPassword }. */
  resetPassword(id: Identifier, newPassword: string): Promise<void>;
  /** POST /admin/users/{id}/restore: a deleted user live again; resolves to the restored user. */
  restoreUser(id: Identifier): Promise<RaRecord>;
  /** POST /admin/users/{id}/free-email: a deleted user's email released for good. */
  freeUserEmail(id: Identifier): Promise<RaRecord>;
  /** POST {path}/{id}/variations `{ question, category }` -> the created variation (`data`). */
  addVariation(resource: DictionaryResource, id: Identifier, variation: NewVariation): Promise<unknown>;
  /** POST {path}/{id}/generate-variations `{ count }` -> the suggested questions (not saved). */
  generateVariations(resource: DictionaryResource, id: Identifier, count: number): Promise<string[]>;
  /** PATCH /landmines/{id}/toggle-status (no body) -> the updated landmine. */
  toggleLandmine(id: Identifier): Promise<RaRecord>;
  /** POST /landmines/bulk { action, ids } -> which changed, were already so, or are gone (one transaction). */
  bulkLandmines(action: LandmineBulkAction, ids: readonly Identifier[]): Promise<BulkOutcome>;
  /** POST {path}/bulk-delete { ids } -> which were deleted or are gone (one transaction). */
  bulkDeleteItems(resource: DictionaryResource, ids: readonly Identifier[]): Promise<BulkOutcome>;
  /** GET /admin/config-version -> the assistant configuration's version and when it last changed. */
  getConfigVersion(): Promise<ConfigVersionInfo>;
  /** POST /dictionary/match { text, excludeId? } -> what the phrase would fire, best first. */
  matchPhrase(body: DictionaryMatchBody): Promise<DictionaryMatchResult>;
  /** POST /speech-rate/preview -> the alerts these settings would have raised on recent sessions. */
  previewSpeechRate(settings: SpeechRateSettings): Promise<SpeechRatePreview>;
  /** GET /dictionary/matching -> the embedding model's threshold, where it comes from, its calibration sample and the embeddings still pending. */
  getMatching(): Promise<MatchingSettings>;
  /** PUT /dictionary/matching { threshold, version? }: an admin's threshold, or null to go back to the calibrated one. */
  updateMatching(body: MatchingPutBody): Promise<MatchingSettings>;
  /** POST /dictionary/matching/calibrate (no body): the threshold calibrated again from the dictionary (409 CALIBRATION_PENDING while rows are Pending). */
  calibrateMatching(): Promise<MatchingSettings>;
  /** DELETE /admin/sessions?rep= -> the session ids erased (every session of the rep, any case). */
  eraseRepSessions(rep: string): Promise<SessionErasure>;
  /** GET /insights/{section} with the page's filters -> the section's figures (src/contract/insights.ts). */
  getInsights<S extends InsightSection>(section: S, query?: InsightsQueryInput): Promise<InsightData<S>>;
}

/** The assistant configuration's version (GET /api/admin/config-version `data`). */
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
