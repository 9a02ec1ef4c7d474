/** Name conversions shared by the server (columns), generators and runtime. */

/** roleCode -> role_code, SysRole -> sys_role */
export function toSnakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}
