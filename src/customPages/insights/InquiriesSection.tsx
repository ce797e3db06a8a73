import { useId, useState } from 'react';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AddedInquiryGroup, InquiryGroup, InsightInquiries } from '@/contract/insights';
import { DETECTION_CATEGORIES, type Detection } from '@/contract/sessions';
import type { PortalDataProvider } from '@/dataProvider/types';
import { type AddedInquiry, toAddedAs, toAddedInquiry } from '@/resources/sessions/detail/addedInquiries';
import { AddedNote, NewInquiryActions } from '@/resources/sessions/detail/NewInquiryActions';
import { ExportCsv } from './ExportCsv';
import { inquiryRows } from './insightsCsv';
import { type InsightsFilters, sessionsLink } from './insightsFilters';
import { SECTION_ANCHORS } from './sectionAnchors';
import { InsightsSection } from './InsightsSection';
import { CountLinkCell, InsightsTable, NumberCell, RowHeader, useRowsInSteps } from './InsightsTable';
import { useInsights } from './useInsights';
import { useInsightsFormat } from './useInsightsFormat';

const MESSAGES = {
  title: 'app.insights.inquiries.title',
  description: 'app.insights.inquiries.description',
  empty: 'app.insights.inquiries.empty',
  loadFailed: 'app.insights.inquiries.loadFailed',
};

/**
 * The group as the session detail's "learn from this inquiry" actions read a new inquiry: its
 * most frequent phrasing, without a suggested answer. They remember what was added by the
 * session of the route and this text; this page has no session, so the group's key stands in
 * for the time to keep the groups apart.
 */
const asDetection = (group: InquiryGroup): Detection => ({
  timestamp: group.key,
  category: DETECTION_CATEGORIES.newInquiry,
  relevance_score: 0,
  question: group.label,
  answer: null,
});

type MarkAdded = (key: string, added: AddedInquiry) => void;

/** The server marks the group, so it leaves the open list for everyone (docs/insights.md "Added to the dictionary"). */
const useMarkAdded = (onMarked: (key: string) => void): MarkAdded => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return (key, added) => {
    dataProvider
      .markInquiryAdded(key, toAddedAs(added))
      .then(() => {
        onMarked(key);
        return queryClient.invalidateQueries({ queryKey: ['insights', 'inquiries'] });
      })
      .catch(() => notify('app.insights.inquiries.markFailed', { type: 'error' }));
  };
};

const Group = ({
  group,
  period,
  filters,
  onAdded,
}: {
  group: InquiryGroup;
  period: InsightInquiries['period'];
  filters: InsightsFilters;
  onAdded: MarkAdded;
}) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const others = group.examples.filter((example) => example !== group.label);
  return (
    <TableRow sx={{ verticalAlign: 'top' }}>
      <RowHeader>{group.label}</RowHeader>
      <NumberCell>{format.count(group.occurrences)}</NumberCell>
      <NumberCell>{group.rate === null ? format.noValue : format.rate(group.rate)}</NumberCell>
      <CountLinkCell
        count={group.calls}
        to={sessionsLink({ inquiry: group.key, label: group.label }, period, filters)}
        message="app.insights.callsLink"
        params={{ label: group.label }}
      />
      <TableCell sx={{ maxWidth: 320 }}>
        {others.map((text) => translate('app.insights.inquiries.example', { text })).join(', ')}
        {group.phrasings > 1 && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {translate('app.insights.inquiries.phrasings', { count: format.count(group.phrasings), smart_count: group.phrasings })}
          </Typography>
        )}
        {group.pending && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <HourglassEmptyIcon fontSize="inherit" aria-hidden />
            {translate('app.insights.inquiries.pending')}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ minWidth: 220 }}>
        <Box sx={{ mt: -1 }}>
          <NewInquiryActions detection={asDetection(group)} onAdded={(added) => onAdded(group.key, added)} />
        </Box>
      </TableCell>
    </TableRow>
  );
};

/** Added groups, with what they became and what was asked in new words since, counted for the item. */
const AddedGroups = ({ groups, focusKey }: { groups: AddedInquiryGroup[]; focusKey: string | null }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const titleId = useId();
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" id={titleId}>
        {translate('app.insights.inquiries.added.title')}
      </Typography>
      <Box component="ul" aria-labelledby={titleId} sx={{ pl: 2.5, my: 1 }}>
        {groups.map((group) => (
          <Box component="li" key={group.key} sx={{ mb: 1.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {group.label}
            </Typography>
            <AddedNote added={toAddedInquiry(group.added)} focus={group.key === focusKey} />
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {translate('app.insights.inquiries.added.asked', { count: format.count(group.occurrences), smart_count: group.occurrences })}
              {group.laterOccurrences > 0 &&
                ` ${translate('app.insights.inquiries.added.later', {
                  count: format.count(group.laterOccurrences),
                  smart_count: group.laterOccurrences,
                })}`}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
};

const InquiriesTable = ({ data, filters }: { data: InsightInquiries; filters: InsightsFilters }) => {
  const translate = useTranslate();
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const markAdded = useMarkAdded(setFocusKey);
  return (
    <>
      {data.groups.length > 0 ? (
        <OpenGroups data={data} filters={filters} onAdded={markAdded} />
      ) : (
        <Typography variant="body2">{translate('app.insights.inquiries.added.allAdded')}</Typography>
      )}
      {data.added.length > 0 && <AddedGroups groups={data.added} focusKey={focusKey} />}
    </>
  );
};

const OpenGroups = ({ data, filters, onAdded }: { data: InsightInquiries; filters: InsightsFilters; onAdded: MarkAdded }) => {
  const translate = useTranslate();
  const rows = useRowsInSteps(data.groups);
  return (
    <InsightsTable
      label={translate('app.insights.inquiries.table')}
      columns={[
        { label: translate('app.insights.inquiries.columns.inquiry') },
        { label: translate('app.insights.inquiries.columns.occurrences'), numeric: true },
        { label: translate('app.insights.columns.rate'), numeric: true },
        { label: translate('app.insights.inquiries.columns.calls'), numeric: true },
        { label: translate('app.insights.inquiries.columns.examples') },
        { label: translate('app.insights.inquiries.columns.actions') },
      ]}
    >
      {rows.map((group) => (
        <Group key={group.key} group={group} period={data.period} filters={filters} onAdded={onAdded} />
      ))}
    </InsightsTable>
  );
};

/** What the assistant did not know: the new inquiries grouped by meaning, largest first, each to add to the dictionary. */
export const InquiriesSection = ({ filters }: { filters: InsightsFilters }) => {
  const translate = useTranslate();
  const query = useInsights('inquiries', filters);
  return (
    <InsightsSection
      later
      messages={MESSAGES}
      anchor={SECTION_ANCHORS.inquiries}
      query={query}
      isEmpty={(data) => data.groups.length === 0 && data.added.length === 0}
      actions={(data) => <ExportCsv name="inquiries" section={translate(MESSAGES.title)} rows={() => inquiryRows(data)} />}
    >
      {(data) => <InquiriesTable data={data} filters={filters} />}
    </InsightsSection>
  );
};
