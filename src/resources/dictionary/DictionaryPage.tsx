import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { PATHS } from '@/shared/paths';
import { DictionaryToolbar } from './DictionaryToolbar';
import { EmbeddingProgress } from './EmbeddingProgress';
import { PhraseTester } from './PhraseTester';
import { DICTIONARY_TABS, dictionaryQueryKey, type DictionaryTab } from './items/dictionaryTypes';
import { ItemsTab } from './items/ItemsTab';
import { LandmineList } from './landmines/LandmineList';
import { BannerAlert } from '@/shared/BannerAlert';
import { useBanner } from '@/shared/useBanner';

/** spec 2: Dictionary Management, three tabs over objections, FAQs and landmines. */
export const DictionaryPage = () => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const bannerControls = useBanner();
  const { banner, clear } = bannerControls;
  // a near-duplicate's link opens the page on the item's tab, searching for it
  const [params] = useSearchParams();
  const [tab, setTab] = useState<DictionaryTab>(() => DICTIONARY_TABS.find((name) => name === params.get('tab')) ?? 'objections');
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const stopAdding = useCallback(() => setAdding(false), []);

  // spec 4: changing tab resets to page 1; a new search starts from page 1 too
  const changeTab = (next: DictionaryTab) => {
    setTab(next);
    setPage(1);
  };
  const changeSearch = (next: string) => {
    setSearch(next);
    setPage(1);
  };

  return (
    <Box sx={{ py: 2 }}>
      <EmbeddingProgress />
      <PhraseTester />
      <Tabs value={tab} onChange={(_, next: DictionaryTab) => changeTab(next)} aria-label={translate('app.layout.titles.dictionary')}>
        {DICTIONARY_TABS.map((name) => (
          <Tab key={name} value={name} label={translate(`app.dictionary.tabs.${name}`)} />
        ))}
      </Tabs>
      <DictionaryToolbar
        tab={tab}
        search={search}
        onSearchChange={changeSearch}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: dictionaryQueryKey(tab) })}
        onAdd={() => setAdding(true)}
      />
      <BannerAlert banner={banner} onClose={clear} />
      {tab === 'landmines' ? (
        <LandmineList search={search} adding={adding} onAddClose={stopAdding} banner={bannerControls} />
      ) : (
        <ItemsTab
          key={tab}
          resource={tab}
          search={search}
          page={page}
          onPageChange={setPage}
          adding={adding}
          onAddClose={stopAdding}
          banner={bannerControls}
        />
      )}
    </Box>
  );
};

DictionaryPage.path = PATHS.dictionary;
