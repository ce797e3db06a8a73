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
import { Controller, useFieldArray } from 'react-hook-form';
import { LANDMINE_SEVERITIES } from '@/contract/landmines';
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

const EntryText = ({
  control,
  name,
  label,
}: LandmineInputsProps & { name: `${'canSay' | 'cannotSay'}.${number}.${string}`; label: string }) => (
  <Controller
    name={name as 'canSay.0.point'}
    control={control}
    render={({ field: { ref, ...field } }) => <TextField {...field} inputRef={ref} size="small" label={label} fullWidth />}
  />
);

export const TriggerVariationInputs = ({ control }: LandmineInputsProps) => {
  const translate = useTranslate();
  return (
    <Controller
      name="triggerVariations"
      control={control}
      render={({ field: { value: list, onChange: set } }) => (
        <EntryList
          titleKey="app.dictionary.landmine.triggerVariations"
          addKey="app.dictionary.landmine.addTriggerVariation"
          onAdd={() => set([...list, ''])}
        >
          {list.map((text, index) => {
            const label = translate('app.dictionary.landmine.triggerVariation', { index: index + 1 });
            return (
              <Box key={index} sx={row}>
                <TextField
                  size="small"
                  label={label}
                  value={text}
                  onChange={(e) => set(replaceAt(list, index, e.target.value))}
                  fullWidth
                />
                <RemoveButton label={label} onClick={() => set(removeAt(list, index))} />
              </Box>
            );
          })}
        </EntryList>
      )}
    />
  );
};

export const CanSayInputs = ({ control }: LandmineInputsProps) => {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ control, name: 'canSay' });
  return (
    <EntryList titleKey="app.dictionary.landmine.canSay" addKey="app.dictionary.landmine.addCanSay" onAdd={() => append(emptyCanSay())}>
      {fields.map((entry, index) => {
        const label = translate('app.dictionary.landmine.canSayPoint', { index: index + 1 });
        return (
          <Box key={entry.id} sx={row}>
            <EntryText control={control} name={`canSay.${index}.point`} label={label} />
            <EntryText control={control} name={`canSay.${index}.context`} label={translate('app.dictionary.landmine.context')} />
            <RemoveButton label={label} onClick={() => remove(index)} />
          </Box>
        );
      })}
    </EntryList>
  );
};

export const CannotSayInputs = ({ control }: LandmineInputsProps) => {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ control, name: 'cannotSay' });
  return (
    <EntryList
      titleKey="app.dictionary.landmine.cannotSay"
      addKey="app.dictionary.landmine.addCannotSay"
      onAdd={() => append(emptyCannotSay())}
    >
      {fields.map((entry, index) => {
        const label = translate('app.dictionary.landmine.cannotSayPoint', { index: index + 1 });
        return (
          <Box key={entry.id} sx={row}>
            <EntryText control={control} name={`cannotSay.${index}.point`} label={label} />
            <EntryText control={control} name={`cannotSay.${index}.reason`} label={translate('app.dictionary.landmine.reason')} />
            <Controller
              name={`cannotSay.${index}.severity`}
              control={control}
              render={({ field: { ref, ...field } }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  select
                  size="small"
                  label={translate('app.dictionary.landmine.severity')}
                  sx={{ minWidth: 160 }}
                >
                  {LANDMINE_SEVERITIES.map((severity) => (
                    <MenuItem key={severity} value={severity}>
                      {translate(`app.dictionary.landmine.severities.${severity}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <RemoveButton label={label} onClick={() => remove(index)} />
          </Box>
        );
      })}
    </EntryList>
  );
};
