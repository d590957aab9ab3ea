import {
  type AlbumPage,
  type BrandPage,
  brandFilterKey,
  type CategoryPage,
  type CountedPostPage,
  type CreatorPage,
  DISCOVERY_LIMITS,
  DISCOVERY_MESSAGES,
  type Explore,
  type ExploreBrandList,
  type FilterSet,
  type FitsLikeMeQuery,
  type FitsPage,
  filterSetKeys,
  foldCase,
  LIMITS,
  NONE_VALUE,
  type PageQuery,
  type Post,
  type PostPage,
  postAuthorName,
  type ScorableOutfit,
  type SearchPage,
  type SearchPageQuery,
  type SearchQuery,
  STYLE_NAMES_HE,
  STYLES,
  type Style,
  type Suggestions,
  type TagPage,
  type TrendingPage,
  tagKey,
} from '@sys/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor, positionKey } from '../../lib/keyset-cursor.ts';
import { pageOf, rowsForPage } from '../../lib/paging.ts';
import {
  decodeCountedCursor,
  decodeScoredCursor,
  encodeCountedCursor,
  encodeScoredCursor,
} from '../../lib/ranked-cursor.ts';
import { type JsonBytes, jsonBytes } from '../../lib/send-json.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { PostsService } from '../posts/posts.service.ts';
import { anyOfQuery, isFuzzyWord, queryWords } from '../search-index/search-index.text.ts';
import { findPostsWithLexemes } from './explore.filter-index.repository.ts';
import type { FilterIndex } from './explore.filter-index.ts';
import { toCreator, toExploreBrand, toTrendingItem } from './explore.mapper.ts';
import {
  type CappedMatches,
  countFitsByTolerance,
  countTagPosts,
  findBrandMatches,
  findBrandPostIds,
  findBrandsByItemCount,
  findBrandWithItemCount,
  findCategoryMatches,
  findCategoryPostIds,
  findCreatorsPage,
  findFilteredMatches,
  findFilteredPostIds,
  findFitsPage,
  findOutfitCandidates,
  findOwnMeasurements,
  findProfilesNamed,
  findTagPostIds,
  findTrendingPage,
  type Measurements,
  type OutfitCandidateOptions,
  type PostIdRow,
  type PostKey,
} from './explore.repository.ts';
import {
  completionsOf,
  findRecentFrom,
  findWordAuthors,
  findWordFacts,
  inSearchTransaction,
  rankSearchCandidates,
  type SearchRanking,
  type SearchRow,
  type WordFacts,
  type WordMatch,
} from './explore.search.repository.ts';
import {
  anyOperands,
  exactOperands,
  matchOperands,
  operandsQuery,
  type SearchPlan,
  type SearchWordPlan,
} from './explore.search-rank.ts';
import {
  findSuggestedBrands,
  findSuggestedPeople,
  findSuggestedTags,
} from './explore.suggestions.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where explore's Fashion Albums come from (the albums module). */

export interface PublicAlbumsSource {
  listPublicAlbums(viewerId: string | null, query: SearchPageQuery): Promise<AlbumPage>;
}

/** Who the viewer follows (the follows module), for the creators' Follow buttons. */
export interface FollowedSource {
  followedAmong(viewerId: string | null, profileIds: readonly string[]): Promise<Set<string>>;
}

