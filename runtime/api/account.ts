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

/** The org list loaded once at sign-in (page size 10000). */
export async function querySysOrg(): Promise<Envelope<Page<Org>>> {
  const api = await platform();
  return (await api.querySysOrg({ currentPage: ORG_LIST_CURRENT_PAGE, pageSize: ORG_LIST_PAGE_SIZE })) as unknown as Envelope<Page<Org>>;
}

export interface UserPost {
  id: number;
  postCode: string;
  postName?: string;
  postType?: string;
  postDescription?: string;
}

export async function querySysUserPost(userId: number): Promise<Envelope<Page<UserPost> | UserPost[]>> {
  return (await (await platform()).querySysUserPost({ userId }, SILENT)) as unknown as Envelope<Page<UserPost> | UserPost[]>;
}
