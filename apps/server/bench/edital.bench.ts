/**
 * npm run bench:edital — an edital's PDF to its parsed syllabus: text extraction (unpdf), the
 * section's cut and the parser, for a 10-page and a 60-page PDF (the page limit), and the parser
 * alone on text at the size limit; with the event loop's longest stall during each run, to judge
 * whether extraction must leave the main thread. Numbers go to docs/performance.md.
 */
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { EDITAL_LIMITS } from '@gabarita/shared';
import { extractPdfText } from '../src/modules/edital/pdf-text';
import { parseSyllabus } from '../src/modules/edital/syllabus-parser';
import { findSyllabusSection } from '../src/modules/edital/syllabus-section';
import { cebraspeDiscipline, makeTextPdf, tenPageEdital } from '../test/helpers/edital-pdfs';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function bench(label: string, step: () => Promise<unknown>) {
  await step();
  const times: number[] = [];
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await step();
    times.push(performance.now() - start);
    // Lets the delay monitor's timer run, so a stall inside the step is recorded.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  stalls.disable();
  times.sort((a, b) => a - b);
  const f = (ms: number) => ms.toFixed(0).padStart(6);
  console.log(
    `| ${label.padEnd(44)} | ${f(quantile(times, 0.5))} | ${f(quantile(times, 0.95))} | ${f(times.at(-1)!)} | ${f(stalls.max / 1e6)} |`,
  );
}

async function pdfToSyllabus(pdf: Buffer) {
  const text = await extractPdfText(pdf);
  if (!text.ok) throw new Error(text.problem);
  const section = findSyllabusSection(text.text);
  const parsed = parseSyllabus(section ? text.text.slice(section.start, section.end) : text.text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed;
}

console.log(
  `# Edital syllabus benchmark (${os.cpus().length} cores, Node ${process.version}, ${RUNS} runs)`,
);
console.log('| step | median ms | p95 ms | max ms | longest event-loop stall ms |');
console.log('|---|---|---|---|---|');

const ten = await makeTextPdf(tenPageEdital().pages);
const sixtyPages = Array.from({ length: 6 }, () => tenPageEdital().pages).flat();
const sixty = await makeTextPdf(sixtyPages);
console.log(`<!-- 10 pages: ${ten.byteLength} bytes; 60 pages: ${sixty.byteLength} bytes -->`);

await bench('10-page PDF: extract + find section + parse', () => pdfToSyllabus(ten));
await bench('10-page PDF: extract only', () => extractPdfText(ten));
await bench('60-page PDF: extract + find section + parse', () => pdfToSyllabus(sixty));

const discipline = `${cebraspeDiscipline('DIREITO ADMINISTRATIVO', 6, 3)}\n`;
const atLimit = discipline.repeat(Math.floor(EDITAL_LIMITS.textMaxChars / discipline.length));
await bench(`parse only: ${atLimit.length.toLocaleString('pt-BR')} characters`, async () => {
  const parsed = parseSyllabus(atLimit);
  if (!parsed.ok) throw new Error(parsed.problem);
});
