import type { Generated } from 'kysely';
import type { AdminMfaTables } from '../features/admin-mfa/tables';
import type { ApprovalsTables } from '../features/approvals/tables';
import type { SecurityAlertsTables } from '../features/security-alerts/tables';

// Table shapes as Kysely sees them. Dates are ISO-8601 text on both SQLite and PostgreSQL so one
// query path serves both and string comparison orders them.

export interface AccountsTable {
  id: string;
  email: string;
  /** Lower-cased e-mail: uniqueness among live accounts ignores letter case. */
  email_key: string;
  password_hash: string;
  name: string;
  account_type: string;
  account_state: string;
  batch: string;
  class_type: string;
  history_type: string;
  whatsapp_no: string;
  additional_no: string;
  district: string;
  scl: string;
  address: string;
  student_id_img: string;
  reg_no: string | null;
  profile_img: string;
  /** Bumped to end every session of the account at once (suspend, delete, password change). */
  token_version: Generated<number>;
  /**
   * Set while the password is a temporary one someone else chose (the CSV import's): until the
   * student sets their own only the change is allowed, and after this moment it no longer signs in.
   */
  temporary_password_expires_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** Lower-cased name, e-mail, regNo and phone numbers: the Student List's search. */
  search_text: Generated<string>;
}

export interface RegNoSequencesTable {
  prefix: string;
  last_value: number;
}

export interface SignInFailuresTable {
  id: string;
  /** 'email:<address>' or 'client:<ip>': one table limits both. */
  subject: string;
  failed_at: string;
}

export interface AccountsTables {
  accounts: AccountsTable;
  reg_no_sequences: RegNoSequencesTable;
  sign_in_failures: SignInFailuresTable;
}

export interface PasswordResetCodesTable {
  id: string;
  /** Lower-cased e-mail the code was asked for, with or without an account. */
  email_key: string;
  /** Null when the address has no account: such a code is never mailed and never confirms. */
  account_id: string | null;
  /** HMAC-SHA256 of the code under the server secret; the code itself is never stored. */
  code_hash: string;
  /** Tries so far, counted before each check so parallel guesses cannot exceed the limit. */
  tries: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Set when the code is confirmed: the hash of the reset token handed out for it. */
  reset_token_hash: string | null;
  reset_expires_at: string | null;
  reset_used_at: string | null;
  /** The account's token version when the code was confirmed; a later change voids the token. */
  token_version: number | null;
}

export interface PasswordResetClientRequestsTable {
  id: string;
  client: string;
  requested_at: string;
}

export interface PasswordResetTables {
  password_reset_codes: PasswordResetCodesTable;
  password_reset_client_requests: PasswordResetClientRequestsTable;
}

export interface SessionsTable {
  id: string;
  account_id: string;
  /**
   * The account's token version the session was opened or renewed at: a bump (password change,
   * suspension, deletion) ends every session opened before it without touching these rows.
   */
  token_version: number;
  /** 'Chrome on Android': what the student recognises in their list of sessions. */
  device: string;
  ip: string;
  created_at: string;
  /** Refreshed at most every few minutes, so a busy session does not write on every request. */
  last_seen_at: string;
  expires_at: string;
  ended_at: string | null;
  /** 'signed-out', 'ended-by-owner' or 'limit' (a newer sign-in pushed it out). */
  end_reason: string | null;
  /** How the sign-in was proven: 'password', 'totp' or 'recovery-code'; an admin's 'password' session is limited to enrolment. */
  second_factor: Generated<string>;
}

export interface SettingsTable {
  key: string;
  /** JSON text, read through the owning feature's schema. */
  value: string;
  updated_at: string;
}

export interface SessionsTables {
  sessions: SessionsTable;
  settings: SettingsTable;
}


export interface BannerImagesTable {
  /** SHA-256 of the largest stored width's bytes; the files are `<hash>-<width>.webp`. */
  hash: string;
  /** The largest width stored; every width of BANNER_WIDTHS up to it exists. */
  max_width: number;
  uploaded_by: string | null;
  uploaded_at: string;
}

export interface BannersTable {
  /** 0, 1, 2: the order of the login carousel. */
  position: number;
  image_hash: string;
  published_at: string;
}

export interface BannersTables {
  banner_images: BannerImagesTable;
  banners: BannersTable;
}

export interface ClassesTable {
  id: string;
  name: string;
  /** Lower-cased name: two classes never differ only in letter case. */
  name_key: string;
  /** The class folder's id in the file store. */
  folder_id: string;
  created_at: string;
}

