import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { LANDMINE_PRIORITIES } from '@/contract/landmines';
import type { Priority } from '../dictionaryItems/dictionaryTypes';
import type { LandmineFormValues, LandmineInputsProps } from './landmineForm';
import { CannotSayInputs, CanSayInputs, TriggerVariationInputs } from './LandminePointInputs';

/** The landmine form's inputs, shared by add and edit (spec 5, 9). */
export const LandmineInputs = ({ values, onChange }: LandmineInputsProps) => {
  const translate = useTranslate();
  const set = <K extends keyof LandmineFormValues>(name: K, value: LandmineFormValues[K]) => onChange({ ...values, [name]: value });
  return (
    <>
      <TextField
        label={translate('app.dictionary.landmine.trigger')}
        value={values.trigger}
        onChange={(e) => set('trigger', e.target.value)}
        required
        autoFocus
        fullWidth
      />
      <TextField
        label={translate('app.dictionary.landmine.category')}
        value={values.category}
        onChange={(e) => set('category', e.target.value)}
        required
        fullWidth
      />
      <TextField
        select
        label={translate('app.dictionary.landmine.priority')}
        value={values.priority}
        onChange={(e) => set('priority', e.target.value as Priority)}
        fullWidth
      >
        {LANDMINE_PRIORITIES.map((priority) => (
          <MenuItem key={priority} value={priority}>
            {translate(`app.dictionary.landmine.priorities.${priority}`)}
          </MenuItem>
        ))}
      </TextField>
      <TriggerVariationInputs values={values} onChange={onChange} />
      <CanSayInputs values={values} onChange={onChange} />
      <CannotSayInputs values={values} onChange={onChange} />
      <TextField
        label={translate('app.dictionary.landmine.quickTips')}
        value={values.quickTips}
        onChange={(e) => set('quickTips', e.target.value)}
        multiline
        minRows={2}
        fullWidth
      />
    </>
  );
};
