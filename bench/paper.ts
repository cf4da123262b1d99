// MCQ papers under a whole island sitting at once: 2,000 students start a 50-question paper in the
// same second, answer and change their minds for five minutes through lossy lines (some offline for
// 30 s), and hand in within the last ten seconds, against the real server started with `npm start`
// and the README's defaults (SQLite in a temporary data folder, or BENCH_DATABASE_URL). Then, in the
// same run, the portal's saves per second at 50 connections beside a bare Fastify process running
// the same upsert on the same rows (support/bare-answer-writer.mjs).
// A start is what the sitting screen does: the start call (the student's order), then the questions
// every student shares; the start goal is on the two together, per student.
// Goals, exit 1 on a miss: no answer lost, no error, start p99 < 500 ms, save p99 < 100 ms,
// hand-in p99 < 300 ms, every rank ready < 2 s after the close (or after the last hand-in, when one
// lost on the way near the deadline is sent again inside the grace: the results wait for it),
// server RSS < 256 MB throughout, and at least 0.5 of the bare writer's saves per second. About
// seven minutes at full size.
//
//   npm run bench:paper
//   BENCH_STUDENTS=100 BENCH_LIMIT_MINUTES=1 BENCH_OFFLINE=10 BENCH_ROUNDS=1 npm run bench:paper   # a quick look
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:paper
//
// Settings: BENCH_STUDENTS (2000), BENCH_QUESTIONS (50), BENCH_LIMIT_MINUTES (5), BENCH_OFFLINE
// (300 students), BENCH_LOSS (0.1 of requests), BENCH_CONNECTIONS (50), BENCH_ROUNDS (5),
// BENCH_SECONDS (3 per round), BENCH_PORTS, BENCH_DATABASE_URL.
// The students and their sessions are written straight into the database and their tokens signed
// with the server's JWT_SECRET (support/seeded-students.ts): signing 2,000 in through the API would
// time argon2, not papers.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { BATCHES, CLASS_MATERIAL_PATHS, DISTRICTS, MAX_EVENTS_PER_REQUEST, MAX_SAVES_PER_REQUEST, PAPERS_PATHS, inSittingOrder, type AnswersAnswer, type CreatePaperBody, type DriveItem, type IntegrityEvent, type PaperCreatedAnswer, type QuestionBody, type QuestionsAnswer, type ResultsAnswer, type Save, type StartAnswer } from '@academy/contract';
import type { Db } from '../apps/server/src/db/database';
import { benchDatabase, cpuMicros, loadInTurns, migratedConnection, percentile, rssMb, startBenchServer, stopServer, type BenchDatabase, type LoadRequest } from './support';
import { api } from './support/portal-api';
import { reportFigures } from './support/results';
import { seedStudents, type SeededStudent } from './support/seeded-students';
import { BENCH_ADMIN, serverProcessId, startBareAnswerWriter } from './support/server';
import { adminSignIn } from './support/admin-sign-in';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 50);
const LIMIT_MINUTES = Number(process.env.BENCH_LIMIT_MINUTES ?? 5);
const OFFLINE_STUDENTS = Math.min(STUDENTS, Number(process.env.BENCH_OFFLINE ?? 300));
const LOSS = Number(process.env.BENCH_LOSS ?? 0.1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PG_URL = process.env.BENCH_DATABASE_URL;

const GOAL_START_P99_MS = 500;
const GOAL_SAVE_P99_MS = 100;
const GOAL_HAND_IN_P99_MS = 300;
const GOAL_READY_MS = 2000;
const GOAL_RSS_MB = 256;
const GOAL_RATIO = 0.5;

const JWT_SECRET = randomUUID() + randomUUID();
const CLASS_NAME = 'Bench papers';
const CLASS_TYPE = 'Theory';
/** The paper opens this long after it is made: the seed settles and every student is waiting. */
const OPENS_AHEAD_MS = 30_000;
/** 2,000 starts in the same second. */
const START_SPREAD_MS = 1000;
/** Choosing ends this long before the deadline (4 min 30 s of a 5-minute paper). */
const ANSWERING_ENDS_BEFORE_MS = 30_000;
const HAND_IN_WINDOW_MS = 10_000;
const OFFLINE_MS = 30_000;
const CHANGED_SHARE = 0.3;
const CLEARED_SHARE = 0.05;
/** A phone gives up waiting for an answer after this long and sends the request again. */
const TIMEOUT_MS = 2000;
/** After an error answer or a refused connection, before the same request goes again. */
const RETRY_MS = 1000;
/** The server's default PAPER_GRACE_SECONDS: requests still count this long after a deadline. */
const GRACE_MS = 60_000;
const RESULTS_POLL_MS = 100;
/** One process cannot hold 2,000 sockets (its file limit): a request waiting for one counts the wait, as a slow line would. */
const MAX_SOCKETS = 500;

const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
/** Fisher–Yates: every order equally likely. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Waits until the wall clock reaches `at`: a timer may fire a millisecond early, and a start before opensAt would be refused. */
async function sleepUntil(at: number): Promise<void> {
  while (Date.now() < at) await sleep(at - Date.now());
}

const fill = (route: string, params: Record<string, string>) => route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/** A POST with a JSON body, or a GET when `payload` is null. */
function post(base: URL, route: string, bearer: string, payload: string | null): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: `/api/${route}`,
        method: payload === null ? 'GET' : 'POST',
        headers:
          payload === null
            ? { authorization: `Bearer ${bearer}` }
            : { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(payload ?? undefined);
  });
}

