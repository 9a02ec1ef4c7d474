/**
 * Users page, "grant role" (spec 6: roles of a user, per post): the user's posts (main first,
 * querySysUserPostTree) and, for the chosen post, the roles granted with it on the right and
 * the others on the left (queryRoleName assign 1 / 0). OK replaces the user's roles of that
 * post (authorizeRoleToUser with the post code). "All posts" works on every grant of the user
 * (no post code): roles granted without a post hold for every post.
 */
import { useState } from 'react';
import { Alert, Checkbox, Empty, Form, Select, Transfer, type TransferProps } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { ActionFooter, idOf, LoadState, NoRecord, useLoad } from './ActionParts.tsx';
import { client } from './grantApi.ts';
import { keysToIds, roleTransfer, userPosts, type PostOption, type RoleItem } from './grantTree.ts';
import { useAssign } from './useAssign.ts';

/** The post select's value for "every post" (no post code sent). */
const ALL_POSTS = '';

type ListBodyProps = Parameters<NonNullable<TransferProps<RoleItem>['children']>>[0];

export default function UserGrantRole({ records, onClose }: ActionComponentProps) {
  const userId = idOf(records[0]);
  const loaded = useLoad(async () => {
    if (userId === undefined) return undefined;
    return userPosts((await (await client()).querySysUserPostTree({ userId })).data);
  }, [userId]);
  if (userId === undefined) return <NoRecord onClose={() => onClose(false)} />;
  const username = String(records[0]?.username ?? userId);
  return <LoadState loaded={loaded}>{(posts) => (posts ? <GrantRole userId={userId} username={username} posts={posts} onClose={onClose} /> : null)}</LoadState>;
}

function GrantRole({ userId, username, posts, onClose }: { userId: number; username: string; posts: PostOption[]; onClose(changed: boolean): void }) {
  const { t } = useTranslation();
  const [postCode, setPostCode] = useState<string>(posts[0]?.value ?? ALL_POSTS);
  const post = postCode === ALL_POSTS ? {} : { postCode };
  const assign = useAssign<RoleItem[]>({
    key: `${userId}\u0000${postCode}`,
    load: async () => {
      const api = await client();
      const [granted, others] = await Promise.all([api.queryRoleName({ userId, ...post, assign: '1' }), api.queryRoleName({ userId, ...post, assign: '0' })]);
      const { items, targetKeys } = roleTransfer(granted.data, others.data);
      return { candidates: items, linked: targetKeys };
    },
    save: async (links) => {
      await (await client()).authorizeRoleToUser({ userId, roleId: keysToIds(links), ...post });
    },
  });

  const save = async () => {
    if ((await assign.save()) !== 'saved') return;
    toastSuccess(t('resourceActions.grantRole.saved', { user: username }));
    onClose(false);
  };

  const postOptions = [
    ...posts.map((p) => ({ value: p.value, label: p.main ? t('resourceActions.grantRole.mainPost', { post: p.label }) : p.label })),
    { value: ALL_POSTS, label: t('resourceActions.grantRole.allPosts') },
  ];

  return (
    <div className="resource-action" data-testid="grant-role">
      <Form layout="vertical" component="div">
        <Form.Item label={t('resourceActions.grantRole.post')} htmlFor="grant-role-post" style={{ marginBottom: 0 }}>
          <Select id="grant-role-post" value={postCode} onChange={setPostCode} options={postOptions} aria-label={t('resourceActions.grantRole.post')} />
        </Form.Item>
      </Form>
      {posts.length === 0 && <Alert type="info" showIcon title={t('resourceActions.grantRole.noPost')} />}
      {postCode === ALL_POSTS && posts.length > 0 && <Alert type="info" showIcon title={t('resourceActions.grantRole.allPostsHint')} />}
      <LoadState loaded={assign.loaded}>
        {(items) => (
          <>
            <Transfer<RoleItem>
              key={postCode}
              className="resource-action-transfer"
              dataSource={items}
              targetKeys={[...assign.checked]}
              onChange={(keys) => assign.setChecked(keys.map(String))}
              titles={[t('resourceActions.grantRole.available'), t('resourceActions.grantRole.granted')]}
              actions={[t('resourceActions.grantRole.add'), t('resourceActions.grantRole.remove')]}
              showSearch
              showSelectAll={false}
              filterOption={(text, item) => `${item.title} ${item.description}`.toLowerCase().includes(text.trim().toLowerCase())}
              locale={{ searchPlaceholder: t('resourceActions.grantRole.search') }}
            >
              {(list) => <RoleList {...list} />}
            </Transfer>
            <ActionFooter onCancel={() => onClose(false)} onOk={() => void save()} busy={assign.busy} />
          </>
        )}
      </LoadState>
    </div>
  );
}

function RoleList({ filteredItems, selectedKeys, onItemSelect, disabled, direction }: ListBodyProps) {
  const { t } = useTranslation();
  if (filteredItems.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('resourceActions.grantRole.none')} />;
  return (
    <ul className="resource-action-transfer-list" aria-label={t(direction === 'left' ? 'resourceActions.grantRole.available' : 'resourceActions.grantRole.granted')}>
      {filteredItems.map((item) => (
        <li key={item.key}>
          <Checkbox checked={selectedKeys.includes(item.key)} disabled={disabled} onChange={(e) => onItemSelect(item.key, e.target.checked)}>
            {item.title}{' '}
            <span className="resource-action-code">{item.description}</span>
          </Checkbox>
        </li>
      ))}
    </ul>
  );
}
