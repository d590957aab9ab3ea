const MB = 1024 * 1024;

/** Every number of spec section 9 (and the timings of section 4), named by what it limits. */
export const LIMITS = {
  /** Swipes before the sign-in/guest modal (onboarding) or the completion dialog (explore). */
  swipesBeforePrompt: 5,
  /** Releasing a drag beyond this many px left/right counts as dislike/like; less cancels it. */
  swipeDistanceThresholdPx: 100,
  /** Dragging more than this many px horizontally shows the Pass/Like overlay. */
  swipeOverlayThresholdPx: 20,
  swipeSlideAnimationMs: 300,
  /** Delay before the like/pass buttons advance to the next outfit. */
  swipeButtonAdvanceDelayMs: 500,
  /** How long the explore swipe hint shows when the onboarded flag is unset. */
  onboardingHintMs: 3000,
  toastDurationMs: 1500,
  /** The longer toasts: 'Sign in required', 'Profile link copied!'. */
  toastLongDurationMs: 2000,
  /** Swipe events kept locally (the newest ones). */
  localSwipeHistoryMax: 100,
  /** Swipe events loaded from the server to compute preferences. */
  serverPreferenceLoadLimit: 500,
  captionTruncateChars: 50,
  captionMaxChars: 2200,
  mediaPerPostMin: 1,
  mediaPerPostMax: 5,
  mediaMaxBytes: 200 * MB,
  /** Files larger than this are uploaded in chunks. */
  chunkedUploadThresholdBytes: 50 * MB,
  uploadChunkBytes: 1 * MB,
  styleCategoriesPerPostMax: 3,
  bioPreviewChars: 20,
  otherProfilePostsPreview: 3,
  scrapedImagesShownMax: 4,
  filterPreviewSizes: 8,
  filterPreviewOther: 6,
  exploreBrands: 6,
  exploreCreators: 6,
  exploreProducts: 4,
  exploreAlbums: 4,
  wishlistPosts: 6,
  wishlistProducts: 5,
  wishlistAlbums: 3,
  albumPagePostsMax: 8,
  priceStep: 0.01,
  /** Session refresh retries start at this delay and double each time. */
  refreshRetryBackoffStartMs: 200,
  /** A session read from the URL that was issued longer ago than this triggers a warning. */
  urlSessionWarningAgeSeconds: 120,
} as const;
