/** What the dictionary offers other screens: the phrase-matching settings' query and their formats. */
export {
  MATCHING_QUERY_KEY,
  useCalibrationDate,
  useDictionaryMatch,
  useMatchingSettings,
  usePercent,
} from './items/useDictionaryMatch';
