import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { Controller } from 'react-hook-form';

/** The question of an item or variation dialog (spec 5: required), bound to the dialog's form. */
export const QuestionInput = () => {
  const translate = useTranslate();
  return (
    <Controller
      name="question"
      render={({ field: { ref, ...field } }) => (
        <TextField {...field} inputRef={ref} label={translate('app.dictionary.form.question')} required multiline autoFocus fullWidth />
      )}
    />
  );
};
