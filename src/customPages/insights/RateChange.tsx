import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import type { InsightTrend } from '@/contract/insights';
import { useInsightsFormat } from './useInsightsFormat';

interface RateChangeProps {
  rateChange: number | null;
  previousRate: number | null;
  trend: InsightTrend;
}

/**
 * A change of rate per 100 calls against the previous period: an arrow, named "Rising" or
 * "Falling", only where the change is unlikely to be chance (docs/insights.md "Rates and risers").
 */
export const RateChange = ({ rateChange, previousRate, trend }: RateChangeProps) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  if (rateChange === null || previousRate === null) return <>{translate('app.insights.noPrevious')}</>;
  const Icon = trend === 'rising' ? ArrowUpwardIcon : ArrowDownwardIcon;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: trend ? 600 : undefined }}>
      {trend && <Icon fontSize="inherit" titleAccess={translate(`app.insights.trends.${trend}`)} />}
      {translate('app.insights.changeValue', { change: format.rateChange(rateChange), previous: format.rate(previousRate) })}
    </Box>
  );
};