export interface ExploreServiceDeps {
  db: Db;
  posts: PostsService;
  albums: PublicAlbumsSource;
  follows: FollowedSource;
  /** Filtered, brand and category pages count at most this many matches (config discoveryCountCap; 1,000). */
  countCap?: number;
  /** Search ranks, lists and counts only the newest this-many matches (config searchCandidates; 2,000). */
  searchCandidates?: number;
  /**
   * Search looks first among the newest this-many public posts (config searchWindow; 100,000), and
   * further back only when they hold too few matches; 0 looks at all at once. The answer is the same.
   */
  searchWindow?: number;
  /**
   * Keeps what does not depend on the viewer and is asked again for every page: the matches of filters,
   * brands and categories (see matchedPage) and search's ranked candidates (DISCOVERY_CACHE_TTL_MS;
   * cleared by every post change). None: computed every time.
   */
  cache?: TtlCache;
  /**
   * Keeps search's facts of each query word (its corrections, completions and authors: findWordFacts), the
   * same for every query holding it (SEARCH_WORD_CACHE_MAX_ENTRIES words for DISCOVERY_CACHE_TTL_MS;
   * cleared by every post and author change). None: looked up for every search.
   */
  wordCache?: TtlCache;
  /**
   * The filtered feed's matches in memory (explore.filter-index.ts), as fresh as PostgreSQL's; null from
   * `current()` (or none): asked of PostgreSQL.
   */
  filterIndex?: Pick<FilterIndex, 'current'>;
}

const NO_CACHE = new TtlCache({ ttlMs: 0, maxEntries: 0 });

/** The rows after a search cursor in the ranking's order (score, then created_at, then id, all descending). */
function isAfter(row: SearchRow, cursor: { score: number; createdAt: Date; id: string }): boolean {
  if (row.score !== cursor.score) return row.score < cursor.score;
  const created = row.createdAt.getTime();
  const cursorCreated = cursor.createdAt.getTime();
  if (created !== cursorCreated) return created < cursorCreated;
  return row.postId < cursor.id;
}

/** Where the rows after a search cursor start in a ranking (its size when none is after it). */
function firstAfter(ranking: SearchRanking, cursor: { score: number; createdAt: Date; id: string }): number {
  // The ranking's order is the cursor's: the rows after it are its tail.
  let low = 0;
  let high = ranking.size;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isAfter(ranking.row(middle), cursor)) high = middle;
    else low = middle + 1;
  }
  return low;
}

const DEFAULT_COUNT_CAP = 1000;
const DEFAULT_SEARCH_CANDIDATES = 2000;
const DEFAULT_SEARCH_WINDOW = 100_000;
/**
 * How long the start of search's window is reused. Only speed depends on it: newer posts merely widen
 * the window a little until then, and deleted ones narrow it.
 */
const SEARCH_WINDOW_TTL_MS = 60_000;

/** A public post as the preferences ranking sees it. */
export interface RankableOutfit extends ScorableOutfit {
  postId: string;
  createdAt: Date;
}

/** The rows (newest first) that come after a keyset cursor: older, or as old with a smaller id. */
function olderRows(rows: readonly PostIdRow[], after: PostKey | undefined): readonly PostIdRow[] {
  if (!after) return rows;
  const time = after.createdAt.getTime();
  const start = rows.findIndex((row) => {
    const created = row.createdAt.getTime();
    return created < time || (created === time && row.postId < after.id);
  });
  return start < 0 ? [] : rows.slice(start);
}

/** A word of a search plan as PostgreSQL matches and ranks it (tsquery literals). */
function wordMatchOf(word: SearchWordPlan): WordMatch {
  return {
    exact: operandsQuery(exactOperands(word)),
    any: operandsQuery(anyOperands(word) ?? exactOperands(word)),
    match: operandsQuery(matchOperands(word)),
    authorIds: [...word.authorIds],
  };
}

const EMPTY_PAGE: CountedPostPage = { items: [], total: 0, total_capped: false, next_cursor: null };

/**
 * A discovery page of type T as its route sends it: its JSON bytes and ETag (PostsService.listedPage: a
 * kept page's bytes, with a signed-in viewer's values written in).
 */
export type ListedPage<T extends { items: readonly Post[] }> = JsonBytes & { readonly page?: T };
const COLOR_KEY = 'c:';
const NO_COLOR_KEY = `${COLOR_KEY}${foldCase(NONE_VALUE)}`;
const BRAND_KEY = 'b:';

