import type { RedisClient } from '../store/redis';
import { eventsDelivered } from '../observability/metrics';
import type { KeySpace } from '../store/keys';
import type { ChangeEvent, Versioned } from '../store/record-store';
import { LiveStream, type LiveBus, type LiveOptions } from './live-stream';
import type { PushStream } from './push-stream';
import { QueueFollowers, type QueueFollower } from './queue-refresh';
import { TopicListeners, TopicListening, type Listener, type Listening, type ListenerRegistry, type Route } from './topic-listeners';

/**
 * Redis pub/sub fanned out in process: one Redis subscription per topic however many local
 * subscribers it has, each message parsed once, and handed to the topic's listeners of every
 * event and to the listeners of the resource it changed (a map lookup), so a change to one
 * voice costs its own subscribers, however many subscribe to the partner's other voices.
 * Events come from whichever process made the change, so API and worker processes see each
 * other's changes.
 */
export class EventBus implements ListenerRegistry, LiveBus {
  private readonly topics = new Map<string, TopicListeners>();
  private listenerCount = 0;
  private readonly subscribing = new Map<string, Promise<unknown>>();
  private readonly queues = new QueueFollowers((topic, listener) => this.listen(topic, listener));

  constructor(
    private readonly subscriber: RedisClient,
    private readonly keys: KeySpace,
  ) {
    const prefixLength = keys.channel('').length;
    subscriber.on('message', (channel: string, message: string) => {
      const listeners = this.topics.get(channel.slice(prefixLength));
      if (!listeners || listeners.size === 0) return;
      const event = JSON.parse(message) as ChangeEvent;
      const handed = listeners.dispatch(event);
      if (handed > 0) eventsDelivered.inc(handed);
    });
  }

  /** Every event of the topic; resolves once Redis confirms the subscription, and the returned function unsubscribes. */
  async listen(topic: string, listener: Listener): Promise<() => void> {
    const listening = await this.listenTo(topic, null, listener);
    return () => listening.stop();
  }

  /** The topic's events that `route` selects; resolves once Redis confirms the subscription. */
  async listenTo(topic: string, route: Route, listener: Listener): Promise<Listening> {
    let listeners = this.topics.get(topic);
    if (!listeners) {
      listeners = new TopicListeners();
      this.topics.set(topic, listeners);
      this.subscribing.set(topic, this.subscriber.subscribe(this.keys.channel(topic)));
    }
    listeners.add(route, listener);
    this.listenerCount++;
    const listening = new TopicListening(this, topic, route, listener);
    try {
      await this.subscribing.get(topic);
    } catch (error) {
      listening.stop();
      throw error;
    }
    return listening;
  }

  /** Moves a listener to another route of its topic; false when it is no longer listening. */
  reroute(topic: string, from: Route, to: Route, listener: Listener): boolean {
    const listeners = this.topics.get(topic);
    if (!listeners?.delete(from, listener)) return false;
    listeners.add(to, listener);
    return true;
  }

  /** Removes a listener; the topic's last one takes the Redis subscription with it. */
  unlisten(topic: string, route: Route, listener: Listener): void {
    const listeners = this.topics.get(topic);
    if (!listeners?.delete(route, listener)) return;
    this.listenerCount--;
    if (listeners.size > 0) return;
    this.topics.delete(topic);
    this.subscribing.delete(topic);
    this.subscriber.unsubscribe(this.keys.channel(topic)).catch(() => undefined);
  }

  /** Current snapshots first, then every later change, each resource's events in version order. */
  live<T extends Versioned & { id: string }>(topic: string, options: LiveOptions<T>): PushStream<ChangeEvent<T>> {
    return new LiveStream<T>(this, topic, options);
  }

  /** A live stream follows the queue a resource's job waits in, and leaves it (queue-refresh.ts). */
  followQueue(queue: string, follower: QueueFollower): void {
    this.queues.follow(queue, follower);
  }

  unfollowQueue(queue: string, follower: QueueFollower): void {
    this.queues.unfollow(queue, follower);
  }

  get subscriberCount(): number {
    return this.listenerCount;
  }
}