// ---- The students and the paper ----

/** Colombo-heavy, as the academy's registrations are: every other district weighs 1. */
const DISTRICT_WEIGHTS: Partial<Record<(typeof DISTRICTS)[number], number>> = { Colombo: 12, Gampaha: 5, Kandy: 4, Kalutara: 3, Kurunegala: 3, Galle: 3 };

function districtAt(draw: number): string {
  const weights = DISTRICTS.map((district) => DISTRICT_WEIGHTS[district] ?? 1);
  let left = draw * weights.reduce((sum, weight) => sum + weight, 0);
  for (const [index, weight] of weights.entries()) {
    left -= weight;
    if (left < 0) return DISTRICTS[index] ?? 'Colombo';
  }
  return 'Colombo';
}

function seed(db: Db): Promise<SeededStudent[]> {
  return seedStudents(
    db,
    JWT_SECRET,
    Array.from({ length: STUDENTS }, (_, i) => {
      const batch = BATCHES[i % BATCHES.length] ?? '2026';
      return {
        email: `sitter${i}@example.lk`,
        name: `Sitter ${i}`,
        regNo: `${batch.slice(2)}T${String(i).padStart(4, '0')}LI`,
        batch,
        classType: CLASS_TYPE,
        district: districtAt(Math.random()),
        school: `School ${(i % 40) + 1}`,
      };
    }),
  );
}

const SINHALA_TOPICS = ['අනුරාධපුර රාජධානිය', 'පොළොන්නරුව යුගය', 'මහාවංශය', 'දුටුගැමුණු රජු', 'මහා පරාක්‍රමබාහු රජු', 'කෝට්ටේ රාජධානිය', 'මහනුවර රාජධානිය', 'සීගිරිය'];

/** Every other question in Sinhala, 4 or 5 options, the key anywhere: a paper as a tutor sets one. */
function questions(): QuestionBody[] {
  return Array.from({ length: QUESTIONS }, (_, i) => {
    const sinhala = i % 2 === 1;
    const topic = SINHALA_TOPICS[i % SINHALA_TOPICS.length] ?? '';
    const count = i % 3 === 0 ? 5 : 4;
    return {
      text: sinhala
        ? `ප්‍රශ්නය ${i + 1}: ${topic} පිළිබඳව පහත ප්‍රකාශ අතරින් නිවැරදි ප්‍රකාශය තෝරන්න.`
        : `Question ${i + 1}: which of these events of Sri Lankan history came first, and in which century did it take place?`,
      options: Array.from({ length: count }, (_, k) => (sinhala ? `${topic} පිළිබඳ ප්‍රකාශය ${k + 1}` : `Event ${k + 1} of question ${i + 1}, in the ${k + 3}th century`)),
      correct: Math.floor(Math.random() * count),
      explanation: sinhala ? `${topic} පිළිබඳ විස්තරය මහාවංශයේ සඳහන් වේ.` : 'The chronicles date it; see lesson 4.',
    };
  });
}

/** A class of the three batches' Theory students, a Papers folder in it: the folder's id. */
async function paperFolder(base: string, admin: string): Promise<string> {
  const created = await api<{ data: DriveItem }>(base, CLASS_MATERIAL_PATHS.createFolder, { token: admin, body: { folderName: CLASS_NAME } });
  const folder = await api<{ data: DriveItem }>(base, fill(CLASS_MATERIAL_PATHS.subfolder, { folderId: created.data.id }), { token: admin, body: { name: 'Papers' } });
  for (const batch of BATCHES) await api(base, CLASS_MATERIAL_PATHS.batchAccess, { token: admin, body: { className: CLASS_NAME, batch, classType: CLASS_TYPE } });
  return folder.data.id;
}

async function createPaper(base: string, admin: string, body: CreatePaperBody): Promise<string> {
  return (await api<PaperCreatedAnswer>(base, PAPERS_PATHS.papers, { token: admin, body })).data.id;
}

// ---- One student, with the browser's rules ----

type Call = 'start' | 'questions' | 'answers' | 'hand-in';
const CALL_PATHS: Record<Call, string> = { start: PAPERS_PATHS.start, questions: PAPERS_PATHS.questions, answers: PAPERS_PATHS.answers, 'hand-in': PAPERS_PATHS.handIn };

