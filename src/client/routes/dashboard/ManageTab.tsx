import { FriendsManager } from '../Friends';

// spec §2 Dashboard, Manage tab: friend search and the friend list, as on the Friends screen.
export function ManageTab() {
  return <FriendsManager />;
}
