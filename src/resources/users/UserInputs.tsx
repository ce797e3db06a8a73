import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { ROLES } from '@/contract/auth';
import type { UserRecord } from './userTypes';

export type UserFormValues = Pick<UserRecord, 'email' | 'name' | 'role' | 'isActive'> & { password: string };

interface UserInputsProps {
  mode: 'create' | 'edit';
  values: UserFormValues;
  onChange: (patch: Partial<UserFormValues>) => void;
}

/** spec 5: the fields shared by Create New User and Edit User; the email is set once, at creation. */
export const UserInputs = ({ mode, values, onChange }: UserInputsProps) => {
  const translate = useTranslate();
  const creating = mode === 'create';
  const text = (field: 'email' | 'password' | 'name') => ({
    label: translate(`app.users.fields.${field}`),
    value: values[field],
    onChange: (event: { target: { value: string } }) => onChange({ [field]: event.target.value }),
    fullWidth: true,
  });
  return (
    <>
      <TextField {...text('email')} type="email" required={creating} disabled={!creating} autoFocus={creating} />
      {creating && <TextField {...text('password')} type="password" required helperText={translate('app.users.fields.passwordHelper')} />}
      <TextField {...text('name')} required autoFocus={!creating} />
      <TextField
        select
        label={translate('app.users.fields.role')}
        value={values.role}
        onChange={(event) => onChange({ role: event.target.value as UserFormValues['role'] })}
        fullWidth
      >
        {ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {translate(`app.users.filters.${role}`)}
          </MenuItem>
        ))}
      </TextField>
      {!creating && (
        <FormControlLabel
          control={<Switch checked={values.isActive} onChange={(event) => onChange({ isActive: event.target.checked })} />}
          label={translate('app.users.fields.active')}
        />
      )}
    </>
  );
};