/**
 * Explore and search: the hub's sections, its sub-pages, search, the filtered feed and 'Fits like me'.
 * Every list of posts is found here as ids and turned into posts by the posts service, so they look
 * exactly like the feed's.
 */
export class ExploreService {
  /** The time where search's window starts (see searchWindow), while fresh. */
  private recentFrom: { until: number; value: Promise<Date | null> } | null = null;

  constructor(private readonly deps: ExploreServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /** Filtered, brand and category pages count at most this many matches. */
  private get countCap(): number {
    return this.deps.countCap ?? DEFAULT_COUNT_CAP;
  }

  private get cache(): TtlCache {
    return this.deps.cache ?? NO_CACHE;
  }

  private get wordCache(): TtlCache {
    return this.deps.wordCache ?? NO_CACHE;
  }

  // --- search and filters ---------------------------------------------------------------------------------

  /**
   * Search by relevance; with filter keys (see filterSetKeys), only among the posts matching them. A word
   * that no known word starts with is searched with its corrections too, and the answer says what the
   * search used instead (`corrected_to`); `exact` searches the words as typed.
   */
  async search(
    viewerId: string | null,
    query: Pick<SearchQuery, 'q' | 'limit' | 'cursor'> & { exact?: boolean },
    filterKeys: readonly (readonly string[])[] = [],
  ): Promise<ListedPage<SearchPage>> {
    return this.searched(viewerId, query, filterKeys, (counted, correctedTo) => ({
      ...counted,
      corrected_to: correctedTo,
    }));
  }

  /** `search`'s page, made by `shape` of the counted page and the words used instead, if any. */
  private async searched<T extends PostPage>(
    viewerId: string | null,
    query: Pick<SearchQuery, 'q' | 'limit' | 'cursor'> & { exact?: boolean },
    filterKeys: readonly (readonly string[])[],
    shape: (counted: CountedPostPage, correctedTo: string | null) => T,
  ): Promise<ListedPage<T>> {
    const words = queryWords(query.q);
    if (words.length === 0) return jsonBytes(shape(EMPTY_PAGE, null));
    const exact = query.exact === true;
    const after = decodeScoredCursor(query.cursor);
    const candidates = this.deps.searchCandidates ?? DEFAULT_SEARCH_CANDIDATES;
    // The same query's ranking serves every page and every visitor for a while (see `cache`).
    const key = `search:${JSON.stringify([words, query.q, exact, filterKeys])}`;
    const { ranking, correctedTo } = await this.cache.get(key, () =>
      this.rankSearch(words, { exact, filterKeys, candidates, q: query.q }),
    );
    const start = after ? firstAfter(ranking, after) : 0;
    const end = Math.min(ranking.size, start + rowsForPage(query.limit));
    const rows = Array.from({ length: Math.max(0, end - start) }, (_, at) => ranking.row(start + at));
    const page = pageOf(rows, query.limit, (last) =>
      encodeScoredCursor({ score: last.score, createdAt: last.createdAt, id: last.postId }),
    );
    return this.listedPage(viewerId, page.items, (items) =>
      shape(
        {
          items,
          total: Math.min(ranking.found, candidates),
          total_capped: ranking.found > candidates,
          next_cursor: page.nextCursor,
        },
        correctedTo,
      ),
    );
  }

  /**
   * A search's ranking (see search) and the words it used instead of the typed ones, if any: the words'
   * corrections, completions and authors (wordFacts), then the matches and their ranks from the in-memory
   * index when it can answer (explore.filter-index.ts), else from PostgreSQL.
   */
  private async rankSearch(
    words: readonly string[],
    options: { exact: boolean; filterKeys: readonly (readonly string[])[]; candidates: number; q: string },
  ): Promise<{ ranking: SearchRanking; correctedTo: string | null }> {
    const { exact, filterKeys, candidates, q } = options;
    // Brought up to date first: the answer holds every change committed before the request.
    const index = (await this.deps.filterIndex?.current()) ?? null;
    const joinedWord = words.length > 1 ? words.join('') : null;
    // The words run together are most often no word at all ('zaradress'): then nothing matches them.
    const checked = joinedWord !== null && isFuzzyWord(joinedWord) ? [joinedWord] : [];
    const { facts, knownTerms } = await this.wordFacts(words, checked, q);
    // Only a long enough word is corrected, and none in a literal search.
    const isCorrected = (word: string) => isFuzzyWord(word) && !exact;
    const planned = words.map(async (word): Promise<SearchWordPlan> => {
      const known = facts.get(word)!;
      const fuzzy = isFuzzyWord(word);
      const corrections = isCorrected(word) ? known.similar.filter((term) => term !== word) : [];
      const authorIds = known.allAuthors ? known.authorIds : await findWordAuthors(this.db, word, q);
      return { word, fuzzy, corrections, completions: fuzzy ? completionsOf(known) : [], authorIds };
    });
    const plan: SearchPlan = {
      words: await Promise.all(planned),
      joined: joinedWord !== null && (checked.length === 0 || knownTerms.has(joinedWord)) ? joinedWord : null,
    };
    // Corrected: nothing known starts with a word as typed, so its best correction finds what it finds.
    const used = plan.words.map(
      (word) => (facts.get(word.word)!.prefixed.length === 0 ? word.corrections[0] : undefined) ?? word.word,
    );
    const corrected = used.some((word, at) => word !== words[at]);
    const correctedTo = corrected ? used.join(' ') : null;
    const fromIndex = index
      ? await index.search(plan, filterKeys, candidates, (lexemes, limit) =>
          findPostsWithLexemes(this.db, lexemes, limit),
        )
      : null;
    if (fromIndex) return { ranking: fromIndex, correctedTo };
    // Asked before the transaction: PGlite has one connection.
    const recentFrom = await this.searchRecentFrom(this.db);
    const ranking = await inSearchTransaction(this.db, (tx) =>
      rankSearchCandidates(tx, {
        words: plan.words.map(wordMatchOf),
        joined: plan.joined ? anyOfQuery([plan.joined], false) : null,
        candidates,
        filterKeys,
        recentFrom,
      }),
    );
    return { ranking, correctedTo };
  }

  /**
   * The facts of each of `words` (findWordFacts) and which of `terms` are known words, each kept in
   * `wordCache` under the word alone (the same for every query holding it; cleared by every post and
   * author change, as search's rankings are), the ones not kept found in one statement. Of a word naming
   * more than AUTHORS_PER_WORD people, the authors kept are those most like the query that found them:
   * rankSearch takes a word's authors from here only when they are all of them (WordFacts.allAuthors).
   */
  private async wordFacts(
    words: readonly string[],
    terms: readonly string[],
    query: string,
  ): Promise<{ facts: Map<string, WordFacts>; knownTerms: Set<string> }> {
    const wordKey = (word: string) => `word:${word}`;
    const termKey = (term: string) => `term:${term}`;
    const kept = await this.wordCache.getMany<WordFacts | boolean>(
      [...words.map(wordKey), ...terms.map(termKey)],
      async (missing) => {
        const missed = (prefix: string) =>
          missing.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
        const missingTerms = missed('term:');
        const found = await inSearchTransaction(this.db, (tx) =>
          findWordFacts(tx, missed('word:'), missingTerms, query),
        );
        const values = new Map<string, WordFacts | boolean>();
        for (const [word, facts] of found.facts) values.set(wordKey(word), facts);
        for (const term of missingTerms) values.set(termKey(term), found.knownTerms.has(term));
        return values;
      },
    );
    const facts = new Map<string, WordFacts>();
    for (const word of words) facts.set(word, kept.get(wordKey(word)) as WordFacts);
    return { facts, knownTerms: new Set(terms.filter((term) => kept.get(termKey(term)) === true)) };
  }

  /**
   * Suggestions while typing: people (not those blocked either way by the viewer), brands of public posts
   * and styles whose names hold the text, at most DISCOVERY_LIMITS.suggestionsPerKind of each.
   */
  async suggest(viewerId: string | null, text: string): Promise<Suggestions> {
    if (text === '') return { people: [], brands: [], styles: [], tags: [] };
    const limit = DISCOVERY_LIMITS.suggestionsPerKind;
    const [people, brands, tags] = await Promise.all([
      findSuggestedPeople(this.db, text, limit, viewerId),
      findSuggestedBrands(this.db, text, limit),
      findSuggestedTags(this.db, tagKey(text), limit, viewerId),
    ]);
    // A style by its English or its Hebrew name (the one the Hebrew screens show), ignoring case.
    const names = (style: Style) => [foldCase(style), foldCase(STYLE_NAMES_HE[style])];
    const needle = foldCase(text);
    const startsWith = (style: Style) => Number(names(style).some((name) => name.startsWith(needle)));
    const styles = STYLES.filter((style) => names(style).some((name) => name.includes(needle)))
      .sort((a, b) => startsWith(b) - startsWith(a))
      .slice(0, limit);
    return { people, brands, styles, tags };
  }

  /**
   * Spec section 5, as packages/shared's matchesFilters decides it, over public posts, newest first; with
   * search words, the search's matches among them, by relevance (a search refined by filters).
   */
  async listFiltered(
    viewerId: string | null,
    filters: FilterSet,
    page: PageQuery & { q?: string },
  ): Promise<ListedPage<CountedPostPage>> {
    const keyLists = filterSetKeys(filters);
    if (queryWords(page.q ?? '').length > 0) {
      const query = { q: page.q ?? '', limit: page.limit, cursor: page.cursor };
      // A counted page: what a search would say it corrected is not part of the filtered feed's answer.
      return this.searched(viewerId, query, keyLists, (counted) => counted);
    }
    const key = `filtered:${JSON.stringify(keyLists)}`;
    const index = await this.deps.filterIndex?.current();
    if (index) {
      // From memory, afresh: a filter set costs less than a millisecond there, so nothing is kept.
      return this.matchedPage(
        viewerId,
        key,
        async () => index.matches(keyLists, this.countCap),
        async (after, rows) => index.page(keyLists, after, rows),
        page,
        undefined,
        NO_CACHE,
      );
    }
    return this.matchedPage(
      viewerId,
      key,
      () => findFilteredMatches(this.db, keyLists, this.countCap),
      (after, rows) => findFilteredPostIds(this.db, keyLists, after, rows),
      page,
    );
  }

  // --- the hub --------------------------------------------------------------------------------------------

  async getExplore(viewerId: string | null): Promise<Explore> {
    const [brands, creators, trending, albumPage] = await Promise.all([
      findBrandsByItemCount(this.db, LIMITS.exploreBrands),
      this.listCreators(viewerId, { limit: LIMITS.exploreCreators }),
      this.listTrending(viewerId, { limit: LIMITS.exploreProducts }),
      this.deps.albums.listPublicAlbums(viewerId, { limit: LIMITS.exploreAlbums, q: undefined }),
    ]);
    return {
      brands: brands.map(toExploreBrand),
      creators: creators.items,
      trending: trending.items,
      albums: albumPage.items,
      styles: [...STYLES],
    };
  }

  // --- brands ---------------------------------------------------------------------------------------------

  /** /explore/brands: every brand with the number of items of public posts tagged with it, most first. */
  async listBrandsByItemCount(): Promise<ExploreBrandList> {
    return { items: (await findBrandsByItemCount(this.db, null)).map(toExploreBrand) };
  }

  /** Whether a brand with this id exists (its page's document status). */
  async brandExists(brandId: string): Promise<boolean> {
    if (!UUID.test(brandId)) return false;
    return (await findBrandWithItemCount(this.db, brandId)) !== undefined;
  }

  /** A brand's page: posts with an item of the brand, or by an author whose name is the brand's. */
  async getBrandPage(
    viewerId: string | null,
    brandId: string,
    page: PageQuery,
  ): Promise<ListedPage<BrandPage>> {
    const brand = await findBrandWithItemCount(this.db, brandId);
    if (!brand) throw notFound(DISCOVERY_MESSAGES.brandNotFound);
    const brandKey = brandFilterKey(brand.name);
    decodeKeysetCursor(page.cursor); // an invalid cursor is refused even where nothing can match
    if (brandKey === null)
      return jsonBytes({ brand: toExploreBrand(brand), ...EMPTY_PAGE } satisfies BrandPage);
    const name = foldCase(brand.name);
    const authorIds = (await findProfilesNamed(this.db, brand.name.trim()))
      .filter(
        (author) =>
          foldCase(postAuthorName({ username: author.username, display_name: author.display_name }) ?? '') ===
          name,
      )
      .map((author) => author.id);
    return this.matchedPage(
      viewerId,
      `brand:${JSON.stringify([brandKey, authorIds])}`,
      () => findBrandMatches(this.db, brandKey, authorIds, this.countCap),
      (after, rows) => findBrandPostIds(this.db, brandKey, authorIds, after, rows),
      page,
      (counted): BrandPage => ({ brand: toExploreBrand(brand), ...counted }),
    );
  }

  // --- creators, trending, categories ---------------------------------------------------------------------

  /** Top Creators: profiles with public posts, by followers, most first. */
  async listCreators(
    viewerId: string | null,
    page: { limit: number; cursor?: string },
  ): Promise<CreatorPage> {
    const rows = await findCreatorsPage(
      this.db,
      decodeCountedCursor(page.cursor),
      rowsForPage(page.limit),
      viewerId,
    );
    const shown = pageOf(rows, page.limit, (last) =>
      encodeCountedCursor({ count: last.followers, id: last.id }),
    );
    const followed = await this.deps.follows.followedAmong(
      viewerId,
      shown.items.map((row) => row.id),
    );
    return { items: shown.items.map((row) => toCreator(row, followed)), next_cursor: shown.nextCursor };
  }

  /** Trending Products: items of public posts by their link clicks of the last 7 days; none across a block. */
  async listTrending(
    viewerId: string | null,
    page: { limit: number; cursor?: string },
  ): Promise<TrendingPage> {
    const rows = await findTrendingPage(
      this.db,
      DISCOVERY_LIMITS.trendingDays,
      decodeCountedCursor(page.cursor),
      rowsForPage(page.limit),
      viewerId,
    );
    const shown = pageOf(rows, page.limit, (last) =>
      encodeCountedCursor({ count: last.clicks, id: last.id }),
    );
    return { items: shown.items.map(toTrendingItem), next_cursor: shown.nextCursor };
  }

  /** A style category's page: posts with a tag that equals or contains the category, ignoring case. */
  async getCategoryPage(
    viewerId: string | null,
    category: string,
    page: PageQuery,
  ): Promise<ListedPage<CategoryPage>> {
    const key = tagKey(category);
    // The style's own spelling ('plus size' -> 'Plus Size') for the '{category} Style' title.
    const name = STYLES.find((style) => tagKey(style) === key) ?? category.trim();
    if (key === '') return jsonBytes({ category: name, ...EMPTY_PAGE } satisfies CategoryPage);
    return this.matchedPage(
      viewerId,
      `category:${key}`,
      () => findCategoryMatches(this.db, key, this.countCap),
      (after, rows) => findCategoryPostIds(this.db, key, after, rows),
      page,
      (counted): CategoryPage => ({ category: name, ...counted }),
    );
  }

  /**
   * A hashtag's page: the posts with exactly this tag (by tagKey) that the viewer may see, newest first,
   * and their number (per viewer, so not cached: a block or one's own private post changes it).
   */
  async getTagPage(viewerId: string | null, tag: string, page: PageQuery): Promise<ListedPage<TagPage>> {
    const name = tag.replace(/^#/, '');
    const key = tagKey(name);
    if (key === '') return jsonBytes({ tag: name, ...EMPTY_PAGE } satisfies TagPage);
    const after = decodeKeysetCursor(page.cursor);
    const [rows, count] = await Promise.all([
      findTagPostIds(this.db, key, viewerId, after, rowsForPage(page.limit)),
      countTagPosts(this.db, key, viewerId, this.countCap),
    ]);
    return this.countedPage(
      viewerId,
      rows,
      page.limit,
      count,
      (counted): TagPage => ({ tag: name, ...counted }),
    );
  }

  // --- fits like me ---------------------------------------------------------------------------------------

  /**
   * Posts of authors with public measurements each within `tolerance` cm of the caller's own, closest first.
   * The reference is always the caller's stored profile, never a number from the request, and no
   * measurement is part of the answer.
   */
  async listFitsLikeMe(userId: string, query: FitsLikeMeQuery): Promise<FitsPage> {
    const reference = await findOwnMeasurements(this.db, userId);
    if (!reference) {
      throw new AppError(422, 'measurements_missing', DISCOVERY_MESSAGES.measurementsMissing);
    }
    const tolerance = query.tolerance ?? (await this.fitsTolerance(reference, userId));
    const options = { reference, tolerance, viewerId: userId };
    const after = decodeScoredCursor(query.cursor);
    const rows = await findFitsPage(this.db, { ...options, after, limit: rowsForPage(query.limit) });
    const total =
      rows[0]?.total ??
      (after
        ? ((await findFitsPage(this.db, { ...options, after: undefined, limit: 1 }))[0]?.total ?? 0)
        : 0);
    const page = pageOf(rows, query.limit, (last) =>
      encodeScoredCursor({ score: last.distance, createdAt: last.createdAt, id: last.postId }),
    );
    return {
      items: await this.postsOf(userId, page.items),
      total,
      total_capped: false,
      next_cursor: page.nextCursor,
      tolerance,
    };
  }

  /**
   * The tolerance 'Fits like me' starts at: the default, widened 1 cm at a time until enough outfits
   * match, or the maximum. It depends only on the posts the answer may show (public measurements).
   */
  private async fitsTolerance(reference: Measurements, viewerId: string): Promise<number> {
    const { fitsToleranceDefaultCm: from, fitsToleranceMaxCm: max, fitsEnoughOutfits } = DISCOVERY_LIMITS;
    const counts = await countFitsByTolerance(this.db, { reference, viewerId, max });
    let matching = 0;
    for (const [tolerance, posts] of counts) if (tolerance <= from) matching += posts;
    for (let tolerance = from; tolerance < max; tolerance++) {
      if (matching >= fitsEnoughOutfits) return tolerance;
      matching += counts.get(tolerance + 1) ?? 0;
    }
    return max;
  }

  // --- for the swipes module ------------------------------------------------------------------------------

  /**
   * The newest public posts as the preferences ranking scores them (tags, author as brand, first tag,
   * colours).
   */
  async findRankableOutfits(options: OutfitCandidateOptions): Promise<RankableOutfit[]> {
    const rows = await findOutfitCandidates(this.db, options);
    return rows.map((row) => ({
      postId: row.postId,
      createdAt: row.createdAt,
      tags: row.tagKeys,
      brand: postAuthorName({ username: row.username, display_name: row.displayName }),
      category: row.tagKeys[0] ?? null,
      colors: row.filterKeys
        .filter((key) => key.startsWith(COLOR_KEY) && key !== NO_COLOR_KEY)
        .map((key) => key.slice(COLOR_KEY.length)),
      productBrands: row.filterKeys
        .filter((key) => key.startsWith(BRAND_KEY))
        .map((key) => key.slice(BRAND_KEY.length)),
    }));
  }

  // --- helpers --------------------------------------------------------------------------------------------

  /** Where search's window starts: the time of the searchWindow-th newest public post (null: no window). */
  private searchRecentFrom(db: Db): Promise<Date | null> {
    const size = this.deps.searchWindow ?? DEFAULT_SEARCH_WINDOW;
    if (size === 0) return Promise.resolve(null);
    const now = Date.now();
    if (!this.recentFrom || this.recentFrom.until <= now) {
      const value = findRecentFrom(db, size);
      this.recentFrom = { until: now + SEARCH_WINDOW_TTL_MS, value };
      // A failed look is not kept: the next search tries again.
      value.catch(() => {
        if (this.recentFrom?.value === value) this.recentFrom = null;
      });
    }
    return this.recentFrom.value;
  }

  /** The posts of these rows, in their order (kept as the feed's pages are: PostsService.getListedPosts). */
  private async postsOf(viewerId: string | null, rows: readonly { postId: string }[]): Promise<Post[]> {
    return this.deps.posts.getListedPosts(
      viewerId,
      rows.map((row) => row.postId),
    );
  }

  /**
   * The page `shape` makes of the posts of these rows (in their order) as `viewerId` sees them, as bytes:
   * kept as the feed's pages are (PostsService.listedPage).
   */
  private listedPage<T extends PostPage>(
    viewerId: string | null,
    rows: readonly { postId: string }[],
    shape: (items: Post[]) => T,
  ): Promise<ListedPage<T>> {
    return this.deps.posts.listedPage(
      viewerId,
      rows.map((row) => row.postId),
      shape,
    );
  }

  /**
   * A counted page of the public posts a condition matches, newest first. What does not depend on the
   * viewer is kept (see `cache`) under `key`: the matches, which are every one of them while there are at
   * most the cap (each page is then cut from them), else the count alone, with each page then found by
   * `newest` (the walk in time order, quick when many match) and kept by its cursor. `shape` makes the
   * route's page of the counted page (a brand's or category's, with its name). `cache` keeps them (the
   * discovery cache; NO_CACHE for matches found in memory).
   */
  private async matchedPage<T extends CountedPostPage = CountedPostPage>(
    viewerId: string | null,
    key: string,
    matches: () => Promise<CappedMatches>,
    newest: (after: PostKey | undefined, rows: number) => Promise<PostIdRow[]>,
    page: PageQuery,
    shape: (counted: CountedPostPage) => T = (counted) => counted as T,
    cache: TtlCache = this.cache,
  ): Promise<ListedPage<T>> {
    const after = decodeKeysetCursor(page.cursor);
    const wanted = rowsForPage(page.limit);
    const found = await cache.get(`matches:${key}`, matches);
    const rows = found.rows
      ? olderRows(found.rows, after).slice(0, wanted)
      : await cache.get(`page:${key}:${wanted}:${positionKey(after)}`, () => newest(after, wanted));
    return this.countedPage(viewerId, rows, page.limit, found, shape);
  }

  /** The counted page of these rows (newest first), its count `total` (capped or not), made by `shape`. */
  private countedPage<T extends CountedPostPage>(
    viewerId: string | null,
    rows: readonly PostIdRow[],
    limit: number,
    count: { total: number; capped: boolean },
    shape: (counted: CountedPostPage) => T,
  ): Promise<ListedPage<T>> {
    const page = pageOf(rows, limit, (last) =>
      encodeKeysetCursor({ createdAt: last.createdAt, id: last.postId }),
    );
    return this.listedPage(viewerId, page.items, (items) =>
      shape({ items, total: count.total, total_capped: count.capped, next_cursor: page.nextCursor }),
    );
  }
}
