// One student's attempt as the tutor inspects it (papers.md 'The calls'): the questions and their
// options in the order that student saw them, what the server holds for each, the devices the
// attempt was sat on, and the page-away and offline periods their browsers recorded.
import type { IntegrityEventKind, PaperAttempt } from '@academy/contract';
import { attemptEvents } from './actions-repo';
import { answersOf, devicesOf } from './attempt-repo';
import type { PapersContext } from './context';
import { loadPaper } from './paper-cache';
import { startedStudent } from './paper-students';
import { handedInByOf } from './rows';
import { attemptOrderOf, inAttemptOrder } from './shuffle';

export async function attemptOf(ctx: PapersContext, paperId: string, studentId: string): Promise<PaperAttempt> {
  const paper = await loadPaper(ctx, paperId);
  const { account, attempt } = await startedStudent(ctx, paper.row, studentId);
  const [answers, devices, events] = await Promise.all([
    answersOf(ctx.db, [attempt.id]),
    devicesOf(ctx.db, [attempt.id]),
    attemptEvents(ctx.db, attempt.id),
  ]);
  const order = attemptOrderOf(attempt.order_json, paper.questions);
  const held = new Map(answers.map((answer) => [answer.question_id, answer]));
  return {
    student: {
      studentId: account.id,
      name: account.name,
      regNo: account.reg_no ?? '',
      district: attempt.district,
      school: attempt.school,
      batch: attempt.batch,
    },
    attemptId: attempt.id,
    startedAt: attempt.started_at,
    openedAt: attempt.opened_at,
    deadline: attempt.deadline_at,
    handedInAt: attempt.handed_in_at,
    handedInBy: handedInByOf(attempt.handed_in_by),
    marks: attempt.marks,
    correct: attempt.correct,
    answered: attempt.answered,
    timeTakenSeconds: attempt.time_taken_seconds,
    extraMinutes: attempt.extra_minutes,
    reopened: attempt.reopened > 0,
    lateSaves: attempt.late_saves,
    questions: inAttemptOrder(paper.questions, order.q).map((question, index) => {
      const answer = held.get(question.id);
      return {
        number: index + 1,
        id: question.id,
        text: question.text,
        marks: question.marks,
        dropped: question.dropped,
        options: inAttemptOrder(question.options, order.o[question.id]).map((option) => ({ id: option.id, text: option.text, isKey: option.isKey })),
        optionId: answer?.option_id ?? null,
        seq: answer?.seq ?? null,
        savedAt: answer?.saved_at ?? null,
      };
    }),
    devices: devices
      .sort((a, b) => a.device - b.device)
      .map((device) => ({ device: device.device, label: device.label, ip: device.ip, firstSeenAt: device.first_seen_at, lastSeenAt: device.last_seen_at })),
    events: events.map((event) => ({
      kind: event.kind as IntegrityEventKind,
      device: event.device,
      from: event.from_at,
      to: event.to_at,
      seconds: event.seconds,
      receivedAt: event.received_at,
    })),
  };
}
