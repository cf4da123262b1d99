import { t } from 'i18next';
import type { Annotation, AnnotationColor, MarkingScript } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ArrowBackIcon } from '../../../components/icons/arrow-back';
import { CheckCircleIcon } from '../../../components/icons/check-circle';
import { DownloadIcon } from '../../../components/icons/download';
import { NavigateBeforeIcon } from '../../../components/icons/navigate-before';
import { NavigateNextIcon } from '../../../components/icons/navigate-next';
import { LinkButton } from '../../../components/link-button';
import { PageLoader } from '../../../components/page-loader';
import { formatNumber } from '../../../i18n/format';
import { failureText } from '../../../lib/failure-alerts';
import { downloadMarkingPdf, prefetchMarkingScript, saveAnnotations, saveMarks, useMarkingScriptQuery, useScriptsQuery } from '../api/script-marking';
import { scriptKeys } from '../api/script-keys';
import { prefetchPageImages } from '../api/script-page-image';
import { useDebouncedSave } from '../hooks/use-script-saver';
import {
  addShape,
  addStrokePoint,
  canUndo,
  finishStroke,
  onPage,
  pageMarks,
  penPath,
  penWidthFor,
  SHAPE_COLORS,
  shapeAt,
  undoShape,
  type PageMarks,
  type Tool,
} from '../lib/script-annotations';
import { markingAction, typedInField } from '../lib/script-marking-keys';
import { readMark, unmarkedLabels } from '../lib/script-marks';
import { nextToMark } from '../lib/script-queue';
import { STATE_WORDS } from './script-queue-page';
import { MarkingPanel } from './script-marking-panel';
import { MarkingTools } from './script-marking-tools';
import { ScriptPageView } from './script-page-view';

/** How many pages ahead are fetched while the marker reads one. */
const PREFETCH_AHEAD = 2;

function SaveLine({ state }: { state: ReturnType<typeof useDebouncedSave>['state'] }) {
  return (
    <Typography role="status" variant="body2" sx={{ color: state.kind === 'failed' ? 'error.main' : 'text.secondary' }}>
      {state.kind === 'saved' ? t('answerScripts.allSaved') : state.kind === 'saving' ? t('answerScripts.saving') : t('answerScripts.notSaved', { reason: failureText(state.error) })}
    </Typography>
  );
}

