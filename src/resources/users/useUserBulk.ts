import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@/dataProvider/types';
import { failureReasons, runEach } from '@/shared/bulkOutcome';
import { usePageBanner } from '@/shared/PageBanner';
import { LONG_BANNER_MS } from '@/shared/useBanner';
import { useRowSelection } from '@/shared/useRowSelection';
import { useIsOwnAccount } from './useIsOwnAccount';
import type { UserRecord } from './userTypes';

export type UserBulkAction = 'enable' | 'disable';

/** Never the admin's own account (the server refuses its disabling) nor a deleted user. */
export const useUserSelection = () => {
  const { data } = useListContext<UserRecord>();
  const isOwn = useIsOwnAccount();
  return useRowSelection((data ?? []).filter((user) => !user.deletedAt && !isOwn(user)).map(({ id }) => id));
};

/** One toggle per user, one after the other, so the server's rules (the last active admin) and audit row apply per user. */
export const useUserBulk = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const banner = usePageBanner();
  const rows = useListContext<UserRecord>().data ?? [];
  const selection = useUserSelection();
  const [running, setRunning] = useState(false);

  const run = async (action: UserBulkAction) => {
    const wanted = action === 'enable';
    const chosen = rows.filter((user) => selection.isSelected(user.id));
    const already = chosen.filter((user) => user.isActive === wanted).length;
    setRunning(true);
    const { done, failed } = await runEach(
      chosen.filter((user) => user.isActive !== wanted).map(({ id }) => id),
      async (id) => {
        const result = await dataProvider.toggleUser(id);
        // Someone else set this status since the page loaded: the toggle undid it, so toggle back.
        if (result.isActive === !wanted) {
          await dataProvider.toggleUser(id);
          return 'already' as const;
        }
        return 'changed' as const;
      },
    );
    // spec 4; the summary waits so the rows already show the outcome.
    await queryClient.invalidateQueries({ queryKey: ['users'] });
    setRunning(false);
    selection.clear();
    const changed = done.filter(({ result }) => result === 'changed').length;
    const parts = [
      translate(wanted ? 'app.bulk.users.enabled' : 'app.bulk.users.disabled', { smart_count: changed }),
      ...(already + done.length - changed > 0
        ? [
            translate(wanted ? 'app.bulk.users.alreadyEnabled' : 'app.bulk.users.alreadyDisabled', {
              smart_count: already + done.length - changed,
            }),
          ]
        : []),
      ...(failed.length > 0
        ? [
            translate('app.bulk.users.failed', {
              smart_count: failed.length,
              reason: failureReasons(failed, 'app.bulk.users.failedFallback', translate),
            }),
          ]
        : []),
    ];
    if (failed.length > 0) banner.error(parts.join(', '));
    else banner.success(parts.join(', '), LONG_BANNER_MS);
  };

  return { selection, running, run };
};
