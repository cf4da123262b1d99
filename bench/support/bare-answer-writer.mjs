// The reference for a paper's saves: a bare Fastify process (no plugins, no hooks, no logger, as
// bare-fastify.mjs) whose one POST route parses a save request's body, runs the portal's own upsert
// on the same paper_answers rows of the same database, and answers the bytes the portal answers.
// What it leaves out (the session check, the attempt and question lookups, the group commit, the
// request log) is what the paper bench's ratio measures. The attempt is named in the address, since
// without a session the body alone does not say whose it is.
//
//   node bench/support/bare-answer-writer.mjs <config.json>
// config.json: { "port": 19202, "sqliteFile": "…/portal.sqlite" | "databaseUrl": "postgres://…",
//                "answer": { "message": "…", "deadline": "…", "acceptedUntil": "…" } }
//   POST /answers/<attemptId>  { "device": 1, "saves": [{ "seq": 7, "questionId": "…", "optionId": "…" }] }
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const { port, sqliteFile, databaseUrl, answer } = JSON.parse(readFileSync(process.argv[2], 'utf8'));

/** The papers' attempt-repo.ts#upsertAnswers, as Kysely writes it: a higher (seq, device) wins, a lower one is left. */
function upsertText(rows, placeholder) {
  const values = Array.from({ length: rows }, (_, row) => `(${Array.from({ length: 6 }, (_, column) => placeholder(row * 6 + column + 1)).join(', ')})`);
  return (
    `insert into "paper_answers" ("attempt_id", "question_id", "option_id", "seq", "device", "saved_at") values ${values.join(', ')} ` +
    'on conflict ("attempt_id", "question_id") do update set "option_id" = "excluded"."option_id", "seq" = "excluded"."seq", ' +
    '"device" = "excluded"."device", "saved_at" = "excluded"."saved_at" ' +
    'where ("excluded"."seq", "excluded"."device") > ("paper_answers"."seq", "paper_answers"."device") ' +
    'returning "attempt_id", "question_id", "seq", "device"'
  );
}

/** `write(rows, parameters)` runs the upsert of `rows` saves and answers the rows it wrote. */
async function openWriter() {
  if (sqliteFile) {
    const { default: SQLite } = await import('better-sqlite3');
    const file = new SQLite(sqliteFile);
    // The portal's pragmas (apps/server/src/db/database.ts): an acknowledged save is on the disk.
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = FULL');
    file.pragma('busy_timeout = 5000');
    file.pragma('foreign_keys = ON');
    const statements = new Map();
    return {
      write: async (rows, parameters) => {
        let statement = statements.get(rows);
        if (!statement) {
          statement = file.prepare(upsertText(rows, () => '?'));
          statements.set(rows, statement);
        }
        return statement.all(...parameters);
      },
      close: async () => file.close(),
    };
  }
  const { default: pg } = await import('pg');
  // The portal's pool size (database.ts), on the same schema through the same URL.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return {
    write: async (rows, parameters) => (await pool.query(upsertText(rows, (n) => `$${n}`), parameters)).rows,
    close: () => pool.end(),
  };
}

const writer = await openWriter();
const app = Fastify({ logger: false });
app.post('/answers/:attemptId', async (request, reply) => {
  const { attemptId } = request.params;
  const { device, saves } = request.body;
  const savedAt = new Date().toISOString();
  const written = saves.length === 0 ? [] : await writer.write(saves.length, saves.flatMap((save) => [attemptId, save.questionId, save.optionId, save.seq, device, savedAt]));
  const applied = saves.filter((save) => written.some((row) => row.question_id === save.questionId && Number(row.seq) === save.seq)).map((save) => save.seq);
  const ignored = saves.filter((save) => !applied.includes(save.seq)).map((save) => save.seq);
  reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify({
    code: 200,
    message: answer.message,
    data: { applied, ignored, current: [], deadline: answer.deadline, acceptedUntil: answer.acceptedUntil, serverNow: savedAt },
  });
});
await app.listen({ port, host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => writer.close()).then(() => process.exit(0)));
