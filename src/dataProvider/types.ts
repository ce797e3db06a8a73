import type { DataProvider } from 'react-admin';
import type { SpeechRateSettings } from '../contract';

/**
 * The typed custom methods beside react-admin's CRUD calls (DESIGN.md 3). Later resources
 * add theirs (generateVariations, addVariation, toggleLandmine, toggleUser, resetPassword).
 */
export interface PortalDataProvider extends DataProvider {
  getSpeechRate(): Promise<SpeechRateSettings>;
  updateSpeechRate(settings: SpeechRateSettings): Promise<SpeechRateSettings>;
}
