/**
 * A resource document as the form generator saves it (GeneratorForm.formContent): a Contract
 * resource with a relation to the organisations, its labels in three languages, and helpers to
 * save and publish it through the API.
 */
import { expect } from 'vitest';
import type { client, Envelope } from './harness.ts';

export type Client = ReturnType<typeof client>;

export const FORMS = '/api/generator/generatorform';
export const CONTRACTS = '/api/material/contract';

/** A resource document as a test edits it freely, any member at any depth. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test edits the document freely
export type EditableDocument = Record<string, any>;

/** The Contract document; `change` edits a copy of its resource. */
export function contractDocument(change: (resource: EditableDocument) => void = () => undefined): {
  resource: Record<string, unknown>;
  messages: Record<string, unknown>;
} {
  const resource: EditableDocument = {
    name: 'Contract',
    service: 'material',
    path: 'contract',
    kind: 'entity',
    menu: 'contract',
    record: {
      type: 'object',
      additionalProperties: false,
      required: ['contractCode', 'contractName'],
      properties: {
        contractCode: { type: 'string', pattern: '^C[0-9]{3,12}$' },
        contractName: { type: 'string', minLength: 2, maxLength: 100 },
        amount: { type: 'number', minimum: 0 },
        signed: { type: 'boolean' },
        signDate: { type: 'string', format: 'date' },
        orgId: { type: 'integer' },
      },
    },
    list: {
      columns: [
        { field: 'contractCode', sortable: true },
        { field: 'contractName' },
        { field: 'amount', sortable: true },
        { field: 'signed' },
        { field: 'signDate' },
        { field: 'orgId' },
        { field: 'createTime', sortable: true },
      ],
      search: {
        basic: [{ field: 'contractName', match: 'contains' }],
        advanced: [
          { field: 'contractCode', match: 'exact' },
          { field: 'amount', match: 'range' },
        ],
      },
      defaultSort: 'createTime_descend',
    },
    relations: { orgId: { resource: 'SysOrg', valueField: 'id', labelField: 'orgName', as: 'orgName' } },
    actions: [
      { name: 'query', permission: 'contract:query' },
      { name: 'add', permission: 'contract:add' },
      { name: 'update', permission: 'contract:update' },
      { name: 'delete', permission: 'contract:delete' },
      { name: 'export', permission: 'contract:export' },
    ],
    storage: { unique: [['contractCode']] },
  };
  change(resource);
  // the labels of the resource as changed (its name and menu)
  const labels = (title: string, code: string, name: string, amount: string, signed: string, date: string, org: string) => ({
    resources: {
      [resource.name]: {
        title,
        fields: { contractCode: code, contractName: name, amount, signed, signDate: date, orgId: org, orgName: org, note: '-' },
      },
    },
    route: { [resource.menu]: title },
  });
  return {
    resource,
    messages: {
      en: labels('Contracts', 'Code', 'Name', 'Amount', 'Signed', 'Signed on', 'Organisation'),
      zh: labels('合同', '编号', '名称', '金额', '已签', '签订日期', '组织'),
      tw: labels('合同', '編號', '名稱', '金額', '已簽', '簽訂日期', '組織'),
    },
  };
}

/** How a saved form is published: the roles granted its page (publishRoles) and the menu it goes under. */
export interface Publication {
  roleCodes?: readonly string[];
  parentMenuCode?: string;
}

/** The saved form's fields that say how it is published. */
function publicationFields({ roleCodes = [], parentMenuCode }: Publication): Record<string, string> {
  return {
    ...(roleCodes.length ? { publishRoles: roleCodes.join(',') } : {}),
    ...(parentMenuCode ? { publishParentMenu: parentMenuCode } : {}),
  };
}

/** Save a form holding a document (and how it is to be published); answers its id. */
export async function saveForm(api: Client, formName: string, document: unknown, publication: Publication = {}): Promise<number> {
  const res = await api.post<Envelope<{ id: number }>>(`${FORMS}/addGeneratorForm`, {
    formName,
    formDescription: `${formName} form`,
    formContent: JSON.stringify(document),
    ...publicationFields(publication),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!.id;
}

/** Save and publish the Contract document for the roles; answers the form's id. */
export async function publishContract(api: Client, roleCodes: string[], formName = 'contracts'): Promise<number> {
  const id = await saveForm(api, formName, contractDocument(), { roleCodes });
  const res = await api.post<Envelope>(`${FORMS}/publishGeneratorForm`, { id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return id;
}
