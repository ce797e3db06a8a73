import { useTranslate } from 'react-admin';
import type { InsightRepPage } from '@/contract/insightRep';
import type { InsightsFilters } from '@/customPages/insights/insightsFilters';
import { InsightsSection } from '@/customPages/insights/InsightsSection';
import { InsightsTable } from '@/customPages/insights/InsightsTable';
import { RepItemRow } from './RepItemRow';
import { useInsightRep } from './useInsightRep';

const MESSAGES = {
  title: 'app.insightRep.objections.title',
  description: 'app.insightRep.objections.description',
  empty: 'app.insightRep.objections.empty',
  loadFailed: 'app.insightRep.loadFailed',
};

const Objections = ({ data, filters }: { data: InsightRepPage; filters: InsightsFilters }) => {
  const translate = useTranslate();
  return (
    <InsightsTable
      label={translate('app.insightRep.objections.table')}
      columns={[
        { label: translate('app.insightRep.objections.columns.objection') },
        { label: translate('app.insightRep.objections.columns.detections'), numeric: true },
        { label: translate('app.insightRep.columns.rate'), numeric: true },
        { label: translate('app.insightRep.columns.teamRate'), numeric: true },
      ]}
    >
      {data.objections.map((objection) => (
        <RepItemRow key={objection.key} kind="objection" item={objection} count={objection.detections} page={data} filters={filters} />
      ))}
    </InsightsTable>
  );
};

/** The objections the rep meets most, per 100 of their calls, beside the team's rate per 100 calls. */
export const RepObjections = ({ rep, filters }: { rep: string; filters: InsightsFilters }) => {
  const query = useInsightRep(rep, filters);
  return (
    <InsightsSection messages={MESSAGES} query={query} isEmpty={(data) => data.objections.length === 0}>
      {(data) => <Objections data={data} filters={filters} />}
    </InsightsSection>
  );
};
