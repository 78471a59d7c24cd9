import { annualPrice, annualPricePerMonth, findPlan, PLANS } from './plans';
import { TOPICS } from './topics';
import { VOICES } from './voices';
import { ART_STYLES } from './art-styles';
import { durationSeconds, orientationOf } from './formats';
import { STATUS_TABLE, statusProgress } from './generation-status';

describe('Catalogues', () => {
  it('should list the 12 topics, 12 voices and 12 art styles of the spec', () => {
    expect(TOPICS.map((t) => t.label)).toEqual(['Travel Destinations', 'What If?', 'Scary Stories', 'Bedtime Stories', 'Interesting History', 'Urban Legends', 'Motivational', 'Fun Facts', 'Life Pro Tips', 'Long Form Jokes', 'Philosophy', 'Custom Topic']);
    expect(VOICES.map((v) => v.name)).toEqual(['Brian', 'George', 'Liam', 'Matilda', 'Lily', 'Bill', 'Roger', 'Sarah', 'Laura', 'Will', 'River', 'Aria']);
    expect(Object.fromEntries(ART_STYLES.map((s) => [s.id, s.label]))).toEqual({ anime: 'Anime', lego: 'Lego', comic: 'Comic Book', disney: 'Disney Toon', ghibli: 'Studio Ghibli', sketch: 'Sketch', superreal: 'Hyper Real', watercolor: 'Watercolor', neon: 'Neon Toon', scaryred: 'Scary Red', gtav: 'GTA V', pixel: 'Pixel Art' });
  });
  it('should price plans as section 9 says', () => {
    expect(PLANS.map((p) => [p.name, p.price, p.annualDiscount, p.maxSeries])).toEqual([['Free', 0, 0, 1], ['Starter', 19, 20, 3], ['Daily', 39, 30, 10], ['Hardcore', 69, 20, null]]);
    expect(findPlan('DAILY').popular).toBe(true);
    // 19 x 12 = 228, less 20% = 182.4 -> 182; / 12 = 15.17 -> 15
    expect([annualPrice(findPlan('STARTER')), annualPricePerMonth(findPlan('STARTER'))]).toEqual([182, 15]);
    expect([annualPrice(findPlan('DAILY')), annualPricePerMonth(findPlan('DAILY'))]).toEqual([327, 27]);
    expect([annualPrice(findPlan('HARDCORE')), annualPricePerMonth(findPlan('HARDCORE'))]).toEqual([662, 55]);
  });
  it('should map statuses to the percent and message table', () => {
    expect(Object.entries(STATUS_TABLE).map(([s, v]) => [s, v.percent])).toEqual([['start', 10], ['script', 25], ['audio', 45], ['images', 75], ['video', 95], ['uploading', 99], ['done', 100]]);
    expect(statusProgress('done').message).toBe('Doneeee!');
    expect(statusProgress('nonsense')).toEqual({ percent: 0, message: '' });
  });
  it('should send the upper number of a duration range and name orientations', () => {
    expect(durationSeconds('45-60')).toBe(60);
    expect(orientationOf('9:16')).toBe('Vertical');
    expect(orientationOf('1:1')).toBe('Horizontal');
  });
});
