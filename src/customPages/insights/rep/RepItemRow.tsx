import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { InsightRepObjection } from '@/contract/insightRep';
import { CountLinkCell, ItemName, RowHeader } from '@/customPages/insights/InsightsTable';
import { useInsightsFormat } from '@/customPages/insights/useInsightsFormat';
import { RateAgainstTeam } from './RateAgainstTeam';

interface RepItemRowProps {
  item: Omit<InsightRepObjection, 'detections'>;
  /** Detections or hits, linking to the rep's calls where they happened. */
  count: number;
  to: string;
  message: string;
}

/** An objection or landmine of the rep's: their count, in how many calls, their rate beside the team's. */
export const RepItemRow = ({ item, count, to, message }: RepItemRowProps) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  return (
    <TableRow>
      <RowHeader>
        <ItemName label={item.label} deleted={item.deleted} />
      </RowHeader>
      <CountLinkCell
        count={count}
        to={to}
        message={message}
        params={{ label: item.label }}
        note={translate('app.insightRep.inCalls', { count: format.count(item.calls), smart_count: item.calls })}
      />
      <RateAgainstTeam rate={item.rate} teamRate={item.teamRate} />
    </TableRow>
  );
};
