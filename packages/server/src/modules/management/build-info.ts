import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface BuildInfo {
  appVersion: string;
  backendVersion: string;
  codeVersion: string;
  signalSource: string;
}

const versionOf = (relative: string) =>
  (JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as { version: string }).version;

/** Read once at start: package versions and the commit the code was built from. */
export function readBuildInfo(signalSource: string): BuildInfo {
  let codeVersion = process.env.GIT_COMMIT ?? 'unknown';
  if (!process.env.GIT_COMMIT) {
    try {
      codeVersion = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      // Not a git checkout (a packaged build): the version stays 'unknown'.
    }
  }
  return {
    appVersion: versionOf('../../../../../package.json'),
    backendVersion: versionOf('../../../package.json'),
    codeVersion,
    signalSource,
  };
}
