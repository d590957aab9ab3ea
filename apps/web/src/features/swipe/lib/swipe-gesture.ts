import { LIMITS, type SwipeAction } from '@sys/shared';

/** What a horizontal drag of `dx` px shows: the Pass/Like overlay beyond 20 px, nothing before. */
export function overlayFor(dx: number): SwipeAction | null {
  if (dx > LIMITS.swipeOverlayThresholdPx) return 'like';
  if (dx < -LIMITS.swipeOverlayThresholdPx) return 'dislike';
  return null;
}

/** What releasing a drag of `dx` px does: beyond 100 px right a like, left a dislike, else snap back. */
export function releaseActionFor(dx: number): SwipeAction | null {
  if (dx > LIMITS.swipeDistanceThresholdPx) return 'like';
  if (dx < -LIMITS.swipeDistanceThresholdPx) return 'dislike';
  return null;
}

/** Arrow keys do what the buttons do: Left passes, Right likes (in both reading directions, like the drag). */
export function actionForKey(key: string): SwipeAction | null {
  if (key === 'ArrowRight') return 'like';
  if (key === 'ArrowLeft') return 'dislike';
  return null;
}
