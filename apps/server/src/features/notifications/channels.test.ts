import { describe, expect, it } from 'vitest';
import { planChannels } from './channels';

// Which channels a recipient gets: the kind's defaults, the student's overrides, what the server
// can send and what the account has; push and SMS held in quiet hours, e-mail never.

const NOW = Date.parse('2026-03-10T06:30:00.000Z');
const reach = { subscriptionIds: ['phone', 'laptop'], email: 'nimali@example.lk', mobile: '94771234567' };
const availability = { email: true, smsKinds: ['fee.due', 'paper.opening'] as const };

describe('planChannels', () => {
  it('follows the kind: a fee reminder is pushed to each device and sent by SMS, never mailed (fees mail it)', () => {
    const plan = planChannels({ kind: 'fee.due', overrides: {}, availability, reach, now: NOW, quietEnd: null });
    expect(plan.states).toEqual({ push: 'queued', email: null, sms: 'queued' });
    expect(plan.deliveries.map((d) => [d.channel, d.subscriptionId, d.state])).toEqual([
      ['push', 'phone', 'queued'],
      ['push', 'laptop', 'queued'],
      ['sms', '', 'queued'],
    ]);
  });

  it("follows the student's switches, and leaves out channels the server cannot use for the kind", () => {
    const plan = planChannels({ kind: 'lesson.new', overrides: { 'lesson.new': { push: false, email: true } }, availability: { email: false, smsKinds: [] }, reach, now: NOW, quietEnd: null });
    expect(plan.states).toEqual({ push: 'off', email: null, sms: null });
    expect(plan.deliveries).toEqual([]);
  });

  it('never mails a kind whose feature mails it itself, whatever the account stored', () => {
    for (const kind of ['fee.due', 'payment.receipt', 'slip.rejected', 'payment.reversed'] as const) {
      const plan = planChannels({ kind, overrides: { [kind]: { email: true } }, availability, reach, now: NOW, quietEnd: null });
      expect(plan.states.email, kind).toBeNull();
      expect(plan.deliveries.filter((d) => d.channel === 'email'), kind).toEqual([]);
    }
  });

  it('says none when the account has no device, address or mobile', () => {
    const plan = planChannels({ kind: 'paper.opening', overrides: { 'paper.opening': { email: true } }, availability, reach: { subscriptionIds: [], email: null, mobile: null }, now: NOW, quietEnd: null });
    expect(plan.states).toEqual({ push: 'none', email: 'none', sms: 'none' });
  });

  it('holds push and SMS until the end of quiet hours; e-mail goes at once', () => {
    const end = NOW + 3_600_000;
    const plan = planChannels({ kind: 'paper.opening', overrides: { 'paper.opening': { email: true } }, availability, reach, now: NOW, quietEnd: end });
    expect(plan.states).toEqual({ push: 'held', email: 'queued', sms: 'held' });
    expect(plan.deliveries.map((d) => [d.channel, d.state, d.notBefore])).toEqual([
      ['push', 'held', end],
      ['push', 'held', end],
      ['email', 'queued', NOW],
      ['sms', 'held', end],
    ]);
  });
});
