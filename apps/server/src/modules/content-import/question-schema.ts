// The checks of one question: its fields, statement, key, status and alternatives (validate-content.ts).
import { ASSET_ID_PATTERN } from '@gabarita/shared';
import { type Alternative } from '@/db/schema';
import { readCommentary } from './commentary';
import {
  checkText,
  describe,
  describeControlCharacter,
  Fields,
  isObject,
  type JsonObject,
  typeName,
} from './json-fields';
import { type At, childPath } from './problems';
import { htmlToText, plainText } from '@/lib/plain-text';
import {
  type QuestionStatusValue,
  type ValidQuestion,
  LETTERS,
  FORMAT_2_QUESTION_FIELDS,
  SITUATIONS,
} from './validation-model';
import { readHtml } from './content-images';

export interface QuestionContext {
  version: 1 | 2;
  /** The exam's id, or `<examId>_<option>` in an option block: the question's id is `<prefix>_<number>`. */
  idPrefix: string;
  optionKey: string | null;
  referenceKeys: Set<string>;
  knownDiscipline(code: string, path: string): boolean;
  useImage(assetId: string, path: string): void;
}

/**
 * One question. Returns what could be read even when something is wrong, so the exam's counts are
 * still compared (and reported) against what the file holds.
 */
export function readQuestion(
  object: JsonObject,
  key: string,
  path: string,
  at: At,
  context: QuestionContext,
): { valid: ValidQuestion | null; disciplineCode?: string; subject?: string } {
  const { version } = context;
  const fields = new Fields(object, path, at);
  let ok = true;
  const fail = <T>(value: T | undefined): T | undefined => {
    if (value === undefined) ok = false;
    return value;
  };

  const number = fields.text('id_questao');
  if (number !== undefined && number !== key)
    at(fields.pathOf('id_questao'), `deve ser igual à chave da questão ("${key}")`);

  const statementText = fail(fields.text('questao'));
  const statementHtml =
    statementText === undefined
      ? undefined
      : readHtml(statementText, fields.pathOf('questao'), at, version, context.useImage);
  if (statementHtml === '') {
    at(fields.pathOf('questao'), 'o enunciado fica vazio depois de limpo o HTML');
    ok = false;
  }

  // Format 2: state and note.
  let status: QuestionStatusValue = 'regular';
  let statusNote: string | null = null;
  // With an invalid state, whether a key is required is unknown: not reported again.
  let statusUnknown = false;
  if (version === 2) {
    const situacao = fields.text('situacao', { optional: true });
    if (situacao !== undefined) {
      const mapped = SITUATIONS[situacao];
      if (!mapped) {
        at(
          fields.pathOf('situacao'),
          `situação inválida: "${situacao}" (use "anulada" ou "desatualizada")`,
        );
        ok = false;
        statusUnknown = true;
      } else status = mapped;
    } else if (fields.has('situacao')) {
      ok = false;
      statusUnknown = true;
    }
    statusNote = fields.text('nota', { optional: true }) ?? null;
    if (situacao === undefined && fields.has('nota'))
      at(fields.pathOf('nota'), 'a nota acompanha uma "situacao" (anulada ou desatualizada)');
    if (status === 'outdated' && statusNote === null && !fields.has('nota')) {
      at(
        fields.pathOf('nota'),
        'uma questão desatualizada precisa de uma nota dizendo o que mudou',
      );
      ok = false;
    }
  } else {
    for (const name of FORMAT_2_QUESTION_FIELDS) {
      if (fields.has(name))
        at(fields.pathOf(name), 'campo do formato 2: declare "versao": 2 na prova para usá-lo');
    }
  }

  const alternatives = readAlternatives(fields, version, at, context.useImage);
  if (!alternatives) ok = false;
  const letters = alternatives?.map((alternative) => alternative.letter).join('');
  const commentary = version === 2 ? readCommentary(fields, letters, at) : null;
  if (commentary === undefined) ok = false;

  let answerLetter: string | undefined;
  const gabarito = fields.raw('gabarito');
  const gabaritoPath = fields.pathOf('gabarito');
  if (statusUnknown) {
    fields.raw('gabarito');
  } else if (status === 'annulled') {
    // An annulled question may keep its original key, or none ('X').
    if (gabarito === undefined || gabarito === 'X') answerLetter = 'X';
    else if (typeof gabarito === 'string' && letters?.includes(gabarito)) answerLetter = gabarito;
    else {
      at(
        gabaritoPath,
        `deve ser uma das letras das alternativas, "X" ou ausente numa questão anulada`,
      );
      ok = false;
    }
  } else if (gabarito === undefined) {
    at(gabaritoPath, 'campo obrigatório ausente');
    ok = false;
  } else if (typeof gabarito !== 'string' || !/^[A-E]$/.test(gabarito)) {
    at(
      gabaritoPath,
      gabarito === 'X'
        ? '"X" só vale para questão anulada: use "situacao": "anulada" (formato 2)'
        : `deve ser uma letra de A a E (recebido: ${describe(gabarito)})`,
    );
    ok = false;
  } else if (letters !== undefined && !letters.includes(gabarito)) {
    at(
      gabaritoPath,
      `"${gabarito}" não está entre as alternativas (${letters.split('').join(', ')})`,
    );
    ok = false;
  } else answerLetter = gabarito;

  const disciplineCode = fields.text('disciplina');
  if (
    disciplineCode !== undefined &&
    !context.knownDiscipline(disciplineCode, fields.pathOf('disciplina'))
  )
    ok = false;
  const subject = fail(fields.text('assunto'));

  const referenceKeys: string[] = [];
  const referencia = fields.array('referencia', { optional: true });
  referencia?.forEach((reference, index) => {
    const referencePath = childPath(fields.pathOf('referencia'), index);
    if (typeof reference !== 'string') {
      at(referencePath, `deve ser o nome de um texto de referência, não ${typeName(reference)}`);
      ok = false;
    } else if (!context.referenceKeys.has(reference)) {
      at(referencePath, `texto de referência inexistente: "${reference}"`);
      ok = false;
    } else referenceKeys.push(reference);
  });

  let image: ValidQuestion['image'] = null;
  const img = fields.raw('img');
  if (img !== undefined) {
    const imgPath = fields.pathOf('img');
    if (!Array.isArray(img) || img.length !== 2) {
      at(imgPath, 'deve ser uma lista [nome-da-imagem, descrição]');
      ok = false;
    } else {
      const assetId = checkText(img[0], childPath(imgPath, 0), at);
      const description = checkText(img[1], childPath(imgPath, 1), at);
      if (assetId !== undefined && !ASSET_ID_PATTERN.test(assetId)) {
        at(
          childPath(imgPath, 0),
          `nome de imagem inválido: "${assetId}" (use letras, números, _ e -)`,
        );
        ok = false;
      } else if (assetId !== undefined) context.useImage(assetId, childPath(imgPath, 0));
      if (assetId === undefined || description === undefined) ok = false;
      else image = { assetId, description };
    }
  }

  if (version === 2) fields.rejectUnknown();

  const valid =
    ok &&
    number !== undefined &&
    statementHtml !== undefined &&
    alternatives &&
    answerLetter !== undefined &&
    disciplineCode !== undefined &&
    subject !== undefined &&
    commentary !== undefined
      ? {
          id: `${context.idPrefix}_${key}`,
          number: Number(key),
          optionKey: context.optionKey,
          statementHtml,
          alternatives,
          answerLetter,
          disciplineCode,
          subject,
          referenceKeys,
          image,
          status,
          statusNote,
          commentary: commentary?.commentary ?? null,
          commentaryDraft: commentary?.draft ?? false,
        }
      : null;
  return { valid, disciplineCode, subject };
}

