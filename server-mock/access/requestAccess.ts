/**
 * One request's access: who is calling, the grants of the call read with the caller (one
 * round trip, principal.ts), and the data of the caller's tenant. The API plugin builds one per
 * authenticated request (`request.access`) and hands it to the handler; nothing of it outlives
 * the request.
 */
import type { Principal, RequestGrants } from './principal.ts';
import type { TenantData } from './tenantData.ts';
import { buttonGranted, grantedButtons, hiddenFields, hiddenFieldsByMenu, urlGranted } from './callGrants.ts';

export class RequestAccess {
  constructor(
    readonly principal: Principal,
    /** The caller's tenant: every table read through it carries the tenant condition. */
    readonly data: TenantData,
    /** The grants of this request's call, read with the principal (none: each check reads its grant). */
    private readonly grants?: RequestGrants,
  ) {}

  /** The same caller and grants over other data of its tenant (a registry with its published documents). */
  withData(data: TenantData): RequestAccess {
    return new RequestAccess(this.principal, data, this.grants);
  }

  /** Is the URL granted to one of the caller's roles (or to `as`, the caller with other roles)? */
  urlGranted(url: string, as: Principal = this.principal): Promise<boolean> {
    return urlGranted(this.data, as, url, this.grants);
  }

  /** Does one of the caller's roles hold the button? */
  buttonGranted(code: string, as: Principal = this.principal): Promise<boolean> {
    return buttonGranted(this.data, as, code, this.grants);
  }

  /** Fields of a menu's records hidden from the caller by data permissions. */
  hiddenFields(menuCode: string | undefined, as: Principal = this.principal): Promise<Set<string>> {
    return hiddenFields(this.data, as, menuCode, this.grants);
  }

  /** Button codes held by the caller's roles (`as`: the caller with other roles). */
  grantedButtons(as: Principal = this.principal): Promise<string[]> {
    return grantedButtons(this.data, as);
  }

  /** Every menu's hidden fields for the caller (`as`: the caller with other roles). */
  hiddenFieldsByMenu(as: Principal = this.principal): Promise<Map<string, Set<string>>> {
    return hiddenFieldsByMenu(this.data, as);
  }
}
