import type { Client } from 'aedes';

/** The parts of aedes' MQTT parser (mqtt-packet) the guard reaches into; neither exposes a packet limit. */
interface PacketParser {
  packet: { length: number };
  _parseLength(): boolean;
  _emitError(error: Error): void;
}

/**
 * Refuses a packet longer than `maxBytes` as soon as its length header is read, so its body is never
 * buffered: the parser fails and aedes closes the connection, with no PUBACK for it.
 */
export function limitPacketSize(client: Client, maxBytes: number, onRefused: () => void): void {
  const parser = (client as unknown as { _parser: PacketParser })._parser;
  const parseLength = parser._parseLength.bind(parser);
  parser._parseLength = () => {
    const complete = parseLength();
    if (!complete || parser.packet.length <= maxBytes) return complete;
    onRefused();
    parser._emitError(new Error(`packet of ${parser.packet.length} bytes is over the limit of ${maxBytes}`));
    return false;
  };
}
