import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import type { MatchType } from '@/contract/dictionaryMatch';
import type { InquiryAddedAs } from '@/contract/insights';
import type { Detection } from '@/resources/sessions/sessionTypes';

export type AddedInquiry = { as: 'faq'; question: string } | { as: 'variation'; type: Exclude<MatchType, 'landmine'>; original: string };

/** As the server keeps it (PUT /api/insights/inquiries/:key/added): the original's question names it. */
export const toAddedAs = (added: AddedInquiry): InquiryAddedAs =>
  added.as === 'faq' ? added : { as: 'variation', type: added.type, question: added.original };
export const toAddedInquiry = (added: InquiryAddedAs): AddedInquiry =>
  added.as === 'faq' ? added : { as: 'variation', type: added.type, original: added.question };

type AddedBySession = Record<string, AddedInquiry>;

const addedKey = (sessionId: string) => ['sessionDetail', 'addedInquiries', sessionId] as const;

const inquiryKey = (detection: Detection) => `${detection.timestamp}\u0000${detection.question}`;

/** Kept in the query cache, never fetched: the timeline's rows come and go as it scrolls, and a refresh keeps the note. */
export const useAddedInquiry = (detection: Detection) => {
  const { sessionId = '' } = useParams();
  const queryClient = useQueryClient();
  const queryKey = addedKey(sessionId);
  const { data } = useQuery<AddedBySession>({
    queryKey,
    queryFn: () => queryClient.getQueryData<AddedBySession>(queryKey) ?? {},
    initialData: {},
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const key = inquiryKey(detection);
  const markAdded = useCallback(
    (added: AddedInquiry) => queryClient.setQueryData<AddedBySession>(addedKey(sessionId), (previous) => ({ ...previous, [key]: added })),
    [queryClient, sessionId, key],
  );
  return [data[key] ?? null, markAdded] as const;
};
