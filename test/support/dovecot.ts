import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort } from '#src/platform/database/loopback-port.js';

const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';
/** As root, mail is stored as this unprivileged user: Dovecot refuses uid 0 for mailboxes. */
const MAIL_USER = { name: 'nobody', uid: 65534, gid: 65534 };

export interface Dovecot {
  port: number;
  user: string;
  password: string;
  /** IMAP_URL for the app. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A real Dovecot IMAP server on loopback, with its own configuration, mailbox and port in a
 * temporary folder. Fails with the install command when Dovecot is missing.
 */
export async function startDovecot(): Promise<Dovecot> {
  if (!existsSync(DOVECOT)) {
    throw new Error(
      `Dovecot is not installed at ${DOVECOT}: the IMAP tests need a real server (apt-get install -y dovecot-imapd)`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'kk-dovecot-'));
  chmodSync(dir, 0o755);
  const home = join(dir, 'home');
  mkdirSync(home);
  const root = userInfo().uid === 0;
  if (root) chownSync(home, MAIL_USER.uid, MAIL_USER.gid);
  const port = await freeLoopbackPort();
  const user = 'sales';
  const password = 'imap-test-password';
  writeFileSync(join(dir, 'users'), `${user}:{PLAIN}${password}\n`);
  const mailOwner = root
    ? `uid=${MAIL_USER.uid} gid=${MAIL_USER.gid}`
    : `uid=${userInfo().uid} gid=${userInfo().gid}`;
  writeFileSync(
    join(dir, 'dovecot.conf'),
    `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${home}/%u/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = ${mailOwner} home=${home}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`,
  );
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  await waitForPort(port, child);
  return {
    port,
    user,
    password,
    url: `imap://${user}:${password}@127.0.0.1:${port}/INBOX`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), done(true)));
      socket.once('error', () => done(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`dovecot did not listen on ${port} within 10 s`);
    await new Promise((done) => setTimeout(done, 50));
  }
}
