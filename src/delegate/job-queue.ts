/**
 * The delegate's waiting line: jobs ordered by priority (failures before small talk; equal
 * priorities keep their order), one job per plugin and session (a newer request takes the
 * older one's place), and a job that waited too long is handed back as stale instead of run.
 * Pure: time is an argument; what a taken or dropped job costs is the caller's business.
 */

/** What the queue needs of a job. */
export interface QueuedJob {
  meta: { plugin: string; sessionId: string; receivedAt: number };
  priority: number;
}

/** The next job to run, or one that went stale waiting (with how long it waited). */
export type NextJob<J> = { job: J; stale: false } | { job: J; stale: true; waitedMs: number };

export class DelegateJobQueue<J extends QueuedJob> {
  private readonly jobs: J[] = [];

  get length(): number {
    return this.jobs.length;
  }

  /** Adds a job behind every job of its priority or higher. */
  enqueue(job: J): void {
    this.jobs.push(job);
    // Array sort is stable: equal priorities keep their order.
    this.jobs.sort((a, b) => b.priority - a.priority);
  }

  /** Removes and returns the waiting job of this plugin for this session, if there is one. */
  takeSameSlot(plugin: string, sessionId: string): J | undefined {
    const at = this.jobs.findIndex((job) => job.meta.plugin === plugin && job.meta.sessionId === sessionId);
    return at < 0 ? undefined : this.jobs.splice(at, 1)[0];
  }

  /** Removes and returns the first job; stale when it waited longer than `staleMs` by `now`. */
  takeNext(now: number, staleMs: number): NextJob<J> | undefined {
    const job = this.jobs.shift();
    if (!job) return undefined;
    const waitedMs = now - job.meta.receivedAt;
    return waitedMs > staleMs ? { job, stale: true, waitedMs } : { job, stale: false };
  }

  /** Removes and returns every waiting job, in order. */
  drain(): J[] {
    return this.jobs.splice(0);
  }
}
