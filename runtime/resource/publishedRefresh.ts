/**
 * Brings the published resources up to date while the console runs, without a reload: after
 * this tab publishes or unpublishes a form (at once), and every PUBLISHED_POLL_MS while the tab
 * is visible (a publication made elsewhere). When the set changed, the menu is fetched again
 * (same organisation and post), so an entry appears or goes with its page. docs/documents.md.
 */
import { loadAuthority } from '../auth/session.ts';
import { userState } from '../auth/userState.ts';
import { loadPublishedResources } from './publishedResources.ts';

let running: Promise<void> | undefined;

/** Fetch the published resources again; the menu too when they changed. One at a time. */
export function refreshPublished(): Promise<void> {
  running ??= (async () => {
    try {
      if (await loadPublishedResources()) await loadAuthority({ parentId: userState.currentOrgId, postCode: userState.currentPostCode });
    } finally {
      running = undefined;
    }
  })();
  return running;
}
