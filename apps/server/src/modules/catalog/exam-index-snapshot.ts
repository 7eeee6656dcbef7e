import { examIndex, type ExamIndex, type IndexParts, Interner, type Runs } from './exam-index';

/**
 * The exam index as bytes, to be kept in the database (exam_index_snapshots) and read back by any
 * instance in one statement: a header of JSON (the strings, and each array's type and length), then
 * the typed arrays one after the other, each at a multiple of 8 bytes.
 */
const FORMAT = 1;

type ArrayType = 'i32' | 'u32' | 'u8';
type TypedArray = Int32Array | Uint32Array | Uint8Array;

const CONSTRUCTORS = { i32: Int32Array, u32: Uint32Array, u8: Uint8Array } as const;
const typeOf = (array: TypedArray): ArrayType =>
  array instanceof Int32Array ? 'i32' : array instanceof Uint32Array ? 'u32' : 'u8';

interface Header {
  format: number;
  examIds: string[];
  columnValues: string[][];
  cargos: string[];
  optionLists: IndexParts['optionLists'];
  codes: string[];
  subjectNames: string[];
  disciplineNames: [string, string][];
  /** In the order of `arraysOf`. */
  arrays: [ArrayType, number][];
}

/** The typed arrays of an index, always in this order. */
function arraysOf(parts: IndexParts): TypedArray[] {
  const runs = ({ start, ids, counts }: Runs) => [start, ids, counts];
  const { exams } = parts;
  return [
    exams.columns,
    exams.cargo,
    exams.questionCount,
    exams.demonstration,
    exams.options,
    parts.pairDiscipline,
    parts.pairSubject,
    ...runs(parts.disciplines),
    ...runs(parts.subjects),
  ];
}

const padded = (length: number) => Math.ceil(length / 8) * 8;

export function encodeExamIndex(index: ExamIndex): Buffer {
  const { parts } = index;
  const arrays = arraysOf(parts);
  const header: Header = {
    format: FORMAT,
    examIds: parts.exams.ids,
    columnValues: parts.columnValues.map((interner) => interner.values),
    cargos: parts.cargos,
    optionLists: parts.optionLists,
    codes: parts.codes.values,
    subjectNames: parts.subjectNames.values,
    disciplineNames: [...parts.disciplineNames],
    arrays: arrays.map((array) => [typeOf(array), array.length]),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const chunks: Buffer[] = [
    Buffer.alloc(8),
    headerBytes,
    Buffer.alloc(padded(headerBytes.length) - headerBytes.length),
  ];
  chunks[0]!.writeUInt32LE(headerBytes.length, 0);
  for (const array of arrays) {
    chunks.push(Buffer.from(array.buffer, array.byteOffset, array.byteLength));
    chunks.push(Buffer.alloc(padded(array.byteLength) - array.byteLength));
  }
  return Buffer.concat(chunks);
}

/** The index encoded by encodeExamIndex; null for bytes of another format. */
export function decodeExamIndex(data: Uint8Array): ExamIndex | null {
  const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const headerLength = view.readUInt32LE(0);
  const header = JSON.parse(view.subarray(8, 8 + headerLength).toString()) as Header;
  if (header.format !== FORMAT) return null;
  let at = 8 + padded(headerLength);
  const arrays = header.arrays.map(([type, length]) => {
    const Type = CONSTRUCTORS[type];
    const bytes = length * Type.BYTES_PER_ELEMENT;
    // Copied: the bytes read from the database need not start at a multiple of 4.
    const array = new Type(length);
    new Uint8Array(array.buffer).set(view.subarray(at, at + bytes));
    at += padded(bytes);
    return array;
  });
  const [
    columns,
    cargo,
    questionCount,
    demonstration,
    options,
    pairDiscipline,
    pairSubject,
    ...runs
  ] = arrays as [
    Int32Array,
    Int32Array,
    Uint32Array,
    Uint8Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    ...Uint32Array[],
  ];
  const codes = Interner.of(header.codes);
  const subjectNames = Interner.of(header.subjectNames);
  const pairIds = new Map<string, Map<string, number>>();
  pairDiscipline.forEach((code, pair) => {
    const name = header.codes[code]!;
    if (!pairIds.has(name)) pairIds.set(name, new Map());
    pairIds.get(name)!.set(header.subjectNames[pairSubject[pair]!]!, pair);
  });
  return examIndex({
    exams: { ids: header.examIds, columns, cargo, questionCount, demonstration, options },
    columnValues: header.columnValues.map((values) => Interner.of(values)),
    cargos: header.cargos,
    optionLists: header.optionLists,
    codes,
    subjectNames,
    pairIds,
    pairDiscipline,
    pairSubject,
    disciplines: { start: runs[0]!, ids: runs[1]!, counts: runs[2]! },
    subjects: { start: runs[3]!, ids: runs[4]!, counts: runs[5]! },
    disciplineNames: new Map(header.disciplineNames),
  });
}
