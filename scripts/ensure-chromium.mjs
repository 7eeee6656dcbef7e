// The browser tests use Debian's Chromium; nothing downloads a browser of its own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(CHROMIUM_PATH)) {
  if (
    process.platform === 'linux' &&
    process.getuid?.() === 0 &&
    fs.existsSync('/usr/bin/apt-get')
  ) {
    console.log('Chromium não encontrado: instalando o pacote "chromium" com apt-get...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `Os testes de navegador precisam do Chromium em ${CHROMIUM_PATH}.\n` +
        'Instale-o como root:  apt-get install -y chromium\n' +
        '(ou aponte CHROMIUM_PATH para um Chromium já instalado).',
    );
    process.exit(1);
  }
}
