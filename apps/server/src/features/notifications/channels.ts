import { KIND_RULES, NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationKind, type PreferenceOverrides } from '@academy/contract';

// Which channels one recipient gets (pure): the kind's defaults, overridden by the student's own
// switches, limited to what this server can send (push keys, PUBLIC_URL for e-mail, an SMS
// provider listing the kind) and to what the account has (a subscribed device, an address, a
// Sri Lankan mobile). Push and SMS due inside quiet hours are held until they end; e-mail never is.
// A kind whose feature mails it itself (fees) is never e-mailed here, whatever is stored.

/** A recipient's state on a channel, as notification_recipients stores it. */
export type ChannelState = null | 'off' | 'none' | 'queued' | 'held';

/** What this server can send now: per channel, whether it applies to the kind at all. */
export interface ChannelAvailability {
  email: boolean;
  /** The kinds the academy sends by SMS (empty: no SMS provider). */
  smsKinds: readonly NotificationKind[];
}

export interface AccountReach {
  subscriptionIds: string[];
  email: string | null;
  /** 947XXXXXXXX, or null for no Sri Lankan mobile. */
  mobile: string | null;
}

export interface PlannedDelivery {
  channel: NotificationChannel;
  /** The device for push; '' for e-mail and SMS. */
  subscriptionId: string;
  state: 'queued' | 'held';
  /** When it may go: now, or the end of quiet hours. */
  notBefore: number;
}

export interface ChannelPlan {
  states: Record<NotificationChannel, ChannelState>;
  deliveries: PlannedDelivery[];
}

/** Whether SMS carries the kind: the kind's rules allow it and the academy sends it by SMS. */
export function smsCarries(kind: NotificationKind, smsKinds: readonly NotificationKind[]): boolean {
  return KIND_RULES[kind].smsAllowed && smsKinds.includes(kind);
}

/** Whether the centre e-mails the kind at all: not one its feature mails itself (no mail twice). */
export function emailCarries(kind: NotificationKind): boolean {
  return KIND_RULES[kind].emailAllowed;
}

function applies(kind: NotificationKind, channel: NotificationChannel, availability: ChannelAvailability): boolean {
  if (channel === 'push') return true;
  if (channel === 'email') return availability.email && emailCarries(kind);
  return smsCarries(kind, availability.smsKinds);
}

export function isChannelOn(kind: NotificationKind, channel: NotificationChannel, overrides: PreferenceOverrides): boolean {
  return overrides[kind]?.[channel] ?? KIND_RULES[kind].defaults[channel];
}

function targetsOf(channel: NotificationChannel, reach: AccountReach): string[] {
  if (channel === 'push') return reach.subscriptionIds;
  if (channel === 'email') return reach.email ? [''] : [];
  return reach.mobile ? [''] : [];
}

/**
 * The recipient's channel states and the deliveries to write. `quietEnd` is when the current quiet
 * hours end, or null outside them.
 */
export function planChannels(input: {
  kind: NotificationKind;
  overrides: PreferenceOverrides;
  availability: ChannelAvailability;
  reach: AccountReach;
  now: number;
  quietEnd: number | null;
}): ChannelPlan {
  const states = { push: null, email: null, sms: null } as Record<NotificationChannel, ChannelState>;
  const deliveries: PlannedDelivery[] = [];
  for (const channel of NOTIFICATION_CHANNELS) {
    if (!applies(input.kind, channel, input.availability)) continue;
    if (!isChannelOn(input.kind, channel, input.overrides)) {
      states[channel] = 'off';
      continue;
    }
    const targets = targetsOf(channel, input.reach);
    if (targets.length === 0) {
      states[channel] = 'none';
      continue;
    }
    const held = channel !== 'email' && input.quietEnd !== null;
    states[channel] = held ? 'held' : 'queued';
    for (const subscriptionId of targets) {
      deliveries.push({ channel, subscriptionId, state: held ? 'held' : 'queued', notBefore: held ? (input.quietEnd as number) : input.now });
    }
  }
  return { states, deliveries };
}
