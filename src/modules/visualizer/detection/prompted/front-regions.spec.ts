import { boxRegion as box, MASK_PICTURE } from '#test/support/mask-regions.js';
import { withoutFrames } from './framed-regions.js';
import { distinct, frontRegions, notFrontLikeBecause } from './front-regions.js';
import { PROMPTED_PARAMETERS } from './prompted-parameters.js';

const size = MASK_PICTURE;

describe('frontRegions', () => {
  it('should keep door-like regions and leave out the wall, a strip, an unsure one and a backsplash', () => {
    const door = box(20, 20, 50, 80);
    const wall = box(0, 0, 200, 15);
    const strip = box(60, 20, 64, 80);
    const unsure = box(70, 20, 100, 80, 0.5);
    const backsplash = box(10, 82, 190, 95);
    expect(
      frontRegions([door, wall, strip, unsure, backsplash], size, PROMPTED_PARAMETERS),
    ).toEqual([door]);
  });
});

describe('notFrontLikeBecause', () => {
  it('should name the first test a region fails, and nothing for a door', () => {
    expect(notFrontLikeBecause(box(20, 20, 50, 80), size, PROMPTED_PARAMETERS)).toBeNull();
    expect(notFrontLikeBecause(box(20, 20, 50, 80, 0.5), size, PROMPTED_PARAMETERS)).toBe('unsure');
    expect(notFrontLikeBecause(box(0, 0, 200, 15), size, PROMPTED_PARAMETERS)).toBe('too wide');
    expect(notFrontLikeBecause(box(60, 20, 64, 80), size, PROMPTED_PARAMETERS)).toBe('a strip');
    expect(notFrontLikeBecause(box(20, 0, 50, 60), size, PROMPTED_PARAMETERS)).toBe('runs out');
  });
});

describe('distinct', () => {
  it('should keep the larger of two regions one inside the other, and both of two apart', () => {
    const door = box(20, 20, 50, 80);
    const panel = box(25, 25, 45, 75);
    const other = box(60, 20, 90, 80);
    expect(distinct([panel, door, other], PROMPTED_PARAMETERS)).toEqual([door, other]);
  });
});

describe('withoutFrames', () => {
  it('should leave out a region round another colour, and keep one round its own', () => {
    const oven = { region: box(20, 20, 50, 80), lab: [80, 128, 128] as const };
    const glass = { region: box(25, 35, 45, 70), lab: [30, 128, 128] as const };
    const door = { region: box(60, 20, 90, 80), lab: [200, 128, 128] as const };
    const panel = { region: box(65, 25, 85, 75), lab: [205, 128, 128] as const };
    const all = [oven, glass, door, panel];
    expect(withoutFrames([oven, door], all, PROMPTED_PARAMETERS)).toEqual([door]);
  });
});
