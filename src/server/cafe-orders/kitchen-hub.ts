import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from '../db/client';
import { KITCHEN_CHANNEL } from './kitchen-events';

type Wake = () => void;
type Log = { warn: (obj: object, msg: string) => void };

/**
 * One LISTEN per process on the kitchen channel (PostgreSQL's LISTEN/NOTIFY; PGlite has it too), woken by
 * any process's outbox write, fanned out to this process's open streams; each stream then reads the outbox
 * from where it is. No timer reads any table. A dropped PostgreSQL connection is listened again after a
 * second, and every stream is woken then (it reads what it missed).
 */
export class KitchenHub {
  private readonly wakes = new Set<Wake>();
  private readonly closers = new Set<() => void>();
  private started: Promise<void> | null = null;
  private stop: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
  ) {}

  /** Calls `wake` on every notification until the returned function is called; `end` when the app closes. */
  async subscribe(wake: Wake, end: () => void): Promise<() => void> {
    this.wakes.add(wake);
    this.closers.add(end);
    await (this.started ??= this.listen());
    return () => {
      this.wakes.delete(wake);
      this.closers.delete(end);
    };
  }

  private wakeAll(): void {
    for (const w of this.wakes) w();
  }

  private async listen(): Promise<void> {
    const client = (this.db as unknown as { $client: PGlite | pg.Pool }).$client;
    if ('listen' in client && typeof client.listen === 'function') {
      const unlisten = await (client as PGlite).listen(KITCHEN_CHANNEL, () => this.wakeAll());
      this.stop = unlisten;
      return;
    }
    await this.listenPg(client as pg.Pool);
  }

  private async listenPg(pool: pg.Pool): Promise<void> {
    const conn = await pool.connect();
    let lost = false;
    const again = () => {
      if (lost || this.closed) return;
      lost = true;
      conn.release(true);
      this.log.warn({}, 'kitchen stream: LISTEN connection lost; listening again');
      setTimeout(() => {
        if (this.closed) return;
        this.listenPg(pool).then(
          () => this.wakeAll(),
          () => again(),
        );
      }, 1000).unref();
    };
    conn.on('notification', () => this.wakeAll());
    conn.on('error', again);
    await conn.query(`LISTEN ${KITCHEN_CHANNEL}`);
    this.stop = async () => {
      lost = true;
      await conn.query(`UNLISTEN ${KITCHEN_CHANNEL}`).catch(() => {});
      conn.release();
    };
  }

  /** Ends every open stream (the app is closing) and the LISTEN. */
  async close(): Promise<void> {
    this.closed = true;
    for (const end of this.closers) end();
    this.closers.clear();
    this.wakes.clear();
    if (this.started) await this.started.catch(() => {});
    await this.stop?.();
  }
}
