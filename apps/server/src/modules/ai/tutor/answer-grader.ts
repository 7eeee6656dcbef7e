/**
 * Checks an explanation against the official key, for the tutor evaluation (`npm run eval:tutor`):
 * does it name the key as the correct answer, and does it call any other letter correct? Letters
 * are matched in capitals only ('a' and 'e' are also Portuguese words), the words around them in
 * any case.
 */

const letterSlot = (letter: string) => `\\(?${letter}\\)?(?![\\p{L}\\p{N}])`;
const CORRECT = '(?:[Cc]orret[ao]|[Cc]ert[ao]|CORRET[AO])';
const IS = '(?:[Éé]|[Ee]st[áa]|[Ss]eria)';
const NAME = '(?:(?:[Aa]s? )?(?:[Ll]etra|[Aa]lternativa|[Oo]p[çc][ãa]o) )?';

function claimsCorrect(letter: string): RegExp[] {
  const slot = letterSlot(letter);
  return [
    // "Gabarito oficial: D", "o gabarito é a letra D"
    new RegExp(`[Gg]abarito(?: [Oo]ficial)?\\s*(?::|${IS})\\s*(?:a |o )?${NAME}${slot}`, 'u'),
    // "a alternativa D está correta", "letra D é a correta"
    new RegExp(
      `(?:[Ll]etra|[Aa]lternativa|[Oo]p[çc][ãa]o)\\s+${slot}\\s+${IS}\\s+(?:a |o )?${CORRECT}`,
      'u',
    ),
    // "a resposta correta é a D", "a alternativa certa é a letra D"
    new RegExp(
      `(?:[Rr]esposta|[Aa]lternativa|[Oo]p[çc][ãa]o) ${CORRECT}\\s+${IS}\\s+(?:a |o )?${NAME}${slot}`,
      'u',
    ),
    // a list line "- D) correta" / "**D)** correta"
    new RegExp(`(?:^|\\n)\\s*[-*]?\\s*${letter}\\)\\s*[:—–-]?\\s*(?:${IS}\\s+)?${CORRECT}`, 'u'),
  ];
}

export interface Grade {
  namesKey: boolean;
  /** Other letters the text calls correct. */
  othersCalledCorrect: string[];
  /** Names the key and no other letter. */
  passes: boolean;
}

export function gradeExplanation(text: string, key: string, letters: string[]): Grade {
  const plain = text.replace(/\*\*|__|`/g, '').replace(/[ \t]+/g, ' ');
  const says = (letter: string) => claimsCorrect(letter).some((pattern) => pattern.test(plain));
  const namesKey = says(key);
  const othersCalledCorrect = letters.filter((letter) => letter !== key && says(letter));
  return { namesKey, othersCalledCorrect, passes: namesKey && othersCalledCorrect.length === 0 };
}

const SAYS_WRONG = /incorret|errad|falsa/i;

/**
 * For a question the team commented: does the explanation give every alternative the comment's
 * verdict? The key called correct and no other letter (`grade`), and each other letter said to be
 * wrong, on a line of its own under a heading about the wrong ones or with 'incorreta' or 'errada'
 * beside it. A true/false item has a single other verdict, which `grade` already covers.
 */
export function agreesWithComment(
  text: string,
  key: string,
  letters: string[],
  grade: Grade,
): boolean {
  if (!grade.passes) return false;
  if (letters.join('') === 'CE') return true;
  const lines = text.replace(/\*\*|__|`/g, '').split('\n');
  const wrong = new Set<string>();
  let heading = '';
  for (const line of lines) {
    if (/^\s*#/.test(line)) {
      heading = line;
      continue;
    }
    for (const letter of letters) {
      if (letter === key) continue;
      const listed = new RegExp(`^\\s*[-*]?\\s*\\(?${letter}\\)`).test(line);
      const named = new RegExp(
        `(?:[Ll]etra|[Aa]lternativa)\\s+${letter}(?![\\p{L}\\p{N}])`,
        'u',
      ).test(line);
      if (
        (listed && (SAYS_WRONG.test(heading) || SAYS_WRONG.test(line))) ||
        (named && SAYS_WRONG.test(line))
      )
        wrong.add(letter);
    }
  }
  return letters.every((letter) => letter === key || wrong.has(letter));
}
