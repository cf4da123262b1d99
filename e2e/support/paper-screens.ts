import { expect, type Page } from '@playwright/test';
import { driveCard } from './drive';
import { say, sayFilled, sayPattern, type Language } from './languages';
import { MINUTE_MS } from './papers';
import type { Screen } from './screens';
import type { World } from './world';

// The paper screens (docs/design/papers-build-plan.md, section 6), in the one list the axe, reflow
// and keyboard walks read (screens.ts), on the world's papers (paper-world.ts). Their routes name
// the papers as {toStart}, {toSit}, {timeUp} and {released}; screens.ts fills them in.

/** A CSV as a tutor saves one from Excel (CSV UTF-8): three Sinhala questions and a row whose key is out of range. */
export const SINHALA_CSV = [
  'question,option1,option2,option3,option4,correct,marks,explanation',
  'පොළොන්නරු යුගයේ ප්‍රසිද්ධ වැව කුමක්ද?,පරාක්‍රම සමුද්‍රය,කලා වැව,තිසා වැව,බසවක්කුලම,1,1,පරාක්‍රමබාහු රජු විසින් ඉදි කරන ලදී.',
  'සීගිරිය ඉදි කළේ කවුද?,දුටුගැමුණු,කාශ්‍යප,වළගම්බා,මහසෙන්,B,2,',
  'ලංකාවට බුදු දහම ලැබුණේ කුමන රජු දවසද?,පණ්ඩුකාභය,එළාර,දේවානම්පියතිස්ස,,3,,මිහිඳු හිමි වැඩම කළේය.',
  'මහාවංශය ලියූ භික්ෂුව කවුද?,මහානාම,බුද්ධඝෝෂ,ධම්මකිත්ති,,7,,',
].join('\n');

/** The good questions of SINHALA_CSV, as its first cells read. */
export const SINHALA_CSV_QUESTIONS = ['පොළොන්නරු යුගයේ ප්‍රසිද්ධ වැව කුමක්ද?', 'සීගිරිය ඉදි කළේ කවුද?', 'ලංකාවට බුදු දහම ලැබුණේ කුමන රජු දවසද?'];

function papersOf(world: World) {
  if (!world.papers) throw new Error('the paper screens need a world built with its papers (buildWorld(request, { papers: true }))');
  return world.papers;
}

async function dialogOpened(page: Page, name?: string): Promise<void> {
  await expect(name ? page.getByRole('dialog', { name }) : page.getByRole('dialog')).toBeVisible();
}

/** The sitting screen has opened the paper from the start's answer: the countdown runs. */
async function sittingShown(page: Page, language: Language): Promise<void> {
  await expect(page.getByRole('timer', { name: say(language, 'timeLeft') })).toHaveText(/\d:\d\d/);
}

/** The import dialog of the editor, with SINHALA_CSV read into its preview. */
export async function importSinhalaCsv(page: Page, language: Language): Promise<void> {
  await page.getByRole('button', { name: say(language, 'importQuestions'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: say(language, 'importTitle') });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'kingdoms.csv', mimeType: 'text/csv', buffer: Buffer.from(SINHALA_CSV, 'utf8') });
  await expect(dialog.getByRole('button', { name: sayFilled(language, 'addQuestions', { count: 3 }) })).toBeEnabled();
}