interface Tally {
  times: Record<Call, number[]>;
  /** Per student, the start and the questions answered (each the exchange that got through): what the student waits for. */
  startToPaper: number[];
  /** [seconds since the paper opened, ms, call] of every answer, to see when slow ones came. */
  timeline: [number, number, Call][];
  errors: number;
  firstError?: string;
  /** Requests that never reached the server, and answers thrown away on the way back. */
  neverArrived: number;
  answersLost: number;
  saves: number;
  /**
   * When the last student's hand-in first reached the server (epoch ms): one lost on the way near
   * the deadline is sent again after the close, inside the grace, and the results wait for it.
   */
  lastHandInArrivedAt: number;
}

interface Choice {
  at: number;
  questionId: string;
  optionId: string | null;
}

/** Each question once in a random order over the answering time, 30 % changed later, 5 % cleared after that. */
function choicesOf(questionList: QuestionsAnswer['data']['questions'], from: number, until: number): Choice[] {
  const span = Math.max(0, until - from);
  const order = shuffled(questionList);
  const firstTimes = order.map(() => from + Math.random() * span).sort((a, b) => a - b);
  const choices: Choice[] = [];
  const last = new Map<string, number>();
  order.forEach((question, index) => {
    const at = firstTimes[index] ?? from;
    const options = question.options.map((option) => option.id);
    const first = options[Math.floor(Math.random() * options.length)] ?? null;
    choices.push({ at, questionId: question.id, optionId: first });
    last.set(question.id, at);
    if (Math.random() < CHANGED_SHARE) {
      const others = options.filter((id) => id !== first);
      const changedAt = at + Math.random() * (until - at);
      choices.push({ at: changedAt, questionId: question.id, optionId: others[Math.floor(Math.random() * others.length)] ?? first });
      last.set(question.id, changedAt);
    }
  });
  for (const question of order) {
    if (Math.random() >= CLEARED_SHARE) continue;
    const after = last.get(question.id) ?? from;
    choices.push({ at: after + Math.random() * (until - after), questionId: question.id, optionId: null });
  }
  return choices.sort((a, b) => a.at - b.at);
}

class Sitter {
  /** The choices as the student left them: what the server must hold after the close. */
  readonly final = new Map<string, string | null>();
  questionIds: string[] = [];
  started = false;
  handedIn = false;
  private readonly deviceKey = randomUUID();
  private device = 0;
  private seq = 0;
  /** The latest save of each question not sent yet (an older one is overtaken by it). */
  private readonly waiting = new Map<string, Save>();
  private readonly events: IntegrityEvent[] = [];
  private sending = false;
  private online = true;
  private backOnline: (() => void)[] = [];
  private handInWanted = false;
  private handInArrived = false;
  private stopped = false;
  private finished: () => void = () => undefined;
  /** The time of the last exchange's answered request. */
  private lastMs = 0;

  constructor(
    private readonly student: SeededStudent,
    private readonly base: URL,
    private readonly paperId: string,
    private readonly tally: Tally,
    private readonly opensAt: number,
    private readonly closesAt: number,
    private readonly goesOffline: boolean,
  ) {}

  get accountId(): string {
    return this.student.id;
  }

  async sit(): Promise<void> {
    await sleepUntil(this.opensAt + Math.random() * START_SPREAD_MS);
    const answer = await this.exchange('start', { deviceKey: this.deviceKey });
    if (answer === null) return;
    const startMs = this.lastMs;
    const started = (JSON.parse(answer) as StartAnswer).data;
    this.started = true;
    this.device = started.device;
    this.seq = started.lastSeq;
    const paper = await this.exchange('questions', null);
    if (paper === null) return;
    this.tally.startToPaper.push(startMs + this.lastMs);
    const shown = inSittingOrder((JSON.parse(paper) as QuestionsAnswer).data.questions, started.order);
    this.questionIds = shown.map((question) => question.id);
    const from = Date.now();
    const deadline = Date.parse(started.deadline);
    const done = new Promise<void>((resolve) => (this.finished = resolve));
    if (this.goesOffline) {
      // Somewhere in the middle of the student's time, ending before the hand-in.
      const earliest = from + (deadline - from) * 0.25;
      const latest = from + (deadline - from) * 0.75 - OFFLINE_MS;
      void this.offlineAt(earliest + Math.random() * Math.max(0, latest - earliest));
    }
    for (const choice of choicesOf(shown, from, deadline - ANSWERING_ENDS_BEFORE_MS)) {
      await sleepUntil(choice.at);
      this.choose(choice.questionId, choice.optionId);
    }
    await sleepUntil(deadline - Math.random() * HAND_IN_WINDOW_MS);
    this.handInWanted = true;
    this.pump();
    await done;
  }

