import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@/dataProvider/types';
import type { UserRecord } from './userTypes';

/** docs/api.md "Versions": the API reads no single user, so a reload after a 409 searches the list for the row. */
export const useUserVersion = (user: UserRecord, onReloaded?: () => void) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [version, setVersion] = useState(user.version);
  const [theirs, setTheirs] = useState<UserRecord | null>(null);
  const reload = async () => {
    try {
      const { data } = await dataProvider.getList<UserRecord>('users', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: { search: user.email },
      });
      const latest = data.find((candidate) => candidate.id === user.id);
      if (!latest) return false;
      setVersion(latest.version);
      setTheirs(latest);
      onReloaded?.();
      return true;
    } catch {
      return false;
    }
  };
  const theirsText =
    theirs &&
    translate('app.users.dialogs.edit.theirs', {
      name: theirs.name,
      role: translate(`app.users.filters.${theirs.role}`),
      status: translate(`app.users.filters.${theirs.isActive ? 'active' : 'inactive'}`),
    });
  return { version, theirs, theirsText, reload };
};
