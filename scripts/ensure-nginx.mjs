// The deployment test runs nginx from Debian's package, like the browser tests run its Chromium.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

if (!fs.existsSync(NGINX_PATH)) {
  if (
    process.platform === 'linux' &&
    process.getuid?.() === 0 &&
    fs.existsSync('/usr/bin/apt-get')
  ) {
    console.log('nginx não encontrado: instalando o pacote "nginx" com apt-get...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `O teste de implantação precisa do nginx em ${NGINX_PATH}.\n` +
        'Instale-o como root:  apt-get install -y nginx\n' +
        '(ou aponte NGINX_PATH para um nginx já instalado).',
    );
    process.exit(1);
  }
}