  private choose(questionId: string, optionId: string | null): void {
    this.seq += 1;
    this.waiting.set(questionId, { seq: this.seq, questionId, optionId });
    this.final.set(questionId, optionId);
    this.pump();
  }

  /** The line drops for 30 s: choices go on, and the queue (with the offline period) goes out when it is back. */
  private async offlineAt(at: number): Promise<void> {
    await sleepUntil(at);
    const from = new Date().toISOString();
    this.online = false;
    await sleep(OFFLINE_MS);
    this.online = true;
    this.events.push({ id: randomUUID(), kind: 'offline', from, to: new Date().toISOString() });
    for (const resume of this.backOnline.splice(0)) resume();
    this.pump();
  }

  /** The browser's sender: one request in flight, the waiting saves in seq order, the hand-in last with what is left. */
  private pump(): void {
    if (this.sending || !this.online || this.stopped) return;
    const handIn = this.handInWanted && this.waiting.size <= MAX_SAVES_PER_REQUEST;
    if (!handIn && this.waiting.size === 0 && this.events.length === 0) return;
    const saves = [...this.waiting.values()].sort((a, b) => a.seq - b.seq).slice(0, MAX_SAVES_PER_REQUEST);
    for (const save of saves) this.waiting.delete(save.questionId);
    const events = this.events.splice(0, MAX_EVENTS_PER_REQUEST);
    this.sending = true;
    void this.exchange(handIn ? 'hand-in' : 'answers', { device: this.device, saves, events }).then((answer) => {
      this.sending = false;
      if (answer !== null) this.tally.saves += saves.length;
      if (answer === null || handIn) {
        this.handedIn = answer !== null;
        this.stopped = true;
        this.finished();
        return;
      }
      this.pump();
    });
  }

  /**
   * One request until it is answered 200, the same body every time (the same seqs): a tenth are
   * lost, half before the server (sent again after the phone's timeout) and half on the way back
   * (the server acted, the phone never hears; sent again too). Null when it is refused for good.
   */
  private async exchange(call: Call, body: unknown): Promise<string | null> {
    const payload = body === null ? null : JSON.stringify(body);
    const route = fill(CALL_PATHS[call], { paperId: this.paperId });
    for (;;) {
      if (!this.online) await new Promise<void>((resolve) => this.backOnline.push(resolve));
      const roll = Math.random();
      const sentAt = performance.now();
      if (roll < LOSS / 2) {
        this.tally.neverArrived += 1;
        await sleep(TIMEOUT_MS);
        continue;
      }
      if (call === 'hand-in' && !this.handInArrived) {
        // A copy sent again after its answer was lost adds nothing: the server had the first.
        this.handInArrived = true;
        this.tally.lastHandInArrivedAt = Math.max(this.tally.lastHandInArrivedAt, Date.now());
      }
      let answer: { status: number; text: string };
      try {
        answer = await post(this.base, route, this.student.token, payload);
      } catch (error) {
        this.fail(call, String(error));
        if (Date.now() > this.closesAt + GRACE_MS) return null;
        await sleep(RETRY_MS);
        continue;
      }
      const ms = performance.now() - sentAt;
      this.lastMs = ms;
      this.tally.times[call].push(ms);
      this.tally.timeline.push([Math.floor((Date.now() - this.opensAt) / 1000), Math.round(ms), call]);
      if (answer.status !== 200) {
        this.fail(call, `${answer.status} ${answer.text.slice(0, 200)}`);
        // A refusal stays one; a server error or a full budget may pass, as the browser's back-off assumes.
        if ((answer.status < 500 && answer.status !== 429) || Date.now() > this.closesAt + GRACE_MS) return null;
        await sleep(RETRY_MS);
        continue;
      }
      if (roll < LOSS) {
        this.tally.answersLost += 1;
        await sleep(sentAt + TIMEOUT_MS - performance.now());
        continue;
      }
      return answer.text;
    }
  }

  private fail(call: Call, what: string): void {
    this.tally.errors += 1;
    this.tally.firstError ??= `${call}: ${what}`;
  }
}

// ---- What is measured after the close ----

/** Polls the admin's results from the close until they are ready and every row has its three ranks: when (epoch ms), or null. */
async function resultsReady(base: string, admin: string, paperId: string, closesAt: number, sat: () => number): Promise<{ at: number | null; last: string }> {
  await sleepUntil(closesAt);
  for (;;) {
    let last: string;
    const asked = Date.now();
    try {
      const { data } = await api<ResultsAnswer>(base, fill(PAPERS_PATHS.results, { paperId }), { token: admin });
      const ranked = data.rows.filter((row) => row.islandRank !== null && row.districtRank !== null && row.batchRank !== null).length;
      last = `resultsReadyAt ${data.paper.resultsReadyAt ?? 'unset'}, ${ranked} of ${data.rows.length} rows ranked, ${sat()} started`;
      if (data.paper.resultsReadyAt !== null && ranked === data.rows.length && data.rows.length === sat()) return { at: Date.now(), last };
    } catch (error) {
      last = String(error);
    }
    // Past the grace every attempt is closed by the server; long after it, something is wrong.
    if (Date.now() > closesAt + GRACE_MS + 30_000) return { at: null, last };
    await sleep(asked + RESULTS_POLL_MS - Date.now());
  }
}

