/**
 * GraphQL arguments under their REST parameter names (`expertName` → `expert_name`), absent
 * when null: the domain's input schemas then parse both doors alike and name the same
 * parameters in their errors.
 */
export function underRestNames(args: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([name, value]) => [name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), value]),
  );
}
