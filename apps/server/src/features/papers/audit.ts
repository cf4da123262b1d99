// How papers read in the audit log: every action on one paper shares its id, so its whole story
// (created, edited, released, regraded) is one target, found again by its class's name too.
import type { Db } from '../../db/database';
import type { AuditTarget } from '../audit-log/service';
import { classOf, type PaperRow } from './paper-repo';

export function paperTarget(paper: { id: string; title: string }, className: string): AuditTarget {
  return { type: 'paper', id: paper.id, label: paper.title, keywords: [className] };
}

/**
 * The target of an action on a paper whose class the caller has not read: its class's name is read
 * here. An action on one student's attempt is found again by the student's name and regNo too.
 */
export async function actionTarget(db: Db, paper: Pick<PaperRow, 'id' | 'title' | 'class_id'>, student?: { name: string; reg_no: string | null }): Promise<AuditTarget> {
  const target = paperTarget(paper, (await classOf(db, paper.class_id))?.name ?? '');
  return student ? { ...target, keywords: [...(target.keywords ?? []), student.name, student.reg_no] } : target;
}