/** Each student's stored answers against their final choices: the students with any difference, and the questions. */
async function lostAnswers(db: Db, paperId: string, sitters: readonly Sitter[]): Promise<{ students: number; questions: number; example?: string }> {
  const rows = await db
    .selectFrom('paper_answers')
    .innerJoin('paper_attempts', 'paper_attempts.id', 'paper_answers.attempt_id')
    .select(['paper_attempts.account_id as accountId', 'paper_answers.question_id as questionId', 'paper_answers.option_id as optionId'])
    .where('paper_attempts.paper_id', '=', paperId)
    .execute();
  const stored = new Map<string, string | null>(rows.map((row) => [`${row.accountId} ${row.questionId}`, row.optionId]));
  let students = 0;
  let questionsLost = 0;
  let example: string | undefined;
  for (const sitter of sitters) {
    let lost = 0;
    for (const questionId of sitter.questionIds) {
      const expected = sitter.final.get(questionId) ?? null;
      const held = stored.get(`${sitter.accountId} ${questionId}`) ?? null;
      if (held === expected) continue;
      lost += 1;
      example ??= `student ${sitter.accountId}, question ${questionId}: chose ${expected ?? 'nothing'}, stored ${held ?? 'nothing'}`;
    }
    if (lost > 0) students += 1;
    questionsLost += lost;
  }
  return { students, questions: questionsLost, example };
}

/** How many errors and warnings the server logged, and the first of them: what an error answer was. */
function serverTrouble(dataDir: string): string {
  let count = 0;
  let first = '';
  for (const line of readFileSync(path.join(dataDir, 'server.log'), 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 40) continue;
      count += 1;
      first ||= `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`.slice(0, 300);
    } catch {
      // not a log line
    }
  }
  return count === 0 ? 'none' : `${count} (first: ${first})`;
}

/** The server's own timing of a paper's sitting calls (its request log), beside what the students saw. */
function serverSide(dataDir: string, paperId: string): string {
  const times: Record<Call, number[]> = { start: [], questions: [], answers: [], 'hand-in': [] };
  const prefix = `/api/papers/${paperId}/`;
  for (const line of readFileSync(path.join(dataDir, 'server.log'), 'utf8').split('\n')) {
    if (!line.includes(prefix)) continue;
    try {
      const entry = JSON.parse(line) as { url?: string; ms?: number };
      const call = entry.url?.slice(prefix.length) as Call | undefined;
      if (call && call in times && typeof entry.ms === 'number') times[call].push(entry.ms);
    } catch {
      // not a request line
    }
  }
  return (Object.entries(times) as [Call, number[]][])
    .map(([call, list]) => {
      list.sort((a, b) => a - b);
      return `${call} p50 ${percentile(list, 50).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms (${list.length})`;
    })
    .join('; ');
}

// ---- Saves per second beside the bare writer ----

interface Writer {
  token: string;
  attemptId: string;
  device: number;
  seq: number;
  questions: { id: string; optionIds: string[] }[];
}

/**
 * A second paper, open for hours, started by one student per connection: each request is the next
 * student's next save, on another question every time, so every save is applied on both sides.
 */
