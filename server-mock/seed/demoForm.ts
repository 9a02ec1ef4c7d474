/**
 * The saved form every demo tenant starts with (GeneratorForm): a supplier list as a resource
 * document, ready to open in the form generator or to publish (docs/documents.md).
 */
const labels = (title: string, code: string, name: string, contact: string, rating: string, active: string) => ({
  resources: { Supplier: { title, fields: { supplierCode: code, supplierName: name, contactEmail: contact, rating, active } } },
  route: { supplier: title },
});

const DEMO_FORM_DOCUMENT = {
  resource: {
    name: 'Supplier',
    service: 'material',
    path: 'supplier',
    kind: 'entity',
    menu: 'supplier',
    record: {
      type: 'object',
      additionalProperties: false,
      required: ['supplierCode', 'supplierName'],
      properties: {
        supplierCode: { type: 'string', minLength: 2, maxLength: 32, pattern: '^[A-Z][A-Z0-9-]*$' },
        supplierName: { type: 'string', minLength: 2, maxLength: 100 },
        contactEmail: { type: 'string', format: 'email', maxLength: 254 },
        rating: { type: 'integer', minimum: 1, maximum: 5 },
        active: { type: 'boolean' },
      },
    },
    list: {
      columns: [
        { field: 'supplierCode', sortable: true },
        { field: 'supplierName' },
        { field: 'contactEmail' },
        { field: 'rating', sortable: true },
        { field: 'active' },
        { field: 'createTime', sortable: true },
      ],
      search: { basic: [{ field: 'supplierName', match: 'contains' }], advanced: [{ field: 'supplierCode', match: 'exact' }] },
      defaultSort: 'createTime_descend',
    },
    actions: [
      { name: 'query', permission: 'supplier:query' },
      { name: 'add', permission: 'supplier:add' },
      { name: 'update', permission: 'supplier:update' },
      { name: 'delete', permission: 'supplier:delete' },
      { name: 'export', permission: 'supplier:export' },
    ],
    storage: { unique: [['supplierCode']] },
  },
  messages: {
    en: labels('Suppliers', 'Code', 'Name', 'Contact email', 'Rating', 'Active'),
    zh: labels('供应商', '编码', '名称', '联系邮箱', '评级', '启用'),
    tw: labels('供應商', '編碼', '名稱', '聯繫郵箱', '評級', '啟用'),
  },
};

export const DEMO_FORM = {
  formName: 'suppliers',
  formDescription: 'Suppliers of steel and concrete',
  formContent: JSON.stringify(DEMO_FORM_DOCUMENT, null, 2),
  published: false,
};
