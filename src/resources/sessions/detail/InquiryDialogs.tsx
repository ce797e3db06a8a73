import { useMemo } from 'react';
import type { DictionaryMatch } from '@/contract/dictionaryMatch';
import { ItemDialog, type ItemDialogTarget } from '@/resources/dictionary/items/ItemDialog';
import { VariationDialog } from '@/resources/dictionary/items/VariationDialog';
import type { Detection } from '@/resources/sessions/sessionTypes';
import type { AddedInquiry } from './addedInquiries';

export type OriginalMatch = DictionaryMatch & { type: 'objection' | 'faq' };

interface InquiryDialogProps {
  onClose: () => void;
  onAdded: (added: AddedInquiry) => void;
}

/** The Dictionary page's own dialog, so it saves the same way (create, then embeddings and audit on the server). */
export const InquiryFaqDialog = ({ detection, onClose, onAdded }: InquiryDialogProps & { detection: Detection }) => {
  const target = useMemo<ItemDialogTarget>(
    () => ({ kind: 'add', question: detection.question, answer: detection.answer ?? '' }),
    [detection.question, detection.answer],
  );
  return <ItemDialog resource="faqs" target={target} onClose={onClose} onAdded={(question) => onAdded({ as: 'faq', question })} />;
};

export const InquiryVariationDialog = ({
  match,
  question,
  onClose,
  onAdded,
}: InquiryDialogProps & { match: OriginalMatch; question: string }) => (
  <VariationDialog
    resource={match.type === 'objection' ? 'objections' : 'faqs'}
    parent={match}
    initialQuestion={question}
    onClose={onClose}
    onAdded={() => onAdded({ as: 'variation', type: match.type, original: match.question })}
  />
);