export const PAPER_SCREENS: Record<'student' | 'admin', Screen[]> = {
  student: [
    {
      name: 'paper page before Start',
      route: '/papers/{toStart}',
      open: async (page, _world, language) => {
        await expect(page.getByRole('link', { name: say(language, 'start') })).toBeVisible();
      },
    },
    {
      name: 'paper page with the results out',
      route: '/papers/{released}',
      open: async (page, _world, language) => {
        await expect(page.getByRole('link', { name: say(language, 'seeResult') })).toBeVisible();
      },
    },
    {
      name: 'paper result with its review',
      route: '/papers/{released}/result',
      open: async (page, _world, language) => {
        await expect(page.getByRole('heading', { name: say(language, 'yourResult') })).toBeVisible();
        await expect(page.getByText(sayPattern(language, 'islandRank'))).toBeVisible();
      },
    },
    {
      name: 'sitting a paper, wide screen',
      route: '/papers/{toSit}/sit',
      open: async (page, _world, language) => {
        await sittingShown(page, language);
      },
    },
    {
      name: 'sitting a paper, phone',
      route: '/papers/{toSit}/sit',
      phone: true,
      open: async (page, _world, language) => {
        await sittingShown(page, language);
        await expect(page.getByRole('heading', { name: sayFilled(language, 'questionOf', { number: 1, count: 4 }) })).toBeVisible();
      },
    },
    {
      name: 'sitting a paper, question sheet on a phone',
      route: '/papers/{toSit}/sit',
      phone: true,
      open: async (page, _world, language) => {
        await sittingShown(page, language);
        await page.getByRole('button', { name: say(language, 'paperQuestions'), exact: true }).click();
        await dialogOpened(page, say(language, 'paperQuestions'));
      },
    },
    {
      name: 'sitting a paper, hand-in dialog',
      route: '/papers/{toSit}/sit',
      open: async (page, _world, language) => {
        await sittingShown(page, language);
        // The first question answered and flagged, so the dialog lists both kinds (the rest unanswered).
        await page.getByRole('radio').first().check();
        const flag = page.getByRole('button', { name: sayFilled(language, 'flagQuestion', { number: 1 }) });
        if ((await flag.getAttribute('aria-pressed')) !== 'true') await flag.click();
        await expect(page.getByRole('status').filter({ hasText: say(language, 'saved') })).toBeVisible();
        await page.getByRole('banner').getByRole('button', { name: say(language, 'handIn'), exact: true }).click();
        await dialogOpened(page, say(language, 'handInTitle'));
      },
    },
    {
      // Last of the student's screens: it leaves the browser's clock an hour ahead.
      name: 'sitting a paper, time up while offline',
      route: '/papers/{timeUp}/sit',
      open: async (page, world, language) => {
        const { timeUp, timeUpMinutes } = papersOf(world);
        // The line to the server is down for this paper's answers, and this device's clock then
        // runs past the student's deadline (a phone asleep in a pocket, offline): the screen stops
        // taking choices and says until when the waiting answer still counts.
        await page.route(
          (url) => url.pathname === `/api/papers/${timeUp}/answers` || url.pathname === `/api/papers/${timeUp}/hand-in`,
          (route) => route.abort('internetdisconnected'),
        );
        await page.clock.install();
        await page.reload();
        await sittingShown(page, language);
        await page.getByRole('radio').first().check();
        await expect(page.getByRole('status').filter({ hasText: sayFilled(language, 'offlineWaitingOne', { count: 1 }) }).first()).toBeVisible();
        await page.clock.fastForward((timeUpMinutes + 1) * MINUTE_MS);
        await expect(page.getByRole('alert').filter({ hasText: sayPattern(language, 'timeUpWaitingOne', { count: '1' }) })).toBeVisible();
      },
    },
  ],
  admin: [
    {
      name: 'drive, a class with papers',
      route: '/home',
      open: async (page, world, language) => {
        await driveCard(page, world.className, language).getByRole('button', { name: say(language, 'openFolder') }).click();
        await expect(driveCard(page, 'Ancient kingdoms: term test', language)).toBeVisible();
      },
    },
    { name: 'paper page for the tutor', route: '/papers/{released}' },
    {
      name: 'paper editor',
      route: '/papers/{toStart}/edit',
      open: async (page, _world, language) => {
        await expect(page.getByRole('button', { name: say(language, 'savePaper') })).toBeVisible();
        await expect(page.getByRole('textbox', { name: say(language, 'questionText') }).first()).toHaveValue('අනුරාධපුර රාජධානිය ආරම්භ කළේ කවුද?');
      },
    },
    {
      name: 'paper editor, import preview',
      route: '/papers/new/{classId}',
      open: async (page, _world, language) => {
        await importSinhalaCsv(page, language);
      },
    },
    {
      name: 'paper results',
      route: '/papers/{released}/results',
      open: async (page, _world, language) => {
        // The student and the classmate, each with their actions (a phone reads the rows as cards).
        await expect(page.getByRole('table', { name: say(language, 'resultsTable') }).getByRole('button', { name: sayPattern(language, 'studentActions') })).toHaveCount(2);
      },
    },
    {
      name: 'paper results, statistics',
      route: '/papers/{released}/results',
      open: async (page, _world, language) => {
        await page.getByRole('tab', { name: say(language, 'statisticsTab') }).click();
        await expect(page.getByRole('img', { name: sayFilled(language, 'histogramLabel', { sat: 2, max: 5 }) })).toBeVisible();
        await page.getByRole('button', { name: sayFilled(language, 'optionsOf', { number: 2 }) }).click();
        await expect(page.getByRole('img', { name: sayFilled(language, 'optionSharesLabel', { number: 2, key: 'A' }) })).toBeVisible();
      },
    },
    {
      name: "paper results, a student's attempt",
      route: '/papers/{released}/results',
      open: async (page, _world, language) => {
        await page.getByRole('button', { name: sayPattern(language, 'studentActions') }).first().click();
        await page.getByRole('menuitem', { name: say(language, 'viewAttempt') }).click();
        await dialogOpened(page);
        await expect(page.getByRole('dialog').locator('[role="progressbar"]')).toHaveCount(0);
      },
    },
    {
      name: 'paper results, regrade dialog',
      route: '/papers/{released}/results',
      open: async (page, _world, language) => {
        await page.getByRole('button', { name: say(language, 'regrade'), exact: true }).click();
        await dialogOpened(page);
      },
    },
    {
      name: 'paper results, merit list dialog',
      route: '/papers/{released}/results',
      open: async (page, _world, language) => {
        await page.getByRole('button', { name: say(language, 'publishMeritList'), exact: true }).click();
        await dialogOpened(page);
      },
    },
  ],
};
