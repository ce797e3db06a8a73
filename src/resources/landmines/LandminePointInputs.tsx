import type { ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { LANDMINE_SEVERITIES } from '@/contract/landmines';
import type { Severity } from '../dictionaryItems/dictionaryTypes';
import { emptyCannotSay, emptyCanSay, type LandmineInputsProps } from './landmineForm';

const replaceAt = <T,>(list: T[], index: number, value: T) => list.map((item, i) => (i === index ? value : item));
const removeAt = <T,>(list: T[], index: number) => list.filter((_, i) => i !== index);

interface EntryListProps {
  titleKey: string;
  addKey: string;
  onAdd: () => void;
  children: ReactNode;
}

const EntryList = ({ titleKey, addKey, onAdd, children }: EntryListProps) => {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography component="legend" variant="subtitle2">
        {translate(titleKey)}
      </Typography>
      {children}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={onAdd}>
          {translate(addKey)}
        </Button>
      </Box>
    </Box>
  );
};

const RemoveButton = ({ label, onClick }: { label: string; onClick: () => void }) => {
  const translate = useTranslate();
  return (
    <IconButton aria-label={`${translate('app.dictionary.landmine.remove')} ${label}`} onClick={onClick}>
      <DeleteIcon />
    </IconButton>
  );
};

const row = { display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } };

export const TriggerVariationInputs = ({ values, onChange }: LandmineInputsProps) => {
  const translate = useTranslate();
  const list = values.triggerVariations;
  const set = (next: string[]) => onChange({ ...values, triggerVariations: next });
  return (
    <EntryList
      titleKey="app.dictionary.landmine.triggerVariations"
      addKey="app.dictionary.landmine.addTriggerVariation"
      onAdd={() => set([...list, ''])}
    >
      {list.map((text, index) => {
        const label = translate('app.dictionary.landmine.triggerVariation', { index: index + 1 });
        return (
          <Box key={index} sx={row}>
            <TextField size="small" label={label} value={text} onChange={(e) => set(replaceAt(list, index, e.target.value))} fullWidth />
            <RemoveButton label={label} onClick={() => set(removeAt(list, index))} />
          </Box>
        );
      })}
    </EntryList>
  );
};

export const CanSayInputs = ({ values, onChange }: LandmineInputsProps) => {
  const translate = useTranslate();
  const list = values.canSay;
  const set = (next: typeof list) => onChange({ ...values, canSay: next });
  return (
    <EntryList
      titleKey="app.dictionary.landmine.canSay"
      addKey="app.dictionary.landmine.addCanSay"
      onAdd={() => set([...list, emptyCanSay()])}
    >
      {list.map((entry, index) => {
        const label = translate('app.dictionary.landmine.canSayPoint', { index: index + 1 });
        return (
          <Box key={index} sx={row}>
            <TextField
              size="small"
              label={label}
              value={entry.point}
              onChange={(e) => set(replaceAt(list, index, { ...entry, point: e.target.value }))}
              fullWidth
            />
            <TextField
              size="small"
              label={translate('app.dictionary.landmine.context')}
              value={entry.context}
              onChange={(e) => set(replaceAt(list, index, { ...entry, context: e.target.value }))}
              fullWidth
            />
            <RemoveButton label={label} onClick={() => set(removeAt(list, index))} />
          </Box>
        );
      })}
    </EntryList>
  );
};

export const CannotSayInputs = ({ values, onChange }: LandmineInputsProps) => {
  const translate = useTranslate();
  const list = values.cannotSay;
  const set = (next: typeof list) => onChange({ ...values, cannotSay: next });
  return (
    <EntryList
      titleKey="app.dictionary.landmine.cannotSay"
      addKey="app.dictionary.landmine.addCannotSay"
      onAdd={() => set([...list, emptyCannotSay()])}
    >
      {list.map((entry, index) => {
        const label = translate('app.dictionary.landmine.cannotSayPoint', { index: index + 1 });
        const update = (patch: Partial<typeof entry>) => set(replaceAt(list, index, { ...entry, ...patch }));
        return (
          <Box key={index} sx={row}>
            <TextField size="small" label={label} value={entry.point} onChange={(e) => update({ point: e.target.value })} fullWidth />
            <TextField
              size="small"
              label={translate('app.dictionary.landmine.reason')}
              value={entry.reason}
              onChange={(e) => update({ reason: e.target.value })}
              fullWidth
            />
            <TextField
              select
              size="small"
              label={translate('app.dictionary.landmine.severity')}
              value={entry.severity}
              onChange={(e) => update({ severity: e.target.value as Severity })}
              sx={{ minWidth: 160 }}
            >
              {LANDMINE_SEVERITIES.map((severity) => (
                <MenuItem key={severity} value={severity}>
                  {translate(`app.dictionary.landmine.severities.${severity}`)}
                </MenuItem>
              ))}
            </TextField>
            <RemoveButton label={label} onClick={() => set(removeAt(list, index))} />
          </Box>
        );
      })}
    </EntryList>
  );
};
