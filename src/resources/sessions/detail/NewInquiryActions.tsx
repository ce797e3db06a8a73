import { useEffect, useId, useRef, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { dictionaryItemLink } from '@/resources/dictionary/items/useDictionaryMatch';
import type { Detection } from '@/resources/sessions/sessionTypes';
import { PageBannerAlert, PageBannerProvider, usePageBanner } from '@/shared/PageBanner';
import type { PortalDataProvider } from '@/dataProvider/types';
import { type AddedInquiry, toAddedAs, useAddedInquiry } from './addedInquiries';
import { InquiryFaqDialog, InquiryVariationDialog, type OriginalMatch } from './InquiryDialogs';
import { VariationPicker } from './VariationPicker';

/** "Added as FAQ" (or as a variation of an original), with a link to it on the Dictionary page. */
export const AddedNote = ({ added, focus }: { added: AddedInquiry; focus: boolean }) => {
  const translate = useTranslate();
  const linkRef = useRef<HTMLAnchorElement>(null);
  // Once the dialog that added it closes, its trigger is gone: the keyboard lands on the link instead.
  useEffect(() => {
    if (focus) linkRef.current?.focus();
  }, [focus]);
  const [text, to] =
    added.as === 'faq'
      ? [translate('app.sessions.learn.addedFaq'), dictionaryItemLink('faq', added.question)]
      : [translate('app.sessions.learn.addedVariation', { question: added.original }), dictionaryItemLink(added.type, added.original)];
  return (
    <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <CheckCircleOutlineIcon fontSize="small" color="success" aria-hidden />
      <Typography variant="body2">{text}</Typography>
      <Link component={RouterLink} to={to} ref={linkRef} variant="body2">
        {translate('app.sessions.learn.openDictionary')}
      </Link>
    </Box>
  );
};

type Open = { kind: 'faq' } | { kind: 'variation'; match: OriginalMatch } | null;

/**
 * On a call's timeline: the phrasing's group leaves Insights' open list too. A call still in progress has not recorded
 * its phrasings (404): its group shows on Insights once the call ends, to be added there.
 */
const useMarkGroupOfPhrasing = (text: string) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  return (added: AddedInquiry) =>
    dataProvider
      .markInquiryAddedByText(text, toAddedAs(added))
      .then(() => queryClient.invalidateQueries({ queryKey: ['insights', 'inquiries'] }))
      .catch(() => undefined);
};

/** The row's banner, spaced from the actions only while it shows. */
const RowBanner = () => {
  const { banner } = usePageBanner();
  return (
    <Box sx={{ mt: banner ? 1 : 0 }}>
      <PageBannerAlert />
    </Box>
  );
};

/** The inquiry's buttons, the note once added, the dialogs and the row's banner. */
const InquiryActions = ({ detection, onAdded: report }: NewInquiryActionsProps) => {
  const translate = useTranslate();
  const markGroup = useMarkGroupOfPhrasing(detection.question);
  const reportAdded = report ?? markGroup;
  const [added, markAdded] = useAddedInquiry(detection);
  const [open, setOpen] = useState<Open>(null);
  const [pickerAnchor, setPickerAnchor] = useState<HTMLElement | null>(null);
  const [justAdded, setJustAdded] = useState(false);
  const pickerId = useId();
  const close = () => setOpen(null);
  const onAdded = (next: AddedInquiry) => {
    setJustAdded(true);
    markAdded(next);
    reportAdded(next);
  };

  return (
    <Box sx={{ mt: 1 }}>
      {added ? (
        <AddedNote added={added} focus={justAdded} />
      ) : (
        <Box role="group" aria-label={translate('app.sessions.learn.label')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'faq' })}>
            {translate('app.sessions.learn.addAsFaq')}
          </Button>
          <Button
            size="small"
            endIcon={<ArrowDropDownIcon />}
            aria-haspopup="menu"
            aria-expanded={pickerAnchor ? true : undefined}
            aria-controls={pickerAnchor ? pickerId : undefined}
            onClick={(event) => setPickerAnchor(event.currentTarget)}
          >
            {translate('app.sessions.learn.addAsVariation')}
          </Button>
        </Box>
      )}
      <RowBanner />
      {pickerAnchor && (
        <VariationPicker
          id={pickerId}
          anchor={pickerAnchor}
          text={detection.question}
          onClose={() => setPickerAnchor(null)}
          onPick={(match) => {
            setPickerAnchor(null);
            setOpen({ kind: 'variation', match });
          }}
          onAddFaq={() => {
            setPickerAnchor(null);
            setOpen({ kind: 'faq' });
          }}
        />
      )}
      {open?.kind === 'faq' && <InquiryFaqDialog detection={detection} onClose={close} onAdded={onAdded} />}
      {open?.kind === 'variation' && (
        <InquiryVariationDialog match={open.match} question={detection.question} onClose={close} onAdded={onAdded} />
      )}
    </Box>
  );
};

/**
 * "Learn from calls": a new inquiry of the call becomes an FAQ ("Add as FAQ") or a variation of
 * the closest original ("Add as variation of ..."), through the Dictionary page's own dialogs and
 * saves, which report on the row's own banner. Once added, the row says so for the rest of the page's life.
 */
interface NewInquiryActionsProps {
  detection: Detection;
  /** Once the dictionary saved it; by default, its group is marked added by the phrasing's text. */
  onAdded?: (added: AddedInquiry) => void;
}

export const NewInquiryActions = (props: NewInquiryActionsProps) => (
  <PageBannerProvider>
    <InquiryActions {...props} />
  </PageBannerProvider>
);
