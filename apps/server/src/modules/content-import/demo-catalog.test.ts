import { describe, expect, it } from 'vitest';
import { DEMO_CATALOG_DIR } from './demo-catalog';
import { readContentFolder } from './content-files';
import { validateContent, type ValidQuestion } from './validate-content';

/**
 * The demonstration catalogue is content people study from: it must import cleanly, and its items
 * must not give the answer away by their shape.
 */
const { problems, catalog } = await validateContent(await readContentFolder(DEMO_CATALOG_DIR));
const all = catalog.exams.flatMap((exam) => exam.questions);
const byId = new Map(all.map((question) => [question.id, question]));

/** Multiple-choice items whose alternatives are all text, as a test-taker sees them. */
function textMultipleChoice(question: ValidQuestion) {
  return (
    question.status !== 'annulled' &&
    question.alternatives.length > 2 &&
    question.alternatives.every((alternative) => alternative.figure === null)
  );
}

/** The key is at least as long as every other alternative (a tie counts: it does not tell apart). */
function keyIsLongest(question: ValidQuestion) {
  const lengths = new Map(
    question.alternatives.map((alternative) => [alternative.letter, alternative.text.length]),
  );
  return lengths.get(question.answerLetter)! >= Math.max(...lengths.values());
}

describe('demonstration catalogue', () => {
  it('imports without a problem', () => {
    expect(problems).toEqual([]);
    expect(catalog.exams).toHaveLength(18);
  });

  it('does not give the key away by length: at most 30% of keys are the longest alternative', () => {
    const items = all.filter(textMultipleChoice);
    const longest = items.filter(keyIsLongest);
    const share = longest.length / items.length;
    // Chance, with four or five alternatives, is about 20-25%.
    expect(
      share,
      `${longest.length} de ${items.length}: ${longest.map((question) => question.id).join(', ')}`,
    ).toBeLessThanOrEqual(0.3);
  });

  it('nor by being one of the two longest: at most half, where chance is about 40%', () => {
    const items = all.filter(textMultipleChoice);
    const amongTwoLongest = items.filter((question) => {
      const own = question.alternatives.find(
        (alternative) => alternative.letter === question.answerLetter,
      )!.text.length;
      return (
        question.alternatives.filter((alternative) => alternative.text.length > own).length < 2
      );
    });
    expect(
      amongTwoLongest.length / items.length,
      `${amongTwoLongest.length} de ${items.length}`,
    ).toBeLessThanOrEqual(0.5);
  });

  it('files the LDB questions under legislation', () => {
    for (const id of [
      'etfsc_2015_pedagogo_prova_10',
      'etfsc_2015_professor_biologia_prova_10',
      'etfsc_2015_professor_frances_prova_10',
      'etfsc_2015_professor_espanhol_prova_9',
    ]) {
      expect(byId.get(id)?.disciplineCode, id).toBe('legislacao');
    }
  });

  it('marks the 2015 items that later law changed as outdated, each with what changed', () => {
    const outdated = all.filter((question) => question.status === 'outdated');
    expect(outdated.map((question) => question.id).sort()).toEqual(
      [
        // LDB art. 14, rewritten by Lei nº 14.644/2023.
        'pedagogo_prova_7',
        'professor_espanhol_prova_9',
        'professor_filosofia_prova_9',
        'professor_frances_prova_9',
        'professor_informatica_prova_10',
        'professor_musica_prova_9',
        'professor_biologia_prova_9',
        'professor_fisica_prova_9',
        'professor_fisica_prova_10',
        'professor_quimica_prova_9',
        'professor_sociologia_prova_9',
        'professor_sociologia_prova_10',
        'professor_informatica_prova_9',
      ]
        .map((id) => `etfsc_2015_${id}`)
        .sort(),
    );
    for (const question of outdated) {
      expect(question.statusNote, question.id).toMatch(/(Lei|Resolução) .*\d{4}/);
    }
  });

  it('shows the format-2 features: figures between paragraphs, image alternatives, an annulled item', () => {
    expect(
      all.some((question) => /<\/p><figura [^>]*><\/figura><p>/.test(question.statementHtml)),
    ).toBe(true);
    expect(all.some((question) => /<figura [^>]*tipo="linha"/.test(question.statementHtml))).toBe(
      true,
    );
    expect(
      all.some((question) => question.alternatives.every((alternative) => alternative.figure)),
    ).toBe(true);
    expect(all.filter((question) => question.status === 'annulled')).toHaveLength(1);
  });
});
