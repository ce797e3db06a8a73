import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { Controller, useFormContext } from 'react-hook-form';
import { ROLES } from '@/contract/auth';
import type { UserRecord } from './userTypes';

export type UserFormValues = Pick<UserRecord, 'email' | 'name' | 'role' | 'isActive'> & { password: string };

type UserInputsProps =
  | { mode: 'create' }
  /** spec 6: the server refuses demoting and disabling one's own account. */
  | { mode: 'edit'; email: string; self: boolean; wasAdmin: boolean };

/** spec 5 */
export const UserInputs = (props: UserInputsProps) => {
  const translate = useTranslate();
  const { control } = useFormContext<UserFormValues>();
  const creating = props.mode === 'create';
  const text = (field: 'email' | 'password' | 'name', extra: object) => (
    <Controller
      name={field}
      control={control}
      render={({ field: { ref, ...bound } }) => (
        <TextField {...bound} inputRef={ref} label={translate(`app.users.fields.${field}`)} fullWidth {...extra} />
      )}
    />
  );
  const keepsRole = props.mode === 'edit' && props.self && props.wasAdmin;
  const keepsActive = props.mode === 'edit' && props.self;
  return (
    <>
      {props.mode === 'create' ? (
        text('email', { type: 'email', required: true, autoFocus: true })
      ) : (
        <TextField label={translate('app.users.fields.email')} value={props.email} type="email" disabled fullWidth />
      )}
      {creating && text('password', { type: 'password', required: true, helperText: translate('app.users.fields.passwordHelper') })}
      {text('name', { required: true, autoFocus: !creating })}
      <Controller
        name="role"
        control={control}
        render={({ field: { ref, ...bound } }) => (
          <TextField
            {...bound}
            inputRef={ref}
            select
            label={translate('app.users.fields.role')}
            disabled={keepsRole}
            helperText={keepsRole ? translate('app.users.self.demote') : undefined}
            fullWidth
          >
            {ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {translate(`app.users.filters.${role}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {!creating && (
        <Controller
          name="isActive"
          control={control}
          render={({ field: { ref, value, onChange, ...bound } }) => (
            <div>
              <FormControlLabel
                control={
                  <Switch
                    {...bound}
                    inputRef={ref}
                    checked={value}
                    onChange={(event) => onChange(event.target.checked)}
                    disabled={keepsActive}
                  />
                }
                label={translate('app.users.fields.active')}
              />
              {keepsActive && <FormHelperText>{translate('app.users.self.disable')}</FormHelperText>}
            </div>
          )}
        />
      )}
    </>
  );
};
