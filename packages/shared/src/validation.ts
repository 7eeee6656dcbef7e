import { z } from 'zod/mini';

/** Messages of the shared input rules; field-specific texts from the spec live beside their feature. */
export const VALIDATION_MESSAGES = {
  required: 'Preencha este campo.',
  invalid: 'Valor inválido.',
  invalidCharacters: 'O texto contém caracteres não permitidos.',
  tooLong: (max: number) => `Use no máximo ${max.toLocaleString('pt-BR')} caracteres.`,
  tooShort: (min: number) => `Use pelo menos ${min.toLocaleString('pt-BR')} caracteres.`,
  chooseOption: 'Escolha uma das opções.',
} as const;

/**
 * Brazilian-Portuguese fallback for every rule that does not carry its own message, so no English
 * text from the validation library ever reaches a user.
 */
z.config({
  localeError: (issue) => {
    if (issue.code === 'too_big' && issue.origin === 'string')
      return VALIDATION_MESSAGES.tooLong(Number(issue.maximum));
    if (issue.code === 'too_small' && issue.origin === 'string') {
      return Number(issue.minimum) <= 1
        ? VALIDATION_MESSAGES.required
        : VALIDATION_MESSAGES.tooShort(Number(issue.minimum));
    }
    if (issue.code === 'invalid_type' && issue.input === undefined)
      return VALIDATION_MESSAGES.required;
    if (issue.code === 'invalid_value') return VALIDATION_MESSAGES.chooseOption;
    return VALIDATION_MESSAGES.invalid;
  },
});

// NUL and the other C0 controls except tab, line feed and carriage return. PostgreSQL refuses NUL in
// text, and none of them belongs in anything a person types.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

// Half of a UTF-16 surrogate pair without its other half (an emoji cut in two): no character at
// all. JSON can carry one ("\ud800"), but PostgreSQL refuses it in JSON columns and no keyboard
// types it. Written without lookbehind, for older browsers.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether `value` holds half of a surrogate pair alone. Part of `text` below; the content importer,
 * which words its own messages, applies it to every text of a catalogue too.
 */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * The one rule for text that comes from outside (bodies, query strings, path parameters): at most
 * `max` characters, no control characters and no lone surrogates. Every string input is built
 * from it.
 */
export function text(
  max: number,
  /** Instead of the shared 'Use no máximo … caracteres.', which the fallback above words. */
  tooLong?: string,
  /** When the field is missing or not a string at all. */
  missing?: string,
) {
  return z.string(missing).check(
    z.maxLength(max, tooLong),
    z.refine(
      (value) => !CONTROL_CHARACTERS.test(value) && !hasLoneSurrogate(value),
      VALIDATION_MESSAGES.invalidCharacters,
    ),
  );
}

/** An optional filter or parameter: absent, or text as above. */
export function optionalText(max: number) {
  return z.optional(text(max));
}

/** Identifiers in paths and bodies (question ids are `<examId>_<number>`). */
export const ID_MAX_LENGTH = 300;
export const idSchema = text(ID_MAX_LENGTH).check(z.minLength(1, VALIDATION_MESSAGES.required));
