import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Narrows the open Student List to the one student `email` names and returns their row once the
 * list shows that search's answer. The search runs after a pause in typing, and until its answer
 * arrives the table keeps the rows it had, this student's among them when they are new. A click
 * on that row then can land while the answer redraws the table (its columns take the new rows'
 * widths) and reach nothing: a switch turned in that moment stayed on. So the row is handed out
 * only when the pager counts the one match and no fetch is running.
 */
export async function findStudentRow(page: Page, email: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await expect(page.getByText('1–1 of 1', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

/**
 * Suspends the student of `row` from the Student List: their switch asks the admin's own password
 * first (ASVS 3.7.1), given here, and the switch is off once the dialog has closed.
 */
export async function suspendStudent(page: Page, row: Locator, name: string, password: string): Promise<void> {
  const stateSwitch = row.getByRole('switch', { name: `Account active: ${name}` });
  await stateSwitch.click();
  const ask = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(ask.getByText(`Enter your password to suspend ${name}`)).toBeVisible();
  await ask.getByLabel('Password', { exact: true }).fill(password);
  await ask.getByRole('button', { name: 'Suspend' }).click();
  await expect(ask).toBeHidden();
  await expect(stateSwitch).not.toBeChecked();
}
