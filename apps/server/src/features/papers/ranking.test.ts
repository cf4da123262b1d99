// Ranks (ranking.ts): standard competition ranking on the island, in a district and in a batch.
import { describe, expect, it } from 'vitest';
import { competitionRanks, rankEntries, type RankEntry } from './ranking';

const entry = (id: string, marks: number, district = 'Kandy', batch = '2026'): RankEntry => ({ id, marks, district, batch });

describe('competition ranks', () => {
  it('1, 2, 2, 4: equal marks share a rank and the next rank skips', () => {
    const ranks = competitionRanks([entry('c', 40), entry('a', 50), entry('d', 30), entry('b', 40)]);
    expect(Object.fromEntries(ranks)).toEqual({ a: 1, b: 2, c: 2, d: 4 });
  });

  it('ends at the number who sat unless the last places are shared', () => {
    expect(Object.fromEntries(competitionRanks([entry('a', 5), entry('b', 3), entry('c', 3)]))).toEqual({ a: 1, b: 2, c: 2 });
    expect(Object.fromEntries(competitionRanks([entry('a', 0), entry('b', 0), entry('c', 0)]))).toEqual({ a: 1, b: 1, c: 1 });
  });
});

describe('island, district and batch ranks', () => {
  const entries = [
    entry('amal', 48, 'Colombo', '2026'),
    entry('bimal', 45, 'Kandy', '2026'),
    entry('chamari', 45, 'Colombo', '2027'),
    entry('dilki', 40, 'Kandy', '2026'),
    entry('eshan', 40, 'Colombo', '2026'),
    entry('fathima', 12, 'Galle', '2027'),
  ];

  it('ranks everyone on the island, each in the order given', () => {
    const { ranked, sat } = rankEntries(entries);
    expect(sat).toBe(6);
    expect(ranked.map((r) => [r.id, r.islandRank])).toEqual([
      ['amal', 1],
      ['bimal', 2],
      ['chamari', 2],
      ['dilki', 4],
      ['eshan', 4],
      ['fathima', 6],
    ]);
  });

  it('counts only their own group for district and batch ranks', () => {
    const { ranked } = rankEntries(entries);
    expect(Object.fromEntries(ranked.map((r) => [r.id, [r.districtRank, r.batchRank]]))).toEqual({
      amal: [1, 1],
      bimal: [1, 2],
      chamari: [2, 1],
      dilki: [2, 3],
      eshan: [3, 3],
      fathima: [1, 2],
    });
  });

  it('counts who sat in each district and batch', () => {
    const { satInDistrict, satInBatch } = rankEntries(entries);
    expect(Object.fromEntries(satInDistrict)).toEqual({ Colombo: 3, Kandy: 2, Galle: 1 });
    expect(Object.fromEntries(satInBatch)).toEqual({ '2026': 4, '2027': 2 });
  });

  it('ranks no one when no one sat', () => {
    expect(rankEntries([])).toEqual({ ranked: [], sat: 0, satInDistrict: new Map(), satInBatch: new Map() });
  });
});
