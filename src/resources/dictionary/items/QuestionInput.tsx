import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { Controller } from 'react-hook-form';

/** spec 5: required. */
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
