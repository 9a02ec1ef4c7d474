/** Reads a third-party sign-in answer (`access_token` in the hash or the query). */
export function readAccessToken(search: string, hash: string): string | undefined {
  for (const part of [hash.replace(/^#/, ''), search.replace(/^\?/, '')]) {
    const token = new URLSearchParams(part).get('access_token');
    if (token) return token;
  }
  return undefined;
}
