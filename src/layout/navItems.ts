import type { SvgIconComponent } from '@mui/icons-material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HistoryIcon from '@mui/icons-material/History';
import InsightsIcon from '@mui/icons-material/Insights';
import StyleIcon from '@mui/icons-material/Style';
import RuleIcon from '@mui/icons-material/Rule';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import SettingsIcon from '@mui/icons-material/Settings';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { PATHS } from '@/shared/paths';

/** spec 2: the side navigation, in order; labels are app.layout.menu.<key>. */
export const NAV_ITEMS: { key: string; path: string; Icon: SvgIconComponent }[] = [
  { key: 'dashboard', path: PATHS.dashboard, Icon: DashboardIcon },
  { key: 'sessions', path: PATHS.sessions, Icon: RecordVoiceOverIcon },
  { key: 'search', path: PATHS.search, Icon: ManageSearchIcon },
  { key: 'insights', path: PATHS.insights, Icon: InsightsIcon },
  { key: 'dictionary', path: PATHS.dictionary, Icon: MenuBookIcon },
  { key: 'battlecards', path: PATHS.battlecards, Icon: StyleIcon },
  { key: 'phraseLabels', path: PATHS.phraseLabels, Icon: RuleIcon },
  { key: 'users', path: PATHS.users, Icon: PeopleIcon },
  { key: 'audit', path: PATHS.audit, Icon: HistoryIcon },
  { key: 'apiKeys', path: PATHS.apiKeys, Icon: VpnKeyIcon },
  { key: 'settings', path: PATHS.settings, Icon: SettingsIcon },
];

const TITLED_PATHS = [
  'dashboard',
  'sessions',
  'insights',
  'dictionary',
  'users',
  'settings',
  'transcripts',
  'audit',
  'apiKeys',
  'battlecards',
  'phraseLabels',
  'search',
] as const;

export const isCurrentPath = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The i18n key of the top bar's title for a location (app.layout.titles.<page>). */
export const pageTitleKey = (pathname: string): string => {
  const page = TITLED_PATHS.find((key) => isCurrentPath(pathname, PATHS[key]));
  return page ? `app.layout.titles.${page}` : 'app.adminPortal';
};
