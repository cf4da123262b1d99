import { expect, type Page } from '@playwright/test';
import { driveCard } from './drive';
import type { FeeWorld } from './fee-world';
import { say, type Language } from './languages';
import type { Screen } from './screens';
import type { World } from './world';

// A student's fee screens and the drive's fee dialogs (docs/design/fees-build-plan.md, section 5),
// in the one list the axe, reflow and keyboard walks read (screens.ts), on the world's fees
// (fee-world.ts). Their routes name the world's paid order and payment as {feeOrderId} and
// {feePaymentId}, and the locked month's trail as {feeLockedTrail}; screens.ts fills them in.

function feesOf(world: World): FeeWorld {
  if (!world.fees) throw new Error('the fee screens need a world built with its fees (buildWorld(request, { fees: true }))');
  return world.fees;
}

async function dialogOpened(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toBeVisible();
}

/** Into the world's fee class: its locked month shows its lock, with Pay and Bank slip. */
async function openFeeClass(page: Page, world: World, language: Language): Promise<void> {
  const fees = feesOf(world);
  await driveCard(page, fees.feeClassName, language).getByRole('button', { name: say(language, 'openFolder') }).click();
  await expect(driveCard(page, fees.feeLockedName, language).getByTestId('month-lock')).toBeVisible();
  await expect(driveCard(page, fees.feeLockedName, language).getByRole('button', { name: say(language, 'feesBankSlip'), exact: true })).toBeEnabled();
}

export const FEE_SCREENS: Record<'student' | 'admin', Screen[]> = {
  student: [
    { name: 'fees, a locked month in the drive', route: '/home', open: openFeeClass },
    {
      name: 'fees, pay dialog',
      route: '/home',
      open: async (page, world, language) => {
        await openFeeClass(page, world, language);
        await driveCard(page, feesOf(world).feeLockedName, language).getByRole('button', { name: say(language, 'feesPay'), exact: true }).click();
        await dialogOpened(page);
      },
    },
    {
      name: 'fees, bank slip dialog',
      route: '/home',
      open: async (page, world, language) => {
        await openFeeClass(page, world, language);
        await driveCard(page, feesOf(world).feeLockedName, language).getByRole('button', { name: say(language, 'feesBankSlip'), exact: true }).click();
        await expect(page.getByRole('dialog', { name: say(language, 'feesSlipTitle') })).toBeVisible();
      },
    },
    {
      name: 'fees, a link straight to a locked month',
      route: '/home?trail={feeLockedTrail}',
      open: async (page) => {
        await expect(page.getByTestId('month-lock-panel')).toBeVisible();
      },
    },
    {
      name: "fees, the student's fees",
      route: '/fees',
      open: async (page, _world, language) => {
        await expect(page.getByRole('heading', { name: say(language, 'feesMyFeesTitle') })).toBeVisible();
      },
    },
    {
      name: 'fees, payment return page',
      route: '/fees/orders/{feeOrderId}',
      open: async (page, _world, language) => {
        await expect(page.getByTestId('order-state')).toContainText(say(language, 'feesReceiptNo'));
      },
    },
    {
      name: 'fees, receipt',
      route: '/fees/receipts/{feePaymentId}',
      open: async (page) => {
        await expect(page.getByTestId('receipt-number')).toContainText(/\d{6}/);
      },
    },
  ],
  admin: [
    {
      name: 'drive, class fees dialog',
      route: '/home',
      open: async (page, world, language) => {
        await page.getByRole('button', { name: say(language, 'actionsFor', feesOf(world).feeClassName) }).click();
        await page.getByRole('menuitem', { name: say(language, 'feesClassFees') }).click();
        await dialogOpened(page);
        await expect(page.getByRole('dialog').getByRole('checkbox').first()).toBeVisible();
      },
    },
    {
      name: 'drive, folder month dialog',
      route: '/home',
      open: async (page, world, language) => {
        const fees = feesOf(world);
        await driveCard(page, fees.feeClassName, language).getByRole('button', { name: say(language, 'openFolder') }).click();
        await page.getByRole('button', { name: say(language, 'actionsFor', fees.feeLockedName) }).click();
        await page.getByRole('menuitem', { name: say(language, 'feesMonthMenu') }).click();
        await dialogOpened(page);
        await expect(page.getByRole('dialog').getByRole('combobox')).toBeVisible();
      },
    },
  ],
};
