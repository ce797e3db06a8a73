import { useTranslate } from 'react-admin';
import { NumberCell } from '@/customPages/insights/InsightsTable';
import { useInsightsFormat } from '@/customPages/insights/useInsightsFormat';

/** The rep's rate per 100 calls, with how many times the team's it is, and the team's beside it. */
export const RateAgainstTeam = ({ rate, teamRate }: { rate: number | null; teamRate: number | null }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const times = rate !== null && teamRate !== null && teamRate > 0 ? rate / teamRate : null;
  return (
    <>
      <NumberCell note={times === null ? undefined : translate('app.insightRep.timesTeam', { times: format.number(times, 1) })}>
        {rate === null ? format.noValue : format.rate(rate)}
      </NumberCell>
      <NumberCell>{teamRate === null ? format.noValue : format.rate(teamRate)}</NumberCell>
    </>
  );
};
