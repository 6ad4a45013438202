import { describe, expect, it } from 'vitest';
import { replacementKey, SendBacklog } from '../../../src/http/graphql/send-backlog';

const drain = (backlog: SendBacklog<string>) => {
  const out: string[] = [];
  for (let next = backlog.shift(); next; next = backlog.shift()) out.push(next.message);
  return out;
};

describe('a connection backlog', () => {
  it('keeps every state change in order, and of each resource only its newest progress, moved behind what came before it', () => {
    const backlog = new SendBacklog<string>();
    backlog.push('a: started', 10, null, null);
    backlog.push('a: 10%', 10, 'op\na', null);
    backlog.push('b: 50%', 10, 'op\nb', null);
    backlog.push('a: 20%', 10, 'op\na', null);
    backlog.push('a: completed', 10, null, null);
    backlog.push('a: 30% (a new job)', 10, 'op\na', null);
    expect(backlog.bytes).toBe(40);
    // Each newer progress takes the older one's place at the end: never before a state change it follows.
    expect(drain(backlog)).toEqual(['a: started', 'b: 50%', 'a: completed', 'a: 30% (a new job)']);
    expect(backlog.bytes).toBe(0);
    expect(backlog.empty).toBe(true);
  });

  it('replaces only results of events that change nothing but progress, per operation and resource', () => {
    expect(replacementKey('1', { version: 3, deleted: false, data: { id: 'v1' }, collapsible: true })).toBe('1\nv1');
    expect(replacementKey('1', { version: 3, deleted: false, data: { id: 'v1' } })).toBeNull();
    // A first snapshot, pulled, has no event behind it.
    expect(replacementKey('1', undefined)).toBeNull();
  });
});
