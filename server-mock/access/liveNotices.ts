/**
 * Live notices (docs/notifications.md#live-notifications): a signal to the open consoles of some
 * users of a tenant that their bell changed (a notification was published, a workflow task was
 * assigned to them). A notice names no content: a console that hears it reads its bell again
 * through the ordinary, tenant-scoped calls.
 *
 * Each server process keeps the channels open on it (LiveHub, one per database). A notice is
 * sent once its transaction committed (TenantData.liveNotice): on PostgreSQL as a NOTIFY on
 * LIVE_CHANNEL, which every process on the database hears through the same listening mechanism
 * as the publications of resource documents (Database.listen, documentStore.ts), this one
 * included; on SQLite, where one process serves the database, to this process's hub directly.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** The PostgreSQL channel live notices are announced on (NOTIFY), a LiveNotice as JSON its payload. */
const LIVE_CHANNEL = 'live_notice';

/** What changed for whom. */
export interface LiveNotice {
  tenantCode: string;
  /** The users whose bell changed; null: every user of the tenant. */
  userIds: number[] | null;
  /** `notification`: a notification was published or changed; `task`: a workflow task was assigned; `resync`: notices may have been missed. */
  kind: 'notification' | 'task' | 'resync';
}

/** One open channel: a signed-in user's console. */
interface Subscriber {
  userId: number;
  send(notice: LiveNotice): void;
}

/** The channels open on this process, by tenant. */
export class LiveHub {
  private readonly byTenant = new Map<string, Set<Subscriber>>();
  /** PostgreSQL: whether the process hears the notices of the others (false before LISTEN and after a loss). */
  private heard = true;

  /** Open channels (all tenants). */
  get size(): number {
    let n = 0;
    for (const set of this.byTenant.values()) n += set.size;
    return n;
  }

  subscribe(tenantCode: string, userId: number, send: (notice: LiveNotice) => void): () => void {
    const sub: Subscriber = { userId, send };
    let set = this.byTenant.get(tenantCode);
    if (!set) this.byTenant.set(tenantCode, (set = new Set()));
    set.add(sub);
    return () => {
      set.delete(sub);
      if (!set.size && this.byTenant.get(tenantCode) === set) this.byTenant.delete(tenantCode);
    };
  }

  /** Sends a notice to the channels of its tenant and users; null users: every channel of the tenant. */
  deliver(notice: LiveNotice): void {
    const set = this.byTenant.get(notice.tenantCode);
    if (!set) return;
    const users = notice.userIds === null ? null : new Set(notice.userIds);
    for (const sub of [...set]) {
      if (users && !users.has(sub.userId)) continue;
      try {
        sub.send(notice);
      } catch {
        // a channel that cannot be written to is closing: its own close removes it
      }
    }
  }

  /** The listening connection's state: when it is back after a loss, every channel is told to read its bell again. */
  listening(on: boolean): void {
    const wasLost = !this.heard;
    this.heard = on;
    if (on && wasLost) for (const tenantCode of [...this.byTenant.keys()]) this.deliver({ tenantCode, userIds: null, kind: 'resync' });
  }
}

const hubs = new WeakMap<Database, LiveHub>();

/** The hub of the channels open on this process for a database. */
export function liveHub(database: Database): LiveHub {
  let hub = hubs.get(database);
  if (!hub) hubs.set(database, (hub = new LiveHub()));
  return hub;
}

/** Sends a notice to every process on the database (PostgreSQL: NOTIFY), or to this process's channels (SQLite). */
export async function sendLiveNotice(database: Database, notice: LiveNotice): Promise<void> {
  if (database.dialect.name === 'postgres') {
    await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`.execute(database.db);
    return;
  }
  liveHub(database).deliver(notice);
}

function parseNotice(payload: string): LiveNotice | undefined {
  try {
    const n = JSON.parse(payload) as Partial<LiveNotice>;
    if (typeof n.tenantCode !== 'string' || (n.userIds !== null && !Array.isArray(n.userIds))) return undefined;
    if (n.kind !== 'notification' && n.kind !== 'task' && n.kind !== 'resync') return undefined;
    return { tenantCode: n.tenantCode, userIds: n.userIds?.map(Number) ?? null, kind: n.kind };
  } catch {
    return undefined;
  }
}

/**
 * Hears the notices of every process on the database (PostgreSQL's LISTEN, Database.listen) and
 * hands them to this process's hub. On SQLite there are none to hear (answers a no-op stop).
 */
export async function listenForLiveNotices(database: Database): Promise<() => Promise<void>> {
  if (!database.listen) return async () => undefined;
  const hub = liveHub(database);
  return database.listen(
    LIVE_CHANNEL,
    (payload) => {
      const notice = parseNotice(payload);
      if (notice) hub.deliver(notice);
    },
    (on) => hub.listening(on),
  );
}
