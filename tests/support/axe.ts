import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 AA and everything under it, as axe-core tags its rules. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeNode {
  rule: string;
  impact: AxeImpact;
  help: string;
  target: string;
  /** axe's own account of the failure: for colour contrast, the ratio, the colours and the font. */
  summary: string;
}

/**
 * The nodes of `page` that break a WCAG 2.2 AA rule, by axe-core run in the page as it is.
 * axe is evaluated through the DevTools protocol, so the portal's Content-Security-Policy
 * (no inline scripts) does not stop it.
 */
export const axeViolations = async (page: Page): Promise<AxeNode[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    type Result = {
      id: string;
      impact: string;
      help: string;
      nodes: { target: unknown[]; failureSummary?: string; impact?: string }[];
    };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Result[] }> } }).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      // WCAG 2.5.3 Label in Name: axe ships the rule as experimental, off unless asked for
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return violations.flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: (node.impact ?? violation.impact) as AxeImpact,
        help: violation.help,
        target: node.target.map(String).join(' '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    );
  }, WCAG_AA_TAGS);
};

/** One line per node, for a failure message: the rule, where, and why (contrast figures included). */
export const describeNodes = (nodes: readonly AxeNode[]) =>
  nodes.map((node) => `${node.impact} ${node.rule} at ${node.target}: ${node.summary}`).join('\n');
