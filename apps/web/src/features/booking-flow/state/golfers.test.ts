import { describe, expect, it } from 'vitest';
import { addGolfer, defaultPlayerTypeId, type Golfer, removeGolfer, setGolferType } from './golfers';

const types = [
  { id: 1, name: 'Adult' },
  { id: 3, name: 'Under 16' },
];

describe('golfers', () => {
  it('adds golfers with the default type up to four, and only once types are loaded', () => {
    let golfers: Golfer[] = [];
    expect(addGolfer(golfers, [])).toEqual([]);
    for (let i = 0; i < 6; i += 1) golfers = addGolfer(golfers, types);
    expect(golfers).toEqual([
      { id: 1, playerTypeId: 1 },
      { id: 2, playerTypeId: 1 },
      { id: 3, playerTypeId: 1 },
      { id: 4, playerTypeId: 1 },
    ]);
  });

  it('falls back to the first loaded type when the adult type is missing', () => {
    expect(defaultPlayerTypeId([{ id: 3, name: 'Under 16' }])).toBe(3);
    expect(defaultPlayerTypeId([])).toBeNull();
  });

  it('removes by position, renumbers, and keeps at least one golfer', () => {
    const golfers: Golfer[] = [
      { id: 1, playerTypeId: 1 },
      { id: 2, playerTypeId: 3 },
      { id: 3, playerTypeId: 1 },
    ];
    expect(removeGolfer(golfers, 1)).toEqual([
      { id: 1, playerTypeId: 3 },
      { id: 2, playerTypeId: 1 },
    ]);
    expect(removeGolfer([{ id: 1, playerTypeId: 1 }], 1)).toEqual([{ id: 1, playerTypeId: 1 }]);
  });

  it('changes one golfer type', () => {
    expect(
      setGolferType(
        [
          { id: 1, playerTypeId: 1 },
          { id: 2, playerTypeId: 1 },
        ],
        2,
        3,
      ),
    ).toEqual([
      { id: 1, playerTypeId: 1 },
      { id: 2, playerTypeId: 3 },
    ]);
  });
});