async function throughput(base: URL, admin: string, folderId: string, students: readonly SeededStudent[], serverPid: number, database: BenchDatabase) {
  const now = Date.now();
  const paperId = await createPaper(base.origin, admin, {
    folderId,
    title: 'Bench saves',
    opensAt: new Date(now - 60_000).toISOString(),
    closesAt: new Date(now + 3 * 3600_000).toISOString(),
    timeLimitMinutes: 600,
    questions: questions(),
  });
  const route = fill(PAPERS_PATHS.answers, { paperId });
  const writers: Writer[] = [];
  for (const student of students.slice(0, CONNECTIONS)) {
    const answer = await post(base, fill(PAPERS_PATHS.start, { paperId }), student.token, JSON.stringify({ deviceKey: randomUUID() }));
    if (answer.status !== 200) throw new Error(`the throughput paper's start: ${answer.status} ${answer.text}`);
    const started = (JSON.parse(answer.text) as StartAnswer).data;
    const paper = await post(base, fill(PAPERS_PATHS.questions, { paperId }), student.token, null);
    if (paper.status !== 200) throw new Error(`the throughput paper's questions: ${paper.status} ${paper.text}`);
    const shown = inSittingOrder((JSON.parse(paper.text) as QuestionsAnswer).data.questions, started.order);
    writers.push({
      token: student.token,
      attemptId: started.attemptId,
      device: started.device,
      seq: started.lastSeq,
      questions: shown.map((question) => ({ id: question.id, optionIds: question.options.map((option) => option.id) })),
    });
  }
  let turn = 0;
  const nextSave = (): { writer: Writer; body: string } => {
    const writer = writers[turn % writers.length];
    turn += 1;
    if (!writer) throw new Error('no writer');
    writer.seq += 1;
    const question = writer.questions[writer.seq % writer.questions.length];
    const save = { seq: writer.seq, questionId: question?.id ?? '', optionId: question?.optionIds[writer.seq % question.optionIds.length] ?? null };
    return { writer, body: JSON.stringify({ device: writer.device, saves: [save] }) };
  };
  // One save through the portal first: its answer is what the bare writer answers beside its seqs.
  const first = nextSave();
  const sample = await post(base, route, first.writer.token, first.body);
  if (sample.status !== 200) throw new Error(`the throughput paper's first save: ${sample.status} ${sample.text}`);
  const template = JSON.parse(sample.text) as AnswersAnswer;
  const bare = await startBareAnswerWriter({
    ...(database.target.kind === 'sqlite' ? { sqliteFile: database.target.file } : { databaseUrl: database.serverEnv.DATABASE_URL ?? '' }),
    answer: { message: template.message, deadline: template.data.deadline, acceptedUntil: template.data.acceptedUntil },
  });
  const notApplied = { portal: 0, bare: 0 };
  /** The first answer other than 200 of each side, to say what the errors were. */
  const firstRefusal: Partial<Record<keyof typeof notApplied, string>> = {};
  const counted = (name: keyof typeof notApplied) => (status: number, body: string) => {
    if (status !== 200) firstRefusal[name] ??= `${status} ${body.slice(0, 200)}`;
    else if (!body.includes('"ignored":[]')) notApplied[name] += 1;
  };
  const headers = { 'content-type': 'application/json' };
  try {
    const results = await loadInTurns(
      [
        {
          name: 'portal',
          url: `${base.origin}/api/${route}`,
          method: 'POST',
          headers,
          setupRequest: (request: LoadRequest) => {
            const { writer, body } = nextSave();
            return { ...request, headers: { ...request.headers, authorization: `Bearer ${writer.token}` }, body };
          },
          onResponse: counted('portal'),
        },
        {
          name: 'bare',
          url: `${bare.base}/answers/`,
          method: 'POST',
          headers,
          pid: bare.child.pid,
          setupRequest: (request: LoadRequest) => {
            const { writer, body } = nextSave();
            return { ...request, path: `/answers/${writer.attemptId}`, headers: { ...request.headers, authorization: `Bearer ${writer.token}` }, body };
          },
          onResponse: counted('bare'),
        },
      ],
      { connections: CONNECTIONS, rounds: ROUNDS, secondsPerRound: SECONDS, serverPid },
    );
    return { portal: results.get('portal'), bare: results.get('bare'), notApplied, firstRefusal };
  } finally {
    await bare.stop();
  }
}

// ---- The run ----

const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const loadAverage = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');

