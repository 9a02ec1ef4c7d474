/**
 * Organisation and post switchers (spec 4): choosing one reloads the menu routes for it;
 * clearing the post reloads the default menu.
 */
import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { querySysUserPost, type UserPost } from '../../api/account.ts';
import { listOf } from '../../http/envelope.ts';
import { userState } from '../../auth/userState.ts';
import { loadAuthority } from '../../auth/session.ts';
import { toastError } from '../../feedback/feedback.ts';
import { parentOrgs } from './parentOrgs.ts';

async function reload(scope: { parentId?: number; postCode?: string }, fallback: string): Promise<void> {
  try {
    await loadAuthority(scope);
  } catch (err) {
    toastError(err instanceof Error && err.message ? err.message : fallback);
  }
}

export function OrgSwitcher() {
  const { t } = useTranslation();
  const user = useSnapshot(userState);
  const orgs = parentOrgs(user.orgs);
  if (!orgs.length) return null;
  return (
    <Select<number>
      className="navbar-select"
      allowClear
      size="small"
      placeholder={t('navbar.organisation')}
      aria-label={t('navbar.organisation')}
      value={user.currentOrgId}
      popupMatchSelectWidth={false}
      options={orgs.map((o) => ({ value: o.id, label: o.orgName }))}
      onChange={(value) => void reload(value === undefined ? {} : { parentId: value }, t('session.hasError'))}
      data-testid="org-switcher"
    />
  );
}

export function PostSwitcher() {
  const { t } = useTranslation();
  const user = useSnapshot(userState);
  const [posts, setPosts] = useState<UserPost[] | undefined>();
  const load = async () => {
    if (posts || user.id === undefined) return;
    try {
      const answer = await querySysUserPost(user.id);
      setPosts(listOf(answer.data));
    } catch {
      setPosts([]);
    }
  };
  return (
    <Select<string>
      className="navbar-select"
      allowClear
      size="small"
      placeholder={t('navbar.post')}
      aria-label={t('navbar.post')}
      value={user.currentPostCode}
      notFoundContent={t('navbar.noPost')}
      popupMatchSelectWidth={false}
      onOpenChange={(open) => open && void load()}
      options={(posts ?? []).map((p) => ({ value: p.postCode, label: p.postName ?? p.postCode }))}
      onChange={(value) => void reload(value ? { postCode: value } : {}, t('session.hasError'))}
      data-testid="post-switcher"
    />
  );
}
