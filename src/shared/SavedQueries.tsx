import { useId, useMemo, useState } from 'react';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController } from 'react-hook-form';
import { extractValidSavedQueries, type SavedQuery, useListContext, useSavedQueries, useTranslate } from 'react-admin';
import { FormDialog } from './FormDialog';
import { usePreferenceKey } from './listPreferences';
import { ToolbarPopupButton } from './ToolbarPopupButton';

const NAME_MAX_LENGTH = 60;

const NameField = ({ names }: { names: readonly string[] }) => {
  const translate = useTranslate();
  const { field, fieldState } = useController({
    name: 'name',
    rules: { validate: (value: string) => value.trim() !== '' || translate('app.listPreferences.queries.nameRequired') },
  });
  const replaces = names.includes(String(field.value ?? '').trim());
  return (
    <TextField
      {...field}
      autoFocus
      fullWidth
      margin="dense"
      label={translate('app.listPreferences.queries.name')}
      error={fieldState.invalid}
      helperText={fieldState.error?.message ?? (replaces ? translate('app.listPreferences.queries.replaces') : ' ')}
      slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
    />
  );
};

const NO_NAME = { name: '' };

const NameDialog = ({ names, onSave, onClose }: { names: string[]; onSave: (name: string) => void; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <FormDialog
      title={translate('app.listPreferences.queries.saveTitle')}
      submitLabel={translate('ra.action.save')}
      maxWidth="xs"
      pending={false}
      error={null}
      onDismissError={onClose}
      onClose={onClose}
      defaultValues={NO_NAME}
      onSubmit={(values: { name?: unknown }) => onSave(String(values.name ?? '').trim())}
    >
      <NameField names={names} />
    </FormDialog>
  );
};

export const validQueries = (stored: unknown): SavedQuery[] =>
  Array.isArray(stored)
    ? extractValidSavedQueries(stored.filter((entry): entry is SavedQuery => Boolean(entry) && typeof entry === 'object')).filter(
        (entry) => entry.label.trim() !== '',
      )
    : [];

interface SavedQueriesProps {
  /** Stable across renders; default all. */
  accept?: (value: SavedQuery['value']) => boolean;
}

/** Kept in react-admin's store under the admin's uid (listPreferences.ts). */
export const SavedQueries = ({ accept }: SavedQueriesProps = {}) => {
  const translate = useTranslate();
  const { resource, filterValues, displayedFilters, sort, perPage, setFilters, setSort, setPerPage } = useListContext();
  const [stored, setStored] = useSavedQueries(usePreferenceKey(resource));
  const saved = useMemo(() => validQueries(stored).filter((entry) => accept?.(entry.value) ?? true), [stored, accept]);
  const current: SavedQuery['value'] = { filter: filterValues, displayedFilters: Object.keys(displayedFilters ?? {}), sort, perPage };
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const popoverId = useId();
  const label = translate('app.listPreferences.queries.button');
  const apply = ({ filter = {}, sort: savedSort, perPage: savedPerPage }: SavedQuery['value']) => {
    setFilters(filter, Object.fromEntries(Object.keys(filter).map((key) => [key, true])));
    if (savedSort) setSort(savedSort);
    if (savedPerPage && savedPerPage !== perPage) setPerPage(savedPerPage);
  };
  const save = (name: string) => setStored([...saved.filter((entry) => entry.label !== name), { label: name, value: current }]);
  const remove = (name: string) => setStored(saved.filter((entry) => entry.label !== name));
  return (
    <>
      <ToolbarPopupButton
        label={label}
        popup="dialog"
        popupId={popoverId}
        open={anchor !== null}
        onOpen={(event) => setAnchor(event.currentTarget)}
      >
        <BookmarksIcon />
      </ToolbarPopupButton>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ p: 1, width: 320, maxWidth: '100vw' }} role="group" aria-label={label}>
          <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 0.5 }}>
            {saved.length > 0
              ? translate('app.listPreferences.queries.count', { smart_count: saved.length })
              : translate('app.listPreferences.queries.empty')}
          </Typography>
          {saved.length > 0 && (
            <List dense>
              {saved.map(({ label: name, value }) => (
                <ListItem
                  key={name}
                  disablePadding
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={translate('app.listPreferences.queries.delete', { name })}
                      onClick={() => remove(name)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  }
                >
                  <ListItemButton
                    selected={sameQuery(queryOf(value), queryOf(current))}
                    aria-label={translate('app.listPreferences.queries.apply', { name })}
                    onClick={() => {
                      apply(value);
                      setAnchor(null);
                    }}
                  >
                    <ListItemText primary={name} slotProps={{ primary: { noWrap: true } }} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
          <Button startIcon={<SaveIcon />} onClick={() => setNaming(true)}>
            {translate('app.listPreferences.queries.save')}
          </Button>
        </Box>
      </Popover>
      {naming && (
        <NameDialog
          names={saved.map((entry) => entry.label)}
          onClose={() => setNaming(false)}
          onSave={(name) => {
            save(name);
            setNaming(false);
          }}
        />
      )}
    </>
  );
};

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

export const sameQuery = (a: unknown, b: unknown) => canonical(a) === canonical(b);

const queryOf = ({ filter = {}, sort, perPage }: SavedQuery['value']) => ({ filter, sort, perPage });
