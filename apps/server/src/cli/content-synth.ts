import path from 'node:path';
import { parseArgs } from 'node:util';
import { countLabel } from '@gabarita/shared';
import { synthesizeCatalog } from '@/modules/content-import';

/**
 * `npm run content:synth -- --exams 5000 --questions 100000 [--images 600] [--seed 42] [--out data/synthetic]`:
 * another seed gives the same exam and question ids with other texts (a re-import that changes
 * every question).
 */
const { values } = parseArgs({
  options: {
    exams: { type: 'string', default: '5000' },
    questions: { type: 'string', default: '100000' },
    images: { type: 'string', default: '0' },
    seed: { type: 'string', default: '42' },
    out: { type: 'string', default: 'data/synthetic' },
  },
});
const exams = Number(values.exams);
const questions = Number(values.questions);
const images = Number(values.images);
const seed = Number(values.seed);
if (
  !Number.isInteger(exams) ||
  !Number.isInteger(questions) ||
  !Number.isInteger(images) ||
  !Number.isInteger(seed) ||
  exams < 1 ||
  questions < exams ||
  images < 0
) {
  console.error(
    'Uso: npm run content:synth -- --exams N --questions M (M >= N >= 1) [--images K] [--seed S] [--out pasta]',
  );
  process.exit(2);
}
const out = path.resolve(values.out!);
const written = await synthesizeCatalog(out, { exams, questions, images, seed });
const megabytes = (written.imageBytes / 1024 / 1024).toLocaleString('pt-BR', {
  maximumFractionDigits: 1,
});
console.log(
  `Catálogo sintético: ${countLabel(exams, 'prova', 'provas')} e ${countLabel(questions, 'questão', 'questões')}${images > 0 ? ` com ${countLabel(images, 'imagem', 'imagens')} (${megabytes} MB)` : ''} em ${out}`,
);
console.log(`Para importar: npm run content:import -- ${path.relative(process.cwd(), out)}`);
