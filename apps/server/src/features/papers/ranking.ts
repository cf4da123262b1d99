// Ranks (papers.md 'Ranks'): standard competition ranking, 1, 2, 2, 4, so a rank says exactly
// how many did better (rank − 1). Equal marks share a rank; nothing else breaks a tie. The caller
// passes everyone who sat and counts (handed in, account not deleted), with the district and
// batch copied at their start.

export interface RankEntry {
  id: string;
  marks: number;
  district: string;
  batch: string;
}

export interface RankedEntry {
  id: string;
  islandRank: number;
  districtRank: number;
  batchRank: number;
}

export interface RankTable {
  /** One per entry, in the order given. */
  ranked: RankedEntry[];
  sat: number;
  satInDistrict: Map<string, number>;
  satInBatch: Map<string, number>;
}

/** Each id's rank: one more than the number of entries with strictly higher marks. */
export function competitionRanks(entries: readonly { id: string; marks: number }[]): Map<string, number> {
  const ordered = [...entries].sort((a, b) => b.marks - a.marks);
  const ranks = new Map<string, number>();
  let rank = 0;
  ordered.forEach((entry, index) => {
    if (index === 0 || entry.marks !== ordered[index - 1]?.marks) rank = index + 1;
    ranks.set(entry.id, rank);
  });
  return ranks;
}

function groupsOf(entries: readonly RankEntry[], groupOf: (entry: RankEntry) => string): Map<string, RankEntry[]> {
  const groups = new Map<string, RankEntry[]>();
  for (const entry of entries) {
    const key = groupOf(entry);
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return groups;
}

function ranksWithin(groups: Map<string, RankEntry[]>): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const group of groups.values()) {
    for (const [id, rank] of competitionRanks(group)) ranks.set(id, rank);
  }
  return ranks;
}

function sizes(groups: Map<string, RankEntry[]>): Map<string, number> {
  return new Map([...groups].map(([key, group]) => [key, group.length]));
}

export function rankEntries(entries: readonly RankEntry[]): RankTable {
  const island = competitionRanks(entries);
  const districts = groupsOf(entries, (entry) => entry.district);
  const batches = groupsOf(entries, (entry) => entry.batch);
  const inDistrict = ranksWithin(districts);
  const inBatch = ranksWithin(batches);
  return {
    ranked: entries.map((entry) => ({
      id: entry.id,
      islandRank: island.get(entry.id) ?? 0,
      districtRank: inDistrict.get(entry.id) ?? 0,
      batchRank: inBatch.get(entry.id) ?? 0,
    })),
    sat: entries.length,
    satInDistrict: sizes(districts),
    satInBatch: sizes(batches),
  };
}
