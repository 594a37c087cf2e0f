import { describe, expect, it } from 'vitest';
import { CommandAnswers } from './command-answers';

const ID = '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60';

describe('a device applies a command once by its id (decision 072)', () => {
  it('knows a copy, and answers it with the latest reply once there is one', () => {
    const answers = new CommandAnswers();
    expect(answers.seen(ID)).toBe(false);
    expect(answers.seen(ID)).toBe(true);
    expect(answers.latestReply(ID)).toBeNull();
    answers.answered({ id: ID, ts: '2026-12-05T10:00:00.000Z', result: 'accepted' });
    answers.answered({ id: ID, ts: '2026-12-05T10:00:01.000Z', result: 'done' });
    expect(answers.latestReply(ID)?.result).toBe('done');
  });

  it('does not remember replies to commands it never applied', () => {
    const answers = new CommandAnswers();
    answers.answered({ id: ID, ts: '2026-12-05T10:00:00.000Z', result: 'done' });
    expect(answers.seen(ID)).toBe(false);
  });
});
