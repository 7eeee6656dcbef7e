import { COMMENTARY_SOURCE_LABELS, type Flashcard } from '@gabarita/shared';
import { type ExportQuestion, questionLink } from './export-question';
import { withImageUrls } from './question-html';

/** A note of the Anki file: two fields, its deck and its tags. */
export interface AnkiNote {
  guid: string;
  deck: string;
  front: string;
  back: string;
  tags: string[];
}

/** The deck every note goes under, one sub-deck per discipline. */
export const ANKI_DECK = 'Gabarita';

/**
 * A notebook question's note id: the question's own, so a second export updates the notes the
 * first one made instead of adding copies (Anki matches notes by this column).
 */
export function questionGuid(questionId: string): string {
  return `gabarita-questao-${questionId}`;
}

/** Anki tags hold no spaces: words are joined by '_', and '::' makes the hierarchy. */
const tagWord = (value: string) => value.trim().replace(/\s+/g, '_').replaceAll('::', ':');

export function ankiTag(discipline: string, subject: string): string {
  return `${tagWord(discipline)}::${tagWord(subject)}`;
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The question as the front of its note: the exam, texts, statement and alternatives. */
function questionFront(question: ExportQuestion, appUrl: string): string {
  const html = (fragment: string) => withImageUrls(fragment, question.imageUrls, appUrl);
  const alternatives = question.alternatives
    .map(
      (alternative) =>
        `<li><b>${alternative.letter})</b> ${
          alternative.html ? html(alternative.html) : escapeHtml(alternative.text)
        }</li>`,
    )
    .join('');
  const image = question.imageAssetId && question.imageUrls.get(question.imageAssetId);
  return [
    `<div><small>${escapeHtml(question.examLabel)} · Questão ${question.number}</small></div>`,
    ...question.referenceTextsHtml.map((text) => `<div>${html(text)}</div>`),
    `<div>${html(question.statementHtml)}</div>`,
    image ? `<div><img src="${appUrl}${image}"></div>` : '',
    `<ul style="list-style:none;padding-left:0">${alternatives}</ul>`,
  ].join('');
}

/** The back: the key, the team's comment on it and its basis, and the way back to the question. */
function questionBack(question: ExportQuestion, appUrl: string): string {
  const commentary = question.commentary;
  const keyReason =
    commentary && question.key
      ? commentary.reasons.find((reason) => reason.letter === question.key)
      : undefined;
  const sources = commentary?.sources ?? [];
  return [
    `<div><b>${question.key ? `Gabarito: ${question.key}` : 'Questão anulada'}</b></div>`,
    commentary ? `<div>${commentary.summaryHtml}</div>` : '',
    keyReason ? `<div>${keyReason.html}</div>` : '',
    sources.length > 0
      ? `<div><small>Fundamento: ${sources
          .map((source) =>
            escapeHtml(`${COMMENTARY_SOURCE_LABELS[source.kind]}: ${source.reference}`),
          )
          .join('; ')}</small></div>`
      : '',
    `<div><small><a href="${escapeHtml(questionLink(appUrl, question))}">Abrir no Gabarita</a></small></div>`,
  ].join('');
}

export function questionNote(question: ExportQuestion, appUrl: string): AnkiNote {
  return {
    guid: questionGuid(question.id),
    deck: `${ANKI_DECK}::${question.disciplineName}`,
    front: questionFront(question, appUrl),
    back: questionBack(question, appUrl),
    tags: [ankiTag(question.disciplineName, question.subject)],
  };
}

/** Plain text as HTML: escaped, its line breaks kept. */
function textHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

/**
 * A student's own card: its id is the card's GUID, kept for its life, so a second export updates
 * it; a card without a discipline goes to the deck's "Cartões".
 */
export function cardNote(card: Flashcard): AnkiNote {
  const discipline = card.disciplineName;
  return {
    guid: card.id,
    deck: `${ANKI_DECK}::${discipline ?? 'Cartões'}`,
    front: textHtml(card.front),
    back: textHtml(card.back),
    tags: !discipline
      ? []
      : [card.subject ? ankiTag(discipline, card.subject) : tagWord(discipline)],
  };
}

/**
 * A field on one line (rows end at line breaks, columns at tabs), quoted as CSV quotes, so the
 * quotes of the HTML's attributes stay part of it.
 */
function field(value: string): string {
  return `"${value.replace(/[\t\r\n]+/g, ' ').replaceAll('"', '""')}"`;
}

/**
 * The text file Anki's "Importar" takes (File → Import, then the notes update by their id): its
 * headers say the separator, that fields are HTML, the note type, and which columns hold the id,
 * the deck and the tags.
 */
export function ankiFile(notes: AnkiNote[]): string {
  const headers = [
    '#separator:tab',
    '#html:true',
    '#notetype:Basic',
    '#guid column:1',
    '#deck column:2',
    '#tags column:5',
  ];
  const rows = notes.map((note) =>
    [note.guid, note.deck, note.front, note.back, note.tags.join(' ')].map(field).join('\t'),
  );
  return `${[...headers, ...rows].join('\n')}\n`;
}
