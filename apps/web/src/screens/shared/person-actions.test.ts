import { relationMessages } from '@heartline/domain';
import { describe, expect, it, vi } from 'vitest';
import { reportInput, reportThenBlock, targetName } from './person-actions.ts';

const USER = '0196a3c2-7f00-7000-8000-000000000001';
const MESSAGE = '0196a3c2-7f00-7000-8000-0000000000aa';

describe('person actions', () => {
  it('sends the details trimmed, and neither blank details nor an empty evidence list', () => {
    expect(
      reportInput({
        userId: USER,
        reason: 'spam',
        context: 'discover',
        details: '   \n ',
        messageIds: [],
      }),
    ).toEqual({ userId: USER, reason: 'spam', context: 'discover' });
    expect(
      reportInput({
        userId: USER,
        reason: 'harassment',
        context: 'chat',
        details: '  Kept writing after I said stop. ',
        messageIds: [MESSAGE],
      }),
    ).toEqual({
      userId: USER,
      reason: 'harassment',
      context: 'chat',
      details: 'Kept writing after I said stop.',
      messageIds: [MESSAGE],
    });
  });

  it('reports without blocking when "Also block" is not ticked', async () => {
    const report = vi.fn(async () => ({ message: relationMessages.reported }));
    const outcome = await reportThenBlock('Ann', { report, block: null });
    expect(outcome).toEqual({ kind: 'reported', message: relationMessages.reported });
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('blocks only after the report is in, and says both', async () => {
    const order: string[] = [];
    const outcome = await reportThenBlock('Ann', {
      report: async () => {
        await Promise.resolve();
        order.push('report');
        return { message: relationMessages.reported };
      },
      block: async () => {
        order.push('block');
      },
    });
    expect(order).toEqual(['report', 'block']);
    expect(outcome).toEqual({
      kind: 'reported-and-blocked',
      message: `${relationMessages.reported} Ann is blocked.`,
    });
  });

  it('never blocks when the report fails: the failure is the report’s', async () => {
    const block = vi.fn(async () => undefined);
    const refused = new Error('Too many reports and blocks. Please wait before trying again.');
    await expect(
      reportThenBlock('Ann', {
        report: () => Promise.reject(refused),
        block,
      }),
    ).rejects.toBe(refused);
    expect(block).not.toHaveBeenCalled();
  });

  it('keeps the filed report when the block after it fails', async () => {
    const failure = new Error('User not found');
    const outcome = await reportThenBlock('Ann', {
      report: async () => ({ message: '' }),
      block: () => Promise.reject(failure),
    });
    expect(outcome).toEqual({
      kind: 'block-failed',
      message: relationMessages.reported,
      error: failure,
    });
  });

  it('names someone without a name as the app does elsewhere', () => {
    expect(targetName({ userId: USER, name: '  ' })).toBe('Unknown User');
    expect(targetName({ userId: USER, name: ' Ann ' })).toBe('Ann');
  });
});
