import { useMemo } from 'react';
import type { DictionaryMatch } from '@/contract/dictionaryMatch';
import type { DictionaryItem } from '@/resources/dictionary/items/dictionaryTypes';
import { ItemDialog, type ItemDialogTarget } from '@/resources/dictionary/items/ItemDialog';
import { useItemActions } from '@/resources/dictionary/items/useItemActions';
import { VariationDialog } from '@/resources/dictionary/items/VariationDialog';
import type { Detection } from '@/resources/sessions/sessionTypes';
import type { BannerControls } from '@/shared/useBanner';
import type { AddedInquiry } from './addedInquiries';

/** An original objection or FAQ offered by the match API. */
export type OriginalMatch = DictionaryMatch & { type: 'objection' | 'faq' };

interface InquiryDialogProps {
  banner: BannerControls;
  onClose: () => void;
  onAdded: (added: AddedInquiry) => void;
}

// The Dictionary page goes back to its first page after an add; here there is no list to move.
const stayPut = () => undefined;

/**
 * The Dictionary page's "Add Original FAQ" dialog, pre-filled with the inquiry's question and its
 * suggested answer when it has one, saved by the same action (create, then embeddings and audit
 * on the server; the same success banner).
 */
export const InquiryFaqDialog = ({ detection, banner, onClose, onAdded }: InquiryDialogProps & { detection: Detection }) => {
  const actions = useItemActions('faqs', banner, stayPut);
  const target = useMemo<ItemDialogTarget>(
    () => ({ kind: 'add', question: detection.question, answer: detection.answer ?? '' }),
    [detection.question, detection.answer],
  );
  return (
    <ItemDialog
      resource="faqs"
      target={target}
      onClose={onClose}
      onSave={async (values) => {
        const outcome = await actions.saveItem(target, values);
        if (outcome === null) onAdded({ as: 'faq', question: values.question });
        return outcome;
      }}
    />
  );
};

/**
 * The Dictionary page's "Add Variation" dialog for the picked original, pre-filled with the
 * inquiry's question and saved by the same action. The match names the original by id and
 * question, all the dialog and the save read of it.
 */
export const InquiryVariationDialog = ({
  match,
  question,
  banner,
  onClose,
  onAdded,
}: InquiryDialogProps & { match: OriginalMatch; question: string }) => {
  const actions = useItemActions(match.type === 'objection' ? 'objections' : 'faqs', banner, stayPut);
  const parent: DictionaryItem = {
    id: match.id,
    question: match.question,
    answer: '',
    category: match.category,
    isOriginal: true,
    parentId: null,
    needsEmbedding: false,
  };
  return (
    <VariationDialog
      parent={parent}
      initialQuestion={question}
      onClose={onClose}
      onSave={async (text) => {
        const outcome = await actions.addVariation(parent, text);
        if (outcome === null) onAdded({ as: 'variation', type: match.type, original: match.question });
        return outcome;
      }}
    />
  );
};
