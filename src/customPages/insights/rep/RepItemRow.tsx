import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { InsightRepObjection, InsightRepPage } from '@/contract/insightRep';
import { type InsightsFilters, sessionsLink } from '@/customPages/insights/insightsFilters';
import { CountLinkCell, ItemName, RowHeader } from '@/customPages/insights/InsightsTable';
import { useInsightsFormat } from '@/customPages/insights/useInsightsFormat';
import { RateAgainstTeam } from './RateAgainstTeam';

/** The calls' filter each kind opens, and the count link's accessible name. */
const KINDS = {
  objection: { target: (key: string, label: string) => ({ item: key, label }), message: 'app.insightRep.objections.link' },
  landmine: { target: (key: string, label: string) => ({ landmine: key, label }), message: 'app.insightRep.landmines.link' },
};

interface RepItemRowProps {
  kind: keyof typeof KINDS;
  item: Omit<InsightRepObjection, 'detections'>;
  /** Detections or hits, linking to the rep's calls where they happened. */
  count: number;
  page: InsightRepPage;
  filters: InsightsFilters;
}

/** An objection or landmine of the rep's: their count, in how many calls, their rate beside the team's. */
export const RepItemRow = ({ kind, item, count, page, filters }: RepItemRowProps) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const { target, message } = KINDS[kind];
  return (
    <TableRow>
      <RowHeader>
        <ItemName label={item.label} deleted={item.deleted} />
      </RowHeader>
      <CountLinkCell
        count={count}
        to={sessionsLink(target(item.key, item.label), page.period, { ...filters, rep: page.rep })}
        message={message}
        params={{ label: item.label }}
        note={translate('app.insightRep.inCalls', { count: format.count(item.calls), smart_count: item.calls })}
      />
      <RateAgainstTeam rate={item.rate} teamRate={item.teamRate} />
    </TableRow>
  );
};
