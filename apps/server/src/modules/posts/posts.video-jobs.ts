import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Job, JobQueue, QueueDefinition } from '../../lib/job-queue.ts';
import { indexPostsForDiscovery } from '../search-index/search-index.ts';
import { finishVideoObject, lockStorageObjects } from '../storage/storage.repository.ts';
import type { StorageService } from '../storage/storage.service.ts';
import { takePoster, transcodeVideo } from '../storage/storage.video.ts';
import { type MediaRowInput, mediaOfUpload } from './posts.validation.ts';
import { finishVideoOnPosts, holdWhileProcessing } from './posts.write.repository.ts';

/*
 * The transcode of uploaded videos, a background job of the posts module (it owns what a finished video
 * changes: the posts showing it become visible). The upload (storage.service.ts) checks the limits and
 * queues `video-transcode` with the stored object's id; any instance's worker takes it: copies the file
 * as sent to a temporary folder, makes the feed's MP4 and a poster with ffmpeg, stores both through the
 * file store (local or S3), then in one transaction marks the upload and every post medium showing it
 * ready, with the MP4's URL. A job that fails every attempt lands in `video-transcode-failed`, whose
 * worker marks the video failed: kept as sent, and its posts visible.
 */

export const TRANSCODE_QUEUE = 'video-transcode';
export const TRANSCODE_FAILED_QUEUE = 'video-transcode-failed';

export interface TranscodeJobData {
  storageObjectId: string;
}

/** The queues, for the job queue's start (services.ts). */
export function transcodeQueues(expireInSeconds: number): QueueDefinition[] {
  return [
    { name: TRANSCODE_FAILED_QUEUE, retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 60 },
    {
      name: TRANSCODE_QUEUE,
      retryLimit: 3,
      retryDelaySeconds: 5,
      expireInSeconds,
      deadLetter: TRANSCODE_FAILED_QUEUE,
    },
  ];
}

/**
 * A post's media rows with each video as it stands now, read under a share lock: a transcode finishing
 * at this moment either committed before (its MP4 and `ready` are used) or waits for this transaction and
 * then updates the rows written here. In the post write's transaction.
 */
export async function videosAsTheyStand(
  tx: Db,
  storage: Pick<StorageService, 'publicUrl'>,
  media: MediaRowInput[],
): Promise<MediaRowInput[]> {
  const ids = media.map((row) => row.storage_object_id).filter((id): id is string => !!id);
  if (ids.length === 0) return media;
  const uploads = new Map((await lockStorageObjects(tx, ids)).map((row) => [row.id, row]));
  return media.map((row) => {
    const upload = row.storage_object_id ? uploads.get(row.storage_object_id) : undefined;
    return upload ? { ...mediaOfUpload(storage, upload, row.media_url), media_order: row.media_order } : row;
  });
}

export interface VideoJobsDeps {
  db: Db;
  storage: StorageService;
  ffmpeg: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Posts became visible or changed: the feed and discovery caches are cleared. */
  postsChanged: () => Promise<void>;
  /** Folder for the job's temporary files (default: the system's). */
  tmpDir?: string;
}

export class VideoJobs {
  constructor(private readonly deps: VideoJobsDeps) {}

  /** Starts this instance's workers of both queues. */
  async work(queue: JobQueue): Promise<void> {
    await queue.work<TranscodeJobData>(TRANSCODE_QUEUE, (job) => this.transcode(job));
    await queue.work<TranscodeJobData>(TRANSCODE_FAILED_QUEUE, (job) => this.giveUp(job));
  }

  /** One attempt: transcode, store, then switch the upload and its posts to ready. */
  async transcode(job: Job<TranscodeJobData>): Promise<void> {
    const { db, storage, ffmpeg } = this.deps;
    const upload = await storage.findObject(job.data.storageObjectId);
    // Removed meanwhile (post and upload deleted), or an earlier attempt finished: nothing to do.
    if (upload?.status !== 'processing' || !upload.source_path) return;
    const started = Date.now();
    const folder = await mkdtemp(join(this.deps.tmpDir ?? tmpdir(), 'sys-transcode-'));
    try {
      const input = join(folder, 'input');
      await storage.copyToFile(upload.source_path, input);
      // Per attempt: an attempt's ffmpeg left running never writes over a later attempt's files.
      const base = upload.source_path.replace(/\.[^./]+$/, '');
      const videoPath = `${base}.${job.attempt}.mp4`;
      const posterPath = `${base}.${job.attempt}.poster.jpg`;
      const video = join(folder, 'video.mp4');
      const poster = join(folder, 'poster.jpg');
      await transcodeVideo(ffmpeg, input, video, job.signal);
      await takePoster(ffmpeg, video, poster, job.signal);
      await storage.storeLocalFile(videoPath, video, 'video/mp4');
      await storage.storeLocalFile(posterPath, poster, 'image/jpeg');
      const sizeBytes = (await stat(video)).size;

      const finished = await db.transaction(async (tx) => {
        const done = await finishVideoObject(tx, upload.id, {
          status: 'ready',
          path: videoPath,
          posterPath,
          sizeBytes,
          mimeType: 'video/mp4',
        });
        if (!done) return false;
        const postIds = await finishVideoOnPosts(tx, upload.id, {
          status: 'ready',
          mediaUrl: storage.publicUrl(videoPath),
          posterUrl: storage.publicUrl(posterPath),
        });
        await holdWhileProcessing(tx, postIds);
        await indexPostsForDiscovery(tx, postIds);
        return true;
      });
      if (!finished) {
        await Promise.all([storage.removeKey(videoPath), storage.removeKey(posterPath)]);
        return;
      }
      // The file as sent is no longer shown; its key stays on the row so that its URL still resolves.
      await storage.removeKey(upload.source_path).catch(() => {});
      await this.deps.postsChanged();
      this.deps.log.info(
        {
          storageObjectId: upload.id,
          ms: Date.now() - started,
          bytesIn: upload.size_bytes,
          bytesOut: sizeBytes,
        },
        'video transcoded',
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** Every attempt failed: the video is kept as sent, and its posts are shown. */
  async giveUp(job: Job<TranscodeJobData>): Promise<void> {
    const id = job.data.storageObjectId;
    const postIds = await this.deps.db.transaction(async (tx) => {
      if (!(await finishVideoObject(tx, id, { status: 'failed' }))) return [];
      const ids = await finishVideoOnPosts(tx, id, { status: 'failed' });
      await holdWhileProcessing(tx, ids);
      await indexPostsForDiscovery(tx, ids);
      return ids;
    });
    this.deps.log.warn(
      { storageObjectId: id, posts: postIds.length },
      'video could not be transcoded: kept as sent',
    );
    if (postIds.length > 0) await this.deps.postsChanged();
  }
}
