import { useCallback, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageBannerProvider } from '@/shared/PageBanner';
import { PATHS } from '@/shared/paths';
import { EmbeddingProgress } from './EmbeddingProgress';
import { DICTIONARY_TABS, type DictionaryTab } from './items/dictionaryTypes';
import { ItemsTab } from './items/ItemsTab';
import { LandmineList } from './landmines/LandmineList';
import { PhraseTester } from './PhraseTester';

/** spec 2: three tabs, each its own react-admin list; the page's one banner (spec 8) is shared by all three. */
export const DictionaryPage = () => {
  const translate = useTranslate();
  // A near-duplicate's link opens the page on the item's tab, searching for it.
  const [params] = useSearchParams();
  const [view, setView] = useState(() => ({
    tab: DICTIONARY_TABS.find((name) => name === params.get('tab')) ?? 'objections',
    search: params.get('search') ?? '',
  }));
  // spec 4: the next tab starts from the search typed, on its page 1.
  const search = useRef(view.search);
  const typed = useCallback((text: string) => {
    search.current = text;
  }, []);
  const changeTab = (tab: DictionaryTab) => setView({ tab, search: search.current });

  return (
    <PageBannerProvider view={view.tab}>
      <Box sx={{ py: 2 }}>
        <EmbeddingProgress />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={PATHS.variationSuggestions} variant="outlined">
            {translate('app.suggestions.open')}
          </Button>
        </Box>
        <PhraseTester />
        <Tabs
          value={view.tab}
          onChange={(_, next: DictionaryTab) => changeTab(next)}
          aria-label={translate('app.layout.titles.dictionary')}
        >
          {DICTIONARY_TABS.map((name) => (
            <Tab key={name} value={name} label={translate(`app.dictionary.tabs.${name}`)} />
          ))}
        </Tabs>
        {view.tab === 'landmines' ? (
          <LandmineList initialSearch={view.search} onSearchChange={typed} />
        ) : (
          <ItemsTab key={view.tab} resource={view.tab} initialSearch={view.search} onSearchChange={typed} />
        )}
      </Box>
    </PageBannerProvider>
  );
};

DictionaryPage.path = PATHS.dictionary;