function Marking({ paperId, script }: { paperId: string; script: MarkingScript }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const queue = useScriptsQuery(paperId);
  const [index, setIndex] = useState(0);
  const [tool, setTool] = useState<Tool>('tick');
  const [color, setColor] = useState<AnnotationColor>('red');
  const [text, setText] = useState('');
  const [marks, setMarks] = useState<Record<string, PageMarks>>(() => Object.fromEntries(script.pages.map((page) => [page.id, pageMarks(page.annotations ?? [])])));
  const [typed, setTyped] = useState<Record<string, string>>(() => Object.fromEntries(script.questions.map((question) => [question.questionId, question.marks === null ? '' : String(question.marks)])));
  const [comment, setComment] = useState(script.comment);
  const [state, setState] = useState(script.state);
  const [stroke, setStroke] = useState<number[] | null>(null);
  const [doneProblem, setDoneProblem] = useState<string | null>(null);
  const svg = useRef<SVGSVGElement | null>(null);
  const page = script.pages[index];
  const shown = page ? (marks[page.id] ?? pageMarks([])) : pageMarks([]);

  // What changed since the last save, sent by one saver: a page's shapes, and the marks with the comment.
  const dirtyPages = useRef(new Set<string>());
  const marksDirty = useRef(false);
  const current = useRef({ marks, typed, comment });
  useLayoutEffect(() => {
    current.current = { marks, typed, comment };
  });

  const marksBody = useCallback(
    (done: boolean) => ({
      marks: script.questions.flatMap((question) => {
        const read = readMark(current.current.typed[question.questionId] ?? '', question.maxMarks);
        return read.problem ? [] : [{ questionId: question.questionId, marks: read.marks }];
      }),
      comment: current.current.comment,
      done,
    }),
    [script.questions],
  );

  const saver = useDebouncedSave(async () => {
    for (const pageId of [...dirtyPages.current]) {
      dirtyPages.current.delete(pageId);
      try {
        await saveAnnotations(paperId, script.scriptId, pageId, current.current.marks[pageId]?.shapes ?? []);
      } catch (error) {
        dirtyPages.current.add(pageId);
        throw error;
      }
    }
    if (marksDirty.current) {
      marksDirty.current = false;
      try {
        const answer = await saveMarks(paperId, script.scriptId, marksBody(false));
        setState(answer.state);
      } catch (error) {
        marksDirty.current = true;
        throw error;
      }
    }
  });
  const { schedule, flush } = saver;

  const changePage = (pageId: string, change: (marks: PageMarks) => PageMarks) => {
    setMarks((all) => ({ ...all, [pageId]: change(all[pageId] ?? pageMarks([])) }));
    dirtyPages.current.add(pageId);
    schedule();
  };

  const turn = useCallback(
    (step: -1 | 1) => {
      void flush().catch(() => undefined);
      setIndex((at) => Math.min(script.pages.length - 1, Math.max(0, at + step)));
    },
    [flush, script.pages.length],
  );

  const rows = queue.data?.rows;
  const nextId = useMemo(() => (rows ? nextToMark(rows, script.scriptId) : null), [rows, script.scriptId]);
  const queueAddress = `/papers/${encodeURIComponent(paperId)}/marking`;
  const goNext = useCallback(async () => {
    await flush().catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: scriptKeys.queue(paperId) });
    navigate(nextId ? `${queueAddress}/${encodeURIComponent(nextId)}` : queueAddress);
  }, [flush, navigate, nextId, paperId, queryClient, queueAddress]);

  // The pages after this one are fetched now, so the next opens at once; so is the next script.
  useEffect(() => {
    prefetchPageImages(queryClient, paperId, script.pages.slice(index + 1, index + 1 + PREFETCH_AHEAD).map((next) => next.id));
  }, [index, paperId, queryClient, script.pages]);
  useEffect(() => {
    if (!nextId) return;
    void prefetchMarkingScript(queryClient, paperId, nextId).catch(() => undefined);
  }, [nextId, paperId, queryClient]);

  // The shortcuts, said in the help line; keys typed into a field stay the field's.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typedInField(event.target)) return;
      const action = markingAction(event);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'page') turn(action.step);
      else if (action.kind === 'next-script') void goNext();
      else if (action.kind === 'tool') setTool(action.tool);
      else if (page) changePage(page.id, undoShape);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!page) return <Alert severity="info">{t('answerScripts.noPages')}</Alert>;

  const pointOf = (event: PointerEvent<SVGSVGElement>): [number, number] | null => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return onPage(point.x, point.y, page.width, page.height);
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    const point = pointOf(event);
    if (!point) return;
    if (tool === 'pen') {
      event.currentTarget.setPointerCapture(event.pointerId);
      setStroke([...point]);
    } else if (tool === 'text') {
      if (text.trim() === '') return;
      changePage(page.id, (all) => addShape(all, shapeAt('text', point[0], point[1], page.width, color, text)));
    } else {
      changePage(page.id, (all) => addShape(all, shapeAt(tool, point[0], point[1], page.width, color)));
    }
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!stroke) return;
    const point = pointOf(event);
    if (point) setStroke((points) => points && addStrokePoint(points, point[0], point[1], page.width / 500));
  };
  const onPointerUp = () => {
    if (!stroke) return;
    const shape: Annotation = { kind: 'pen', points: finishStroke(stroke), width: penWidthFor(page.width), color };
    setStroke(null);
    changePage(page.id, (all) => addShape(all, shape));
  };

  const markDone = async () => {
    const unmarked = unmarkedLabels(script.questions.map((question) => ({ label: question.label, marks: readMark(typed[question.questionId] ?? '', question.maxMarks).marks })));
    if (unmarked.length > 0) return setDoneProblem(t('answerScripts.stillUnmarked', { labels: unmarked.join(', ') }));
    setDoneProblem(null);
    try {
      await flush();
      const answer = await saveMarks(paperId, script.scriptId, marksBody(true));
      setState(answer.state);
      await goNext();
    } catch (error) {
      setDoneProblem(failureText(error instanceof Error ? error : new Error(String(error))));
    }
  };

  const strokeShape = stroke && stroke.length >= 2 ? <path d={penPath(stroke)} fill="none" stroke={SHAPE_COLORS[color]} strokeWidth={penWidthFor(page.width)} strokeLinecap="round" /> : null;

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <Paper component="header" square elevation={1} sx={{ px: { xs: 1, sm: 2 }, py: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <LinkButton to={queueAddress} startIcon={<ArrowBackIcon />} onClick={() => void flush().catch(() => undefined)}>
          {t('answerScripts.markingQueue')}
        </LinkButton>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {script.student.name} · {script.student.regNo}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(STATE_WORDS[state])}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: { sm: 'auto' } }}>
          <IconButton aria-label={t('answerScripts.previousPage')} disabled={index === 0} onClick={() => turn(-1)}>
            <NavigateBeforeIcon />
          </IconButton>
          <Typography aria-live="polite">{t('answerScripts.pageNofM', { number: formatNumber(index + 1), total: formatNumber(script.pages.length) })}</Typography>
          <IconButton aria-label={t('answerScripts.nextPage')} disabled={index === script.pages.length - 1} onClick={() => turn(1)}>
            <NavigateNextIcon />
          </IconButton>
        </Box>
        <Button variant="outlined" onClick={() => void goNext()}>
          {t('answerScripts.nextScript')}
        </Button>
      </Paper>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, p: { xs: 1, sm: 2 } }}>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <MarkingTools
            tool={tool}
            color={color}
            text={text}
            canUndo={canUndo(shown)}
            onTool={setTool}
            onColor={setColor}
            onText={setText}
            onUndo={() => changePage(page.id, undoShape)}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('answerScripts.shortcutsHelp')}
          </Typography>
          {tool === 'text' && text.trim() === '' && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('answerScripts.typeTextFirst')}
            </Typography>
          )}
          <Box sx={{ maxWidth: 1000, width: '100%', mx: 'auto' }}>
            <ScriptPageView
              key={page.id}
              paperId={paperId}
              page={page}
              shapes={shown.shapes}
              extra={strokeShape}
              svgRef={svg}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              cursor="crosshair"
              maxHeight="calc(100dvh - 180px)"
            />
          </Box>
        </Box>
        <Paper variant="outlined" component="aside" sx={{ width: { md: 340 }, flex: 'none', p: 2, display: 'flex', flexDirection: 'column', gap: 2, alignSelf: { md: 'flex-start' }, position: { md: 'sticky' }, top: { md: 16 } }}>
          <MarkingPanel
            questions={script.questions}
            typed={typed}
            comment={comment}
            onMark={(questionId, value) => {
              setTyped((all) => ({ ...all, [questionId]: value }));
              marksDirty.current = true;
              schedule();
            }}
            onComment={(value) => {
              setComment(value);
              marksDirty.current = true;
              schedule();
            }}
          />
          <SaveLine state={saver.state} />
          {doneProblem && <Alert severity="error">{doneProblem}</Alert>}
          <Button variant="contained" size="large" startIcon={<CheckCircleIcon />} onClick={() => void markDone()}>
            {t('answerScripts.markDoneNext')}
          </Button>
          <Button
            variant="text"
            startIcon={<DownloadIcon />}
            onClick={() => void flush().then(() => downloadMarkingPdf(paperId, script.scriptId, `${script.student.regNo} ${t('answerScripts.markedFile')}.pdf`)).catch(() => undefined)}
          >
            {t('answerScripts.downloadPdf')}
          </Button>
        </Paper>
      </Box>
    </Box>
  );
}

/** #/papers/{id}/marking/{scriptId} (admin): one script, a page at a time, marked on the page and per question. */
export function MarkingPage() {
  const { paperId = '', scriptId = '' } = useParams();
  const query = useMarkingScriptQuery(paperId, scriptId);
  if (query.error) return <Alert severity="error">{failureText(query.error)}</Alert>;
  if (!query.data) return <PageLoader />;
  return <Marking key={scriptId} paperId={paperId} script={query.data} />;
}
