import { useEffect, useRef, useState } from 'react';
import type { ServerClock } from '../lib/server-clock';

// The time left until the student's own deadline, by the server's clock as this device estimates
// it, and the warnings at 10, 5 and 1 minute left (docs/papers.md, 'The screens').

const MINUTE_MS = 60 * 1000;
/** Often enough that the shown second never lags by more than a quarter of one. */
const TICK_MS = 250;

export const WARNING_MINUTES = [10, 5, 1] as const;
export type MinuteWarning = (typeof WARNING_MINUTES)[number];

/**
 * The warning a step of the clock from `beforeMs` to `nowMs` left crosses, if any: the nearest to
 * the deadline when a phone that slept skipped several, and none once the time is up (the time-up
 * notice speaks then) or on the first reading (a reload with 4 minutes left is not a new warning).
 */
export function crossedWarning(beforeMs: number | null, nowMs: number): MinuteWarning | null {
  if (beforeMs === null || nowMs <= 0) return null;
  let crossed: MinuteWarning | null = null;
  for (const minutes of WARNING_MINUTES) {
    if (beforeMs > minutes * MINUTE_MS && nowMs <= minutes * MINUTE_MS) crossed = minutes;
  }
  return crossed;
}

/** Whole seconds left, rounded up: the clock shows 0:00 only once the time is up. */
export function secondsLeft(leftMs: number): number {
  return Math.max(0, Math.ceil(leftMs / 1000));
}

export interface Countdown {
  /** Null until the first reading. */
  secondsLeft: number | null;
  /** The last warning crossed while the screen was open. */
  warning: MinuteWarning | null;
}

export function useCountdown(clock: ServerClock, deadline: string | null): Countdown {
  const [countdown, setCountdown] = useState<Countdown>({ secondsLeft: null, warning: null });
  // What the last tick read, kept across a new clock estimate so a warning is crossed once.
  const before = useRef<number | null>(null);

  useEffect(() => {
    if (!deadline) return;
    const end = Date.parse(deadline);
    const tick = () => {
      const leftMs = end - clock.now();
      const warning = crossedWarning(before.current, leftMs);
      before.current = leftMs;
      const seconds = secondsLeft(leftMs);
      setCountdown((shown) => (shown.secondsLeft === seconds && !warning ? shown : { secondsLeft: seconds, warning: warning ?? shown.warning }));
    };
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, TICK_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [clock, deadline]);

  // A deadline moved by the tutor's extra time starts the warnings over.
  useEffect(() => {
    before.current = null;
  }, [deadline]);

  return countdown;
}

/**
 * Whether the deadline has passed by the server's clock: what stops the choices and starts the
 * hand-in. Apart from the ticking countdown, so the whole paper is not drawn again every second.
 */
export function useTimeUp(clock: ServerClock, deadline: string | null): boolean {
  const [passed, setPassed] = useState<string | null>(null);
  useEffect(() => {
    if (!deadline) return;
    const end = Date.parse(deadline);
    const check = () => {
      if (clock.now() >= end) setPassed(deadline);
    };
    const first = window.setTimeout(check, 0);
    const timer = window.setInterval(check, TICK_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [clock, deadline]);
  // A deadline moved later (extra time) is not up because the old one was.
  return deadline !== null && passed === deadline;
}