async function main(): Promise<void> {
  const database = await benchDatabase(PG_URL);
  const { target } = database;
  const db = await migratedConnection(database);
  let server: ChildProcess | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const students = await seed(db);
    database.serverEnv.JWT_SECRET = JWT_SECRET;
    const launched = await startBenchServer(database, BENCH_ADMIN);
    server = launched.server;
    const base = new URL(launched.base);
    const pid = serverProcessId(server);
    /** The largest RSS seen, and when. */
    const memory = { peak: rssMb(pid), at: Date.now() };
    sampler = setInterval(() => {
      const now = rssMb(pid);
      if (now > memory.peak) Object.assign(memory, { peak: now, at: Date.now() });
    }, 200);

    const admin = (await adminSignIn(base.origin)).token;
    const folderId = await paperFolder(base.origin, admin);
    const opensAt = Date.now() + OPENS_AHEAD_MS;
    const closesAt = opensAt + LIMIT_MINUTES * 60_000;
    const paperId = await createPaper(base.origin, admin, {
      folderId,
      title: 'Bench paper',
      instructions: 'Answer every question. No negative marking.',
      opensAt: new Date(opensAt).toISOString(),
      closesAt: new Date(closesAt).toISOString(),
      timeLimitMinutes: LIMIT_MINUTES,
      questions: questions(),
    });
    // As a running portal's database would be: statistics fresh, and (SQLite) the seed's write-ahead
    // log folded into the file, so the server's first commits do not each pay for copying it.
    await sql`analyze`.execute(db);
    if (target.kind === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);

    const offline = new Set(shuffled([...students.keys()]).slice(0, OFFLINE_STUDENTS));
    const tally: Tally = { times: { start: [], questions: [], answers: [], 'hand-in': [] }, startToPaper: [], timeline: [], errors: 0, neverArrived: 0, answersLost: 0, saves: 0, lastHandInArrivedAt: 0 };
    const sitters = students.map((student, i) => new Sitter(student, base, paperId, tally, opensAt, closesAt, offline.has(i)));
    const loadBefore = loadavg();
    console.log(
      `${STUDENTS} students, a ${QUESTIONS}-question paper of ${LIMIT_MINUTES} min opening in ${((opensAt - Date.now()) / 1000).toFixed(0)} s, ` +
        `${OFFLINE_STUDENTS} offline for ${OFFLINE_MS / 1000} s, ${LOSS * 100} % of requests lost; load average before: ${loadAverage(loadBefore)}`,
    );
    await sleepUntil(opensAt - 1000);
    const cpuBefore = cpuMicros(pid);
    // The server's CPU over the start burst: what a start costs (the few saves of those seconds included).
    const burstEnds = opensAt + START_SPREAD_MS + 1000;
    const burst = sleepUntil(burstEnds).then(() => ({ cpu: cpuMicros(pid), starts: tally.times.start.length, rss: rssMb(pid) }));
    /** The server's RSS as each stage of the run ends, to say which one made the peak. */
    const stages = [`${rssMb(pid).toFixed(0)} MB before the opening`];
    const [, ready] = await Promise.all([
      Promise.all(sitters.map((sitter) => sitter.sit())),
      resultsReady(base.origin, admin, paperId, closesAt, () => sitters.filter((sitter) => sitter.started).length),
    ]);
    const cpuAfter = cpuMicros(pid);
    stages.push(`${rssMb(pid).toFixed(0)} MB with every hand-in answered and the results ready`);
    const loadAfter = loadavg();
    const lost = await lostAnswers(db, paperId, sitters);
    // The server cannot make results ready before the last hand-in it must wait for has arrived.
    const readyFrom = Math.max(closesAt, tally.lastHandInArrivedAt);

    for (const list of [...Object.values(tally.times), tally.startToPaper]) list.sort((a, b) => a - b);
    const startP99 = percentile(tally.startToPaper, 99);
    const p99 = (call: Call) => percentile(tally.times[call], 99);
    const line = (call: Call) =>
      `${call} (${tally.times[call].length}): p50 ${ms(percentile(tally.times[call], 50))}, p99 ${ms(p99(call))}, max ${ms(tally.times[call].at(-1) ?? NaN)}`;
    const started = sitters.filter((sitter) => sitter.started).length;
    const handedIn = sitters.filter((sitter) => sitter.handedIn).length;
    const requests = Object.values(tally.times).reduce((sum, list) => sum + list.length, 0);
    console.log(
      `started ${started}, handed in ${handedIn}; ${tally.saves} saves acknowledged; errors ${tally.errors}${tally.firstError ? ` (first: ${tally.firstError})` : ''}\n` +
        `lost on the way (sent again): ${tally.neverArrived} never reached the server, ${tally.answersLost} answers thrown away\n` +
        `${line('start')}\n${line('questions')}\n` +
        `start and questions, per student (${tally.startToPaper.length}): p50 ${ms(percentile(tally.startToPaper, 50))}, p99 ${ms(startP99)}, max ${ms(tally.startToPaper.at(-1) ?? NaN)}\n` +
        `${line('answers')}\n${line('hand-in')}\n` +
        `the last hand-in reached the server ${seconds(tally.lastHandInArrivedAt - closesAt)} after the close; results ready: ` +
        `${ready.at === null ? 'never' : `${seconds(ready.at - closesAt)} after the close, ${seconds(ready.at - readyFrom)} after the later of the close and that hand-in`} (${ready.last})\n` +
        `answers lost: ${lost.students} students, ${lost.questions} questions${lost.example ? ` (first: ${lost.example})` : ''}\n` +
        `load average after: ${loadAverage(loadAfter)}`,
    );
    console.log(`server-side (its log): ${serverSide(database.dataDir, paperId)}`);
    const { cpu: burstCpu, starts: burstStarts, rss: burstRss } = await burst;
    stages.splice(1, 0, `${burstRss.toFixed(0)} MB after the start burst`);
    if (cpuBefore !== null && burstCpu !== null) {
      console.log(
        `the start burst: ${burstStarts} starts answered in the first ${(burstEnds - opensAt) / 1000} s, ` +
          `server CPU ${((burstCpu - cpuBefore) / 1000 / Math.max(1, burstStarts)).toFixed(2)} ms per start`,
      );
    }
    // CPU the server spent per request: what the paper costs, whatever else the machine runs.
    if (cpuBefore !== null && cpuAfter !== null) {
      console.log(
        `server CPU over the paper: ${((cpuAfter - cpuBefore) / 1e6).toFixed(1)} s, ${((cpuAfter - cpuBefore) / 1000 / Math.max(1, requests)).toFixed(2)} ms per request, ` +
          `${((cpuAfter - cpuBefore) / 1000 / Math.max(1, tally.saves)).toFixed(2)} ms per save`,
      );
    }
    const slowest = [...tally.timeline].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([second, time, call]) => `${call} ${time} ms at ${second} s`);
    console.log(`slowest answers: ${slowest.join(', ')}`);

    console.log(`\nsaves per second: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, the portal and the bare writer in turns`);
    const { portal, bare, notApplied, firstRefusal } = await throughput(base, admin, folderId, students, pid, database);
    stages.push(`${rssMb(pid).toFixed(0)} MB after the saves per second`);
    if (!portal || !bare) throw new Error('the throughput run measured nothing');
    const ratio = portal.requestsPerSecond / bare.requestsPerSecond;
    const cpu = (micros: number | null) => (micros === null ? 'n/a' : `${(micros / 1000).toFixed(2)} ms CPU per save`);
    console.log(
      `portal: ${portal.requestsPerSecond.toFixed(0)} saves/s, p50 ${ms(portal.p50)}, p99 ${ms(portal.p99)}, ${portal.errors} errors${firstRefusal.portal ? ` (first: ${firstRefusal.portal})` : ''}, ${notApplied.portal} not applied, ${cpu(portal.serverCpuMicros)}\n` +
        `bare writer: ${bare.requestsPerSecond.toFixed(0)} saves/s, p50 ${ms(bare.p50)}, p99 ${ms(bare.p99)}, ${bare.errors} errors${firstRefusal.bare ? ` (first: ${firstRefusal.bare})` : ''}, ${notApplied.bare} not applied, ${cpu(bare.serverCpuMicros)}`,
    );
    clearInterval(sampler);
    console.log(`the server's logged errors and warnings: ${serverTrouble(database.dataDir)}`);
    console.log(
      `server memory (RSS of the dist/server.js process, sampled every 200 ms): peak ${memory.peak.toFixed(0)} MB, ` +
        `${((memory.at - opensAt) / 1000).toFixed(0)} s after the paper opened; ${stages.join(', ')}\n`,
    );

    const errors = tally.errors + portal.errors;
    reportFigures([
      {
        bench: 'paper',
        figure: `${STUDENTS} students: answers lost (students whose stored answers differ from their last choices)`,
        value: `${lost.students} of ${STUDENTS}`,
        goal: `0 of ${STUDENTS}, every student started and handed in`,
        met: lost.students === 0 && started === STUDENTS && handedIn === STUDENTS,
      },
      { bench: 'paper', figure: 'errors (the paper and the saves per second)', value: String(errors), goal: '0', met: errors === 0 },
      { bench: 'paper', figure: `${STUDENTS} starts in a second: start p99 (the start and the questions)`, value: ms(startP99), goal: `< ${GOAL_START_P99_MS} ms`, met: startP99 < GOAL_START_P99_MS },
      { bench: 'paper', figure: 'save p99', value: ms(p99('answers')), goal: `< ${GOAL_SAVE_P99_MS} ms`, met: p99('answers') < GOAL_SAVE_P99_MS },
      { bench: 'paper', figure: `${STUDENTS} hand-ins in 10 s: hand-in p99`, value: ms(p99('hand-in')), goal: `< ${GOAL_HAND_IN_P99_MS} ms`, met: p99('hand-in') < GOAL_HAND_IN_P99_MS },
      {
        bench: 'paper',
        figure: 'results with every rank ready, after the close (or the last hand-in, when a lost one came after it)',
        value: ready.at === null ? 'never' : seconds(ready.at - readyFrom),
        goal: `< ${GOAL_READY_MS / 1000} s`,
        met: ready.at !== null && ready.at - readyFrom < GOAL_READY_MS,
      },
      { bench: 'paper', figure: 'server RSS, peak', value: `${memory.peak.toFixed(0)} MB`, goal: `< ${GOAL_RSS_MB} MB`, met: memory.peak > 0 && memory.peak < GOAL_RSS_MB },
      {
        bench: 'paper',
        figure: `saves/s at ${CONNECTIONS} connections`,
        value: `${portal.requestsPerSecond.toFixed(0)} saves/s`,
        reference: `bare writer ${bare.requestsPerSecond.toFixed(0)} saves/s`,
        ratio,
        goal: `>= ${GOAL_RATIO}`,
        met: ratio >= GOAL_RATIO && notApplied.portal === 0 && bare.errors === 0 && notApplied.bare === 0,
      },
    ]);
  } finally {
    clearInterval(sampler);
    agent.destroy();
    await db.destroy();
    await stopServer(server);
    await database.drop();
  }
}

await main();
