// The browser suite's two halves: playwright.config.ts's projects, which `npm test` runs side by
// side (each with its own server and data folder) and `npm run test:repeat` names. Plain
// JavaScript, so that the config and the plain-Node scripts read the one list.
//
// The halves are cut by subject and balanced by time, since the longer one ends the whole of
// `npm test`: `content` is what students watch, read, sit, hand in and pay for (lessons, their
// forensic marks, watching, class material, messages, banners, the installed app, papers, answer
// scripts, fees and what reaches them outside the app); `accounts` is everything else
// (registration, sign-in, sessions, students, security, the audit log and the axe, reflow and
// keyboard walks over every screen). Every spec makes its own accounts and data, so a spec may
// move across freely. On 2026-11-28 `accounts` ran 910 s and `content` 393 s of a 970 s CI run,
// the last 170 s with little else running beside `accounts`; fees, the fees admin, answer scripts
// and notifications (about 200 s of test time) then moved to `content`. A new spec joins `accounts`
// unless CONTENT_SPECS names it: move specs across when the step lines of `npm test` drift apart.

/** Spec files of the `content` half. */
export const CONTENT_SPECS = /\/(lessons|forensics|watching|class-material|messages|banners|installable-app|papers|answer-scripts|fees|fees-admin|notifications)\.spec\.ts$/;

/** The halves' names, in the order `npm test` gives them ports. */
export const BROWSER_HALVES = ['content', 'accounts'];
