import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslate, type Identifier } from 'react-admin';
import { useRowSelection } from '@/shared/useRowSelection';
import { ConfirmDialog } from '@/shared/ConfirmDialog';
import type { Landmine } from '@/resources/dictionary/items/dictionaryTypes';
import { LandmineDialog } from './LandmineDialog';
import { LandmineBulkBar } from './LandmineBulkBar';
import { LandmineRow } from './LandmineRow';
import { ListState, useListFailure } from '@/shared/ListState';
import { searchLandmines } from '@/resources/dictionary/items/searchItems';
import type { BannerControls } from '@/shared/useBanner';
import { useLandmineActions, useLandmineBulk } from './useLandmineActions';
import { useLandmines } from './useLandmines';

interface LandmineListProps {
  search: string;
  adding: boolean;
  onAddClose: () => void;
  banner: BannerControls;
}

/** The Landmines tab: every landmine (one call), filtered in the browser (spec 5). */
export const LandmineList = ({ search, adding, onAddClose, banner }: LandmineListProps) => {
  const translate = useTranslate();
  const query = useLandmines();
  const { data } = query;
  const { isPending, isError, retrying } = useListFailure(query);
  const actions = useLandmineActions(banner);
  const [editing, setEditing] = useState<Landmine | null>(null);
  const [deleting, setDeleting] = useState<Identifier | null>(null);
  const bulk = useLandmineBulk(banner);
  // a pending bulk change shows at once (deleted rows hidden, new status shown) until Undo or the reload
  const landmines = bulk.apply(isError ? [] : searchLandmines(data ?? [], search));
  const selection = useRowSelection(landmines.map((landmine) => landmine.id));
  const dialogOpen = adding || editing !== null;
  const closeDialog = () => (adding ? onAddClose() : setEditing(null));

  return (
    <>
      <ListState
        isPending={isPending}
        isError={isError}
        retrying={retrying}
        isEmpty={!isPending && landmines.length === 0}
        emptyKey="app.dictionary.empty.landmines"
      />
      {landmines.length > 0 && <LandmineBulkBar selection={selection} landmines={landmines} run={bulk.run} />}
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {landmines.map((landmine) => (
          <LandmineRow
            key={landmine.id}
            landmine={landmine}
            selected={selection.isSelected(landmine.id)}
            onSelect={() => selection.toggle(landmine.id)}
            onToggle={() => void actions.toggle(landmine.id)}
            onEdit={() => setEditing(landmine)}
            onDelete={() => setDeleting(landmine.id)}
          />
        ))}
      </Stack>
      {dialogOpen && (
        <LandmineDialog
          landmine={adding ? undefined : (editing ?? undefined)}
          onClose={closeDialog}
          onSave={(body) => actions.save(body, adding ? undefined : (editing ?? undefined))}
          onReload={editing ? () => actions.latest(editing.id) : undefined}
        />
      )}
      {deleting !== null && (
        <ConfirmDialog
          message={translate('app.dictionary.confirm.landmine')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            setDeleting(null);
            void actions.remove(deleting);
          }}
        />
      )}
    </>
  );
};
