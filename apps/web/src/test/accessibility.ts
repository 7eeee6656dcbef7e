import axe from 'axe-core';

/**
 * axe's violations on the page as rendered in jsdom, each as "rule: elements". jsdom draws nothing,
 * so colour contrast is left to the browser suite (e2e/support/accessibility.ts).
 */
export async function axeViolations(context: Element = document.body): Promise<string[]> {
  const results = await axe.run(context, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
