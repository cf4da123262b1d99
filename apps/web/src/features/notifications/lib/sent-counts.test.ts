import { describe, expect, it } from 'vitest';
import { anyCounted, sentSummary } from './sent-counts';

const none = { sent: 0, held: 0, failed: 0, off: 0, gone: 0, capped: 0 };

describe("the admins' summary of a sent notification", () => {
  it('counts a channel as reached when sent or held for the morning, never when failed, off, gone or capped', () => {
    const summary = sentSummary({
      recipients: 10,
      push: { sent: 4, held: 2, failed: 1, off: 1, gone: 1, capped: 0 },
      email: { ...none, sent: 3, failed: 2 },
      sms: { ...none, capped: 5 },
      opened: 7,
    });
    expect(summary).toEqual({ recipients: 10, push: 6, email: 3, sms: 0, opened: 7 });
  });

  it('reports a channel only when it has any count', () => {
    expect(anyCounted(none)).toBe(false);
    expect(anyCounted({ ...none, off: 1 })).toBe(true);
  });
});
