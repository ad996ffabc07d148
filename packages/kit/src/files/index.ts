export { validateFileKey, InvalidFileKeyError, DEFAULT_CONTENT_TYPE } from './key';
export { createDiskFileStore, type DiskFileStore } from './disk';
export { createS3FileStore, type S3FileStore, type S3FileStoreOptions } from './s3';
