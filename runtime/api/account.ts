/** The signed-in user's own data (account service), orgs and posts for the navbar switchers. */
import { ORG_LIST_CURRENT_PAGE, ORG_LIST_PAGE_SIZE } from '../constants/spec.ts';
import type { Envelope, Page } from '../http/envelope.ts';
import { request } from '../http/request.ts';

export function updatePassword(data: { password: string; newPassword: string; id: number }): Promise<Envelope> {
  return request<Envelope>({ method: 'PUT', url: '/api/account/sysuserdetail/updatePassword', data, silent: true });
}

export interface UserDetail {
  id: number;
  nickname?: string;
  email?: string;
  mobile?: string;
  phone?: string;
  address?: string;
  profile?: string;
  avatar?: string;
}

export function updateSysUserDetail(data: UserDetail): Promise<Envelope> {
  return request<Envelope>({ method: 'PUT', url: '/api/account/sysuserdetail/updateSysUserDetail', data });
}

export interface Org {
  id: number;
  orgName: string;
  orgType?: string;
  orgParent?: number | null;
  orgSequence?: number;
}

/** The org list loaded once at sign-in (page size 10000). */
export function querySysOrg(): Promise<Envelope<Page<Org>>> {
  return request<Envelope<Page<Org>>>({
    method: 'GET',
    url: '/api/admin/sysorg/querySysOrg',
    params: { currentPage: ORG_LIST_CURRENT_PAGE, pageSize: ORG_LIST_PAGE_SIZE },
  });
}

export interface UserPost {
  id: number;
  postCode: string;
  postName?: string;
  postType?: string;
  postDescription?: string;
}

export function querySysUserPost(userId: number): Promise<Envelope<Page<UserPost> | UserPost[]>> {
  return request<Envelope<Page<UserPost> | UserPost[]>>({
    method: 'GET',
    url: '/api/admin/sysuserpost/querySysUserPost',
    params: { userId },
    silent: true,
  });
}
