/**
 * Bounds the messages a worker holds unacknowledged on its own side, whatever the broker does.
 * Mosquitto 2.0.11 (Debian 12) keeps to the worker's Receive Maximum only until acknowledgements
 * flow; then it sends what it has queued (measured: 12,012 outstanding at a Receive Maximum of
 * 2,000; eclipse-mosquitto/mosquitto#2301), and a goal soak's server held a million messages in
 * memory until its heap ran out (decision 053). mqtt.js reads the next packet only when the last
 * one's handler calls back: holding that callback while `limit` messages are outstanding stops
 * reading the socket, and TCP keeps the rest at the broker.
 */
export class IntakeGate {
  private outstanding = 0;
  private connection = 0;
  /** mqtt.js hands over one packet at a time, so at most one reader waits. */
  private held: (() => void) | undefined;

  constructor(private readonly limit: number) {}

  /** A message of the current connection arrived; `readNext` is called once there is room for another. */
  admit(readNext: () => void): void {
    this.outstanding++;
    if (this.outstanding < this.limit) readNext();
    else this.held = readNext;
  }

  /** A message admitted on `connection` was acknowledged or given up. */
  settle(connection: number): void {
    if (connection !== this.connection) return;
    this.outstanding--;
    const held = this.held;
    if (held && this.outstanding < this.limit) {
      this.held = undefined;
      held();
    }
  }

  /**
   * A new connection: the broker sends again whatever was not acknowledged. A reader held for the
   * old connection stays held: its socket is gone, and releasing it would hand the old socket's
   * packets (with that connection's packet ids) to the new one.
   */
  reconnected(): number {
    this.held = undefined;
    this.outstanding = 0;
    return ++this.connection;
  }

  get current(): number {
    return this.connection;
  }
}
