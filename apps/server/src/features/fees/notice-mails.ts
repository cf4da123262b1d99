// The mails of a slip's rejection and of an admin's reminder, composed when their `fees.mail` job
// runs, from the database as it is then: a reminder for a month paid meanwhile is dropped. In
// English and Sinhala side by side, as the other fee mails; no subject carries an amount or a reason.
import { feeMonthLabel, type Branding } from '@academy/contract';
import { brandedMail } from '../../mail/branded-mail';
import type { Mail } from '../../mail/mailer';
import type { FeesContext } from './context';
import type { FeeMailPayload } from './events';
import { bilingualAmount, sinhalaMonth } from './mails';
import { findPlan, planRules } from './repo';
import { findSlip } from './slip-repo';
import { monthsOfStudent } from './standing';
import { classFacts } from './standing-repo';

type Payload<K extends FeeMailPayload['mail']> = Extract<FeeMailPayload, { mail: K }>;

const feesLink = (publicUrl: string | null) => (publicUrl ? { button: { label: 'Open your fees / ඔබේ ගාස්තු විවෘත කරන්න', url: `${publicUrl}/#/fees` } } : {});

/** A Sri Lanka day of an instant, as '10 November 2026'. */
function sriLankaDate(instant: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Colombo', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(instant));
}

async function liveStudent(ctx: FeesContext, accountId: string) {
  return ctx.db.selectFrom('accounts').select(['email', 'name']).where('id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirst();
}

export function slipRejectedMail(
  to: { email: string; name: string },
  slip: { className: string; months: string[]; bank: string; reference: string; reason: string },
  branding: Branding,
  publicUrl: string | null,
): Mail {
  const months = slip.months.map(feeMonthLabel).join(', ');
  return brandedMail({
    to: to.email,
    subject: `${branding.title}: your bank slip was not accepted / බැංකු පත්‍රිකාව භාර නොගැනිණි`,
    branding,
    name: to.name,
    paragraphs: [
      `Your bank slip for ${slip.className} (${months}; ${slip.bank}, reference ${slip.reference}) was not accepted.`,
      `The reason: ${slip.reason}`,
      'Upload the slip again, pay online, or pay at the class.',
      `${slip.className} (${slip.months.map(sinhalaMonth).join(', ')}) සඳහා ඔබ එවූ බැංකු පත්‍රිකාව භාර නොගැනිණි. හේතුව ඉහත දැක්වේ. පත්‍රිකාව නැවත එවන්න, මාර්ගගතව ගෙවන්න, නැතහොත් පන්තියේදී ගෙවන්න.`,
    ],
    ...feesLink(publicUrl),
    footnote: ['You receive this because you uploaded a bank slip to the portal.'],
  });
}

export function reminderMail(
  to: { email: string; name: string },
  due: { className: string; month: string; amountCents: number; dueOn: string },
  branding: Branding,
  publicUrl: string | null,
): Mail {
  return brandedMail({
    to: to.email,
    subject: `${branding.title}: class fee reminder / පන්ති ගාස්තු සිහිකැඳවීම`,
    branding,
    name: to.name,
    paragraphs: [
      `The ${feeMonthLabel(due.month)} fee for ${due.className} is not paid yet: ${bilingualAmount(due.amountCents)}, due on ${sriLankaDate(due.dueOn)}.`,
      'Pay online, by bank slip or at the class; the month opens once it is paid.',
      `${due.className} පන්තියේ ${sinhalaMonth(due.month)} ගාස්තුව තවම ගෙවා නැත: ${bilingualAmount(due.amountCents)}.`,
    ],
    ...feesLink(publicUrl),
    footnote: ['Already paid? Then the academy has not recorded it yet; keep your receipt or slip.'],
  });
}

/** The `slip-rejected` mail: the reason as the admin gave it. */
export async function composeSlipRejected(ctx: FeesContext, payload: Payload<'slip-rejected'>): Promise<Mail | null> {
  const slip = await findSlip(ctx.db, payload.slipId);
  if (!slip || slip.state !== 'rejected') return null;
  const to = await liveStudent(ctx, slip.account_id);
  if (!to) return null;
  const months = JSON.parse(slip.months_json) as string[];
  return slipRejectedMail(to, { className: slip.class_name, months, bank: slip.bank, reference: slip.reference, reason: slip.reason ?? '' }, ctx.branding, ctx.publicUrl);
}

/** The `reminder` mail: nothing when the month was paid, made free or opened since the reminder. */
export async function composeReminder(ctx: FeesContext, payload: Payload<'reminder'>): Promise<Mail | null> {
  const [to, planRow, classRow] = await Promise.all([
    liveStudent(ctx, payload.accountId),
    findPlan(ctx.db, payload.classId),
    ctx.db.selectFrom('classes').select('name').where('id', '=', payload.classId).executeTakeFirst(),
  ]);
  if (!to || !planRow || !classRow) return null;
  const plan = planRules(planRow);
  const facts = await classFacts(ctx.db, payload.classId, [payload.accountId]);
  const month = monthsOfStudent(plan, facts, payload.accountId, ctx.clock()).find((item) => item.month === payload.month);
  if (!month || month.state !== 'unpaid') return null;
  return reminderMail(to, { className: classRow.name, month: month.month, amountCents: month.amountCents, dueOn: month.dueOn }, ctx.branding, ctx.publicUrl);
}
