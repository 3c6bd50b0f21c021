/** "1 friend", "4 friends", "1,204 friends of friends". */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/** "+40 points", "+1 point", "0 points". */
export function pointsLabel(points: number): string {
  const sign = points > 0 ? '+' : '';
  return `${sign}${points.toLocaleString('en-US')} ${points === 1 ? 'point' : 'points'}`;
}
