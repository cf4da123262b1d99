// Benchmark for leak tracing: every figure in one run of `npm start` (README defaults:
// TRANSCODE_CONCURRENCY 1, ffmpeg at low priority, the tracer a job at the same priority).
//
//   npm run bench:forensics
//
// A 10-minute lecture-like lesson (support/lecture-video.ts) is uploaded and its two marked
// ladders made; 20 students each stream it. Then, through the tracer's API as an admin:
// - each student's stream saved by a downloader (`ffmpeg -i <their 720p playlist> -c copy`, the
//   key fetched with their ticket), 6 minutes and more from a different start each: the right
//   student must be named 20 times of 20;
// - each of those copies made a screen recording (2 % cropped, 480p, 25 fps, x264 CRF 30): the
//   right student at least 19 times of 20;
// - 100 copies that are no student's: another lecture the portal does not have, two students'
//   segments spliced (either of the two may be named, or no one), the original MP4: no wrong name;
// - the second ladder's cost: ladders A and B together at most 2.2x ladder A's transcode time
//   (ladder A is one ladder plus the mark's blend) and 2.1x its storage.
// Settings: BENCH_FORENSICS_STUDENTS (20), BENCH_FORENSICS_OTHERS (100), BENCH_VIDEO_SECONDS (600),
// BENCH_FORENSICS_COPY_SECONDS (370; a copy needs 240 to be read), BENCH_PORTS. Exits 1 on a miss.
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openAsBlob, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FORENSICS_PATHS, TRACE_FILE_FIELD, type DriveItem, type FileTicketAnswer, type TraceAnswer, type TraceCreatedAnswer } from '@academy/contract';
import { mediaBinaries } from '../apps/server/src/media/binaries';
import { VARIANT_B_FOLDER } from '../apps/server/src/features/lessons/marked-segments';
import { SEGMENT_SECONDS } from '../apps/server/src/media/ladder';
import { decryptedSegments, playlistAddresses } from '../apps/server/test/hls-copy';
import { makeLectureVideo } from './support/lecture-video';
import { api, get, lessonProcessing, registeredStudent, uploadVideo } from './support/portal-api';
import { reportFigures, type Figure } from './support/results';
import { BENCH_ADMIN, benchPort, startServer, stopServer } from './support/server';
import { adminSignIn } from './support/admin-sign-in';

const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 600);
const STUDENTS = Number(process.env.BENCH_FORENSICS_STUDENTS ?? 20);
const OTHERS = Number(process.env.BENCH_FORENSICS_OTHERS ?? 100);
/** Each copy: 6 minutes and 10 seconds, from a start that differs per copy. */
const COPY_SECONDS = Number(process.env.BENCH_FORENSICS_COPY_SECONDS ?? 370);
const GOALS = { downloaded: STUDENTS, recorded: STUDENTS - 1, wrong: 0, timeRatio: 2.2, storageRatio: 2.1 };
/** How long one transcode or one trace may take before the bench says it is stuck. */
const WAIT_MS = 30 * 60_000;
const CLASS_NAME = 'Bench Forensics';

const { ffmpeg } = mediaBinaries({ ffmpegPath: null, ffprobePath: null });
const work = mkdtempSync(path.join(tmpdir(), 'academy-bench-forensics-'));
const copies = path.join(work, 'copies');
let portal: ChildProcess | undefined;

interface Student {
  id: string;
  token: string;
}

function run(args: string[]): void {
  execFileSync(ffmpeg, ['-nostdin', '-v', 'error', '-y', ...args]);
}

/** Upload, then the times to ladder A (ready) and to both ladders (marks ready). */
async function uploadAndMark(base: string, admin: string, folderId: string, source: string) {
  const video = await uploadVideo(base, admin, folderId, source, 'lecture.mp4');
  const started = Date.now();
  let readyAt = 0;
  for (;;) {
    if (Date.now() - started > WAIT_MS) throw new Error(`the lesson's marked ladders were not made within ${WAIT_MS / 60_000} minutes`);
    const processing = await lessonProcessing(base, admin, folderId, video.id);
    if (processing?.marks === 'none') throw new Error('ladder B failed for good: the lesson has no marks');
    if (processing?.state === 'failed') throw new Error(`the lesson failed: ${processing.error ?? ''}`);
    if (processing?.state === 'ready' && !readyAt) {
      readyAt = Date.now();
      console.log(`ladder A ready after ${((readyAt - started) / 1000).toFixed(1)} s`);
    }
    if (processing?.marks === 'ready') break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const ladderA = (readyAt - started) / 1000;
  const both = (Date.now() - started) / 1000;
  console.log(`ladder B ready after ${(both - ladderA).toFixed(1)} s more`);
  return { fileId: video.id, ladderA, both };
}

/** Bytes of the lesson's stored outputs, and of ladder B's among them (the disk store's folders). */
function storage(dataDir: string): { all: number; variantB: number } {
  let all = 0;
  let variantB = 0;
  const walk = (dir: string, inB: boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      // Ladder B's store folder is named per try: 'b-<time>' (lessons/variant-b.ts).
      if (entry.isDirectory()) walk(full, inB || entry.name.startsWith(`${VARIANT_B_FOLDER}-`));
      else {
        const size = statSync(full).size;
        all += size;
        if (inB) variantB += size;
      }
    }
  };
  walk(path.join(dataDir, 'lessons'), false);
  return { all, variantB };
}

