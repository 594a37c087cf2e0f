import type { LiveEvent } from '@cbm/contracts/live-stream';

/** The browser's EventSource for tests (stub it with `vi.stubGlobal`): remembers what was opened, pushes events. */
export class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  push(event: LiveEvent, data: object) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }
}
