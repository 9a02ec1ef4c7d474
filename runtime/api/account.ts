/** The signed-in user's own data (account service), orgs and posts for the navbar switchers. */
import { ORG_LIST_CURRENT_PAGE, ORG_LIST_PAGE_SIZE } from '../constants/spec.ts';
import type { Envelope, Page } from '../http/envelope.ts';
import type { UpdateSysUserDetailBody } from '../generated/types.ts';
import { platform, SILENT } from './platform.ts';

export async function updatePassword(data: { password: string; newPassword: string; id: number }): Promise<Envelope> {
  return (await platform()).updatePassword({}, data, SILENT);
}

/** The fields a user may change on themselves (the server takes the user from the token). */
export type UserDetail = UpdateSysUserDetailBody;

export async function updateSysUserDetail(data: UserDetail): Promise<Envelope> {
  return (await platform()).updateSysUserDetail(data);
}

export interface Org {
  id: number;
  orgName: string;
  orgType?: string;
  orgParent?: number | null;
  orgSequence?: number;
}

/** The org list loaded once at sign-in (page size 10000); silent: the switcher is optional. */
export async function querySysOrg(): Promise<Envelope<Page<Org>>> {
  const api = await platform();
  return (await api.querySysOrg({ currentPage: ORG_LIST_CURRENT_PAGE, pageSize: ORG_LIST_PAGE_SIZE }, SILENT)) as unknown as Envelope<
    Page<Org>
  >;
}

/** One of the caller's posts (queryCurrentPost): the header's post switch lists them. */
export interface UserPost {
  postCode: string;
  postName: string;
  postType: string;
  orgId: number | null;
  orgName: string;
}

/** The caller's own posts, main post first; with an organisation only those held in it or under it. */
export async function queryCurrentPost(orgId?: number): Promise<Envelope<UserPost[]>> {
  return (await (await platform()).queryCurrentPost(orgId === undefined ? {} : { orgId }, SILENT)) as unknown as Envelope<UserPost[]>;
}
