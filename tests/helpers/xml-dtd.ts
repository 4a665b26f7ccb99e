/**
 * DTD validation for the tests, by the JDK's validating parser (tests/tools/DtdValidate.java):
 * an outside judge that shares no code with the XML it judges. The documents go to a temporary
 * folder and are checked in one JVM run. Java 17 or newer is required; without it the tests
 * that validate fail and say so, rather than pass unchecked.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ADF_DTD = path.resolve('tests/fixtures/adf/adf-1.0.dtd');
const VALIDATOR = path.resolve('tests/tools/DtdValidate.java');
const MIN_JAVA = 17;

export interface DtdProblem {
  severity: 'warning' | 'error' | 'fatal';
  line: number;
  column: number;
  message: string;
}

export interface DtdResult {
  /** The document's name as the caller gave it (or its index). */
  name: string;
  valid: boolean;
  problems: DtdProblem[];
}

export interface DtdDocument {
  name: string;
  xml: string;
}

/**
 * The document with a DOCTYPE naming the DTD and `root`, unless it has one. ADF documents carry
 * none, so the DOCTYPE goes on the root element's line: line numbers stay those of the document.
 */
export function withDoctype(xml: string, dtd: string, root: string): string {
  if (/<!DOCTYPE\s/.test(xml)) return xml;
  const at = xml.search(new RegExp(`<${root}[\\s>/]`));
  if (at < 0) return xml;
  return `${xml.slice(0, at)}<!DOCTYPE ${root} SYSTEM "${path.basename(dtd)}">${xml.slice(at)}`;
}

function javaMissing(): Error {
  return new Error(
    `Java ${MIN_JAVA} or newer is needed to validate XML against its DTD (tests/tools/DtdValidate.java), ` +
      'and no `java` was found on PATH (or where named). Install a JDK (Debian: apt-get install openjdk-17-jdk-headless) and run the tests again.',
  );
}

function run(java: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(java, args, { maxBuffer: 64 * 1024 * 1024, timeout: 120_000 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') return reject(javaMissing());
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Validates every document against `dtd` (the ADF DTD unless named), one result per document.
 * `java` is the command to run (`java` on PATH unless named).
 */
export async function validateWithDtd(
  documents: (DtdDocument | string)[],
  options: { dtd?: string; root?: string; java?: string } = {},
): Promise<DtdResult[]> {
  const dtd = options.dtd ?? ADF_DTD;
  const root = options.root ?? 'adf';
  if (!documents.length) return [];
  const dir = await mkdtemp(path.join(tmpdir(), 'dtd-'));
  try {
    const docs = documents.map((d, i) => (typeof d === 'string' ? { name: String(i), xml: d } : d));
    const files = docs.map((_, i) => path.join(dir, `doc-${i}.xml`));
    await Promise.all(docs.map((d, i) => writeFile(files[i]!, withDoctype(d.xml, dtd, root), 'utf8')));
    const { code, stdout, stderr } = await run(options.java ?? 'java', [VALIDATOR, dtd, ...files]);
    const lines = stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t'));
    const version = lines.find((l) => l[0] === 'java')?.[1];
    if (version === undefined || (code !== 0 && code !== 1)) {
      throw new Error(`The DTD validator did not run (exit ${code}):\n${stderr || stdout}`);
    }
    if (Number(version.split('.')[0] === '1' ? version.split('.')[1] : version.split('.')[0]) < MIN_JAVA) {
      throw new Error(`Java ${MIN_JAVA} or newer is needed to validate XML against its DTD; this is Java ${version}.`);
    }
    const problems = new Map<string, DtdProblem[]>(files.map((f) => [f, []]));
    const checked = new Set<string>();
    for (const [kind, file, ...rest] of lines) {
      if (kind === 'checked') checked.add(file!);
      if (kind !== 'problem') continue;
      const [severity, line, column, message] = rest;
      problems.get(file!)?.push({
        severity: severity as DtdProblem['severity'],
        line: Number(line),
        column: Number(column),
        message: message ?? '',
      });
    }
    const unchecked = files.filter((f) => !checked.has(f));
    if (unchecked.length)
      throw new Error(`The DTD validator did not check ${unchecked.length} document(s):\n${stderr}`);
    return docs.map((d, i) => {
      const found = problems.get(files[i]!)!;
      return { name: d.name, valid: found.length === 0, problems: found };
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One line per problem, for assertion messages: "name line:column message". */
export function describeProblems(results: DtdResult[]): string {
  return results
    .flatMap((r) => r.problems.map((p) => `${r.name} ${p.line}:${p.column} ${p.severity}: ${p.message}`))
    .join('\n');
}
