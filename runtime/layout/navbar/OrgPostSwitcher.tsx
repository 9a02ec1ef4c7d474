/**
 * Organisation and post switchers (spec 4): choosing one reloads the menu routes for it;
 * clearing the post reloads the default menu. The post chosen is the post in force: its roles
 * give the menu, the buttons and the data permissions, and the server grants the following
 * requests as those roles (session.ts, loadAuthority). Choosing an organisation limits the
 * posts offered to those held in it (or under it); a post held elsewhere is cleared.
 */
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { queryCurrentPost, type UserPost } from '../../api/account.ts';
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

async function postsOf(orgId: number | undefined): Promise<UserPost[]> {
  try {
    const answer = await queryCurrentPost(orgId);
    return Array.isArray(answer.data) ? answer.data : [];
  } catch {
    return [];
  }
}

export function OrgSwitcher() {
  const { t } = useTranslation();
  const user = useSnapshot(userState);
  const orgs = parentOrgs(user.orgs);
  if (!orgs.length) return null;
  const choose = async (value: number | undefined) => {
    // a post held outside the organisation chosen is no longer in force
    const post = user.currentPostCode;
    const keep = post && (await postsOf(value)).some((p) => p.postCode === post) ? post : undefined;
    const scope: { parentId?: number; postCode?: string } = {};
    if (value !== undefined) scope.parentId = value;
    if (keep) scope.postCode = keep;
    await reload(scope, t('session.hasError'));
  };
  return (
    <Select<number>
      className="navbar-select"
      allowClear
      size="small"
      prefix={<span className="navbar-select-label">{t('navbar.organisation')}</span>}
      placeholder={t('navbar.allOrganisations')}
      aria-label={t('navbar.organisationSwitch')}
      title={t('navbar.organisationSwitch')}
      value={user.currentOrgId}
      popupMatchSelectWidth={false}
      options={orgs.map((o) => ({ value: o.id, label: o.orgName }))}
      onChange={(value) => void choose(value)}
      data-testid="org-switcher"
    />
  );
}

export function PostSwitcher() {
  const { t } = useTranslation();
  const user = useSnapshot(userState);
  const [posts, setPosts] = useState<{ orgId: number | undefined; list: UserPost[] } | undefined>();
  const orgId = user.currentOrgId;
  // the list is read again when the organisation changes
  useEffect(() => setPosts(undefined), [orgId]);
  const load = async () => {
    if ((posts && posts.orgId === orgId) || user.id === undefined) return;
    setPosts({ orgId, list: await postsOf(orgId) });
  };
  const chosen = user.currentPostCode;
  const options = (posts?.list ?? []).map((p) => ({ value: p.postCode, label: p.orgName ? `${p.postName} · ${p.orgName}` : p.postName }));
  // before the list is read, the post in force still shows by its code
  if (chosen && !options.some((o) => o.value === chosen)) options.unshift({ value: chosen, label: chosen });
  return (
    <Select<string>
      className="navbar-select"
      allowClear
      size="small"
      prefix={<span className="navbar-select-label">{t('navbar.post')}</span>}
      placeholder={t('navbar.allPosts')}
      aria-label={t('navbar.postSwitch')}
      title={t('navbar.postSwitch')}
      value={chosen}
      notFoundContent={t('navbar.noPost')}
      popupMatchSelectWidth={false}
      onOpenChange={(open) => open && void load()}
      options={options}
      onChange={(value) =>
        void reload({ ...(orgId === undefined ? {} : { parentId: orgId }), ...(value ? { postCode: value } : {}) }, t('session.hasError'))
      }
      data-testid="post-switcher"
    />
  );
}
