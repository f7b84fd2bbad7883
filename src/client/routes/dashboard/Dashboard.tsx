import { useSearchParams } from 'react-router';
import { DASHBOARD_TABS, type DashboardTab } from '#shared/constants';
import { type TabDefinition, Tabs } from '../../components/Tabs';
import { usePageTitle } from '../../hooks/usePageTitle';
import { CreateTab } from './CreateTab';
import { FriendsTab } from './FriendsTab';
import { GlobalTab } from './GlobalTab';
import { ManageTab } from './ManageTab';

const TAB_LABELS: Record<DashboardTab, string> = {
  global: 'Global',
  friends: 'Friends',
  create: 'Create',
  manage: 'Manage',
};
const TABS: readonly TabDefinition<DashboardTab>[] = DASHBOARD_TABS.map((id) => ({
  id,
  label: TAB_LABELS[id],
}));

function parseTab(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((tab) => tab === value) ?? 'global';
}

// spec §2 Dashboard: four tabs. The tab lives in the URL (?tab=) so a reload or a shared link
// keeps it; switching replaces the history entry rather than piling one up per tab.
export function DashboardScreen() {
  usePageTitle('Dashboard');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseTab(searchParams.get('tab'));

  const selectTab = (next: DashboardTab) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  };

  return (
    <>
      <h1 className="visually-hidden">Dashboard</h1>
      <Tabs label="Dashboard" tabs={TABS} selected={tab} onSelect={selectTab}>
        {tab === 'global' ? <GlobalTab /> : null}
        {tab === 'friends' ? <FriendsTab /> : null}
        {tab === 'create' ? <CreateTab /> : null}
        {tab === 'manage' ? <ManageTab /> : null}
      </Tabs>
    </>
  );
}
