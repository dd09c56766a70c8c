/**
 * Screening one person under several names (their own, previous names, a document's): one match per listed
 * entity, the best score, and the name that gave it (the earlier name on a tie, so the person's own name first).
 */
export function bestPerEntity<N, M extends { entityId: string; score: number }>(perName: ReadonlyArray<{ name: N; matches: readonly M[] }>): Array<M & { screenedName: N }> {
  const best = new Map<string, M & { screenedName: N }>();
  for (const { name, matches } of perName) {
    for (const m of matches) {
      const current = best.get(m.entityId);
      if (!current || m.score > current.score) best.set(m.entityId, { ...m, screenedName: name });
    }
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.entityId.localeCompare(b.entityId));
}
