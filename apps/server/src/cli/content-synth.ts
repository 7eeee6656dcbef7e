import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeSyntheticCatalog } from '../modules/catalog/synth/synthesize';

/** `npm run content:synth -- --exams 5000 --questions 100000 [--out data/synthetic]` */
const { values } = parseArgs({
  options: {
    exams: { type: 'string', default: '5000' },
    questions: { type: 'string', default: '100000' },
    out: { type: 'string', default: 'data/synthetic' },
  },
});
const exams = Number(values.exams);
const questions = Number(values.questions);
if (!Number.isInteger(exams) || !Number.isInteger(questions) || exams < 1 || questions < exams) {
  console.error(
    'Uso: npm run content:synth -- --exams N --questions M (M >= N >= 1) [--out pasta]',
  );
  process.exit(2);
}
const out = path.resolve(values.out!);
writeSyntheticCatalog(out, { exams, questions });
console.log(`Catálogo sintético: ${exams} provas e ${questions} questões em ${out}`);
console.log(`Para importar: npm run content:import -- ${path.relative(process.cwd(), out)}`);
