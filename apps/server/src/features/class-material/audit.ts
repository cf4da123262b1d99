import { FOLDER_MIME_TYPE } from '@academy/contract';
import type { StoreItem } from '../../storage/file-store';
import type { AuditTarget } from '../audit-log/service';
import type { ClassRow, GrantRow } from './repo';

// How class material's changes read in the audit log. A class is named by its row's id, which a
// rename keeps (the built-in store's folder id changes with the name), so one class's whole story
// (created, renamed, deleted) shares one target id; a grant is a target of its own.

export function classTarget(row: Pick<ClassRow, 'id' | 'name'>): AuditTarget {
  return { type: 'class', id: row.id, label: row.name };
}

export function isFolder(item: Pick<StoreItem, 'mimeType'>): boolean {
  return item.mimeType === FOLDER_MIME_TYPE;
}

/** A folder or file inside a class, found again by its class's name too. */
export function itemTarget(item: Pick<StoreItem, 'id' | 'name' | 'mimeType'>, classRow: Pick<ClassRow, 'name'>): AuditTarget {
  return { type: isFolder(item) ? 'folder' : 'file', id: item.id, label: item.name, keywords: [classRow.name] };
}

/** Who a grant is for: an e-mail, or a batch and class type. */
export function granteeOf(grant: Pick<GrantRow, 'email_key' | 'batch' | 'class_type'>): string {
  return grant.email_key ?? `batch ${grant.batch ?? ''} ${grant.class_type ?? ''}`;
}

/** A grant, found again by its class's name and by the e-mail it is for. */
export function grantTarget(grant: Pick<GrantRow, 'id' | 'class_name' | 'email_key' | 'batch' | 'class_type'>): AuditTarget {
  return { type: 'grant', id: grant.id, label: `${grant.class_name}: ${granteeOf(grant)}` };
}

export function grantDetail(grant: Pick<GrantRow, 'id' | 'email_key' | 'batch' | 'class_type' | 'ends_at'>): Record<string, unknown> {
  return { grantId: grant.id, email: grant.email_key, batch: grant.batch, classType: grant.class_type, endsAt: grant.ends_at };
}
