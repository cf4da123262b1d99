// The browser suite's two halves: playwright.config.ts's projects, which `npm test` runs side by
// side (each with its own server and data folder) and `npm run test:repeat` names. Plain
// JavaScript, so that the config and the plain-Node scripts read the one list.
//
// The halves are cut by subject and balanced by time, since the longer one ends the whole of
// `npm test`: `content` is what students watch, read and sit (lessons, their forensic marks,
// watching, class material, messages, banners, the installed app, papers); `accounts` is
// everything else (registration, sign-in, sessions, students, security, the audit log and the axe,
// reflow and keyboard walks over every screen, the paper screens' among them). Before papers they
// took about 260 s and 270 s on CI's two cores; papers' own spec joined `content`, since the walks
// over the paper screens already lengthen `accounts`. A new spec joins `accounts` unless
// CONTENT_SPECS names it: move specs across when the step lines of `npm test` drift apart.

/** Spec files of the `content` half. */
export const CONTENT_SPECS = /(lessons|forensics|watching|class-material|messages|banners|installable-app|papers)\.spec\.ts$/;

/** The halves' names, in the order `npm test` gives them ports. */
export const BROWSER_HALVES = ['content', 'accounts'];
