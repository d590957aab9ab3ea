/*
 * Uploads are typed by their first bytes. The rule lives in packages/shared, so the post form refuses
 * exactly the files the server would.
 */
export { SNIFF_BYTES, type SniffedType, sniffFileType } from '@sys/shared';
