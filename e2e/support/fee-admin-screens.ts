import { expect, type Page } from '@playwright/test';
import type { FeeAdminWorld } from './fee-admin-world';
import { say, sayAnyName, sayFilled, type Language } from './languages';
import type { Screen } from './screens';
import type { World } from './world';

// The admins' fee screens (docs/design/fees-build-plan.md, section 5), in the one list the axe,
// reflow and keyboard walks read (screens.ts), on the world's fee class (fee-admin-world.ts). Their
// routes name it as {feeAdminClassId} and {feeAdminMonth}; screens.ts fills them in.

function feesOf(world: World): FeeAdminWorld {
  if (!world.feesAdmin) throw new Error('the admin fee screens need a world built with its fees (buildWorld(request, { fees: true }))');
  return world.feesAdmin;
}

async function dialogOpened(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').locator('.MuiSkeleton-root, [role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
}

/** The Student List narrowed to the world's slip student, their profile open at its Fees panel. */
async function openProfile(page: Page, world: World, language: Language): Promise<void> {
  const { slipStudent } = feesOf(world);
  await page.getByRole('searchbox').first().fill(slipStudent.email);
  await expect(page.getByRole('button', { name: sayAnyName(language, 'viewStudent') })).toHaveCount(1);
  await page.getByRole('button', { name: say(language, 'viewStudent', slipStudent.name) }).click();
  const heading = page.getByRole('dialog').getByRole('heading', { name: say(language, 'feesPanel'), exact: true });
  await expect(page.getByRole('dialog').getByRole('button', { name: say(language, 'feesFreeCard'), exact: true })).toBeVisible();
  // The panel is below the profile's fields: scrolled to, as the admin would.
  await heading.scrollIntoViewIfNeeded();
  await expect(heading).toBeInViewport();
}

/**
 * The queue searched for the world's slip student: on a portal many specs share, the slips waiting
 * (oldest first, a page at a time) may be more than a page.
 */
async function findSlipOf(page: Page, world: World, language: Language): Promise<void> {
  const { name } = feesOf(world).slipStudent;
  await page.getByRole('searchbox').first().fill(name);
  // The search's answer has come: the student's one slip, and no one else's.
  await expect(page.getByRole('button', { name: sayAnyName(language, 'feesReviewSlipOf') })).toHaveCount(1);
  await expect(page.getByRole('button', { name: say(language, 'feesReviewSlipOf', name) })).toBeVisible();
}

export const FEE_ADMIN_SCREENS: Screen[] = [
  {
    name: 'fees, overview',
    route: '/fees',
    open: async (page, _world, language) => {
      await expect(page.getByRole('table', { name: say(language, 'feesOverviewTable') })).toBeVisible();
    },
  },
  {
    name: 'fees, class month',
    route: '/fees/classes/{feeAdminClassId}/{feeAdminMonth}',
    open: async (page, _world, language) => {
      await expect(page.getByRole('button', { name: say(language, 'feesRemindUnpaid') })).toBeEnabled();
    },
  },
  {
    name: 'fees, class month, remind dialog',
    route: '/fees/classes/{feeAdminClassId}/{feeAdminMonth}',
    open: async (page, _world, language) => {
      await page.getByRole('button', { name: say(language, 'feesRemindUnpaid') }).click();
      await dialogOpened(page);
    },
  },
  {
    name: 'fees, slips queue',
    route: '/fees?tab=slips',
    open: async (page, world, language) => {
      await findSlipOf(page, world, language);
    },
  },
  {
    name: 'fees, slip review dialog',
    route: '/fees?tab=slips',
    open: async (page, world, language) => {
      const { name } = feesOf(world).slipStudent;
      await findSlipOf(page, world, language);
      await page.getByRole('button', { name: say(language, 'feesReviewSlipOf', name) }).click();
      await dialogOpened(page);
      await expect(page.getByRole('dialog').getByRole('img', { name: say(language, 'feesSlipImageOf', name) })).toBeVisible();
    },
  },
  {
    name: 'fees, payments',
    route: '/fees?tab=payments',
    open: async (page, world, language) => {
      await expect(page.getByRole('button', { name: sayFilled(language, 'feesRefundReceipt', { receipt: feesOf(world).receipt }) })).toBeVisible();
    },
  },
  {
    name: 'fees, record payment dialog',
    route: '/fees?tab=payments',
    open: async (page, world, language) => {
      await page.getByRole('button', { name: say(language, 'feesRecordPayment'), exact: true }).click();
      await dialogOpened(page);
      await page.getByRole('dialog').getByRole('searchbox', { name: say(language, 'feesFindStudent') }).fill(feesOf(world).slipStudent.email);
      await page.getByRole('dialog').getByRole('radio').first().check();
      await expect(page.getByRole('dialog').getByRole('checkbox').first()).toBeVisible();
    },
  },
  {
    name: 'fees, refund dialog',
    route: '/fees?tab=payments',
    open: async (page, world, language) => {
      await page.getByRole('button', { name: sayFilled(language, 'feesRefundReceipt', { receipt: feesOf(world).receipt }) }).click();
      await dialogOpened(page);
    },
  },
  {
    name: 'fees, revenue',
    route: '/fees?tab=revenue',
    open: async (page) => {
      await expect(page.getByTestId('revenue-chart').locator('svg').first()).toBeVisible();
    },
  },
  {
    name: 'fees, needs attention',
    route: '/fees?tab=alerts',
    open: async (page, _world, language) => {
      await expect(page.getByText(say(language, 'feesAlertsHint'))).toBeVisible();
    },
  },
  {
    name: 'fees, export dialog',
    route: '/fees?tab=export',
    open: async (page, _world, language) => {
      await page.getByRole('button', { name: say(language, 'feesExportButton') }).click();
      await dialogOpened(page);
    },
  },
  {
    name: "student list, a student's fees",
    route: '/students',
    open: openProfile,
  },
  {
    name: 'student list, free card dialog',
    route: '/students',
    open: async (page, world, language) => {
      await openProfile(page, world, language);
      await page.getByRole('dialog').getByRole('button', { name: say(language, 'feesFreeCard'), exact: true }).click();
      await expect(page.getByRole('dialog', { name: say(language, 'feesFreeCardTitle', feesOf(world).slipStudent.name) })).toBeVisible();
    },
  },
  {
    name: 'student list, exception dialog',
    route: '/students',
    open: async (page, world, language) => {
      await openProfile(page, world, language);
      await page.getByRole('dialog').getByRole('button', { name: say(language, 'feesException'), exact: true }).click();
      await expect(page.getByRole('dialog', { name: say(language, 'feesExceptionTitle', feesOf(world).slipStudent.name) })).toBeVisible();
    },
  },
];
