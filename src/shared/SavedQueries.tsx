import { type FormEvent, useId, useMemo, useState } from 'react';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { extractValidSavedQueries, type SavedQuery, useListContext, useSavedQueries, useTranslate } from 'react-admin';
import { usePreferenceKey } from './listPreferences';
import { ToolbarPopupButton } from './ToolbarPopupButton';

const NAME_MAX_LENGTH = 60;

const NameDialog = ({ names, onSave, onClose }: { names: string[]; onSave: (name: string) => void; onClose: () => void }) => {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (trimmed) onSave(trimmed);
  };
  const helper =
    touched && !trimmed
      ? translate('app.listPreferences.queries.nameRequired')
      : names.includes(trimmed)
        ? translate('app.listPreferences.queries.replaces')
        : ' ';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate('app.listPreferences.queries.saveTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('app.listPreferences.queries.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={touched && !trimmed}
            helperText={helper}
            slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained">
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

/** The stored queries this list can still apply: a corrupt value or entry is dropped. */
export const validQueries = (stored: unknown): SavedQuery[] =>
  Array.isArray(stored)
    ? extractValidSavedQueries(stored.filter((entry): entry is SavedQuery => Boolean(entry) && typeof entry === 'object')).filter(
        (entry) => entry.label.trim() !== '',
      )
    : [];

interface SavedQueriesProps {
  /** Keeps only the stored queries this list can apply (e.g. filter values its toolbar offers); default all. Stable across renders. */
  accept?: (value: SavedQuery['value']) => boolean;
}

/**
 * The toolbar's Saved queries button over react-admin's list controller and saved queries:
 * save the list's filters, sort and page size under a name, apply one in one click, delete one.
 * Kept in react-admin's store under the admin's uid (listPreferences.ts).
 */
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

/** The same query whatever the order of its keys. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

export const sameQuery = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** What a saved query applies: which filters a toolbar shows is its own affair. */
const queryOf = ({ filter = {}, sort, perPage }: SavedQuery['value']) => ({ filter, sort, perPage });
