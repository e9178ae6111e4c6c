import { EmptyState } from '../../ui/EmptyState';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { CommentItem } from './CommentItem';
import { DynamicItem } from './DynamicItem';
import type { Character } from './queries/group';
import './profile-tabs.css';

export type ProfileTab = 'dynamic' | 'comment';

/** The profile's dynamic and comment tabs; switching works on the page (the wrapper's mask ignores it). */
export function ProfileTabs({ user, tab, onTabChange }: { user: Character; tab: ProfileTab; onTabChange: (t: ProfileTab) => void }) {
  const items = [
    { value: 'dynamic' as const, label: `动态 ${user.dynamic_num}` },
    { value: 'comment' as const, label: `评论 ${user.comment_num}` },
  ];
  return (
    <div className="profile-tabs">
      <Tabs label="动态与评论" value={tab} onValueChange={onTabChange} items={items}>
        <TabPanel value="dynamic">
          {user.dynamic_list.length ? user.dynamic_list.map((d) => <DynamicItem key={d.id} item={d} />) : <EmptyState text="暂无动态" />}
        </TabPanel>
        <TabPanel value="comment">
          {user.comment_list.length ? user.comment_list.map((c) => <CommentItem key={c.id} item={c} />) : <EmptyState text="暂无评论" />}
        </TabPanel>
      </Tabs>
    </div>
  );
}