const ALTERNATIVE_TEXT = /^\s*([A-E])\)\s?([\s\S]*)$/;

function readAlternatives(
  fields: Fields,
  version: 1 | 2,
  at: At,
  useImage: (assetId: string, path: string) => void,
): Alternative[] | undefined {
  const list = fields.array('Alternativas');
  if (!list) return undefined;
  const path = fields.pathOf('Alternativas');
  let ok = true;
  if (list.length < 2 || list.length > 5) {
    at(path, `precisa de 2 a 5 alternativas (tem ${list.length})`);
    ok = false;
  }
  const alternatives: Alternative[] = [];
  list.forEach((item, index) => {
    const itemPath = childPath(path, index);
    const alternative =
      typeof item === 'string'
        ? readTextAlternative(item, itemPath, at, version)
        : version === 2 && isObject(item)
          ? readObjectAlternative(item, itemPath, at, useImage)
          : (at(
              itemPath,
              version === 2
                ? `deve ser um texto "A) …" ou um objeto { "letra", "texto" | "html" | "imagem" }, não ${typeName(item)}`
                : `deve ser um texto "A) …", não ${typeName(item)}`,
            ),
            undefined);
    if (alternative) alternatives.push(alternative);
    else ok = false;
  });
  if (!ok) return undefined;
  const letters = alternatives.map((alternative) => alternative.letter).join('');
  if (letters !== 'CE' && letters !== LETTERS.slice(0, letters.length)) {
    at(
      path,
      `letras fora de ordem (${letters}): use A, B, C... ou exatamente C) Certo e E) Errado`,
    );
    return undefined;
  }
  return alternatives;
}

