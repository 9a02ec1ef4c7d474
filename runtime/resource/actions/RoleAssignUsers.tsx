/**
 * Roles page, "assign users" (spec 5, 6): the organisation tree with its users, the users
 * holding the role ticked (queryOrgUserTree with the role); OK replaces the role's users with
 * the ticked ones (authorizeUserToRole). A selection is needed: with no user ticked, a warning
 * and no call.
 */
import { useState } from 'react';
import { Tree } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess, toastWarning } from '../../feedback/feedback.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { ActionFooter, idOf, LoadState, NoRecord, useLoad } from './ActionParts.tsx';
import { client } from './grantApi.ts';
import { orgUserCheckTree, userIdsOf, walk, type OrgUserTree } from './grantTree.ts';

export default function RoleAssignUsers({ records, onClose }: ActionComponentProps) {
  const roleId = idOf(records[0]);
  const loaded = useLoad(async () => {
    if (roleId === undefined) return undefined;
    const answer = await (await client()).queryOrgUserTree({ roleId });
    return orgUserCheckTree(answer.data);
  }, [roleId]);
  if (roleId === undefined) return <NoRecord onClose={() => onClose(false)} />;
  return <LoadState loaded={loaded}>{(tree) => (tree ? <AssignUsers tree={tree} roleId={roleId} role={records[0]!} onClose={onClose} /> : null)}</LoadState>;
}

function AssignUsers({ tree, roleId, role, onClose }: { tree: OrgUserTree; roleId: number; role: Record<string, unknown>; onClose(changed: boolean): void }) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<string[]>(tree.checked);
  const [busy, setBusy] = useState(false);
  const roleName = String(role.roleName ?? role.roleCode ?? roleId);
  const userCount = walk(tree.nodes).filter((n) => n.isLeaf).length;
  const chosen = userIdsOf(checked);

  const save = async () => {
    if (chosen.length === 0) {
      toastWarning(t('resourceActions.assignUser.selectUsers'));
      return;
    }
    setBusy(true);
    try {
      await (await client()).authorizeUserToRole({ roleId, userId: chosen });
      toastSuccess(t('resourceActions.assignUser.saved', { role: roleName }));
      onClose(false);
    } catch {
      setBusy(false); // the HTTP client showed why
    }
  };

  return (
    <div className="resource-action" data-testid="assign-users">
      <p className="resource-action-hint">{t('resourceActions.assignUser.hint', { role: roleName })}</p>
      <div className="resource-action-box">
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          height={360}
          treeData={tree.nodes}
          checkedKeys={checked}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
          aria-label={t('resourceActions.assignUser.tree')}
        />
      </div>
      <ActionFooter
        info={t('resourceActions.assignUser.count', { count: chosen.length, total: userCount })}
        onCancel={() => onClose(false)}
        onOk={() => void save()}
        busy={busy}
      />
    </div>
  );
}
