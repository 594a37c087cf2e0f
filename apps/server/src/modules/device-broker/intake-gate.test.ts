import { describe, expect, it } from 'vitest';
import { IntakeGate } from './intake-gate';

describe('IntakeGate', () => {
  it('reads on below the limit and holds the reader at it until a message settles', () => {
    const gate = new IntakeGate(2);
    const connection = gate.reconnected();
    const reads: string[] = [];
    gate.admit(() => reads.push('after 1'));
    gate.admit(() => reads.push('after 2'));
    expect(reads).toEqual(['after 1']);
    gate.settle(connection);
    expect(reads).toEqual(['after 1', 'after 2']);
  });

  it('ignores what settles from an earlier connection and never releases its held reader', () => {
    const gate = new IntakeGate(1);
    const first = gate.reconnected();
    const reads: string[] = [];
    gate.admit(() => reads.push('old socket'));
    const second = gate.reconnected();
    gate.settle(first);
    gate.admit(() => reads.push('new socket'));
    gate.settle(first);
    expect(reads).toEqual([]);
    gate.settle(second);
    expect(reads).toEqual(['new socket']);
    expect(gate.current).toBe(second);
  });
});
