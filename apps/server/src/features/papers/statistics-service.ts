// The admin's Statistics tab (papers.md 'Statistics'): the handed-in attempts of students who sat
// (deleted accounts left out), provisional until results are ready, so a tutor may look while the
// paper runs. Options keep the paper's own order, so A–F mean the same for every student.
import type { PaperStatistics } from '@academy/contract';
import { groupBy } from '../../lib/group-by';
import { answersOf } from './attempt-repo';
import type { PapersContext } from './context';
import { loadPaper } from './paper-cache';
import { resultAttempts } from './results-repo';
import { paperStatistics } from './statistics';

export async function statisticsOf(ctx: PapersContext, paperId: string): Promise<PaperStatistics> {
  const paper = await loadPaper(ctx, paperId);
  const sat = (await resultAttempts(ctx.db, paperId)).filter((attempt) => attempt.handed_in_at !== null);
  const answers = groupBy(await answersOf(ctx.db, sat.map((attempt) => attempt.id)), (answer) => answer.attempt_id);
  return paperStatistics({
    questions: paper.questions.map((question) => ({
      id: question.id,
      text: question.text,
      marks: question.marks,
      dropped: question.dropped,
      keyOptionId: question.keyOptionId,
      options: question.options.map((option) => ({ id: option.id, text: option.text })),
    })),
    attempts: sat.map((attempt) => ({
      // The MCQ part's own marks: a written part joined at release has its figures apart (answer-scripts.md).
      marks: attempt.mcq_marks ?? attempt.marks ?? 0,
      answers: (answers.get(attempt.id) ?? []).map((answer) => ({ questionId: answer.question_id, optionId: answer.option_id })),
    })),
    provisional: paper.row.results_ready_at === null,
  });
}
