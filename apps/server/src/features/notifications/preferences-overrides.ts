import { KIND_RULES, preferenceOverridesSchema, type NotificationChannel, type NotificationKind, type PreferenceOverrides } from '@academy/contract';

// An account stores only the switches that differ from its kinds' defaults, so a default changed
// in a later release reaches everyone who never touched it (notifications.md, 'Preferences').

/** The stored overrides, read through the contract's schema; anything unreadable counts as none. */
export function readOverrides(json: string | undefined): PreferenceOverrides {
  if (!json) return {};
  try {
    const parsed = preferenceOverridesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The overrides with one switch set; a switch equal to the default is forgotten, not stored. */
export function withSwitch(overrides: PreferenceOverrides, kind: NotificationKind, channel: NotificationChannel, on: boolean): PreferenceOverrides {
  const { [channel]: _previous, ...others } = overrides[kind] ?? {};
  const changed = on === KIND_RULES[kind].defaults[channel] ? others : { ...others, [channel]: on };
  const { [kind]: _kind, ...rest } = overrides;
  return Object.keys(changed).length > 0 ? { ...rest, [kind]: changed } : rest;
}
