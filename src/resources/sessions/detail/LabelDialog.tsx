import { useId, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useGetList, useTranslate } from 'react-admin';
import type { LabelItemType } from '@/contract/phraseLabels';
import { useDebouncedValue } from '@/shared/useDebouncedValue';
import type { LabelTarget } from './callLabels';
import type { Utterance } from './timeline';

interface ItemOption {
  type: LabelItemType;
  id: string;
  name: string;
}

const OPTIONS_PER_KIND = 10;

/** The dictionary's originals the utterance's side is heard against, found as the admin types. */
const useItemOptions = (speaker: Utterance['speaker'], typed: string): { options: ItemOption[]; loading: boolean } => {
  const search = useDebouncedValue(typed.trim());
  const customer = speaker === 'customer';
  const params = { filter: search ? { search } : {}, pagination: { page: 1, perPage: OPTIONS_PER_KIND } };
  const objections = useGetList('objections', params, { enabled: customer });
  const faqs = useGetList('faqs', params, { enabled: customer });
  const landmines = useGetList('landmines', { pagination: { page: 1, perPage: 1000 } }, { enabled: !customer });
  const of = (type: LabelItemType, rows: { id: unknown; question?: string; trigger?: string }[] = []) =>
    rows.map((row) => ({ type, id: String(row.id), name: String(row.question ?? row.trigger ?? '') }));
  if (customer)
    return { options: [...of('objection', objections.data), ...of('faq', faqs.data)], loading: objections.isPending || faqs.isPending };
  const needle = search.toLowerCase();
  return {
    options: of('landmine', landmines.data).filter((option) => option.name.toLowerCase().includes(needle)),
    loading: landmines.isPending,
  };
};

interface LabelDialogProps {
  utterance: Utterance;
  onClose: () => void;
  onLabel: (target: LabelTarget) => void;
}

/** Which item an utterance should have fired (an accessible autocomplete over the dictionary), or that it should fire nothing. */
export const LabelDialog = ({ utterance, onClose, onLabel }: LabelDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<ItemOption | null>(null);
  const { options, loading } = useItemOptions(utterance.speaker, typed);
  const optionText = (option: ItemOption) =>
    translate('app.phraseLabels.dialog.option', {
      type: translate(`app.phraseLabels.choices.itemType.${option.type}`),
      name: option.name,
    });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('app.phraseLabels.dialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, fontStyle: 'italic' }}>{utterance.text}</DialogContentText>
        <Autocomplete
          options={options}
          value={chosen}
          onChange={(_, value) => setChosen(value)}
          inputValue={typed}
          onInputChange={(_, value) => setTyped(value)}
          filterOptions={(all) => all}
          getOptionLabel={optionText}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={loading}
          loadingText={translate('app.phraseLabels.dialog.loading')}
          noOptionsText={translate('app.phraseLabels.dialog.noOptions')}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              label={translate('app.phraseLabels.dialog.item')}
              helperText={translate(`app.phraseLabels.dialog.help.${utterance.speaker}`)}
            />
          )}
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{translate('app.phraseLabels.dialog.cancel')}</Button>
        <Button variant="outlined" onClick={() => onLabel({ utterance, kind: 'nothing', item: null })}>
          {translate('app.phraseLabels.dialog.nothing')}
        </Button>
        <Button
          variant="contained"
          disabled={!chosen}
          onClick={() => chosen && onLabel({ utterance, kind: 'shouldFire', item: { type: chosen.type, id: chosen.id } })}
        >
          {translate('app.phraseLabels.dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