async function students(base: string, admin: string): Promise<Student[]> {
  const made: Student[] = [];
  for (let i = 0; i < STUDENTS; i += 1) {
    const login = await registeredStudent(base, admin, CLASS_NAME, { name: `Bench Student ${i + 1}`, email: `leak.bench.${i}@example.lk` });
    made.push({ id: login.studentId, token: login.token });
  }
  return made;
}

/** A student's 720p playlist address (their ticket in it), as their player gets it. */
async function topPlaylist(base: string, student: Student, fileId: string): Promise<string> {
  const ticket = await api<FileTicketAnswer>(base, `secure-folders/file-ticket/${encodeURIComponent(fileId)}`, { token: student.token });
  const master = await (await get(`${base}${ticket.data.hls ?? ''}`)).text();
  const rungs = playlistAddresses(master);
  return `${base}${rungs[rungs.length - 1] ?? ''}`;
}

/** A student's segments [first, first + count) of the 720p rung, fetched and decrypted as a player does. */
async function segmentsOf(playlistUrl: string, first: number, count: number): Promise<Buffer[]> {
  const playlist = await (await get(playlistUrl)).text();
  return decryptedSegments(async (address) => Buffer.from(await (await get(new URL(address, playlistUrl))).arrayBuffer()), playlist, first, count);
}

