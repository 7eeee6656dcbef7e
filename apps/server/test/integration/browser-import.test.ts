import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, contentCheckSchema } from '@gabarita/shared';
import { exams } from '@/db/schema';
import { makeUploadFolder } from '@/modules/content-import/upload-folders';
import { APP_ORIGIN, get, signedInStudent } from '../helpers/accounts';
import { FORMAT_2_EXAMPLE, MINI_CATALOG } from '../helpers/content';
import { parsed } from '../helpers/contract';
import { eventually } from '../helpers/eventually';
import { refuseAuditEntries } from '../helpers/refused-writes';
import { eventsOf } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { folderEntries, multipartFile, zipOf } from '../helpers/zip';

describe('import from the browser', () => {
  let testApp: TestApp;
  let editor: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    editor = (await signedInStudent(testApp.app, testApp.database, { role: 'editor' })).cookie;
  });
  afterAll(() => testApp.close());

  const upload = (filename: string, zip: Buffer, query = '') => {
    const body = multipartFile(filename, zip);
    return testApp.app.inject({
      method: 'POST',
      url: `/api/admin/imports${query}`,
      headers: { ...body.headers, cookie: editor, origin: APP_ORIGIN },
      payload: body.payload,
    });
  };
  const examCount = async () => (await testApp.database.db.select().from(exams)).length;

  it('checks a catalogue, then imports it with its progress, wrapped in a folder or not', async () => {
    const zip = zipOf(folderEntries(FORMAT_2_EXAMPLE, 'formato-2/'));
    const checked = await upload('formato-2.zip', zip, '?verificar=1');
    expect(checked.statusCode, checked.body).toBe(200);
    expect(parsed(checked, contentCheckSchema)).toEqual({
      ok: true,
      lines: [
        expect.stringMatching(
          /^Verificação concluída, nenhum problema: 1 prova, \d+ questões, \d+ imagens\. Nada foi gravado\.$/,
        ),
      ],
      problems: [],
    });
    expect(await examCount()).toBe(0);

    const run = await upload('formato-2.zip', zip);
    expect(run.statusCode).toBe(200);
    expect(run.headers['content-type']).toContain('text/event-stream');
    const events = eventsOf(run.body);
    const progress = events
      .filter((event) => event.event === 'progress')
      .map((e) => (e.data as { line: string }).line);
    expect(progress[0]).toBe('Lendo formato-2.zip...');
    expect(progress).toContainEqual(
      expect.stringMatching(/^ {2}1\/1 prova gravada · [\d.]+ questões\/min$/),
    );
    expect(events.at(-1)).toEqual({
      event: 'output',
      data: {
        output: [
          expect.stringMatching(/^Importação concluída: 1 prova, .* de formato-2\.zip\.$/),
          // The example's one raster is an illustration (a beaker).
          'Classificação das imagens (PNG, JPEG, WebP, GIF): 0 imagens de texto (digitalizações, tabelas, gráficos), com largura mínima legível no celular; 1 foto ou ilustração (logotipos incluídos), que cabe na coluna.',
        ],
      },
    });
    expect(await examCount()).toBe(1);

    const audit = parsed(
      await get(testApp.app, '/api/admin/audit?acao=content.import', editor),
      auditPageSchema,
    );
    expect(audit.entries[0]!.summary).toMatch(
      /^Importação pelo navegador de formato-2\.zip: 1 prova, /,
    );
  });

  it('reports the problems of a catalogue by file, as the command does, and imports nothing', async () => {
    const entries = folderEntries(MINI_CATALOG).map((entry) =>
      entry.name === 'provas/alfa_2017_prova.json'
        ? {
            ...entry,
            content: Buffer.from(
              entry.content.toString().replace('"gabarito": "A"', '"gabarito": "F"'),
            ),
          }
        : entry,
    );
    const checked = parsed(
      await upload('mini.zip', zipOf(entries), '?verificar=1'),
      contentCheckSchema,
    );
    expect(checked.ok).toBe(false);
    expect(checked.lines[0]).toMatch(/^Nada foi importado: 1 problema em 1 arquivo de mini\.zip/);
    expect(checked.problems).toEqual([
      expect.objectContaining({
        file: 'provas/alfa_2017_prova.json',
        path: '$.questoes.1.gabarito',
      }),
    ]);
    const before = await examCount();
    const run = eventsOf((await upload('mini.zip', zipOf(entries))).body);
    expect(run.at(-1)).toMatchObject({ event: 'error', data: { code: 'content/invalid' } });
    expect(await examCount()).toBe(before);
  });

  it('writes the import and its audit entry in one transaction: neither without the other', async () => {
    const allowAudit = await refuseAuditEntries(testApp.database.db, 'content.import');
    const before = await examCount();
    try {
      const run = eventsOf((await upload('mini.zip', zipOf(folderEntries(MINI_CATALOG)))).body);
      expect(run.at(-1)).toMatchObject({ event: 'error', data: { code: 'server/internal' } });
    } finally {
      await allowAudit();
    }
    expect(await examCount()).toBe(before);
  });

  it('refuses a zip bomb, a path out of the folder, a wrong layout and a file that is not a zip', async () => {
    const refusal = async (filename: string, zip: Buffer) => {
      const response = await upload(filename, zip, '?verificar=1');
      return { status: response.statusCode, ...response.json().error };
    };
    const bomb = zipOf([
      { name: 'disciplinas.json', content: Buffer.from('{}') },
      { name: 'imagens/grande.png', content: Buffer.alloc(15 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await refusal('bomba.zip', bomb)).toMatchObject({
      status: 400,
      code: 'content/zip-bomb',
      message:
        '"imagens/grande.png" se expande de forma suspeita ao descompactar (taxa de compressão anormal). Nada foi importado.',
    });
    const traversal = zipOf([
      { name: 'disciplinas.json', content: Buffer.from('{}') },
      { name: '../../fora.json', content: Buffer.from('{}') },
    ]);
    expect(await refusal('fuga.zip', traversal)).toMatchObject({
      status: 400,
      code: 'content/unsafe-path',
      message:
        'O .zip tem um caminho que sai da pasta do catálogo ou não é seguro: "../../fora.json". Nada foi importado.',
    });
    const layout = zipOf([{ name: 'a/b/provas/x_prova.json', content: Buffer.from('{}') }]);
    expect(await refusal('errado.zip', layout)).toMatchObject({
      status: 400,
      code: 'content/wrong-layout',
    });
    expect(await refusal('catalogo.json', Buffer.from('{}'))).toMatchObject({
      status: 415,
      code: 'content/not-zip',
    });
    expect(await refusal('quebrado.zip', Buffer.from('isto não é um zip'))).toMatchObject({
      status: 400,
      code: 'content/damaged-zip',
    });
  });

  it('refuses paths that clash and a bomb spread over many files, each with its message', async () => {
    const refusal = async (zip: Buffer) => {
      const response = await upload('catalogo.zip', zip, '?verificar=1');
      return { status: response.statusCode, ...response.json().error };
    };
    const file = (name: string, content = '{}') => ({ name, content: Buffer.from(content) });
    const clash = (name: string) => ({
      status: 400,
      code: 'content/conflicting-paths',
      message: `O .zip tem "${name}" duas vezes, ou como arquivo e como pasta ao mesmo tempo: gere o arquivo de novo e envie outra vez. Nada foi importado.`,
    });
    expect(await refusal(zipOf([file('disciplinas.json'), file('a'), file('a/b')]))).toEqual(
      clash('a'),
    );
    expect(
      await refusal(zipOf([file('a/b/c.json'), file('a/b'), file('disciplinas.json')])),
    ).toEqual(clash('a/b'));
    expect(
      await refusal(zipOf([file('disciplinas.json'), file('x.json'), file('x.json')])),
    ).toEqual(clash('x.json'));
    // An archiver on Unix stores a symbolic link as an entry whose content is where it points.
    const link = { name: 'provas', content: Buffer.from('/etc'), mode: 0o120777 };
    expect(await refusal(zipOf([file('disciplinas.json'), link, file('provas/x.json')]))).toEqual({
      status: 400,
      code: 'content/unsafe-path',
      message:
        'O .zip tem um caminho que sai da pasta do catálogo ou não é seguro: "provas". Nada foi importado.',
    });

    // Each file exactly at the size where a file's own ratio starts to count: together, a bomb.
    const megabyte = Buffer.alloc(1024 * 1024);
    const spread = zipOf([
      file('disciplinas.json'),
      ...Array.from({ length: 12 }, (_, index) => ({
        name: `imagens/zero-${index}.png`,
        content: megabyte,
      })),
    ]);
    expect(spread.length).toBeLessThan(64 * 1024);
    expect(await refusal(spread)).toEqual({
      status: 400,
      code: 'content/zip-bomb',
      message:
        'O conteúdo do .zip se expande de forma suspeita ao descompactar (taxa de compressão anormal). Nada foi importado.',
    });
  });

  it('removes the upload folders of servers that stopped mid-import, at start and after each upload', async () => {
    // A process that has ended, as a server killed in the middle of an import has.
    const child = spawnSync(process.execPath, ['-e', '']);
    const ended = { pid: child.pid!, processStart: '1', hostname: os.hostname() };
    const leftOver = async () => {
      const folder = await makeUploadFolder(ended);
      fs.writeFileSync(path.join(folder, 'catalogo.zip'), 'x');
      return folder;
    };
    const abandoned = await leftOver();
    // An upload this (running) process is receiving, and a folder of an older version, recent.
    const live = await makeUploadFolder();
    const unowned = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-envio-'));
    try {
      const zip = zipOf(folderEntries(MINI_CATALOG));
      expect((await upload('mini.zip', zip, '?verificar=1')).statusCode).toBe(200);
      expect(fs.existsSync(abandoned)).toBe(false);
      expect(fs.existsSync(live)).toBe(true);
      expect(fs.existsSync(unowned)).toBe(true);

      const atStart = await leftOver();
      const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      fs.utimesSync(unowned, old, old);
      const restarted = await createTestApp({ database: testApp.database });
      try {
        const present = async () => fs.existsSync(atStart) || fs.existsSync(unowned);
        expect(await eventually(present, (still) => !still)).toBe(false);
        expect(fs.existsSync(live)).toBe(true);
      } finally {
        await restarted.close();
      }
    } finally {
      for (const folder of [live, unowned]) fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is only for the editorial team', async () => {
    const student = await signedInStudent(testApp.app, testApp.database, { premium: true });
    const body = multipartFile('x.zip', zipOf([]));
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/imports?verificar=1',
      headers: { ...body.headers, cookie: student.cookie, origin: APP_ORIGIN },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(403);
  });
});
