/**
 * Roles page, "assign users" (spec 5, 6): the organisation tree with its users, the users
 * holding the role ticked (queryOrgUserTree with the role); OK replaces the role's users with
 * the ticked ones (authorizeUserToRole). A selection is needed: with no user ticked, a warning
 * and no call.
 */
import { Tree } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { toastSuccess, toastWarning } from '../../feedback/feedback.ts';
import type { ActionComponentProps } from '../extensions.ts';
import { ActionFooter, idOf, LoadState, NoRecord } from './ActionParts.tsx';
import { client } from './grantApi.ts';
import { orgUserCheckTree, userIdsOf, walk, type CheckNode } from './grantTree.ts';
import { useAssign } from './useAssign.ts';

/** The users among the ticked keys (organisations are ticked too). */
const userKeys = (checked: readonly string[]) => userIdsOf(checked).map(String);

export default function RoleAssignUsers({ records, onClose }: ActionComponentProps) {
  const roleId = idOf(records[0]);
  if (roleId === undefined) return <NoRecord onClose={() => onClose(false)} />;
  return <AssignUsers roleId={roleId} role={records[0]!} onClose={onClose} />;
}

function AssignUsers({ roleId, role, onClose }: { roleId: number; role: Record<string, unknown>; onClose(changed: boolean): void }) {
  const { t } = useTranslation();
  const roleName = String(role.roleName ?? role.roleCode ?? roleId);
  const assign = useAssign<CheckNode[]>({
    key: String(roleId),
    load: async () => {
      const tree = orgUserCheckTree((await (await client()).queryOrgUserTree({ roleId })).data);
      return { candidates: tree.nodes, linked: tree.checked };
    },
    save: async (links) => {
      await (await client()).authorizeUserToRole({ roleId, userId: links.map(Number) });
    },
    linksOf: userKeys,
    required: true,
  });

  const save = async () => {
    const outcome = await assign.save();
    if (outcome === 'empty') toastWarning(t('resourceActions.assignUser.selectUsers'));
    if (outcome === 'saved') {
      toastSuccess(t('resourceActions.assignUser.saved', { role: roleName }));
      onClose(false);
    }
  };

  return (
    <LoadState loaded={assign.loaded}>
      {(nodes) => (
        <div className="resource-action" data-testid="assign-users">
          <p className="resource-action-hint">{t('resourceActions.assignUser.hint', { role: roleName })}</p>
          <div className="resource-action-box">
            <Tree
              checkable
              selectable={false}
              defaultExpandAll
              height={360}
              treeData={nodes}
              checkedKeys={[...assign.checked]}
              onCheck={(keys) => assign.setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
              aria-label={t('resourceActions.assignUser.tree')}
            />
          </div>
          <ActionFooter
            info={t('resourceActions.assignUser.count', { count: assign.links.length, total: walk(nodes).filter((n) => n.isLeaf).length })}
            onCancel={() => onClose(false)}
            onOk={() => void save()}
            busy={assign.busy}
          />
        </div>
      )}
    </LoadState>
  );
}