export interface ClassGrantsTable {
  id: string;
  class_id: string;
  /** Set for a grant to one e-mail (lower-cased); null for a batch rule. */
  email_key: string | null;
  /** Set, with class_type, for a grant to every student of a batch and class type. */
  batch: string | null;
  class_type: string | null;
  /** The moment access ends (ISO-8601), or null: until revoked. */
  ends_at: string | null;
  created_at: string;
}

export interface ClassMaterialTables {
  classes: ClassesTable;
  class_grants: ClassGrantsTable;
}

export interface MessagesTable {
  id: string;
  message: string;
  link: string;
  /** '' reaches every batch. */
  batch: string;
  /** JSON list of regions ('[]' reaches both). */
  regions: string;
  /** JSON list of message class types ('[]' reaches all). */
  class_types: string;
  views: Generated<number>;
  author_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface MessageViewsTable {
  message_id: string;
  account_id: string;
  viewed_at: string;
}

export interface MessageReadsTable {
  account_id: string;
  /** created_at of the newest message the account's feed has shown; the bell counts newer ones. */
  read_up_to: string;
}

export interface MessagesTables {
  messages: MessagesTable;
  message_views: MessageViewsTable;
  message_reads: MessageReadsTable;
}

export interface AuditLogTable {
  id: string;
  at: string;
  /** The acting admin, and their name and e-mail as they were when they acted. */
  actor_id: string;
  actor_name: string;
  actor_email: string;
  /** One of the contract's AUDIT_ACTIONS. */
  action: string;
  target_type: string;
  target_id: string;
  target_label: string;
  summary: string;
  /** JSON object of what changed. */
  detail: string;
  ip: string;
}

export interface AuditLogTermsTable {
  /** A lower-cased word a target was named by in some entry, for the search. */
  term: string;
  target_id: string;
}

export interface AuditLogTables {
  audit_log: AuditLogTable;
  audit_log_terms: AuditLogTermsTable;
}

export interface SignInTriesTable {
  id: string;
  /** The lower-cased e-mail tried, with or without an account behind it. */
  account_key: string;
  address: string;
  /** The known device (from its cookie) the try came from; null for an unknown one. */
  device: string | null;
  /** 'pending' while the password is checked, then 'failed' or 'succeeded'. */
  outcome: string;
  at: string;
}

export interface KnownDeviceGenerationsTable {
  account_id: string;
  /** A device cookie names the generation it was given at; a bump forgets every device. */
  generation: number;
}

export interface SignInGuardTables {
  sign_in_tries: SignInTriesTable;
  known_device_generations: KnownDeviceGenerationsTable;
}

export interface JobsTable {
  id: string;
  kind: string;
  job_key: string;
  /** JSON. */
  payload: string;
  /** 'queued' | 'running' | 'done' | 'failed' */
  state: string;
  attempts: Generated<number>;
  /** The worker holding the job, until lease_until (ISO); renewed while it runs. */
  lease_owner: string | null;
  lease_until: string | null;
  run_after: string;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface JobsTables {
  jobs: JobsTable;
}

export interface LessonsTable {
  id: string;
  /** The source video's store id as it is now. */
  file_id: string;
  /** One of the contract's LESSON_STATES. */
  state: string;
  progress: Generated<number>;
  error: string | null;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  /** JSON list of the ladder's renditions, lowest first. */
  renditions: Generated<string>;
  key_hex: string;
  iv_hex: string;
  /** Which marked ladders it has: 'none' | 'a' | 'ab' (migration 013). */
  marks: Generated<string>;
  /** The secret each viewer's codeword is derived from (features/forensics/codeword.ts), hex. */
  mark_secret_hex: string | null;
  created_at: string;
  updated_at: string;
}

export interface LessonOutputsTable {
  lesson_id: string;
  name: string;
  store_id: string;
  size: number;
}

export interface LessonsTables {
  lessons: LessonsTable;
  lesson_outputs: LessonOutputsTable;
  /** One row per play (its key fetched): who streamed which lesson, when and from where (migration 013). */
  lesson_streams: { lesson_id: string; account_id: string; ip: string; streamed_at: string };
}

export interface WatchProgressTable {
  account_id: string;
  file_id: string;
  position_seconds: Generated<number>;
  /** ms since the epoch, the device's clock. */
  position_at: Generated<number>;
  duration_seconds: number | null;
  played_seconds: Generated<number>;
  coverage: Generated<string>;
  covered_seconds: Generated<number>;
  reports: Generated<number>;
  first_opened_at: string;
  last_watched_at: string;
}

export interface WatchingTables {
  watch_progress: WatchProgressTable;
  watch_batches: { account_id: string; batch_id: string; applied_at: string };
  drive_visits: { account_id: string; new_since: string | null; last_seen_at: string };
}

export interface ForensicTracesTable {
  id: string;
  /** One of the contract's TRACE_STATES. */
  state: string;
  progress: Generated<number>;
  error: string | null;
  copy_path: string;
  file_name: string;
  /** JSON (features/forensics/trace-result.ts), null until read. */
  result: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface ForensicsTables {
  forensic_traces: ForensicTracesTable;
}

export interface PapersTable {
  id: string;
  /** The class whose access decides who may sit. */
  class_id: string;
  /** The store id of the folder the paper is listed in; follows renames. */
  folder_id: string;
  title: string;
  instructions: Generated<string>;
  /** UTC ISO-8601. */
  opens_at: string;
  closes_at: string;
  time_limit_minutes: number;
  /** 0 or 1. */
  shuffle_questions: Generated<number>;
  shuffle_options: Generated<number>;
  /** One of the contract's REVIEW_LEVELS. */
  review: Generated<string>;
  /** null: released by hand. */
  release_at: string | null;
  /** '' is every batch. */
  batch: Generated<string>;
  merit_top: Generated<number>;
  /** Bumped by every regrade. */
  key_version: Generated<number>;
  /** Set by the first start: the paper's structure is frozen from then. */
  first_started_at: string | null;
  /** Closed, every attempt handed in and ranked; cleared by a reopening. */
  results_ready_at: string | null;
  released_at: string | null;
  released_by: string | null;
  merit_posted_at: string | null;
  merit_message_id: string | null;
  created_by: string;
  created_at: string;
  /** Moves with every change of the paper or its questions: the question cache's check. */
  updated_at: string;
}

export interface PaperQuestionsTable {
  id: string;
  paper_id: string;
  /** The paper's own order, from 0. */
  position: number;
  text: string;
  /** A paper_images hash. */
  image_id: string | null;
  marks: Generated<number>;
  explanation: Generated<string>;
  /** 0 or 1: a regrade dropped it. */
  dropped: Generated<number>;
}

export interface PaperOptionsTable {
  id: string;
  question_id: string;
  paper_id: string;
  position: number;
  text: string;
  /** 0 or 1; exactly one per question. */
  is_key: Generated<number>;
}

export interface PaperImagesTable {
  /** SHA-256 of the stored WebP; the file is DATA_DIR/paper-images/<hash>.webp. */
  hash: string;
  width: number;
  height: number;
  bytes: number;
  uploaded_by: string | null;
  uploaded_at: string;
}

export interface PaperAccommodationsTable {
  paper_id: string;
  account_id: string;
  extra_minutes: number;
  set_by: string;
  set_at: string;
}

export interface PaperAttemptsTable {
  id: string;
  paper_id: string;
  account_id: string;
  started_at: string;
  /** The start, or the last reopening: time taken counts from here. */
  opened_at: string;
  /** min(start + limit + extra, close), or a reopening's. */
  deadline_at: string;
  extra_minutes: Generated<number>;
  /** JSON: {"q": [questionId…], "o": {questionId: [optionId…]}}. */
  order_json: string;
  /** Copied from the account at start: the groups of the ranks. */
  district: string;
  batch: string;
  school: string;
  devices: Generated<number>;
  handed_in_at: string | null;
  /** 'student' or 'time'. */
  handed_in_by: string | null;
  /** mcq_marks + written_marks: what ranks read. */
  marks: number | null;
  correct: number | null;
  answered: number | null;
  time_taken_seconds: Generated<number>;
  /** The MCQ part's marks, written at hand-in and by a regrade. */
  mcq_marks: number | null;
  /** The written part's marks, joined at release (answer-scripts.md). */
  written_marks: number | null;
  island_rank: number | null;
  district_rank: number | null;
  batch_rank: number | null;
  away_count: Generated<number>;
  away_seconds: Generated<number>;
  offline_count: Generated<number>;
  offline_seconds: Generated<number>;
  /** Saves applied inside the grace after the deadline. */
  late_saves: Generated<number>;
  /** 0 or 1. */
  reopened: Generated<number>;
  updated_at: string;
}

export interface PaperAnswersTable {
  attempt_id: string;
  question_id: string;
  /** null: cleared. */
  option_id: string | null;
  /** The save that won. */
  seq: number;
  /** Breaks a tie of seq between devices: the higher wins. */
  device: number;
  saved_at: string;
}

export interface PaperAttemptDevicesTable {
  attempt_id: string;
  device: number;
  /** SHA-256 of the browser's deviceKey. */
  device_key_hash: string;
  /** 'Chrome on Android'. */
  label: string;
  ip: string;
  first_seen_at: string;
  last_seen_at: string;
}

export interface PaperAttemptEventsTable {
  attempt_id: string;
  /** The browser's random id: a retried request adds its periods once. */
  event_id: string;
  /** 'away' or 'offline'. */
  kind: string;
  device: number;
  /** The device's clock, as sent. */
  from_at: string;
  to_at: string;
  seconds: number;
  received_at: string;
}

export interface PapersTables {
  papers: PapersTable;
  paper_questions: PaperQuestionsTable;
  paper_options: PaperOptionsTable;
  paper_images: PaperImagesTable;
  paper_accommodations: PaperAccommodationsTable;
  paper_attempts: PaperAttemptsTable;
  paper_answers: PaperAnswersTable;
  paper_attempt_devices: PaperAttemptDevicesTable;
  paper_attempt_events: PaperAttemptEventsTable;
}

/** One event: a kind about a subject, its words, and who it is for (notifications.md 'Data model'). */
export interface NotificationsTable {
  id: string;
  kind: string;
  /** Unique with kind: one notification per kind and subject ('message:<id>'). */
  subject_key: string;
  /** The words, JSON `{name: value}`. */
  params_json: string;
  /** A hash path of the portal. */
  link: string;
  /** JSON `{"accounts": [...]}` or `{"audience": "<the kind's resolver argument>"}`. */
  audience_json: string;
  actor_id: string | null;
  /** 'scheduled' | 'fanning-out' | 'sent' | 'withdrawn' */
  state: string;
  /** When the fan-out runs. */
  not_before: string;
  expires_at: string | null;
  recipients: Generated<number>;
  created_at: string;
  sent_at: string | null;
  withdrawn_at: string | null;
}

/** One account a notification reached: its bell state and each channel's outcome for it. */
export interface NotificationRecipientsTable {
  /** Random and unguessable: `/#/n/{id}` opens it. */
  id: string;
  notification_id: string;
  account_id: string;
  /** The notification's, copied: the bell orders by it without a join. */
  created_at: string;
  read_at: string | null;
  opened_at: string | null;
  /** 'bell' | 'push' | 'email' | 'link' */
  opened_via: string | null;
  /** null (channel does not apply), 'off', 'none', 'queued', 'held', 'sent', 'failed', 'gone', 'capped', 'dropped' */
  push_state: string | null;
  email_state: string | null;
  sms_state: string | null;
}

/** One recipient on one channel (and, for push, one device). */
export interface NotificationDeliveriesTable {
  id: string;
  recipient_id: string;
  /** 'push' | 'email' | 'sms' */
  channel: string;
  /** The push subscription; '' for e-mail and SMS. */
  subscription_id: Generated<string>;
  /** The notify.send job's key that sends it. */
  batch: string;
  /** 'queued' | 'held' | 'sending' | 'retry' | 'sent' | 'failed' | 'gone' | 'dropped' | 'capped' */
  state: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  last_status: number | null;
  last_error: string | null;
  updated_at: string;
}

/** One browser's Web Push subscription. */
export interface PushSubscriptionsTable {
  id: string;
  account_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  vapid_key_id: string;
  language: string;
  device: Generated<string>;
  expiration_time: string | null;
  created_at: string;
  last_seen_at: string;
  last_success_at: string | null;
  /** Consecutive refusals. */
  failures: Generated<number>;
}

/** An account's notification language and its switches that differ from the kinds' defaults. */
export interface NotificationPreferencesTable {
  account_id: string;
  /** JSON `{kind: {push?, email?, sms?}}`. */
  overrides_json: Generated<string>;
  language: string;
  updated_at: string;
}

/** SMS spent: 'month:2026-11' for the academy, 'day:2026-11-04:<accountId>' per student. */
export interface SmsCountsTable {
  key: string;
  count: number;
  updated_at: string;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  notification_deliveries: NotificationDeliveriesTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_preferences: NotificationPreferencesTable;
  sms_counts: SmsCountsTable;
}

/** A class's fee plan (docs/fees.md 'Fee plans and month folders'). */
export interface FeePlansTable {
  class_id: string;
  monthly_fee_cents: number;
  /** The sorted `YYYY-MM` list, JSON. */
  months_json: string;
  /** The class year: the plan's first and last month. */
  first_month: string;
  last_month: string;
  due_day: number;
  grace_days: number;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A folder tagged with a fee month, by the store's id. */
export interface FeeFolderMonthsTable {
  folder_id: string;
  class_id: string;
  month: string;
  set_by: string | null;
  set_at: string;
}

export interface FeeFreeCardsTable {
  id: string;
  class_id: string;
  account_id: string;
  /** 'full' | 'half' */
  kind: string;
  from_month: string;
  /** Null: to the end of the class year. */
  until_month: string | null;
  reason: string;
  created_by: string | null;
  created_at: string;
  ended_by: string | null;
  ended_at: string | null;
}

export interface FeeExceptionsTable {
  id: string;
  class_id: string;
  account_id: string;
  month: string;
  reason: string;
  created_by: string | null;
  created_at: string;
}

/** What opens a month to a student: one row per payment, full free card or exception covering it. */
export interface FeeOpeningsTable {
  class_id: string;
  account_id: string;
  month: string;
  /** 'payment' | 'free-card' | 'exception' */
  source: string;
  source_id: string;
}

/** Locked first by every payment, refund and chargeback of one student and class. */
export interface FeeLedgersTable {
  class_id: string;
  account_id: string;
  created_at: string;
}

/** 'receipt': the last receipt number given. */
export interface FeeCountersTable {
  name: string;
  value: number;
}

/** One online payment attempt through PayHere; no foreign keys (a money record). */
export interface FeeOrdersTable {
  /** `F` + 19 base32 characters: PayHere's order_id. */
  id: string;
  account_id: string;
  class_id: string;
  class_name: string;
  month: string;
  amount_cents: number;
  currency: string;
  /** 'created' | 'superseded' | 'pending' | 'paid' | 'canceled' | 'failed' | 'charged-back' */
  state: string;
  payhere_payment_id: string | null;
  payment_id: string | null;
  last_status_code: number | null;
  created_at: string;
  updated_at: string;
}

/** A verified PayHere notification; never a card field. */
export interface FeePayhereEventsTable {
  id: string;
  order_id: string;
  status_code: number;
  payhere_payment_id: Generated<string>;
  amount_cents: number;
  currency: string;
  method: string | null;
  /** The first 200 characters. */
  status_message: string | null;
  /** 'applied' | 'repeat' | 'ignored' | 'amount-mismatch' */
  outcome: string;
  received_at: string;
  ip: string;
}

/** Money received; no foreign keys (a money record), names copied. */
export interface FeePaymentsTable {
  id: string;
  receipt_no: number;
  account_id: string | null;
  student_name: string;
  reg_no: string | null;
  class_id: string;
  class_name: string;
  /** 'payhere' | 'bank' | 'cash' */
  method: string;
  amount_cents: number;
  currency: string;
  received_at: string;
  /** The Sri Lanka day of receipt. */
  received_on: string;
  order_id: string | null;
  payhere_payment_id: string | null;
  slip_id: string | null;
  request_id: string | null;
  bank: string | null;
  reference: string | null;
  /** The bank, then the reference upper-cased without spaces, dashes or slashes. */
  reference_key: string | null;
  note: string | null;
  recorded_by: string | null;
  /** 'paid' | 'partly-refunded' | 'refunded' | 'charged-back' */
  state: string;
  refunded_cents: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface FeePaymentMonthsTable {
  payment_id: string;
  class_id: string;
  account_id: string | null;
  month: string;
  amount_cents: number;
  /** 'paid' | 'refunded' | 'charged-back' */
  state: string;
}

export interface FeeRefundsTable {
  id: string;
  payment_id: string;
  months_json: string;
  amount_cents: number;
  /** 'payhere' | 'bank' | 'cash' */
  way: string;
  reason: string;
  recorded_by: string | null;
  recorded_at: string;
}

/** A bank slip; its id names its file under DATA_DIR/fee-slips. */
export interface FeeSlipsTable {
  id: string;
  account_id: string;
  class_id: string;
  class_name: string;
  months_json: string;
  bank: string;
  reference: string;
  reference_key: string;
  amount_cents: number;
  paid_on: string;
  /** 'image/webp' | 'application/pdf' */
  file_type: string;
  file_bytes: number;
  file_sha256: string;
  /** 'pending' | 'approved' | 'rejected' */
  state: string;
  reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  payment_id: string | null;
  created_at: string;
}

export interface FeeRemindersTable {
  class_id: string;
  account_id: string;
  month: string;
  sent_at: string;
}

export interface FeeAlertsTable {
  id: string;
  /** 'chargeback' | 'amount-mismatch' | 'paid-twice' | 'duplicate-slip' */
  kind: string;
  order_id: string | null;
  payment_id: string | null;
  slip_id: string | null;
  account_id: string | null;
  detail_json: Generated<string>;
  created_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
  note: string | null;
}

export interface FeesTables {
  fee_plans: FeePlansTable;
  fee_folder_months: FeeFolderMonthsTable;
  fee_free_cards: FeeFreeCardsTable;
  fee_exceptions: FeeExceptionsTable;
  fee_openings: FeeOpeningsTable;
  fee_ledgers: FeeLedgersTable;
  fee_counters: FeeCountersTable;
  fee_orders: FeeOrdersTable;
  fee_payhere_events: FeePayhereEventsTable;
  fee_payments: FeePaymentsTable;
  fee_payment_months: FeePaymentMonthsTable;
  fee_refunds: FeeRefundsTable;
  fee_slips: FeeSlipsTable;
  fee_reminders: FeeRemindersTable;
  fee_alerts: FeeAlertsTable;
}

/** The written part of a paper (docs/design/answer-scripts.md). */
export interface PaperWrittenTable {
  paper_id: string;
  grace_minutes: Generated<number>;
  /** DATA_DIR/paper-sheets/<sheet_id>.pdf. */
  sheet_id: string | null;
  sheet_pages: number | null;
  sheet_bytes: number | null;
  updated_by: string | null;
  updated_at: string;
}

export interface PaperWrittenQuestionsTable {
  id: string;
  paper_id: string;
  position: number;
  label: string;
  max_marks: number;
}

export interface PaperScriptsTable {
  id: string;
  paper_id: string;
  attempt_id: string;
  account_id: string;
  handed_in_at: string;
  page_count: number;
  /** 'to-do', 'in-progress' or 'marked'. */
  state: Generated<string>;
  marker_id: string | null;
  comment: Generated<string>;
  written_marks: number | null;
  marked_by: string | null;
  marked_at: string | null;
  updated_at: string;
}

export interface PaperScriptPagesTable {
  /** DATA_DIR/script-pages/<id>.webp. */
  id: string;
  paper_id: string;
  attempt_id: string;
  /** null: staged. */
  script_id: string | null;
  /** The page's number in its script; while staged, the upload order. */
  position: number | null;
  width: number;
  height: number;
  bytes: number;
  uploaded_at: string;
  annotations_json: Generated<string>;
  annotated_by: string | null;
  annotated_at: string | null;
}

export interface PaperScriptMarksTable {
  script_id: string;
  question_id: string;
  marks: number;
}

export interface AnswerScriptsTables {
  paper_written: PaperWrittenTable;
  paper_written_questions: PaperWrittenQuestionsTable;
  paper_scripts: PaperScriptsTable;
  paper_script_pages: PaperScriptPagesTable;
  paper_script_marks: PaperScriptMarksTable;
}

/** Every table. A feature declares its tables in its own interface and adds it here. */
/** A student's consent to the privacy notice at registration (docs/data-inventory.md). */
export interface PrivacyConsentsTable {
  account_id: string;
  /** PRIVACY_NOTICE_VERSION of the notice the student was shown. */
  notice_version: string;
  consented_at: string;
}

/** A student's own erasure request: due at erase_after, done at erased_at; cancelling deletes it. */
export interface ErasureRequestsTable {
  account_id: string;
  requested_at: string;
  erase_after: string;
  erased_at: string | null;
}

export interface PrivacyTables {
  privacy_consents: PrivacyConsentsTable;
  erasure_requests: ErasureRequestsTable;
}

export interface Database
  extends AccountsTables,
    PasswordResetTables,
    ClassMaterialTables,
    MessagesTables,
    BannersTables,
    SessionsTables,
    AuditLogTables,
    SignInGuardTables,
    JobsTables,
    LessonsTables,
    WatchingTables,
    ForensicsTables,
    PapersTables,
    NotificationsTables,
    FeesTables,
    AnswerScriptsTables,
    PrivacyTables,
    SecurityAlertsTables,
    ApprovalsTables,
    AdminMfaTables {}
