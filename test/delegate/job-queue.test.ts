/** The delegate's waiting line on its own: priority order, one job per plugin and session, stale drop. */
import { describe, expect, it } from 'vitest';
import { DelegateJobQueue, type QueuedJob } from '../../src/delegate/job-queue.js';

interface TestJob extends QueuedJob {
  name: string;
}

const job = (name: string, priority: number, receivedAt = 0, plugin = name, sessionId = 's1'): TestJob => ({
  name,
  priority,
  meta: { plugin, sessionId, receivedAt },
});

const names = (queue: DelegateJobQueue<TestJob>) => queue.drain().map((j) => j.name);

describe('delegate job queue', () => {
  it('takes higher priorities first, and equal priorities in the order they came', () => {
    const queue = new DelegateJobQueue<TestJob>();
    for (const j of [job('chat-1', 0), job('fail-1', 4), job('chat-2', 0), job('fail-2', 4), job('info', 1)])
      queue.enqueue(j);
    expect(queue.length).toBe(5);
    expect(names(queue)).toEqual(['fail-1', 'fail-2', 'info', 'chat-1', 'chat-2']);
    expect(queue.length).toBe(0);
  });

  it('gives up the waiting job of the same plugin and session, and only that one', () => {
    const queue = new DelegateJobQueue<TestJob>();
    queue.enqueue(job('a', 0, 0, 'chat', 's1'));
    queue.enqueue(job('b', 0, 0, 'chat', 's2'));
    queue.enqueue(job('c', 0, 0, 'roast', 's1'));
    expect(queue.takeSameSlot('chat', 's1')?.name).toBe('a');
    expect(queue.takeSameSlot('chat', 's1')).toBeUndefined();
    expect(queue.takeSameSlot('other', 's1')).toBeUndefined();
    expect(names(queue)).toEqual(['b', 'c']);
  });

  it('hands a job back as stale when it waited longer than the limit, and fresh at the limit', () => {
    const queue = new DelegateJobQueue<TestJob>();
    queue.enqueue(job('old', 0, 1_000));
    queue.enqueue(job('edge', 0, 5_000));
    expect(queue.takeNext(25_001, 20_000)).toEqual({
      job: expect.objectContaining({ name: 'old' }),
      stale: true,
      waitedMs: 24_001,
    });
    expect(queue.takeNext(25_000, 20_000)).toEqual({ job: expect.objectContaining({ name: 'edge' }), stale: false });
    expect(queue.takeNext(25_000, 20_000)).toBeUndefined();
  });
});