/** Sends a copy to the tracer and waits for its answer. */
async function trace(base: string, admin: string, file: string): Promise<TraceAnswer['data']> {
  const form = new FormData();
  form.append(TRACE_FILE_FIELD, await openAsBlob(file), path.basename(file));
  const answer = await fetch(`${base}/api/${FORENSICS_PATHS.traces}`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
  if (!answer.ok) throw new Error(`trace: ${answer.status} ${await answer.text()}`);
  const { id } = ((await answer.json()) as TraceCreatedAnswer).data;
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > WAIT_MS) throw new Error(`the trace of ${path.basename(file)} did not end within ${WAIT_MS / 60_000} minutes`);
    const state = await api<TraceAnswer>(base, FORENSICS_PATHS.trace.replace(':id', id), { token: admin });
    if (state.data.state === 'done' || state.data.state === 'failed') return state.data;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function main(): Promise<void> {
  mkdirSync(copies, { recursive: true });
  const source = path.join(work, 'lecture.mp4');
  const other = path.join(work, 'other-lecture.mp4');
  console.log(`Making two ${SECONDS} s lecture-like sources (the lesson, and one the portal does not have)...`);
  makeLectureVideo(source, SECONDS);
  makeLectureVideo(other, SECONDS, 'other');
  const port = await benchPort();
  const dataDir = path.join(work, 'data');
  mkdirSync(dataDir);
  portal = await startServer({ port, dataDir, admin: BENCH_ADMIN });
  const base = `http://127.0.0.1:${port}`;
  const admin = (await adminSignIn(base)).token;
  const classFolder = await api<{ data: DriveItem }>(base, 'folders/create/folder', { token: admin, body: { folderName: CLASS_NAME } });
  const cohort = await students(base, admin);
  const lesson = await uploadAndMark(base, admin, classFolder.data.id, source);
  const stored = storage(dataDir);

  // Each student's stream saved by a downloader, from segment i on; then the same made a screen recording.
  const downloaded: string[] = [];
  const recorded: string[] = [];
  for (const [i, student] of cohort.entries()) {
    const playlist = await topPlaylist(base, student, lesson.fileId);
    const copy = path.join(copies, `student-${i}.ts`);
    run(['-ss', String(i * SEGMENT_SECONDS), '-i', playlist, '-t', String(COPY_SECONDS), '-c', 'copy', copy]);
    downloaded.push(copy);
    const recording = path.join(copies, `student-${i}-recorded.mp4`);
    run(['-i', copy, '-an', '-vf', 'crop=trunc(iw*0.98/2)*2:trunc(ih*0.98/2)*2,scale=-2:480', '-r', '25', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', recording]);
    recorded.push(recording);
  }
  console.log(`${downloaded.length} downloaded copies and their screen recordings made`);

  // Copies that are no student's: another lecture, splices of two students, the original MP4.
  const others: { file: string; kind: 'other lecture' | 'splice' | 'original'; pair?: [string, string] }[] = [];
  for (let k = 0; k < OTHERS; k += 1) {
    const kind = (['other lecture', 'splice', 'original'] as const)[k % 3] ?? 'original';
    const start = (k * 7) % (SECONDS - COPY_SECONDS);
    const file = path.join(copies, `other-${k}.ts`);
    if (kind === 'splice') {
      const a = cohort[k % STUDENTS] as Student;
      const b = cohort[(k + 1) % STUDENTS] as Student;
      const first = Math.floor(start / SEGMENT_SECONDS);
      const count = Math.ceil(COPY_SECONDS / SEGMENT_SECONDS);
      const [fromA, fromB] = [await segmentsOf(await topPlaylist(base, a, lesson.fileId), first, count), await segmentsOf(await topPlaylist(base, b, lesson.fileId), first, count)];
      // Blocks of 1 to 12 segments from each in turn: the splicer hides behind two codewords.
      const parts: Buffer[] = [];
      let fromFirst = true;
      for (let i = 0; i < count; ) {
        const block = 1 + ((k * 5 + i * 3) % 12);
        for (let j = i; j < Math.min(count, i + block); j += 1) parts.push((fromFirst ? fromA : fromB)[j] ?? Buffer.alloc(0));
        i += block;
        fromFirst = !fromFirst;
      }
      writeFileSync(file, Buffer.concat(parts));
      others.push({ file, kind, pair: [a.id, b.id] });
    } else {
      run(['-ss', String(start), '-i', kind === 'other lecture' ? other : source, '-t', String(COPY_SECONDS), '-c', 'copy', '-f', 'mpegts', file]);
      others.push({ file, kind });
    }
  }
  console.log(`${others.length} copies that are no student's made; tracing ${downloaded.length + recorded.length + others.length} copies...`);

  const named = async (files: string[]) => {
    let right = 0;
    const wrong: string[] = [];
    for (const [i, file] of files.entries()) {
      const found = await trace(base, admin, file);
      if (found.result?.studentId === cohort[i]?.id) right += 1;
      else if (found.result) wrong.push(`${path.basename(file)} named ${found.result.name}`);
      else console.log(`  ${path.basename(file)}: no one named (${found.reason ?? found.error ?? '?'})`);
    }
    return { right, wrong };
  };
  const fromDownloads = await named(downloaded);
  console.log(`downloaded copies: ${fromDownloads.right} of ${downloaded.length} named right`);
  const fromRecordings = await named(recorded);
  console.log(`screen recordings: ${fromRecordings.right} of ${recorded.length} named right`);
  let wrongNames = 0;
  let splicesNamed = 0;
  for (const copy of others) {
    const found = await trace(base, admin, copy.file);
    if (!found.result) continue;
    if (copy.pair?.includes(found.result.studentId)) splicesNamed += 1;
    else {
      wrongNames += 1;
      console.log(`  WRONG: ${copy.kind} ${path.basename(copy.file)} named ${found.result.name}`);
    }
  }

  const timeRatio = lesson.both / lesson.ladderA;
  const storageRatio = stored.all / (stored.all - stored.variantB);
  const figures: Figure[] = [
    { bench: 'forensics', figure: `downloader copies (${COPY_SECONDS} s, -c copy) naming their student`, value: `${fromDownloads.right} of ${downloaded.length}`, goal: `${GOALS.downloaded} of ${STUDENTS}`, met: fromDownloads.right >= GOALS.downloaded && fromDownloads.wrong.length === 0 },
    { bench: 'forensics', figure: 'the same as screen recordings (2 % crop, 480p, 25 fps, CRF 30)', value: `${fromRecordings.right} of ${recorded.length}${fromRecordings.wrong.length ? `, ${fromRecordings.wrong.length} wrong` : ''}`, goal: `>= ${GOALS.recorded}, none wrong`, met: fromRecordings.right >= GOALS.recorded && fromRecordings.wrong.length === 0 },
    { bench: 'forensics', figure: `${others.length} copies that are no student's (other lecture, splices, original MP4): a wrong name`, value: `${wrongNames} (splices naming one of their two: ${splicesNamed})`, goal: String(GOALS.wrong), met: wrongNames <= GOALS.wrong },
    { bench: 'forensics', figure: 'ladders A and B: transcode time', value: `${lesson.both.toFixed(0)} s`, reference: `ladder A ${lesson.ladderA.toFixed(0)} s`, ratio: timeRatio, goal: `<= ${GOALS.timeRatio}x`, met: timeRatio <= GOALS.timeRatio },
    { bench: 'forensics', figure: 'ladders A and B: storage', value: `${(stored.all / 1e6).toFixed(0)} MB`, reference: `ladder A ${((stored.all - stored.variantB) / 1e6).toFixed(0)} MB`, ratio: storageRatio, goal: `<= ${GOALS.storageRatio}x`, met: storageRatio <= GOALS.storageRatio },
  ];
  reportFigures(figures);
}

try {
  await main();
} finally {
  await stopServer(portal);
  rmSync(work, { recursive: true, force: true });
}