function readTextAlternative(
  item: string,
  path: string,
  at: At,
  version: 1 | 2,
): Alternative | undefined {
  const match = ALTERNATIVE_TEXT.exec(item);
  if (!match) {
    at(path, `deve começar com a letra e ")", como "A) …" (recebido: ${describe(item)})`);
    return undefined;
  }
  const letter = match[1]!;
  // Format 2: the text is text, every character kept; format 1 reduces HTML to text.
  const text = version === 2 ? match[2]!.trim() : plainText(match[2]!);
  if (text === '') {
    at(path, `a alternativa ${letter} está vazia`);
    return undefined;
  }
  const control = describeControlCharacter(text);
  if (control) {
    at(path, `a alternativa ${letter} contém ${control}`);
    return undefined;
  }
  return { letter, text, html: null, figure: null };
}

function readObjectAlternative(
  object: JsonObject,
  path: string,
  at: At,
  useImage: (assetId: string, path: string) => void,
): Alternative | undefined {
  const fields = new Fields(object, path, at);
  const letra = fields.text('letra');
  let letter: string | undefined;
  if (letra !== undefined) {
    if (/^[A-E]$/.test(letra)) letter = letra;
    else at(fields.pathOf('letra'), `deve ser uma letra de A a E (recebido: ${describe(letra)})`);
  }
  const kinds = ['texto', 'html', 'imagem'].filter((kind) => fields.has(kind));
  let result: Omit<Alternative, 'letter'> | undefined;
  if (kinds.length !== 1) {
    at(
      path,
      kinds.length === 0
        ? 'a alternativa precisa de "texto", "html" ou "imagem"'
        : `use só um de "texto", "html" ou "imagem" (a alternativa tem ${kinds.map((kind) => `"${kind}"`).join(' e ')})`,
    );
    // Read them anyway, so their own problems are reported.
  }
  if (fields.has('texto')) {
    const text = fields.text('texto');
    if (text !== undefined) result = { text, html: null, figure: null };
  }
  if (fields.has('html')) {
    const source = fields.text('html');
    if (source !== undefined) {
      const htmlPath = fields.pathOf('html');
      const html = readHtml(source, htmlPath, at, 2, useImage);
      const text = htmlToText(html);
      if (text === '') at(htmlPath, 'a alternativa fica vazia depois de limpo o HTML');
      else result = { text, html, figure: null };
    }
  }
  if (fields.has('imagem')) {
    const assetId = fields.text('imagem');
    const description = fields.text('descricao');
    if (assetId !== undefined && !ASSET_ID_PATTERN.test(assetId)) {
      at(
        fields.pathOf('imagem'),
        `nome de imagem inválido: "${assetId}" (use letras, números, _ e -)`,
      );
    } else if (assetId !== undefined) {
      useImage(assetId, fields.pathOf('imagem'));
      if (description !== undefined)
        result = { text: `[Figura: ${description}]`, html: null, figure: { assetId, description } };
    }
  } else if (fields.has('descricao')) {
    fields.raw('descricao');
    at(fields.pathOf('descricao'), '"descricao" acompanha "imagem": é a descrição da figura');
  }
  fields.rejectUnknown();
  if (letter === undefined || kinds.length !== 1 || !result) return undefined;
  return { letter, ...result };
}
