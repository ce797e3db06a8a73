import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { Controller, useFormContext } from 'react-hook-form';
import { LANDMINE_PRIORITIES } from '@/contract/landmines';
import type { LandmineCreate } from '@/contract/landmines';
import type { LandmineFormValues } from './landmineForm';
import { CannotSayInputs, CanSayInputs, TriggerVariationInputs } from './LandminePointInputs';

/** spec 5, 9 */
export const LandmineInputs = () => {
  const translate = useTranslate();
  const { control } = useFormContext<LandmineFormValues, unknown, LandmineCreate>();
  return (
    <>
      <Controller
        name="trigger"
        control={control}
        render={({ field: { ref, ...field } }) => (
          <TextField {...field} inputRef={ref} label={translate('app.dictionary.landmine.trigger')} required autoFocus fullWidth />
        )}
      />
      <Controller
        name="category"
        control={control}
        render={({ field: { ref, ...field } }) => (
          <TextField {...field} inputRef={ref} label={translate('app.dictionary.landmine.category')} required fullWidth />
        )}
      />
      <Controller
        name="priority"
        control={control}
        render={({ field: { ref, ...field } }) => (
          <TextField {...field} inputRef={ref} select label={translate('app.dictionary.landmine.priority')} fullWidth>
            {LANDMINE_PRIORITIES.map((priority) => (
              <MenuItem key={priority} value={priority}>
                {translate(`app.dictionary.landmine.priorities.${priority}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TriggerVariationInputs control={control} />
      <CanSayInputs control={control} />
      <CannotSayInputs control={control} />
      <Controller
        name="quickTips"
        control={control}
        render={({ field: { ref, ...field } }) => (
          <TextField {...field} inputRef={ref} label={translate('app.dictionary.landmine.quickTips')} multiline minRows={2} fullWidth />
        )}
      />
    </>
  );
};
