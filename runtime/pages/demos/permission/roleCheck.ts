/** The role rules of the permission demo, without state: the role token and the directive's check. */
const ROLE_TOKEN_SUFFIX = '-token';

/** The token of a role for the role switch (spec 4): the role plus "-token". */
export function roleToken(role: string): string {
  return `${role}${ROLE_TOKEN_SUFFIX}`;
}

/** The permission check of the directive (v-permission): one of `allowed` is held. No role is all-powerful here. */
export function checkPermission(roles: readonly string[], allowed: readonly string[]): boolean {
  return allowed.some((role) => roles.includes(role));
}
